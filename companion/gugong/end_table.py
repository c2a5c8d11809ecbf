"""The end-of-game table: every fact Gùgōng's final scoring reads, and nothing else.

Two producers fill it:
- the rules engine, from its final state (`GAME.score(state)` builds an `EndTable` and calls
  `companion.gugong.scoring.final_score`), and
- players who did not track the game, from a JSON file (docs/gugong-end-table.md,
  data/schemas/gugong-end-table.schema.json) read by `python -m companion score gugong FILE`.

What it must describe is the table *after day 4's night and before the final scoring*
(gugong-de "Spielende", p. 14; gugong-nl "Einde van het spel"):

1. incomplete Great Wall  -> each player's servants on the wall (double servant counts 2),
                             envoy position (a wall majority moves the envoy 1 step and can
                             still bring it into the palace), intrigue for the tie-break;
2. level-3 decrees         -> which ones each player owns, VP scored during the game (for
                             "1 VP per 3 VP"), jade, own servants on decrees, servants on the
                             port-reward spaces of the player board;
3. palace arrival order    -> envoy steps and, for envoys in the palace, the arrival order;
4. jade                    -> jade owned;
then elimination of players whose envoy is not in the palace (solo: Meng is exempt) and the
intrigue tie-break (space on the track, then the higher marker in a stack).

Validation: the shape of a JSON document is checked by the one end-table check (companion.core.end_table,
run by the manifest's `score_table`); `EndTable.problems()` lists every inconsistency as a `Problem` (field
path, code, params); `EndTable.check()` raises `EndTableError` with all of them; `load_end_table(data)` builds
and checks the table.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.core import box
from companion.core.end_table import EndTableError as CoreEndTableError
from companion.core.end_table import Problem
from companion.core.profile import BoxProfile

from .score_texts import ENGLISH

TABLE_FORMAT = "gugong-end-table"
TABLE_VERSION = 1

# The 5 level-3 decree tiles (gugong-de "Dekrete", Stufe 3, p. 11), in the rulebook's order.
# "vp_per_3_vp" is scored before the other level-3 decrees (its own text says so).
LEVEL3_DECREES: tuple[str, ...] = (
    "vp_per_3_vp",  # 1 VP per 3 VP scored during the game, max 10
    "eight_vp",  # 8 VP
    "vp_per_jade",  # 2 VP per jade owned, max 10
    "vp_per_decree_servant",  # 2 VP per own servant above a decree, this one included
    "vp_per_port_servant",  # 2 VP per servant on the port-reward spaces of the player board
)

MIN_PLAYERS = 2  # solo is the human plus Meng: also 2 entries
MAX_PLAYERS = 5


def english(code: str, **params: Any) -> str:
    """The English text of a problem or note code (the code itself when the catalog lacks it)."""
    text = ENGLISH.get(code)
    if text is None:
        return code
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def problem(where: str, code: str, params: dict[str, Any] | None = None) -> Problem:
    """One thing wrong with a table: where, a translation code with parameters, and its English text."""
    return Problem(where, code, params or {}, english(code, **(params or {})))


class EndTableError(CoreEndTableError):
    """A table of the documented shape whose facts contradict each other (code "table_invalid.inconsistent");
    `problems` lists every one found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems, "inconsistent")


@dataclass(frozen=True)
class _Limits:
    """Board facts the consistency checks need, read from the box profile (owned by the engine's YAML)."""

    palace_steps: int  # "den 8. und damit letzten Schritt" (gugong-de, Palast)
    intrigue_spaces: int  # "auf 14 Schritte limitiert" (gugong-de, Intrige)
    decrees_per_level: int  # "zieht 2 Plättchen von jedem Stapel" (gugong-de, Spielaufbau)
    decree_servants: int  # each decree in play can be bought once per player
    port_servants: int  # port-reward spaces on a player board (double servant 1, card 2, 4 VP 3)

    @classmethod
    def of(cls, profile: BoxProfile) -> _Limits:
        per_level = int(profile.value("decrees_per_level"))
        levels = max(int(d["level"]) for d in profile.value("decrees"))
        return cls(
            palace_steps=int(profile.value("palace_steps")),
            intrigue_spaces=int(profile.value("intrigue_track_length")),
            decrees_per_level=per_level,
            decree_servants=per_level * levels,
            port_servants=sum(profile.value("reward_slots").values()),
        )


