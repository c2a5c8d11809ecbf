"""Every Meng step gives the table a plain, translated instruction (companion/i18n/catalog/meng.*.json)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.core.chance import pick
from companion.core.session import Session
from companion.gugong.solo import steps as solo_steps
from companion.gugong.solo.engine import GAME
from companion.i18n import LANGUAGES, catalog, labels, t

SOLO = Path(solo_steps.__file__).parent
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SOLO.glob("*.py")))
VARIANTS = {
    "night.majority_meng": ["night.majority_meng", "night.majority_meng_tie"],
    "night.majority_you": ["night.majority_you", "night.majority_you_tie"],
    "canal.{'new_boat' if new else 'load'}_{src}": [f"canal.{a}_{b}" for a in ("new_boat", "load")
                                                   for b in ("pool", "general")],
    "port.card_{frame['dest']}": ["port.card_hand", "port.card_discard"],
    "wall.benefit_{which}": ["wall.benefit_jade", "wall.benefit_servant1"],
}


def _codes_in_source() -> set[str]:
    codes = set(re.findall(r'say\("([a-z_.]+)"', SOURCE))
    for a, b in re.findall(r'say\("([a-z_.]+)" if [^"]+ else "([a-z_.]+)"', SOURCE):
        codes |= {a, b}
    for pattern in re.findall(r'say\(f"([^"]+)"', SOURCE):
        codes |= set(VARIANTS[pattern])
    codes |= set(re.findall(r'"(servants\.[a-z]+)"', SOURCE))  # Meng's gains, told by why they happen
    for a, b in re.findall(r'\("(night\.majority_[a-z]+)" if mine else "(night\.majority_[a-z]+)"\)', SOURCE):
        codes |= {*VARIANTS[a], *VARIANTS[b]}
    return {f"meng.event.{c}" for c in codes}


def test_every_instruction_in_the_code_is_translated():
    codes = _codes_in_source()
    assert len(codes) > 50
    for lang in LANGUAGES:
        missing = sorted(c for c in codes if c not in catalog(lang))
        assert not missing, (lang, missing)


def test_instructions_and_meng_decisions_seen_in_play_are_translated():
    seen_events, seen_kinds = set(), set()
    for seed, difficulty in [(1, "easy"), (2, "normal"), (3, "hard"), (4, "hard")]:
        s = Session.new(GAME, {"players": ["Anna"], "difficulty": difficulty, "seed": seed})
        rng = random.Random(seed)
        while (d := s.decision) is not None:
            seen_kinds.add(d.kind)
            events = s.resolve_chance() if d.is_chance else s.act(pick(d, rng))
            for e in events:
                if e.code.startswith("meng."):
                    seen_events.add(e.code)
                    for lang in LANGUAGES:
                        text = t(e.code, lang, **e.params)
                        assert "{" not in text and text != e.code, (lang, e.code)
    assert {"meng.event.day.exchange", "meng.event.dusk.start", "meng.event.night.matches"} <= seen_events
    meng_kinds = {k for k in seen_kinds if k.startswith("gugong.meng_")}
    assert {"gugong.meng_reveal", "gugong.meng_gift", "gugong.meng_focus", "gugong.meng_travel"} <= meng_kinds
    for lang in LANGUAGES:
        assert all(k in catalog(lang) for k in meng_kinds)


def test_setup_errors_are_translated():
    codes = set(re.findall(r'"(meng\.setup\.[a-z_]+)"', (SOLO / "setup.py").read_text()))
    codes |= {f"meng.setup.{k}" for k in ("difficulty", "night_rule", "sets")}
    assert all(c in catalog(lang) for c in codes for lang in LANGUAGES)


def _play(seed: int, difficulty: str, night_rule: str = "as_if") -> list[tuple[str, list]]:
    """(decision kind, events) of every step of a whole seeded game."""
    s = Session.new(GAME, {"players": ["Anna"], "difficulty": difficulty, "night_rule": night_rule, "seed": seed})
    rng = random.Random(seed)
    steps = []
    while (d := s.decision) is not None:
        events = s.resolve_chance() if d.is_chance else s.act(pick(d, rng))
        steps.append((d.kind, events))
    return steps


GAMES = [(11, "easy", "as_if"), (12, "normal", "at_least"), (13, "hard", "as_if")]


@pytest.fixture(scope="module")
def games() -> dict[tuple, list[tuple[str, list]]]:
    return {g: _play(*g) for g in GAMES}


def _meng(events) -> list[str]:
    return [e.code.removeprefix("meng.event.") for e in events if e.code.startswith("meng.event.")]


PHASE_EVENTS = {"gugong.event.morning", "gugong.event.dice_majority", "gugong.event.day_start"}


GAME_MENG = 1  # Meng's seat (companion/gugong/solo/engine.py MENG_SEAT)


@pytest.mark.parametrize("game", GAMES)
def test_every_meng_step_of_every_day_has_an_instruction(games, game):
    """Every step in which Meng acts (his chance steps, anything the engine does for his seat, the morning,
    the dusk and the night) gives the table at least one instruction."""
    for kind, events in games[game]:
        for_meng = kind.startswith("gugong.meng_") or any(
            e.params.get("player") == GAME_MENG for e in events if e.code.startswith("gugong.event."))
        # day 1 starts straight after the setup, whose own instructions prepared Meng's gift cards
        phase = any(e.code in PHASE_EVENTS and e.params.get("day") != 1 for e in events)
        if for_meng or phase:
            assert _meng(events), (kind, [e.code for e in events])


def _days(steps) -> list[list[str]]:
    """Meng's instruction codes, one list per day (a day runs from its morning to the end of its night)."""
    days: list[list[str]] = [[]]
    for _kind, events in steps:
        for code in _meng(events):
            if code.startswith(("morning.medal", "morning.keep")):
                days.append([])
            days[-1].append(code)
    return days


