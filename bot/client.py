"""The bot process: the Discord client, and the composition root.

`Croupier.setup_hook` opens storage, restores the index of games, then builds each piece
of the bot with exactly what it uses, from the bottom up (sending, pictures, the status
post, prompt messages, announcing, timed steps, windows, deadlines, the action path, the
lobby), loads the cogs and syncs the commands. No piece looks anything up on the client:
upward calls (a timed step announcing what it did, a deadline waking the timer) are
callables handed in here. Buttons and forms reach the action path as
`interaction.client.actions`, typed as `bot.ui.target.ClickTarget`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.actions import ActionPath
from bot.config import Settings
from bot.deadlines import Deadlines
from bot.delivery.announce import Announcer
from bot.delivery.discord_io import Sender
from bot.delivery.pictures import Painter, RenderWorkers
from bot.delivery.prompts import PromptMessages
from bot.delivery.status import StatusPost
from bot.identify import IDENTIFY_SPACING, IdentifyQueue, default_lock_file
from bot.lobby import Lobby
from bot.notices import Notices
from bot.outbox import Outbox
from bot.repeats import RepeatGuard
from bot.rest_pace import STAMP_ENV, RestPace, share_of_global
from bot.service import GameService
from bot.storage import StorageError
from bot.stores import is_postgres_url, open_storage
from bot.timeouts import Timeouts
from bot.timers import Timers
from bot.ui import forms
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.target import ClickTarget
from bot.windows import Windows
from renders import PICTURES, Pictures

if TYPE_CHECKING:  # procrastinate is imported only over PostgreSQL
    from bot.queue import DeadlineQueue

log = logging.getLogger(__name__)

DEFAULT_EXTENSIONS = ("cogs.lobby", "cogs.hf", "cogs.clue", "cogs.ccr", "cogs.aa",
                      "cogs.owd", "cogs.paa",
                      "cogs.dict", "cogs.ill")


class Croupier(commands.Bot):
    """The Discord client. Games are loaded before it accepts any command."""

    service: GameService
    sender: Sender
    painter: Painter
    status_post: StatusPost
    delivery: Announcer
    timeouts: Timeouts
    timers: Timers
    windows: Windows
    deadlines: Deadlines
    notices: Notices
    outbox: Outbox
    repeats: RepeatGuard
    actions: ActionPath
    lobby: Lobby

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
        # Each game's pictures, from the renders registry: a copy, so that a test can
        # leave images out by emptying it.
        self.pictures: dict[str, Pictures] = dict(PICTURES)
        self.command_groups: dict[str, str] = {}  # variant -> its slash command group
        # The pictures of announcements, drawn in worker processes (CROUPIER_RENDER_WORKERS);
        # its threads still draw the board commands' pictures.
        self.render_workers = RenderWorkers(settings.render_workers)
        self.render_pool = self.render_workers.threads
        self._closing_down = False
        self._built = False
        self.deadline_queue: DeadlineQueue | None = None
        self._form_tasks: set[asyncio.Task[None]] = set()
        per_second = share_of_global(settings.shard_count, settings.shard_ids,
                                     settings.rest_per_second, proxied=settings.api_base is not None)
        self.rest_pace = (RestPace(per_second, stamp=bool(os.environ.get(STAMP_ENV)))
                          if per_second else None)
        if self.rest_pace is not None:
            self.rest_pace.install(self.http)

    async def setup_hook(self) -> None:
        # A clock handed in (tests move time by hand) is the database's too, so that a
        # deadline is due by both; otherwise the database's own clock decides (SQLite's or
        # PostgreSQL's: `bot/storage.py`, `bot/storage_pg.py`).
        storage = await open_storage(self.settings.database,
                                     clock=None if self._clock is time.time else self._clock)
        self.service = GameService(storage, clock=self._clock, seed_source=self._seed_source,
                                   snapshot_every=self.settings.snapshot_every)
        restored = await self.service.restore()
        log.info("restored %d unfinished games", restored)
        self.build()
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
        self.timers.start()
        self.outbox.start()
        await self._start_deadline_queue()
        self._owed = asyncio.create_task(self._prompt_owed_games(), name="croupier-owed-prompts")

    def build(self) -> None:
        """Each piece, given what it uses, from the bottom up."""
        service, storage = self.service, self.service.storage
        self.sender = Sender(self, storage)
        self.painter = Painter(self.pictures, self.render_workers, storage)
        self.status_post = StatusPost(self.sender, storage)
        self.timers = Timers(service.clock)
        self.notices = Notices(service, self.sender, wake=self.timers.wake)
        prompts = PromptMessages(self.sender, self.painter, storage, self.notices)
        # A timed step's outcomes are announced as an action's are, by the action path; the
        # path needs the deadlines, which need the timed steps, so this one call is bound
        # here, once the path is built below.
        self.timeouts = Timeouts(service, self.sender, self.status_post,
                                 announce=lambda outcomes, preface: self.actions.announce_all(
                                     outcomes, preface))
        self.windows = Windows(service, self.timeouts, wake=self.timers.wake)
        self.deadlines = Deadlines(service, self.timeouts, self.windows, self.sender,
                                   wake=self.timers.wake,
                                   refresh=lambda live: self.delivery.refresh_prompts(live))
        self.timers.watch(self.windows.tick, self.deadlines.tick, self.notices.tick)
        self.delivery = Announcer(self.sender, prompts, self.painter, self.status_post, service)
        self.repeats = RepeatGuard(service, started=self._clock())
        self.actions = ActionPath(service, self.delivery, self.sender, self.status_post,
                                  self.deadlines, self.windows, self.repeats)
        self.lobby = Lobby(service, self.actions, self.delivery, self.sender, self.status_post,
                           self.painter, self.deadlines)
        self.actions.picks = self.lobby.picks()  # a game picked from a DM's menu
        # Stored steps not told (a process killed after storing them, a failed telling):
        # told by this process's sender once nobody holds them (bot/outbox.py).
        url = getattr(storage, "url", None)
        self.outbox = Outbox(service, lambda outcomes, tries, since: self.actions.retell(
                                 outcomes, tries, since),
                             alone=url is None, listen_url=url, ready=self.wait_until_ready,
                             recall=self.sender.retelling)
        self._built = True

    async def _start_deadline_queue(self) -> None:
        """Over PostgreSQL, deadlines are triggered by a task queue's jobs, whichever
        process's worker takes them (`bot/queue.py`); over SQLite, or with a clock handed in
        (the queue runs on the database's real clock), by the timer's tick."""
        if not is_postgres_url(self.settings.database) or self._clock is not time.time:
            return
        from bot.queue import DeadlineQueue

        self.deadline_queue = await DeadlineQueue.open(self.settings.database,
                                                       self.deadlines.check)
        self.deadlines.use_queue(self.deadline_queue)
        self.deadline_queue.start()

    async def _prompt_owed_games(self) -> None:
        """Once connected: every game that moved after its prompts last all went out (the
        process died in between) prompts its awaited seats again."""
        await self.wait_until_ready()
        try:
            # The prompts first, so that every awaited seat can play at once; the steps
            # owed are told meanwhile by the outbox's sender (after a crash under load,
            # Discord's limits make that minutes: `bot/outbox.py`).
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
        if self._built:
            await self.timers.stop()
            await self.outbox.stop()
        if self.deadline_queue is not None:
            await self.deadline_queue.close()
        owed = getattr(self, "_owed", None)
        if owed is not None and not owed.done():
            owed.cancel()
        if self._built:
            await self.delivery.close()
            await self.sender.close()
        await super().close()
        if hasattr(self, "service"):
            if self._built:  # what this process was still to tell: the others' to tell now
                with contextlib.suppress(StorageError):
                    await self.service.storage.release_own_outbox()
            await self.service.storage.close()
        self.render_workers.shutdown()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A form's modal, submitted: handled from its custom id (restart-proof), in a task
        named as discord.py names the tasks that run modals (the sandbox waits for those)."""
        if interaction.type == discord.InteractionType.modal_submit:
            custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
            task = asyncio.create_task(forms.submitted(interaction),
                                       name=f"discord-ui-modal-dispatch-{custom_id}")
            self._form_tasks.add(task)
            task.add_done_callback(self._form_tasks.discard)

    # ----- errors, in one place -------------------------------------------------

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await self.actions.reply_error(interaction, original)


class ShardedCroupier(Croupier, commands.AutoShardedBot):
    """The bot as one process of several, or with every shard in one process: discord.py's
    sharded client, on the shards the settings name. Each IDENTIFY waits for its turn in the
    identify queue the processes share (bot/identify.py)."""

    def __init__(self, settings: Settings, *, identify_spacing: float = IDENTIFY_SPACING,
                 **kwargs: Any) -> None:
        kwargs.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            kwargs.setdefault("shard_ids", list(settings.shard_ids))
        super().__init__(settings, **kwargs)
        self._identify_spacing = identify_spacing
        self.identify_queue: IdentifyQueue | None = None
        self._max_concurrency = 1

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if self.identify_queue is None:  # once: GET /gateway/bot, and the bot's lock file
            self._max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
            lock = self.settings.identify_lock or default_lock_file(self.application_id or 0)
            self.identify_queue = IdentifyQueue(lock, spacing=self._identify_spacing)
        await self.identify_queue.wait_turn(shard_id or 0, self._max_concurrency)


def make_bot(settings: Settings, **kwargs: Any) -> Croupier:
    """The bot the settings describe: sharded when a shard count is set, else one
    connection (as today, and as Discord lets a bot in under 2,500 servers run)."""
    if settings.shard_count:
        return ShardedCroupier(settings, **kwargs)
    return Croupier(settings, **kwargs)


def clicks_of(actions: ActionPath) -> ClickTarget:
    """The action path is what every button and form calls (checked here by mypy)."""
    return actions
