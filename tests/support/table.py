"""End-to-end fixture `table`: the real bot, the real discord.py, a fake Discord on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.client import Croupier
from bot.config import Settings
from bot.service import steps_in_effect
from engine import NotAllowed, Step
from sandbox import FakeDiscord, Interaction, Message


class Clock:
    """A clock the test moves by hand (deadlines); starts at the real time."""

    def __init__(self) -> None:
        import time

        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Table:
    fake: FakeDiscord
    guild: int
    channel: int
    users: dict[str, int]
    db: Path
    clock: Clock = field(default_factory=Clock)
    bot: Croupier | None = None
    extensions: tuple[str, ...] = ("cogs.lobby", "tests.support.pig_cog")

    async def start_bot(self, seed: str = "e2e-seed") -> Croupier:
        settings = Settings(token=self.fake.bot_token, database=str(self.db))
        self.bot = Croupier(settings, clock=self.clock, seed_source=lambda: seed,
                            extensions=self.extensions)
        await self.fake.run_bot(self.bot)
        return self.bot

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.fake.stop_bot(self.bot)
            self.bot = None

    async def slash(self, who: str, command: str, channel: int | None = None,
                    **options: Any) -> Interaction:
        inter = await self.fake.slash(self.users[who], channel or self.channel, command,
                                      **options)
        await self.fake.settle()
        return inter

    def dms(self, user: str) -> list[Message]:
        return self.fake.dms(self.users[user])

    def said(self, channel: int | None = None) -> str:
        return "\n".join(m.text() for m in self.fake.messages(channel or self.channel))

    @property
    def live(self) -> Any:
        """The channel's game as the bot holds it now (after a restart: not yet loaded)."""
        assert self.bot is not None
        live = self.bot.service.entry_in(self.channel)
        if live is None:
            raise NotAllowed("There is no game in this channel.")
        return live

    async def loaded(self) -> Any:
        """The channel's game, loaded as a command to it would load it."""
        assert self.bot is not None
        return await self.bot.service.in_channel(self.channel)

    async def steps(self, game_id: int | None = None) -> list[Step]:
        """The steps in effect of the channel's game (or `game_id`), read from the log."""
        assert self.bot is not None
        rows = await self.bot.service.storage.actions(game_id or self.live.id)
        return steps_in_effect(rows)

    async def pig_game(self, *players: str, target: int = 10) -> None:
        """A started Pig game with `players` seated in that order."""
        await self.slash(players[0], "game new", variant="pig", options=f"target={target}")
        for name in players:
            await self.slash(name, "game join")
        await self.slash(players[0], "game start")


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob", "cy")}
        users["mod"] = fake.add_user("mod", guild_id=guild, manage_guild=True)
        t = Table(fake, guild, channel, users, tmp_path / "croupier.db")
        try:
            yield t
        finally:
            await t.stop_bot()
        assert not fake.internal_errors, fake.internal_errors
        assert not fake.unknown_routes, fake.unknown_routes
