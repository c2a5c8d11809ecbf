"""Test fixtures: build a Gùgōng table in a chosen situation, then play engine actions from there.

`new_game` runs the real setup (start player chosen, every other chance step takes its first
option). The helpers below then rearrange the table the way a rulebook example describes it
(cards moved by swapping, so all 38 stay accounted for) and `at_turn` makes it a given
player's turn. Everything after that goes through `companion.core.apply`, like a real game.
"""

from __future__ import annotations

from typing import Any

from companion.core import Session, apply, steps
from companion.core.actions import Action, Event
from companion.gugong.engine import GAME
from companion.gugong.state import Boat, GugongState

LOC = {name: i for i, name in enumerate(("travel", "wall", "jade", "intrigue", "palace", "decree", "canal"))}


def new_game(names: list[str], start: int = 0, **options: Any) -> GugongState:
    session = Session.new(GAME, {"players": names, **options})
    session.act({"type": "start_player", "seat": start})
    while (d := session.decision) is not None and d.is_chance:
        session.act(d.options[0])
    return session.state


def draw_setup(session: Session) -> list:
    """The app draws the setup as it may; the table enters what it holds (each start hand: its first listed
    cards, the profile's set). Returns the events of every step."""
    events: list = []
    while (d := session.decision) is not None and d.is_chance:
        events += session.act(d.options[0]) if d.hidden else session.resolve_chance()
    return events


def refresh(state: GugongState) -> GugongState:
    """After editing a state by hand: forget the pending decision and run automatic steps."""
    steps.unsettle(state)
    steps.settle(GAME.steps, state)
    return state


def flow_to(state: GugongState, phase: str) -> None:
    """Make `phase` the next thing that happens (its flow frame is all that is left on the stack)."""
    state.stack = steps.Stack([{"k": "flow", "next": phase}])


def at_turn(state: GugongState, seat: int) -> GugongState:
    """The start of `seat`'s turn in the day phase (the night follows when all hands are empty)."""
    state = GAME.clone(state)
    state.turn = seat
    state.stack = steps.Stack([{"k": "flow", "after": "day"}, {"k": "turn", "p": seat}])
    return refresh(state)


