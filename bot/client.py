"""The bot process: the Discord client that owns the service, the action path, delivery
and deadlines, loads the cogs and syncs the commands.

Every interaction takes one path (`bot/actions.py`): find the game, apply the action
through the service, answer, announce. The client only wires the pieces together and
hands the cogs a few shortcuts onto that path.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.actions import ActionPath
from bot.config import Settings
from bot.deadlines import Deadlines
from bot.delivery import Delivery
from bot.host import Renderer
from bot.repeats import RepeatGuard
from bot.service import GameService, LiveGame, Outcome
from bot.storage import Storage
from bot.ui import forms
from bot.ui.components import DYNAMIC_ITEMS

log = logging.getLogger(__name__)

DEFAULT_EXTENSIONS = ("cogs.lobby", "cogs.hf", "cogs.clue", "cogs.ccr", "cogs.aa",
                      "cogs.owd", "cogs.paa")


class Croupier(commands.Bot):
    """The Discord client. Games are loaded before it accepts any command."""

    service: GameService

    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], str] | None = None,
                 extensions: tuple[str, ...] = DEFAULT_EXTENSIONS, **kwargs: Any) -> None:
        intents = discord.Intents.default()
        # Nobody is pinged unless a message names them in its own allowed_mentions: a seat
        # or an option typed as "<@someone>" must not notify anyone.
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        self.settings = settings
        self._clock = clock
        self._seed_source = seed_source
        self._extension_names = extensions
        self.renderers: dict[str, Renderer] = {}
        self.command_groups: dict[str, str] = {}  # variant -> its slash command group
        self.render_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        self.actions = ActionPath(self)
        self.delivery = Delivery(self)
        self.deadlines = Deadlines(self)
        self._closing_down = False
        self._form_tasks: set[asyncio.Task[None]] = set()
        self.repeats = RepeatGuard(self, started=clock())

    async def setup_hook(self) -> None:
        storage = await Storage.open(self.settings.database)
        self.service = GameService(storage, clock=self._clock, seed_source=self._seed_source,
                                   snapshot_every=self.settings.snapshot_every)
        restored = await self.service.restore()
        log.info("restored %d unfinished games", restored)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in self._extension_names:
            await self.load_extension(name)
        self.tree.error(self.on_app_command_error)
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.deadlines.start()
        self._owed = asyncio.create_task(self._prompt_owed_games(), name="croupier-owed-prompts")

    async def _prompt_owed_games(self) -> None:
        """Once connected: every game that moved after its prompts last all went out (the
        process died in between) prompts its awaited seats again."""
        await self.wait_until_ready()
        try:
            count = await self.delivery.owed_prompts()
        except Exception:
            log.exception("prompting the games that owed prompts failed")
            return
        if count:
            log.info("prompted %d games that owed prompts", count)

    async def close(self) -> None:
        """Idempotent: discord.py calls it again from `connect` after a close."""
        if self._closing_down:
            return
        self._closing_down = True
        await self.deadlines.stop()
        owed = getattr(self, "_owed", None)
        if owed is not None and not owed.done():
            owed.cancel()
        await self.delivery.close()
        await super().close()
        if hasattr(self, "service"):
            await self.service.storage.close()
        self.render_pool.shutdown(wait=False)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A form's modal, submitted: handled from its custom id (restart-proof), in a task
        named as discord.py names the tasks that run modals (the sandbox waits for those)."""
        if interaction.type == discord.InteractionType.modal_submit:
            custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
            task = asyncio.create_task(forms.submitted(interaction),
                                       name=f"discord-ui-modal-dispatch-{custom_id}")
            self._form_tasks.add(task)
            task.add_done_callback(self._form_tasks.discard)

    # ----- the action path (bot/actions.py), for the cogs ---------------------

    async def game_here(self, interaction: discord.Interaction[Any], variant: str | None = None
                        ) -> LiveGame:
        return await self.actions.game_here(interaction, variant)

    async def act(self, interaction: discord.Interaction[Any], action: str,
                  params: dict[str, Any], *, seat: str | None = None,
                  variant: str | None = None) -> None:
        await self.actions.act(interaction, action, params, seat=seat, variant=variant)

    async def reply(self, interaction: discord.Interaction[Any], lines: list[str]) -> None:
        await self.actions.reply(interaction, lines)

    async def announce(self, outcome: Outcome) -> None:
        await self.actions.announce(outcome)

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.actions.show_hand(interaction, game_id)

    async def private_history(self, live: LiveGame, seats: list[str]) -> list[str]:
        return await self.actions.private_history(live, seats)

    async def after_undo_step(self, interaction: discord.Interaction[Any], live: LiveGame,
                              missing: list[str]) -> None:
        await self.actions.after_undo_step(interaction, live, missing)

    async def reply_error(self, interaction: discord.Interaction[Any], exc: BaseException) -> None:
        await self.actions.reply_error(interaction, exc)

    # ----- errors, in one place -------------------------------------------------

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await self.reply_error(interaction, original)
