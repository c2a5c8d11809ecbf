"""gugong-de "7. Der Kaiserkanal" (p. 12): boats, ports, moves and port rewards.

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import (
    ANNA,
    DAVID,
    FOUR,
    LISA,
    LOC,
    SEBASTIAN,
    TWO,
    acting_at,
    at_official,
    at_turn,
    flow_to,
    free_exchange,
    kind,
    new_game,
    options,
    play,
    refresh,
    set_boat,
    set_pool,
)


def test_option_a_places_then_moves_any_boat_to_the_next_free_port():
    """7. Kaiserkanal A: "(Optional) Lege 1 deiner Diener auf eines deiner Schiffe UND (optional) bewege eines
    deiner Schiffe 1 Schritt zum nächsten freien Hafen." "Das zu bewegendes Schiff muss nicht das Schiff sein,
    auf das du deinen Diener gelegt hast." "Wenn du dein Schiff bewegst, darfst du besetzte Häfen
    überspringen.\""""
    s = new_game(TWO)
    set_boat(s, 0, 0, 1, 1)
    set_boat(s, 1, 0, 2, 1)
    set_boat(s, 0, 0, 3, 1)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert kind(s) == "gugong.canal_place" and {"type": "skip"} in options(s)
    s, _ = play(s, {"type": "place", "boat": 1, "dd": False})
    assert kind(s) == "gugong.canal_move"
    s, _ = play(s, {"type": "move_boat", "boat": 0})  # from port 1 past Lisa (2) and its own boat (3) to 4
    assert [b.port for b in s.players[0].boats] == [4, 3] and s.players[0].boats[1].servants == 2


def test_new_boat_goes_to_the_free_port_nearest_the_start_of_the_chosen_route():
    """"Wenn du ein neues Schiff ... einsetzen möchtest, musst du es in einen freien Hafen legen, der so nah wie
    möglich am Starthafen von Beijing liegt." "Beim Spiel mit 4-5 Personen gibt es 2 Routen ... darfst du dir
    eine der beiden Routen aussuchen." 2-3 players: one route."""
    s = new_game(FOUR)
    set_boat(s, 1, 0, 1, 1)
    set_boat(s, 2, 1, 1, 1)
    set_boat(s, 3, 1, 2, 1)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert {"type": "place", "route": 0, "dd": False} in options(s)
    assert {"type": "place", "route": 1, "dd": False} in options(s)
    a, _ = play(s, {"type": "place", "route": 1, "dd": False})
    assert (a.players[0].boats[0].route, a.players[0].boats[0].port) == (1, 3)
    s = new_game(TWO)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert not any(o.get("route") == 1 for o in options(s))


def test_option_b_returns_1_and_places_2_on_one_or_two_boats_without_moving():
    """"B. Lege 1 Diener aus deinem Vorrat in den allgemeinen Vorrat zurück, um 2 weitere Diener aus deinem
    Vorrat auf 1 oder 2 deiner Schiffe zu legen." (no move: QR "Keine Bewegung!")"""
    s = new_game(TWO)
    set_boat(s, 0, 0, 2, 1)
    s = acting_at(s, 0, "canal", pool=3)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False}, {"type": "place", "boat": 0, "dd": False},
                {"type": "place", "route": 0, "dd": False})
    a = s.players[0]
    assert a.pool == 0 and [(b.port, b.servants) for b in a.boats] == [(2, 2), (1, 1)]
    assert kind(s) != "gugong.canal_move"


def test_every_boat_holds_at_most_3_and_the_double_servant_takes_2_places():
    """"Immer wenn du 1 Diener ... auf einem Schiff des Kaiserkanals einsetzen darfst, darfst du deinen doppelten
    Diener so einsetzen, dass er 2 Plätze einnimmt" - on a boat with 2 servants only a regular one fits."""
    s = new_game(TWO)
    s.players[0].dd = "pool"
    set_boat(s, 0, 0, 2, 2)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"})
    opts = options(s)
    assert {"type": "place", "boat": 0, "dd": False} in opts and {"type": "place", "boat": 0, "dd": True} not in opts
    assert {"type": "place", "route": 0, "dd": True} in opts