@dataclass
class EndPlayer:
    """One player's side of the table at the end of day 4, before the final scoring."""

    name: str
    vp: int = 0  # VP on the score track, i.e. scored during the game (before the final scoring)
    wall_servants: int = 0  # own servant cubes on the Great Wall (left after the last wall scoring)
    wall_double_servant: bool = False  # the double servant lies on the wall: it counts as 2 servants
    envoy_steps: int = 0  # envoy position on the palace track: 0 = start space, 8 = in the palace
    palace_arrival: int | None = None  # only when envoy_steps == 8: 1 = first envoy to arrive, 2 = second...
    jade: int = 0  # jade owned
    intrigue: int = 0  # intrigue track space, 0 = start space, 14 = last
    intrigue_height: int = 1  # position in the stack on that space: 1 = bottom (behind), 2 = on top of it...
    decrees: list[str] = field(default_factory=list)  # level-3 decrees owned (ids from LEVEL3_DECREES)
    decree_servants: int = 0  # own servants above decrees of any level (one per decree bought)
    port_servants: int = 0  # servants on the port-reward spaces of the player board (0..6)
    meng: bool = False  # solo: this is the Automa Meng (scores no palace VP without arrival, may still win)

    @property
    def wall_strength(self) -> int:
        """Servants on the wall as the majority counts them (the double servant counts 2)."""
        return self.wall_servants + (2 if self.wall_double_servant else 0)

    @property
    def in_palace(self) -> bool:
        return self.palace_arrival is not None


