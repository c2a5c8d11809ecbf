"""Solo Gùgōng uses the Gùgōng board view (Meng sits in seat 1); Meng's own screen is pages/meng.py."""

from companion.ui.boards.gugong import describe, render

__all__ = ["describe", "render"]