def _first(codes: list[str], *prefixes: str) -> int:
    return next(i for i, c in enumerate(codes) if c.startswith(prefixes))


@pytest.mark.parametrize("game", GAMES)
def test_a_day_is_told_in_the_order_of_the_rules(games, game):
    """Morgenphase (start player via the medal, decree benefits, servants), the start of the day (his discard
    pile becomes his gift cards), Tagesphase, Dämmerungsphase (today's cards then join earlier days'),
    Nachtphase (his fixed matches, servants, majority; then the boats)."""
    days = _days(games[game])
    assert len(days) == 4
    night = "night.matches" if game[2] == "as_if" else "night.matches_at_least"
    for n, codes in enumerate(days, 1):
        if n > 1:
            order = [_first(codes, "morning.medal", "morning.keep"), _first(codes, "morning.decrees",
                                                                          "morning.no_decrees"),
                     _first(codes, "servants.income"), _first(codes, "day.gift_cards")]
        else:
            order = [_first(codes, "setup.")]
        order += [_first(codes, "day.automa_card"), _first(codes, "dusk.start"), _first(codes, "dusk.end"),
                  codes.index(night), _first(codes, "servants.night"), _first(codes, "night.no_boats",
                                                                                 "night.boat_")]
        assert order == sorted(order), (n, codes)
        assert sum(c.startswith("night.majority_") for c in codes) == 1
        assert codes.count("dusk.start") == 1 and codes.count("dusk.end") == 1


RAW = re.compile(r"meng\.|gugong\.|[{}]|\b[a-z]+_[a-z_]+\b")  # a catalog key, a placeholder or a code left raw


NAMES = ["Anna", "Meng"]


@pytest.mark.parametrize("game", GAMES[:2])
def test_every_instruction_renders_in_every_language(game):
    """en/de/nl: the texts the app shows (with the game's words) have no raw key, code or unfilled {...}."""
    s = Session.new(GAME, {"players": ["Anna"], "difficulty": game[1], "night_rule": game[2], "seed": game[0]})
    rng = random.Random(game[0])
    seen: set[str] = set()
    while (d := s.decision) is not None and s.state.day <= 2:
        events = s.resolve_chance() if d.is_chance else s.act(pick(d, rng))
        mine = [e for e in events if e.code.startswith("meng.")]
        if not mine:
            continue
        state_json = s.state.to_json()
        for lang in LANGUAGES:
            describe = labels.describer(GAME.name, s.setup, state_json, lang)
            for e in mine:
                text = labels.event_text(e, lang, NAMES, describe)
                assert not RAW.search(text), (lang, e.code, text)
                seen.add(e.code)
    assert {"meng.event.morning.decrees", "meng.event.morning.no_decrees"} & seen
    assert {"meng.event.servants.income", "meng.event.day.gift_cards", "meng.event.dusk.card",
            "meng.event.dusk.end", "meng.event.servants.night"} <= seen


def _drawn(session) -> list[bool]:
    """Per step of the log: did it answer a chance step (the app or the table drew)?"""
    replay = Session.new(GAME, session.setup)
    out = []
    for action in session.log:
        out.append(replay.decision.is_chance)
        replay.act(action)
    return out


