"""Setup, morning, day and night in order (gugong-de "Spielaufbau", "Spielablauf", "Spielende").

The bottom frame "flow" starts each phase in turn. Everything random is a chance frame: the
start player, the card at each official, the decrees drawn, the fate dice, the tile drawn for
each city. The table enters what it sees, or the app draws with a seeded RNG.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action

from . import canal, decrees
from .frames import emit, kind, push
from .state import GugongState
from .tracks import add_vp, advance_envoy, best_by_intrigue

RULE_SETUP = "gugong-de: Spielaufbau (S. 2-3)"
RULE_EXPERT = "gugong-de: Variante für Experten (S. 15)"
RULE_MORNING = "gugong-de: Phase 1: Die Morgenphase (S. 4)"
RULE_NIGHT = "gugong-de: Phase 3: Die Nachtphase (S. 14)"
RULE_DICE = "gugong-de: Morgenphase, Schritt 3: Die Schicksalswürfel werfen (S. 4)"
RULE_REFILL = "gugong-de: Morgenphase, Schritt 2: Die Karte auffüllen (S. 4)"


PhaseFn = Callable[[GugongState], None]
PHASES: dict[str, PhaseFn] = {}


def phase(name: str) -> Callable[[PhaseFn], PhaseFn]:
    """Register what starts a phase. A variant adds its own (the solo game's dusk) and points
    `state.after_day` at it; that phase then sets `state.phase = "night"`."""

    def register(fn: PhaseFn) -> PhaseFn:
        PHASES[name] = fn
        return fn

    return register


@kind("flow", RULE_SETUP)
def _flow(state: GugongState, frame: dict, action: Action | None) -> None:
    PHASES[state.phase](state)


@phase("setup")
def _setup(state: GugongState) -> None:
    state.phase = "day"
    n_decrees = len(state.decree_slots)
    push(state, {"k": "setup_start"}, *({"k": "setup_board", "loc": i} for i in range(len(state.board))),
         *({"k": "setup_decree", "slot": s} for s in range(n_decrees)),
         *({"k": "roll_die", "die": d} for d in range(len(state.dice))),
         *({"k": "draw_tile", "city": c} for c in range(len(state.cities))), {"k": "flow"})


@phase("day")
def _day(state: GugongState) -> None:
    state.phase = state.after_day
    for pl in state.players:  # yesterday's discard pile is today's hand
        pl.hand += pl.discard
        pl.discard = []
    state.turn = state.start
    emit(state, "day_start", day=state.day, start=state.start)
    push(state, {"k": "turn", "p": state.start}, {"k": "flow"})


@phase("night")
def _night(state: GugongState) -> None:
    state.phase = "morning" if state.day < state.comp.days else "end"
    push(state, {"k": "night_dice"}, {"k": "night_boats"}, {"k": "flow"})


@phase("morning")
def _morning(state: GugongState) -> None:
    state.day += 1
    state.phase = "day"
    dice = ({"k": "roll_die", "die": d} for d in range(len(state.dice)))
    push(state, {"k": "morning_start"}, {"k": "refill"}, *dice, {"k": "morning_decrees"}, {"k": "income"},
         {"k": "flow"})


@phase("end")
def _end(state: GugongState) -> None:
    emit(state, "game_end")  # nothing more is pushed: the game is over, final scoring follows


# -- setup ------------------------------------------------------------------------------------
def _start_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "start_player", "seat": s} for s in range(state.n)]


@kind("setup_start", "gugong-de: Spielaufbau, Startspielermarker (S. 3)", _start_options, chance=True)
def _setup_start(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    state.start = state.turn = action["seat"]
    cards = state.comp.cards
    for i, seat in enumerate(state.order_from(state.start)):
        pl = state.players[seat]
        pl.hand = [c.id for c in cards if c.set == f"p{i + 1}"]
        state.seq += 1
        pl.intrigue_seq = state.seq  # start player at the bottom of the stack, the last player on top
    dealt = {c for pl in state.players for c in pl.hand}
    unused = [c.id for c in cards if c.set.startswith("p") and c.id not in dealt]
    if state.expert:  # start cards, draw pile and unused player sets form one deck
        state.deck = sorted(state.deck + state.box + unused)
        state.box = []
    else:
        state.box += unused
    emit(state, "start_player", player=state.start)


def _board_options(state: GugongState, frame: dict) -> list[Action]:
    pool = state.deck if state.expert else [c for c in state.box if state.comp.cards[c].set == "start"]
    return [{"type": "board_card", "card": c} for c in sorted(pool)]


@kind("setup_board", RULE_SETUP, _board_options, chance=True)
def _setup_board(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    (state.deck if state.expert else state.box).remove(action["card"])
    state.board[frame["loc"]] = action["card"]


def _decree_options(state: GugongState, frame: dict) -> list[Action]:
    level = frame["slot"] // 2 + 1
    return [{"type": "decree_tile", "decree": d} for d in state.decree_pool if state.comp.decrees[d].level == level]


@kind("setup_decree", RULE_SETUP, _decree_options, chance=True)
def _setup_decree(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    state.decree_pool.remove(action["decree"])
    state.decree_slots[frame["slot"]] = action["decree"]


def _die_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "die", "face": f} for f in state.comp.dice_faces]


@kind("roll_die", RULE_DICE, _die_options, chance=True)
def _roll(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    state.dice[frame["die"]] = action["face"]


def _tile_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "tile", "tile": t} for t, n in state.bag.items() if n > 0]


def _tile_weights(state: GugongState, frame: dict, options: list[Action]) -> tuple[int, ...]:
    return tuple(state.bag[o["tile"]] for o in options)


@kind("draw_tile", RULE_REFILL, _tile_options, chance=True, weights=_tile_weights)
def _draw_tile(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    state.bag[action["tile"]] -= 1
    state.cities[frame["city"]] = action["tile"]
    if not any(state.bag.values()) and any(state.tile_discard.values()):
        state.bag = {t: state.bag.get(t, 0) + state.tile_discard.get(t, 0) for t in state.bag}  # reshuffle
        state.tile_discard = {t: 0 for t in state.tile_discard}
        emit(state, "tiles_reshuffled")


# -- morning (days 2-4) -------------------------------------------------------------------------
@kind("morning_start", RULE_MORNING)
def _morning_start(state: GugongState, frame: dict, action: Action | None) -> None:
    if state.medal is not None:
        state.start = state.medal
        state.medal = None
    emit(state, "morning", day=state.day, start=state.start)


@kind("refill", RULE_REFILL)
def _refill(state: GugongState, frame: dict, action: Action | None) -> None:
    travellers = {pl.traveller for pl in state.players}
    empty = [c for c, t in enumerate(state.cities) if t is None and c not in travellers]
    push(state, *({"k": "draw_tile", "city": c} for c in empty))


@kind("morning_decrees", RULE_MORNING)
def _morning_decrees(state: GugongState, frame: dict, action: Action | None) -> None:
    for seat in reversed(state.order_from(state.start)):  # pushed last-first: they run in player order
        decrees.morning_benefits(state, seat)


@kind("income", RULE_MORNING)
def _income(state: GugongState, frame: dict, action: Action | None) -> None:
    n = state.comp.income[state.day]
    push(state, *({"k": "gain", "p": s, "n": n} for s in state.order_from(state.start)))


# -- night ------------------------------------------------------------------------------------
def matches(state: GugongState, seat: int) -> int:
    """Each discarded card earns 1 servant per die showing its value (3-3-6: a 3 earns 2)."""
    counted = sum(state.dice.count(state.comp.cards[c].value) for c in state.players[seat].discard)
    fixed = getattr(state, "fixed_matches", None)  # solo hook: Meng counts as 1/2/3/4 matches (gugong/solo)
    return counted if fixed is None else fixed(seat, counted)


@kind("night_dice", RULE_NIGHT)
def _night_dice(state: GugongState, frame: dict, action: Action | None) -> None:
    counts = {s: matches(state, s) for s in range(state.n)}
    top = max(counts.values())
    if top > 0:  # most matching values (= most servants), tie broken by intrigue
        winner = best_by_intrigue(state, [s for s, c in counts.items() if c == top])
        emit(state, "dice_majority", player=winner, matches=top)
        add_vp(state, winner, state.comp.dice_vp)
        advance_envoy(state, winner, 1)
    push(state, *({"k": "gain", "p": s, "n": counts[s]} for s in state.order_from(state.start) if counts[s]))


@kind("night_boats", canal.RULE_NIGHT)
def _night_boats(state: GugongState, frame: dict, action: Action | None) -> None:
    canal.night_moves(state)

