"""Meng's steps as engine frames (gugong-de "SOLO VARIANT"), and the table instructions for each.

Meng never gets a decision: his frames are automatic, except what the table turns up (his Automa
card, his gift card, a card drawn for him, and, while the box profile lacks the map, the city his
traveller reaches), which are chance steps. Engine frames that name Meng's seat (a travel move, a
port-reward claim, a wall benefit...) are swapped for his rule through `override`.

Every step emits `meng.*` events: plain instructions for what to do with his physical pieces.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action, Event

from .. import decrees, travel, wall
from ..canal import place as canal_place
from ..cards import exchange
from ..frames import KINDS, Kind, kind, push
from ..locations import intrigue_perform, jade_perform, palace_perform
from ..servants import gain, pay
from ..tracks import add_vp, advance_envoy, gain_jade, move_intrigue
from . import choices, deck
from .state import SoloState

RULE_SETUP = "gugong-de: Spielaufbau (Solo)"
RULE_MORNING = "gugong-de: Spielablauf (Solo), Morgenphase"
RULE_DAY = "gugong-de: Spielablauf (Solo), Tagesphase"
RULE_DUSK = "gugong-de: Spielablauf (Solo), Dämmerungsphase"
RULE_NIGHT = "gugong-de: Spielablauf (Solo), Nachtphase"
RULE_ACTIONS = "gugong-de: Karten- und Ortsaktionen (Solo)"
RULE_TRAVEL = "gugong-de: Reisen (Solo)"
RULE_TILES = "gugong-de: Reisen (Solo), Reiseplättchen, Sonderfälle"
RULE_SPECIAL = "gugong-de: Spezielle Automakarten"
RULE_PORTS = "gugong-de: Der Kaiserkanal (Solo), Hafenbelohnungen"


def say(state: SoloState, code: str, **params) -> None:
    """An instruction for the table (translated from companion/i18n/catalog/meng.*.json)."""
    state.__dict__.setdefault("_events", []).append(Event(f"meng.event.{code}", params))


def _meng(state: SoloState):
    return state.players[state.meng.seat]


def _value(state: SoloState, card: int | None) -> int | None:
    """Cards are named to the table by their printed value."""
    return None if card is None else state.comp.cards[card].value


def _any_tile(state: SoloState) -> bool:
    """Meng follows his own path, not the roads: he can travel while any city has a tile."""
    return any(t is not None for t in state.cities)


# == setup ========================================================================================
def _solo_setup(state: SoloState, frame: dict, action: Action | None) -> None:
    """Human = seat 0, start player; card sets by the chosen pairing; the Automa deck by difficulty."""
    m = state.meng
    human, seat = 1 - m.seat, m.seat
    state.start = state.turn = human
    p_human, p_meng = state.comp.profile.value("meng.card_sets")[m.sets]
    for s, card_set in ((human, p_human), (seat, p_meng)):
        state.players[s].hand = [c.id for c in state.comp.cards if c.set == card_set]
    for s in (human, seat):  # the start player's marker at the bottom of the stack, Meng's on top
        state.seq += 1
        state.players[s].intrigue_seq = state.seq
    dealt = {c for pl in state.players for c in pl.hand}
    state.box += [c.id for c in state.comp.cards if c.set.startswith("p") and c.id not in dealt]
    specials = int(state.comp.profile.value("meng.difficulty_special_cards")[m.difficulty])
    m.deck = deck.starting_deck(state.comp.profile.value("meng.automa_cards"), specials)
    say(state, "setup.sets", human=p_human, meng=p_meng)
    say(state, "setup.automa", cards=sum(m.deck.values()), difficulty=m.difficulty)
    follow = [{"k": "meng_focus"}]
    if m.difficulty == "hard":
        m.markers["card"] += 1
        follow += [{"k": "meng_draw", "dest": "hand"} for _ in range(int(state.comp.profile.value(
            "meng.hard_extra_cards")))]
        say(state, "setup.hard")
    # the focus is marked beside a start card, so it comes after the 7 start cards are laid out
    boards = [i for i, f in enumerate(state.stack) if f["k"] == "setup_board"]
    at = min(boards) if boards else len(state.stack)
    state.stack[at:at] = list(reversed(follow))
    say(state, "setup.start", player=human)


def _focus_options(state: SoloState, frame: dict) -> list[Action]:
    if state.meng.focus is not None:  # chosen in the setup ("after a few games you may choose")
        return [{"type": "focus", "location": state.meng.focus}]
    return [{"type": "focus", "location": name} for name in state.comp.locations]


@kind("meng_focus", RULE_SETUP, _focus_options, chance=True)
def _focus(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    state.meng.focus = action["location"]
    say(state, "setup.focus", location=action["location"])


# == day: Meng's turn ============================================================================
def _turn(state: SoloState, frame: dict, action: Action | None) -> None:
    m = state.meng
    if deck.needs_reshuffle(m):
        deck.reshuffle(m)
        say(state, "day.reshuffle", cards=sum(m.deck.values()))
    push(state, {"k": "meng_reveal"})


def _reveal_options(state: SoloState, frame: dict) -> list[Action]:
    open_entry = not state.comp.profile.fact("meng.automa_cards").verified
    return [{"type": "automa_card", "card": k} for k, _ in deck.draw_weights(state.meng, open_entry)]


def _reveal_weights(state: SoloState, frame: dict, options: list[Action]) -> tuple[int, ...]:
    return tuple(state.meng.deck.get(o["card"], 0) for o in options)


@kind("meng_reveal", RULE_DAY, _reveal_options, chance=True, weights=_reveal_weights)
def _reveal(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    card = action["card"]
    replaced = deck.reveal(state.meng, card)
    if replaced is not None:
        say(state, "note.unexpected_card", card=card, expected=replaced)
    location = state.meng.focus if card == "special" else card
    say(state, "day.automa_card", card=card, location=location)
    push(state, {"k": "meng_gift", "automa": card})


def _gift_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "meng_card", "card": c} for c in sorted(_meng(state).hand)]


@kind("meng_gift", RULE_DAY, _gift_options, chance=True)
def _gift(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    push(state, {"k": "meng_play", "automa": frame["automa"], "card": action["card"]})


@kind("meng_play", RULE_DAY)
def _play(state: SoloState, frame: dict, action: Action | None) -> None:
    """Exchange regardless of values and without paying; then the card action, then the location action."""
    m = state.meng
    special = frame["automa"] == "special"
    name = m.focus if special else frame["automa"]
    assert name is not None
    loc = state.comp.locations.index(name)
    card = frame["card"]
    taken = state.board[loc]
    exchange(state, m.seat, card, loc)
    say(state, "day.exchange", card=card, value=_value(state, card), location=name, taken=taken,
        taken_value=_value(state, taken))
    mode = "special" if special else "day"
    push(state, {"k": "meng_card_action", "what": state.comp.cards[card].action, "mode": mode},
         {"k": "meng_location", "loc": name, "mode": mode}, {"k": "turn_end", "p": m.seat})


@kind("meng_card_action", RULE_DAY)
def _card_action(state: SoloState, frame: dict, action: Action | None) -> None:
    seat, what = state.meng.seat, frame["what"]
    if what == "none":
        return
    if what == "swap":  # the card swap is ignored: 1 VP instead
        add_vp(state, seat, 1)
        say(state, "day.card_swap_vp")
    elif what in ("servant1", "servant2"):
        n = 1 if what == "servant1" else 2
        say(state, "day.card_servants", count=min(n, _meng(state).general))
        gain(state, seat, n)
    else:
        say(state, "day.card_action", location=what)
        push(state, {"k": "meng_location", "loc": what, "mode": frame["mode"]})


@kind("meng_location", RULE_ACTIONS)
def _location(state: SoloState, frame: dict, action: Action | None) -> None:
    (SPECIAL if frame["mode"] == "special" else DAY)[frame["loc"]](state)


# -- day (option A) ----------------------------------------------------------------------------
def _day_travel(state: SoloState) -> None:
    if _any_tile(state):
        push(state, {"k": "meng_travel"})
    else:
        say(state, "travel.no_tile")


def _day_wall(state: SoloState) -> None:
    seat = state.meng.seat
    if _meng(state).pool >= 1:
        say(state, "wall.place", count=1)
        wall.perform(state, seat, {"opt": "A", "dd": False})
    else:
        say(state, "wall.cannot")


def _day_jade(state: SoloState) -> None:
    seat = state.meng.seat
    house, price = choices.cheapest_jade(state, seat)
    if _meng(state).pool >= price:
        say(state, "jade.buy" if house >= 0 else "jade.buy_square", house=house + 1, price=price)
        jade_perform(state, seat, {"house": house, "dd": False})
    else:
        say(state, "jade.cannot", price=price)


def _day_intrigue(state: SoloState) -> None:
    seat = state.meng.seat
    had_medal = state.medal is None
    intrigue_perform(state, seat, {"opt": "A"})
    say(state, "intrigue.day_medal" if had_medal and state.medal == seat else "intrigue.day")


def _day_palace(state: SoloState) -> None:
    say(state, "palace.day")
    palace_perform(state, state.meng.seat, {"opt": "A"})


def _lower_slot(state: SoloState) -> int:
    return int(state.comp.profile.value("meng.decree_lower_slot"))


def _day_decree(state: SoloState) -> None:
    seat = state.meng.seat
    slot = choices.choose_decree(state, seat, free=False, lower_slot=_lower_slot(state))
    if slot is None:
        say(state, "decree.cannot")
        return
    say(state, "decree.buy", decree=state.decree_slots[slot], cost=decrees.cost(state, seat, slot))
    decrees.perform(state, seat, {"slot": slot, "dd": False})


def _day_canal(state: SoloState) -> None:
    pl = _meng(state)
    if pl.pool >= 1 and choices.canal_target(state, pl) is not None:
        _board_boat(state, "pool")
        push(state, {"k": "meng_claim"})
    else:
        say(state, "canal.cannot")


DAY: dict[str, Callable[[SoloState], None]] = {
    "travel": _day_travel, "wall": _day_wall, "jade": _day_jade, "intrigue": _day_intrigue,
    "palace": _day_palace, "decree": _day_decree, "canal": _day_canal,
}


# -- special cards: option B for free, servants from the general supply (else his supply) ----------
def _from_general(state: SoloState) -> str | None:
    pl = _meng(state)
    return "general" if pl.general >= 1 else "pool" if pl.pool >= 1 else None


def _special_travel(state: SoloState) -> None:
    say(state, "special.travel")
    for _ in range(2):
        push(state, {"k": "meng_step"})


def _special_wall(state: SoloState) -> None:
    seat = state.meng.seat
    pl = _meng(state)
    placed = 0
    for _ in range(2):
        src = _from_general(state)
        if src is None:
            break
        if src == "general":
            pl.general -= 1
        else:
            pl.pool -= 1
        state.wall.append([seat, 1])
        placed += 1
    say(state, "special.wall", count=placed)
    later = []
    if decrees.owns(state, seat, "wall_extra") and pl.general >= 1:
        later.append({"k": "wall_extra", "p": seat})
    push(state, *later, {"k": "wall_check"})


def _special_jade(state: SoloState) -> None:
    seat = state.meng.seat
    house, _ = choices.cheapest_jade(state, seat)
    say(state, "special.jade" if house >= 0 else "special.jade_square", house=house + 1)
    if house < 0:
        gain_jade(state, seat)
    else:  # the jade of the cheapest house, without paying for it
        state.jade_houses[house] -= 1
        _meng(state).jade += 1


def _special_intrigue(state: SoloState) -> None:
    say(state, "special.intrigue")
    move_intrigue(state, state.meng.seat, 3)


def _special_palace(state: SoloState) -> None:
    say(state, "special.palace")
    advance_envoy(state, state.meng.seat, 2)
    move_intrigue(state, state.meng.seat, 1)


def _special_decree(state: SoloState) -> None:
    seat = state.meng.seat
    slot = choices.choose_decree(state, seat, free=True, lower_slot=_lower_slot(state))
    src = _from_general(state)
    if slot is None or src is None:
        say(state, "decree.cannot")
        return
    pl = _meng(state)
    if src == "general":
        pl.general -= 1
    else:
        pl.pool -= 1
    state.decree_servants[slot].append(seat)
    d = state.comp.decrees[state.decree_slots[slot]]
    say(state, "special.decree", decree=d.id)
    if d.level < 3:
        add_vp(state, seat, d.vp)


def _special_canal(state: SoloState) -> None:
    say(state, "special.canal")
    push(state, {"k": "meng_special_boat"}, {"k": "meng_special_boat"})


@kind("meng_special_boat", RULE_SPECIAL)
def _special_boat(state: SoloState, frame: dict, action: Action | None) -> None:
    """One servant at a time: a boat that reaches 3 is rewarded before the next servant is placed."""
    src = _from_general(state)
    if src is not None and choices.canal_target(state, _meng(state)) is not None:
        _board_boat(state, src)
        push(state, {"k": "meng_claim"})


SPECIAL: dict[str, Callable[[SoloState], None]] = {
    "travel": _special_travel, "wall": _special_wall, "jade": _special_jade, "intrigue": _special_intrigue,
    "palace": _special_palace, "decree": _special_decree, "canal": _special_canal,
}


@kind("meng_step", RULE_TRAVEL)
def _step(state: SoloState, frame: dict, action: Action | None) -> None:
    """One travel step if any city still has a tile (each step is checked when it is taken)."""
    _day_travel(state)


# == canal and port rewards ======================================================================
def _board_boat(state: SoloState, src: str) -> None:
    pl = _meng(state)
    target = choices.canal_target(state, pl)
    assert target is not None
    new = "route" in target
    canal_place(state, pl, target, False, src)
    boat = pl.boats[-1] if new else pl.boats[target["boat"]]
    say(state, f"canal.{'new_boat' if new else 'load'}_{src}", port=boat.port, places=boat.places)


@kind("meng_claim", RULE_PORTS)
def _claim(state: SoloState, frame: dict, action: Action | None) -> None:
    """A boat with 3 servants is rewarded at once, in any port and any phase: a gift card the 1st and 2nd
    time (hard: the 5th start card took the 1st card space), then 4 VP each time, without limit."""
    m = state.meng
    pl = _meng(state)
    cap = state.comp.boat_capacity
    cards_max = int(state.comp.profile.value("meng.port_reward_cards"))
    for boat in [b for b in pl.boats if b.places >= cap]:
        pl.boats.remove(boat)
        pl.general += boat.servants
        m.claims += 1
        if m.markers["card"] < cards_max and state.deck:
            m.markers["card"] += 1
            say(state, "port.card", port=boat.port)
            push(state, {"k": "meng_draw", "dest": "discard" if m.dusk else "hand"})
        else:
            m.markers["vp"] += 1
            say(state, "port.vp", port=boat.port, vp=state.comp.port_vp)
            add_vp(state, m.seat, state.comp.port_vp)


def _draw_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "draw", "card": c} for c in sorted(state.deck)]


@kind("meng_draw", RULE_PORTS, _draw_options, chance=True)
def _draw(state: SoloState, frame: dict, action: Action | None) -> None:
    """A card gained at dusk goes to his discard pile; otherwise it joins today's cards."""
    assert action is not None
    state.deck.remove(action["card"])
    pl = _meng(state)
    (pl.discard if frame["dest"] == "discard" else pl.hand).append(action["card"])
    say(state, f"port.card_{frame['dest']}", card=action["card"], value=_value(state, action["card"]))