def _latest_run(session, lang: str) -> list[str]:
    """Meng's instructions of his latest turn, oldest first, as the app words them: from the last step with his
    instructions back over drawn steps to the one that revealed his Automa card (or to the player's step)."""
    describe = labels.describer(GAME.name, session.setup, session.state.to_json(), lang)
    drawn = _drawn(session)
    mine = [[e for e in events if e.code.startswith("meng.")] for events in session.events]
    ends = [i for i, m in enumerate(mine) if m]
    if not ends:
        return []
    start = ends[-1]
    while start > 0 and drawn[start] and not any(e.code == "meng.event.day.automa_card" for e in mine[start]):
        start -= 1
    return [labels.event_text(e, lang, NAMES, describe) for m in mine[start:] for e in m]


def _shown_steps(at) -> list[str]:
    """The numbered list of the Meng page ("1. ...", "2. ...")."""
    for md in at.markdown:
        if str(md.value).startswith("1. "):
            return [re.sub(r"^\d+\. (:blue-badge\[[^]]*\] )?", "", line) for line in str(md.value).split("\n")]
    return []


def test_the_meng_page_shows_every_step_of_a_whole_day_in_order(tmp_path, monkeypatch):
    """The Meng page lists the latest Meng instructions, numbered in the engine's order, at every step from the
    first turn of day 1 through the dusk, the night and the morning to the first turn of day 2; de and nl
    render with no raw key or unfilled {...}."""
    pytest.importorskip("streamlit")
    from companion.ui import context
    from tests.ui.apphelpers import new_session, start, step, table

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    context.register_extra_games()
    at = new_session()
    start(at, "gugong-solo", names=["Anna"])
    at.switch_page("companion/ui/pages/meng.py").run()
    transcript: list[str] = []
    for _ in range(300):
        session = table(at).session
        if session.state.day == 2 and not session.decision.is_chance and session.decision.player == 0:
            break
        step(at, chance="app_chance")
        assert not at.exception, at.exception
        labels.show_marks(False)  # the app shows no mark after a number (issue 11): the same words here
        try:
            shown, expected = _shown_steps(at), _latest_run(table(at).session, "en")
        finally:
            labels.show_marks(True)
        assert shown == expected
        transcript += [line for line in shown if line not in transcript[-len(shown):]] if shown else []
    assert table(at).session.state.day == 2
    text = "\n".join(transcript)
    marks = ["Dusk: turn today's", "End of the dusk", "Night, step 1", "(1 per match)", "Night, step 2",
             "Morning of day 2, step 1", "Morning, step 4", "Morning, step 5", "Start of day 2"]
    where = [text.find(m) for m in marks]
    assert -1 not in where and where == sorted(where), list(zip(marks, where, strict=True))
    for lang in ("de", "nl"):
        at.session_state["lang"] = lang
        at.run()
        shown = _shown_steps(at)
        labels.show_marks(False)
        try:
            assert shown and shown == _latest_run(table(at).session, lang)
        finally:
            labels.show_marks(True)
        assert not any(RAW.search(line) for line in shown), shown


# -- the manifest's instructions(events) -------------------------------------------------------------------
def test_every_meng_instruction_maps_one_to_one_and_has_an_undo_text():
    from companion.gugong.solo.instructions import MENG_CODES

    assert {f"meng.event.{c}" for c in MENG_CODES} == _codes_in_source()
    for lang in LANGUAGES:
        cat = catalog(lang)
        assert all(f"meng.event.{c}.undo" in cat for c in MENG_CODES), lang


def test_solo_instructions_are_mengs_own_plus_the_players_table_steps():
    """Meng's pieces: his instructions, 1:1 (code and parameters); the player's pieces and the shared board:
    Gùgōng's own instructions; nothing twice for Meng's pieces."""
    from companion.gugong.solo.instructions import instructions
    from companion.gugong.solo.manifest import MANIFEST

    assert MANIFEST.instructions is instructions
    s = Session.new(GAME, {"players": ["Anna"], "difficulty": "hard", "seed": 5})
    rng = random.Random(5)
    mine = theirs = 0
    while (d := s.decision) is not None:
        if d.hidden:  # what the table holds (a start hand, a harbour draw): entered as a table would
            events = s.act(d.options[0])
        elif d.is_chance:
            events = s.resolve_chance()
        else:
            events = s.act(pick(d, rng))
        steps = instructions(events)
        meng = [e for e in events if e.code.startswith("meng.event.")]
        assert [(i.code, i.params) for i in steps if i.code.startswith("meng.")] == [(e.code, e.params) for e in meng]
        for step in steps:
            assert step.params.get("player") != GAME_MENG or step.code.startswith("meng."), step
            mine += step.code.startswith("meng.")
            theirs += step.code.startswith("gugong.do.")
            for lang in LANGUAGES:
                assert t(step.undo_code, lang) != step.undo_code
    assert mine > 100 and theirs > 50
