"""The guided Box check: one form per component kind, the owner's profile, what tables saw."""