# == dusk ========================================================================================
def _dusk_start(state: SoloState, frame: dict, action: Action | None) -> None:
    m = state.meng
    m.dusk = True
    say(state, "dusk.start", cards=len(m.today))
    push(state, *({"k": "meng_dusk_card", "card": c, "i": i} for i, c in enumerate(m.today)),
         {"k": "meng_dusk_end"}, {**frame, "after_dusk": True})


def _pay_with_tiles(state: SoloState, need: int, spend: int | None = None) -> bool:
    """Trade travel tiles for servants when that makes `need` servants affordable, then return `spend`
    of them (default all) to his general supply. False: he cannot, even by trading."""
    pl = _meng(state)
    trades = choices.trades_needed(pl, need, state.comp.trades["servant"])
    if trades is None:
        return False
    for _ in range(trades):
        k = choices.doubles_for(pl, state.comp.trades["servant"])
        assert k is not None
        say(state, "dusk.trade")
        travel.trade(state, state.meng.seat, {"type": "trade", "for": "servant", "doubles": k})
    pay(pl, need if spend is None else spend)
    return True


def _dusk_free_travel(state: SoloState) -> None:
    if _any_tile(state):
        say(state, "dusk.free_travel")
        push(state, {"k": "meng_travel"})
    else:
        say(state, "dusk.skip")


