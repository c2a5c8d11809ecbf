"""gugong-de "Phase 1: Die Morgenphase" (p. 4).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import (
    FIVE,
    THREE,
    flow_to,
    kind,
    new_game,
    options,
    play,
    refresh,
    roll,
    set_boat,
    set_decree,
    set_hand,
    set_pool,
    to_morning,
)


def test_morning_medal_holder_becomes_start_player_and_returns_the_medal():
    """Schritt 1: "Wenn ein Spieler in der vorherigen Runde die Medaille ... erhalten hat, wird er neuer
    Startspieler ... und legt die Medaille ... zurück". "Wenn niemand die Medaille ... erhalten hat, wechselt
    der Startspielermarker nicht.\""""
    s = new_game(THREE, start=0)
    s.medal = 2
    s = roll(to_morning(s))
    assert (s.start, s.medal, s.turn, GAME.decision(s).player) == (2, None, 2, 2)
    s = roll(to_morning(s))
    assert s.start == 2 and s.day == 3


def test_morning_refills_empty_cities_but_not_those_with_a_traveller():
    """Schritt 2: "Füllt die leeren Stadtplätze (alle Städte ohne Plättchen oder Reisende) ... auf.\""""
    s = new_game(THREE)
    for c in (1, 2):
        s.tile_discard[s.cities[c]] += 1  # collected and traded in long ago
        s.cities[c] = None
    s.players[0].traveller = 2
    s = to_morning(s)
    assert kind(s) == "gugong.draw_tile" and GAME.decision(s).params["city"] == 1
    s, _ = play(s, options(s)[0])
    assert s.cities[1] is not None and s.cities[2] is None and kind(s) == "gugong.roll_die"


def test_morning_reshuffles_the_traded_tiles_when_the_piles_run_out():
    """Schritt 2: "Wenn die Nachziehstapel leer sind, wird der Ablagestapel gemischt, 2 neue Nachziehstapel
    gebildet und die verbliebenen leeren Stadtplätze aufgefüllt." (Piles rearranged by hand: no invariants.)"""
    s = new_game(THREE)
    s.bag = {t: 0 for t in s.bag}
    s.bag["vp2"] = 1
    s.tile_discard = {t: 0 for t in s.tile_discard}
    s.tile_discard["canal"] = 1
    s.cities[0] = s.cities[1] = None
    s = to_morning(s)  # one tile left, then one after the reshuffle: both draws have a single outcome
    assert (s.cities[0], s.cities[1]) == ("vp2", "canal") and s.tile_discard["canal"] == 0
    assert kind(s) == "gugong.roll_die"


def test_morning_reshuffles_when_a_city_needs_a_tile_and_both_piles_are_already_empty():
    """Schritt 2 (gugong-de 127): "Wenn die Nachziehstapel leer sind, wird der Ablagestapel gemischt, 2 neue
    Nachziehstapel gebildet und die verbliebenen leeren Stadtplätze aufgefüllt"; gugong-nl 133: "Pas wanneer
    beide trekstapels op zijn, schud je de afgelegde Reisfiches om 2 nieuwe trekstapels te maken." The piles
    ran out on an earlier day (nothing was traded in then); the tiles traded in since fill today's cities."""
    s = new_game(THREE)
    s.bag = {t: 0 for t in s.bag}
    s.tile_discard = {t: 0 for t in s.tile_discard}
    s.tile_discard["canal"] = 1
    s.tile_discard["vp2"] = 1
    s.cities[0] = s.cities[1] = None
    s = to_morning(s)
    assert kind(s) == "gugong.draw_tile" and GAME.decision(s).params["city"] == 0
    assert sum(s.bag.values()) == 2 and not any(s.tile_discard.values())
    s, _ = play(s, {"type": "tile", "tile": "vp2"})  # the last tile of the new piles goes to the other city
    assert (s.cities[0], s.cities[1]) == ("vp2", "canal") and kind(s) == "gugong.roll_die"


def test_morning_leaves_cities_empty_when_no_tile_is_left_anywhere():
    """Schritt 2: with both piles and the discard pile empty there is nothing to fill the cities with."""
    s = new_game(THREE)
    s.bag = {t: 0 for t in s.bag}
    s.tile_discard = {t: 0 for t in s.tile_discard}
    s.cities[0] = None
    s = to_morning(s)
    assert s.cities[0] is None and kind(s) == "gugong.roll_die"


def test_morning_decrees_after_the_dice_in_player_order_then_income():
    """Schritt 3 then 4: "Alle Spieler, die einen Diener neben einem Dekret mit dem Morgensymbol haben ..., erhalten
    nun in Spielerreihenfolge die abgebildeten Vorteile." Swap decree: "Beachte, dass dies stattfindet, nachdem
    die Schicksalswürfel geworfen wurden." Schritt 5: "Der Tagesmarker wird weiter geschoben. Alle Spieler dürfen
    die neben dem Tagesmarker abgebildete Anzahl an Dienern ... nehmen.\""""
    s = new_game(THREE, start=0)
    s.medal = 1
    set_decree(s, 0, "morning_swap", [0, 1])
    s = roll(to_morning(s))
    d = GAME.decision(s)
    assert d.kind == "gugong.swap_card" and d.player == 1  # Lisa is the new start player
    s, _ = play(s, {"type": "skip"})
    assert GAME.decision(s).player == 0
    pools = [(pl.pool, pl.general) for pl in s.players]
    s, _ = play(s, {"type": "skip"})
    income = s.comp.income[2]  # no more than the general supply holds (Tipps 1)
    assert [pl.pool for pl in s.players] == [p + min(income, g) for p, g in pools] and s.day == 2


