"""Taps per Gùgōng turn on a phone (issue 11, "Done means"), in a real Chromium against `streamlit run`.

(1) A scripted 3-player day 1 on the phone viewport (390×844), the app drawing every chance step: each
    player's turn is tap your card → tap the official → tap the action. Taps per ordinary turn: median ≤ 3,
    none > 5; the chance steps (one tap each) are counted apart. The tap table is printed.
(2) A solo day against Meng, played from the Meng screen: each of Meng's steps takes one tap ("Done · next").
(3) Undo and redo on the Meng screen; redo after a reload (the save keeps the redo list).

The script reads what is pending from the game's SQLite file (as another device would) and taps the button
the screen shows for its choice; a card tap happens only when the screen needs one.
"""

from __future__ import annotations

import collections
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.core.registry import manifest
from companion.storage import open_store

from .harness import watch
from .test_browser import PHONE, Server, pick_game, sync_api, wait_for_app

pytestmark = pytest.mark.e2e
NAMES = ["Lisa", "Ben", "Mia"]
MAX_TAPS = 400


ORDINARY = {"gugong.turn", "gugong.pay_exchange", "gugong.act", "gugong.turn_done"}  # exchange, pay, actions, end


@dataclass
class Turn:
    seat: int
    taps: int = 0
    tapped: list[str] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)

    @property
    def ordinary(self) -> bool:
        """Exchange (and pay), then the actions: no follow-up question of a location's own (a city reached, a boat)."""
        return self.kinds <= ORDINARY


@dataclass
class Taps:
    """Taps per turn, per chance step and per Meng step."""

    turns: list[Turn] = field(default_factory=list)
    chance: int = 0
    meng: list[int] = field(default_factory=list)
    hands: int = 0  # screens of cards the table holds (each player's start hand: one screen, one tap)
    readings: list[int] = field(default_factory=list)  # taps per reading of Meng's box (issue 22)

    def ordinary(self) -> list[int]:
        return [t.taps for t in self.turns if t.ordinary]

    def table(self, names: list[str]) -> str:
        lines = [f"{'turn':>4}  {'player':<8}{'taps':>5}  {'kind':<10}tapped"]
        for n, t in enumerate(self.turns, 1):
            kind = "ordinary" if t.ordinary else "follow-up"
            lines.append(f"{n:>4}  {names[t.seat]:<8}{t.taps:>5}  {kind:<10}{' → '.join(t.tapped)}")
        counts, ordinary = [t.taps for t in self.turns], self.ordinary()
        if ordinary:
            lines.append(f"ordinary turns {len(ordinary)}: median {statistics.median(ordinary)}, max {max(ordinary)}")
        lines.append(f"all turns {len(counts)}: median {statistics.median(counts)}, max {max(counts)} · "
                     f"chance steps {self.chance} (1 tap each) · hands entered {self.hands}"
                     + (f" · Meng steps {len(self.meng)}, taps each {sorted(set(self.meng))}" if self.meng else "")
                     + (f" · readings of Meng's box {len(self.readings)}" if self.readings else "")
                     + (f" · taps not taken (tapped again): {LOST}" if LOST else ""))
        return "\n".join(lines)


_STORES: dict[Path, Any] = {}  # one open store per server's data folder (its connection reads what is committed)
_LOADED: dict[tuple[Path, str], tuple[int, Any]] = {}  # (folder, game) -> (revision, session) last replayed


def stored(server: Server, game_id: str):
    """The game as stored now: the store's cheap revision query, the game replayed only when it has moved."""
    path = server.data_dir / "companion.sqlite3"
    store = _STORES.get(path) or _STORES.setdefault(path, open_store(path))
    revision = store.revision(game_id)
    last = _LOADED.get((path, game_id))
    if last is None or last[0] != revision:
        session, row = store.load_game(game_id)
        last = _LOADED[(path, game_id)] = (row.revision, session)
    return last[1]


LOST: list[str] = []  # taps the screen did not take (tapped again, and counted)


def tap(page, key: str, then: str | None = None) -> int:
    """One tap; then wait for the screen it leads to (`then`: a widget key that must appear, else `key` gone).
    A tap the screen did not take is tapped again and counted: returns the number of taps."""
    for taps in (1, 2, 3):
        page.locator(f".st-key-{key} button").first.click()
        try:
            if then is not None:
                page.wait_for_selector(f".st-key-{then}", timeout=10_000)
            else:
                page.wait_for_selector(f".st-key-{key}", state="detached", timeout=10_000)
        except sync_api.TimeoutError:
            LOST.append(key)
            continue
        wait_for_app(page, pause=0)  # the screen changed: the tap's run has begun
        return taps
    raise AssertionError(f"the screen takes no tap on {key}")


