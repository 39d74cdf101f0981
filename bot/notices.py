"""When a player is told of a new question: at once, or held back by their own settings.

Every new question reaches its seat as a message that notifies (a new DM, or a channel
mention for a player who turned DM prompts off): Discord notifies nobody of an edit. A
player may ask for less (`/game notify`):

- **a digest**, at most one notice every N hours: a question asked sooner after the last
  notice comes as a silent message (it is there, with live buttons, but does not notify),
  and one notice goes out when the N hours are up, listing what is still waiting for them,
  with links, across their games;
- **quiet hours**, in the player's own time zone: a notice due in them (a question, or a
  digest) waits until they end; the question's message is there at once, silent.

A deadline is never missed for it: a notice is never held past three quarters of the time
left to the question's deadline when it was asked, and one that could not wait a minute
goes out at once, quiet hours or not (the channel's reminder at three quarters of the
allowance still names everyone awaited, as for every player).

The held notices are stored (`held_notices`), so a restart sends them when due; the one
timer task (`bot/timers.py`) wakes for them through `tick`.
"""

from __future__ import annotations

import datetime as dt
import logging
import zoneinfo
from collections.abc import Callable

import discord

import engine
from bot import records
from bot.delivery.discord_io import Sender, chunks, message_link, named
from bot.service import GameService, LiveGame
from bot.storage import Preferences

log = logging.getLogger(__name__)

#: A notice that could wait at most this long goes out at once.
SOON = 60.0
#: A notice is never held past this share of the time left to its question's deadline.
DEADLINE_SHARE = 0.75


def zone(name: str) -> dt.tzinfo:
    """The player's time zone (UTC for a name this system does not know)."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def quiet_until(prefs: Preferences, when: float) -> float | None:
    """If `when` falls in the player's quiet hours, when they end; else None."""
    start, end = prefs.quiet_from % 1440, prefs.quiet_to % 1440
    if start == end:
        return None
    here = dt.datetime.fromtimestamp(when, zone(prefs.time_zone))
    minute = here.hour * 60 + here.minute
    quiet = start <= minute < end if start < end else (minute >= start or minute < end)
    if not quiet:
        return None
    ends = here.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if ends <= here:
        ends = (here + dt.timedelta(days=1)).replace(hour=end // 60, minute=end % 60,
                                                       second=0, microsecond=0)
    return ends.timestamp()


def release_at(prefs: Preferences, now: float, deadline: float | None) -> float | None:
    """When the player is to be notified of a question asked at `now` (with its deadline,
    if any): None for at once, else the moment the held notice goes out."""
    release = now
    if prefs.digest_hours > 0:
        release = max(release, prefs.last_sent + prefs.digest_hours * 3600.0)
    quiet = quiet_until(prefs, release)
    if quiet is not None:
        release = quiet
    if prefs.held_until is not None and now < prefs.held_until < release:
        release = prefs.held_until  # it goes out with the notice already held
    if deadline is not None:
        release = min(release, now + DEADLINE_SHARE * max(0.0, deadline - now))
    return None if release <= now + SOON else release


def in_words(prefs: Preferences) -> str:
    """The player's notice settings, as `/game notify` says them back."""
    parts = ["your choices come by DM" if prefs.dm_prompts else
             "your choices are not sent by DM: the game's channel names you, and its "
             "**My choices** button shows them to you"]
    parts.append("you are notified of every new question" if prefs.digest_hours <= 0 else
                 f"you get at most one notice every {prefs.digest_hours} hours, listing "
                 "what waits for you")
    if prefs.quiet_from % 1440 != prefs.quiet_to % 1440:
        parts.append(f"quiet hours {clock_text(prefs.quiet_from)}–{clock_text(prefs.quiet_to)}"
                     f" ({prefs.time_zone}): a notice due then waits until they end, unless "
                     "a deadline would pass first")
    else:
        parts.append(f"no quiet hours (time zone {prefs.time_zone})")
    return "; ".join(parts) + "."


def clock_text(minutes: int) -> str:
    minutes %= 1440
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def read_quiet_hours(text: str) -> tuple[int, int]:
    """`22:00-07:30`, `22-7` or `off` -> (from, to) in minutes after midnight."""
    cleaned = text.strip().lower().replace("–", "-").replace(" to ", "-").replace(" ", "")
    if cleaned in ("off", "none", "no", ""):
        return 0, 0
    start, sep, end = cleaned.partition("-")
    if not sep:
        raise engine.Unreadable(f"Write quiet hours as from-to, like 22:00-07:30 (not "
                                f"{text[:40]!r}), or off.")
    return read_clock(start, text), read_clock(end, text)


