"""`/game`: the lobby and everything common to all games."""

from __future__ import annotations

import io
import json
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot import names
from bot.client import Croupier
from bot.delivery import CANNOT_DM, DM_HELP, chunks, options_in_words, status_embed
from bot.importing import MAX_BYTES, import_game, start_state, verify_imported, was_imported
from bot.service import GameService
from bot.storage import ActionRow
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


class Lobby(commands.Cog):
    """Create, join, start and look after games."""

    game = app_commands.Group(name="game", description="Create, join and manage games")

    def __init__(self, bot: Croupier) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ----- autocomplete ---------------------------------------------------

    async def variant_autocomplete(self, interaction: Interaction, current: str
                                   ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"{cls.title} ({vid})"[:100], value=vid)
                for vid, cls in sorted(engine.VARIANTS.items())
                if current.lower() in (vid + cls.title).lower()][:25]

    async def options_autocomplete(self, interaction: Interaction, current: str
                                   ) -> list[app_commands.Choice[str]]:
        variant = getattr(interaction.namespace, "variant", None)
        cls = engine.VARIANTS.get(variant or "")
        if cls is None:
            return []
        return [app_commands.Choice(name=f"{o.name}={o.default} — {o.description}"[:100],
                                    value=f"{o.name}={o.default}")
                for o in cls.options_spec if current.lower() in o.name][:25]

    async def seat_autocomplete(self, interaction: Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        try:
            live = await self.service.in_channel(interaction.channel_id or 0)
        except NotAllowed:
            return []
        cls = engine.VARIANTS[live.row.variant]
        taken = {s.seat for s in live.seats}
        names = ([n for n in cls.seat_names if n not in taken] if live.row.status == "lobby"
                 else [s.seat for s in live.seats])
        return [app_commands.Choice(name=n, value=n) for n in names
                if current.lower() in n.lower()][:25]

    # ----- the lobby ------------------------------------------------------

    @game.command(name="new", description="Start a new game in this channel (or a new thread)")
    @app_commands.describe(variant="Which game", options="Game options as name=value, ...",
                           thread="Open a thread for the game")
    @app_commands.autocomplete(variant=variant_autocomplete, options=options_autocomplete)
    async def new(self, interaction: Interaction, variant: str, options: str | None = None,
                  thread: bool = False) -> None:
        cls = engine.game_class(variant)
        # Checked whole now (a game is set up with them), not only when the game starts.
        chosen = check_options(variant, parse_options(options))
        if interaction.guild_id is None or interaction.channel is None:
            raise NotAllowed("Start games in a server channel, not in DMs.")
        channel_id = interaction.channel_id or 0
        if thread:
            if not isinstance(interaction.channel, discord.TextChannel):
                raise NotAllowed("A thread can only be opened from a text channel.")
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
                f"`/game join`; then {interaction.user.mention} runs `/game start`.")
        if interaction.response.is_done():
            await interaction.followup.send(f"Game #{live.id} is open in <#{channel_id}>.",
                                            ephemeral=True)
            await self.bot.delivery.post(live, text)
        else:
            await interaction.response.send_message(text)
        await self.bot.delivery.status(live)

    @game.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(seat="A seat name (a suspect, a power, or your player name)")
    @app_commands.autocomplete(seat=seat_autocomplete)
    async def join(self, interaction: Interaction, seat: str | None = None) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = await self.service.join(live, interaction.user.id, seat=seat,
                                         player_name=interaction.user.display_name)
        shown = names.escape(chosen)
        text = (f"Welcome to **{engine.game_class(live.row.variant).title} #{live.id}** as "
                f"**{shown}**. Your secrets and your turns' choices will come here.")
        try:
            await self.bot.delivery.send_dm(interaction.user.id, text)
        except discord.HTTPException as exc:
            if exc.code == CANNOT_DM:  # only Discord's "cannot send" closes DMs for good
                await self.service.storage.set_dm_ok(live.id, chosen, False)
                live.seats = await self.service.storage.seats(live.id)
                await interaction.followup.send(f"You sit as **{shown}**.\n{DM_HELP}",
                                                ephemeral=True)
            else:  # a passing failure: tried again later, DMs stay open
                await self.bot.delivery.to_seat(live, chosen, text)
                await interaction.followup.send(f"You sit as **{shown}**. Discord didn't take "
                                                "my DM just now; I'll try again.",
                                                ephemeral=True)
        else:
            await interaction.followup.send(f"You sit as **{shown}**. I sent you a DM.",
                                            ephemeral=True)
        await self.bot.delivery.post(live, f"{interaction.user.mention} joins as **{shown}**.")
        await self.bot.delivery.status(live)

    @game.command(name="leave", description="Leave this channel's game before it starts")
    async def leave(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        gone = await self.service.leave(live, interaction.user.id)
        await interaction.response.send_message(f"You left ({', '.join(gone)}).", ephemeral=True)
        await self.bot.delivery.post(live, f"{interaction.user.mention} leaves "
                                           f"({', '.join(gone)}).")
        await self.bot.delivery.status(live)

    @game.command(name="start", description="Deal and begin (the creator)")
    async def start(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.service.start(live, interaction.user.id)
        await interaction.followup.send("The game has started.", ephemeral=True)
        game = outcome.game
        await self.bot.delivery.post(
            live, f"**{game.title} #{live.id} begins.** Seats in turn order: "
                  f"{', '.join(game.turn_order)}.\nSeed commitment: sha256 = `{live.row.commitment}` "
                  "(the seed is revealed at the end so anyone can check every roll and deal).")
        await self.bot.announce(outcome)

    @game.command(name="status", description="Show this channel's game")
    async def status(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        deadline = await self.bot.deadlines.due(live)
        await interaction.response.send_message(embed=status_embed(live, deadline),
                                                ephemeral=True)
        await self.bot.delivery.status(live, deadline=deadline, force=True)

    @game.command(name="list", description="The games running in this server")
    async def list_games(self, interaction: Interaction) -> None:
        games = [g for g in self.service.live.values() if g.row.guild_id == interaction.guild_id]
        lines = [f"#{g.id} **{engine.game_class(g.row.variant).title}** in <#{g.row.channel_id}>"
                 f" — {g.row.status}, {len(g.seats)} seat(s)"
                 + (f", {g.game.phase}" if g.game else "") for g in games]
        await self.bot.reply(interaction, lines or ["No game is running in this server. "
                                                    "Start one with /game new."])

    @game.command(name="hand", description="Show your own secrets in this game (only to you)")
    async def hand(self, interaction: Interaction) -> None:
        live = await self.bot.game_here(interaction)
        await self.bot.show_hand(interaction, live.id)

    @game.command(name="abort", description="End this channel's game now (creator or Manage Server)")
    async def abort(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        if interaction.user.id != live.row.creator_id and not is_manager(interaction):
            raise NotAllowed("Only the game's creator or a member with Manage Server can abort it.")
        await self.service.abort(live)
        await interaction.response.send_message(f"Game #{live.id} was aborted by "
                                                f"{interaction.user.mention}.")
        await self.bot.deadlines.storage.clear_deadline(live.id)
        await self.bot.delivery.status(live)

    @game.command(name="adopt", description="Move one of your games into this channel")
    @app_commands.describe(game_id="The game's number (#N), e.g. after its channel was deleted")
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
        await self.bot.delivery.post(live, f"Game #{live.id} moves to this channel; it goes on "
                                           "exactly where it was.")
        await self.bot.delivery.status(live, deadline=await self.bot.deadlines.due(live))

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """Nothing is lost: the game stays stored; its creator is told how to move it."""
        live = self.service.entry_in(channel_id)  # its row is enough: no need to load it
        if live is None:
            return
        await self.bot.delivery.dm(
            live.row.creator_id, f"The channel of your game #{live.id} ({engine.game_class(live.row.variant).title}) was "
            f"deleted. The game is saved exactly as it was: run `/game adopt game_id:{live.id}` "
            "in another channel to carry on there.")

    @game.command(name="substitute", description="Hand a seat to another player")
    @app_commands.describe(seat="The seat to hand over", user="Who takes it")
    @app_commands.autocomplete(seat=seat_autocomplete)
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
        await self.bot.delivery.post(live, f"{user.mention} now plays **{shown}**.")
        if live.game is not None:
            history = await self.bot.private_history(live, [seat])
            lines = [f"You now play **{shown}** in **{live.game.title} #{live.id}**. "
                     "Here is everything that seat was told so far:", *history]
            for text in chunks(lines):
                await self.bot.delivery.to_seat(live, seat, text)
            await self.service.storage.put_message(live.id, f"prompt:{seat}", 0, 0, "")
            await self.bot.delivery.refresh_prompts(live)
        await self.bot.delivery.status(live)

    @game.command(name="deadline", description="Set, extend, pause, resume or clear the turn deadline")
    @app_commands.describe(change="What to do", hours="Hours (for set or extend)",
                           minutes="Minutes (for set or extend)")
    async def deadline(self, interaction: Interaction,
                       change: Literal["set", "extend", "pause", "resume", "clear"],
                       hours: app_commands.Range[float, 0, 24 * 60] = 0.0,
                       minutes: app_commands.Range[float, 0, 60 * 24 * 60] = 0.0) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        if interaction.user.id != live.row.creator_id and not is_manager(interaction):
            raise NotAllowed("Only the game's creator or a member with Manage Server can change "
                             "the deadline.")
        if live.row.status != "running":
            raise NotAllowed("Deadlines apply once the game has started.")
        seconds = hours * 3600 + minutes * 60
        if change in ("set", "extend") and seconds <= 0:
            raise Unreadable(f"Say how long: /game deadline {change} hours:… or minutes:….")
        deadlines = self.bot.deadlines
        if change == "set":
            await deadlines.set(live, seconds)
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
        await self.bot.delivery.status(live, deadline=due)

    @game.command(name="undo", description="Take back the last action (needs agreement)")
    async def undo(self, interaction: Interaction) -> None:
        live = await self.service.in_channel(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        decider = interaction.user.id == live.row.creator_id
        missing = await self.service.request_undo(live, interaction.user.id, decider=decider)
        await self.bot.after_undo_step(interaction, live, missing)

    @game.command(name="notify", description="Get your turns' choices by DM, or only in the channel")
    @app_commands.describe(dm_prompts="On: your choices come by DM. Off: the channel's turn "
                                      "ping and its My choices button only")
    async def notify(self, interaction: Interaction, dm_prompts: bool) -> None:
        await self.service.storage.set_dm_prompts(interaction.user.id, dm_prompts)
        text = ("Your turns' choices will come by DM." if dm_prompts else
                "No more choices by DM: when it is your turn the game's channel names you, and "
                "its **My choices** button shows your choices only to you. Secrets still come "
                "by DM.")
        await interaction.response.send_message(text, ephemeral=True)

    @game.command(name="history", description="What happened so far in this channel's game, in words")
    @app_commands.describe(last="How many of the latest moves to show (all of them if left out)")
    async def history(self, interaction: Interaction,
                      last: app_commands.Range[int, 1, 1000] | None = None) -> None:
        row = await self.service.storage.latest_game_in(interaction.channel_id or 0)
        if row is None:
            raise NotAllowed("There is no game in this channel.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        moves = [[Event.from_json(e).text for e in a.events if e.get("audience") == "public"]
                 for _, a in public_rows(row.variant, await self.service.storage.actions(row.id))]
        moves = [m for m in moves if m]
        shown = moves[-last:] if last else moves
        lines = [f"**{engine.game_class(row.variant).title} #{row.id}**, "
                 + (f"the last {len(shown)} of {len(moves)} moves:" if len(shown) < len(moves)
                    else f"all {len(moves)} moves:")]
        lines += ["\N{BULLET} " + "\n  ".join(m) for m in shown]
        texts = chunks(lines)
        if len(texts) > 10:
            texts = [*texts[:1], "… (earlier moves left out: ask for fewer with last:)",
                     *texts[-9:]]
        for text in texts:
            await interaction.followup.send(text, ephemeral=True)

    @game.command(name="import", description="Bring in a game in progress at a real table, from its state file")
    @app_commands.describe(variant="Which game", file="The game's state as JSON (the schema of its reference)",
                           players="Who plays which seat: seat=@player, seat=@player, …")
    @app_commands.autocomplete(variant=variant_autocomplete)
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
        await self.bot.delivery.post(
            live, f"**{game.title} #{live.id}** was brought in from a game in progress, at the "
                  f"position its file describes. Seats: {seated}.\nFrom here on its luck comes "
                  f"from a fresh seed: sha256 = `{live.row.commitment}` (revealed at the end).",
            allowed_mentions=discord.AllowedMentions.none())
        await self.bot.delivery.board(live)
        await self.bot.delivery.refresh_prompts(live)
        await self.bot.delivery.status(live)

    @game.command(name="log", description="The game's log as a JSON file")
    @app_commands.describe(full="The full log with every secret (only after the game ended)")
    async def log(self, interaction: Interaction, full: bool = False) -> None:
        row = await self.service.storage.latest_game_in(interaction.channel_id or 0)
        if row is None:
            raise NotAllowed("There is no game in this channel.")
        if full and row.status != "finished":
            raise NotAllowed("The full log, with everyone's secrets, is shown only after the "
                             "game has ended.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = await self.service.storage.actions(row.id)
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

    @game.command(name="verify", description="Replay the ended game from its revealed seed")
    async def verify(self, interaction: Interaction) -> None:
        row = await self.service.storage.latest_game_in(interaction.channel_id or 0)
        if row is None:
            raise NotAllowed("There is no game in this channel.")
        if row.status != "finished":
            raise NotAllowed("The seed is revealed when the game ends; verify it then.")
        await interaction.response.defer(thinking=True)
        result = await verify_stored(self.bot, row.id)
        await interaction.followup.send(result.summary())

    @game.command(name="rules", description="A game's rules summary and house rulings")
    @app_commands.autocomplete(variant=variant_autocomplete)
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


def public_rows(variant: str, rows: list[ActionRow]) -> list[tuple[int, ActionRow]]:
    """The log as everyone may read it, numbered 1, 2, 3...: without the steps whose very
    occurrence is secret (`Game.hidden_actions`: a plot being written), and numbered anew
    so that no gap counts them. The full log, after the end, has them all."""
    cls = engine.VARIANTS.get(variant)
    shown = [a for a in rows if not (cls is not None and a.kind == "act" and cls.hides(a.action))]
    return list(enumerate(shown, start=1))


async def verify_stored(bot: Croupier, game_id: int) -> engine.Verification:
    """Replay a stored game from the action rows (undo included) and its revealed seed."""
    storage = bot.service.storage
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
    if rows and rows[0].kind == "start" and was_imported(rows[0].events):
        start = await start_state(storage, game_id)
        return await bot.loop.run_in_executor(
            None, lambda: verify_imported(row.variant, start, row.commitment, steps))
    return await bot.loop.run_in_executor(
        None, lambda: engine.verify_steps(row.variant, seats, row.seed, row.options, setup,
                                          steps, published_commitment=row.commitment))


async def setup(bot: Croupier) -> None:
    await bot.add_cog(Lobby(bot))
