"""Gùgōng final scoring (gugong-de "Spielende", p. 14; gugong-nl "Einde van het spel").

Each test cites the passage it checks. Tables are built the way the engine builds them
(EndTable in memory) or the way players describe them (JSON through load_end_table).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.errors import CompanionError, SetupError
from companion.core.profile import load_default
from companion.core.validate import InputError
from companion.gugong.end_table import EndPlayer, EndTable, EndTableError, load_end_table, stack_heights
from companion.gugong.scoring import final_score, jade_vp

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "gugong-end-table-example.json"


def player(name: str, **kw) -> EndPlayer:
    """A player in the palace unless told otherwise (envoy_steps < 8 drops the arrival)."""
    kw.setdefault("intrigue", 0)
    return EndPlayer(name=name, **kw)


def arrived(name: str, arrival: int, **kw) -> EndPlayer:
    return player(name, envoy_steps=8, palace_arrival=arrival, **kw)


def stack(*players: EndPlayer) -> list[EndPlayer]:
    """Give players sharing an intrigue space heights 1, 2, ... in the order given (first = bottom)."""
    seen: dict[int, int] = {}
    for p in players:
        seen[p.intrigue] = seen.get(p.intrigue, 0) + 1
        p.intrigue_height = seen[p.intrigue]
    return list(players)


def score(*players: EndPlayer, overrides: dict | None = None):
    return final_score(EndTable(players=stack(*players), overrides=overrides or {}))


def row(sheet, code: str) -> list[float]:
    return sheet.row(f"gugong_score.row.{code}").values


def note_codes(sheet) -> list[str]:
    return [n["code"] for n in sheet.notes]


# -- the rulebook's end-of-game order ------------------------------------------------------------
def test_end_of_game_order_example():
    """gugong-de "Spielende" (p. 14) / gugong-nl "Einde van het spel": the final scoring in order —
    (1) incomplete wall "wie üblich" (most servants: 3 SP and the envoy 1 step; "Dies kann dazu führen,
    dass ein Spieler doch noch den [Palast] erreicht und damit berechtigt ist, das Spiel zu gewinnen"),
    (2) level-3 decrees ("1 SP je 3 SP" scored "vor allen anderen Stufe 3 Dekreten"), (3) palace arrival
    order, (4) jade 1/3/6/10/15 +2 each; then players not in the palace are removed from the track;
    highest VP wins, ties by intrigue ("wir sind konsistent").

    Table = examples/gugong-end-table-example.json (documented in docs/gugong-end-table.md).
    """
    sheet = final_score(load_end_table(json.loads(EXAMPLE.read_text(encoding="utf-8"))))
    assert sheet.players == ["Anna", "Lisa", "Sebastian", "David"]
    assert [r.code for r in sheet.rows] == [
        "gugong_score.row.during_game",
        "gugong_score.row.incomplete_wall",
        "gugong_score.row.decree.vp_per_3_vp",
        "gugong_score.row.decree.eight_vp",
        "gugong_score.row.palace",
        "gugong_score.row.jade",
        "gugong_score.row.not_in_palace",
    ]
    # (1) Lisa 2 servants, Sebastian the double servant = 2; Sebastian's marker lies on Lisa's: he wins.
    assert row(sheet, "incomplete_wall") == [0, 0, 3, 0]
    # ... and his envoy (7 steps) reaches the palace as the 3rd arrival: 3 VP, eligible after all.
    assert row(sheet, "palace") == [7, 5, 3, 0]
    # (2) "1 per 3 VP" counts the wall points: (24 + 3) // 3 = 9; Anna's 38 // 3 = 12 is capped at 10.
    assert row(sheet, "decree.vp_per_3_vp") == [10, 0, 9, 0]
    assert row(sheet, "decree.eight_vp") == [8, 8, 8, 0]
    # (4) 7 jade = 15 + 2 + 2; 3 = 6; 2 = 3; 4 = 10.
    assert row(sheet, "jade") == [19, 6, 3, 10]
    # David (envoy on step 5) is removed: 0 points, cannot win, although he had the most VP.
    assert row(sheet, "not_in_palace") == [0, 0, 0, -62]
    assert sheet.totals == [82, 60, 50, 0]
    assert sheet.eligible == [True, True, True, False]
    assert sheet.winners == [0]
    assert sheet.ranking == [0, 1, 2, 3]
    assert note_codes(sheet) == [
        "gugong_score.note.wall_tie",
        "gugong_score.note.wall_reaches_palace",
        "gugong_score.note.not_in_palace",
    ]


def test_rows_always_sum_to_totals():
    """The sheet is a score pad: the rows of every column add up to its total (elimination included)."""
    sheet = final_score(load_end_table(json.loads(EXAMPLE.read_text(encoding="utf-8"))))
    for i in range(len(sheet.players)):
        assert sum(r.values[i] for r in sheet.rows) == sheet.totals[i]


# -- 1. incomplete wall ------------------------------------------------------------------------
def test_empty_wall_scores_nothing():
    """gugong-nl Einde van het spel: only "als er nog minimum 1 Dienaar op de Chinese Muur aanwezig is"."""
    sheet = score(arrived("A", 1, vp=10), arrived("B", 2, vp=10, intrigue=1))
    assert row(sheet, "incomplete_wall") == [0, 0]
    assert sheet.row("gugong_score.row.incomplete_wall").params["winner"] is None


def test_wall_majority_scores_3_vp():
    """gugong-de Spielende (1): "Der Spieler mit den meisten Dienern auf der Mauer erhält 3 Siegpunkte"."""
    sheet = score(arrived("A", 1, wall_servants=1), player("B", wall_servants=3, envoy_steps=5, intrigue=1))
    assert row(sheet, "incomplete_wall") == [0, 3]
    assert sheet.row("gugong_score.row.incomplete_wall").params["winner"] == 1


def test_double_servant_counts_two_on_the_wall():
    """gugong-de Doppelter Diener, Beispiel 1: on the wall the double servant counts as 2 servants."""
    sheet = score(
        arrived("A", 1, wall_servants=2, intrigue=5), arrived("B", 2, wall_servants=1, wall_double_servant=True)
    )
    # 2 against 3: B wins although A is further on intrigue (3 VP + 1 VP for the step beyond the palace).
    assert row(sheet, "incomplete_wall") == [0, 4]


def test_wall_tie_goes_to_intrigue_space():
    """gugong-de Intrige, Tie-Breaker: "gewinnt der Spieler ..., dessen Marker auf der Intrigeleiste weiter
    vorne ist"; used for the Chinese Wall scoring, also the incomplete one ("wie üblich")."""
    sheet = score(player("A", wall_servants=2, intrigue=4), player("B", wall_servants=2, intrigue=7))
    assert row(sheet, "incomplete_wall") == [0, 3]
    assert "gugong_score.note.wall_tie" in note_codes(sheet)


def test_wall_tie_on_one_intrigue_space_goes_to_the_top_marker():
    """gugong-de Intrige, Tie-Breaker: "Sind mehrere Marker auf dem gleichen Feld, so ist der oberste Marker
    weiter vorne" (cf. the Lisa/David wall example: Lisa's marker lies on David's)."""
    lisa = player("Lisa", wall_servants=3, intrigue=12)
    david = player("David", wall_servants=3, intrigue=12)
    sheet = score(david, lisa)  # David bottom, Lisa on top
    assert row(sheet, "incomplete_wall") == [0, 3]
    assert sheet.notes[0]["params"]["winner"] == "Lisa"


def test_wall_step_brings_the_envoy_into_the_palace():
    """gugong-de Spielende, Anmerkung: the wall step "kann dazu führen, dass ein Spieler doch noch den [Palast]
    erreicht und damit berechtigt ist, das Spiel zu gewinnen". The envoy takes the best free arrival space."""
    sheet = score(arrived("A", 1, vp=30), player("B", vp=40, envoy_steps=7, wall_servants=1, intrigue=1))
    assert sheet.eligible == [True, True]
    assert row(sheet, "palace") == [7, 5]
    assert sheet.row("gugong_score.row.incomplete_wall").params["arrived"] == 2
    assert sheet.totals == [37, 48]
    assert sheet.winners == [1]


def test_wall_step_does_not_reach_the_palace_from_further_back():
    """gugong-de Spielende: the wall moves the envoy 1 step only; from step 6 it stays outside (0, cannot win)."""
    sheet = score(arrived("A", 1, vp=10), player("B", vp=40, envoy_steps=6, wall_servants=1, intrigue=1))
    assert sheet.eligible == [True, False]
    assert sheet.totals == [17, 0]
    assert row(sheet, "not_in_palace") == [0, -43]


def test_wall_step_beyond_the_palace_is_1_vp():
    """gugong-de Palast: "Sobald der Bote den Palast erreicht hat, gibt dir jede Aktion die dich noch weiter
    aufsteigen lassen würde stattdessen je Schritt 1 Siegpunkt"."""
    sheet = score(arrived("A", 1, wall_servants=1), arrived("B", 2, intrigue=1))
    assert row(sheet, "incomplete_wall") == [4, 0]
    assert row(sheet, "palace") == [7, 5]


def test_no_intrigue_benefits_at_the_final_wall():
    """gugong-nl Einde van het spel: "(zonder de Intrigevoorwaarden)": nothing but 3 VP and the envoy step,
    so jade and servants stay as entered."""
    sheet = score(
        arrived("A", 1, wall_servants=2, intrigue=14, jade=1), arrived("B", 2, wall_servants=1, intrigue=9, jade=1)
    )
    assert row(sheet, "jade") == [1, 1]
    assert row(sheet, "incomplete_wall") == [4, 0]


# -- 2. level-3 decrees --------------------------------------------------------------------------
def test_vp_per_3_vp_rounds_down():
    """gugong-de Dekrete Stufe 3: "1 Siegpunkt für je 3 während des Spiels erhaltene Siegpunkte"."""
    sheet = score(arrived("A", 1, vp=29, decrees=["vp_per_3_vp"], decree_servants=1), arrived("B", 2, intrigue=1))
    assert row(sheet, "decree.vp_per_3_vp") == [9, 0]


def test_vp_per_3_vp_is_capped_at_10():
    """gugong-de Dekrete Stufe 3: "Du kannst dadurch maximal 10 Siegpunkte erhalten"."""
    sheet = score(arrived("A", 1, vp=90, decrees=["vp_per_3_vp"], decree_servants=1), arrived("B", 2, intrigue=1))
    assert row(sheet, "decree.vp_per_3_vp") == [10, 0]


def test_vp_per_3_vp_counts_the_wall_but_not_later_steps():
    """gugong-de Dekrete Stufe 3: "Wertet dieses Dekret vor allen anderen Stufe 3 Dekreten. Beachtet auch die
    Reihenfolge der Schlusswertung": it reads the track after the wall (step 1), before the other level-3
    decrees (8 VP here), the palace and the jade. Ruling in docs/rulings/gugong-scoring.md."""
    sheet = score(
        arrived("A", 1, vp=26, wall_servants=1, jade=5, decrees=["eight_vp", "vp_per_3_vp"], decree_servants=2),
        arrived("B", 2, intrigue=1),
    )
    # 26 + 4 (wall 3 + 1 VP for the step beyond the palace) = 30 -> 10; without the wall it would be 8.
    assert row(sheet, "incomplete_wall") == [4, 0]
    assert row(sheet, "decree.vp_per_3_vp") == [10, 0]
    codes = [r.code for r in sheet.rows]
    assert codes.index("gugong_score.row.decree.vp_per_3_vp") < codes.index("gugong_score.row.decree.eight_vp")


def test_vp_per_3_vp_ignores_the_8_vp_decree_scored_after_it():
    """gugong-de Dekrete Stufe 3 ("vor allen anderen Stufe 3 Dekreten"): 25 VP -> 8, not (25 + 8) // 3 = 11."""
    sheet = score(
        arrived("A", 1, vp=25, decrees=["vp_per_3_vp", "eight_vp"], decree_servants=2), arrived("B", 2, intrigue=1)
    )
    assert row(sheet, "decree.vp_per_3_vp") == [8, 0]
    assert row(sheet, "decree.eight_vp") == [8, 0]


@pytest.mark.parametrize(("jade", "vp"), [(0, 0), (1, 2), (4, 8), (5, 10), (6, 10), (12, 10)])
def test_vp_per_jade_decree(jade, vp):
    """gugong-de Dekrete Stufe 3: "2 zusätzliche Siegpunkte für jeden Jade ... maximal 10 Siegpunkte"."""
    sheet = score(arrived("A", 1, jade=jade, decrees=["vp_per_jade"], decree_servants=1), arrived("B", 2, intrigue=1))
    assert row(sheet, "decree.vp_per_jade") == [vp, 0]


def test_vp_per_decree_servant_counts_every_decree_servant():
    """gugong-de Dekrete Stufe 3: "2 Siegpunkte für jeden deiner Diener über einem Dekret, den hier eingesetzten
    eingeschlossen" (decrees of every level)."""
    sheet = score(arrived("A", 1, decrees=["vp_per_decree_servant"], decree_servants=4), arrived("B", 2, intrigue=1))
    assert row(sheet, "decree.vp_per_decree_servant") == [8, 0]


def test_vp_per_port_servant():
    """gugong-de Dekrete Stufe 3: "2 Siegpunkte für jeden Diener neben den Hafenbelohnungen auf deinem
    Spielertableau"."""
    sheet = score(
        arrived("A", 1, decrees=["vp_per_port_servant"], decree_servants=1, port_servants=3),
        arrived("B", 2, intrigue=1, port_servants=5),
    )
    assert row(sheet, "decree.vp_per_port_servant") == [6, 0]


def test_only_owned_decrees_get_rows():
    """gugong-de Spielende (2): "Die Spieler erhalten Siegpunkte für alle Dekrete der Stufe 3, die sie besitzen"."""
    sheet = score(arrived("A", 1), arrived("B", 2, intrigue=1))
    assert not [r for r in sheet.rows if ".decree." in r.code]


# -- 3. palace -------------------------------------------------------------------------------------
def test_palace_arrival_order_points():
    """gugong-de Palast example (Anna): "Die Orte mit 7 und 5 Siegpunkten sind schon besetzt, so dass sie ihren
    Boten auf das 3. Feld mit 3 Siegpunkten ... legt"; the 4th and 5th values are placeholders (2, 1)."""
    players = [arrived(n, i + 1, intrigue=i) for i, n in enumerate("ABCDE")]
    sheet = score(*players)
    assert row(sheet, "palace") == [7, 5, 3, 2, 1]
    unverified = [n["params"]["key"] for n in sheet.notes if n["code"] == "gugong_score.note.unverified_fact"]
    assert unverified == ["final_scoring.palace_arrival_vp_4", "final_scoring.palace_arrival_vp_5"]


def test_no_placeholder_note_when_only_confirmed_values_are_used():
    sheet = score(arrived("A", 1), arrived("B", 2, intrigue=1), arrived("C", 3, intrigue=2))
    assert "gugong_score.note.unverified_fact" not in note_codes(sheet)


def test_owner_overrides_replace_placeholders():
    """components/README.md: the owner's box values replace placeholders (status "owner", so no note)."""
    players = [arrived(n, i + 1, intrigue=i) for i, n in enumerate("ABCD")]
    sheet = score(*players, overrides={"final_scoring.palace_arrival_vp_4": 1})
    assert row(sheet, "palace") == [7, 5, 3, 1]
    assert "gugong_score.note.unverified_fact" not in note_codes(sheet)


def test_unknown_override_is_refused():
    with pytest.raises(SetupError, match="not a fact"):
        score(arrived("A", 1), arrived("B", 2, intrigue=1), overrides={"final_scoring.palace_vp_9": 1})


def test_two_envoys_cannot_share_a_palace_space():
    """gugong-de Palast: "Lege deinen Boten auf das Feld mit der höchsten Siegpunktzahl" — one envoy per space,
    so a tie in the arrival order is an inconsistent table, refused with what would be right."""
    with pytest.raises(EndTableError, match=r"A, B all have arrival 1; .*arrivals must differ"):
        score(arrived("A", 1), arrived("B", 1, intrigue=1))


def test_arrival_gap_is_refused():
    with pytest.raises(EndTableError, match="arrivals 1, 3 leave a gap; 2 envoys in the palace have arrivals 1 to 2"):
        score(arrived("A", 1), arrived("B", 3, intrigue=1))


# -- 4. jade ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("jade", "vp"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 17), (7, 19), (10, 25), (20, 45)]
)
def test_jade_ladder_and_beyond(jade, vp):
    """gugong-de Spielende (4): "1/3/6/10/15 Siegpunkte für den Besitz von 1/2/3/4/5 Jade. Jeder Jade über den
    5. hinaus bringt weitere 2 Siegpunkte"."""
    sheet = score(arrived("A", 1, jade=jade), arrived("B", 2, intrigue=1))
    assert row(sheet, "jade") == [vp, 0]


