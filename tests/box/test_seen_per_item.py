"""Issue 22: "seen at the table" is recorded component by component and converges on the real box.

One invented real box (tests/box/table.py, plus its own Meng Automa split) is played three times by table entry:
a 3-player game, a solo game against Meng, another 3-player game. After each game what the table entered is
recorded into the owner's profile (core.seen_items.record), and the next game starts from that profile. After
game 3 every fact the games showed in full equals the real box; what was shown only in part keeps the rest of the
placeholder, is marked "partly" (still unverified), and never holds an item the box does not have.
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core import seen_items
from companion.core.errors import SetupError
from companion.core.profile import load_default
from companion.gugong.engine import GAME
from companion.gugong.seen_items import items_seen
from companion.gugong.solo.engine import GAME as SOLO

from .table import JADE, play_mirrored, real_box

AUTOMA = {"travel": 2, "wall": 1, "jade": 2, "intrigue": 1, "palace": 1, "decree": 1, "canal": 1, "special": 2}
FACTS = ("gift_cards", "dice_faces", "decree_costs", "travel_tiles", "meng.automa_cards")


def _box() -> dict:
    return {**real_box(), "meng.automa_cards": AUTOMA}


def _census(cards: list[dict], group: str) -> Counter:
    return Counter((c["value"], c["action"]) for c in cards if c["set"] == group)


# The solo game is entered in rules edition 4, before Meng's readings of his own box (edition 5, tested in
# tests/gugong/solo/test_meng_corrections.py): each reading is a step of the log, which moves the positions the
# app's seeded picks are drawn at (B3), and so which Automa cards of this seeded game count as the table's.
EDITION = {"gugong-solo": {"rules": 4}}


def _play(game, players, seed, stored):
    real = {"players": players, "seed": seed, "profile": {"overrides": _box()}}
    profile = {"overrides": {**stored["overrides"], "jade_houses": JADE},
               **{k: stored[k] for k in ("seen", "partly") if stored.get(k)}}
    entered = {"players": players, "seed": seed, "table_entry": True, "profile": profile, **EDITION.get(game.name, {})}
    _r, _e, entries = play_mirrored(game, real, entered, seed, lambda *a: None)
    return game, entered, entries


def _record(stored, game, setup, log):
    found = items_seen(game, game.normalize_setup(setup), log)
    profile = load_default("gugong").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    overrides, seen, partly, proofs = seen_items.record(profile, stored["proofs"], found)
    return {"overrides": overrides, "seen": seen, "partly": partly, "proofs": proofs}, found


def _games():
    """The three games, each with the log E (the table) played."""
    from . import table

    stored = {"overrides": {}, "seen": [], "partly": [], "proofs": {}}
    shown: list[dict] = []
    for game, players, seed in ((GAME, ["Anna", "Lisa", "David"], 1), (SOLO, ["Anna"], 3),
                                (GAME, ["Anna", "Lisa", "David"], 2)):
        logs: list[list] = []
        original = table.Mirror.__init__

        def keep(self, real, entered, _orig=original, _logs=logs):
            _orig(self, real, entered)
            _logs.append(self.log)

        table.Mirror.__init__ = keep
        try:
            _play(game, players, seed, stored)
        finally:
            table.Mirror.__init__ = original
        setup = {"players": players, "seed": seed, "table_entry": True, **EDITION.get(game.name, {}),
                 "profile": {"overrides": {**stored["overrides"], "jade_houses": JADE},
                             **{k: stored[k] for k in ("seen", "partly") if stored.get(k)}}}
        stored, found = _record(stored, game, setup, logs[0])
        shown.append(found)
    return stored, shown


@pytest.fixture(scope="module")
def three_games():
    return _games()


def test_three_games_converge_on_the_real_box_for_what_they_showed(three_games):
    stored, _shown = three_games
    real, default = _box(), load_default("gugong")
    profile = default.with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    # dice: 6 faces, all of them rolled over three games: the real die, seen as a whole
    assert profile.fact("dice_faces").status == "seen" and profile.value("dice_faces") == real["dice_faces"]
    # gift cards: every set the games dealt out in full is the real one; a set never shown keeps the placeholder
    cards, proofs = profile.value("gift_cards"), stored["proofs"]["gift_cards"]
    assert len(cards) == 38
    full = []
    for group in ("start", "deck", "p1", "p2", "p3", "p4", "p5"):
        size = sum(_census(default.value("gift_cards"), group).values())
        if sum(proofs.get(group, {}).values()) == size:
            full.append(group)
            assert _census(cards, group) == _census(real["gift_cards"], group), group
        elif group not in proofs:
            assert _census(cards, group) == _census(default.value("gift_cards"), group), group
    assert {"start", "p1", "p2", "p3"} <= set(full), full  # laid out and dealt in every game
    status = "seen" if len(full) == 7 else "partly"
    assert profile.fact("gift_cards").status == status
    deck = stored["proofs"]["gift_cards"].get("deck", {})
    assert not Counter({tuple(k.split("|")): n for k, n in deck.items()}) - Counter(
        {(str(v), a): n for (v, a), n in _census(real["gift_cards"], "deck").items()})  # only real deck cards
    # decree costs: each tile laid is the real cost; tiles never laid keep the placeholder
    costs, laid = profile.value("decree_costs"), stored["proofs"]["decree_costs"]
    assert laid and all(costs[d] == real["decree_costs"][d] for d in laid)
    assert all(costs[d] == default.value("decree_costs")[d] for d in costs if d not in laid)
    whole = set(laid) == set(costs)
    assert profile.fact("decree_costs").status == ("seen" if whole else "partly")
    # travel tiles and Meng's Automa cards: never more of a kind than the box has; 26 and 11 in all
    for fact, total in (("travel_tiles", 26), ("meng.automa_cards", 11)):
        proof, value = stored["proofs"][fact], profile.value(fact)
        assert all(n <= real[fact][k] for k, n in proof.items()), (fact, proof)
        assert all(value[k] >= n for k, n in proof.items()) and sum(value.values()) == total
        assert profile.fact(fact).status == ("seen" if sum(proof.values()) == total else "partly")
        if profile.fact(fact).status == "seen":
            assert value == real[fact]
    # Meng revealed his Automa cards through whole passes of his deck in the solo game: all 11, as the box has them
    assert stored["proofs"]["meng.automa_cards"] == AUTOMA and profile.value("meng.automa_cards") == AUTOMA
    assert profile.fact("meng.automa_cards").status == "seen"


def test_nothing_never_shown_is_marked_seen_and_the_notice_keeps_warning(three_games):
    stored, shown = three_games
    assert set(stored["seen"]) | set(stored["partly"]) <= set(FACTS)
    assert "meng.automa_cards" not in shown[0] and "meng.automa_cards" in shown[1]  # Meng only in the solo game
    profile = load_default("gugong").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    for key in stored["partly"]:  # shown only in part: still a placeholder for the rest, still warned about
        assert not profile.fact(key).verified and key in {f.key for f in profile.unverified()}
    for key in ("jade_houses", "day_income"):  # not chance steps: nothing recorded
        assert key not in stored["overrides"] and profile.fact(key).status == "unknown"


def test_recorded_counts_converge_and_faces_give_way():
    default = load_default("gugong")
    value, whole = seen_items.apply("gugong", "dice_faces", [1, 2, 3, 4, 5, 6], [2, 3, 8])
    assert value == [1, 2, 3, 4, 5, 8]  # 6 faces: the unseen 6 gave way to the 8 the table rolled
    assert not whole
    value, whole = seen_items.apply("gugong", "dice_faces", value, [2, 3, 4, 6, 8, 9])
    assert value == [2, 3, 4, 6, 8, 9] and whole
    tiles = default.value("travel_tiles")
    real = {"servant1": 2, "servant2": 3, "envoy": 3, "intrigue": 1, "jade_card": 2, "vp2": 2, "swap": 3,
            "recover": 1, "canal": 3, "wall": 2, "jade_pay": 2, "double": 2}
    proof = None
    for game in ({"servant2": 3, "canal": 1}, {"envoy": 3, "swap": 2, "canal": 3}, real):
        proof = seen_items.merge("gugong", "travel_tiles", proof, game)
        tiles, whole = seen_items.apply("gugong", "travel_tiles", tiles, proof)
        assert sum(tiles.values()) == 26 and all(tiles[k] >= n for k, n in proof.items())
    assert tiles == real and whole


def test_a_recording_keeps_the_rules_count():
    """A value from before the rule's check (7 faces) shrinks to the die's 6 when a table records a face; a
    recording that would still break a count the rules fix is refused, nothing changed."""
    profile = load_default("gugong").with_overrides({"dice_faces": [1, 2, 3, 4, 5, 6, 7]}, partly={"dice_faces"})
    overrides, seen, partly, _proofs = seen_items.record(profile, {}, {"dice_faces": [7]})
    assert overrides["dice_faces"] == [1, 2, 3, 4, 5, 7] and partly == ["dice_faces"] and seen == []
    profile = load_default("gugong").with_overrides({"meng.automa_cards": {**AUTOMA, "travel": 1}},
                                                   partly={"meng.automa_cards"})  # 10: from before the check
    with pytest.raises(SetupError) as err:
        seen_items.record(profile, {}, {"meng.automa_cards": {"travel": 1}})
    assert err.value.params["check"] == "automa_total"


def test_an_imported_profile_with_a_seven_face_die_is_refused():
    from companion.core.profile import import_profile

    text = '{"format": "companion-box-profile", "game": "gugong", "overrides": {"dice_faces": [1, 2, 3, 4, 5, 6, 7]}}'
    with pytest.raises(SetupError) as err:
        import_profile(text, "gugong")
    assert err.value.params["check"] == "die_faces"
    assert import_profile(text.replace(", 7]", "]"), "gugong").fact("dice_faces").status == "owner"