def _dusk_travel(state: SoloState) -> None:
    cost = travel.travel_cost(state, state.meng.seat)
    if _any_tile(state) and _pay_with_tiles(state, cost):
        say(state, "dusk.travel", cost=cost)
        push(state, {"k": "meng_travel"})
    else:
        say(state, "dusk.skip")


def _dusk_wall(state: SoloState) -> None:
    seat = state.meng.seat
    if not _pay_with_tiles(state, 2, spend=1):  # needs 2: one back to the general supply, one onto the wall
        say(state, "dusk.skip")
        return
    _meng(state).pool -= 1
    state.wall.append([seat, 1])
    say(state, "dusk.wall")
    push(state, {"k": "wall_check"})


def _dusk_intrigue(state: SoloState) -> None:
    pl = _meng(state)
    if pl.intrigue < state.comp.intrigue_max and _pay_with_tiles(state, 1):
        say(state, "dusk.intrigue")
        move_intrigue(state, state.meng.seat, 2)
    else:
        say(state, "dusk.skip")


def _dusk_palace(state: SoloState) -> None:
    if _pay_with_tiles(state, 2):
        say(state, "dusk.palace")
        advance_envoy(state, state.meng.seat, 1)
        move_intrigue(state, state.meng.seat, 1)
    else:
        say(state, "dusk.skip")