def test_jade_values_come_from_the_profile():
    profile = load_default("gugong")
    assert jade_vp(3, profile.value("final_scoring.jade_vp_ladder"), 2) == 6
    sheet = score(
        arrived("A", 1, jade=6), arrived("B", 2, intrigue=1), overrides={"final_scoring.jade_vp_each_beyond": 3}
    )
    assert row(sheet, "jade") == [18, 0]


# -- eligibility and winner ---------------------------------------------------------------------------
def test_player_outside_the_palace_scores_zero_and_cannot_win():
    """gugong-de Palast: "Wenn es dir nicht gelingt, den Boten bis zum Ende der 4. Runde in den Palast zu entsenden,
    beendest du das Spiel automatisch mit 0 Punkten"; Spielende: "nicht dazu berechtigt, das Spiel zu gewinnen"."""
    sheet = score(arrived("A", 1, vp=20), player("B", vp=80, envoy_steps=7, jade=5, intrigue=3))
    assert sheet.totals == [27, 0]
    assert sheet.eligible == [True, False]
    assert sheet.winners == [0]
    assert sheet.ranking == [0, 1]
    assert row(sheet, "not_in_palace") == [0, -95]


def test_nobody_in_the_palace_nobody_wins():
    """gugong-de Spielende: "Unter den verbliebenen Spielern auf der Siegpunktleiste gewinnt ..." — with no player
    left on the track there is no winner (ruling)."""
    sheet = score(player("A", vp=20, envoy_steps=3), player("B", vp=30, envoy_steps=5, intrigue=2))
    assert sheet.totals == [0, 0]
    assert sheet.winners == []
    assert "gugong_score.note.no_winner" in note_codes(sheet)


