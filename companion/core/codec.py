"""Saved games: a JSON save file and a compact token for QR codes and links.

Save file: {"format", "version", "game", "setup", "log", "checksum"}; loading checks every
field, the checksum, and replays the log through the engine, so a tampered or truncated
save is refused with a message instead of producing a wrong game. Never pickle.

Token: "CP1." + base64url(zlib(header, option indices, hash)). Each action is stored as
its position among the legal options at that moment (usually one byte), which is why the
whole log of a 5-player game fits in one QR code. Decoding replays and so validates.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any

from .actions import Action
from .canonical import canonical_bytes
from .errors import CompanionError, RuleError, SaveError
from .game import apply
from .migrate import migrate_log
from .registry import manifest
from .replay import replay_indices, replay_log
from .session import Session
from .setup import check_setup
from .validate import MAX_DEPTH, load_json, short, value_problem

SAVE_FORMAT = "companion-save"
SAVE_VERSION = 2  # 1: written while Yinzi asked single-option steps (read through core.migrate)
READABLE_VERSIONS = (1, 2)
MAX_SAVE_BYTES = 2_000_000
MAX_TOKEN_CHARS = 20_000
MAX_TOKEN_PAYLOAD = 64_000  # bytes after decompression; a complete 5-player game needs about 2,000
MAX_ACTIONS = 5_000  # per save or token: the longest game (Yinzi, 4 players) takes about 600
MAX_ACTION_VALUES = 64  # values inside one action; the largest option has about 10
TOKEN_PREFIX = "CP2."
TOKEN_PREFIXES = {"CP1.": 1, "CP2.": 2}  # prefix -> save version of the log inside
_HASH_BYTES = 8
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def _checksum(game: str, setup: dict[str, Any], log: list[Action]) -> str:
    return hashlib.sha256(canonical_bytes({"game": game, "setup": setup, "log": log})).hexdigest()


# -- save file ---------------------------------------------------------------------------
def to_save(session: Session) -> dict[str, Any]:
    game = session.game.name
    save = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game,
        "setup": session.setup,
        "log": session.log,
        "checksum": _checksum(game, session.setup, session.log),
    }
    if session.redo_stack:  # what Redo would bring back survives a reload (not part of the checksum)
        save["redo"] = session.redo_stack
    return save


def dumps(session: Session) -> str:
    return json.dumps(to_save(session), ensure_ascii=False, indent=1, sort_keys=True)


def loads(text: str | bytes) -> Session:
    """Load a save file's text; raises SaveError with a clear message on any problem."""
    data = load_json(text, "This save file", max_bytes=MAX_SAVE_BYTES, error=SaveError, code="save",
                     hint="It may be truncated; export the game again.")
    return from_save(data)


def from_save(data: Any) -> Session:
    if not isinstance(data, dict):
        raise SaveError("save_not_object", "A save file must be a JSON object with format, game, setup and log.")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError("save_wrong_format", f"This is not a Companion save (format must be {SAVE_FORMAT!r}).")
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise SaveError(
            "save_wrong_version",
            f"Save version {str(version)[:20]!r} is not supported; this app reads versions 1 and {SAVE_VERSION}.",
            version=str(version)[:20],
        )
    for key, kind in (("game", str), ("setup", dict), ("log", list), ("checksum", str)):
        if not isinstance(data.get(key), kind):
            raise SaveError("save_missing_field", f"The save's {key!r} is missing or has the wrong type.", field=key)
    _check_log(data["log"])
    problem = value_problem(data["setup"])
    if problem is not None:
        raise SaveError("save_bad_setup", f"The save's setup cannot be used: {problem}.", problem=problem)
    if _checksum(data["game"], data["setup"], data["log"]) != data["checksum"]:
        raise SaveError(
            "save_checksum",
            "The save's checksum does not match its contents: the file was changed or damaged. "
            "Load an unmodified export.",
        )
    session = _replay(data["game"], data["setup"], data["log"], version)
    session.redo_stack = _redo_stack(session, data.get("redo"))
    return session


def _redo_stack(session: Session, redo: Any) -> list[Action]:
    """The saved redo actions, if each is still legal in turn; else none (redo is a convenience, never an error)."""
    if not isinstance(redo, list) or not redo or len(redo) > MAX_ACTIONS:
        return []
    try:
        _check_log(redo)
        state = session.state
        for action in reversed(redo):  # the last entry is redone first
            state, _ = apply(session.game, state, action)
    except (SaveError, RuleError):
        return []
    return list(redo)


def _check_log(log: list[Any]) -> None:
    if len(log) > MAX_ACTIONS:
        raise SaveError("save_too_long", f"The save's log has {len(log):,} actions; no game has more than "
                        f"{MAX_ACTIONS:,}.", limit=MAX_ACTIONS)
    for position, action in enumerate(log):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise SaveError("save_bad_action", f"Entry #{position} of the save's log is not an action object "
                            "with a type.", position=position)
        problem = value_problem(action, max_depth=MAX_DEPTH, max_nodes=MAX_ACTION_VALUES)
        if problem is not None:
            raise SaveError("save_bad_action", f"Action #{position} of the save cannot be an action: {problem}.",
                            position=position)


def _replay(game_name: str, setup: dict[str, Any], log: list[Action], version: int = SAVE_VERSION) -> Session:
    try:
        entry = manifest(game_name)
        check_setup(entry, setup)
        game = entry.engine
        setup = game.saved_setup(setup)
        if version != SAVE_VERSION:
            log = migrate_log(game, game.normalize_setup(setup), log, version)
        return replay_log(game, setup, log)
    except RuleError as err:
        pos = err.params.get("position", "?")
        raise SaveError(
            "save_illegal_action",
            f"The save's action #{pos} is not legal in that game ({err.message}); the save was altered or is damaged.",
            position=pos,
        ) from err
    except CompanionError as err:
        raise SaveError("save_bad_setup", f"The save's setup cannot start a game: {err.message}") from err


