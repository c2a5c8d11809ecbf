"""The aggregates on the fixed 30-result fixture (tests/stats/fixture.py), against values worked out by hand.

Worked out by hand from the fixture's description:
- Gùgōng: Anna 41..52 (mean 46.5, best 52, slope exactly +1 per play), 3 wins (play 10 shared, 11, 12);
  Ben 50 each time, 10 wins (1..10, play 10 shared); Cleo 45, no win.
- Dragon: Ben 32..50 (mean 41, best 50, slope +2), wins 5..10 = 6 (5 shared); Cleo 40, wins 1..5 = 5 (5 shared);
  Dirk 35, none.
- Competitive over both games: Ben 22 plays, 16 wins (2 shared); Cleo 22 plays, 5 wins (1 shared);
  Anna 12 plays, 3 wins (1 shared); Dirk 10 plays, 0 wins.
- Solo: Anna 8 plays, 5 wins (1 shared), mean 580/8 = 72.5, best 90, slope 75/42.
"""

from __future__ import annotations

from datetime import date

import pytest

from companion.stats import aggregate
from companion.stats.frames import Filters, apply, choices

from .fixture import DURING, JADE, PALACE


def test_thirty_plays_in_three_games_with_every_seat(frames30):
    assert len(frames30.results) == 30
    assert frames30.results["game"].value_counts().to_dict() == {"gugong": 12, "dragon": 10, "gugong-solo": 8}
    assert len(frames30.players) == 12 * 3 + 10 * 3 + 8 * 2
    # palace only on two sheets; Dragon's sheets on the pad's four rows (track, persons, monks, money)
    assert len(frames30.rows) == 12 * 2 * 3 + 2 * 3 + 10 * 4 * 3 + 8 * 2 * 2
    assert set(frames30.results["duration_min"]) == {90, 45}


def test_ranks_share_a_place_and_ties_for_first_are_wins_for_both(frames30):
    seats = frames30.players.set_index(["result_id", "name"])
    assert [seats.loc[("r-05", n), "rank"] for n in ("Ben", "Anna", "Cleo")] == [1, 2, 2]  # 50, 45, 45
    assert [seats.loc[("r-10", n), "rank"] for n in ("Anna", "Ben", "Cleo")] == [1, 1, 3]  # 50, 50, 45
    assert bool(seats.loc[("r-10", "Anna"), "winner"]) and bool(seats.loc[("r-10", "Ben"), "winner"])
    assert bool(seats.loc[("r-10", "Anna"), "shared"]) and not bool(seats.loc[("r-11", "Anna"), "shared"])


def test_competitive_per_person_over_every_game(frames30):
    comp = aggregate.overall(frames30).loc["competitive"]
    assert comp.loc["Ben", ["plays", "wins", "shared_wins"]].tolist() == [22, 16, 2]
    assert comp.loc["Cleo", ["plays", "wins", "shared_wins"]].tolist() == [22, 5, 1]
    assert comp.loc["Anna", ["plays", "wins", "shared_wins"]].tolist() == [12, 3, 1]
    assert comp.loc["Dirk", ["plays", "wins"]].tolist() == [10, 0]
    assert comp.loc["Ben", "win_rate"] == pytest.approx(16 / 22)
    assert list(comp.index) == ["Ben", "Cleo", "Anna", "Dirk"]  # most plays, then most wins


def test_solo_is_never_blended_into_competitive(frames30):
    overall = aggregate.overall(frames30)
    assert overall.loc[("solo", "Anna"), ["plays", "wins", "shared_wins"]].tolist() == [8, 5, 1]
    assert overall.loc[("solo", "Anna"), "win_rate"] == pytest.approx(5 / 8)
    assert overall.loc[("competitive", "Anna"), "plays"] == 12  # not 20
    assert "Meng" not in overall.index.get_level_values("name")


def test_average_best_and_trend_per_game(frames30):
    games = aggregate.per_game(frames30)
    anna = games.loc[("competitive", "gugong", "Anna")]
    assert (anna["plays"], anna["wins"], anna["average"], anna["best"]) == (12, 3, 46.5, 52.0)
    assert anna["trend"] == pytest.approx(1.0)
    assert games.loc[("competitive", "gugong", "Ben"), "trend"] == pytest.approx(0.0)
    ben = games.loc[("competitive", "dragon", "Ben")]
    assert (ben["wins"], ben["average"], ben["best"], ben["last"]) == (6, 41.0, 50.0, 50.0)
    assert ben["trend"] == pytest.approx(2.0)
    solo = games.loc[("solo", "gugong-solo", "Anna")]
    assert (solo["plays"], solo["wins"], solo["average"], solo["best"]) == (8, 5, 72.5, 90.0)
    assert solo["trend"] == pytest.approx(75 / 42)


def test_trend_needs_three_plays(frames30):
    two = apply(frames30, Filters(games=("gugong",), until=date(2026, 1, 2)))
    assert aggregate.per_game(two)["trend"].isna().all()
    three = apply(frames30, Filters(games=("gugong",), until=date(2026, 1, 3)))
    assert aggregate.per_game(three).loc[("competitive", "gugong", "Anna"), "trend"] == pytest.approx(1.0)