def test_double_servant_and_one_servant_count_three_on_a_boat_and_fill_it():
    """"Wenn du 2 Diener ... auf einem Schiff des Kaiserkanals einsetzen darfst, ist es erlaubt, deinen doppelten
    Diener und 1 Diener einzusetzen, was insgesamt als 3 Diener zählt." A full boat may claim its port's reward;
    the reward servant is a regular one and the double servant returns to the general supply."""
    s = new_game(TWO)
    s.players[0].dd = "pool"
    set_boat(s, 1, 0, 1, 1)
    s = acting_at(s, 0, "canal", pool=2)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": True})
    assert s.players[0].boats[0].dd  # its only place, a new boat, is taken without asking (ruling R16)
    s, _ = play(s, {"type": "place", "boat": 0, "dd": False})
    a = s.players[0]
    assert a.boats[0].places == 3 and a.boats[0].port == 2 and kind(s) == "gugong.claim"
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "vp"})
    a = s.players[0]
    assert (a.vp, a.rewards["vp"], a.dd, a.boats) == (4, 1, "general", [])
    assert GAME.invariants(s) == []


def test_port_rewards_and_their_limits_on_the_player_board():
    """"Hafen 5: Erhalte sofort 4 Siegpunkte ODER eine zusätzliche Geschenkkarte ODER deinen doppelten Diener."
    "Du kannst die Belohnung des doppelten Dieners nur 1 Mal nehmen, die Geschenkkarte 2 Mal und die
    Siegpunkte 3 Mal." A claimed card is drawn (the table enters it) into the hand."""
    s = new_game(TWO)
    set_boat(s, 0, 0, 4, 2)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": False},
                {"type": "move_boat", "boat": 0})
    assert {o.get("reward") for o in options(s)} == {"vp", "card", "double", None}
    s2, _ = play(s, {"type": "claim", "boat": 0, "reward": "card"})
    assert kind(s2) == "gugong.draw_card"
    drawn = options(s2)[0]["card"]
    s2, _ = play(s2, options(s2)[0])
    assert drawn in s2.players[0].hand and s2.players[0].rewards["card"] == 1
    s.players[0].rewards["card"] = 2
    s.players[0].general -= 2
    s.players[0].dd = "pool"
    s.players[0].rewards["double"] = 1
    s.players[0].general -= 1
    s = refresh(s)
    assert {o.get("reward") for o in options(s)} == {"vp", None}


def test_a_full_boat_may_wait_for_a_better_port():
    """QR: "Du kannst ggf. bis zum Rundenende auf Belohnung (ggf. bessere) warten." - claiming is optional
    and a full boat can claim later (here after the night move, ruling R10)."""
    s = new_game(TWO)
    set_boat(s, 0, 0, 2, 2)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": False},
                {"type": "skip"})
    assert kind(s) == "gugong.claim"
    s, _ = play(s, {"type": "skip"})
    assert s.players[0].boats[0].places == 3 and s.players[0].rewards["vp"] == 0


def test_night_moves_front_boats_first_loses_port_5_and_full_boats_claim_in_player_order():
    """Nachtphase Schritt 2: "Bewegt alle Schiffe ... um 1 Schritt nach vorne. Beginnt damit bei den Schiffen, die
    am weitesten vorne liegen. Wenn ein Schiff im 5. Hafen ... liegt, ist es verloren ... Danach dürfen Spieler
    mit vollen Schiffen ... in aktueller Spielerreihenfolge entscheiden, ob sie eine Hafenbelohnung ... nutzen.\""""
    s = new_game(TWO, start=1)
    set_boat(s, 0, 0, 5, 3)
    set_boat(s, 0, 0, 2, 3)
    set_boat(s, 1, 0, 3, 3)
    set_boat(s, 1, 0, 4, 1)
    general = s.players[0].general
    flow_to(s, "night")
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s.dice = [0, 0, 0]  # no card matches: only the boats matter here
    s = refresh(s)
    assert [b.port for b in s.players[0].boats] == [3] and s.players[0].general == general + 3
    assert sorted(b.port for b in s.players[1].boats) == [4, 5]
    d = GAME.decision(s)
    assert d.kind == "gugong.claim" and d.player == 1  # Lisa is start player
    s, _ = play(s, {"type": "skip"})
    d = GAME.decision(s)
    assert d.kind == "gugong.claim" and d.player == 0
    assert GAME.invariants(s) == []


