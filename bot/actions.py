"""The one path every player action takes, whether it comes from a slash command, a
button, a menu or a form.

Find the game, defer if storing takes long (Discord's 3-second rule), apply the action
through the service (which stores it durably before anything is announced), answer the
player (a command ephemerally; a prompt by editing its own message to say what was
chosen), then announce: secrets by DM, the prompts brought up to date, one channel post.
Errors are answered in one place. Buttons and forms reach this path through the
`bot.ui.target.ClickTarget` protocol, which `ActionPath` satisfies; timed steps through the
`announce_all` callable the client hands them. It is given every piece it uses.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

import engine
from bot import facts, outbox, records
from bot.deadlines import Deadlines
from bot.delivery.announce import Announcer
from bot.delivery.discord_io import Sender, channel_link, chunks, fit, message_link, named
from bot.delivery.prompts import deadline_words, prompt_text
from bot.delivery.status import StatusPost
from bot.facts import Facts
from bot.repeats import RepeatGuard, Unconfirmed
from bot.service import Automatic, Duplicate, GameService, LiveGame, Outcome, paused_message
from bot.storage import OutboxClaim, StaleWrite, StorageError, StorageFault
from bot.ui import form_plan
from bot.ui.components import RepeatButton, UndoAgreeButton, disabled, prompt_view, single
from bot.ui.form_plan import FormRef
from bot.ui.target import OutOfDate, Picked, PromptContext, Refused
from bot.windows import Windows
from engine import Ambiguous, Event, Game, NotAllowed, RuleError

log = logging.getLogger(__name__)

FAST_ANSWER_SECONDS = 1.0
#: At most this many answers in a row for players who are away, in one step: a game that
#: keeps asking them something new stops there, and the rest waits for its next step or
#: its deadline.
AWAY_ANSWERS = 50
#: The line told before the answers given at once for players who are away.
AWAY_SAID = "\N{DESERT ISLAND} Answered for {seats}, who is away."


def private_note(outcome: Outcome) -> str:
    """The slash command's answer says where the actor's private result went."""
    if any(not e.public and outcome.seat in e.audience for e in outcome.events):
        return " What only you may know was sent to you privately."
    return ""


def next_decisions(known: Facts, user_id: int) -> str:
    """Where the user's next decisions in the game wait, with links: their prompt messages
    (or the game's channel, for a seat without a prompt message of its own)."""
    live = known.live
    places = []
    for seat in live.seats_of(user_id):
        if seat not in known.prompts:
            continue
        record = known.record(seat)
        if record is not None and record.open and record.message_id:
            link = message_link(record.channel_id, record.message_id)
        else:
            link = (channel_link(live.row.channel_id, live.row.guild_id)
                    + " (**My choices** on its call)")
        places.append(f"{seat}: {link}" if len(live.seats_of(user_id)) > 1 else link)
    if not places:
        return ""
    what = "Your next decision is waiting" if len(places) == 1 else \
        "Your next decisions are waiting"
    return named(live, f"\N{BELL} {what}: {', '.join(places)}")


def seat_words(live: LiveGame, seat: str) -> list[str]:
    """What a seat holds and knows, as the game says it in words (`Game.describe`)."""
    game = live.game
    assert game is not None
    return list(game.describe(seat))


def title_of(variant: str) -> str:
    cls = engine.VARIANTS.get(variant)
    return cls.title if cls else variant


class ActionPath:
    """The action path of one bot process."""

    def __init__(self, service: GameService, announcer: Announcer, sender: Sender,
                 status: StatusPost, deadlines: Deadlines, windows: Windows,
                 repeats: RepeatGuard) -> None:
        self.service = service
        self.announcer = announcer
        self.sender = sender
        self.status = status
        self.deadlines = deadlines
        self.windows = windows
        self.repeats = repeats
        # The `/game` commands a player may finish by picking a game from a DM's menu, by
        # name ("status", "history", "hand"): the lobby's, handed in by the client.
        self.picks: dict[str, Picked] = {}
        # Games a telling of which failed in this process: their next step's telling tells
        # the steps still owed first (a game's steps reach its channel in order).
        self.owing: set[int] = set()

    # ----- finding the game ----------------------------------------------

    async def game_here(self, interaction: discord.Interaction[Any], variant: str | None = None
                        ) -> LiveGame:
        """The game of this channel; in a DM, the user's only game (of that variant). Loaded."""
        if interaction.guild_id is not None and interaction.channel_id is not None:
            live = await self.service.in_channel(interaction.channel_id)
            if variant and live.row.variant != variant:
                raise NotAllowed(f"The game in this channel is {title_of(live.row.variant)}, "
                                 f"not {variant}.")
            return live
        mine = [g for g in self.service.games_of(interaction.user.id)
                if variant is None or g.row.variant == variant]
        if len(mine) == 1:
            return await self.service.current(mine[0])
        if not mine:
            raise NotAllowed("You have no running game here. Use the command in the game's "
                             "channel.")
        raise Ambiguous("You play in several games: use the command in the game's channel.",
                        [f"#{g.id}" for g in mine])

    # ----- the one path for actions ----------------------------------------

    async def act(self, interaction: discord.Interaction[Any], action: str,
                  params: dict[str, Any], *, seat: str | None = None,
                  variant: str | None = None) -> None:
        """A slash command's action: defer, apply durably, answer, announce. A repeat of a
        command that was stored but seemed unanswered needs the player's confirming click."""
        arrival = self.repeats.arrived()  # before the game is looked up (a round trip)
        live = await self.game_here(interaction, variant)
        observed = live.seq
        command = getattr(interaction.command, "qualified_name", None)
        async with self.repeats.guard(live, interaction.user.id, action, params, command,
                                      arrival):
            try:
                await self._act(interaction, live, action, params, seat=seat,
                                observed=observed)
            except StaleWrite:
                if not self._was_behind(live.id, observed):
                    raise
                await self._act(interaction, live, action, params, seat=seat,
                                observed=live.seq)

    async def run_again(self, interaction: discord.Interaction[Any], game_id: int,
                        seq: int, asked_at: int) -> None:
        """The player confirmed a repeat of their stored action `seq`, asked about when the
        game was at `asked_at` (a second click on the same button counts once)."""
        try:
            live = await self.service.get(game_id)
            row = await self.service.storage.action(game_id, seq)
            if row is None or row.user_id != interaction.user.id or row.action is None:
                raise NotAllowed("This button is not yours.")
            await self._act(interaction, live, row.action, row.params, seat=row.seat,
                            observed=asked_at)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def prompt_context(self, interaction: discord.Interaction[Any], ref: FormRef, *,
                             any_step: bool = False, checked: bool = False) -> PromptContext:
        """The game, seat, prompt and action a component refers to, if it is still current
        (`any_step`: whatever step it was shown at, while the seat's prompt offers it).

        Before a click is refused, the game is checked as stored (`checked` once it was):
        over a database several processes share, this copy may be behind the log (a DM
        reaches shard 0's process whoever played last), and is caught up first."""
        live = await self.service.get(ref.game_id)
        if ref.seq > live.seq and not checked:  # a step this copy has not seen
            await self.service.catch_up(live)
            checked = True
        if live.broken is not None:
            raise NotAllowed(paused_message(live))
        if live.game is None or not 0 <= ref.seat < len(live.game.seats):
            raise NotAllowed("That prompt no longer belongs to a running game.")
        seat = live.game.seats[ref.seat]
        if live.user_of(seat) != interaction.user.id:
            raise NotAllowed(f"This prompt is for {seat}, which isn't your seat.")
        prompt = live.prompts().get(seat)
        spec = prompt.action(ref.action) if prompt else None
        # Shown at this very step, or offered whatever the step: current without reading
        # where the seat's prompt stands; otherwise current while it is unchanged since.
        record = None
        current = prompt is not None and spec is not None
        if current and not any_step and ref.seq != live.seq:
            record = await records.load(self.service.storage, live.id, seat)
            current = records.still_current(record, ref.seq, live.seq)
        if prompt is None or spec is None or not current:
            if not checked and await self.service.catch_up(live):
                return await self.prompt_context(interaction, ref, any_step=any_step,
                                                 checked=True)
            if record is None:
                record = await records.load(self.service.storage, live.id, seat)
            newest = (f" ({message_link(record.channel_id, record.message_id)})"
                      if record is not None and record.open and record.message_id else "")
            raise OutOfDate(f"This choice is out of date: use the newest message{newest}, or "
                            "the game's slash commands.", seat, live.row.variant)
        return PromptContext(live, seat, prompt, spec, prompt_text(live, seat, prompt))

    async def show_prompt(self, interaction: discord.Interaction[Any], ref: FormRef) -> None:
        """Leave a form: the prompt's message shows the prompt again."""
        try:
            context = await self.prompt_context(interaction, ref)
            await interaction.response.edit_message(
                content=context.header,
                view=prompt_view(ref.game_id, ref.seq, ref.seat, context.prompt))
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def run_prompt(self, interaction: discord.Interaction[Any], ref: FormRef,
                         params: dict[str, Any], *, in_place: bool = True,
                         refused: Refused | None = None) -> bool:
        """A button, menu or form from a prompt: the prompt's message then says what was
        chosen, with its buttons greyed out, and nothing else is sent to the player.
        Without `in_place` (a pasted form, not answered in a prompt's message, valid while
        its action is offered) the answer is a command's: "Done", to the player alone.
        `refused`: the form's own answer to the game's refusal (a pasted form's "Fix and
        paste again"). True if the action was stored."""
        try:
            for attempt in range(2):
                before = self.service.live[ref.game_id].seq \
                    if ref.game_id in self.service.live else None
                try:
                    await self._run_prompt_once(interaction, ref, params, in_place=in_place)
                    return True
                except StaleWrite:
                    if attempt or not self._was_behind(ref.game_id, before):
                        raise
            raise AssertionError("unreachable")
        except Exception as exc:  # noqa: BLE001 - one place answers every error
            if refused is not None and isinstance(exc, RuleError) and not isinstance(
                    exc, Duplicate | Unconfirmed) and "stored" not in interaction.extras:
                try:
                    if await refused(exc):
                        return False
                except Exception as failed:  # noqa: BLE001
                    exc = failed
            await self.reply_error(interaction, exc)
            return False

    async def _run_prompt_once(self, interaction: discord.Interaction[Any], ref: FormRef,
                               params: dict[str, Any], *, in_place: bool) -> None:
        try:
            context = await self.prompt_context(interaction, ref, any_step=not in_place)
        except NotAllowed:
            stale = self.service.live.get(ref.game_id)
            if in_place and stale is not None and stale.game is not None and \
                    0 <= ref.seat < len(stale.game.seats):
                await self.service.refuse_repeat(stale, ref.seq, stale.game.seats[ref.seat],
                                                 ref.action, params)
            raise
        live, seat, prompt, spec = context.live, context.seat, context.prompt, context.spec
        kinds = {p.name: p for p in spec.params}
        params = {name: (form_plan.coerce(kinds[name], value)
                         if name in kinds and isinstance(value, str) else value)
                  for name, value in params.items()}
        if not in_place:
            await self._act(interaction, live, ref.action, params, seat=seat, observed=live.seq)
            return
        chosen = f"\N{HEAVY CHECK MARK} You chose: {form_plan.summary(spec, params)}"
        await self._act(interaction, live, ref.action, params, seat=seat, observed=ref.seq,
                        answered=(context.header, chosen, disabled(prompt_view(
                            ref.game_id, ref.seq, ref.seat, prompt))))

    def _was_behind(self, game_id: int, before: int | None) -> bool:
        """Was this process's copy of the game behind the log when it acted? Several
        processes serve one game (Discord sends every DM's click to shard 0's process, the
        channel's commands to the guild's shard's): one that acts on a copy older than
        another's writes is refused by the store (the game never forks) and its copy is
        reloaded. The player's click or command is then looked at once more, against the
        game as stored, as if it had just arrived: its prompt still current, or refused
        as out of date, a repeat or against the rules, as always."""
        live = self.service.live.get(game_id)
        return before is not None and live is not None and live.seq > before

    async def _act(self, interaction: discord.Interaction[Any], live: LiveGame, action: str,
                   params: dict[str, Any], *, seat: str | None, observed: int,
                   answered: tuple[str, str, discord.ui.View] | None = None) -> None:
        # Most actions are stored within a millisecond: answer directly. If the game's lock
        # is busy or the disk slow, defer well within Discord's 3 seconds and answer later.
        deferring: list[asyncio.Task[Any]] = []

        def defer() -> None:
            if interaction.response.is_done():  # deferred by a first try (`_was_behind`)
                return
            later = (interaction.response.defer() if answered else
                     interaction.response.defer(ephemeral=True, thinking=True))
            deferring.append(asyncio.ensure_future(later))

        timer = asyncio.get_running_loop().call_later(FAST_ANSWER_SECONDS, defer)
        try:
            outcome = await self.service.act(live, interaction.user.id, action, params,
                                             seat=seat, observed_seq=observed,
                                             interaction_id=interaction.id)
        finally:
            timer.cancel()
            for task in deferring:
                with contextlib.suppress(discord.HTTPException):
                    await task
        if action in outcome.game.queries:  # a question: answered here only, never stored
            mine = [e.text for e in outcome.events if outcome.seat in e.audience]
            await self.reply(interaction, mine)
            return
        # Stored: whatever Discord does to the answer from now on, the action is announced,
        # and a player whose answer was lost is told by DM that it counted.
        interaction.extras["stored"] = outcome.seq
        self.repeats.stored(outcome, interaction.user.id, params)
        if answered is None:
            # Private results go by DM only (it lasts; an ephemeral answer vanishes).
            done = "\N{WHITE HEAVY CHECK MARK} Done." + private_note(outcome)
            try:
                await self.reply(interaction, [done])
            except discord.HTTPException as exc:
                log.warning("game %s: the answer to action %s was lost: %s", live.id,
                            outcome.seq, exc)
                await self.sender.tell_applied(outcome, interaction.user.id)
                await self.announce(outcome, typed=True)
                return
            await self.repeats.answered(outcome, interaction.user.id, params)
            told = await self.announce(outcome, typed=True)
            waiting = next_decisions(told, interaction.user.id)
            if waiting:
                # Said once the prompts are out: where the player's next decision waits.
                with contextlib.suppress(discord.HTTPException):
                    await interaction.edit_original_response(content=fit(f"{done}\n{waiting}"))
            return
        header, chosen, greyed = answered
        ephemeral = bool(interaction.message and interaction.message.flags.ephemeral)
        if not ephemeral and interaction.message is not None and outcome.seat:
            # Said before the message is greyed: if the process dies before the seat is
            # asked again, the next start asks it in that message, with live buttons.
            await records.mark_greyed(self.service.storage, live.id, outcome.seat,
                                           interaction.message.id)
        if not ephemeral:
            # The actor's own result goes into the prompt's DM, which lasts: once, not twice.
            chosen = "\n".join([chosen, *(e.text for e in outcome.events
                                          if not e.public and outcome.seat in e.audience)])
        if await self.answer_in_place(interaction, named(live, f"{header}\n{chosen}"), greyed):
            await self.repeats.answered(outcome, interaction.user.id, params)
        else:
            await self.sender.tell_applied(outcome, interaction.user.id)
        await self.announce(outcome, answered={} if ephemeral else {outcome.seat or "": chosen})
        if ephemeral:
            await self.announcer.prompts.follow_with_prompt(interaction, live, outcome.seat or "")

    async def answer_in_place(self, interaction: discord.Interaction[Any], content: str,
                              view: discord.ui.View) -> bool:
        """Edit the prompt's message: what was chosen, the prompt's buttons greyed out.
        False if Discord refused (an expired interaction): the caller says so by DM."""
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(content=content[-2000:], view=view)
            elif interaction.message is not None:
                await interaction.response.edit_message(content=content[-2000:], view=view)
            else:
                await interaction.response.send_message(content[-2000:], ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not mark a prompt answered: %s", exc)
            return False
        return True

    async def reply(self, interaction: discord.Interaction[Any], lines: list[str]) -> None:
        """An ephemeral answer in as many messages as it takes."""
        for text in chunks(lines or ["Nothing to show."]):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def announce(self, outcome: Outcome, *, answered: dict[str, str] | None = None,
                       typed: bool = False) -> Facts:
        """Tell everyone what happened (after it was stored), then re-arm the deadline.

        `answered`: the seats whose prompt message already says what they chose; `typed`:
        the action was a typed command (its seat's prompt, if it closes, says so). Returns
        the facts the telling ended with (where each seat's prompt now is)."""
        return await self.announce_all([outcome], answered=answered,
                                       typed=outcome.seat if typed else None)

    async def announce_all(self, outcomes: list[Outcome], preface: list[str] | None = None, *,
                           answered: dict[str, str] | None = None, typed: str | None = None,
                           tries: int = 0, retold_since: float | None = None) -> Facts:
        """Announce several stored actions of one step (a deadline's) together: the step's
        facts read once, the deadline re-armed and the reaction window timed from them,
        then everyone told, one telling of the game at a time.

        A seat whose player is away (`/game away`) is not asked: the game's deadline policy
        answers for it at once, and that answer is told with the step ("Answered for
        Germany, who is away."), as often as the game asks it something new.

        The steps' outbox rows are marked sent once told (`bot/outbox.py`); a telling that
        fails leaves them owed, tried again later (`tries`: how often it failed before).
        `retold_since`: the steps are told again (by the outbox's sender), the first of them
        stored then: what an earlier telling posted of them is looked for and not posted
        again (`Sender.retelling`).

        A game's steps reach its channel in order: after a telling of the game failed here,
        its next step's telling first tells the steps still owed before it (`tell_owed`),
        and if they fail again, this one stays owed too, told after them."""
        known, _ = await self._announce(outcomes, preface, answered=answered, typed=typed,
                                        tries=tries, retold_since=retold_since)
        return known

    async def retell(self, outcomes: list[Outcome], tries: int, stored_at: float) -> bool:
        """Tell stored steps again (`bot/outbox.py`'s `Tell`): whether the telling went out."""
        _, told = await self._announce(outcomes, None, tries=tries, retold_since=stored_at)
        return told

    async def tell_owed(self, live: LiveGame, before: int) -> bool:
        """Tell the game's steps before `before` whose telling failed (held by nobody: not
        one another process, or this one, is telling now); whether none is owed now."""
        storage = self.service.storage
        rows = [r for r in await storage.outbox(live.id) if r.sent_at is None
                and r.seq < before and r.lease_owner is None]
        if rows and not await outbox.tell_owed(self.service, self.retell, OutboxClaim(
                live.id, [r.seq for r in rows], max(r.tries for r in rows),
                [r.told_with for r in rows]), self.sender.retelling):
            return False
        self.owing.discard(live.id)
        return True

    async def _announce(self, outcomes: list[Outcome], preface: list[str] | None, *,
                        answered: dict[str, str] | None = None, typed: str | None = None,
                        tries: int = 0, retold_since: float | None = None
                        ) -> tuple[Facts, bool]:
        """The steps' leases are kept this process's from now on, while the telling waits
        for the game's `telling` lock too: behind Discord's global limit a game's tellings
        queue for minutes, and a lease that ran out meanwhile let another process's sender
        tell the step too, the waiting telling posting it again minutes later, past
        Discord's nonce window (suspected for the chaos run's one duplicate post)."""
        live = outcomes[-1].live
        async with outbox.held(self.service, live.id, sorted({o.seq for o in outcomes})):
            return await self._announce_held(outcomes, preface, answered=answered,
                                             typed=typed, tries=tries,
                                             retold_since=retold_since)

    async def _announce_held(self, outcomes: list[Outcome], preface: list[str] | None, *,
                             answered: dict[str, str] | None, typed: str | None,
                             tries: int, retold_since: float | None) -> tuple[Facts, bool]:
        live = outcomes[-1].live
        in_order = True
        if retold_since is None and live.id in self.owing:
            in_order = await self.tell_owed(live, min(o.seq for o in outcomes))
        failed: list[Automatic] = []
        async with live.telling:
            known = await facts.read(self.service.storage, live, self.service.clock())
            for _ in range(AWAY_ANSWERS):
                answers = await self.away_answers(live, known, failed)
                if not answers:
                    break
                outcomes = [*outcomes, *answers]
                known = await facts.read(self.service.storage, live, self.service.clock())
            await self.deadlines.rearm(known)
            self.windows.open_windows(outcomes)
            seqs = sorted({o.seq for o in outcomes})
            told = False
            try:
                if len(seqs) > 1:  # told again, told together again
                    await self.service.storage.outbox_told_together(live.id, seqs)
                if in_order:
                    async with outbox.held(self.service, live.id, seqs):
                        with contextlib.ExitStack() as retelling:
                            if retold_since is not None:
                                retelling.enter_context(
                                    self.sender.retelling(live, retold_since))
                            await self.announcer.outcomes(known, outcomes, preface,
                                                          answered=answered, typed=typed)
                    told = True
                else:  # told after the steps before it, still owed; its prompts soon
                    log.info("game %s: steps %s wait for the steps owed before them",
                             live.id, seqs)
            except Exception:  # the actions are stored: a failed announcement undoes nothing
                log.exception("game %s: announcing actions up to %s failed", live.id,
                              outcomes[-1].seq)
            if not told:
                # The prompts are tried again soon; the whole step, from the outbox, later.
                self.announcer.prompt_later(live)
                self.owing.add(live.id)
            await outbox.told(self.service, outcomes, tries, ok=told)
        for done in failed:  # told once the telling is over (it posts and edits the status)
            await self.deadlines.timeouts.stall(live, done, "A player was away")
        return known, told

    async def away_answers(self, live: LiveGame, known: Facts, failed: list[Automatic]
                           ) -> list[Outcome]:
        """The game's deadline policy applied at once for the awaited seats whose player is
        away: the outcomes stored, the first saying for whom (none: nobody away is
        awaited, everyone is away, or the policy answers nothing for them and the game
        waits). A policy that
        fails otherwise than by the rules is put in `failed`, for the caller to pause the
        game once its telling is over."""
        away = set(known.away())
        if not away or known.everyone_away():
            return []

        def plan(game: Game) -> list[tuple[str, str, dict[str, Any]]]:
            return [step for step in game.timeout_actions() if step[0] in away]

        done = await self.service.act_automatically(live, known.seq, plan, said=AWAY_SAID)
        if done.error is not None:
            failed.append(done)
        if not done.outcomes:
            return []
        seats = ", ".join(dict.fromkeys(o.seat for o in done.outcomes if o.seat))
        first = replace(done.outcomes[0], said=AWAY_SAID.format(seats=seats))
        return [first, *done.outcomes[1:]]

    async def answer_for_away(self, live: LiveGame) -> None:
        """Answer now what the game asks the seats whose player is away (their away period
        has just begun), and tell it as a step."""
        failed: list[Automatic] = []
        async with live.telling:
            known = await facts.read(self.service.storage, live, self.service.clock())
            answers = await self.away_answers(live, known, failed)
        for done in failed:
            await self.deadlines.timeouts.stall(live, done, "A player was away")
        if answers:
            await self.announce_all(answers)

    # ----- fallback and undo buttons -----------------------------------------

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """What the player's seats hold and know, in the game's words, split across messages
        (never cut), then the latest private messages they were sent."""
        try:
            live = await self.service.get(game_id)
            seats = live.seats_of(interaction.user.id)
            if not seats:
                raise NotAllowed("You have no seat in this game.")
            if live.game is None:
                raise NotAllowed(paused_message(live) if live.broken else
                                 "The game hasn't started: there is nothing to show yet.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            texts: list[str] = []
            for seat in seats:
                texts += [f"**{seat}** — what you hold and know now:", *seat_words(live, seat)]
            told = await self.private_history(live, seats)
            if told:
                texts += ["**The latest things you were told privately:**", *told[-8:]]
            for text in chunks(texts):
                await interaction.followup.send(named(live, text), ephemeral=True)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def open_choices(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The clicking player's own prompts, only to them, with their buttons and menus."""
        try:
            live = await self.service.get(game_id)
            async with live.lock:  # the prompts and the step that asks them, together
                game = live.game
                if game is None:
                    raise NotAllowed(paused_message(live) if live.broken else
                                     "The game hasn't started yet.")
                prompts, seq = live.prompts(), live.seq
            mine = [s for s in live.seats_of(interaction.user.id) if s in prompts]
            if not mine:
                raise NotAllowed("Nothing is waiting for you now.")
            due = await self.deadlines.due(live)
            for seat in mine:
                text = prompt_text(live, seat, prompts[seat])
                if due is not None:
                    text += (f"\n\N{ALARM CLOCK} Deadline <t:{int(due)}:R> (<t:{int(due)}:f>): "
                             f"then {deadline_words(live, seat, prompts[seat])}.")
                view = prompt_view(live.id, seq, game.seats.index(seat), prompts[seat])
                if interaction.response.is_done():
                    await interaction.followup.send(text[:2000], view=view, ephemeral=True)
                else:
                    await interaction.response.send_message(text[:2000], view=view,
                                                            ephemeral=True)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    async def private_history(self, live: LiveGame, seats: list[str]) -> list[str]:
        """Every private event the seats were sent, from the stored log; not the kinds the
        game's prompt detail repeats (a plot sheet's past drafts: `describe` says the
        current one)."""
        repeated = live.game.shown_in_prompt if live.game is not None else frozenset()
        texts: list[str] = []
        for row in await self.service.storage.actions(live.id):
            for raw in row.events:
                event = Event.from_json(raw)
                if not event.public and set(seats) & set(event.audience) \
                        and event.kind not in repeated:
                    texts.append(event.text)
        return texts

    async def agree_undo(self, interaction: discord.Interaction[Any], game_id: int,
                         seq: int) -> None:
        try:
            live = await self.service.get(game_id)
            if live.public_number != seq:
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
            await self.sender.post(live, f"Undo requested: {', '.join(missing)} must agree.",
                                     view=single(UndoAgreeButton(live.id, live.public_number)))
            return
        what = await self.undone_words(live)
        await interaction.followup.send(f"The last move was taken back: {what}.", ephemeral=True)
        await self.sender.post(live, f"\N{LEFTWARDS ARROW WITH HOOK} The last move was taken "
                                       f"back: {what}.")
        async with live.telling:
            known = await facts.read(self.service.storage, live, self.service.clock())
            await self.deadlines.rearm(known)
            self.windows.after_undo(live)
            await self.status.update(known)
            asked = await self.announcer.ask(known)
            called = asked.called()
            if called:
                await self.announcer.say(live, [], called, held=asked.held)
        await outbox.mark_told(self.service, live.id, [live.seq])  # the undo's step, told

    async def undone_words(self, live: LiveGame) -> str:
        """What the undo took back, in the prompt's words: "Miss Scarlet's Go: Hall"."""
        rows = await self.service.storage.actions(live.id, after=max(0, live.seq - 1))
        row = rows[-1] if rows else None
        if row is None or row.kind != "undo" or row.seat is None or row.action is None:
            return "the last move"
        prompt = live.prompts().get(row.seat)
        spec = prompt.action(row.action) if prompt else None
        said = form_plan.summary(spec, row.params) if spec else row.action.replace("-", " ")
        return f"{row.seat}'s {said}"

    async def picked(self, interaction: discord.Interaction[Any], what: str, game_id: int,
                     extra: str) -> None:
        """A game picked from the menu a `/game` command typed in a DM answered with."""
        try:
            command = self.picks.get(what)
            if command is None:
                raise NotAllowed("That menu is out of date: type the command again.")
            await command(interaction, game_id, extra)
        except Exception as exc:  # noqa: BLE001
            await self.reply_error(interaction, exc)

    # ----- errors, in one place -------------------------------------------------

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
