"""What the outbox tests (tests/e2e/test_outbox.py, test_retell.py) share: the posts and
prompts they look for, the ways a process dies between storing a step and recording that it
was told, and the wait for a restarted bot to tell what it owed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.outbox
from bot import records
from bot.actions import ActionPath
from bot.delivery.prompts import PromptMessages
from tests.support.table import Table


def posts_saying(table: Table, words: str) -> list[Any]:
    return [m for m in table.fake.messages(table.channel) if words in m.text()]


def channel_posts_sent(table: Table) -> list[Any]:
    return [r for r in table.fake.requests if r.method == "POST"
            and r.path.endswith(f"/channels/{table.channel}/messages")]


def turn_prompts(table: Table, user: str) -> list[Any]:
    return [m for m in table.dms(user) if m.buttons() and "Your turn" in m.text()]


async def dies_before_telling(self: ActionPath, *args: Any, **kwargs: Any) -> Any:
    raise SystemError("the process dies here, after the commit, before telling anything")


async def dies_before_recording(*args: Any, **kwargs: Any) -> None:
    """`bot.outbox.told` of a process killed once its telling went out: nothing recorded."""
    return None


async def hold_told_not_recorded(table: Table, monkeypatch: pytest.MonkeyPatch
                                 ) -> tuple[int, list[int], dict[str, list[int]]]:
    """ann's hold told in full (its post, bob's prompt, the status), and the process dies
    before it records that: the game, the channel's message ids, ann's and bob's DMs' ids."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    monkeypatch.setattr(bot.outbox, "told", dies_before_recording)
    await table.slash("ann", "pig hold")
    assert len(posts_saying(table, "ann banks")) == 1
    assert table.bot is not None
    game = table.live.id
    assert [r.seq for r in await table.bot.service.storage.outbox(game)
            if r.sent_at is None] == [2]
    channel = [m.id for m in table.fake.messages(table.channel)]
    dms = {name: [m.id for m in table.dms(name)] for name in ("ann", "bob")}
    return game, channel, dms


async def all_told(table: Table, game: int) -> None:
    """Until the restarted bot's sender told every owed step of the game."""
    assert table.bot is not None
    storage = table.bot.service.storage
    for _ in range(200):
        if all(r.sent_at is not None for r in await storage.outbox(game)):
            break
        await table.bot.outbox.drain()
        await asyncio.sleep(0.02)
    await table.fake.settle()
    assert all(r.sent_at is not None for r in await storage.outbox(game))


async def bob_prompted_not_recorded(table: Table, monkeypatch: pytest.MonkeyPatch) -> int:
    """ann holds; bob's prompt DM goes out and the process dies before its message id is
    stored (the record's write is patched to fail for it: undone by `monkeypatch.undo`). How
    many turn prompts bob had before it."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    asked = len(turn_prompts(table, "bob"))
    save = PromptMessages._save

    async def dies_before_recording_bob(self: PromptMessages, facts: Any, seat: str,
                                        record: records.PromptRecord) -> None:
        if seat == "bob" and record.message_id:
            raise SystemError("the process dies here")
        await save(self, facts, seat, record)

    monkeypatch.setattr(PromptMessages, "_save", dies_before_recording_bob)
    await table.slash("ann", "pig hold")
    return asked
