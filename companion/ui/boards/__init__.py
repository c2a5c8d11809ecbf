"""Per-game board views: companion/ui/boards/<game>.py exposes `render(state_json: dict, lang: str) -> None`.

A board view only reads the engine's `to_json` output; it never decides what is legal.
"""
