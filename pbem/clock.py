"""Players' time zones and clocks: a zone from a name or a mail's Date, the digest's next
due time, and moments written in the reader's zone and language.

The database keeps UTC; every time a player types or reads is in their own zone (IANA names,
:mod:`zoneinfo`), so a digest at "monday 18:00" stays at 18:00 across daylight-saving changes.
"""

from __future__ import annotations

import difflib
import re
from datetime import UTC, date, datetime, time, timedelta
from email.utils import parsedate_to_datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from babel import Locale, UnknownLocaleError
from babel.dates import format_datetime, format_skeleton, match_skeleton

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@cache
def _zone_names() -> dict[str, str]:
    """Every IANA zone name, by its lower case spelling."""
    return {name.lower(): name for name in available_timezones()}


def zone(name: str) -> ZoneInfo:
    """The zone called ``name``; UTC for "" (not known yet)."""
    return ZoneInfo(name or "UTC")


def find_zone(name: str) -> str | None:
    """The IANA name ``name`` stands for, whatever its case ("europe/madrid"), or None."""
    return _zone_names().get(name.strip().lower().replace(" ", "_"))


def closest_zones(name: str, most: int = 3) -> list[str]:
    """Zone names close to a wrong one: "Europe/Madird" or just "madrid" -> Europe/Madrid."""
    wanted = name.strip().lower().replace(" ", "_")
    names = _zone_names()
    cities = {}
    for lower, real in names.items():
        cities.setdefault(lower.rsplit("/", 1)[-1], real)
    found = [names[n] for n in difflib.get_close_matches(wanted, list(names), most, 0.6)]
    found += [cities[c] for c in difflib.get_close_matches(wanted, list(cities), most, 0.75)]
    return list(dict.fromkeys(found))[:most]


def zone_from_date(header: str | None) -> str:
    """The zone a mail's Date header tells, where it can: a whole-hour offset is a fixed zone
    (``+0100`` -> ``Etc/GMT-1``); no offset, ``-0000`` or an unusual one gives UTC."""
    try:
        offset = parsedate_to_datetime(header).utcoffset() if header else None
    except (TypeError, ValueError, IndexError):
        offset = None
    if offset is None or offset % timedelta(hours=1):
        return "UTC"
    hours = int(offset / timedelta(hours=1))
    if not hours or abs(hours) > 14:
        return "UTC"
    return f"Etc/GMT{-hours:+d}"  # the Etc zones count the other way round


def zone_label(name: str) -> str:
    """A zone as a reader reads it: a fixed zone from a Date header is its offset
    (``Etc/GMT-1`` -> ``UTC+1``: the Etc names count the other way round), a named one its name."""
    if name.startswith("Etc/GMT") and name[7:]:
        return f"UTC{-int(name[7:]):+d}"
    return name


def next_due(every: str, weekday: int, minute: int, zone_name: str, after: datetime):
    """The first digest time after ``after`` (UTC), or None when ``every`` is "off".

    ``every`` is "daily" or "weekly" (on ``weekday``, 0 = Monday); ``minute`` counts from the
    local midnight. A wall time the clocks skip (spring forward) is read with the offset
    before the change, so it goes out an hour later on the clock that day.
    """
    if every not in ("daily", "weekly"):
        return None
    local_zone = zone(zone_name)
    day = after.astimezone(local_zone).date()
    wall = time(minute // 60, minute % 60)
    for offset in range(9):
        candidate_day = day + timedelta(days=offset)
        if every == "weekly" and candidate_day.weekday() != weekday:
            continue
        due = datetime.combine(candidate_day, wall, tzinfo=local_zone).astimezone(UTC)
        if due > after:
            return due
    raise AssertionError("a digest time is always found within eight days")


@cache
def _locale(locale: str) -> Locale:
    try:
        return Locale.parse(locale.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return Locale("en")


@cache
def _moment_pattern(locale: str) -> str:
    """The language's pattern of a day and an hour: its medium date-time pattern around the
    patterns of the skeletons ``MMMEd`` and ``Hm`` (all CLDR patterns, quoted literals kept)."""
    lang = _locale(locale)
    skeletons = lang.datetime_skeletons
    day, hour = (skeletons[match_skeleton(s, skeletons) or s].pattern for s in ("MMMEd", "Hm"))
    return lang.datetime_formats["medium"].format(hour, day)


def moment(at: datetime, zone_name: str, locale: str) -> str:
    """``at`` as the reader reads a date and hour in their zone: "Fri, Dec 4, 18:00"."""
    return format_datetime(at, _moment_pattern(locale), zone(zone_name), _locale(locale))


def day(at: datetime | date, zone_name: str, locale: str) -> str:
    """The day of ``at`` in the reader's zone and language: "Dec 24"."""
    if isinstance(at, datetime):
        at = at.astimezone(zone(zone_name)).date()
    return format_skeleton("MMMd", at, locale=_locale(locale))


def weekday_name(weekday: int, locale: str) -> str:
    """The name of a weekday (0 = Monday) in the reader's language."""
    return _locale(locale).days["format"]["wide"][weekday]


def wall_minute(text: str) -> int | None:
    """Minutes after midnight of "18:00", "7:30" or "7" (hours), or None."""
    hours, _colon, minutes = text.strip().partition(":")
    if not hours.isdigit() or (minutes and not (minutes.isdigit() and len(minutes) == 2)):
        return None
    if int(hours) > 23 or int(minutes or 0) > 59:
        return None
    return int(hours) * 60 + int(minutes or 0)


_DAY = re.compile(r"^(\d{1,4})[-./](\d{1,2})(?:[-./](\d{0,4}))?$")


def read_day(text: str, today: date) -> date | None:
    """The day ``text`` names, or None: ISO ``2026-12-24``; the day first, as in Spain,
    Germany and Portugal, in ``24.12.2026``, ``24/12/2026``, ``24.12.26``; without a year
    (``24.12.``) the next such day from ``today``; the month first only where the day cannot
    be (``12/24/2026``)."""
    found = _DAY.match(text.strip())
    if not found:
        return None
    first, second, third = found.groups()
    if len(first) == 4:
        return _day(int(first), int(second), int(third)) if third and len(third) <= 2 else None
    if len(first) == 3 or (third and len(third) not in (2, 4)):
        return None
    day, month = int(first), int(second)
    if month > 12 >= day:
        day, month = month, day
    if third:
        return _day(int(third) + (2000 if len(third) == 2 else 0), month, day)
    named = _day(today.year, month, day)
    if named is not None and named < today:
        return _day(today.year + 1, month, day)
    return named


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
