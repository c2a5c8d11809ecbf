"""A Result from a finished game (its session) or from a quick score (its end-table document).

Everything is read through the public API: the manifest (options, solo), `game.score(state)`,
`game.summary(state)`, the setup and the stored game's meta (colours). Nothing here knows a game.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Any

from ..core.manifest import Manifest
from ..core.registry import manifest, manifests
from ..core.scoring import ScoreSheet
from ..core.session import Session
from ..storage.history import play_key, tracked_id
from .result import QUICK, Result, rows_of, seats_of

DEFAULT_EDITION = "default"  # a box profile's edition when the game has no edition option
DIFFICULTY = "difficulty"  # the setup key of a solo game's difficulty
AUTOMA_FLAG = "meng"  # an end-table entry that is the solo opponent (Gùgōng's schema)


def options_of(game: Manifest, values: dict[str, Any]) -> dict[str, Any]:
    """The game's new-game options as set in `values` (a setup or an end-table document), defaults filled in.
    An on/off option is on or off, whatever the document holds for it (an end table's `great_wall` is the
    wall's state, {"complete": true}: the wall was played)."""
    return {o.key: _plain(o.default, values.get(o.key, o.default)) for o in game.options
            if o.key in values or o.show_if is None}


def _plain(default: Any, value: Any) -> Any:
    if isinstance(default, bool) or isinstance(value, dict | list):
        return bool(value)
    return value


def tags_of(game: Manifest, options: dict[str, Any]) -> list[str]:
    """Options that differ from their default, as filter tags: "great_wall" (a toggle on), "super_event=random".
    A solo game's difficulty is not one: it is kept on its own (Result.difficulty)."""
    tags = []
    for o in game.options:
        value = options.get(o.key, o.default)
        if game.solo and o.key == DIFFICULTY:
            continue
        if value == o.default or value is None or value is False:
            continue
        tags.append(o.key if value is True or isinstance(value, dict | list) else f"{o.key}={value}")
    return tags


def edition_of(options: dict[str, Any], values: dict[str, Any]) -> str:
    """The box edition played (Dragon: "2017" or "2007"); games with one edition: "default"."""
    return str(options.get("edition") or values.get("edition") or DEFAULT_EDITION)


def _start_seat(summary: dict[str, Any], names: list[str]) -> int | None:
    """Who began, when the game's summary names a start player (else unknown, not guessed)."""
    start = summary.get("start_player")
    return names.index(start) if isinstance(start, str) and start in names else None


def _extra(sheet: ScoreSheet) -> dict[str, Any]:
    return {"sheet_game": sheet.game, "tiebreak": sheet.tiebreak, "notes": sheet.notes}


def from_session(session: Session, *, game_id: str, played: float, source: str, started: float | None = None,
                 meta: dict[str, Any] | None = None) -> Result:
    """The result of a finished tracked game (`game_id` in the store). Its id is what was played (a digest of
    game, setup and log), so an imported, resumed or replayed copy of the same game is the same result."""
    game = manifest(session.game.name)
    setup = session.setup
    key = play_key(session.game.name, session.setup, session.log)
    sheet = session.game.score(session.state)
    people = len(setup.get("players") or []) or len(sheet.players)
    colours = list((meta or {}).get("colours") or setup.get("colors") or [])
    options = options_of(game, setup)
    return Result(
        id=tracked_id(key), game=game.name, source=source, played=played, started=started, game_id=game_id,
        seats=seats_of(sheet, people, colours), rows=rows_of(sheet), solo=game.solo,
        difficulty=str(setup[DIFFICULTY]) if game.solo and setup.get(DIFFICULTY) is not None else None,
        edition=edition_of(options, setup), options=options, tags=tags_of(game, options),
        start_seat=_start_seat(session.game.summary(session.state), list(sheet.players)), extra=_extra(sheet),
    )


def from_quick_score(game_name: str, doc: dict[str, Any], sheet: ScoreSheet, *, played: float, owner: str,
                     day: date) -> Result:
    """The result of a quick score. Its id is a digest of the table, the sheet and the day it was played (`day`:
    the date in the table's time zone), so saving the same sheet twice that day keeps one result. A sheet
    with the solo opponent on it is a solo play of the game's solo version, the opponent not a person."""
    game = manifest(game_name)
    digest = hashlib.sha256(json.dumps([owner, game_name, doc, day.isoformat()], sort_keys=True,
                                       default=str).encode())
    players = doc.get("players") if isinstance(doc.get("players"), list) else []
    colours = [str(p.get("colour") or p.get("color") or "") if isinstance(p, dict) else "" for p in players]
    automa = {i for i, p in enumerate(players) if isinstance(p, dict) and p.get(AUTOMA_FLAG)}
    solo = _solo_version(game) if automa else None
    options = options_of(game, doc)
    difficulty = doc.get(DIFFICULTY)
    return Result(
        id=f"q-{digest.hexdigest()[:20]}", game=(solo or game).name, source=QUICK, played=played,
        seats=seats_of(sheet, len(sheet.players), colours, automa if solo else set()), rows=rows_of(sheet),
        solo=solo is not None, difficulty=str(difficulty) if solo and difficulty else None,
        edition=edition_of(options, doc), options=options, tags=tags_of(game, options), extra=_extra(sheet),
    )


def _solo_version(game: Manifest) -> Manifest | None:
    """The manifest of the game's solo version (Gùgōng -> "gugong-solo"), None if it has none."""
    if game.solo:
        return game
    return next((m for m in manifests() if m.solo and m.box == game.box), None)