def read_clock(part: str, said: str) -> int:
    hours, _, minutes = part.partition(":")
    if not hours.isdigit() or (minutes and not minutes.isdigit()) or int(hours) > 24 \
            or int(minutes or 0) > 59:
        raise engine.Unreadable(f"I can't read {part!r} as a time of day in {said[:40]!r}: "
                                "write hours and minutes, like 22:00 or 7:30.")
    return (int(hours) * 60 + int(minutes or 0)) % 1440


def read_time_zone(name: str) -> str:
    """An IANA time zone name ("Europe/Paris"), as the system knows it; refused in words."""
    cleaned = name.strip().replace(" ", "_")
    if cleaned.upper() in ("UTC", "GMT", "Z"):
        return "UTC"
    found = {z.casefold(): z for z in zoneinfo.available_timezones()}
    if cleaned.casefold() in found:
        return found[cleaned.casefold()]
    raise engine.Unreadable(f"I don't know the time zone {name[:40]!r}. Name it as a city "
                            "of its region does, like Europe/Paris or America/New_York.")


class Notices:
    """The notices held back for players, sent when due: `hold` one, `tick` sends those due.

    `wake(when)`: tell the one timer task that a notice is due at `when`."""

    def __init__(self, service: GameService, sender: Sender,
                 wake: Callable[[float], None]) -> None:
        self.service = service
        self.storage = service.storage
        self.sender = sender
        self.wake = wake
        self._due: dict[int, float] | None = None  # read once, then kept here

    async def hold(self, user_id: int, due_at: float) -> None:
        """The player's notice goes out at `due_at` (or sooner, if one is held for then)."""
        await self.storage.hold_notice(user_id, due_at)
        if self._due is not None:
            self._due[user_id] = min(self._due.get(user_id, due_at), due_at)
        self.wake(due_at)

    async def sent(self, user_id: int, now: float, *, held_too: bool = False) -> None:
        """The player was just notified of a question (a digest player's clock restarts),
        or (`held_too`) of everything waiting for them: nothing is held any more."""
        await self.storage.notice_sent(user_id, now, held_too=held_too)
        if held_too and self._due is not None:
            self._due.pop(user_id, None)

    async def tick(self, now: float | None = None) -> list[float]:
        """Send every held notice that is due; return when the others are."""
        now = self.service.clock() if now is None else now
        if self._due is None:
            self._due = await self.storage.held_notices()
        for user_id, due in list(self._due.items()):
            if due <= now:
                try:
                    await self.send(user_id, now)
                except Exception:  # noqa: BLE001 - one player's notice must not stop others
                    log.exception("the held notice of %s failed", user_id)
                    self._due[user_id] = now + 300.0
        return [due for due in self._due.values() if due > now]

    async def send(self, user_id: int, now: float) -> None:
        """The player's held notice: what waits for them now, in every game, with links
        (by DM, or in each game's channel for a player who turned DM prompts off)."""
        prefs = (await self.storage.preferences_of([user_id]))[user_id]
        waiting: list[tuple[LiveGame, str]] = []  # (the game, a line of the notice)
        for entry in self.service.games_of(user_id):
            live = await self.service.load(entry)
            game = live.game
            if game is None or game.finished:
                continue
            prompts = live.prompts()
            for seat in live.seats_of(user_id):
                prompt = prompts.get(seat)
                if prompt is None:
                    continue
                record = await records.load(self.storage, live.id, seat)
                link = (f" — {message_link(record.channel_id, record.message_id)}"
                        if record is not None and record.open and record.message_id else "")
                waiting.append((live, f"**{game.title} #{live.id}** — {seat}: "
                                      f"{prompt.text}{link}"))
        await self.sent(user_id, now, held_too=True)
        if not waiting:
            return
        if prefs.dm_prompts:
            lines = ["\N{BELL} Waiting for you:", *(named(live, line) for live, line in waiting)]
            sent = [await self.sender.dm(user_id, text) for text in chunks(lines)]
            if all(message is not None for message in sent):
                return
            # DMs closed (or failing): the notice goes to each game's channel instead.
        for entry in dict.fromkeys(live for live, _ in waiting):
            mine = [line for live, line in waiting if live is entry]
            await self.sender.post(
                entry, f"\N{BELL} <@{user_id}>, waiting for you:\n" + "\n".join(mine),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(id=user_id)]))