def _dusk_canal(state: SoloState) -> None:
    pl = _meng(state)
    if choices.canal_target(state, pl) is None or not _pay_with_tiles(state, 2, spend=1):
        say(state, "dusk.skip")  # needs 2: one back to the general supply, one onto a boat
        return
    say(state, "dusk.canal")
    _board_boat(state, "pool")
    push(state, {"k": "meng_claim"})


DUSK: dict[str, Callable[[SoloState], None]] = {
    "free_travel": _dusk_free_travel, "travel": _dusk_travel, "wall": _dusk_wall, "intrigue": _dusk_intrigue,
    "palace": _dusk_palace, "canal": _dusk_canal,
}


@kind("meng_dusk_card", RULE_DUSK)
def _dusk_card(state: SoloState, frame: dict, action: Action | None) -> None:
    what = state.comp.profile.value("meng.dusk_actions")[frame["card"]]
    say(state, "dusk.card", card=frame["card"], action=what)
    DUSK[what](state)


@kind("meng_dusk_end", RULE_DUSK)
def _dusk_end(state: SoloState, frame: dict, action: Action | None) -> None:
    deck.end_dusk(state.meng)
    state.meng.dusk = False
    say(state, "dusk.end")


def _night(state: SoloState, frame: dict, action: Action | None) -> None:
    """gugong-de Nachtphase (Solo): the usual night, with Meng's matches fixed (see SoloState.fixed_matches)."""
    from ..phases import matches

    say(state, "night.matches", count=matches(state, state.meng.seat), day=state.day, rule=state.meng.night_rule)
    KINDS["night_dice"].resolve(state, frame, action)


