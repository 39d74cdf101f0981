"""What a stored action waits for on disk (issue 27: "the bot's fixed cost per stored action
... measured and cut").

A turn-passing command used to wait for four commits with an fsync each: the action, both
seats' prompt records and the status post's record. Only the action must be durable before
anyone is told of it; the records of what a telling posted are written without waiting for
the disk (`put_message(durable=False)`): a kill loses none of them, and what a power loss
loses the game owes again at the next start, where the re-telling finds the messages on
Discord. These tests count the durable writes of one turn through the real bot, and check
that what was written without an fsync is read back after a restart."""

from __future__ import annotations

from typing import Any

from bot.storage import Storage
from tests.support.table import Table


def count_writes(storage: Storage) -> dict[str, list[str]]:
    """Record the store's durable writes (each waits for a commit with an fsync) and its
    writes that do not wait for the disk, by their SQL's first words."""
    seen: dict[str, list[str]] = {"durable": [], "unsynced": []}
    durable, unsynced = storage._write, storage._unsynced

    async def write(*statements: Any) -> None:  # one call: one commit waited for
        seen["durable"].append(" + ".join(" ".join(s.sql.split()[:3]) for s in statements))
        await durable(*statements)

    async def quick(sql: str, args: tuple[Any, ...]) -> None:
        seen["unsynced"].append(" ".join(sql.split()[:5]))
        await unsynced(sql, args)

    storage._write = write  # type: ignore[method-assign]
    storage._unsynced = quick  # type: ignore[method-assign]
    return seen


async def test_a_turn_passing_command_waits_for_the_disk_once(table: Table) -> None:
    """ann holds: her turn ends and bob's begins, both prompts and the status post change;
    of all that, only the action is written durably."""
    bot = await table.start_bot()
    await table.pig_game("ann", "bob")
    assert "Done." in (await table.slash("ann", "pig roll")).text()
    assert isinstance(bot.service.storage, Storage)
    seen = count_writes(bot.service.storage)
    assert "Done." in (await table.slash("ann", "pig hold")).text()
    assert seen["durable"] == ["INSERT INTO actions + INSERT INTO outbox"], seen
    assert "INSERT OR REPLACE INTO messages" in seen["unsynced"], seen  # the records


async def test_records_written_without_an_fsync_are_there_after_a_restart(
        table: Table) -> None:
    """The prompt records a telling wrote without waiting for the disk are read back by the
    next process: bob's prompt is the message the bot posted, and nothing is sent again."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert "Done." in (await table.slash("ann", "pig hold")).text()
    before = len(table.dms("bob")) + len(table.fake.messages(table.channel))
    live = table.live
    record = await table.bot.service.storage.message(live.id, "prompt:bob")  # type: ignore[union-attr]
    assert record is not None and record[1] != 0
    await table.stop_bot()
    table.clock.advance(5)
    bot = await table.start_bot()
    await table.fake.settle()
    assert await bot.service.storage.message(live.id, "prompt:bob") == record
    assert len(table.dms("bob")) + len(table.fake.messages(table.channel)) == before
