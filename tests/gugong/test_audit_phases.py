"""Rules audit: the morning (gugong-de "Phase 1: Die Morgenphase", p. 4), the night ("Phase 3: Die
Nachtphase", p. 14), the end of the game ("Spielende", p. 14) and the level-1 morning decrees
(Liste der Dekrete, Stufe 1, p. 11).
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import card, flow_to, kind, new_game, options, play, refresh, set_decree, set_hand, set_intrigue

NAMES = ["Anna", "Lisa", "David"]


def to_morning(s):
    """All hands played out; the morning of the next day starts (the night is tested on its own)."""
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    flow_to(s, "morning")
    return refresh(s)


def to_night(s, dice: list[int]):
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s.dice = dice
    flow_to(s, "night")
    return s


def roll(s, faces=(1, 2, 3)):
    for f in faces:
        assert kind(s) == "gugong.roll_die"
        s, _ = play(s, {"type": "die", "face": f})
    return s


def test_morning_medal_holder_becomes_start_player_and_returns_the_medal():
    """Schritt 1: "Wenn ein Spieler in der vorherigen Runde die Medaille ... erhalten hat, wird er neuer
    Startspieler ... und legt die Medaille ... zurück". "Wenn niemand die Medaille ... erhalten hat, wechselt
    der Startspielermarker nicht.\""""
    s = new_game(NAMES, start=0)
    s.medal = 2
    s = roll(to_morning(s))
    assert (s.start, s.medal, s.turn, GAME.decision(s).player) == (2, None, 2, 2)
    s = roll(to_morning(s))
    assert s.start == 2 and s.day == 3


def test_morning_refills_empty_cities_but_not_those_with_a_traveller():
    """Schritt 2: "Füllt die leeren Stadtplätze (alle Städte ohne Plättchen oder Reisende) ... auf.\""""
    s = new_game(NAMES)
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
    s = new_game(NAMES)
    s.bag = {t: 0 for t in s.bag}
    s.bag["vp2"] = 1
    s.tile_discard = {t: 0 for t in s.tile_discard}
    s.tile_discard["canal"] = 1
    s.cities[0] = s.cities[1] = None
    s = to_morning(s)  # one tile left, then one after the reshuffle: both draws have a single outcome
    assert (s.cities[0], s.cities[1]) == ("vp2", "canal") and s.tile_discard["canal"] == 0
    assert kind(s) == "gugong.roll_die"


def test_morning_decrees_after_the_dice_in_player_order_then_income():
    """Schritt 3 then 4: "Alle Spieler, die einen Diener neben einem Dekret mit dem Morgensymbol haben ..., erhalten
    nun in Spielerreihenfolge die abgebildeten Vorteile." Swap decree: "Beachte, dass dies stattfindet, nachdem
    die Schicksalswürfel geworfen wurden." Schritt 5: "Der Tagesmarker wird weiter geschoben. Alle Spieler dürfen
    die neben dem Tagesmarker abgebildete Anzahl an Dienern ... nehmen.\""""
    s = new_game(NAMES, start=0)
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
    s = new_game(NAMES)
    set_decree(s, 0, "morning_intrigue", [0])
    set_decree(s, 1, "morning_envoy", [0, 1])
    s.players[1].envoy = 8
    s.arrivals = [1]
    set_decree(s, 2, "morning_servant", [2])
    s = roll(to_morning(s))
    a, b = s.players[0], s.players[1]
    assert (a.intrigue, a.envoy, b.envoy, b.vp) == (2, 1, 8, 1)
    assert (s.players[2].pool, s.players[2].general) == (6 + 1 + 4, 0)  # 1 on the decree; income capped


def test_night_each_matching_card_earns_per_die_and_the_majority_takes_3_vp_and_a_step():
    """Nachtphase Schritt 1: "Für jede passende Karte erhältst du 1 Diener ... Wenn 2 Schicksalswürfel den
    gleichen Wert aufweisen, bringt dir jede passende Karte 2 Diener. Der Spieler mit den meisten passenden
    Karten erhält zusätzlich 3 Siegpunkte und darf seinen Boten 1 Schritt ... vor bewegen." Three equal dice:
    3 servants per card (ruling R1)."""
    s = new_game(NAMES)
    s = to_night(s, [4, 4, 4])
    set_hand(s, 0, [card(s, 4)], pile="discard")
    set_hand(s, 1, [card(s, 6), card(s, 7)], pile="discard")
    set_hand(s, 2, [card(s, 1)], pile="discard")
    pools = [pl.pool for pl in s.players]
    s = refresh(s)
    assert [pl.pool - p for pl, p in zip(s.players, pools, strict=True)] == [3, 0, 0]
    assert (s.players[0].vp, s.players[0].envoy) == (3, 1)


def test_night_nobody_matching_means_no_majority_bonus_and_ties_go_by_intrigue():
    """"Im Falle eines Gleichstands entscheidet die Reihenfolge der Intrigemarken, wer diese Boni erhält.\""""
    s = new_game(NAMES)
    s = to_night(s, [9, 9, 9])
    for seat in range(3):
        set_hand(s, seat, [card(s, 2, exclude=tuple(c for p in s.players for c in p.discard))], pile="discard")
    s = refresh(s)
    assert all(pl.vp == 0 and pl.envoy == 0 for pl in s.players)
    s = new_game(NAMES)
    s = to_night(s, [2, 5, 6])
    set_hand(s, 0, [card(s, 2)], pile="discard")
    set_hand(s, 1, [card(s, 5)], pile="discard")
    set_hand(s, 2, [card(s, 1)], pile="discard")
    set_intrigue(s, 1, 1)
    s = refresh(s)
    assert [pl.vp for pl in s.players] == [0, 3, 0]


def test_the_game_ends_after_the_night_of_day_4_and_unplaced_envoys_score_0():
    """"War dies der 4. Tag, endet das Spiel und die Schlusswertung wird durchgeführt." Spielende: "Spielern,
    denen es nach der Schlusswertung nicht gelungen ist ihren Boten in den Palast ... zu entsenden, sind nicht
    dazu berechtigt, das Spiel zu gewinnen.\""""
    s = new_game(NAMES)
    s.day = 4
    s = to_night(s, [9, 9, 9])
    s.players[0].envoy = 8
    s.arrivals = [0]
    s.players[0].vp, s.players[1].vp = 5, 40
    s = refresh(s)
    assert GAME.decision(s) is None
    sheet = GAME.score(s)
    assert sheet.final and sheet.winners == [0] and sheet.totals[1] == 0 and not sheet.eligible[1]