# == travel: along the red arrows, or (map not in the box profile yet) where the table says =====
def _travel_options(state: SoloState, frame: dict) -> list[Action]:
    if choices.path_verified(state.comp):  # one option: resolved at once, nobody is asked
        city = choices.next_city(state, state.meng.seat)
        return [] if city is None else [{"type": "move", "city": city}]
    return [{"type": "move", "city": c} for c, t in enumerate(state.cities) if t is not None]


@kind("meng_travel", RULE_TRAVEL, _travel_options, chance=True)
def _travel(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    say(state, "travel.move", city=action["city"], tile=state.cities[action["city"]])
    KINDS["travel_move"].resolve(state, {"k": "travel_move", "p": state.meng.seat}, action)


# == engine frames that name Meng, resolved by his rules =========================================

def _tile_limit(state: SoloState, frame: dict, action: Action | None) -> None:
    """He trades 6 tiles for jade as soon as he can."""
    pl = _meng(state)
    need = state.comp.trades["jade"]
    while choices.tile_value(pl) >= need:
        k = choices.doubles_for(pl, need)
        if k is None:
            break
        say(state, "travel.trade_jade")
        travel.trade(state, state.meng.seat, {"type": "trade", "for": "jade", "doubles": k})


def _swap_vp(state: SoloState, frame: dict, action: Action | None) -> None:
    """Card swaps (travel tile, level-1 morning decree) give Meng 1 VP instead."""
    add_vp(state, state.meng.seat, 1)
    say(state, "swap_vp")


def _recover(state: SoloState, frame: dict, action: Action | None) -> None:
    pl = _meng(state)
    if state.meng.dusk:
        add_vp(state, state.meng.seat, 1)
        say(state, "tile.dusk_vp")
    elif pl.discard:
        card = pl.discard.pop()
        pl.hand.append(card)
        say(state, "tile.recover", card=card, value=_value(state, card))


def _jade_card(state: SoloState, frame: dict, action: Action | None) -> None:
    if state.meng.dusk:
        add_vp(state, state.meng.seat, 1)
        say(state, "tile.dusk_vp")
    elif _meng(state).hand:
        push(state, {"k": "meng_top_card"})


def _top_card_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "meng_card", "card": c} for c in sorted(_meng(state).hand)]