@dataclass
class EndTable:
    """The whole table. `overrides` are the owner's box-profile values (e.g. palace VP they read)."""

    players: list[EndPlayer]
    overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def solo(self) -> bool:
        return any(p.meng for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form (round-trips through `load_end_table`)."""
        players = []
        for p in self.players:
            d = asdict(p)
            if d["palace_arrival"] is None:
                del d["palace_arrival"]
            players.append(d)
        data: dict[str, Any] = {"format": TABLE_FORMAT, "version": TABLE_VERSION, "players": players}
        if self.overrides:
            data["profile"] = {"overrides": dict(self.overrides)}
        return data

    # -- consistency ---------------------------------------------------------------------------
    def problems(self, profile: BoxProfile | None = None) -> list[Problem]:
        """Every inconsistency: where, what is wrong and what would be right.

        Board facts (track lengths, decrees in play, port-reward spaces) come from the box profile.
        """
        profile = profile or box.profile("gugong")
        limits = _Limits.of(profile)
        out: list[Problem] = []
        n = len(self.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            out.append(problem("players", "gugong_score.problem.player_count", {"count": n}))
        out += self._player_problems(limits)
        out += self._name_problems()
        out += self._meng_problems()
        out += self._decree_problems(limits)
        out += self._palace_problems(limits.palace_steps)
        out += self._intrigue_problems()
        return out

    def check(self, profile: BoxProfile | None = None) -> EndTable:
        problems = self.problems(profile)
        if problems:
            raise EndTableError(problems)
        return self

    def _where(self, i: int, attr: str) -> str:
        return f"players[{i}] ({self.players[i].name or '?'}).{attr}"

    def _player_problems(self, limits: _Limits) -> list[Problem]:
        out = []
        for i, p in enumerate(self.players):
            for attr in ("vp", "wall_servants", "jade", "decree_servants", "port_servants"):
                if getattr(p, attr) < 0:
                    out.append(
                        problem(self._where(i, attr), "gugong_score.problem.negative", {"value": getattr(p, attr)})
                    )
            if not 0 <= p.envoy_steps <= limits.palace_steps:
                out.append(
                    problem(
                        self._where(i, "envoy_steps"),
                        "gugong_score.problem.envoy_range",
                        {"value": p.envoy_steps, "max": limits.palace_steps},
                    )
                )
            if not 0 <= p.intrigue <= limits.intrigue_spaces:
                out.append(
                    problem(
                        self._where(i, "intrigue"),
                        "gugong_score.problem.intrigue_range",
                        {"value": p.intrigue, "max": limits.intrigue_spaces},
                    )
                )
            if p.intrigue_height < 1:
                out.append(
                    problem(
                        self._where(i, "intrigue_height"),
                        "gugong_score.problem.height_min",
                        {"value": p.intrigue_height},
                    )
                )
            if p.decree_servants > limits.decree_servants:
                out.append(
                    problem(
                        self._where(i, "decree_servants"),
                        "gugong_score.problem.decree_servants_many",
                        {"value": p.decree_servants, "max": limits.decree_servants},
                    )
                )
            if p.port_servants > limits.port_servants:
                out.append(
                    problem(
                        self._where(i, "port_servants"),
                        "gugong_score.problem.port_servants_many",
                        {"value": p.port_servants, "max": limits.port_servants},
                    )
                )
        return out

    def _decree_problems(self, limits: _Limits) -> list[Problem]:
        out = []
        for i, p in enumerate(self.players):
            unknown = [d for d in p.decrees if d not in LEVEL3_DECREES]
            if unknown:
                out.append(
                    problem(
                        self._where(i, "decrees"),
                        "gugong_score.problem.unknown_decree",
                        {"decrees": ", ".join(unknown), "known": ", ".join(LEVEL3_DECREES)},
                    )
                )
            if len(set(p.decrees)) != len(p.decrees):
                out.append(problem(self._where(i, "decrees"), "gugong_score.problem.decree_twice"))
            if p.decree_servants < len(set(p.decrees)):
                out.append(
                    problem(
                        self._where(i, "decree_servants"),
                        "gugong_score.problem.decree_servants_few",
                        {"value": p.decree_servants, "owned": len(set(p.decrees))},
                    )
                )
        in_play = sorted({d for p in self.players for d in p.decrees if d in LEVEL3_DECREES}, key=LEVEL3_DECREES.index)
        if len(in_play) > limits.decrees_per_level:
            out.append(
                problem(
                    "decrees",
                    "gugong_score.problem.decrees_in_play",
                    {"decrees": ", ".join(in_play), "max": limits.decrees_per_level},
                )
            )
        return out

    def _name_problems(self) -> list[Problem]:
        out = []
        seen: set[str] = set()
        for i, p in enumerate(self.players):
            if not p.name.strip():
                out.append(problem(f"players[{i}].name", "gugong_score.problem.name_empty"))
            elif p.name in seen:
                out.append(problem(f"players[{i}].name", "gugong_score.problem.name_twice", {"name": p.name}))
            seen.add(p.name)
        return out

    def _meng_problems(self) -> list[Problem]:
        mengs = [i for i, p in enumerate(self.players) if p.meng]
        if mengs and (len(mengs) > 1 or len(self.players) != 2):
            return [
                problem("players", "gugong_score.problem.meng_solo", {"mengs": len(mengs), "count": len(self.players)})
            ]
        return []

    def _palace_problems(self, palace_steps: int) -> list[Problem]:
        out = []
        arrivals: dict[int, list[str]] = {}
        for i, p in enumerate(self.players):
            if p.envoy_steps == palace_steps and p.palace_arrival is None:
                out.append(
                    problem(
                        self._where(i, "palace_arrival"),
                        "gugong_score.problem.arrival_missing",
                        {"max": palace_steps},
                    )
                )
            elif p.palace_arrival is not None and p.envoy_steps != palace_steps:
                out.append(
                    problem(
                        self._where(i, "palace_arrival"),
                        "gugong_score.problem.arrival_not_in_palace",
                        {"steps": p.envoy_steps, "max": palace_steps},
                    )
                )
            if p.palace_arrival is not None:
                arrivals.setdefault(p.palace_arrival, []).append(p.name)
        for order, names in sorted(arrivals.items()):
            if len(names) > 1:
                out.append(
                    problem(
                        "palace_arrival",
                        "gugong_score.problem.arrival_shared",
                        {"names": ", ".join(names), "arrival": order},
                    )
                )
        taken = sorted(arrivals)
        if taken and taken != list(range(1, len(taken) + 1)):
            out.append(
                problem(
                    "palace_arrival",
                    "gugong_score.problem.arrival_gap",
                    {"arrivals": ", ".join(map(str, taken)), "count": len(taken)},
                )
            )
        return out

    def _intrigue_problems(self) -> list[Problem]:
        out = []
        stacks: dict[int, list[EndPlayer]] = {}
        for p in self.players:
            stacks.setdefault(p.intrigue, []).append(p)
        for space, group in sorted(stacks.items()):
            heights = sorted(p.intrigue_height for p in group)
            if heights != list(range(1, len(group) + 1)):
                out.append(
                    problem(
                        "intrigue_height",
                        "gugong_score.problem.intrigue_stack",
                        {
                            "space": space,
                            "count": len(group),
                            "heights": ", ".join(f"{p.name} {p.intrigue_height}" for p in group),
                        },
                    )
                )
        return out


def stack_heights(spaces: list[int], order: list[int]) -> list[int]:
    """Intrigue stack heights (1 = bottom) from each player's space and any "higher = on top" key.

    For engines that record stacking as a counter (the marker that landed last is on top):
    `stack_heights([5, 5, 2], [7, 3, 1]) == [2, 1, 1]`.
    """
    heights = []
    for i, space in enumerate(spaces):
        below = sum(1 for j, other in enumerate(spaces) if other == space and order[j] < order[i])
        heights.append(below + 1)
    return heights


# -- reading the documented JSON form ------------------------------------------------------------
def load_end_table(data: Any, profile: BoxProfile | None = None) -> EndTable:
    """Build the table from a JSON document of the documented shape and check its consistency.

    The shape (data/schemas/gugong-end-table.schema.json) was checked before, by the one end-table check
    (`companion.core.end_table`, run by the manifest's `score_table`). `profile` is the box profile to check
    against (default: the shipped one, loaded here); the file's own `profile.overrides` are applied on top of it.
    """
    players = [EndPlayer(**p) for p in data["players"]]
    overrides = dict((data.get("profile") or {}).get("overrides") or {})
    profile = profile or box.profile("gugong")
    return EndTable(players=players, overrides=overrides).check(profile.with_overrides(overrides))
