"""Issue 22 for Yinzi: the exchange track's rates are corrected where the game first uses them (ruling 41).

With table entry on and the rates unchecked, the table reads the track where the die stands: at the setup and
each time the die reaches a field not read yet. A number other than the model's is the rate from then on;
the reading undoes, redoes and replays byte for byte; older editions and games without table entry never ask.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import Session, codec
from companion.core.actions import Decision
from companion.core.canonical import canonical_bytes
from companion.core.profile import load_default
from companion.yinzi import components, exchange
from companion.yinzi.engine import GAME
from companion.yinzi.seen_items import items_seen
from tests.core import play_on

PLAYERS = ["Anna", "Lisa", "David"]
READ = "yinzi.rate_read"


def _session(seed: int = 3, **extra) -> Session:
    return Session.new(GAME, {"players": PLAYERS, "seed": seed, "table_entry": True, **extra})


def _bytes(session: Session) -> bytes:
    return canonical_bytes(session.game.to_json(session.state))


def play_until(session: Session, wanted: Callable[[Decision], bool], seed: int = 1, limit: int = 4000
               ) -> Decision | None:
    return play_on.play_until(session, wanted, seed, limit, end_ok=True)


def test_the_start_field_is_read_at_the_setup_and_a_corrected_rate_is_paid_with():
    session = _session()
    d = play_until(session, lambda d: d.kind == READ)
    field = session.state.die
    model = components.of(session.state).rate(field)
    assert d.hidden and d.params["field"] == field and d.options[0] == {"type": "rate", "n": model}
    assert session.state.round == 0 or session.state.phase != "action"  # before any payment
    before = _bytes(session)
    session.act({"type": "rate", "n": 9, "seen": {"rate": 9}})
    after = _bytes(session)
    assert exchange.rate(session.state) == 9 and session.state.overrides["exchange.rates"][field - 1] == 9
    assert components.of(session.state).profile.fact("exchange.rates").status == "seen"
    session.undo()
    assert _bytes(session) == before and exchange.rate(session.state) == model
    session.redo()
    assert _bytes(session) == after
    again = codec.loads(codec.dumps(session))
    assert again.log == session.log and _bytes(again) == after


def test_each_field_is_read_once_and_the_box_check_records_the_fields_read():
    session = _session(seed=4)
    reads: list[int] = []
    while (d := play_until(session, lambda d: d.kind == READ, limit=20000)) is not None:
        reads.append(d.params["field"])
        session.act({"type": "rate", "n": 20 + d.params["field"], "seen": {"rate": 20 + d.params["field"]}})
    assert session.is_over and reads and len(reads) == len(set(reads))  # a field is never asked twice
    found = items_seen(GAME, session.setup, list(session.log))
    assert found["exchange.rates"] == {str(f): 20 + f for f in reads}
    rates = components.of(session.state).rates
    assert all(rates[f - 1] == 20 + f for f in reads)


def test_no_reading_without_table_entry_in_older_editions_or_when_the_owner_checked_the_rates():
    for session in (Session.new(GAME, {"players": PLAYERS, "seed": 3}), _session(rules=5),
                    _session(profile={"overrides": {"exchange.rates": load_default("yinzi").value("exchange.rates")}})):
        kinds: list[str] = []
        play_until(session, lambda d, k=kinds, s=session: k.append(d.kind) or s.state.round >= 2)
        assert READ not in kinds
