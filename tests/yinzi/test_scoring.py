"""Final scoring exactly as the pad (RULES-Y 7), the quick-score pad and the CLI."""

from __future__ import annotations

import json

import jsonschema
import pytest

from companion.cli import main
from companion.core.end_table import table_schema
from companion.core.errors import CompanionError
from companion.core.registry import manifest
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME
from companion.yinzi.scoring import ROW_CODE, ROWS

from .table import at_actions

score_table = manifest("yinzi").score_table  # behind the one end-table check, as the CLI and quick score call it

TABLE = {
    "exchange_rate": 10,
    "turn_order": ["Marion", "Angelika"],
    "players": [
        {
            "name": "Angelika",
            "boat_level": 4,
            "factories": [1, 3],
            "market_vp": 7,
            "ambassadors": 1,
            "wares_waiting": 2,
            "war_4": 1,
            "war_2": 1,
            "infrastructure_vp": 5,
            "progress": {"diplomacy": 1, "economy": 2},
            "silver": 6,
            "copper": 25,
            "misfortune": 1,
        },
        {
            "name": "Marion",
            "boat_level": 3,
            "factories": [2, 2],
            "market_vp": 9,
            "wares_waiting": 1,
            "war_4": 1,
            "infrastructure_vp": 7,
            "progress": {"diplomacy": 1, "war": 2},
            "silver": 4,
            "copper": 9,
        },
    ],
}


def test_pad_rows_in_the_rulebook_order():
    """RULES-Y 7: boats 2/level, factories 2/3/5, wares (+1 per ambassador and waiting ware), war glory,
    infrastructure, progress 2 (1 each on a tie), yinzi (copper at the rate), -2 per misfortune."""
    sheet = score_table(TABLE)
    assert [r.code for r in sheet.rows] == [ROW_CODE[r] for r in ROWS]
    rows = {r.code.removeprefix("yinzi.row_"): r.values for r in sheet.rows}
    assert rows["boats"] == [8, 6]
    assert rows["factories"] == [7, 6]
    assert rows["wares"] == [10, 10]
    assert rows["war_glory"] == [6, 4]
    assert rows["infrastructure"] == [5, 7]
    assert rows["progress"] == [3, 3]  # diplomacy tied (1 + 1), economy Angelika 2, war Marion 2
    assert rows["yinzi"] == [8, 4]  # 6 + 25 // 10 and 4 + 9 // 10
    assert rows["misfortune"] == [-2, 0]
    assert sheet.totals == [45, 40] and sheet.winners == [0]


def test_leftover_copper_scores_nothing_and_is_reported():
    """Ruling (docs/rulings/yinzi.md): copper below one silver's worth is lost at the final exchange."""
    sheet = score_table(TABLE)
    note = next(n for n in sheet.notes if n["code"] == "yinzi.copper_leftover")
    assert note["params"] == {"rate": 10, "leftover": [5, 9]}


def test_tie_broken_by_last_rounds_turn_order():
    """RULES-Y 7: on a tie the player further ahead in the last round's turn order wins."""
    table = {
        "exchange_rate": 8,
        "turn_order": ["B", "A"],
        "players": [{"name": "A", "silver": 3}, {"name": "B", "copper": 24}],
    }
    sheet = score_table(table)
    assert sheet.totals == [3, 3] and sheet.winners == [1]
    assert sheet.tiebreak["code"] == "yinzi.tiebreak_turn_order"


def test_exchange_field_uses_the_rates_given_or_flags_the_placeholder():
    table = {"exchange_field": 3, "players": [{"name": "A", "copper": 30}, {"name": "B"}]}
    sheet = score_table(table)
    assert any(n["code"] == "yinzi.rate_unverified" for n in sheet.notes)
    table["exchange_rates"] = [5, 7, 15, 17, 19, 21]
    sheet = score_table(table)
    assert sheet.row("yinzi.row_yinzi").values == [2, 0]
    assert not any(n["code"] == "yinzi.rate_unverified" for n in sheet.notes)


def test_bad_tables_are_refused_with_a_message():
    with pytest.raises(CompanionError) as err:
        score_table({"exchange_rate": 10, "players": [{"name": "A", "factories": [4]}, {"name": "B"}]})
    assert "players[0] (A).factories[0]" in str(err.value) and err.value.code == "table_invalid"
    with pytest.raises(CompanionError):
        score_table({"players": [{"name": "A"}, {"name": "B"}]})  # no rate
    with pytest.raises(CompanionError):
        score_table({"exchange_rate": 10, "turn_order": ["A"], "players": [{"name": "A"}, {"name": "B"}]})


def test_the_documented_example_is_valid():
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "yinzi-end-table.md"
    text = doc.read_text(encoding="utf-8")
    example = json.loads(text.split("```json", 1)[1].split("```", 1)[0])
    jsonschema.validate(example, table_schema(manifest("yinzi").end_table_schema))
    assert score_table(example).winners


