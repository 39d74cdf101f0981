"""The pinned status post: the seats, the phase, who is awaited, the deadline, the options.

Edited in place, and only when what it shows changed (or a player asked for it): an edit
is public too, and one after every step would time the steps nobody else may know of (a
plot being written). Its fingerprint is kept in `messages` as `status`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord

import engine
from bot import facts, names
from bot.delivery.discord_io import Sender, named, step_nonce
from bot.facts import Facts
from bot.records import STATUS, view_fingerprint
from bot.service import LiveGame
from bot.storage import Store
from bot.ui.components import ShowHandButton, single
from engine import Prompt

log = logging.getLogger(__name__)


class StatusPost:
    def __init__(self, sender: Sender, storage: Store) -> None:
        self.sender = sender
        self.storage = storage

    async def refresh(self, live: LiveGame, *, force: bool = False) -> None:
        """The status post brought up to date outside a step's announcement."""
        async with live.telling:
            await self.update(await facts.read(self.storage, live), force=force)

    async def update(self, known: Facts, *, force: bool = False) -> None:
        """Edit the pinned status post in place, or post and pin it the first time; only
        when what it shows changed (`force`: a player asked for it). The caller holds the
        game's `telling` lock (`bot/facts.py`)."""
        live = known.live
        embed = status_embed(live, known.prompts, known.due)
        view = single(ShowHandButton(live.id)) if live.row.status == "running" else None
        shown = view_fingerprint([embed.to_dict(), view is not None])
        storage = self.storage
        stored = known.row(STATUS)
        if stored is not None and stored[2] == shown and stored[0] == live.row.channel_id \
                and not force:
            return  # unchanged, and in the game's channel still (not moved by /game adopt)
        channel = await self.sender.channel(live)
        if channel is None:
            return
        if stored is not None:
            try:
                message = channel.get_partial_message(stored[1])  # type: ignore[attr-defined]
                await message.edit(embed=embed, view=view)
                await storage.put_message(live.id, STATUS, stored[0], stored[1], shown,
                                          durable=False)
                known.note(STATUS, (stored[0], stored[1], shown))
                return
            except discord.NotFound:
                pass  # deleted by someone: post a new one
            except discord.HTTPException as exc:
                log.warning("game %s: status edit failed: %s", live.id, exc)
                return
        # One status post a game, whichever step posts it: posted again before its id was
        # recorded (its answer lost, a crash), the same nonce, and Discord makes no second
        # one. One that replaces a deleted status post is another message.
        replaced = stored[1] if stored is not None else 0
        message = await self.sender.post(live, embed=embed, view=view, nonce=step_nonce(
            live, 0, f"status:{replaced}"))
        if message is None:
            return
        await storage.put_message(live.id, STATUS, message.channel.id, message.id, shown,
                                  durable=False)
        known.note(STATUS, (message.channel.id, message.id, shown))
        try:
            await message.pin()
        except discord.HTTPException:
            pass  # no Manage Messages permission: the status post still works unpinned


def status_embed(live: LiveGame, prompts: Mapping[str, Prompt], deadline: float | None
                 ) -> discord.Embed:
    """What the status post shows; `prompts`: the game's, read once for its step."""
    game = live.game
    row = live.row
    title = game.title if game else row.variant
    cls = engine.VARIANTS.get(row.variant)
    embed = discord.Embed(title=f"{title} — game #{row.id}", description=(cls.notice or None)
                          if cls is not None else None,
                          colour=discord.Colour.blurple() if row.live else discord.Colour.dark_grey())
    awaiting = set(prompts)
    seat_lines = []
    for s in live.seats:
        mark = "\N{HOURGLASS WITH FLOWING SAND} " if s.seat in awaiting else ""
        dm = "" if s.dm_ok else " (DMs closed: private thread / Show my hand)"
        seat_lines.append(f"{mark}**{names.escape(s.seat)}** — <@{s.user_id}>{dm}")
    embed.add_field(name="Seats", value="\n".join(seat_lines) or "nobody yet — /game join",
                    inline=False)
    phase = {"lobby": "waiting for players — /game join, then the creator runs /game start",
             "aborted": "aborted"}.get(row.status, game.phase if game else row.status)
    if live.broken is not None:
        phase = f"paused: could not be resumed after a restart ({live.broken})"
    embed.add_field(name="Phase", value=named(live, phase)[:1000], inline=True)
    if awaiting:
        embed.add_field(name="Waiting for", value=", ".join(
            names.escape(s) for s in live.in_turn_order(awaiting))[:1000], inline=True)
    if deadline is not None:
        embed.add_field(name="Deadline", value=f"<t:{int(deadline)}:R>", inline=True)
    if row.options:
        embed.add_field(name="Options", value=options_in_words(row.variant, row.options)[:1000],
                        inline=False)
    embed.set_footer(text=f"Seed commitment sha256: {row.commitment}")
    return embed


def options_in_words(variant: str, options: dict[str, Any]) -> str:
    """The game's options as players read them: "Butler & Maid cards: off"."""
    specs = {o.name: o for o in engine.VARIANTS[variant].options_spec} \
        if variant in engine.VARIANTS else {}
    parts = []
    for name, value in options.items():
        spec = specs.get(name)
        label = (spec.label if spec is not None and spec.label else
                 name.replace("_", " ").replace("-", " ").capitalize())
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        if spec is not None and spec.zero and value in (0, "") and not isinstance(value, bool):
            shown = spec.zero
        elif spec is not None and spec.given and value:
            shown = spec.given
        parts.append(f"{label}: {names.escape(shown)}")
    return "; ".join(parts)