def test_morning_servant_intrigue_and_envoy_decrees():
    """Stufe 1: "In jeder Morgenphase darfst du deinen Intrigemarker 2 Felder vor bewegen" / "1 Diener aus dem
    allgemeinen Vorrat in deinen Vorrat legen" / "deinen Boten ... 1 Schritt vorwärts bewegen. Ist dein Bote
    schon im Palast, erhältst du stattdessen 1 Siegpunkt.\""""
    s = new_game(THREE)
    set_decree(s, 0, "morning_intrigue", [0])
    set_decree(s, 1, "morning_envoy", [0, 1])
    s.players[1].envoy = 8
    s.arrivals = [1]
    set_decree(s, 2, "morning_servant", [2])
    s = roll(to_morning(s))
    asked = []
    while kind(s) == "gugong.morning_may":  # each "darfst" is asked, in player order (ruling R6)
        asked.append((GAME.decision(s).player, GAME.decision(s).params["decree"]))
        s, _ = play(s, {"type": "decree_benefit"})
    assert asked == [(0, "morning_intrigue"), (0, "morning_envoy"), (1, "morning_envoy"), (2, "morning_servant")]
    a, b = s.players[0], s.players[1]
    assert (a.intrigue, a.envoy, b.envoy, b.vp) == (2, 1, 8, 1)
    assert (s.players[2].pool, s.players[2].general) == (6 + 1 + 4, 0)  # 1 on the decree; income capped


def test_morning_decree_canal_servant_completes_davids_boat_lisa_lets_it_lapse():
    """gugong-de Morgenphase, Schritt 4, Beispiel (S. 4): Lisa and David share the level-1 'servant onto a
    boat' decree. David's servant from the general supply completes his boat, so he takes its reward (a card)
    at once and the rest of the boat returns; Lisa has no servant in her general supply and lets it lapse."""
    s = new_game(["Lisa", "David"])
    lisa, david = 0, 1
    set_decree(s, 0, "morning_canal", [lisa, david])
    set_boat(s, david, 0, 3, 2)
    set_boat(s, lisa, 0, 2, 1)
    set_pool(s, lisa, s.players[lisa].pool + s.players[lisa].general)
    for seat in (lisa, david):
        set_hand(s, seat, [])
    flow_to(s, "morning")
    s = refresh(s)
    s, _ = play(s, {"type": "die", "face": 1}, {"type": "die", "face": 2}, {"type": "die", "face": 3})
    assert GAME.decision(s).player == david and kind(s) == "gugong.canal_place"
    s, _ = play(s, {"type": "place", "boat": 0, "dd": False})
    assert {"type": "claim", "boat": 0, "reward": "card"} in options(s)
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "card"})
    s, _ = play(s, GAME.decision(s).options[3])
    d = s.players[david]
    # 1 servant on the reward space, 1 on the decree, the other 10 back in supply or general supply
    assert (d.boats, d.rewards["card"], d.pool + d.general, len(d.hand)) == ([], 1, 10, 1)
    assert s.players[lisa].boats[0].servants == 1  # Lisa's boat unchanged
    assert GAME.invariants(s) == []


def test_morning_decree_benefits_may_be_declined():
    """gugong-de 539/547/551 (Stufe 1): "In jeder Morgenphase darfst du deinen Intrigemarker 2 Felder vor bewegen",
    "darfst du 1 Diener aus dem allgemeinen Vorrat in deinen Vorrat legen", "darfst du deinen Boten ... 1 Schritt
    vorwärts bewegen": each is offered with a skip (ruling R6); declined, nothing moves."""
    s = new_game(THREE)
    set_decree(s, 0, "morning_intrigue", [0])
    set_decree(s, 1, "morning_envoy", [0])
    set_decree(s, 2, "morning_servant", [0])
    s = roll(to_morning(s))
    before = (s.players[0].intrigue, s.players[0].envoy, s.players[0].pool)
    general = s.players[0].general
    for decree in ("morning_intrigue", "morning_envoy", "morning_servant"):
        d = GAME.decision(s)
        assert (d.kind, d.params["decree"]) == ("gugong.morning_may", decree)
        assert {"type": "decree_benefit"} in d.options and {"type": "skip"} in d.options
        s, _ = play(s, {"type": "skip"})
    income = min(s.comp.income[2], general)  # only the day's income (Schritt 5) came in
    assert (s.players[0].intrigue, s.players[0].envoy) == before[:2] and kind(s) == "gugong.turn"
    assert s.players[0].pool == before[2] + income


def test_morning_canal_decree_claims_only_the_boat_it_fills():
    """gugong-de 543 (Stufe 1): "Wenn dies der 3. Diener auf dem Schiff ist, darfst du dir sofort die Belohnung des
    Hafens nehmen": a full boat waiting in its port cannot claim in the morning (ruling R10)."""
    s = new_game(["Lisa", "David"])
    set_decree(s, 0, "morning_canal", [1])
    set_boat(s, 1, 0, 3, 3)  # full, waiting for a better port
    set_boat(s, 1, 0, 2, 1)
    s = roll(to_morning(s))
    assert kind(s) == "gugong.canal_place"
    s, _ = play(s, {"type": "place", "boat": 1, "dd": False})
    assert kind(s) != "gugong.claim" and s.players[1].boats[0].places == 3


def test_level_1_morning_decrees():
    s = new_game(FIVE[:2])
    set_decree(s, 0, "morning_intrigue", [0])
    set_decree(s, 1, "morning_envoy", [0])
    flow_to(s, "morning")
    s = refresh(s)
    s, _ = play(s, {"type": "die", "face": 1}, {"type": "die", "face": 2}, {"type": "die", "face": 3},
                {"type": "decree_benefit"}, {"type": "decree_benefit"})
    assert (s.players[0].intrigue, s.players[0].envoy) == (2, 1)
    assert kind(s) == "gugong.turn" and s.day == 2