def test_sebastian_launches_a_boat_then_moves_past_occupied_ports_and_takes_a_card():
    """gugong-de 7. Der Kaiserkanal, Beispiel Sebastian (S. 12): 2 routes. B: 1 servant on his boat in
    port 2, a new boat may go to port 1 of route A or port 3 of route B; he takes port 3. Later (A) he
    fills the port-2 boat, moves it past occupied ports 3 and 4 to port 5 and takes a gift card."""
    s = new_game(FOUR)
    set_boat(s, SEBASTIAN, 0, 2, 1)
    set_boat(s, ANNA, 0, 3, 1)
    set_boat(s, LISA, 0, 4, 1)
    set_boat(s, DAVID, 1, 1, 1)
    set_boat(s, ANNA, 1, 2, 1)
    hand = free_exchange(s, SEBASTIAN, "canal")
    set_pool(s, SEBASTIAN, 4)
    s = at_turn(s, SEBASTIAN)
    s, _ = play(s, {"type": "exchange", "card": hand, "loc": LOC["canal"]},
                {"type": "location", "opt": "B", "dd": False},
                {"type": "place", "boat": 0, "dd": False})
    assert {"type": "place", "route": 0, "dd": False} in options(s)
    assert {"type": "place", "route": 1, "dd": False} in options(s)
    s, _ = play(s, {"type": "place", "route": 1, "dd": False})
    boats = [(b.route, b.port, b.servants) for b in s.players[SEBASTIAN].boats]
    assert boats == [(0, 2, 2), (1, 3, 1)] and s.players[SEBASTIAN].pool == 1
    s = at_turn(s, SEBASTIAN)
    second = free_exchange(s, SEBASTIAN, "canal", spare=0)
    s = refresh(s)
    s, _ = play(s, {"type": "exchange", "card": second, "loc": LOC["canal"]}, {"type": "location", "opt": "A"},
                {"type": "place", "boat": 0, "dd": False}, {"type": "move_boat", "boat": 0})
    assert s.players[SEBASTIAN].boats[0].port == 5
    rewards = {o.get("reward") for o in options(s)}
    assert rewards == {"vp", "card", "double", None}  # port 5: any of the three (or none)
    general = s.players[SEBASTIAN].general
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "card"})
    drawn = GAME.decision(s).options[0]  # the table enters the card it turned up
    s, _ = play(s, drawn)
    seb = s.players[SEBASTIAN]
    assert drawn["card"] in seb.hand and seb.rewards["card"] == 1 and seb.general == general + 2
    assert [(b.route, b.port) for b in seb.boats] == [(1, 3)] and GAME.invariants(s) == []


def test_a_full_boat_waiting_in_port_may_claim_with_a_canal_action_that_places_and_moves_nothing():
    """7. Kaiserkanal: "A. (Optional) Lege 1 deiner Diener auf eines deiner Schiffe UND (optional) bewege eines
    deiner Schiffe 1 Schritt" and "Du darfst dir eine Belohnung nehmen, wenn sich auf deinem Schiff 3 Diener
    befinden und du in einem Hafen stehst". Both parts of A are optional, so A may be chosen only to claim.
    Anna's full boat waited in port 2; she has no servant and ports 3-5 are taken: A still claims 4 VP."""
    s = new_game(TWO)
    set_boat(s, 0, 0, 2, 3)
    set_boat(s, 1, 0, 3, 1)
    set_boat(s, 1, 0, 4, 1)
    set_boat(s, 1, 0, 5, 1)
    set_pool(s, 0, 0)
    s, _ = at_official(s, "canal")
    assert kind(s) == "gugong.act" and {"type": "location", "opt": "A"} in options(s)
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert kind(s) == "gugong.claim" and {"type": "claim", "boat": 0, "reward": "vp"} in options(s)
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "vp"})
    a = s.players[0]
    assert a.vp == s.comp.port_vp and a.boats == [] and a.rewards["vp"] == 1 and GAME.invariants(s) == []


def test_no_empty_canal_action_without_anything_to_place_move_or_claim():
    s = new_game(TWO)
    set_boat(s, 0, 0, 2, 2)
    for port in (3, 4, 5):
        set_boat(s, 1, 0, port, 1)
    set_pool(s, 0, 0)
    s, _ = at_official(s, "canal")
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 1  # only "end" was left: the turn ends
