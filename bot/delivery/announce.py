"""One stored step, told to everyone: secrets by DM, the prompts brought up to date, then
one channel post with what happened and the call of the players asked something new, the
images one a post (Discord shrinks several side by side), then the status post.

A step is one action, or every action of one timed step (a deadline's): Discord allows
about five posts a channel in five seconds, so a Danger round's six timed-out cards must
not become a dozen posts. A game whose prompts could not all go out (a DM Discord refused
for now, a failed announcement) is prompted again a little later, and at the next start; a
step whose telling failed, or never happened (the process killed), stays in the outbox
until it is told (`bot/outbox.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import Any

import discord

from bot import facts
from bot.delivery.discord_io import Sender, chunks, step_nonce
from bot.delivery.pictures import Painter
from bot.delivery.prompts import Asked, PromptMessages
from bot.delivery.status import StatusPost
from bot.facts import Facts
from bot.service import GameService, LiveGame, Outcome
from bot.ui.components import OpenChoicesButton, single
from engine import Event, Game, Prompt

log = logging.getLogger(__name__)

#: A prompt that could not be delivered is tried again after this many seconds.
PROMPT_RETRY_SECONDS = 30.0
PROMPT_RETRIES = 3


class Announcer:
    def __init__(self, sender: Sender, prompts: PromptMessages, painter: Painter,
                 status: StatusPost, service: GameService) -> None:
        self.sender = sender
        self.prompts = prompts
        self.painter = painter
        self.status = status
        self.service = service
        self.prompt_retry_seconds = PROMPT_RETRY_SECONDS
        self._later: dict[int, asyncio.Task[None]] = {}  # game -> its pending prompt retry
        self._tries: dict[int, tuple[int, int]] = {}  # game -> (seq, prompt retries at it)

    async def close(self) -> None:
        """Cancel the retries still waiting (the prompts owed are stored for the next start)."""
        for task in self._later.values():
            task.cancel()
        self._later.clear()

    async def outcomes(self, known: Facts, outcomes: list[Outcome],
                       preface: list[str] | None = None, *,
                       answered: dict[str, str] | None = None, typed: str | None = None
                       ) -> Asked:
        """Announce what one step did in as few messages as read well: one DM per seat, the
        prompts brought up to date, then one channel post (more only past 2,000
        characters) with the lines and the call, each image in a post of its own, then the
        status post; all from the step's facts (`known`), read once, the game's `telling`
        lock held. Returns what the prompts did (who was asked something new).

        `answered`: the seats whose prompt message already says what they chose; `typed`:
        the seat that answered with a typed command (its prompt, if it closes, says so)."""
        live = outcomes[-1].live
        game = outcomes[-1].game
        events = [e for o in outcomes for e in o.events]
        carried = self.prompts.carried(known)
        # The nonces of what this step tells are its own last action's seq: the game may
        # have moved on since (the step's facts are read once the telling before it ended).
        told_at = outcomes[-1].seq
        await self.secrets(live, events, told=set(answered or ()), carried=carried,
                           seq=told_at)
        if answered and carried:
            # What the prompt message's detail shows is not repeated above the prompt.
            answered = {seat: _without(said, [e.text for e in events if not e.public
                                              and e.kind in carried.get(seat, ())])
                        for seat, said in answered.items()}
        # The prompts are the newest step's to bring up to date: a telling of an older step
        # (told late: behind Discord's limits, again after a crash, or by a process while
        # another tells the newer one) leaves them, and its post calls nobody, as the
        # newer step's telling will. Two tellings of one game from two processes would
        # otherwise edit the same prompt messages in either order (a prompt greyed after
        # the newer telling opened it), and a re-telling's call would differ from its
        # first telling's post, which `bot/delivery/recall.py` then could not recognise.
        newest = known.seq <= told_at
        asked = await self.ask(known, answered, typed) if newest else Asked()
        drawn = any(e.kind in game.render_on for e in events) or \
            any(o.action == "start" for o in outcomes)
        files = await self.painter.images(live, known.rows, drawn=drawn or game.finished,
                                           events=events)
        lines = list(preface or [])
        for outcome in outcomes:
            if outcome.said:
                lines.append(outcome.said)
            lines += [e.text for e in outcome.events if e.public]
        if game.finished:
            lines.append(finished_text(live))
        await self.say(live, lines, [] if game.finished else asked.called(), files,
                       told=[s.user_id for s in live.seats] if game.finished else [],
                       held=asked.held, step=(told_at, "announce"))
        await self.status.update(known)
        return asked

    async def secrets(self, live: LiveGame, events: list[Event], told: set[str] | None = None,
                      carried: dict[str, frozenset[str]] | None = None,
                      seq: int | None = None) -> None:
        """Each private event to each seat of its audience, one DM per seat and action;
        `told`: seats whose answered prompt message already says them; `carried`: per seat,
        the kinds of private events its prompt message shows (the game's `prompt_detail`);
        `seq`: the step's, for the DMs' nonces (a DM sent again is not posted twice)."""
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            if event.public:
                continue
            for seat in event.audience:
                if seat not in (told or set()) and \
                        event.kind not in (carried or {}).get(seat, frozenset()):
                    private[seat].append(event.text)
        title = live.game.title if live.game is not None else live.row.variant
        for seat, lines in private.items():
            header = f"**{title} #{live.id}** — {seat}"
            for part, text in enumerate(chunks([header, *lines])):
                nonce = None if seq is None else step_nonce(live, seq, f"secret:{seat}", part)
                await self.sender.to_seat(live, seat, text, nonce=nonce)

    async def say(self, live: LiveGame, lines: list[str], called: list[tuple[str, Prompt]],
                  files: list[discord.File] | None = None, told: list[int] | None = None,
                  held: set[str] | None = None, step: tuple[int, str] | None = None) -> None:
        """Post `lines`, then the call of the seats asked something new, in as few messages
        as fit; only those players are mentioned (not those whose notice is `held` back by
        their digest or quiet hours: named, not pinged), and at the end every player
        (`told`). The last message carries the My choices button and the first image;
        each other image follows in a post of its own (several side by side, Discord
        shrinks them all). `step`: the step's seq and what the posts are for, which make
        their nonces (a post sent again is not posted twice)."""
        game = live.game
        pinged = [(seat, prompt, live.user_of(seat)) for seat, prompt in called]
        calls = [f"{await self.sender.called(live, seat, user)}, {call_words(game, seat)}: "
                 f"{prompt.text}"[:600] for seat, prompt, user in pinged if user is not None]
        told = list(dict.fromkeys(told or []))
        if told:
            calls.append(", ".join(f"<@{u}>" for u in told) + ": the game is over.")
        named = {u for seat, _, u in pinged if u is not None and seat not in (held or ())} | \
            set(told)
        texts = chunks([*lines, *calls]) or ([""] if files else [])
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False,
            users=[discord.Object(id=u) for u in named])
        files = list(files or [])
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            extra: dict[str, Any] = {}
            if last and pinged:
                extra["view"] = single(OpenChoicesButton(live.id))
            if last and files:
                extra["file"] = files.pop(0)
            if step is not None:
                extra["nonce"] = step_nonce(live, step[0], step[1], i)
            await self.sender.post(live, text or None, allowed_mentions=mentions, **extra)
        for i, picture in enumerate(files):  # one image a post
            extra = {} if step is None else {"nonce": step_nonce(live, step[0],
                                                                 f"{step[1]}:picture", i)}
            await self.sender.post(live, file=picture, **extra)

    # ----- prompts outside an action ------------------------------------------

    async def ask(self, known: Facts, answered: dict[str, str] | None = None,
                  typed: str | None = None) -> Asked:
        """The prompt messages brought up to date; who was asked something new returned. A
        game whose prompts did not all go out is tried again in a while."""
        asked = await self.prompts.bring_up_to_date(known, answered, typed)
        if not asked.complete:
            self.prompt_later(known.live)
        return asked

    async def refresh_prompts(self, live: LiveGame, retold_since: float | None = None) -> None:
        """Prompts brought up to date outside an action (a substitute, an import, a retry,
        the prompts owed at a start): with the call of the seats asked something new.
        `retold_since`: what was sent since then is looked for first (`Sender.retelling`)."""
        async with live.telling:
            with contextlib.ExitStack() as retelling:
                if retold_since is not None:
                    retelling.enter_context(self.sender.retelling(live, retold_since))
                known = await facts.read(self.service.storage, live, self.service.clock())
                asked = await self.ask(known)
                called = asked.called()
                if called:  # the call of these seats at this step: its nonce says so
                    await self.say(live, [], called, held=asked.held, step=(
                        known.seq, "call:" + ",".join(seat for seat, _ in called)))

    def prompt_later(self, live: LiveGame) -> None:
        """Try the game's prompts again in a while (a failed announcement, a refused DM)."""
        if live.id in self._later and not self._later[live.id].done():
            return
        tries = self._tries.get(live.id, (live.seq, 0))
        tries = (live.seq, tries[1] + 1 if tries[0] == live.seq else 1)
        self._tries[live.id] = tries
        if tries[1] > PROMPT_RETRIES:
            return  # owed still: the next start tries again

        async def later() -> None:
            await asyncio.sleep(self.prompt_retry_seconds)
            self._later.pop(live.id, None)
            if self.service.live.get(live.id) is live:
                try:
                    await self.refresh_prompts(live)
                except Exception:  # noqa: BLE001 - tried again at the next start
                    log.exception("game %s: prompts failed again", live.id)

        self._later[live.id] = asyncio.create_task(later(), name=f"croupier-prompts-{live.id}")

    async def owed_prompts(self) -> int:
        """At startup: prompt the games that moved after their prompts last all went out (a
        crash in between, a refused DM). Only those games are loaded and looked at.

        A step a killed process stored and never told is the outbox's (`bot/outbox.py`),
        told first, with its prompts; what is left here is what the outbox does not owe: a
        DM refused past its retries, a prompt greyed by its own click, and, over
        PostgreSQL, the prompts of a step whose teller's lease has not run out yet.

        A prompt the process before sent may be out already, its id not recorded (killed in
        between), and Discord may have forgotten its nonce since: as a re-telling of the
        game's last step, each is first looked for in the seat's DMs (`Sender.retelling`)."""
        done = 0
        storage = self.service.storage
        for game_id in await storage.games_owing_prompts():
            try:
                live = await self.service.get(game_id)
                if live.game is None:
                    continue
                last = await storage.actions(live.id, after=live.seq - 1)
                since = last[-1].created_at if last else self.service.clock()
                await self.refresh_prompts(live, retold_since=since)
                done += 1
            except Exception:  # noqa: BLE001 - one game must not keep the others waiting
                log.exception("game %s: owed prompts failed", game_id)
        return done


def call_words(game: Game | None, seat: str) -> str:
    """How the call names what the seat is asked ("your turn", "you may play a card now"),
    as the game says it (`Game.call_words`)."""
    if game is None:
        return "your turn"
    try:
        return game.call_words(seat) or "your turn"
    except Exception:  # noqa: BLE001 - a word of the call must not stop the call
        log.exception("the call words for %s failed", seat)
        return "your turn"


def _without(text: str, parts: list[str]) -> str:
    """`text` without the lines of `parts` (events the prompt's detail already shows)."""
    for part in parts:
        text = text.replace(f"\n{part}", "").replace(part, "")
    return text.strip()


def finished_text(live: LiveGame) -> str:
    game = live.game
    assert game is not None
    winners = ", ".join(game.winners) or "nobody"
    return (f"**Game over.** Winner: {winners}.\nThe seed was `{game.seed}` "
            f"(sha256 `{live.row.commitment}`, published at the start). "
            "Run `/game verify` to replay every roll and deal, or `/game log` for the full log.")
