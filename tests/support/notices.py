"""The transcript check (issue 24): every question asked of a seat reached its player as a
message that notifies; none arrived only as an edit.

`Recorder(fake)` keeps, from the moment it is installed, every message the sandbox
creates as it was created (its text, where, whom it pings, whether it was sent silently)
and every edit's text: a message's final state is not enough, since an edit can put a
new question where an old one was. `unnoticed(recorder, bot, game_id)` then works out,
independently of the bot's delivery, every question the game asked: it replays the stored
log from the game's first snapshot and takes each seat's prompt after each announced step
(a player's action with the timed or away answers stored right after it is one step).
A question is new when the seat was not awaited, or its prompt (text and choices) changed.
Each must be matched by a message that notified its player and says it: created (not
edited), not silent, in the player's DM or private thread, or in a channel pinging them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import engine
from bot import records
from bot.service import steps_in_effect
from sandbox import FakeDiscord
from sandbox.world import DM, FLAG_SUPPRESS_NOTIFICATIONS, PRIVATE_THREAD, Channel, Message


@dataclass(frozen=True)
class Created:
    """A message as it was created."""

    message_id: int
    channel: int
    text: str
    notified: frozenset[int]  # the users it notified


@dataclass
class Recorder:
    """Records what the sandbox creates and edits, from now on."""

    fake: FakeDiscord
    created: list[Created] = field(default_factory=list)
    edited: list[tuple[int, str]] = field(default_factory=list)  # (message, text after)

    def __post_init__(self) -> None:
        create, edit = self.fake.create_message, self.fake.edit_message

        def created(channel: Channel, author_id: int, *args: Any, **kwargs: Any) -> Message:
            message = create(channel, author_id, *args, **kwargs)
            if author_id == self.fake.bot_user_id:
                self.created.append(Created(message.id, channel.id, flat(message.text()),
                                            self.notified(channel, message)))
            return message

        def edited(message: Message, *args: Any, **kwargs: Any) -> Message:
            result = edit(message, *args, **kwargs)
            self.edited.append((message.id, flat(result.text())))
            return result

        self.fake.create_message = created  # type: ignore[method-assign]
        self.fake.edit_message = edited  # type: ignore[method-assign]

    def notified(self, channel: Channel, message: Message) -> frozenset[int]:
        """Whom the message notified as it was created: nobody if it is ephemeral or
        silent; the player of a DM or of a private thread; whoever it pings."""
        if message.ephemeral_to is not None or message.flags & FLAG_SUPPRESS_NOTIFICATIONS:
            return frozenset()
        users = set(message.pings.users)
        if channel.type == DM and channel.recipient_id is not None:
            users.add(channel.recipient_id)
        if channel.type == PRIVATE_THREAD:
            users |= set(channel.thread_members)
        return frozenset(users)


def flat(text: str) -> str:
    """Text as compared: without Markdown's escapes, every run of spaces one space."""
    return re.sub(r"\s+", " ", text.replace("\\", "")).strip()


def key(text: str) -> str:
    """What identifies a question's text in a message: its start, flattened."""
    return flat(text)[:60]


async def questions_asked(bot: Any, game_id: int) -> list[tuple[str, str]]:
    """Every question the game asked, in order: (seat, the prompt's text), from its log."""
    storage = bot.service.storage
    row = await storage.game(game_id)
    start = await storage.start_snapshot(game_id)
    assert row is not None and start is not None
    rows = [r for r in await storage.actions(game_id) if r.seq > 1]
    game = engine.load(row.variant, start)
    asked: list[tuple[str, str]] = []
    shown: dict[str, str] = {}

    def note() -> None:
        nonlocal shown
        now = {seat: records.fingerprint(prompt) for seat, prompt in game.prompts().items()}
        for seat, prompt in game.prompts().items():
            if shown.get(seat) != now[seat]:
                asked.append((seat, prompt.text))
        shown = now

    note()
    for index, action in enumerate(rows):
        if action.kind == "act" and action.seat is not None and action.action is not None:
            game.act(action.seat, action.action, **action.params)
        elif action.kind == "undo":
            game = engine.load(row.variant, start)
            for step in steps_in_effect(rows[:index + 1]):
                game.act(step.seat, step.action, **step.params)
        following = rows[index + 1] if index + 1 < len(rows) else None
        if following is None or following.user_id != 0:  # the end of an announced step
            note()
    return asked


async def unnoticed(recorder: Recorder, bot: Any, game_id: int,
                    excused: frozenset[int] = frozenset()) -> list[str]:
    """Each question of the game whose player got no notifying message saying it (the
    players in `excused`, away, are not asked), in words: empty when all were noticed."""
    live = bot.service.live.get(game_id)
    seats = {s.seat: s.user_id for s in (live.seats if live is not None else
                                         await bot.service.storage.seats(game_id))}
    needed: Counter[tuple[int, str]] = Counter()
    for seat, text in await questions_asked(bot, game_id):
        user = seats.get(seat)
        if user is not None and user not in excused:
            needed[user, key(text)] += 1
    got: Counter[tuple[int, str]] = Counter()
    for message in recorder.created:
        for (user, text) in needed:
            if user in message.notified and text in message.text:
                got[user, text] += 1
    problems = []
    for (user, text), count in needed.items():
        if got[user, text] >= count:
            continue
        name = recorder.fake.world.name_of(user)
        edits = sum(1 for _, said in recorder.edited if text in said)
        how = " (it arrived only as an edit)" if edits else ""
        problems.append(f"{name} was asked {count} time(s) {text!r} but notified "
                        f"{got[user, text]} time(s){how}")
    return problems


@dataclass
class NoticeCheck:
    """The transcript check as a demo's watcher (`demo.run.Watcher`): records from the
    bot's start, checks every game of the demo at its end; `problems` says what failed."""

    recorder: Recorder | None = None
    problems: list[str] = field(default_factory=list)

    def started(self, fake: FakeDiscord, bot: Any) -> None:
        self.recorder = Recorder(fake)

    async def ended(self, fake: FakeDiscord, bot: Any) -> None:
        assert self.recorder is not None
        for game_id in await played(bot):
            self.problems += await unnoticed(self.recorder, bot, game_id)


async def played(bot: Any) -> list[int]:
    """Every game the bot's storage holds that was started."""
    rows = await bot.service.storage._all("SELECT id FROM games WHERE seq > 0 ORDER BY id")
    return [r[0] for r in rows]
