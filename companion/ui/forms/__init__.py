"""Per-game new-game option forms (see companion/ui/setup_forms.py for the contract)."""
