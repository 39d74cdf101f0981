"""Each seat's prompt message: every new question a new message that notifies.

A seat asked something new gets a new DM (unless it turned DM prompts off: then the
channel's call names it, and its **My choices** button shows the prompt only to it), and
its old prompt message is greyed out, saying that it was answered or that the game moved
on: Discord notifies nobody of an edit. "Something new" is precise: the seat's prompt,
its text and its actions with every choice they offer (`records.fingerprint`), differs
from the one its open message shows, or the seat was not awaited. What the message shows
beside the question (the game's `prompt_detail`, a plot sheet; the deadline line) is not
the question: when only that changes, the message is edited in place, as it is when the
seat's own click leaves its question as it was (a plot written by buttons). A seat no
longer awaited has its message closed the same way. Where each prompt stands is kept in
`messages` (`bot/records.py`).

Each prompt message says when the deadline passes, as a Discord timestamp, and what it
will do then (the game's `deadline_words`). A player whose digest or quiet hours hold the
notice back (`bot/notices.py`) gets the new message silently, and the notice later.

It works from the step's `Facts`, read once. A game with `prompt_detail(seat) -> str`
shows that private text in the seat's own prompt message, as an embed under the buttons,
with the renderer's `private` image in it when it gives one; its fingerprint, with the
deadline the message shows, is kept apart from the prompt's (`detail:<seat>`), so the
buttons' validity follows the prompt alone.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import notices, records
from bot.delivery.discord_io import Sender, fit, named, step_nonce
from bot.delivery.pictures import Painter
from bot.facts import Facts
from bot.notices import Notices
from bot.records import PromptRecord, detail_purpose, view_fingerprint
from bot.service import LiveGame
from bot.storage import Store
from bot.ui.components import disabled, prompt_view
from engine import Prompt

log = logging.getLogger(__name__)


def prompt_text(live: LiveGame, seat: str, prompt: Prompt) -> str:
    """A prompt message's header and question: "**Killer Clue #3** — Miss Scarlet: …"."""
    game = live.game
    title = game.title if game else live.row.variant
    return named(live, f"**{title} #{live.id}** — {seat}: {prompt.text}")[:1800]


def deadline_line(facts: Facts, seat: str, prompt: Prompt) -> str:
    """The prompt message's line about its deadline: when it passes, as a Discord timestamp
    (each reader sees it in their own time zone), and what it does then; that it is paused;
    or nothing, when the game has no deadline."""
    due = facts.due
    if due is not None:
        return f"\N{ALARM CLOCK} Deadline <t:{int(due)}:R> (<t:{int(due)}:f>): then " \
               f"{deadline_words(facts.live, seat, prompt)}."
    row = facts.deadline
    if row is not None and row.due_at is None and not facts.stalled:
        return "\N{DOUBLE VERTICAL BAR} The deadline is paused."
    return ""


def deadline_words(live: LiveGame, seat: str, prompt: Prompt) -> str:
    """What the deadline does for the seat, in words: the game's `deadline_words`, or that
    its creator is told when the game answers nothing for it."""
    game = live.game
    said = ""
    if game is not None:
        try:
            said = game.deadline_words(seat, prompt)
        except Exception:  # noqa: BLE001 - a line of the prompt must not stop the prompt
            log.exception("game %s: deadline words for %s failed", live.id, seat)
    return said or "the game's creator is told, and the game waits for you"


def deadline_mark(facts: Facts) -> str:
    """What of the deadline a prompt message shows, for telling when it changed."""
    if facts.due is not None:
        return str(int(facts.due))
    row = facts.deadline
    return "paused" if row is not None and row.due_at is None and not facts.stalled else ""


@dataclass
class Asked:
    """What bringing a game's prompts up to date did: the seats asked something new (for
    the channel's call), and whether every awaited seat now has its prompt (`complete`).

    `newly`: seats awaited that were not; `changed`: seats still awaited, asked something
    new; `unsent`: of those, the seats that got no message of their own that notifies
    (DM prompts off, DMs closed or failing: the call must name them); `held`: seats whose
    player's digest or quiet hours hold the notice back (the call names them without a
    ping)."""

    newly: list[tuple[str, Prompt]] = field(default_factory=list)
    changed: list[tuple[str, Prompt]] = field(default_factory=list)
    unsent: set[str] = field(default_factory=set)
    held: set[str] = field(default_factory=set)
    complete: bool = True

    def called(self) -> list[tuple[str, Prompt]]:
        """The seats the channel's call names: every seat newly awaited or without a
        message of its own, and when there is a call at all, everyone asked something
        new (a phase that asks every power at once names them all)."""
        if not self.newly and not self.unsent & {seat for seat, _ in self.changed}:
            return []
        return [*self.newly, *self.changed]


