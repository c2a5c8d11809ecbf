"""The table's own time zone: what "the same day" and a play's date and time mean at that table.

A table may set one (setting "stats.timezone", an IANA name such as "Europe/Berlin"); without it, the
server's own zone. Stored times stay seconds since the epoch; only dates and shown times use the zone.
"""

from __future__ import annotations

from datetime import date, datetime, time, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..core.errors import CompanionError

SETTING = "stats.timezone"


def local() -> tzinfo:
    return datetime.now().astimezone().tzinfo  # type: ignore[return-value]


def named(name: object) -> tzinfo:
    """The zone called `name`; the server's own zone for none or an unknown name."""
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return local()


def of_table(store: object) -> tzinfo:
    """The zone a TableStore's table keeps (its setting), else the server's."""
    try:
        return named(store.setting(SETTING))  # type: ignore[attr-defined]
    except CompanionError:
        return local()


def day_of(seconds: float, zone: tzinfo) -> date:
    return datetime.fromtimestamp(seconds, zone).date()


def at(day: date, zone: tzinfo, clock: time | None = None) -> float:
    """Seconds since the epoch of `day` at `clock` (now, in the zone, when None) in that zone."""
    clock = clock or datetime.now(zone).time().replace(tzinfo=None)
    return datetime.combine(day, clock, tzinfo=zone).timestamp()