def new_game(page, server: Server, game: str, names: list[str]) -> str:
    page.goto(server.url)
    wait_for_app(page)
    pick_game(page, game, names)
    page.locator(".st-key-new_randomness label").filter(has_text="The app").first.click()
    wait_for_app(page)
    page.locator(".st-key-start_game button").click()
    wait_for_app(page)
    page.wait_for_selector(".st-key-app_chance_all_0, .st-key-held_confirm_0")  # a solo game starts at the hand
    return page.url.split("g=", 1)[1].split("&", 1)[0]


# -- the script: what the players choose ----------------------------------------------------------------------
def wanted_exchange(session) -> dict[str, Any]:
    """The player takes the highest card an official gives for free (giving the lowest card that does it),
    else gives the lowest card to the official with the highest card (and pays)."""
    v = manifest(session.game.name).view(session.state)
    hand = v["players"][session.decision.player]["hand"]
    free = [(official["value"], -i, loc) for i, card in enumerate(hand) for loc, official in enumerate(v["officials"])
            if any(e["card"] == card["card"] and e["free"] for e in official.get("exchange", []))]
    if free:
        _, i, loc = max(free)
        return {"type": "exchange", "card": hand[-i]["card"], "loc": loc}
    loc = max(range(len(v["officials"])), key=lambda i: v["officials"][i]["value"] or 0)
    return {"type": "exchange", "card": hand[0]["card"], "loc": loc}


def wanted(session) -> dict[str, Any]:
    d = session.decision
    kind = d.kind.rsplit(".", 1)[-1]
    options = [o for o in d.options if "seen" not in o]  # the printed facts the table may correct (issue 22)
    if kind == "turn":
        return wanted_exchange(session)
    if kind == "pay_exchange":
        return next((o for o in options if o.get("how") == "servants"), options[-1])
    if kind == "act":  # the location action (turn over); else the card action; else end
        return next((o for o in options if o["type"] == "location"),
                    next((o for o in options if o["type"] == "card"), options[-1]))
    if kind == "turn_done":
        return next(o for o in options if o["type"] == "end")
    return next((o for o in options if o.get("type") not in ("skip", "trade")), options[0])


def tap_choice(page, session, what: list[str]) -> int:
    """Tap what the screen offers for the scripted choice; returns the number of taps."""
    d, v = session.decision, session.version
    option = wanted(session)
    index = d.options.index(option)
    taps = 0
    if option["type"] == "exchange" and not page.locator(f".st-key-opt_{v}_{index} button").count():
        taps += tap(page, f"gg_card_{v}_{option['card']}", then=f"opt_{v}_{index}")
        what.append(f"card {session.state.comp.cards[option['card']].value}")
    assert page.locator(f".st-key-opt_{v}_{index} button").count(), f"no button for {option} ({d.kind})"
    taps += tap(page, f"opt_{v}_{index}")
    place = session.state.comp.locations[option["loc"]] if "loc" in option else ""
    named = {"exchange": f"official {place}", "card": "card action", "location": "location action"}
    what.append(named.get(option["type"]) or option.get("how") or option["type"])
    return taps


READINGS = ("gugong.meng_dusk_read", "gugong.meng_slot_read")  # companion/gugong/solo/corrections.py


def read_box(page, session) -> int:
    """Meng's reading of the table's own box (table entry on, the fact unchecked): the profile's answer first,
    one tap when the box agrees."""
    return tap(page, f"opt_{session.version}_0")


def play(page, server: Server, game_id: str, until: Callable[[Any], bool], taps: Taps) -> None:
    """Tap through the game until `until(session)`: chance steps with the app's one button, players by script."""
    turn: Turn | None = None
    for _ in range(MAX_TAPS):
        session = stored(server, game_id)
        d = session.decision
        if d is None or until(session):
            break
        if d.kind in READINGS:
            taps.readings.append(read_box(page, session))
            continue
        if d.hidden:  # a start hand (or a card drawn into one): the table enters it, one screen per player
            taps.hands += tap(page, f"held_confirm_{session.version}")
            continue
        if d.is_chance:
            n = tap(page, f"app_chance_{session.version}")
            taps.chance += n
            if ".meng_" in d.kind:
                taps.meng.append(n)
            continue
        if d.kind == "gugong.turn" and (turn is None or turn.tapped[-1:] != ["trade"]):  # a trade keeps the turn
            turn = Turn(d.player)
            taps.turns.append(turn)
        assert turn is not None, d.kind
        turn.kinds.add(d.kind)
        turn.taps += tap_choice(page, session, turn.tapped)