class PromptMessages:
    def __init__(self, sender: Sender, painter: Painter, storage: Store,
                 notices: Notices) -> None:
        self.sender = sender
        self.painter = painter
        self.storage = storage
        self.notices = notices

    @staticmethod
    def carried(facts: Facts) -> dict[str, frozenset[str]]:
        """Per seat, the kinds of private events that its prompt message will show (so that
        they are not sent again as a DM of their own): the game's `shown_in_prompt`, for
        the seats awaited with a detail whose prompt comes as a message of its own."""
        game = facts.live.game
        kinds = game.shown_in_prompt if game is not None else frozenset()
        if not kinds:
            return {}
        return {seat: kinds for seat in facts.prompts
                if facts.details.get(seat) and facts.wants_dm(seat)}

    async def detail_parts(self, live: LiveGame, seat: str, detail: str
                           ) -> tuple[discord.Embed, list[discord.File]]:
        """The seat's detail as an embed, with the renderer module's `render_private` image
        of the seat's own view in it when it gives one (rendered off the event loop)."""
        embed = discord.Embed(description=fit(detail, 4000))
        picture = await self.painter.private(live, seat)
        if picture is None:
            return embed, []
        embed.set_image(url=f"attachment://{picture.filename}")
        return embed, [picture]

    async def bring_up_to_date(self, facts: Facts, answered: dict[str, str] | None = None,
                               typed: str | None = None) -> Asked:
        """Bring each seat's prompt message up to date; say which seats were asked
        something new. `answered`: seats whose message already says what they chose (its
        own click greyed it); `typed`: the seat that just answered with a typed command.
        The caller holds the game's `telling` lock (`bot/facts.py`)."""
        live, awaited, seq = facts.live, facts.prompts, facts.seq
        game = live.game
        if game is None:
            return Asked()
        answered = answered or {}
        storage = self.storage
        asked = Asked()
        for index, seat in enumerate(game.seats):
            record = facts.record(seat)
            is_open = record is not None and record.open
            prompt = awaited.get(seat)
            if prompt is None:
                if record is not None and is_open:
                    # Closed in storage before the message is greyed: a crash in between
                    # leaves live buttons that answer "out of date", never a greyed message
                    # taken for an open one when the same question comes back.
                    await self._save(facts, seat, PromptRecord(
                        record.channel_id, record.message_id, False, record.fingerprint,
                        record.since))
                    if seat not in answered:
                        await self._close(record, "\N{CHEQUERED FLAG} Closed: the game is over."
                                          if facts.finished else
                                          "\N{HEAVY CHECK MARK} Closed: you answered with a "
                                          "command." if seat == typed else
                                          "\N{BLACK RIGHT-POINTING DOUBLE TRIANGLE} Closed: "
                                          "the game moved on.")
                continue
            fp = records.fingerprint(prompt)
            wants_dm = facts.wants_dm(seat)
            # A prompt whose DM never went out (Discord refused it) is owed, not unchanged.
            delivered = record is not None and (record.message_id or not wants_dm)
            # The same question as the seat's open message asks (greyed by its own click or
            # not): that message is brought up to date in place. Anything else is new.
            same = record is not None and is_open and record.fingerprint == fp
            # A message greyed by the seat's own click shows no live buttons: ask again.
            unchanged = same and record is not None and not record.greyed
            if unchanged and record is not None and record.since < seq and \
                    await live.acted_since(storage, seat, record.since):
                # Answered since, and asked the same again (its turn came back, the steps
                # in between told together or skipped by a crash): its buttons must carry
                # this step, or a click on them is taken for a repeat of the answer.
                unchanged = False
            # Beside the question, not part of it: the game's private detail for this
            # seat (a plot sheet) and the deadline line, edited in place when they change.
            detail = facts.details.get(seat, "") if wants_dm else ""
            sheet = view_fingerprint(detail) if detail else ""
            mark = deadline_mark(facts) if wants_dm else ""
            shown = facts.row(detail_purpose(seat))
            shown_sheet, _, shown_mark = (shown[2] if shown is not None else "").partition("|")
            fresh_sheet = wants_dm and shown_sheet != sheet
            fresh_mark = wants_dm and shown_mark != mark
            if unchanged and delivered and seat not in answered and not fresh_sheet \
                    and not fresh_mark:
                continue
            line = deadline_line(facts, seat, prompt) if wants_dm else ""
            text = prompt_text(live, seat, prompt) + (f"\n{line}" if line else "")
            view = prompt_view(live.id, seq, index, prompt)
            extra: dict[str, Any] = {}
            if same and record is not None and record.message_id:
                content = named(live, f"{answered[seat]}\n\n{text}") if seat in answered else text
                if fresh_sheet and detail:
                    embed, files = await self.detail_parts(live, seat, detail)
                    extra = {"embed": embed, "attachments": files}
                elif fresh_sheet:
                    extra = {"embed": None, "attachments": []}
                if await self.sender.edit(record.channel_id, record.message_id, content, view,
                                          **extra):
                    await self._save(facts, seat, PromptRecord(
                        record.channel_id, record.message_id, True, fp,
                        seq if not unchanged else record.since))
                    await self._shown(facts, seat, shown, record.channel_id, record.message_id,
                                      sheet, mark)
                    continue
            if record is not None and is_open and not same and seat not in answered:
                # Its old question is gone: greyed out, saying why; the new one comes as a
                # new message, which notifies (an edit notifies nobody).
                await self._close(record, "\N{HEAVY CHECK MARK} Answered with a command; "
                                  "your next choice is in a new message." if seat == typed
                                  else "\N{BLACK RIGHT-POINTING DOUBLE TRIANGLE} The game "
                                  "moved on: its new question is in a new message.")
            new = not same
            prefs = facts.prefs_of(seat)
            user = live.user_of(seat)
            release = notices.release_at(prefs, facts.now, facts.due) \
                if new and user is not None else None
            sent = None
            extra = {}  # a new message: nothing of an edit's arguments
            if wants_dm:
                if detail:
                    embed, files = await self.detail_parts(live, seat, detail)
                    extra = {"embed": embed, "files": files}
                if release is not None:
                    extra["silent"] = True
                # Sent again at this step (a crash before its id was recorded, a DM tried
                # again): the same nonce, so Discord answers with the message it made. One
                # that replaces a message it could not edit is another message.
                replaced = record.message_id if same and record is not None else 0
                extra["nonce"] = step_nonce(live, seq, f"prompt:{seat}:{replaced}")
                sent = await self.sender.to_seat(live, seat, text, view=view, **extra)
                asked.complete = asked.complete and sent is not None
                if sent is not None:
                    await self._shown(facts, seat, shown, sent.channel.id, sent.id, sheet,
                                      mark)
            since = record.since if unchanged and record is not None else seq
            await self._save(facts, seat, PromptRecord(
                sent.channel.id if sent else 0, sent.id if sent else 0, True, fp, since))
            if not new:
                continue
            (asked.changed if is_open else asked.newly).append((seat, prompt))
            seat_row = live.seat_row(seat)
            if sent is None or seat_row is None or not seat_row.dm_ok:
                asked.unsent.add(seat)  # no DM of its own (off, closed or failing)
            if user is None:
                continue
            if release is not None:
                asked.held.add(seat)
                await self.notices.hold(user, release)
            elif prefs.digest_hours > 0:
                await self.notices.sent(user, facts.now)
        if asked.complete and live.seq == seq:
            # Every awaited seat has its prompt: the game owes none at this seq (issue 12:
            # after a crash, only the games still owing prompts are prompted at startup).
            await storage.prompts_delivered(live.id, seq)
        return asked

    async def _shown(self, facts: Facts, seat: str, shown: records.Row | None,
                     channel_id: int, message_id: int, sheet: str, mark: str) -> None:
        """Note what the seat's prompt message shows beside its question (its detail's
        fingerprint and the deadline), when that is not what the row says already."""
        value = f"{sheet}|{mark}" if mark else sheet
        if shown is None and not value:
            return
        if shown is None or shown[2] != value:
            await self._put(facts, detail_purpose(seat), (channel_id, message_id, value))

    async def _save(self, facts: Facts, seat: str, record: PromptRecord) -> None:
        await self._put(facts, records.prompt_purpose(seat),
                        (record.channel_id, record.message_id, record.encoded()))

    async def _put(self, facts: Facts, purpose: str, row: records.Row) -> None:
        await self.storage.put_message(facts.live.id, purpose, *row, durable=False)
        facts.note(purpose, row)

    async def _close(self, record: PromptRecord, line: str) -> None:
        """Grey out a prompt nobody answered (the game moved on) and say so."""
        if record.message_id:
            await self.sender.grey_out(record.channel_id, record.message_id, line, disabled)

    async def follow_with_prompt(self, interaction: discord.Interaction[Any], live: LiveGame,
                                 seat: str) -> None:
        """After a choice made in an ephemeral prompt, the seat's next one, the same way."""
        async with live.lock:  # the prompt and the step that asks it, together
            game = live.game
            prompt = live.prompts().get(seat)
            seq = live.seq
        if game is None or prompt is None:
            return
        try:
            await interaction.followup.send(
                prompt_text(live, seat, prompt),
                view=prompt_view(live.id, seq, game.seats.index(seat), prompt),
                ephemeral=True)
        except discord.HTTPException as exc:
            log.info("game %s: no follow-up prompt for %s: %s", live.id, seat, exc)