@kind("meng_top_card", RULE_TILES, _top_card_options, chance=True)
def _top_card(state: SoloState, frame: dict, action: Action | None) -> None:
    """The jade tile: he discards his top gift card whatever its value and takes the jade."""
    assert action is not None
    pl = _meng(state)
    pl.hand.remove(action["card"])
    pl.discard.append(action["card"])
    say(state, "tile.jade_card", card=action["card"], value=_value(state, action["card"]))
    gain_jade(state, state.meng.seat)


def _jade_pay(state: SoloState, frame: dict, action: Action | None) -> None:
    pl = _meng(state)
    if pl.pool >= 3:
        pay(pl, 3)
        say(state, "tile.jade_pay")
        gain_jade(state, state.meng.seat)


def _canal_place(state: SoloState, frame: dict, action: Action | None) -> None:
    """Travel tile / level-1 decree: a servant from his general supply onto his boat (or a new one)."""
    if _meng(state).general >= 1 and choices.canal_target(state, _meng(state)) is not None:
        _board_boat(state, "general")


def _benefit(state: SoloState, frame: dict, action: Action | None) -> None:
    which = choices.wall_benefit(state, state.meng.seat)
    if which is None:
        return
    seat = state.meng.seat
    move_intrigue(state, seat, -state.comp.benefits[which])
    say(state, f"wall.benefit_{which}")
    if which == "jade":
        gain_jade(state, seat)
    else:
        gain(state, seat, 1)


def _wall_extra(state: SoloState, frame: dict, action: Action | None) -> None:
    say(state, "wall.extra")
    wall.place_from_general(state, state.meng.seat)


def _port_claim(state: SoloState, frame: dict, action: Action | None) -> None:
    _claim(state, frame, None)


def _take_double(state: SoloState, frame: dict, action: Action | None) -> None:
    """Meng never uses his double servant (it marks his focus): always regular servants."""
    KINDS["take_double"].resolve(state, frame, {"type": "take_double", "double": False})


_MENG_KINDS: dict[str, Kind] = {
    "turn": Kind("meng_turn", _turn, None, RULE_DAY),
    "tile_limit": Kind("meng_tile_limit", _tile_limit, None, RULE_TILES),
    "swap_card": Kind("meng_swap", _swap_vp, None, RULE_TILES),
    "tile_recover": Kind("meng_recover", _recover, None, RULE_TILES),
    "tile_jade_card": Kind("meng_jade_card", _jade_card, None, RULE_TILES),
    "tile_jade_pay": Kind("meng_jade_pay", _jade_pay, None, RULE_TILES),
    "canal_place": Kind("meng_canal_place", _canal_place, None, RULE_PORTS),
    "claim": Kind("meng_port_claim", _port_claim, None, RULE_PORTS),
    "benefit": Kind("meng_benefit", _benefit, None, choices.RULE_BENEFIT),
    "wall_extra": Kind("meng_wall_extra", _wall_extra, None, RULE_ACTIONS),
    "take_double": Kind("meng_take_double", _take_double, None, RULE_ACTIONS),
}
_SETUP = Kind("meng_setup", _solo_setup, None, RULE_SETUP)
_DUSK = Kind("meng_dusk", _dusk_start, None, RULE_DUSK)
_NIGHT = Kind("meng_night", _night, None, RULE_NIGHT)


def override(state: SoloState, frame: dict) -> Kind | None:
    """Meng's replacement for an engine frame, or None to run the engine's own."""
    name = frame["k"]
    if frame.get("p") == state.meng.seat:
        return _MENG_KINDS.get(name)
    if name == "setup_start":
        return _SETUP
    if name == "night_dice":
        return _NIGHT if frame.get("after_dusk") else _DUSK
    return None