def play(state: GugongState, *actions: Action) -> tuple[GugongState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, ev = apply(GAME, state, action)
        events += ev
    return state, events


def options(state: GugongState) -> list[Action]:
    d = GAME.decision(state)
    return [] if d is None else list(d.options)


def kind(state: GugongState) -> str | None:
    """The kind of the pending decision (None once the game is over)."""
    d = GAME.decision(state)
    return None if d is None else d.kind


def card(state: GugongState, value: int, action: str | None = None, exclude: tuple[int, ...] = ()) -> int:
    for c in state.comp.cards:
        if c.value == value and (action is None or c.action == action) and c.id not in exclude:
            return c.id
    raise LookupError(f"no card of value {value} ({action})")


def acting_at(
    state: GugongState,
    seat: int,
    loc: str,
    hand: list[int] | None = None,
    pool: int | None = None,
    *,
    spares: int = 0,
    spare_value: int = 8,
    any_nine: bool = False,
) -> GugongState:
    """`seat` exchanges a 9 for the official's 2 at `loc` (free) and stands before the location's actions.

    The 9 has no card action unless `any_nine`. The hand keeps the first `spares` other cards of `spare_value`
    that are not on the board, then `hand`; `pool` sets the servants in the player's supply.
    """
    low = card(state, 2, exclude=tuple(state.players[seat].hand))
    set_board(state, loc, low)
    nines = [c.id for c in state.comp.cards if c.value == 9 and (any_nine or c.action == "none")]
    nine = next(c for c in nines if c not in state.board)
    extra = [c.id for c in state.comp.cards if c.value == spare_value and c.id not in state.board and c.id != nine]
    set_hand(state, seat, [nine, *extra[:spares], *(hand or [])])
    if pool is not None:
        set_pool(state, seat, pool)
    state = at_turn(state, seat)
    state, _ = play(state, {"type": "exchange", "card": nine, "loc": LOC[loc]})
    assert kind(state) == "gugong.act"
    return state


def _containers(state: GugongState) -> list[list]:
    out: list[list] = [state.board, state.deck, state.box]
    for pl in state.players:
        out += [pl.hand, pl.discard]
    return out


def swap_cards(state: GugongState, a: int, b: int) -> None:
    """Exchange the places of two gift cards, wherever they are."""
    where = {}
    for lst in _containers(state):
        for i, c in enumerate(lst):
            if c in (a, b):
                where[c] = (lst, i)
    (la, ia), (lb, ib) = where[a], where[b]
    la[ia], lb[ib] = b, a


def set_hand(state: GugongState, seat: int, cards: list[int], pile: str = "hand") -> None:
    """Give a player exactly these cards in hand (or discard pile); extra cards go back to the box."""
    pl = state.players[seat]
    held = getattr(pl, pile)
    for i, c in enumerate(cards):
        if i >= len(held):
            spare = next(x for x in state.box + state.deck if x not in cards)
            (state.box if spare in state.box else state.deck).remove(spare)
            held.append(spare)
        if held[i] != c:
            swap_cards(state, held[i], c)
    while len(held) > len(cards):
        state.box.append(held.pop())


def set_city(state: GugongState, city: int, tile: str) -> None:
    """Put a travel tile on a city (taken from the draw piles; the old one goes back there)."""
    old = state.cities[city]
    if old == tile:
        return
    if state.bag[tile] == 0:  # take it from another city instead (they trade places)
        other = state.cities.index(tile)
        state.cities[other], state.cities[city] = old, tile
        return
    if old is not None:
        state.bag[old] += 1
    state.bag[tile] -= 1
    state.cities[city] = tile


def give_tiles(state: GugongState, seat: int, tiles: list[str]) -> None:
    for t in tiles:
        state.bag[t] -= 1
        assert state.bag[t] >= 0, f"no {t} tile left in the draw piles"
        state.players[seat].tiles.append(t)


def set_pool(state: GugongState, seat: int, pool: int) -> None:
    """Servants in the player's supply; the rest of the 12 not elsewhere is in the general supply."""
    pl = state.players[seat]
    pl.general += pl.pool - pool
    pl.pool = pool
    assert pl.general >= 0


def set_board(state: GugongState, loc: str, c: int) -> None:
    if state.board[LOC[loc]] != c:
        swap_cards(state, state.board[LOC[loc]], c)


def set_wall(state: GugongState, entries: list[tuple[int, int]]) -> None:
    """Servants on the Great Wall, left to right: (seat, 1) or (seat, 2) for a double servant."""
    for seat, size in entries:
        pl = state.players[seat]
        if size == 2:
            pl.dd = "wall"
        else:
            pl.general -= 1
        state.wall.append([seat, size])


def set_intrigue(state: GugongState, seat: int, space: int) -> None:
    """Move a marker to a space, landing on top of the markers already there."""
    state.seq += 1
    state.players[seat].intrigue = space
    state.players[seat].intrigue_seq = state.seq


def set_boat(state: GugongState, seat: int, route: int, port: int, servants: int) -> None:
    pl = state.players[seat]
    pl.general -= servants
    pl.boats.append(Boat(route, port, servants))


def set_decree(state: GugongState, slot: int, decree: str, seats: list[int]) -> None:
    old = state.decree_slots[slot]
    for s in state.decree_servants[slot]:
        state.players[s].general += 1
    state.decree_servants[slot] = []
    if decree in state.decree_slots:
        state.decree_slots[state.decree_slots.index(decree)] = old
    else:
        state.decree_pool.remove(decree)
        state.decree_pool.append(old)
    state.decree_slots[slot] = decree
    for s in seats:
        state.players[s].general -= 1
        state.decree_servants[slot].append(s)


# -- tables the rule-area tests share -------------------------------------------------------------------
TWO = ["Anna", "Lisa"]
THREE = ["Anna", "Lisa", "David"]
FOUR = ["Anna", "Lisa", "David", "Sebastian"]
FIVE = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]
ANNA, LISA, DAVID, SEBASTIAN = range(4)


