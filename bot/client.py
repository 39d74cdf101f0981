"""The bot process: Discord in, `GameService` in the middle, `Delivery` out.

Every interaction takes the same path, whether it is a slash command, a button in
a DM or a menu: find the game, defer (the 3-second rule), apply the action through
the service (which stores it durably before anything is announced), answer the
player ephemerally, then announce the events. Errors are answered in one place.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import DYNAMIC_ITEMS, RepeatButton, UndoAgreeButton, single
from bot.config import Settings
from bot.deadlines import Deadlines
from bot.delivery import Delivery, chunks, fit, message_link
from bot.repeats import RepeatGuard, Unconfirmed
from bot.service import Duplicate, GameService, LiveGame, Outcome, paused_message
from bot.storage import StaleWrite, Storage, StorageError, StorageFault
from engine import Ambiguous, Event, NotAllowed, RuleError

log = logging.getLogger(__name__)

FAST_ANSWER_SECONDS = 1.0
DEFAULT_EXTENSIONS = ("cogs.lobby", "cogs.hf", "cogs.clue", "cogs.ccr")

Renderer = Callable[[dict[str, Any]], bytes]


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
        self.delivery = Delivery(self)
        self.deadlines = Deadlines(self)
        self._closing_down = False
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

    # ----- finding the game ----------------------------------------------

    def game_here(self, interaction: discord.Interaction[Any], variant: str | None = None
                  ) -> LiveGame:
        """The game of this channel; in a DM, the user's only game (of that variant)."""
        if interaction.guild_id is not None and interaction.channel_id is not None:
            live = self.service.in_channel(interaction.channel_id)
            if variant and live.row.variant != variant:
                raise NotAllowed(f"The game in this channel is {live.row.variant}, "
                                 f"not {variant}.")
            return live
        mine = [g for g in self.service.games_of(interaction.user.id)
                if variant is None or g.row.variant == variant]
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise NotAllowed("You have no running game here. Use the command in the game's "
                             "channel.")
        raise Ambiguous("You play in several games: use the command in the game's channel.",
                        [f"#{g.id}" for g in mine])

    # ----- the one path for actions ----------------------------------------

    async def act(self, interaction: discord.Interaction[Any], action: str,
                  params: dict[str, Any], *, seat: str | None = None,
                  variant: str | None = None) -> None:
        """A slash command's action: defer, apply durably, answer, announce."""
        live = self.game_here(interaction, variant)
        observed = live.seq
        async with self.repeats.guard(live, interaction.user.id, action, params):
            await self._act(interaction, live, action, params, seat=seat, observed=observed)

    async def run_again(self, interaction: discord.Interaction[Any], game_id: int,
                        seq: int, asked_at: int) -> None:
        """The player confirmed a repeat of their stored action `seq`, asked about when the
        game was at `asked_at` (a second click on the same button counts once)."""
        try:
            live = self.service.get(game_id)
            row = await self.service.storage.action(game_id, seq)
            if row is None or row.user_id != interaction.user.id or row.action is None:
                raise NotAllowed("This button is not yours.")
            await self._act(interaction, live, row.action, row.params, seat=row.seat,
                            observed=asked_at)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def run_prompt(self, interaction: discord.Interaction[Any], game_id: int, seq: int,
                         seat_index: int, action: str, params: dict[str, Any]) -> None:
        """A button or menu from a prompt."""
        try:
            live = self.service.get(game_id)
            if live.broken is not None:
                raise NotAllowed(paused_message(live))
            if live.game is None or not 0 <= seat_index < len(live.game.seats):
                raise NotAllowed("That prompt no longer belongs to a running game.")
            seat = live.game.seats[seat_index]
            if live.user_of(seat) != interaction.user.id:
                raise NotAllowed(f"This prompt is for {seat}, which isn't your seat.")
            if seq != live.seq and interaction.message is not None:
                await self._refuse_outdated(live, seat, interaction.message.id, seq, action,
                                            params)
            await self._act(interaction, live, action, params, seat=seat, observed=seq)
        except Exception as exc:  # noqa: BLE001 - one place answers every error
            await self.reply_error(interaction, exc)

    async def _refuse_outdated(self, live: LiveGame, seat: str, message_id: int, seq: int,
                               action: str, params: dict[str, Any]) -> None:
        """Only the seat's newest prompt may be answered; a repeat says it was done."""
        latest = await self.service.storage.message(live.id, f"prompt:{seat}")
        if latest is not None and latest[1] != message_id:
            newest = message_link(latest[0], latest[1])
            try:
                await self.service.refuse_repeat(live, seq, seat, action, params)
            except Duplicate as done:
                raise Duplicate(f"{done.message} Your newest choices: {newest}") from None
            raise NotAllowed(f"This choice is out of date: use the newest message ({newest}), "
                             "or the game's slash commands.")

    async def _act(self, interaction: discord.Interaction[Any], live: LiveGame, action: str,
                   params: dict[str, Any], *, seat: str | None, observed: int) -> None:
        # Most actions are stored within a millisecond: answer directly. If the game's lock
        # is busy or the disk slow, defer well within Discord's 3 seconds and answer later.
        deferring: list[asyncio.Task[Any]] = []
        timer = self.loop.call_later(FAST_ANSWER_SECONDS, lambda: deferring.append(
            asyncio.ensure_future(interaction.response.defer(ephemeral=True, thinking=True))))
        try:
            outcome = await self.service.act(live, interaction.user.id, action, params,
                                             seat=seat, observed_seq=observed)
        finally:
            timer.cancel()
            for task in deferring:
                with contextlib.suppress(discord.HTTPException):
                    await task
        await self.answer_stored(interaction, outcome, params)

    async def answer_stored(self, interaction: discord.Interaction[Any], outcome: Outcome,
                            params: dict[str, Any]) -> None:
        """Answer the player, then announce. The action is stored: whatever Discord does to
        the answer (the interaction expired, any HTTP error), it is still announced, and a
        player whose answer was lost is told by DM that it counted."""
        mine = [e.text for e in outcome.events if not e.public and outcome.seat in e.audience]
        query = outcome.action in outcome.game.queries
        interaction.extras["stored"] = outcome.seq
        if not query:
            self.repeats.stored(outcome, interaction.user.id, params)
        try:
            await self.reply(interaction, mine if query else
                             ["\N{WHITE HEAVY CHECK MARK} Done.", *mine])
        except discord.HTTPException as exc:
            log.warning("game %s: the answer to action %s was lost: %s", outcome.live.id,
                        outcome.seq, exc)
            if not query:
                await self.delivery.tell_applied(outcome, interaction.user.id)
        else:
            self.repeats.answered(outcome, interaction.user.id, params)
        if not query:
            await self.announce(outcome)

    async def reply(self, interaction: discord.Interaction[Any], lines: list[str]) -> None:
        """An ephemeral answer in as many messages as it takes."""
        for text in chunks(lines or ["Nothing to show."]):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def announce(self, outcome: Outcome) -> None:
        """Tell everyone what happened (after it was stored), then re-arm the deadline.

        The actor's own private events are in its ephemeral answer and also in its DMs,
        which last: an ephemeral message is gone when the player's app restarts."""
        await self.announce_all([outcome])

    async def announce_all(self, outcomes: list[Outcome], preface: list[str] | None = None
                           ) -> None:
        """Announce several stored actions of one step (a deadline's) together."""
        live = outcomes[-1].live
        await self.deadlines.rearm(live)
        try:
            await self.delivery.outcomes(outcomes, preface)
        except Exception:  # the actions are stored; a failed announcement must not undo them
            log.exception("game %s: announcing actions up to %s failed", live.id,
                          outcomes[-1].seq)
            self.delivery.prompt_later(live)

    # ----- fallback and undo buttons -----------------------------------------

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        try:
            live = self.service.get(game_id)
            seats = live.seats_of(interaction.user.id)
            if not seats:
                raise NotAllowed("You have no seat in this game.")
            if live.game is None:
                raise NotAllowed(paused_message(live) if live.broken else
                                 "The game hasn't started: there is nothing to show yet.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            texts = await self.private_history(live, seats)
            for seat in seats:
                view = json.dumps(live.game.view(seat), indent=1, sort_keys=True)
                texts.append(f"**{seat}** — what you can see now:\n```json\n{view[:1500]}\n```")
            for text in chunks(texts or ["Nothing private yet."])[-5:]:
                await interaction.followup.send(text, ephemeral=True)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def private_history(self, live: LiveGame, seats: list[str]) -> list[str]:
        """Every private event the seats were sent, from the stored log."""
        texts: list[str] = []
        for row in await self.service.storage.actions(live.id):
            for raw in row.events:
                event = Event.from_json(raw)
                if not event.public and set(seats) & set(event.audience):
                    texts.append(event.text)
        return texts

    async def agree_undo(self, interaction: discord.Interaction[Any], game_id: int,
                         seq: int) -> None:
        try:
            live = self.service.get(game_id)
            if live.seq != seq:
                raise NotAllowed("That undo request is out of date: the game has moved on.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            missing = await self.service.agree_undo(live, interaction.user.id)
            await self.after_undo_step(interaction, live, missing)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def after_undo_step(self, interaction: discord.Interaction[Any], live: LiveGame,
                              missing: list[str]) -> None:
        if missing:
            await interaction.followup.send(f"Noted. Still to agree: {', '.join(missing)}.",
                                            ephemeral=True)
            await self.delivery.post(live, f"Undo requested: {', '.join(missing)} must agree.",
                                     view=single(UndoAgreeButton(live.id, live.seq)))
            return
        await interaction.followup.send("The last action was taken back.", ephemeral=True)
        await self.delivery.post(live, "\N{LEFTWARDS ARROW WITH HOOK} The last action was taken "
                                       "back.")
        await self.deadlines.rearm(live)
        await self.delivery.status(live, deadline=await self.deadlines.due(live))
        await self.delivery.prompts(live)

    # ----- errors, in one place -------------------------------------------------

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await self.reply_error(interaction, original)

    async def reply_error(self, interaction: discord.Interaction[Any], exc: BaseException) -> None:
        view: discord.ui.View | None = None
        if isinstance(exc, Unconfirmed):
            text = f"\N{HEAVY CHECK MARK} {exc.message}"
            view = single(RepeatButton(exc.game_id, exc.seq, exc.asked_at))
        elif isinstance(exc, Ambiguous) and exc.candidates:
            text = f"{exc.message} ({', '.join(exc.candidates[:10])})"
        elif isinstance(exc, Duplicate):
            text = f"\N{HEAVY CHECK MARK} {exc.message}"
        elif isinstance(exc, RuleError):
            text = f"\N{NO ENTRY SIGN} {exc.message}"
        elif isinstance(exc, StaleWrite):
            text = ("\N{NO ENTRY SIGN} The game moved on while this was being stored, so it was "
                    "not applied. Look at the game and try again.")
        elif isinstance(exc, StorageFault):
            log.error("storage fault: %s", exc.__cause__ or exc)
            text = f"\N{NO ENTRY SIGN} {exc}"
        elif isinstance(exc, StorageError):
            text = f"\N{NO ENTRY SIGN} {exc}"
        elif isinstance(exc, app_commands.CheckFailure):
            text = f"\N{NO ENTRY SIGN} {exc}"
        else:
            ref = uuid.uuid4().hex[:8]
            log.error("unexpected error (ref %s)", ref, exc_info=exc)
            if interaction.extras.get("stored") or isinstance(exc, discord.HTTPException):
                # Something may have been stored before Discord failed us: don't guess.
                text = (f"Sorry, something went wrong on my side (reference `{ref}`). Look at "
                        "the game (`/game status`) before trying again: it may have counted.")
            else:
                text = (f"Sorry, something went wrong on my side (reference `{ref}`). Nothing "
                        "was changed; please try again.")
        text = fit(text)  # players' own words are echoed in errors: keep under 2,000
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, **extra)
            else:
                await interaction.response.send_message(text, ephemeral=True, **extra)
        except discord.HTTPException:
            log.warning("could not deliver an error reply: %s", text)
