"""The fixed fixture of 30 results the aggregates are checked against by hand (tests/stats/test_aggregates.py).

Three games, January 2026, one play a day at 20:00 local time:
- Gùgōng (days 1-12): Anna 40+k, Ben 50, Cleo 45 in play k (k = 1..12). Ben wins k <= 9, Anna and Ben share
  play 10 (50-50), Anna wins 11 and 12. Rows: during_game (Anna 30+k, minus 2 in plays 11-12; Ben 42; Cleo 35),
  jade (Anna 10, Ben 8, Cleo 10) and palace (only on the sheets of plays 11-12: Anna 2, Ben 0, Cleo 0).
- In the Year of the Dragon (days 13-22): Ben 30+2j, Cleo 40, Dirk 35 in play j (j = 1..10); Cleo wins j <= 4,
  Ben and Cleo share j = 5, Ben wins j >= 6. Plays 1-5 with the Great Wall. Rows: palaces (Ben 2j, Cleo 20,
  Dirk 15) and persons (Ben 30, Cleo 20, Dirk 20).
- Gùgōng solo (days 23-30): Anna against Meng (Meng starts), difficulty easy, easy, easy, normal, normal,
  normal, hard, hard; Anna 60 70 80 70 75 75 60 90, Meng 65 65 65 75 75 70 85 80 (play 5 shared).
Durations: 90 minutes (solo: 45).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from companion.core.registry import manifest
from companion.core.scoring import ScoreRow, ScoreSheet
from companion.stats.extract import edition_of, options_of, tags_of
from companion.stats.result import TRACKED, Result, rows_of, seats_of

DURING, JADE, PALACE = "gugong_score.row.during_game", "gugong_score.row.jade", "gugong_score.row.palace"
PALACES, PERSONS = "dragon.score.palaces", "dragon.score.persons"


def played(day: int) -> datetime:
    return datetime(2026, 1, day, 20, 0)


def _result(n: int, day: int, game: str, names: list[str], rows: list[tuple[str, list[float]]],
            setup: dict, people: int | None = None, start: int | None = None, minutes: int = 90) -> Result:
    totals = [sum(values[i] for _, values in rows) for i in range(len(names))]
    best = max(totals)
    sheet = ScoreSheet(game="gugong" if game.startswith("gugong") else game, players=names,
                       rows=[ScoreRow(code, values) for code, values in rows], totals=totals,
                       eligible=[True] * len(names), ranking=sorted(range(len(names)), key=lambda i: -totals[i]),
                       winners=[i for i, t in enumerate(totals) if t == best])
    m = manifest(game)
    options = options_of(m, setup)
    end = played(day)
    return Result(id=f"r-{n:02d}", game=game, source=TRACKED, played=end.timestamp(),
                  started=(end - timedelta(minutes=minutes)).timestamp(), game_id=f"{n:016x}",
                  seats=seats_of(sheet, people or len(names), []), rows=rows_of(sheet), solo=m.solo,
                  difficulty=setup.get("difficulty") if m.solo else None, edition=edition_of(options, setup),
                  options=options, tags=tags_of(m, options), start_seat=start,
                  extra={"sheet_game": sheet.game, "tiebreak": None, "notes": []})


def results() -> list[Result]:
    out = []
    for k in range(1, 13):
        anna_during = 30 + k - (2 if k >= 11 else 0)
        rows = [(DURING, [anna_during, 42, 35]), (JADE, [10, 8, 10])]
        if k >= 11:
            rows.append((PALACE, [2, 0, 0]))
        out.append(_result(len(out) + 1, k, "gugong", ["Anna", "Ben", "Cleo"], rows, {}))
    for j in range(1, 11):
        rows = [(PALACES, [2 * j, 20, 15]), (PERSONS, [30, 20, 20])]
        setup = {"great_wall": j <= 5, "edition": "2017", "super_event": "none"}
        out.append(_result(len(out) + 1, 12 + j, "dragon", ["Ben", "Cleo", "Dirk"], rows, setup))
    levels = ["easy"] * 3 + ["normal"] * 3 + ["hard"] * 2
    anna, meng = [60, 70, 80, 70, 75, 75, 60, 90], [65, 65, 65, 75, 75, 70, 85, 80]
    for s in range(8):
        rows = [(DURING, [anna[s] - 10, meng[s] - 5]), (JADE, [10, 5])]
        out.append(_result(len(out) + 1, 23 + s, "gugong-solo", ["Anna", "Meng"], rows,
                           {"difficulty": levels[s]}, people=1, start=1, minutes=45))
    return out


def store_all(store, owner: str | None = None) -> list[Result]:
    found = results()
    for r in found:
        store.save_result(r.to_record(), owner=owner)
    return found