def enter_hands(page, server: Server, game_id: str, taps: Taps) -> None:
    """Each player's start hand on one screen (one tap: the listed cards), then the app draws the rest."""
    while (session := stored(server, game_id)).decision.hidden:
        taps.hands += tap(page, f"held_confirm_{session.version}")
    taps.chance += tap(page, f"app_chance_all_{session.version}")


def day_over(session) -> bool:
    return session.state.day > 1 or session.state.phase != "day"


def test_a_three_player_day_on_a_phone_takes_at_most_3_taps_per_ordinary_turn(browser, server):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Gùgōng", NAMES)
    taps = Taps(chance=tap(page, "app_chance_all_0"))  # the app draws the start player, then stops at the hands
    enter_hands(page, server, game_id, taps)
    play(page, server, game_id, day_over, taps)
    print("\n3-player Gùgōng day 1, phone 390×844\n" + taps.table(NAMES))
    ordinary = taps.ordinary()
    # A hand card discarded (as payment, for jade) costs its owner a turn: 4 turns a day, or fewer.
    assert day_over(stored(server, game_id)), taps.table(NAMES)
    turns_per_seat = collections.Counter(turn.seat for turn in taps.turns)
    assert sorted(turns_per_seat) == [0, 1, 2] and min(turns_per_seat.values()) >= 2, taps.table(NAMES)
    assert len(ordinary) >= 6, taps.table(NAMES)
    assert statistics.median(ordinary) <= 3 and max(ordinary) <= 5, taps.table(NAMES)


def test_a_solo_day_against_meng_takes_one_tap_per_meng_step(browser, server):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
    taps = Taps()
    enter_hands(page, server, game_id, taps)  # Anna's start hand on one screen, then the app draws the rest
    page.goto(f"{server.url}meng?g={game_id}")
    wait_for_app(page)
    play(page, server, game_id, lambda s: s.state.day > 1, taps)
    print("\nSolo Gùgōng day 1 against Meng, from the Meng screen\n" + taps.table(["Anna", "Meng"]))
    assert stored(server, game_id).state.day == 2
    assert len(taps.meng) >= 4 and set(taps.meng) == {1}, taps.meng
    assert set(taps.readings) <= {1}, taps.readings  # a reading the box agrees with: one tap
    assert "What Meng does now" in page.content()


@pytest.fixture(scope="module")
def meng_screen(chromium, app_server):
    """A solo game on the Meng screen at the player's actions, the last step Meng's (one page for the module)."""
    server = app_server
    context = watch(chromium.new_context(viewport=PHONE, locale="en-GB"))
    page = context.new_page()
    game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
    enter_hands(page, server, game_id, Taps())  # a solo game starts at the start hand
    page.goto(f"{server.url}meng?g={game_id}")
    wait_for_app(page)
    play(page, server, game_id, lambda s: s.decision.kind == "gugong.act", Taps())
    yield page, game_id
    context.close()


def undo(page, v: int) -> None:
    tap(page, f"undo_{v}")
    if page.locator(f".st-key-undo_yes_{v}").count():  # it would hide a draw: the screen asks first
        tap(page, f"undo_yes_{v}")


def test_undo_and_redo_on_the_meng_screen(server, meng_screen):
    page, game_id = meng_screen
    log = stored(server, game_id).log
    v = len(log)
    undo(page, v)
    assert stored(server, game_id).log == log[:-1]
    tap(page, f"redo_{v - 1}")
    assert stored(server, game_id).log == log


def test_redo_survives_a_reload_of_the_meng_screen(server, meng_screen):
    page, game_id = meng_screen
    v = stored(server, game_id).version
    undo(page, v)
    page.reload()
    wait_for_app(page)
    page.wait_for_selector(f".st-key-redo_{v - 1}")
    assert page.locator(f".st-key-redo_{v - 1} button").is_enabled()
