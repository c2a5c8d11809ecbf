"""Phases C-F and the last chance before scoring: feeding, execution (war glory, disasters,
infrastructure, emperor's projects, taxation), late shipping and administration."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from . import board, infra, ledger
from .box import Box
from .draws import can_draw, draw_frame
from .frames import Ask, handler, pop, push, rule
from .state import HALF_FOOD, LOCAL_SELLABLE, WHOLE_FOOD, YinziState

RULE_FEED = rule("5C Arbeiter ernähren")
RULE_WAR = rule("5D I Kriegsruhm")
RULE_DISASTER = rule("5D II Naturkatastrophen")
RULE_INFRA = rule("5D III Infrastruktur")
RULE_EMPEROR = rule("5D IV Vorhaben des Kaisers")
RULE_TAX = rule("5D V Besteuerung")
RULE_FINAL = rule("7 Spielende und Schlusswertung")
WAR_DISCS = ("war_bonds", "new_levies", "weakened_enemy")


# -- C feeding -------------------------------------------------------------------------------------
def food_need(state: YinziState, p: int) -> int:
    from .ledger import workers_on_board

    return -(-workers_on_board(state, p) // 3)


def stand_veterans(state: YinziState) -> None:
    """End of phase B: veterans whose player added no new workers to the war box stand up, in turn order,
    on the leftmost unoccupied field (RULES-Y 5B Fortschritte: Veteranen)."""
    for p in state.order:
        pl = state.players[p]
        if pl.veterans and pl.veterans_round < state.round:
            state.war_box.append([p, pl.veterans])
            pl.veterans = 0


def enter_feeding(state: YinziState, box: Box) -> list[Event]:
    stand_veterans(state)  # the action phase is over: feeding counts them in the war box
    events, frames = [], []
    for p in state.order:
        need = food_need(state, p)
        if state.bonus_of[p] == "feed_free" or need == 0:
            events.append(Event("yinzi.fed", {"player": p, "food": need, "free": need > 0, "misfortune": 0}))
            continue
        frames.append({"k": "feed", "p": p, "need": need, "halves": 0})
    push(state, *frames)
    return events


def feed_options(state: YinziState, box: Box, p: int) -> list[dict[str, Any]]:
    opts = [{"type": "feed", "src": s["src"]} for s in ledger.sources(state, p, set(WHOLE_FOOD) | set(HALF_FOOD))]
    if ledger.can_buy_local(state, box, p):
        opts.append({"type": "feed", "src": "market"})
    opts += [{"type": "feed", "src": d} for d in ("free_rice", "free_wheat") if board.cashable(state, p, d)]
    return opts


def _ask_feed(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    # workers must be fed if at all possible: "done" only once nothing is left to give
    opts = feed_options(state, box, frame["p"]) or [{"type": "feed_done"}]
    return Ask(frame["p"], "yinzi.feed", opts, RULE_FEED, params={"need": frame["need"], "paid": frame["halves"] / 2})


@handler("feed", _ask_feed)
def _feed(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    events = []
    if action["type"] == "feed":
        src = action["src"]
        if src == "market":
            ledger.return_cube(state, ledger.buy_local(state, box, p))
            frame["halves"] += 2
        elif src == "free_rice":
            events.append(board.cash(state, p, src))
            frame["halves"] += 4  # the disc gives 2 rice
        elif src == "free_wheat":
            events.append(board.cash(state, p, src))
            frame["halves"] += 2
        else:
            _, good = ledger.take_cube(state, p, src)
            ledger.return_cube(state, p)
            frame["halves"] += 2 if good in WHOLE_FOOD else 1
        if frame["halves"] < 2 * frame["need"]:
            return events
    pop(state, frame)
    missing = max(0, 2 * frame["need"] - frame["halves"])
    misfortune = -(-missing // 2)
    state.players[p].misfortune += misfortune
    return [*events, Event("yinzi.fed", {"player": p, "food": frame["need"], "free": False, "misfortune": misfortune})]


# -- D I war glory -----------------------------------------------------------------------------------
def enter_war(state: YinziState, box: Box) -> list[Event]:
    frames = []
    for p in state.order:
        if any(board.cashable(state, p, d) for d in WAR_DISCS):
            frames.append({"k": "war_discs", "p": p})
    push(state, *frames)
    return []


def _ask_war_discs(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    opts = [{"type": "cash", "field": d} for d in WAR_DISCS if board.cashable(state, p, d)]
    return Ask(p, "yinzi.war_discs", [*opts, {"type": "done"}], rule("5B Fortschritte: Krieg & Infrastruktur"))


@handler("war_discs", _ask_war_discs)
def _war_discs(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["type"] == "done":
        pop(state, frame)
        return []
    field = action["field"]
    events = [board.cash(state, p, field)]
    if field == "war_bonds":
        own = sum(w for q, w in state.war_box if q == p)
        ledger.gain_copper(state, p, own)
        events.append(Event("yinzi.war_bonds", {"player": p, "copper": own}))
    elif field == "new_levies":
        # the disc stands in the war box as one more worker (with the player's group, else alone)
        state.players[p].discs -= 1
        state.levies.append(p)
    else:
        state.weakened += 2
    return events


def war_strength(state: YinziState) -> list[tuple[int, int, int]]:
    """(player, workers, first field) for everyone in the war box (veterans stand there since the end of
    phase B), with the new-levies discs: with the player's group, else alone further right."""
    total: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (p, w) in enumerate(state.war_box):
        total[p] = total.get(p, 0) + w
        first.setdefault(p, i)
    extra_at = len(state.war_box)
    for p in state.levies:  # in the order the discs were placed
        total[p] = total.get(p, 0) + 1
        if p not in first:
            first[p] = extra_at
            extra_at += 1
    return [(p, total[p], first[p]) for p in total]