def test_final_tie_goes_to_intrigue_space():
    """gugong-de Spielende: "Im Falle eines Gleichstands entscheidet der Fortschritt auf der Intrigeleiste"."""
    sheet = score(arrived("A", 1, vp=30, intrigue=4), arrived("B", 2, vp=32, intrigue=6))
    assert sheet.totals == [37, 37]
    assert sheet.winners == [1]
    assert sheet.tiebreak["code"] == "gugong_score.tiebreak.intrigue"
    assert sheet.tiebreak["params"]["tied"] == [0, 1]
    assert sheet.tiebreak["params"]["same_space"] is False
    explanation = next(n for n in sheet.notes if n["code"] == "gugong_score.note.tiebreak_space")
    assert explanation["text"] == "A, B tie on 37 VP; B wins: furthest along the intrigue track (space 6)."


def test_final_tie_on_one_intrigue_space_goes_to_the_top_marker():
    """gugong-de Intrige, Tie-Breaker: "Sind mehrere Marker auf dem gleichen Feld, so ist der oberste Marker weiter
    vorne" — used for the final winner too ("wir sind konsistent")."""
    a = arrived("A", 1, vp=30, intrigue=6)
    b = arrived("B", 2, vp=32, intrigue=6)
    sheet = score(b, a)  # B bottom, A on top
    assert sheet.winners == [1]  # A is index 1 in the order given
    assert sheet.tiebreak["params"]["same_space"] is True
    assert "gugong_score.note.tiebreak_stack" in note_codes(sheet)


