"""Game ids and table codes: made by the server only, checked before anything from outside is used.

A game id is hex (older servers made 12 hex digits, this one makes 16). A table code is ten
characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as two groups of five so
it can be read aloud or typed on a phone; it is what gives a device access to a table's games.
"""

from __future__ import annotations

import re
import secrets

GAME_ID = re.compile(r"[0-9a-f]{12,32}")
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 10
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


def new_game_id() -> str:
    return secrets.token_hex(8)


def is_game_id(text: object) -> bool:
    return isinstance(text, str) and GAME_ID.fullmatch(text) is not None


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: object) -> str | None:
    """A table code as typed or scanned ("k7mpq-x3rtw") in its stored form, or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _CODE.fullmatch(code) else None


def shown_code(code: str) -> str:
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"