def test_cli_score_and_simulate(tmp_path, capsys):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(TABLE), encoding="utf-8")
    assert main(["score", "yinzi", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["totals"] == [45, 40] and out["game"] == "yinzi"
    assert main(["simulate", "yinzi", "--players", "2", "--games", "2", "--seed", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "completed", "invariant_violations", "actions_total", "digest", "scores"):
        assert key in report
    assert report["games"] == report["completed"] == 2 and report["invariant_violations"] == 0


def test_tracked_game_scores_from_the_ledger():
    state = at_actions(["Angelika", "Marion", "Tanja"], {"exchange.rates": [6, 8, 10, 12, 14, 16]})
    box = box_for(state.overrides)
    a = state.players[0]
    a.boat = 5  # capacity 4 in the default placeholder track
    a.silver, a.copper, a.misfortune = 2, 23, 1
    a.war_discs = {"4": 1, "2": 2}
    a.infra_won = [{"tile": 0, "demand": "d1", "vp": 3, "discs": 0}]
    a.ambassadors_abroad = 1
    state.foreign["japan"] = [0, 0]
    state.factories[[f["owner"] for f in state.factories].index(0)]["wares"] = [0]
    state.progress = {"free_wood": 0, "free_stone": 0, "amb_korea": 1}
    state.die = 2  # rate 8
    sheet = GAME.score(state)
    rows = {r.code.removeprefix("yinzi.row_"): r.values[0] for r in sheet.rows}
    assert rows["boats"] == 2 * box.capacity(5)
    assert rows["factories"] == 2
    assert rows["wares"] == 2 * int(box.foreign_markets.vp["japan"]) + 1 + 1
    assert rows["war_glory"] == 8 and rows["infrastructure"] == 3
    assert rows["progress"] == 2 and rows["yinzi"] == 2 + 2 and rows["misfortune"] == -2
    assert sheet.final is False


def test_replay_cli_and_ledger_view(tmp_path, capsys):
    from companion.core import Session, codec
    from companion.core.playout import playout

    setup = {"players": ["Ada", "Bo"], "seed": 6}
    result = playout(GAME, setup, 6)
    path = tmp_path / "game.json"
    path.write_text(codec.dumps(Session.from_log(GAME, setup, result.log)), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["verified"] and report["over"] and report["game"] == "yinzi"
    ledger = report["summary"]["players"][0]
    for key in (
        "copper",
        "silver",
        "wood",
        "stone",
        "boat_field",
        "boat_capacity",
        "factories",
        "delivered",
        "ambassadors_abroad",
        "progress",
        "war_discs",
        "infrastructure_won",
        "misfortune",
        "cards_played",
    ):
        assert key in ledger
    assert len(ledger["cards_played"]) == 12  # all twelve cards over four rounds


def test_rows_resting_on_placeholder_values_say_so():
    """RULES-Y 7: "Yangtze-Boote: 2 Siegpunkte pro Boottransportlevel" (the level printed under the cylinder,
    fact boat.capacities) and "Waren: Alle Siegpunkte von Waren, die an die Märkte ... geliefert wurden" (the VP
    printed on the market fields, fact foreign_markets.vp). While the box profile has not verified them, the
    rows computed from them carry those facts (core.provenance); the owner's values carry nothing."""
    state = at_actions(["Angelika", "Marion", "Tanja"], {"exchange.rates": [6, 8, 10, 12, 14, 16]})
    state.foreign["japan"] = [0, 0]
    sheet = GAME.score(state)
    assert sheet.row("yinzi.row_boats").unverified == [["boat.capacities"]] * 3
    assert sheet.row("yinzi.row_wares").unverified == [["foreign_markets.vp"], [], []]
    assert sheet.row("yinzi.row_factories").unverified in ([], [[], [], []])
    box = box_for({})
    owned = at_actions(["Angelika", "Marion", "Tanja"], {key: box.profile.value(key) for key in (
        "exchange.rates", "boat.capacities", "foreign_markets.vp")})
    owned.foreign["japan"] = [0, 0]
    assert not any(any(row.unverified) for row in GAME.score(owned).rows)


def test_end_table_asks_for_the_turn_order_when_totals_tie():
    """Issue 26 point 8. Y 1015 (7 Spielende: "Im Falle eines Unentschiedens gewinnt unter den beteiligten Spielern
    derjenige, der in der letzten Runde am weitesten vorne in der Spielreihenfolge war"): the list order of the
    table is not the turn order, so tied totals without `turn_order` are refused with a question for it; untied
    totals need none."""
    table = {"exchange_rate": 8, "players": [{"name": "A", "silver": 3}, {"name": "B", "copper": 24}]}
    with pytest.raises(CompanionError) as err:
        score_table(table)
    assert err.value.code == "table_invalid.turn_order_needed" and "turn_order" in str(err.value)
    table["players"][0]["silver"] = 4  # 4 against 3: no tie, no question
    assert score_table(table).winners == [0]


def test_end_table_takes_five_or_more_factories():
    """Issue 26 point 8. Y 495-500 (5B Fabriken ausbauen: "baut der Spieler eine neue Fabrik") set no limit to a
    player's factories; the box has 16 factory tiles (Y 49)."""
    table = {"exchange_rate": 8, "players": [{"name": "A", "factories": [1, 1, 2, 2, 3]}, {"name": "B"}]}
    assert score_table(table).row("yinzi.row_factories").values[0] == 2 + 2 + 3 + 3 + 5
