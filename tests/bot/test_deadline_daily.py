"""Daily deadlines at a wall-clock time in a time zone (issue 27).

Issue 27: "Deadlines computed in the game's time zone (zoneinfo), stored in UTC: a daily
"20:00 Europe/Amsterdam" stays 20:00 across both DST changes." In 2026 Europe/Amsterdam
moves from UTC+1 to UTC+2 at 02:00 on 29 March and back at 03:00 on 25 October.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.deadlines import next_daily, read_daily
from engine import NotAllowed
from tests.support.table import Table

AMSTERDAM = ZoneInfo("Europe/Amsterdam")


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[misc]


def local(moment: float) -> str:
    return datetime.fromtimestamp(moment, AMSTERDAM).strftime("%Y-%m-%d %H:%M")


def days_of(start: float, count: int) -> list[float]:
    """`count` daily 20:00 Amsterdam deadlines in a row, each armed just after the last."""
    found, after = [], start
    for _ in range(count):
        after = next_daily("20:00", "Europe/Amsterdam", after)
        found.append(after)
    return found


def test_20_00_amsterdam_stays_20_00_across_the_march_change() -> None:
    """29 March 2026: clocks jump from 02:00 to 03:00; the day is 23 hours long."""
    due = days_of(utc(2026, 3, 27, 12), 4)
    assert [local(d) for d in due] == ["2026-03-27 20:00", "2026-03-28 20:00",
                                       "2026-03-29 20:00", "2026-03-30 20:00"]
    assert due[1] == utc(2026, 3, 28, 19)  # UTC+1
    assert due[2] == utc(2026, 3, 29, 18)  # UTC+2
    assert due[2] - due[1] == 23 * 3600


def test_20_00_amsterdam_stays_20_00_across_the_october_change() -> None:
    """25 October 2026: clocks go back from 03:00 to 02:00; the day is 25 hours long."""
    due = days_of(utc(2026, 10, 23, 12), 4)
    assert [local(d) for d in due] == ["2026-10-23 20:00", "2026-10-24 20:00",
                                       "2026-10-25 20:00", "2026-10-26 20:00"]
    assert due[1] == utc(2026, 10, 24, 18)  # UTC+2
    assert due[2] == utc(2026, 10, 25, 19)  # UTC+1
    assert due[2] - due[1] == 25 * 3600


def test_a_time_skipped_by_the_march_change_falls_as_long_after_midnight() -> None:
    """02:30 does not exist on 29 March 2026 in Amsterdam: the deadline falls at 03:30 (UTC
    01:30), two and a half hours after midnight as 02:30 would have been; and the next day
    it is 02:30 again."""
    first = next_daily("02:30", "Europe/Amsterdam", utc(2026, 3, 28, 12))
    assert first == utc(2026, 3, 29, 1, 30)
    assert local(first) == "2026-03-29 03:30"
    assert local(next_daily("02:30", "Europe/Amsterdam", first)) == "2026-03-30 02:30"


def test_a_time_the_october_change_repeats_is_due_the_first_time() -> None:
    """02:30 happens twice on 25 October 2026 in Amsterdam (at UTC 00:30 and 01:30): the
    deadline is due the first time, once."""
    first = next_daily("02:30", "Europe/Amsterdam", utc(2026, 10, 24, 12))
    assert first == utc(2026, 10, 25, 0, 30)
    after = next_daily("02:30", "Europe/Amsterdam", first)
    assert local(after) == "2026-10-26 02:30"


def test_the_next_time_is_strictly_later_and_today_when_it_still_can_be() -> None:
    at_six = utc(2026, 6, 1, 18)  # 20:00 in Amsterdam (summer)
    assert next_daily("20:00", "Europe/Amsterdam", at_six - 1) == at_six
    assert next_daily("20:00", "Europe/Amsterdam", at_six) == at_six + 24 * 3600


def test_a_time_of_day_is_read_as_players_write_it() -> None:
    assert read_daily("20:00") == "20:00"
    assert read_daily(" 8.30 ") == "08:30"
    assert read_daily("7h05") == "07:05"
    for wrong in ("25:00", "20", "noon", "20:61"):
        with pytest.raises(NotAllowed):
            read_daily(wrong)


async def test_a_daily_deadline_set_by_command_holds_each_evening_across_the_change(
        table: Table) -> None:
    """ann, in Amsterdam, sets "every day at 20:00" on 28 March 2026: it passes at 20:00
    that evening (UTC 19:00), and the next turn's is 20:00 the day after, the first day of
    summer time (UTC 18:00); each applied once."""
    table.clock.now = utc(2026, 3, 28, 12)
    await table.start_bot()
    await table.slash("ann", "game notify", time_zone="Europe/Amsterdam")
    await table.pig_game("ann", "bob")
    reply = await table.slash("ann", "game deadline", change="daily", at="20:00")
    assert "20:00 (Europe/Amsterdam time)" in reply.text()
    live = await table.loaded()
    assert table.bot is not None
    storage = table.bot.service.storage
    row = await storage.deadline(live.id)
    assert row is not None and row.due_at == utc(2026, 3, 28, 19)

    table.clock.now = utc(2026, 3, 28, 19) - 1
    await table.bot.timers.tick()
    await table.fake.settle()
    assert await table.steps() == []  # not yet
    table.clock.now = utc(2026, 3, 28, 19)
    await table.bot.timers.tick()
    await table.fake.settle()
    assert [s.action for s in await table.steps()] == ["hold"]
    row = await storage.deadline(live.id)
    assert row is not None and row.due_at == utc(2026, 3, 29, 18)  # 20:00 summer time

    table.clock.now = utc(2026, 3, 29, 18, 0, 30)
    await table.bot.timers.tick()
    await table.bot.timers.tick()
    await table.fake.settle()
    assert [s.action for s in await table.steps()] == ["hold", "hold"]
    assert [(due, at) for _, _, due, at, _ in await storage.applied_deadlines(live.id)] == [
        (utc(2026, 3, 28, 19), utc(2026, 3, 28, 19)),
        (utc(2026, 3, 29, 18), utc(2026, 3, 29, 18, 0, 30))]
    row = await storage.deadline(live.id)
    assert row is not None and local(row.due_at or 0) == "2026-03-30 20:00"