def test_average_per_category_and_the_winners_profile(frames30):
    cats = aggregate.categories(frames30, "gugong")
    assert list(cats.index) == [DURING, JADE, PALACE]  # sheet order
    # during: Anna 31..40 then 39, 40 (sum 434), Ben 42 x 12, Cleo 35 x 12, over 36 sheets
    assert cats.loc[DURING, "average"] == pytest.approx((434 + 504 + 420) / 36)
    assert cats.loc[JADE, "average"] == pytest.approx((10 + 8 + 10) / 3)
    assert cats.loc[PALACE, "average"] == pytest.approx(4 / 36)  # missing from 34 sheets: 0 there
    # winners' sheets: Ben in plays 1-10 (42, 8, 0), Anna in 10 (40, 10, 0), 11 (39, 10, 2), 12 (40, 10, 2)
    assert cats.loc[DURING, "winners"] == pytest.approx((420 + 40 + 39 + 40) / 13)
    assert cats.loc[JADE, "winners"] == pytest.approx((80 + 30) / 13)
    assert cats.loc[PALACE, "winners"] == pytest.approx(4 / 13)
    assert cats.loc[JADE, "difference"] == pytest.approx(110 / 13 - 28 / 3)
    dragon = aggregate.categories(frames30, "dragon")
    # the monthly palaces add up to the pad's track; persons stay persons
    assert dragon.loc["dragon.table.track", "average"] == pytest.approx((110 + 200 + 150) / 30)  # Ben 2j: 110
    assert dragon.loc["dragon.table.persons", "winners"] == pytest.approx((20 * 5 + 30 * 6) / 11)  # Cleo 1-5, Ben 5-10


def test_solo_person_against_meng_by_difficulty(frames30):
    table = aggregate.solo_by_difficulty(frames30).loc["gugong-solo"]
    assert table.loc["easy", ["plays", "wins"]].tolist() == [3, 2]
    assert table.loc["easy", "average"] == 70 and table.loc["easy", "automa_average"] == 65
    assert table.loc["normal", ["plays", "wins"]].tolist() == [3, 2]  # one of them shared with Meng
    assert table.loc["normal", "average"] == pytest.approx(220 / 3)
    assert table.loc["normal", "automa_average"] == pytest.approx(220 / 3)
    assert table.loc["hard", ["plays", "wins", "average", "automa_average"]].tolist() == [2, 1, 75, 82.5]
    assert table.loc["hard", "win_rate"] == 0.5
    series = aggregate.solo_series(frames30)
    assert len(series) == 16 and set(series["role"]) == {"player", "automa"}


def test_history_newest_first_with_scores_and_winners(frames30):
    history = aggregate.history(frames30)
    assert list(history["id"][:2]) == ["r-30", "r-29"] and history["id"].iloc[-1] == "r-01"
    play10 = history.set_index("id").loc["r-10"]
    assert play10["players"] == "Anna 50 · Ben 50 · Cleo 45" and play10["winners"] == "Anna, Ben"
    assert history.set_index("id").loc["r-30", "difficulty"] == "hard"


@pytest.mark.parametrize(("filters", "ids"), [
    (Filters(games=("dragon",)), [f"r-{n:02d}" for n in range(13, 23)]),
    (Filters(player="Dirk"), [f"r-{n:02d}" for n in range(13, 23)]),
    (Filters(player="Anna", games=("gugong-solo",)), [f"r-{n:02d}" for n in range(23, 31)]),
    (Filters(since=date(2026, 1, 12), until=date(2026, 1, 13)), ["r-12", "r-13"]),
    (Filters(tags=("great_wall",)), [f"r-{n:02d}" for n in range(13, 18)]),
    (Filters(tags=("difficulty=hard",)), ["r-29", "r-30"]),
    (Filters(games=("gugong",), tags=("great_wall",)), []),
])
def test_filters_by_game_player_period_and_options(frames30, filters, ids):
    shown = apply(frames30, filters)
    assert list(shown.results["id"]) == ids
    assert set(shown.players["result_id"]) == set(ids) and set(shown.rows["result_id"]) == set(ids)


def test_a_filter_recomputes_the_statistics(frames30):
    wall = apply(frames30, Filters(tags=("great_wall",)))
    comp = aggregate.overall(wall).loc["competitive"]
    assert comp.loc["Cleo", ["plays", "wins", "shared_wins"]].tolist() == [5, 5, 1]
    assert comp.loc["Ben", ["plays", "wins"]].tolist() == [5, 1]


def test_what_the_filters_offer(frames30):
    found = choices(frames30)
    assert found["games"] == ["gugong", "dragon", "gugong-solo"]
    assert found["players"] == ["Anna", "Ben", "Cleo", "Dirk"]  # Meng is not a player
    assert found["tags"] == ["difficulty=easy", "difficulty=hard", "difficulty=normal", "great_wall"]
    assert (found["first"], found["last"]) == (date(2026, 1, 1), date(2026, 1, 30))


def test_empty_history_gives_empty_tables():
    from companion.stats.frames import Frames

    empty = Frames.empty()
    assert aggregate.history(empty).empty and aggregate.overall(empty).empty and aggregate.per_game(empty).empty
    assert aggregate.categories(empty, "gugong").empty and aggregate.solo_by_difficulty(empty).empty
    assert choices(empty)["first"] is None
