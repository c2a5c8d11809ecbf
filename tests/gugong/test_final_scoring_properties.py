"""Properties of the final scoring over random consistent end-of-game tables (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.profile import load_default
from companion.gugong.end_table import LEVEL3_DECREES, EndPlayer, EndTable, load_end_table, stack_heights
from companion.gugong.scoring import final_score

PROFILE = load_default("gugong")


@st.composite
def tables(draw) -> EndTable:
    n = draw(st.integers(2, 5))
    solo = n == 2 and draw(st.booleans())
    in_play = draw(st.lists(st.sampled_from(LEVEL3_DECREES), min_size=0, max_size=2, unique=True))
    steps = [draw(st.integers(0, 8)) for _ in range(n)]
    arrived = [i for i in range(n) if steps[i] == 8]
    order = draw(st.permutations(arrived))
    spaces = [draw(st.integers(0, 14)) for _ in range(n)]
    landing = draw(st.permutations(range(n)))
    heights = stack_heights(spaces, list(landing))
    players = []
    for i in range(n):
        decrees = draw(st.lists(st.sampled_from(in_play), unique=True)) if in_play else []
        players.append(
            EndPlayer(
                name=f"P{i}",
                vp=draw(st.integers(0, 120)),
                wall_servants=draw(st.integers(0, 4)),
                wall_double_servant=draw(st.booleans()),
                envoy_steps=steps[i],
                palace_arrival=order.index(i) + 1 if i in order else None,
                jade=draw(st.integers(0, 14)),
                intrigue=spaces[i],
                intrigue_height=heights[i],
                decrees=decrees,
                decree_servants=draw(st.integers(len(decrees), 6)),
                port_servants=draw(st.integers(0, 6)),
                meng=solo and i == 1,
            )
        )
    return EndTable(players=players)


@settings(max_examples=150, deadline=None)
@given(tables())
def test_sheet_is_consistent(table):
    sheet = final_score(table, PROFILE)
    n = len(table.players)
    for i in range(n):
        assert sum(r.values[i] for r in sheet.rows) == sheet.totals[i]  # a score pad adds up
        assert sheet.totals[i] >= 0
        if not sheet.eligible[i]:
            assert sheet.totals[i] == 0 and not table.players[i].meng
    assert sorted(sheet.ranking) == list(range(n))
    if any(sheet.eligible):
        assert len(sheet.winners) == 1  # intrigue positions all differ: a tie is always decided
        (w,) = sheet.winners
        assert sheet.eligible[w]
        assert sheet.totals[w] == max(t for t, e in zip(sheet.totals, sheet.eligible, strict=True) if e)
        assert sheet.ranking[0] == w
    else:
        assert sheet.winners == []
    assert [r.code for r in sheet.rows][:2] == ["gugong_score.row.during_game", "gugong_score.row.incomplete_wall"]
    # the documented JSON form scores the same
    assert final_score(load_end_table(table.to_dict(), PROFILE), PROFILE).totals == sheet.totals


@settings(max_examples=100, deadline=None)
@given(tables(), st.integers(0, 3))
def test_more_jade_never_scores_less(table, extra):
    before = final_score(table, PROFILE)
    table.players[0].jade += extra
    after = final_score(table, PROFILE)
    if before.eligible[0]:
        assert after.totals[0] >= before.totals[0]