def test_ineligible_player_with_equal_points_does_not_tie():
    """Only players "auf der Siegpunktleiste" (in the palace) compete; no tie-break needed."""
    sheet = score(player("A", vp=0, envoy_steps=2, intrigue=14), arrived("B", 1, vp=0, intrigue=0))
    assert sheet.totals == [0, 7]
    assert sheet.winners == [1]
    assert sheet.tiebreak is None


def test_three_way_tie_ranks_everyone_by_intrigue():
    sheet = score(
        arrived("A", 1, vp=0, intrigue=2), arrived("B", 2, vp=2, intrigue=9), arrived("C", 3, vp=4, intrigue=5)
    )
    assert sheet.totals == [7, 7, 7]
    assert sheet.winners == [1]
    assert sheet.ranking == [1, 2, 0]


# -- solo (Meng) -----------------------------------------------------------------------------------
def test_meng_outside_the_palace_can_win_without_palace_points():
    """gugong-de Schlusswertung (Solo): "Wenn Meng den Palast der himmlischen Reinheit nicht erreicht hat, erhält er
    zwar keine Palastpunkte, aber es ist ihm dennoch erlaubt, das Spiel zu gewinnen"."""
    sheet = score(arrived("You", 1, vp=40), player("Meng", vp=50, envoy_steps=6, jade=2, intrigue=1, meng=True))
    assert row(sheet, "palace") == [7, 0]
    assert sheet.eligible == [True, True]
    assert sheet.totals == [47, 53]
    assert sheet.winners == [1]
    assert "gugong_score.row.not_in_palace" not in [r.code for r in sheet.rows]


