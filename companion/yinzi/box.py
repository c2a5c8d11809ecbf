"""The name companion/ui/forms/yinzi.py still imports (the lead replaces that form with manifest
options); the box's facts are companion.yinzi.components."""

from __future__ import annotations

from .components import for_overrides as box_for

__all__ = ["box_for"]