def war_symbols(state: YinziState, box: Box) -> int:
    tiles = box.v("infra.tiles")
    raw = sum(int(tiles[row["top"]]["war"]) for row in state.infra_rows if row["top"] is not None)
    return max(0, raw - state.weakened)


def resolve_war(state: YinziState, box: Box) -> list[Event]:
    vp = box.v("war.vp")
    strength = sorted(war_strength(state), key=lambda t: (-t[1], t[2]))
    workers = sum(t[1] for t in strength)
    symbols = war_symbols(state, box)
    won = workers >= symbols
    awards: list[tuple[int, int]] = []
    if strength and won:
        awards.append((strength[0][0], int(vp["won_first"])))
        if len(strength) > 1:
            awards.append((strength[1][0], int(vp["won_second"])))
    elif strength:
        awards.append((strength[0][0], int(vp["lost_first"])))
    events = [Event("yinzi.war_resolved", {"workers": workers, "symbols": symbols, "won": won})]
    for p, points in awards:
        pl = state.players[p]
        if pl.discs > 0:
            pl.discs -= 1
            pl.war_discs[str(points)] += 1
            events.append(Event("yinzi.war_glory", {"player": p, "vp": points}))
    # veterans: after the war is scored a player may lay up to two own workers aside for next round
    push(
        state,
        *(
            {"k": "veterans", "p": p}
            for p in state.order
            if board.cashable(state, p, "veterans") and any(q == p and w for q, w in state.war_box)
        ),
    )
    return events