def test_human_outside_the_palace_loses_to_meng():
    sheet = score(player("You", vp=60, envoy_steps=7), player("Meng", vp=10, envoy_steps=3, intrigue=1, meng=True))
    assert sheet.eligible == [False, True]
    assert sheet.totals == [0, 10]
    assert sheet.winners == [1]


def test_meng_in_the_palace_scores_palace_points():
    sheet = score(arrived("Meng", 1, vp=10, meng=True), arrived("You", 2, vp=10, intrigue=1))
    assert row(sheet, "palace") == [7, 5]


def test_meng_ties_broken_by_intrigue_too():
    sheet = score(arrived("You", 1, vp=10, intrigue=3), player("Meng", vp=17, envoy_steps=2, intrigue=5, meng=True))
    assert sheet.totals == [17, 17]
    assert sheet.winners == [1]


# -- refusals: the engine's in-memory tables -----------------------------------------------------------
def test_inconsistent_table_built_in_memory_is_refused():
    table = EndTable(players=[EndPlayer("A", envoy_steps=8), EndPlayer("B", vp=-1, envoy_steps=9)])
    with pytest.raises(EndTableError) as err:
        final_score(table)
    fields = [p.field for p in err.value.problems]
    assert "players[0] (A).palace_arrival" in fields
    assert "players[1] (B).vp" in fields
    assert "players[1] (B).envoy_steps" in fields
    assert isinstance(err.value, InputError)
    assert isinstance(err.value, CompanionError)
    assert err.value.to_dict()["params"]["problems"][0]["code"].startswith("gugong_score.problem.")


