"""Random legal playouts over 2-5 players and every expansion combination, checked after every action.

After each action: the core contract (apply never mutates its input, every decision has an option),
person tiles conserved (board + palaces + released), palaces 1-3 floors with one person per floor,
no negative yuan/rice/rockets, person cards and wall pieces conserved, the person track never moves
back (except the Volcanic Eruption), victory points never go down, an illegal action is refused
with a rule and leaves the state byte-identical; after the game: replay and token reproduce it.
"""

from __future__ import annotations

import random

import pytest

from companion.core import RuleError, Session, apply, codec
from companion.core.canonical import canonical_bytes
from companion.core.checks import step_violations
from companion.core.playout import playout
from companion.dragon.engine import GAME

SUPER = ["none", "random", "hidden", "lanternfest", "buddha", "earthquake", "flood", "solar_eclipse",
         "volcanic_eruption", "tornado", "sunrise", "assassination", "charter"]
COMBOS = [(n, wall, se) for n in (2, 3, 4, 5) for wall in (False, True) for se in SUPER]


def setup_for(n: int, wall: bool, super_event: str, seed: int) -> dict:
    return {
        "players": [f"P{i + 1}" for i in range(n)],
        "seed": seed,
        "great_wall": wall,
        "super_event": super_event,
        "edition": "2007" if seed % 3 == 0 else "2017",
    }


def bad_variants(option: dict) -> list[dict]:
    """Near-miss actions: a legal option with one field pushed out of range, or a foreign action."""
    out = [{"type": "no_such_action"}]
    for k, v in option.items():
        if isinstance(v, int) and not isinstance(v, bool):
            out.append({**option, k: v + 50})
        elif k != "type" and isinstance(v, str):
            out.append({**option, k: v + "?"})
    return out


def check_game(n: int, wall: bool, super_event: str, seed: int) -> None:
    setup = setup_for(n, wall, super_event, seed)
    rng = random.Random(seed)
    problems: list[str] = []

    def on_step(before, before_bytes, action, after) -> None:
        problems.extend(step_violations(GAME, before, before_bytes, action, after))
        for p, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
            if b.track < a.track and after.track_resets == before.track_resets:
                problems.append(f"player {p} person disc moved back after {action}")
            if b.vp < a.vp:
                problems.append(f"player {p} lost victory points after {action}")
        if rng.random() < 0.05:  # refusals: state unchanged, a rule named
            decision = GAME.decision(after)
            if decision is not None:
                snapshot = canonical_bytes(GAME.to_json(after))
                for bad in bad_variants(decision.options[0]):
                    if decision.index_of(bad) >= 0:
                        continue
                    try:
                        apply(GAME, after, bad)
                        problems.append(f"illegal {bad} accepted")
                    except RuleError as err:
                        if not err.rule and decision.rule:
                            problems.append(f"refusal of {bad} names no rule")
                    if canonical_bytes(GAME.to_json(after)) != snapshot:
                        problems.append(f"refusal of {bad} changed the state")

    result = playout(GAME, setup, seed, on_step=on_step)
    assert result.completed, (setup, len(result.log))
    assert not problems, problems[:5]
    assert result.state.month == 12 and result.state.over
    replay = Session.from_log(GAME, setup, result.log)
    assert canonical_bytes(GAME.to_json(replay.state)) == canonical_bytes(GAME.to_json(result.state))
    if seed % 4 == 0:
        again = codec.from_token(codec.to_token(replay))
        assert canonical_bytes(GAME.to_json(again.state)) == canonical_bytes(GAME.to_json(result.state))


@pytest.mark.parametrize(("n", "wall", "super_event"), COMBOS)
def test_random_playouts_sample(n, wall, super_event):
    """One playout per combination of player count, Great Wall and super event (104 games)."""
    check_game(n, wall, super_event, seed=1000 + n * 31 + len(super_event) * 7 + wall)


@pytest.mark.soak
def test_random_playouts_soak():
    """2,080 playouts: 20 seeds for each of the 104 combinations."""
    for i in range(20):
        for n, wall, super_event in COMBOS:
            check_game(n, wall, super_event, seed=i * 1000 + n * 97 + SUPER.index(super_event) * 3 + wall)
