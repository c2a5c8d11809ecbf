"""Meng's table instructions for every step of a day, morning and night included (gugong-de "Spielablauf
(Solo)": Morgenphase, Tagesphase, Dämmerungsphase, Nachtphase), in every language."""

from __future__ import annotations

import random
import re

import pytest

from companion.core.chance import pick
from companion.core.session import Session
from companion.core.steps import Stack
from companion.gugong.solo.engine import GAME
from companion.gugong.state import Boat
from companion.i18n import LANGUAGES, labels

from .helpers import first_turn, flush, human, meng, run

RAW = re.compile(r"meng\.|gugong\.|[{}]|\b[a-z]+_[a-z_]+\b")  # a catalog key, a placeholder or a code left raw
NAMES = ["Anna", "Meng"]


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


GAME_MENG = 1  # Meng's seat (companion/gugong/solo/engine.py MENG_SEAT)


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


# -- single steps, set up by hand -------------------------------------------------------------------
def _morning(s) -> list[str]:
    s.day = 2
    _, codes = run(s, {"k": "morning_start"}, {"k": "morning_decrees"}, {"k": "income"})
    return [c.removeprefix("meng.event.") for c in codes if c.startswith("meng.event.")]


@pytest.mark.parametrize(("medal", "start", "expected"), [
    (1, 0, "morning.medal_meng"), (0, 1, "morning.medal_you"), (None, 1, "morning.keep_meng"),
    (None, 0, "morning.keep_you")])
def test_morning_start_player_via_the_medal(medal, start, expected):
    """Morgenphase (Solo) / Schritt 1: Meng gets the start player marker when he holds the medal."""
    s = first_turn()
    s.medal, s.start = medal, start
    assert _morning(s)[0] == expected


def _owns(s, *decrees: str) -> None:
    for slot, d in enumerate(decrees):  # the level-1 decree spaces are 0 and 1
        s.decree_slots[slot] = d
        s.decree_servants[slot].append(s.meng.seat)


def test_morning_decree_benefits_in_order_then_servants():
    """Morgenphase (Solo) / Schritt 4-5: each level-1 decree's benefit, then his servants."""
    s = first_turn()
    _owns(s, "morning_servant", "morning_intrigue")
    meng(s).general = 10
    codes = _morning(s)
    assert codes[1:] == ["morning.decrees", "servants.decree", "morning.decree_intrigue", "servants.income"]


def test_morning_card_swap_decree_gives_one_vp_and_envoy_decree():
    """Morgenphase (Solo): the level-1 card-swap decree gives Meng 1 VP instead (Dekrete, Solo)."""
    s = first_turn()
    _owns(s, "morning_envoy", "morning_swap")
    codes = _morning(s)
    assert codes[1:4] == ["morning.decrees", "morning.decree_envoy", "morning.decree_swap"]
    assert codes[4] == "swap_vp"


def test_morning_canal_decree_and_no_decree():
    """Morgenphase (Solo): the canal decree puts a servant from his general supply on his boat."""
    s = first_turn()
    meng(s).general = 5
    _owns(s, "morning_canal")
    assert _morning(s)[1:4] == ["morning.decrees", "morning.decree_canal", "canal.new_boat_general"]
    assert _morning(first_turn())[1] == "morning.no_decrees"


def test_servants_short_when_his_general_supply_runs_out():
    """Morgenphase Schritt 5: servants come from the general supply only (Tipps 1)."""
    s = first_turn()
    meng(s).general = 1
    codes = _morning(s)
    assert "servants.income" in codes and "servants.short" in codes


def test_start_of_a_day_turns_his_discard_pile_into_gift_cards():
    """Tagesphase: yesterday's discard pile is today's gift cards (Meng's: shuffled face down)."""
    s = first_turn()
    flush(s)
    meng(s).discard = meng(s).hand[:3]
    meng(s).hand = []
    s.day = 2
    s.stack = Stack()
    after, codes = run(s, {"k": "solo_flow", "next": "day"})
    assert "meng.event.day.gift_cards" in codes and len(meng(after).hand) == 3


@pytest.mark.parametrize("rule", ["as_if", "at_least"])
def test_night_matches_servants_majority_and_boats(rule):
    """Nachtphase (Solo): fixed matches by the chosen rule, his servants and the majority, then his boats move
    (a boat in the last port leaves the canal)."""
    s = first_turn(night_rule=rule)
    flush(s)
    human(s).discard = []
    meng(s).boats = [Boat(route=0, port=1, servants=1), Boat(route=1, port=s.comp.ports, servants=2)]
    meng(s).pool -= 3
    s.meng.dusk = False
    _, codes = run(s, {"k": "night_dice"}, {"k": "night_boats"})
    codes = [c.removeprefix("meng.event.") for c in codes if c.startswith("meng.event.")]
    night = "night.matches" if rule == "as_if" else "night.matches_at_least"
    assert codes == [night, "night.majority_meng", "servants.night", "night.boat_moves", "night.boat_lost"]


# -- the Meng page of the app -------------------------------------------------------------------------
def _latest_run(session, lang: str) -> list[str]:
    """The engine's latest run of steps with Meng instructions, oldest first, as the app words them."""
    describe = labels.describer(GAME.name, session.setup, session.state.to_json(), lang)
    out: list[str] = []
    for events in reversed(session.events):
        mine = [e for e in events if e.code.startswith("meng.")]
        if not mine and out:
            break
        out[:0] = [labels.event_text(e, lang, NAMES, describe) for e in mine]
    return out


def _shown_steps(at) -> list[str]:
    """The numbered list of the Meng page ("1. ...", "2. ...")."""
    for md in at.markdown:
        if str(md.value).startswith("1. "):
            return [re.sub(r"^\d+\. ", "", line) for line in str(md.value).split("\n")]
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
        shown, expected = _shown_steps(at), _latest_run(table(at).session, "en")
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
        assert shown and shown == _latest_run(table(at).session, lang)
        assert not any(RAW.search(line) for line in shown), shown


@pytest.mark.parametrize(("meng_wins", "expected"), [(True, "wall.scored_meng"), (False, "wall.scored_you")])
def test_wall_scoring_tells_what_it_means_for_meng(meng_wins, expected):
    """Chinesische Mauer: whoever completes the Wall, the table learns whether Meng won it (his servants come
    back) or his servants stay (Wertung der Mauer; Solo: his intrigue benefit follows)."""
    s = first_turn()
    flush(s)
    size = s.comp.wall_size[s.n]
    meng_servants = size - 1 if meng_wins else 1
    s.wall = [[s.meng.seat, 1]] * meng_servants + [[1 - s.meng.seat, 1]] * (size - meng_servants)
    after, codes = run(s, {"k": "wall_check"})
    codes = [c.removeprefix("meng.event.") for c in codes if c.startswith("meng.event.")]
    assert codes[0] == expected
    assert ([e for e in after.wall if e[0] == s.meng.seat] == []) == (expected == "wall.scored_meng")
