"""Krieg & Infrastruktur: the worker action that places workers in the war box and may fulfil one
face-up infrastructure tile (5B II), the war progress discs, and war glory (5D I Kriegsruhm)."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import components, exchange, infra, progress
from .migration import max_workers, release_unused
from .state import YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE_ACTION = "5B II Krieg & Infrastruktur"
RULE_WAR = "5D I Kriegsruhm"
RULE_DISCS = "5B Fortschritte: Krieg & Infrastruktur"
RULE_VETERANS = "5B Fortschritte: Veteranen"
WAR_DISCS = ("war_bonds", "new_levies", "weakened_enemy")
WEAKENED_BY = 2  # RULES-Y 5B Geschwächter Feind: "reduziert den feindlichen Wert um 2"
VETERANS = 2  # RULES-Y 5B Veteranen: "bis zu zwei seiner Arbeiter"


# -- 5B II: the worker action ---------------------------------------------------------------------------
def _counts(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    # veterans laid aside join this group and count towards its four-worker limit
    most = max(1, min(frame["n"], max_workers(state) - state.players[frame["p"]].veterans))
    return [{"type": "war", "workers": k} for k in range(1, most + 1)]


@decision("war_count", RULE_ACTION, _counts, lambda state, frame: {"workers": frame["n"]},
          decision_kind="yinzi.war_workers")
def _place(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p, k = frame["p"], action["workers"]
    pl = state.players[p]
    joining = pl.veterans if pl.veterans_round < state.round else 0
    pl.veterans -= joining
    state.war_box.append([p, k + joining])  # the leftmost unoccupied field; veterans laid aside join it
    events = [STEPS.event("war_placed", {"player": p, "workers": k, "field": len(state.war_box), "veterans": joining})]
    events += release_unused(state, p, frame["n"] - k, frame["from_lower"])
    push(state, {"k": "war_infra", "p": p})
    return events


def _tiles(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    p = frame["p"]
    opts: list[dict[str, Any]] = [
        {"type": "fulfil", "row": r}
        for r, row in enumerate(state.infra_rows)
        if row["top"] is not None
        and row["by"] is None
        and infra.feasible(state, p, infra.needs_of(state, row["top"]), infra.demand_of(state, row["top"])[0])
    ]
    return [*opts, {"type": "skip"}]


@decision("war_infra", RULE_ACTION, _tiles)
def _fulfil(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if action["type"] != "skip":
        infra.start_fill(state, frame["p"], {"row": action["row"]}, state.infra_rows[action["row"]]["top"])
    return []


def stand_veterans(state: YinziState) -> list[Event]:
    """End of phase B: veterans whose player added no new workers to the war box stand up, in turn order,
    on the leftmost unoccupied field (RULES-Y 5B Fortschritte: Veteranen). The events tell the table."""
    events = []
    for p in state.order:
        pl = state.players[p]
        if pl.veterans and pl.veterans_round < state.round:
            state.war_box.append([p, pl.veterans])
            events.append(STEPS.event("veterans_stood", {"player": p, "workers": pl.veterans,
                                                         "field": len(state.war_box)}))
            pl.veterans = 0
    return events


# -- 5D I: war discs, the war, veterans ------------------------------------------------------------------
@bookkeeping("war_progress", RULE_DISCS)
def war_discs(state: YinziState) -> list[Event]:
    push(state, *({"k": "war_discs", "p": p} for p in state.order
                  if any(progress.cashable(state, p, d) for d in WAR_DISCS)))
    return []


def _disc_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    opts = [{"type": "cash", "field": d} for d in WAR_DISCS if progress.cashable(state, frame["p"], d)]
    return [*opts, {"type": "done"}]


def own_in_war_box(state: YinziState, p: int) -> int:
    """Player p's workers in the war box, veterans laid aside at its edge included."""
    return sum(w for q, w in state.war_box if q == p) + state.players[p].veterans


def war_bonds(state: YinziState, p: int) -> list[Event]:
    """RULES-Y 5B Kriegsanleihen: 1 copper per own worker in the war box (on a turn or at war glory)."""
    own = own_in_war_box(state, p)
    exchange.gain_copper(state, p, own)
    return [STEPS.event("war_bonds", {"player": p, "copper": own})]


@decision("war_discs", RULE_DISCS, _disc_options)
def _cash(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if action["type"] == "done":
        return []
    again(state, frame)
    p, field = frame["p"], action["field"]
    events = [progress.cash(state, p, field)]
    if field == "war_bonds":
        events += war_bonds(state, p)
    elif field == "new_levies":
        # the disc stands in the war box as one more worker (with the player's group, else alone)
        state.players[p].discs -= 1
        state.levies.append(p)
    else:
        state.weakened += WEAKENED_BY
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


def war_symbols(state: YinziState) -> int:
    tiles = components.of(state).infra.tiles
    raw = sum(int(tiles[row["top"]]["war"]) for row in state.infra_rows if row["top"] is not None)
    return max(0, raw - state.weakened)


def awards(state: YinziState) -> tuple[list[tuple[int, int]], dict[str, Any]]:
    """Who earns which war-glory space: (player, VP) pairs, and the war's outcome."""
    vp = components.of(state).war.vp
    strength = sorted(war_strength(state), key=lambda t: (-t[1], t[2]))
    workers = sum(t[1] for t in strength)
    symbols = war_symbols(state)
    won = workers >= symbols
    out: list[tuple[int, int]] = []
    if strength and won:
        out.append((strength[0][0], int(vp["won_first"])))
        if len(strength) > 1:
            out.append((strength[1][0], int(vp["won_second"])))
    elif strength:
        out.append((strength[0][0], int(vp["lost_first"])))
    return out, {"workers": workers, "symbols": symbols, "won": won}


@bookkeeping("war_glory", RULE_WAR)
def resolve_war(state: YinziState) -> list[Event]:
    won, outcome = awards(state)
    # the war symbols are printed on the face-up tiles: the outcome rests on which tile shows how many
    on_tiles = components.TILES if any(row["top"] is not None for row in state.infra_rows) else ()
    events = [STEPS.event("war_resolved", components.tagged(state, outcome, symbols=on_tiles))]
    for p, points in won:
        pl = state.players[p]
        if pl.discs > 0:
            pl.discs -= 1
            pl.war_discs[str(points)] += 1
            events.append(STEPS.event("war_glory", components.tagged(state, {"player": p, "vp": points}, vp=on_tiles)))
    # veterans: after the war is scored a player may lay up to two own workers aside for next round
    push(state, *({"k": "veterans", "p": p} for p in state.order
                  if progress.cashable(state, p, "veterans") and any(q == p and w for q, w in state.war_box)))
    return events


def _keep_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    own = sum(w for q, w in state.war_box if q == frame["p"])
    return [{"type": "veterans", "keep": k} for k in range(min(VETERANS, own) + 1)]


@decision("veterans", RULE_VETERANS, _keep_options)
def _veterans(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p, keep = frame["p"], action["keep"]
    if keep == 0:
        return []
    events = [progress.cash(state, p, "veterans")]
    left = keep
    for entry in reversed(state.war_box):
        if entry[0] == p and left:
            take = min(entry[1], left)
            entry[1] -= take
            left -= take
    state.players[p].veterans += keep
    state.players[p].veterans_round = state.round
    events.append(STEPS.event("veterans_kept", {"player": p, "workers": keep}))
    return events