def _ask_veterans(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    own = sum(w for q, w in state.war_box if q == frame["p"])
    opts = [{"type": "veterans", "keep": k} for k in range(min(2, own) + 1)]
    return Ask(frame["p"], "yinzi.veterans", opts, rule("5B Fortschritte: Veteranen"))


@handler("veterans", _ask_veterans)
def _veterans(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p, keep = frame["p"], action["keep"]
    if keep == 0:
        return []
    events = [board.cash(state, p, "veterans")]
    left = keep
    for entry in reversed(state.war_box):
        if entry[0] == p and left:
            take = min(entry[1], left)
            entry[1] -= take
            left -= take
    state.players[p].veterans += keep
    state.players[p].veterans_round = state.round
    events.append(Event("yinzi.veterans_kept", {"player": p, "workers": keep}))
    return events


# -- D II natural disasters --------------------------------------------------------------------------
def active_disasters(state: YinziState, box: Box) -> list[str]:
    tiles = box.v("infra.tiles")
    found = {tiles[row["top"]]["disaster"] for row in state.infra_rows if row["top"] is not None}
    return [d for d in ("wildfire", "flood", "drought") if d in found]  # each at most once per round


def enter_disasters(state: YinziState, box: Box) -> list[Event]:
    events, frames = [], []
    for disaster in active_disasters(state, box):
        events.append(Event("yinzi.disaster", {"disaster": disaster}))
        if disaster == "wildfire":
            frames += [{"k": "wildfire", "p": p} for p in state.order if ledger.own_factories(state, p)]
        elif disaster == "flood":
            for p in state.order:
                board.boat_step(state, box, p, -1)
        else:
            for p in state.order:
                frames += [{"k": "drought", "p": p, "province": prov} for prov in ledger.provinces_with_cubes(state, p)]
    push(state, *frames)
    return events


def _ask_wildfire(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [{"type": "wildfire", "factory": i} for i in ledger.own_factories(state, frame["p"])]
    return Ask(frame["p"], "yinzi.wildfire", opts, RULE_DISASTER)


@handler("wildfire", _ask_wildfire)
def _wildfire(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p = frame["p"]
    f = state.factories[action["factory"]]
    f["level"] -= 1
    state.players[p].discs += 1
    if f["level"] == 0:
        f["owner"] = None  # the tile stays; anybody may claim it later with an upgrade
    events = [Event("yinzi.factory_burnt", {"player": p, "factory": action["factory"], "level": f["level"]})]
    if len(f["wares"]) > f["level"]:
        if len(set(f["wares"])) == 1 or f["level"] == 0:
            events += _drop_wares(state, f, len(f["wares"]) - f["level"])
        else:
            push(state, {"k": "wildfire_ware", "p": p, "factory": action["factory"]})
    return events


def _drop_wares(state: YinziState, f: dict[str, Any], n: int, owner: int | None = None) -> list[Event]:
    events = []
    for _ in range(n):
        q = owner if owner is not None else f["wares"][-1]
        f["wares"].remove(q)
        state.players[q].wares += 1
        events.append(Event("yinzi.ware_lost", {"player": q}))
    return events


def _ask_wildfire_ware(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    f = state.factories[frame["factory"]]
    opts = [{"type": "drop_ware", "owner": q} for q in sorted(set(f["wares"]))]
    return Ask(frame["p"], "yinzi.wildfire_ware", opts, RULE_DISASTER)


@handler("wildfire_ware", _ask_wildfire_ware)
def _wildfire_ware(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    f = state.factories[frame["factory"]]
    events = _drop_wares(state, f, 1, action["owner"])
    if len(f["wares"]) <= f["level"]:
        pop(state, frame)
    return events


def _ask_drought(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    srcs = [s for s in ledger.sources(state, frame["p"]) if s["province"] == frame["province"]]
    opts = [{"type": "drought", "src": s["src"]} for s in srcs] or [{"type": "drought", "src": None}]
    return Ask(frame["p"], "yinzi.drought", opts, RULE_DISASTER, params={"province": frame["province"]})


@handler("drought", _ask_drought)
def _drought(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    if action["src"] is None:
        return []
    ledger.take_cube(state, frame["p"], action["src"])
    ledger.return_cube(state, frame["p"])
    return [Event("yinzi.drought_loss", {"player": frame["p"], "province": frame["province"]})]


# -- D III infrastructure ----------------------------------------------------------------------------
def enter_infra(state: YinziState, box: Box) -> list[Event]:
    events = infra.claim_rows(state, box)
    frames = []
    pool = len(state.infra_pool) - state.discard_hidden  # the face-down discard stack is never revealed
    for r, row in enumerate(state.infra_rows):
        if row["hidden"] > 0 and pool > 0:
            frames.append(draw_frame("infra", row=r))
            pool -= 1
    push(state, *frames)
    return events


def enter_personal_infra(state: YinziState, box: Box) -> list[Event]:
    push(state, *({"k": "personal", "p": p} for p in state.order if state.players[p].personal_infra))
    return []


def _ask_personal(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = infra.personal_options(state, box, frame["p"])
    return Ask(frame["p"], "yinzi.personal_infra", [*opts, {"type": "done"}], RULE_INFRA)


@handler("personal", _ask_personal)
def _personal(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    if action["type"] == "done":
        pop(state, frame)
        return []
    infra.start_fill(state, box, frame["p"], {"personal": True}, action["tile"])
    return []


# -- D IV emperor's projects --------------------------------------------------------------------------
def enter_emperor(state: YinziState, box: Box) -> list[Event]:
    events, frames = [], []
    spec = box.v("emperor.boxes")
    for name in spec:
        for p in state.emperor[name]:
            copper, silver = int(spec[name]["copper"]), int(spec[name]["silver"])
            if name == "road":
                if state.discard_known or state.discard_hidden:
                    frames.append({"k": "road", "p": p})
                else:
                    copper += 2  # no tile left in the discard stack: 2 more copper instead
            elif name == "waterway":
                board.boat_step(state, box, p)
            elif name == "bridge":
                frames.append({"k": "free_upgrade", "p": p, "why": "bridge"})
            ledger.gain_copper(state, p, copper)
            ledger.gain_silver(state, p, silver)
            events.append(Event("yinzi.emperor_reward", {"player": p, "box": name, "copper": copper, "silver": silver}))
    push(state, *frames)
    return events


def _ask_road(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [{"type": "road_tile", "tile": t} for t in sorted(set(state.discard_known))]
    if state.discard_hidden:
        opts.append({"type": "road_tile", "tile": None})  # one of the face-down tiles: the table enters it
    return Ask(frame["p"], "yinzi.road_tile", opts, RULE_EMPEROR)


@handler("road", _ask_road)
def _road(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p = frame["p"]
    if action["tile"] is None:
        push(state, draw_frame("infra_hidden", p=p))
        return []
    state.discard_known.remove(action["tile"])
    state.players[p].personal_infra.append({"tile": action["tile"]})
    return [Event("yinzi.personal_infra_taken", {"player": p, "tile": action["tile"]})]


# -- D V taxation ------------------------------------------------------------------------------------
def tax_due(state: YinziState, box: Box, p: int) -> int:
    pl = state.players[p]
    if state.bonus_of[p] == "no_taxation":
        return 0
    total = sum(c["fate"] for c in pl.played) + pl.tax_discs
    for low, high, silver in box.v("taxation.bands"):
        if low <= total <= high:
            return int(silver)
    return 0 if total < 3 else 2


def enter_taxation(state: YinziState, box: Box) -> list[Event]:
    events, frames = [], []
    for p in state.order:
        due = tax_due(state, box, p)
        if due == 0:
            events.append(Event("yinzi.taxed", {"player": p, "due": 0, "paid": 0, "misfortune": 0}))
        else:
            frames.append({"k": "tax", "p": p, "due": due})
    push(state, *frames)
    return events


def _ask_tax(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    opts: list[dict[str, Any]] = [{"type": "pay_tax"}]
    if ledger.can_sell_local(state):
        opts += [{"type": "sell_local", "src": s["src"]} for s in ledger.sources(state, p, LOCAL_SELLABLE)]
    return Ask(p, "yinzi.tax", opts, RULE_TAX, params={"due": frame["due"]})


@handler("tax", _ask_tax)
def _tax(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["type"] == "sell_local":
        price = ledger.sell_local(state, box, p, action["src"], state.bonus_of[p] == "better_sales")
        return [Event("yinzi.sold_local", {"player": p, "copper": price})]
    pop(state, frame)
    return pay_tax(state, box, p, frame["due"])


def pay_tax(state: YinziState, box: Box, p: int, due: int) -> list[Event]:
    """Pay silver, exchanging copper at the current rate; what is still missing costs all copper
    and one misfortune tile per missing silver (RULES-Y 5D V)."""
    paid, bought = ledger.pay_silver(state, box, p, due)
    missing = due - paid
    pl = state.players[p]
    copper_lost = 0
    if missing:
        copper_lost = pl.copper
        state.bank_copper += pl.copper
        pl.copper = 0
        pl.misfortune += missing
    return [
        Event(
            "yinzi.taxed",
            {
                "player": p,
                "due": due,
                "paid": paid,
                "exchanged": bought,
                "copper_lost": copper_lost,
                "misfortune": missing,
            },
        )
    ]


# -- E late shipping -------------------------------------------------------------------------------------
def enter_late_shipping(state: YinziState, box: Box) -> list[Event]:
    push(state, *({"k": "late", "p": p} for p in state.order))
    return []


# -- F administration ----------------------------------------------------------------------------------
def admin_cleanup(state: YinziState, box: Box) -> list[Event]:
    for p, pl in enumerate(state.players):
        pl.workers += sum(pl.boxes.values()) + pl.migr_lower + sum(w for q, w in state.war_box if q == p)
        if pl.veterans and pl.veterans_round < state.round:  # veterans fought again this round: home now
            pl.workers += pl.veterans
            pl.veterans = 0
        pl.workers += sum(pl.tableau.values())
        pl.boxes, pl.tableau = {}, {}
        pl.migr_lower, pl.migr_upper = pl.migr_upper, 0
        pl.discs += pl.tax_discs + state.levies.count(p)
        pl.tax_discs = 0
        pl.played = []
        pl.fate_used, pl.worker_used, pl.actions_done = [], [], 0
    state.war_box, state.levies, state.weakened = [], [], 0
    state.emperor = {b: [] for b in state.emperor}
    state.last_order = list(state.order)
    state.prov_order = list(state.order)
    state.bonus_of = [None] * len(state.players)
    return [Event("yinzi.round_ended", {"round": state.round, "rate": box.rate(state.die)})]


# -- 7 the last chance before scoring ---------------------------------------------------------------------
def _ask_final(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    opts: list[dict[str, Any]] = []
    if ledger.can_sell_local(state):
        opts += [{"type": "sell_local", "src": s["src"]} for s in ledger.sources(state, p, LOCAL_SELLABLE)]
    opts += infra.personal_options(state, box, p)
    return Ask(p, "yinzi.final_opportunity", [*opts, {"type": "done"}], RULE_FINAL)


@handler("final", _ask_final)
def _final(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["type"] == "done":
        pop(state, frame)
        return []
    if action["type"] == "sell_local":
        price = ledger.sell_local(state, box, p, action["src"], False)
        return [Event("yinzi.sold_local", {"player": p, "copper": price})]
    infra.start_fill(state, box, p, {"personal": True}, action["tile"])
    return []


__all__ = ["can_draw"]
