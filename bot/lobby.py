"""The lobby's use cases: what `/game …` does, apart from the slash commands that ask for it.

Create, join, leave, start, look at, hand over, adopt, abort, undo, import, time and verify a
game, each as one method that takes the interaction and answers it (as spellbot's actions
do): `cogs/lobby.py` only declares the commands, their options and autocomplete, and calls
here. Every change goes through the service; what the table sees goes through delivery.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import json
from collections.abc import Mapping
from typing import Any

import discord

import engine
from bot import names, notices
from bot.actions import ActionPath
from bot.deadlines import Deadlines
from bot.delivery.announce import Announcer
from bot.delivery.discord_io import CANNOT_DM, DM_HELP, Sender, chunks
from bot.delivery.pictures import Painter
from bot.delivery.status import StatusPost, options_in_words, status_embed
from bot.importing import MAX_BYTES, import_game, start_state, verify_imported, was_imported
from bot.outbox import mark_told
from bot.records import prompt_purpose
from bot.service import GameService, LiveGame
from bot.storage import ActionRow, GameRow
from bot.ui.components import GameMenu, single
from bot.ui.target import Picked
from engine import UNDO, Event, NotAllowed, Step, Unreadable
from engine.registry import check_options

Interaction = discord.Interaction[Any]


def parse_options(text: str | None) -> dict[str, str]:
    """`target=30, butler_maid=on` -> {"target": "30", "butler_maid": "on"}."""
    options: dict[str, str] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise Unreadable(f"Write options as name=value, separated by commas (not {part!r}).")
        options[key.strip()] = value.strip()
    return options


def read_moment(text: str, time_zone: str) -> float:
    """`2025-07-01` or `2025-07-01 18:00`, in the player's time zone, as a timestamp; a date
    alone is its midnight. Refused in words."""
    cleaned = text.strip().replace("T", " ")
    for shape in ("%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            moment = dt.datetime.strptime(cleaned, shape)
        except ValueError:
            continue
        return moment.replace(tzinfo=notices.zone(time_zone)).timestamp()
    raise Unreadable(f"I can't read {text[:40]!r} as a date: write it like 2025-07-01, or "
                     "2025-07-01 18:00 (in your time zone, set by /game notify time_zone:).")


def ruling_text(ruling: str) -> str:
    """A ruling as players read it: its text, without the "ID: " it is filed under."""
    head, sep, text = ruling.partition(": ")
    return text if sep and head.replace("-", "").isalnum() and head.upper() == head else ruling


def seats_in_words(cls: type[engine.Game]) -> str:
    """Who sits at a game: "3-6 players", or for a game whose every seat must be taken (the
    five powers) the seats, which one player may hold several of."""
    if cls.seat_names and cls.min_seats == cls.max_seats == len(cls.seat_names):
        return (f"its {cls.max_seats} seats ({', '.join(cls.seat_names)}); one player may hold "
                "several")
    if cls.min_seats == cls.max_seats:
        return f"{cls.max_seats} players"
    return f"{cls.min_seats}-{cls.max_seats} players"


def is_manager(interaction: Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


async def member_here(interaction: Interaction, user_id: int) -> None:
    """Seats go only to members of this server: not to a user of another server, an id
    nobody has, or a bot. Refused in words otherwise."""
    guild = interaction.guild
    if guild is None:
        raise NotAllowed("Seats are given in a server channel, not in DMs.")
    member = guild.get_member(user_id)
    if member is None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.NotFound:
            raise NotAllowed(f"<@{user_id}> is not a member of this server (or no Discord "
                             "user at all): seats go only to its members.") from None
        except discord.HTTPException:
            raise NotAllowed(f"I couldn't check that <@{user_id}> is a member of this server; "
                             "try again in a moment.") from None
    if member.bot:
        raise NotAllowed(f"{member.mention} is a bot: seats go to players.")


def public_rows(variant: str, rows: list[ActionRow]) -> list[tuple[int, ActionRow]]:
    """The log as everyone may read it, numbered 1, 2, 3...: without the steps whose very
    occurrence is secret (`Game.hidden_actions`: a plot being written), and numbered anew
    so that no gap counts them. The full log, after the end, has them all."""
    cls = engine.VARIANTS.get(variant)
    shown = [a for a in rows if not (cls is not None and a.kind == "act" and cls.hides(a.action))]
    return list(enumerate(shown, start=1))


class Lobby:
    def __init__(self, service: GameService, actions: ActionPath, announcer: Announcer,
                 sender: Sender, status: StatusPost, painter: Painter,
                 deadlines: Deadlines) -> None:
        self.service = service
        self.storage = service.storage
        self.actions = actions
        self.announcer = announcer
        self.sender = sender
        self.status = status
        self.painter = painter
        self.deadlines = deadlines

    # ----- what autocomplete offers --------------------------------------------

    async def seat_names(self, channel_id: int) -> list[str]:
        """The seats one may name in the channel's game: the free ones while it is in the
        lobby, every seat once it runs."""
        try:
            live = await self.service.in_channel(channel_id)
        except NotAllowed:
            return []
        cls = engine.VARIANTS[live.row.variant]
        taken = {s.seat for s in live.seats}
        return ([n for n in cls.seat_names if n not in taken] if live.row.status == "lobby"
                else [s.seat for s in live.seats])

    # ----- the lobby ------------------------------------------------------

    async def new(self, interaction: Interaction, variant: str, options: str | None,
                  thread: bool, *, given: Mapping[str, Any] | None = None) -> None:
        """`given`: options a game's own command read from elsewhere than the typed text
        (`/ill new`: a card set file's text and name, from its attachment)."""
        cls = engine.game_class(variant)
        # Checked whole now (a game is set up with them), not only when the game starts.
        chosen = check_options(variant, {**parse_options(options), **(given or {})})
        if interaction.guild_id is None or interaction.channel is None:
            raise NotAllowed("Start games in a server channel, not in DMs.")
        channel_id = interaction.channel_id or 0
        if thread:
            if not isinstance(interaction.channel, discord.TextChannel):
                raise NotAllowed("A thread can only be opened from a text channel.")
            if not interaction.response.is_done():  # a game's own command may have deferred
                await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                made = await interaction.channel.create_thread(
                    name=f"{cls.title} — {names.clean(interaction.user.display_name)}"[:100],
                    type=discord.ChannelType.public_thread)
            except discord.Forbidden:
                raise NotAllowed("I may not open threads here: give me Create Public Threads, "
                                 "or start the game without thread:true.") from None
            channel_id = made.id
        elif self.service.by_channel.get(channel_id):
            raise NotAllowed("This channel already has a game. Finish or abort it, or use "
                             "thread:true to open a new thread.")
        live = await self.service.create(variant=variant, guild_id=interaction.guild_id,
                                         channel_id=channel_id, creator_id=interaction.user.id,
                                         options=chosen)
        text = (f"New game of **{cls.title}** (#{live.id}) for {seats_in_words(cls)}. Join with "
                f"`/game join`; then {interaction.user.mention} runs `/game start`."
                + (f"\n{cls.notice}" if cls.notice else ""))
        if interaction.response.is_done():
            await interaction.followup.send(f"Game #{live.id} is open in <#{channel_id}>.",
                                            ephemeral=True)
            await self.sender.post(live, text)
        else:
            await interaction.response.send_message(text)
        await self.status.refresh(live)

    async def join(self, interaction: Interaction, seat: str | None) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = await self.service.join(live, interaction.user.id, seat=seat,
                                         player_name=interaction.user.display_name)
        self.sender.remember(interaction.user)
        shown = names.escape(chosen)
        text = (f"Welcome to **{engine.game_class(live.row.variant).title} #{live.id}** as "
                f"**{shown}**. Your secrets and your turns' choices will come here.")
        try:
            await self.sender.send_dm(interaction.user.id, text)
        except discord.HTTPException as exc:
            if exc.code == CANNOT_DM:  # only Discord's "cannot send" closes DMs for good
                await self.sender.dms_closed(live, chosen)
                await interaction.followup.send(f"You sit as **{shown}**.\n{DM_HELP}",
                                                ephemeral=True)
            else:  # a passing failure: tried again later, DMs stay open
                await self.sender.to_seat(live, chosen, text)
                await interaction.followup.send(f"You sit as **{shown}**. Discord didn't take "
                                                "my DM just now; I'll try again.",
                                                ephemeral=True)
        else:
            await interaction.followup.send(f"You sit as **{shown}**. I sent you a DM.",
                                            ephemeral=True)
        await self.sender.post(live, f"{interaction.user.mention} joins as **{shown}**.")
        await self.status.refresh(live)

    async def leave(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        gone = await self.service.leave(live, interaction.user.id)
        await interaction.response.send_message(f"You left ({', '.join(gone)}).", ephemeral=True)
        await self.sender.post(live, f"{interaction.user.mention} leaves ({', '.join(gone)}).")
        await self.status.refresh(live)

    async def start(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.service.start(live, interaction.user.id)
        await interaction.followup.send("The game has started.", ephemeral=True)
        game = outcome.game
        await self.sender.post(
            live, f"**{game.title} #{live.id} begins.** Seats in turn order: "
                  f"{', '.join(game.turn_order)}.\nSeed commitment: sha256 = `{live.row.commitment}` "
                  "(the seed is revealed at the end so anyone can check every roll and deal).")
        await self.actions.announce(outcome)

    async def in_question(self, interaction: Interaction, what: str, extra: str = ""
                          ) -> LiveGame | None:
        """The game a `/game status`, `history` or `hand` is about: the channel's; typed in a
        DM, the player's only running game, or when they sit in several, None after
        answering with a menu of them (`ui/components.GameMenu`), which finishes the
        command for the one picked (`picks`)."""
        if interaction.guild_id is not None:
            return await self.service.in_channel(interaction.channel_id or 0)
        mine = [g for g in self.service.games_of(interaction.user.id)
                if g.row.status == "running"]
        if not mine:
            raise NotAllowed("You sit in no running game. Use the command in a game's channel.")
        if len(mine) == 1:
            return await self.service.load(mine[0])
        games = [(g.id, f"#{g.id} {engine.game_class(g.row.variant).title} — "
                        f"{', '.join(g.seats_of(interaction.user.id))}") for g in mine]
        await interaction.response.send_message(
            f"You play in {len(mine)} games: which one?",
            view=single(GameMenu(what, extra, games)), ephemeral=True)
        return None

    def picks(self) -> dict[str, Picked]:
        """The commands a game picked from a DM's menu finishes, by name."""
        return {"status": self.picked_status, "history": self.picked_history,
                "hand": self.picked_hand}

    async def seated(self, interaction: Interaction, game_id: int) -> LiveGame:
        """A game picked from a menu, if the player sits in it."""
        live = await self.service.get(game_id)
        if not live.seats_of(interaction.user.id):
            raise NotAllowed("You have no seat in that game.")
        return live

    async def show_status(self, interaction: Interaction) -> None:
        live = await self.in_question(interaction, "status")
        if live is not None:
            await self.status_of(interaction, live)

    async def picked_status(self, interaction: Interaction, game_id: int, extra: str) -> None:
        await self.status_of(interaction, await self.seated(interaction, game_id))

    async def status_of(self, interaction: Interaction, live: LiveGame) -> None:
        deadline = await self.deadlines.due(live)
        await interaction.response.send_message(
            embed=status_embed(live, live.prompts(), deadline), ephemeral=True)
        await self.status.refresh(live, force=True)

    async def list_games(self, interaction: Interaction) -> None:
        games = [g for g in self.service.live.values() if g.row.guild_id == interaction.guild_id]
        lines = [f"#{g.id} **{engine.game_class(g.row.variant).title}** in <#{g.row.channel_id}>"
                 f" — {g.row.status}, {len(g.seats)} seat(s)"
                 + (f", {g.game.phase}" if g.game else "") for g in games]
        await self.actions.reply(interaction, lines or ["No game is running in this server. "
                                                        "Start one with /game new."])

    async def hand(self, interaction: Interaction) -> None:
        live = await self.in_question(interaction, "hand")
        if live is not None:
            await self.actions.show_hand(interaction, live.id)

    async def picked_hand(self, interaction: Interaction, game_id: int, extra: str) -> None:
        await self.actions.show_hand(interaction, (await self.seated(interaction, game_id)).id)

    async def abort(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        if interaction.user.id != live.row.creator_id and not is_manager(interaction):
            raise NotAllowed("Only the game's creator or a member with Manage Server can abort it.")
        await self.service.abort(live)
        await interaction.response.send_message(f"Game #{live.id} was aborted by "
                                                f"{interaction.user.mention}.")
        await self.storage.clear_deadline(live.id)
        await self.status.refresh(live)

    async def adopt(self, interaction: Interaction, game_id: int) -> None:
        live = await self.service.get(game_id)
        if interaction.user.id != live.row.creator_id and not is_manager(interaction):
            raise NotAllowed("Only the game's creator or a member with Manage Server can move it.")
        if interaction.guild_id is None or interaction.guild_id != live.row.guild_id:
            raise NotAllowed("Adopt a game from a channel of the server it was created in.")
        if self.service.by_channel.get(interaction.channel_id or 0):
            raise NotAllowed("This channel already has a game.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.move(live, interaction.channel_id or 0)
        await interaction.followup.send(f"Game #{live.id} now lives here.", ephemeral=True)
        await self.sender.post(live, f"Game #{live.id} moves to this channel; it goes on "
                                     "exactly where it was.")
        await self.status.refresh(live)

    async def channel_gone(self, channel_id: int) -> None:
        """Nothing is lost: the game stays stored; its creator is told how to move it."""
        live = self.service.entry_in(channel_id)  # its row is enough: no need to load it
        if live is None:
            return
        title = engine.game_class(live.row.variant).title
        await self.sender.dm(
            live.row.creator_id, f"The channel of your game #{live.id} ({title}) was "
            f"deleted. The game is saved exactly as it was: run `/game adopt game_id:{live.id}` "
            "in another channel to carry on there.")

    async def substitute(self, interaction: Interaction, seat: str, user: discord.User) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        holder = next((s.user_id for s in live.seats if s.seat == seat), None)
        if interaction.user.id not in (live.row.creator_id, holder) and not is_manager(interaction):
            raise NotAllowed("Only the creator, the seat's player or a member with Manage Server "
                             "can hand a seat over.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await member_here(interaction, user.id)
        await self.service.substitute(live, seat, user.id)
        shown = names.escape(seat)
        await interaction.followup.send(f"{user.mention} now plays **{shown}**.", ephemeral=True)
        await self.sender.post(live, f"{user.mention} now plays **{shown}**.")
        if live.game is not None:
            history = await self.actions.private_history(live, [seat])
            lines = [f"You now play **{shown}** in **{live.game.title} #{live.id}**. "
                     "Here is everything that seat was told so far:", *history]
            for text in chunks(lines):
                await self.sender.to_seat(live, seat, text)
            await self.storage.put_message(live.id, prompt_purpose(seat), 0, 0, "")
            await self.announcer.refresh_prompts(live)
        await self.status.refresh(live)

    async def deadline(self, interaction: Interaction, change: str, seconds: float,
                       at: str | None = None) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        if interaction.user.id != live.row.creator_id and not is_manager(interaction):
            raise NotAllowed("Only the game's creator or a member with Manage Server can change "
                             "the deadline.")
        if live.row.status != "running":
            raise NotAllowed("Deadlines apply once the game has started.")
        if change in ("set", "extend") and seconds <= 0:
            raise Unreadable(f"Say how long: /game deadline {change} hours:… or minutes:….")
        if change == "daily" and not at:
            raise Unreadable("Say when: /game deadline daily at:20:00.")
        deadlines = self.deadlines
        if change == "set":
            await deadlines.set(live, seconds)
        elif change == "daily":
            # The time of day on the clocks of whoever sets it: their own time zone.
            zone = (await self.storage.preferences_of([interaction.user.id])
                    )[interaction.user.id].time_zone
            row = await deadlines.set_daily(live, at or "", zone)
            await interaction.response.send_message(
                f"Deadline: every turn is due at the next {row.daily_at} ({zone} time), "
                f"this one <t:{int(row.due_at or 0)}:R>.")
            await self.announcer.refresh_prompts(live)
            await self.status.refresh(live)
            return
        elif change == "extend":
            await deadlines.extend(live, seconds)
        elif change == "pause":
            await deadlines.pause(live)
        elif change == "resume":
            await deadlines.resume(live)
        else:
            await deadlines.clear(live)
        due = await deadlines.due(live)
        when = f" It is due <t:{int(due)}:R>." if due else ""
        await interaction.response.send_message(f"Deadline: {change} done.{when}")
        await self.announcer.refresh_prompts(live)  # each prompt says the deadline
        await self.status.refresh(live)

    async def undo(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        decider = interaction.user.id == live.row.creator_id
        missing = await self.service.request_undo(live, interaction.user.id, decider=decider)
        await self.actions.after_undo_step(interaction, live, missing)

    async def notify(self, interaction: Interaction, dm_prompts: bool | None = None,
                     digest_hours: int | None = None, quiet_hours: str | None = None,
                     time_zone: str | None = None) -> None:
        """The player's own settings for being told of new questions, across their games:
        prompts by DM or not, every question or a digest, quiet hours and their time zone
        (`bot/notices.py`). Without options: what they are now."""
        changes: dict[str, Any] = {}
        if dm_prompts is not None:
            changes["dm_prompts"] = int(dm_prompts)
        if digest_hours is not None:
            changes["digest_hours"] = digest_hours
        if quiet_hours is not None:
            changes["quiet_from"], changes["quiet_to"] = notices.read_quiet_hours(quiet_hours)
        if time_zone is not None:
            changes["time_zone"] = notices.read_time_zone(time_zone)
        user = interaction.user.id
        if changes:
            await self.storage.set_preferences(user, **changes)
        prefs = (await self.storage.preferences_of([user]))[user]
        head = "Saved. Now" if changes else "Now"
        text = f"{head}: {notices.in_words(prefs)}"
        if dm_prompts is False:
            text += " Secrets still come by DM."
        await interaction.response.send_message(text, ephemeral=True)

    async def away(self, interaction: Interaction, days: float | None,
                   until: str | None) -> None:
        """`/game away`: the player's own away period, across their games. Until it ends,
        each game's deadline policy answers their questions at once and says so ("Answered
        for Germany, who is away"), and nobody waits for them; a question the policy does
        not answer (it only tells the creator) still waits for them."""
        user = interaction.user.id
        prefs = (await self.storage.preferences_of([user]))[user]
        now = self.service.clock()
        if (days is None) == (until is None):
            raise Unreadable("Say how long you are away: /game away days:3, or until:2025-07-01 "
                             "(a date, or a date and time, in your time zone).")
        ends = now + days * 86400.0 if days is not None else \
            read_moment(until or "", prefs.time_zone)
        if ends <= now:
            raise Unreadable("That moment has passed already: say when you are back.")
        await self.storage.set_preferences(user, away_until=ends)
        await interaction.response.send_message(
            f"You are away until <t:{int(ends)}:F> (<t:{int(ends)}:R>). Meanwhile each of your "
            "games answers your questions at once as its deadline would, and says so in its "
            "channel; nobody waits for you. A question a game's deadline leaves to its "
            "creator still waits for you. `/game back` ends it sooner.", ephemeral=True)
        for entry in self.service.games_of(user):
            if entry.row.status != "running":
                continue
            live = await self.service.load(entry)
            if live.game is not None and set(live.seats_of(user)) & set(live.prompts()):
                await self.actions.answer_for_away(live)

    async def back(self, interaction: Interaction) -> None:
        """`/game back`: the player's away period ends now."""
        user = interaction.user.id
        prefs = (await self.storage.preferences_of([user]))[user]
        await self.storage.set_preferences(user, away_until=None)
        was = prefs.away(self.service.clock())
        await interaction.response.send_message(
            "Welcome back: your games ask you their questions again." if was else
            "You were not away: your games ask you their questions as usual.", ephemeral=True)
        if not was:
            return
        # A game where everyone was away waited; with this player back, it answers again
        # for the others who are still away.
        for entry in self.service.games_of(user):
            if entry.row.status == "running":
                live = await self.service.load(entry)
                if live.game is not None:
                    await self.actions.answer_for_away(live)

    # ----- the record -------------------------------------------------------

    async def history(self, interaction: Interaction, last: int | None) -> None:
        if interaction.guild_id is None:  # in a DM: the player's game, picked if several
            live = await self.in_question(interaction, "history", str(last or ""))
            if live is not None:
                await self.history_of(interaction, live.row, last)
            return
        row = await self.storage.latest_game_in(interaction.channel_id or 0)
        if row is None:
            raise NotAllowed("There is no game in this channel.")
        await self.history_of(interaction, row, last)

    async def picked_history(self, interaction: Interaction, game_id: int, extra: str) -> None:
        live = await self.seated(interaction, game_id)
        await self.history_of(interaction, live.row, int(extra) if extra else None)

    async def history_of(self, interaction: Interaction, row: GameRow, last: int | None
                         ) -> None:
        """The game's public log in words, to the asker alone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        moves = [[Event.from_json(e).text for e in a.events if e.get("audience") == "public"]
                 for _, a in public_rows(row.variant, await self.storage.actions(row.id))]
        moves = [m for m in moves if m]
        shown = moves[-last:] if last else moves
        lines = [f"**{engine.game_class(row.variant).title} #{row.id}**, "
                 + (f"the last {len(shown)} of {len(moves)} moves:" if len(shown) < len(moves)
                    else "its one move:" if len(moves) == 1 else f"all {len(moves)} moves:")]
        lines += ["\N{BULLET} " + "\n  ".join(m) for m in shown]
        texts = chunks(lines)
        if len(texts) > 10:
            texts = [*texts[:1], "… (earlier moves left out: ask for fewer with last:)",
                     *texts[-9:]]
        for text in texts:
            await interaction.followup.send(text, ephemeral=True)

    async def import_(self, interaction: Interaction, variant: str, file: discord.Attachment,
                      players: str) -> None:
        engine.game_class(variant)
        if interaction.guild_id is None or interaction.channel is None:
            raise NotAllowed("Import games in a server channel, not in DMs.")
        channel_id = interaction.channel_id or 0
        if self.service.by_channel.get(channel_id):
            raise NotAllowed("This channel already has a game. Finish or abort it first.")
        if file.size > MAX_BYTES:  # refused before it is downloaded
            raise Unreadable(f"That file is too large for a game's state ({file.size:,} bytes; "
                             f"at most {MAX_BYTES:,}).")
        await interaction.response.defer(ephemeral=True, thinking=True)
        raw = await file.read()
        live, game = await import_game(self.service, variant=variant, raw=raw, players=players,
                                       guild_id=interaction.guild_id, channel_id=channel_id,
                                       creator_id=interaction.user.id,
                                       member=lambda user_id: member_here(interaction, user_id))
        await interaction.followup.send(f"Imported as game #{live.id}.", ephemeral=True)
        seated = ", ".join(f"**{names.escape(s.seat)}** <@{s.user_id}>" for s in live.seats)
        await self.sender.post(
            live, f"**{game.title} #{live.id}** was brought in from a game in progress, at the "
                  f"position its file describes. Seats: {seated}.\nFrom here on its luck comes "
                  f"from a fresh seed: sha256 = `{live.row.commitment}` (revealed at the end).",
            allowed_mentions=discord.AllowedMentions.none())
        async with live.telling:  # the board's first look
            rows = await self.storage.messages(live.id)
            files = await self.painter.images(live, rows, drawn=True)
        for picture in files:  # one image a post
            await self.sender.post(live, file=picture)
        await self.announcer.refresh_prompts(live)
        await self.status.refresh(live)
        await mark_told(self.service, live.id, [live.seq])  # the imported start, told

    async def log(self, interaction: Interaction, full: bool) -> None:
        row = await self.storage.latest_game_in(interaction.channel_id or 0)
        if row is None:
            raise NotAllowed("There is no game in this channel.")
        if full and row.status != "finished":
            raise NotAllowed("The full log, with everyone's secrets, is shown only after the "
                             "game has ended.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = await self.storage.actions(row.id)
        entries: list[dict[str, Any]] = []
        for number, a in ([(a.seq, a) for a in actions] if full else
                          public_rows(row.variant, actions)):
            events = a.events if full else [e for e in a.events if e["audience"] == "public"]
            entry: dict[str, Any] = {"seq": number, "kind": a.kind, "seat": a.seat,
                                     "action": a.action, "events": events}
            if full:  # parameters can be secret (a card played face down): only at the end
                entry.update(params=a.params, luck=a.step.get("luck", []))
            entries.append(entry)
        doc = {"game": row.id, "variant": row.variant, "status": row.status,
               "commitment": row.commitment, "log": entries}
        if full:
            doc["seed"] = row.seed
        data = json.dumps(doc, indent=1).encode()
        name = f"{row.variant}-{row.id}-{'full' if full else 'public'}-log.json"
        await interaction.followup.send(f"The {'full' if full else 'public'} log of game "
                                        f"#{row.id}.", file=discord.File(io.BytesIO(data), name),
                                        ephemeral=True)

    async def verify(self, interaction: Interaction) -> None:
        row = await self.storage.latest_game_in(interaction.channel_id or 0)
        if row is None:
            raise NotAllowed("There is no game in this channel.")
        if row.status != "finished":
            raise NotAllowed("The seed is revealed when the game ends; verify it then.")
        await interaction.response.defer(thinking=True)
        result = await self.verify_stored(row.id)
        await interaction.followup.send(result.summary())

    async def verify_stored(self, game_id: int) -> engine.Verification:
        """Replay a stored game from the action rows (undo included) and its revealed seed."""
        storage = self.storage
        row = await storage.game(game_id)
        assert row is not None
        seats = [s.seat for s in await storage.seats(game_id)]
        rows = await storage.actions(game_id)
        setup = rows[0].step.get("luck", []) if rows and rows[0].kind == "start" else []
        steps = []
        for a in rows:
            if a.kind == "undo":
                steps.append(Step("", UNDO, {}))
            elif a.kind == "act" and a.seat is not None and a.action is not None:
                steps.append(Step(a.seat, a.action, a.params, list(a.step.get("luck", []))))
        loop = asyncio.get_running_loop()
        if rows and rows[0].kind == "start" and was_imported(rows[0].events):
            start = await start_state(storage, game_id)
            return await loop.run_in_executor(
                None, lambda: verify_imported(row.variant, start, row.commitment, steps))
        return await loop.run_in_executor(
            None, lambda: engine.verify_steps(row.variant, seats, row.seed, row.options, setup,
                                              steps, published_commitment=row.commitment))

    async def rules(self, interaction: Interaction, variant: str) -> None:
        cls = engine.game_class(variant)
        lines = [f"**{cls.title}** ({cls.variant}), for {seats_in_words(cls)}.",
                 cls.summary]
        if cls.options_spec:
            lines.append("**Options** (choose them when you start a game, as "
                         "`/game new options:name=value`):")
            lines += [f"- **{o.label or o.name.replace('_', ' ').capitalize()}** "
                      f"({options_in_words(cls.variant, {o.name: o.default})} unless chosen "
                      f"otherwise; `{o.name}`): {o.description}" for o in cls.options_spec]
        if cls.rulings:
            lines.append("**House rulings:**")
            lines += [f"- {ruling_text(r)}" for r in cls.rulings]
        texts = chunks(lines)
        await interaction.response.send_message(texts[0], ephemeral=True)
        for more in texts[1:]:
            await interaction.followup.send(more, ephemeral=True)