def test_round_trip_through_the_documented_json():
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    table = load_end_table(data)
    assert load_end_table(table.to_dict()).to_dict() == table.to_dict()
    assert final_score(load_end_table(table.to_dict())).totals == [82, 60, 50, 0]


def test_limits_come_from_the_box_profile():
    """Decrees in play (decrees.yaml `decrees_per_level`) and port-reward spaces (board.yaml `reward_slots`)."""
    profile = load_default("gugong").with_overrides({"reward_slots": {"vp": 1, "card": 1, "double": 1}})
    table = EndTable(players=[arrived("A", 1, port_servants=4), arrived("B", 2, intrigue=1, decree_servants=6)])
    assert [p.code for p in table.problems(profile)] == ["gugong_score.problem.port_servants_many"]
    assert "gugong_score.problem.decree_servants_many" not in [p.code for p in table.problems(profile)]
    profile = profile.with_overrides({"decrees_per_level": 3})  # 9 decrees in play: 6 servants fit, 10 do not
    table = EndTable(players=[arrived("A", 1), arrived("B", 2, intrigue=1, decree_servants=10)])
    codes = [p.code for p in table.problems(profile)]
    assert "gugong_score.problem.decree_servants_many" in codes
    assert "is 10; at most 9" in str(EndTableError(table.problems(profile)))


def test_stack_heights_from_a_landing_counter():
    """gugong-de Intrige: "wird dein Intrigemarker auf die anderen Intrigemarker gelegt" — last to land is on top."""
    assert stack_heights([5, 5, 2], [7, 3, 1]) == [2, 1, 1]
    assert stack_heights([0, 0, 0, 0], [0, 1, 2, 3]) == [1, 2, 3, 4]


def test_projection_during_the_game_is_marked_not_final():
    table = EndTable(players=[arrived("A", 1), arrived("B", 2, intrigue=1)])
    assert final_score(table).final is True
    assert final_score(table, load_default("gugong"), final=False).final is False
