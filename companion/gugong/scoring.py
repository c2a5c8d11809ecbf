"""Gùgōng's final scoring, in the rulebook's order (gugong-de "Spielende", p. 14).

    1. incomplete Great Wall (majority: VP + envoy step; intrigue breaks ties; no intrigue benefits)
    2. level-3 decrees, "1 VP per 3 VP" first (it counts the VP on the track at that moment)
    3. palace arrival order
    4. jade (1/3/6/10/15, then +2 per further jade)
    then players whose envoy is not in the palace drop to 0 and cannot win (solo: Meng may win
    without the palace, he only scores no palace VP); the highest total wins; ties go by intrigue.

Every printed number comes from the box profile (data/gugong/profile/scoring.yaml). The sheet's
rows sum to the totals: an eliminated player gets a "not in palace" row that cancels their points.
Notes carry a code + params for translation and an English `text` for the terminal.
`end_table(state)` reads a game's end-of-game table (end_table.py) from the engine's state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core import box
from companion.core.profile import BoxProfile
from companion.core.provenance import unverified
from companion.core.scoring import ScoreRow, ScoreSheet, rank_players

from .decrees import owned
from .end_table import LEVEL3_DECREES, EndPlayer, EndTable, english
from .state import GugongState

RULE = "gugong-de: Spielende (S. 14); gugong-nl: Einde van het spel"
ROW_VP = "gugong_score.row.during_game"
ROW_WALL = "gugong_score.row.incomplete_wall"
ROW_DECREE = "gugong_score.row.decree.{}"
ROW_PALACE = "gugong_score.row.palace"
ROW_JADE = "gugong_score.row.jade"
ROW_ELIMINATED = "gugong_score.row.not_in_palace"
TIEBREAK = "gugong_score.tiebreak.intrigue"


@dataclass
class _Progress:
    """What the scoring steps change as they go: VP on the track and the envoys."""

    vp: list[int]
    envoy_steps: list[int]
    arrival: list[int | None]


def final_score(table: EndTable, profile: BoxProfile | None = None, *, final: bool = True) -> ScoreSheet:
    """The final score sheet of an end-of-game table (checked first; EndTableError if inconsistent).

    Pass the game's profile (loading the default reads every YAML file, ~25 ms). An engine scoring a
    game still in progress ("if it ended now") passes final=False; the sheet says so.
    """
    profile = profile or box.profile("gugong")
    if table.overrides:
        profile = profile.with_overrides(table.overrides)
    table.check(profile)
    players = table.players
    progress = _Progress([p.vp for p in players], [p.envoy_steps for p in players], [p.palace_arrival for p in players])
    notes: list[dict[str, Any]] = []
    used: set[str] = set()
    rows = [ScoreRow(ROW_VP, [float(p.vp) for p in players])]
    rows.append(_wall(table, profile, progress, notes, used))
    rows += _decrees(table, profile, progress, used)
    rows.append(_palace(table, profile, progress, used))
    rows.append(_jade(table, profile, progress, used))
    totals, eligible = _eliminate(table, rows, progress, final, notes)
    keys = [_intrigue_key(table, i) for i in range(len(players))]
    ranking, winners, info = rank_players(totals, eligible, [keys], TIEBREAK)
    tiebreak = _explain_tiebreak(table, info, winners, totals, notes)
    if not winners:
        _note(notes, "gugong_score.note.no_winner")
    for key in sorted(used):
        fact = profile.fact(key)
        if not fact.verified:
            _note(notes, "gugong_score.note.unverified_fact", key=key, value=fact.value, status=fact.status)
    return ScoreSheet(game="gugong", players=[p.name for p in players], rows=rows, totals=totals, eligible=eligible,
                      ranking=ranking, winners=winners, tiebreak=tiebreak, final=final, notes=notes)


def _eliminate(table: EndTable, rows: list[ScoreRow], progress: _Progress, final: bool,
               notes: list) -> tuple[list[float], list[bool]]:
    """Players whose envoy is not in the palace drop to 0 (a row cancels their points); Meng is exempt.
    During the game the sheet is a projection: nobody is out yet, the palace is still to be reached."""
    players = table.players
    n = len(players)
    subtotal = [sum(r.values[i] for r in rows) for i in range(n)]
    in_palace = [progress.arrival[i] is not None or p.meng for i, p in enumerate(players)]
    eligible = in_palace if final else [True] * n
    if not final:
        for i in range(n):
            if not in_palace[i]:
                _note(notes, "gugong_score.note.not_yet_in_palace", player=players[i].name)
    if not all(eligible):
        behind = [[] if eligible[i] else sorted({k for r in rows for k in r.facts_behind(i)}) for i in range(n)]
        rows.append(ScoreRow(ROW_ELIMINATED, [0.0 if eligible[i] else -subtotal[i] for i in range(n)], {},
                             behind if any(behind) else []))
        for i in range(n):
            if not eligible[i]:
                _note(notes, "gugong_score.note.not_in_palace", player=players[i].name, points=_int(subtotal[i]))
    return [subtotal[i] if eligible[i] else 0.0 for i in range(n)], eligible


# -- the four steps ------------------------------------------------------------------------------
def _wall(table: EndTable, profile: BoxProfile, progress: _Progress, notes: list, used: set) -> ScoreRow:
    """Step 1: an incomplete wall with at least 1 servant is scored for majority, as usual."""
    players = table.players
    values = [0.0] * len(players)
    strength = [p.wall_strength for p in players]
    params: dict[str, Any] = {"strength": strength, "winner": None}
    if max(strength) == 0:
        return ScoreRow(ROW_WALL, values, params)
    leaders = [i for i, s in enumerate(strength) if s == max(strength)]
    winner = max(leaders, key=lambda i: _intrigue_key(table, i))
    params["winner"] = winner
    if len(leaders) > 1:
        params["tied"] = leaders
        _note(
            notes,
            "gugong_score.note.wall_tie",
            winner=players[winner].name,
            servants=max(strength),
            tied=_names(table, leaders),
            **_intrigue_params(table, winner),
        )
    vp = _fact(profile, "wall_majority_vp", used)
    values[winner] += vp
    overflow, arrived = _move_envoy(
        winner, _fact(profile, "final_scoring.wall_majority_envoy_steps", used), profile, progress, used
    )
    values[winner] += overflow
    if arrived is not None:
        params["arrived"] = arrived
        _note(notes, "gugong_score.note.wall_reaches_palace", player=players[winner].name, arrival=arrived)
    progress.vp[winner] += int(values[winner])
    keys = ["wall_majority_vp", "final_scoring.wall_majority_envoy_steps", "palace_steps"]
    keys += ["final_scoring.palace_overflow_vp_per_step"] if overflow else []
    return ScoreRow(ROW_WALL, values, params, _behind(profile, {winner: keys}, len(players)))


def _move_envoy(i: int, steps: int, profile: BoxProfile, progress: _Progress, used: set) -> tuple[int, int | None]:
    """Envoy steps; past the palace each step is VP instead. Returns (VP, new arrival or None)."""
    track = _fact(profile, "palace_steps", used)
    before = progress.envoy_steps[i]
    after = before + steps
    arrived = None
    if before < track <= after:
        arrived = 1 + max((a for a in progress.arrival if a is not None), default=0)
        progress.arrival[i] = arrived
    progress.envoy_steps[i] = min(after, track)
    overflow_steps = after - max(before, track) if after > track else 0
    return overflow_steps * _fact(profile, "final_scoring.palace_overflow_vp_per_step", used), arrived


def _decrees(table: EndTable, profile: BoxProfile, progress: _Progress, used: set) -> list[ScoreRow]:
    """Step 2: one row per level-3 decree anybody owns; "1 VP per 3 VP" first (LEVEL3_DECREES order)."""
    rows = []
    for decree in LEVEL3_DECREES:
        owners = [i for i, p in enumerate(table.players) if decree in p.decrees]
        if not owners:
            continue
        values = [0.0] * len(table.players)
        for i in owners:
            values[i] = float(_decree_vp(decree, table, i, profile, progress, used))
        # "1 per 3 VP" reads the track *before* the other level-3 decrees add to it.
        for i in owners:
            progress.vp[i] += int(values[i])
        behind = _behind(profile, {i: [DECREE_FACTS[decree]] for i in owners}, len(table.players))
        rows.append(ScoreRow(ROW_DECREE.format(decree), values, {"decree": decree}, behind))
    return rows


DECREE_FACTS = {  # the fact each level-3 decree's end VP reads
    "vp_per_3_vp": "final_scoring.decree_vp_per_3_vp",
    "eight_vp": "final_scoring.decree_eight_vp",
    "vp_per_jade": "final_scoring.decree_vp_per_jade",
    "vp_per_decree_servant": "final_scoring.decree_vp_per_decree_servant",
    "vp_per_port_servant": "final_scoring.decree_vp_per_port_servant",
}


def _decree_vp(decree: str, table: EndTable, i: int, profile: BoxProfile, progress: _Progress, used: set) -> int:
    p = table.players[i]
    if decree == "vp_per_3_vp":
        rule = _fact(profile, "final_scoring.decree_vp_per_3_vp", used)
        return min(rule["max"], progress.vp[i] // rule["per"] * rule["vp"])
    if decree == "eight_vp":
        return _fact(profile, "final_scoring.decree_eight_vp", used)
    if decree == "vp_per_jade":
        rule = _fact(profile, "final_scoring.decree_vp_per_jade", used)
        return min(rule["max"], p.jade * rule["vp"])
    if decree == "vp_per_decree_servant":
        return p.decree_servants * _fact(profile, "final_scoring.decree_vp_per_decree_servant", used)
    if decree == "vp_per_port_servant":
        return p.port_servants * _fact(profile, "final_scoring.decree_vp_per_port_servant", used)
    raise AssertionError(f"unhandled level-3 decree {decree!r}")  # EndTable.check refuses unknown ids


def _palace(table: EndTable, profile: BoxProfile, progress: _Progress, used: set) -> ScoreRow:
    """Step 3: VP of the arrival space; no envoy in the palace, no palace VP (Meng included)."""
    values = []
    keys: dict[int, list[str]] = {}
    for i in range(len(table.players)):
        arrival = progress.arrival[i]
        if arrival is not None:
            keys[i] = [f"final_scoring.palace_arrival_vp_{arrival}"]
        values.append(0.0 if arrival is None else float(_fact(profile, keys[i][0], used)))
    behind = _behind(profile, keys, len(table.players))
    return ScoreRow(ROW_PALACE, values, {"arrival": list(progress.arrival)}, behind)


def jade_vp(jade: int, ladder: list[int], beyond: int) -> int:
    """1/2/3/4/5 jade = 1/3/6/10/15 VP (the printed ladder), each further jade `beyond` more."""
    if jade <= 0:
        return 0
    if jade <= len(ladder):
        return ladder[jade - 1]
    return ladder[-1] + (jade - len(ladder)) * beyond


def _jade(table: EndTable, profile: BoxProfile, progress: _Progress, used: set) -> ScoreRow:
    """Step 4: the jade collection."""
    ladder = _fact(profile, "final_scoring.jade_vp_ladder", used)
    beyond = _fact(profile, "final_scoring.jade_vp_each_beyond", used)
    beyond_key = "final_scoring.jade_vp_each_beyond"
    keys = {i: ["final_scoring.jade_vp_ladder", *([beyond_key] if p.jade > len(ladder) else [])]
            for i, p in enumerate(table.players) if p.jade > 0}
    return ScoreRow(
        ROW_JADE,
        [float(jade_vp(p.jade, ladder, beyond)) for p in table.players],
        {"jade": [p.jade for p in table.players]},
        _behind(profile, keys, len(table.players)),
    )


# -- intrigue tie-break --------------------------------------------------------------------------
def _intrigue_key(table: EndTable, i: int) -> int:
    """Further along the intrigue track wins; on one space the higher marker in the stack wins."""
    p = table.players[i]
    return p.intrigue * 100 + p.intrigue_height


def _intrigue_params(table: EndTable, i: int) -> dict[str, Any]:
    p = table.players[i]
    return {"space": p.intrigue, "height": p.intrigue_height}


def _explain_tiebreak(
    table: EndTable, info: dict | None, winners: list[int], totals: list[float], notes: list
) -> dict[str, Any] | None:
    if info is None:
        return None
    tied = info["params"]["tied"]
    if len(winners) != 1:  # cannot happen with a consistent table (intrigue positions all differ)
        return {"code": "shared_victory", "params": {"tied": tied, "names": _names(table, tied)}}
    w = winners[0]
    others = [i for i in tied if i != w]
    same_space = all(table.players[i].intrigue == table.players[w].intrigue for i in others)
    code = "gugong_score.note.tiebreak_stack" if same_space else "gugong_score.note.tiebreak_space"
    params = {
        "winner": table.players[w].name,
        "tied": _names(table, tied),
        "points": _int(totals[w]),
        **_intrigue_params(table, w),
    }
    _note(notes, code, **params)
    return {
        "code": TIEBREAK,
        "params": {
            "tied": tied,
            "decided": [w],
            "level": 0,
            "same_space": same_space,
            "names": _names(table, tied),
            "intrigue": {
                table.players[i].name: [table.players[i].intrigue, table.players[i].intrigue_height] for i in tied
            },
        },
    }


# -- helpers -------------------------------------------------------------------------------------
def _behind(profile: BoxProfile, keys: dict[int, list[str]], n: int) -> list[list[str]]:
    """ScoreRow.unverified: per player, the unverified facts among those the value was computed from (none: [])."""
    out = [unverified(profile, keys.get(i, ())) for i in range(n)]
    return out if any(out) else []


def _fact(profile: BoxProfile, key: str, used: set) -> Any:
    used.add(key)
    return profile.value(key)


def _names(table: EndTable, indices: list[int]) -> str:
    return ", ".join(table.players[i].name for i in indices)


def _int(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def _note(notes: list, code: str, **params: Any) -> None:
    notes.append({"code": code, "params": params, "text": english(code, **params)})


# -- the engine's end-of-game table ---------------------------------------------------------------
def end_table(state: GugongState) -> EndTable:
    """What the final scoring reads, taken from a game's state."""
    return EndTable([end_player(state, s) for s in range(state.n)])


def end_player(state: GugongState, seat: int) -> EndPlayer:
    pl = state.players[seat]
    same_space = sorted((p for p in state.players if p.intrigue == pl.intrigue), key=lambda p: p.intrigue_seq)
    mine = owned(state, seat)
    return EndPlayer(
        name=state.names[seat],
        vp=pl.vp,
        wall_servants=sum(1 for s, size in state.wall if s == seat and size == 1),
        wall_double_servant=any(s == seat and size > 1 for s, size in state.wall),
        envoy_steps=pl.envoy,
        palace_arrival=state.arrivals.index(seat) + 1 if seat in state.arrivals else None,
        jade=pl.jade,
        intrigue=pl.intrigue,
        intrigue_height=same_space.index(pl) + 1,
        decrees=[d for d in mine if d in LEVEL3_DECREES],
        decree_servants=len(mine),
        port_servants=sum(pl.rewards.values()),
    )