def acting_spare(state: GugongState, seat: int, loc: str, hand: list[int] | None = None,
                 pool: int | None = None) -> GugongState:
    """`seat` gives a 9 (no card action) for the official's 2 and keeps a spare 8 in hand."""
    return acting_at(state, seat, loc, hand, pool, spares=1)


def acting_nine(state: GugongState, seat: int, loc: str, hand: list[int] | None = None,
                pool: int | None = None) -> GugongState:
    """`seat` exchanges a 9 (any card action) for the official's 2 and keeps a second 9 in hand."""
    return acting_at(state, seat, loc, hand, pool, any_nine=True, spare_value=9, spares=1)


def location_options(state: GugongState) -> list[Action]:
    return [o for o in options(state) if o["type"] == "location"]


def day_table(mine: list[tuple[int, str | None]], loc: str, theirs: int, seat: int = 0):
    """Seat holds cards of the given (value, card action); the official at `loc` holds a card of `theirs`."""
    s = new_game(THREE)
    board = card(s, theirs, exclude=tuple(c for p in s.players for c in p.hand if p.seat != seat))
    set_board(s, loc, board)
    own: list[int] = []
    for value, action in mine:
        own.append(card(s, value, action, exclude=(board, *own)))
    set_hand(s, seat, own)
    return at_turn(s, seat), own, board


def with_hand_at(s: GugongState, seat: int, loc: str, mine: int, theirs: int):
    """Seat holds a card of value `mine` (and one spare) and the official at `loc` one of value `theirs`."""
    board = card(s, theirs, exclude=tuple(s.players[seat].hand))
    set_board(s, loc, board)
    own = card(s, mine, exclude=(board,))
    spare = card(s, 5, exclude=(board, own))
    set_hand(s, seat, [own, spare])
    return at_turn(s, seat), own


def free_exchange(state: GugongState, seat: int, loc: str, spare: int = 1) -> int:
    """Arrange a hand card higher than the official's card at `loc`; returns the hand card."""
    low = card(state, 2, exclude=tuple(state.players[seat].hand))
    set_board(state, loc, low)
    high = [c for c in (x.id for x in state.comp.cards if x.value == 9) if c not in state.board]
    set_hand(state, seat, high[: 1 + spare])
    return high[0]


def at_official(s: GugongState, loc: str, seat: int = 0, hand: tuple[int, ...] = ()):
    """`seat` exchanges a 9 for the 2 at `loc` (free) and is asked for its actions (state, events)."""
    low = card(s, 2, exclude=tuple(s.players[seat].hand))
    set_board(s, loc, low)
    nine = next(c.id for c in s.comp.cards if c.value == 9 and c.action == "none" and c.id not in s.board)
    set_hand(s, seat, [nine, *hand])
    return play(at_turn(s, seat), {"type": "exchange", "card": nine, "loc": LOC[loc]})


def traded(s: GugongState) -> dict[str, int]:
    return {t: n for t, n in s.tile_discard.items() if n}


def collect_bonus(s: GugongState, seat: int, tile: str, hand: list[int] | None = None) -> GugongState:
    s.bag[tile] -= 1
    s.bag[s.cities[4]] += 1
    s.cities[4] = tile
    s = acting_at(s, seat, "travel", hand)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    return s


def to_morning(s: GugongState) -> GugongState:
    """All hands played out; the morning of the next day starts (the night is tested on its own)."""
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    flow_to(s, "morning")
    return refresh(s)


def to_night(s: GugongState, dice: list[int]) -> GugongState:
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s.dice = dice
    flow_to(s, "night")
    return s


def roll(s: GugongState, faces=(1, 2, 3)) -> GugongState:
    for f in faces:
        assert kind(s) == "gugong.roll_die"
        s, _ = play(s, {"type": "die", "face": f})
    return s


def ended(s: GugongState) -> GugongState:
    """Every card played: the night of the last day runs and the game is over."""
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s.day = s.comp.days
    s.dice = [0] * len(s.dice)
    flow_to(s, "night")
    s = refresh(s)
    assert GAME.decision(s) is None
    return s
