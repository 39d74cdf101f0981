"""Each seat's prompt message, kept up to date in place.

A seat still awaited sees its message edited in place (with what it just chose on top), so
a turn of several steps is one message. A newly awaited seat gets a new DM (unless it
turned DM prompts off) and is pinged in the channel by the announcement. A seat no longer
awaited has its message closed: buttons greyed out, and a line saying it was answered or
that the game moved on. Where each prompt stands is kept in `messages` (`bot/records.py`).

It works from the step's `Facts`, read once. A game with `prompt_detail(seat) -> str`
shows that private text (a plot sheet) in the seat's own prompt message, as an embed under
the buttons, with the renderer's `render_private` image in it when it gives one; its
fingerprint is kept apart from the prompt's (`detail:<seat>`), so the buttons' validity
follows the prompt alone.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import records
from bot.delivery.discord_io import Sender, fit, named
from bot.delivery.pictures import Painter
from bot.facts import Facts
from bot.records import PromptRecord, detail_purpose, view_fingerprint
from bot.service import LiveGame
from bot.storage import Storage
from bot.ui.components import disabled, prompt_view
from engine import Prompt

log = logging.getLogger(__name__)


def prompt_text(live: LiveGame, seat: str, prompt: Prompt) -> str:
    """A prompt message's header and question: "**Killer Clue #3** — Miss Scarlet: …"."""
    game = live.game
    title = game.title if game else live.row.variant
    return named(live, f"**{title} #{live.id}** — {seat}: {prompt.text}")[:1800]


@dataclass
class Asked:
    """What bringing a game's prompts up to date did: the seats newly awaited (for the
    channel's ping), and whether every awaited seat now has its prompt (`complete`)."""

    newly: list[tuple[str, Prompt]] = field(default_factory=list)
    complete: bool = True


class PromptMessages:
    def __init__(self, sender: Sender, painter: Painter, storage: Storage) -> None:
        self.sender = sender
        self.painter = painter
        self.storage = storage

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
        """Bring each seat's prompt message up to date; say which seats are newly awaited.
        `answered`: seats whose message already says what they chose (put on top of their
        next prompt); `typed`: the seat that just answered with a typed command. The
        caller holds the game's `telling` lock (`bot/facts.py`)."""
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
            # A message greyed by the seat's own click shows no live buttons: ask again.
            unchanged = record is not None and is_open and record.fingerprint == fp and \
                not record.greyed
            # The game's private detail for this seat (a plot sheet): shown in the prompt
            # message, which is edited when it changes. Its fingerprint is kept apart, so
            # that the buttons' validity (`since`) follows the prompt alone.
            detail = facts.details.get(seat, "") if wants_dm else ""
            detail_fp = view_fingerprint(detail) if detail else ""
            shown = facts.row(detail_purpose(seat))
            # A new detail, or an old one the message still shows (the game moved on).
            fresh_detail = wants_dm and (shown[2] if shown is not None else "") != detail_fp
            if unchanged and delivered and seat not in answered and not fresh_detail:
                continue
            text = prompt_text(live, seat, prompt)
            view = prompt_view(live.id, seq, index, prompt)
            extra: dict[str, Any] = {}
            if record is not None and is_open and record.message_id:
                content = named(live, f"{answered[seat]}\n\n{text}") if seat in answered else text
                if fresh_detail and detail:
                    embed, files = await self.detail_parts(live, seat, detail)
                    extra = {"embed": embed, "attachments": files}
                elif fresh_detail:
                    extra = {"embed": None, "attachments": []}
                if await self.sender.edit(record.channel_id, record.message_id, content, view,
                                          **extra):
                    await self._save(facts, seat, PromptRecord(
                        record.channel_id, record.message_id, True, fp,
                        seq if not unchanged else record.since))
                    if fresh_detail:
                        await self._put(facts, detail_purpose(seat),
                                        (record.channel_id, record.message_id, detail_fp))
                    continue
            sent = None
            if wants_dm:
                if detail:
                    embed, files = await self.detail_parts(live, seat, detail)
                    extra = {"embed": embed, "files": files}
                sent = await self.sender.to_seat(live, seat, text, view=view, **extra)
                asked.complete = asked.complete and sent is not None
                if sent is not None and detail:
                    await self._put(facts, detail_purpose(seat),
                                    (sent.channel.id, sent.id, detail_fp))
            since = record.since if unchanged and record is not None else seq
            await self._save(facts, seat, PromptRecord(
                sent.channel.id if sent else 0, sent.id if sent else 0, True, fp, since))
            if not is_open:
                asked.newly.append((seat, prompt))
        if asked.complete and live.seq == seq:
            # Every awaited seat has its prompt: the game owes none at this seq (issue 12:
            # after a crash, only the games still owing prompts are prompted at startup).
            await storage.prompts_delivered(live.id, seq)
        return asked

    async def _save(self, facts: Facts, seat: str, record: PromptRecord) -> None:
        await self._put(facts, records.prompt_purpose(seat),
                        (record.channel_id, record.message_id, record.encoded()))

    async def _put(self, facts: Facts, purpose: str, row: records.Row) -> None:
        await self.storage.put_message(facts.live.id, purpose, *row)
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