# -- compact token ------------------------------------------------------------------------
def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    shift = value = 0
    while True:
        if pos >= len(buf):
            raise SaveError("token_truncated", "The token is cut short. Copy or scan the whole code again.")
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7
        if shift > 35:
            raise SaveError("token_corrupt", "The token is damaged (a number in it is malformed).")


def to_token(session: Session) -> str:
    header = canonical_bytes({"g": session.game.name, "s": session.setup})
    game = session.game
    state = game.initial_state(session.setup)
    body = bytearray()
    from .game import apply  # local: keeps the import graph obvious

    for action in session.log:
        decision = game.decision(state)
        assert decision is not None
        body += _varint(decision.index_of(action))
        state, _ = apply(game, state, action)
    payload = _varint(len(header)) + header + _varint(len(session.log)) + bytes(body)
    payload += hashlib.sha256(payload).digest()[:_HASH_BYTES]
    return TOKEN_PREFIX + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode("ascii").rstrip("=")


def _unpack(raw: str) -> bytes:
    """base64url then zlib, streamed: at most MAX_TOKEN_PAYLOAD bytes are ever decompressed."""
    if not _BASE64URL.fullmatch(raw):  # b64decode would silently skip stray characters
        raise SaveError("token_corrupt", "The token holds characters no token has. Copy or scan the whole code "
                        "again.")
    try:
        packed = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
        inflater = zlib.decompressobj()
        payload = inflater.decompress(packed, MAX_TOKEN_PAYLOAD)
        complete = inflater.eof
    except (binascii.Error, ValueError, zlib.error) as err:
        raise SaveError(
            "token_corrupt", "The token is damaged or incomplete. Copy or scan the whole code again."
        ) from err
    if not complete:
        if inflater.unconsumed_tail or len(payload) >= MAX_TOKEN_PAYLOAD:
            raise SaveError("token_too_large", f"This token unpacks to more than {MAX_TOKEN_PAYLOAD:,} bytes; "
                            "no game needs that much.", limit=MAX_TOKEN_PAYLOAD)
        raise SaveError("token_truncated", "The token is cut short. Copy or scan the whole code again.")
    return payload


def _read_header(body: bytes) -> tuple[str, dict[str, Any], int]:
    hlen, pos = _read_varint(body, 0)
    header = load_json(body[pos : pos + hlen], "The token's game description", max_bytes=MAX_TOKEN_PAYLOAD,
                       error=SaveError, code="token_header")
    if not isinstance(header, dict) or not isinstance(header.get("g"), str) or not isinstance(header.get("s"), dict):
        raise SaveError("token_corrupt", "The token's game description is damaged.")
    return header["g"], header["s"], pos + hlen


def from_token(token: str) -> Session:
    if not isinstance(token, str):
        raise SaveError("token_wrong_format", f"A game token is a text, not {short(token)}.")
    token = token.strip()
    if len(token) > MAX_TOKEN_CHARS + 2_000:  # a whole resume link: the token plus the app's address
        raise SaveError("token_too_large", "This is too long to be a game token.")
    if "r=" in token and not token.startswith(tuple(TOKEN_PREFIXES)):
        token = token.split("r=", 1)[1].split("&", 1)[0]  # accept a whole resume link
    if len(token) > MAX_TOKEN_CHARS:
        raise SaveError("token_too_large", "This is too long to be a game token.")
    prefix = token[: len(TOKEN_PREFIX)]
    if prefix not in TOKEN_PREFIXES:
        raise SaveError(
            "token_wrong_format", f"This is not a Companion game token (it should start with {TOKEN_PREFIX})."
        )
    payload = _unpack(token[len(TOKEN_PREFIX) :])
    body, tag = payload[:-_HASH_BYTES], payload[-_HASH_BYTES:]
    if len(payload) <= _HASH_BYTES or hashlib.sha256(body).digest()[:_HASH_BYTES] != tag:
        raise SaveError("token_checksum", "The token's check code does not match: it was altered or damaged.")
    game_name, setup, pos = _read_header(body)
    count, pos = _read_varint(body, pos)
    if count > MAX_ACTIONS:
        raise SaveError("token_too_long", f"The token claims {count:,} actions; no game has more than "
                        f"{MAX_ACTIONS:,}.", limit=MAX_ACTIONS)
    indices = []
    for _ in range(count):
        idx, pos = _read_varint(body, pos)
        indices.append(idx)
    if pos != len(body):
        raise SaveError("token_corrupt", "The token has unexpected data after the game log.")
    return _token_session(game_name, setup, indices, TOKEN_PREFIXES[prefix])


def _token_session(game_name: str, setup: dict[str, Any], indices: list[int], version: int) -> Session:
    try:
        entry = manifest(game_name)
        check_setup(entry, setup)
        setup = entry.engine.saved_setup(setup)
        legacy = entry.engine.legacy(version) if version != SAVE_VERSION else None
        (legacy or entry.engine).normalize_setup(setup)
    except CompanionError as err:
        raise SaveError("token_bad_setup", f"The token's setup cannot start a game: {err.message}") from err
    try:
        session = replay_indices(legacy or entry.engine, setup, indices)
    except RuleError as err:
        i = err.params.get("position", "?")
        raise SaveError(
            "token_illegal_action", f"The token's step #{i} is not a legal move; it was altered.", position=i
        ) from err
    if legacy is not None:
        return _replay(game_name, session.setup, session.log, version)
    return session
