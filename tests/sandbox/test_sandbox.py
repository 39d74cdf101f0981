"""The fake Discord drives the real discord.py over HTTP + websocket on 127.0.0.1."""

from __future__ import annotations

import asyncio
import io
import pathlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Literal

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from sandbox import FakeDiscord, Interaction, SandboxError, SandboxTimeout

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
TABLES = ["royal", "river", "roulette", "baccarat"]


class JoinView(discord.ui.View):
    """Persistent: survives a restart because the bot re-adds it in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="sandbox:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[JoinView]) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined")


class ColorView(discord.ui.View):
    @discord.ui.select(
        custom_id="sandbox:color",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[ColorView]) -> None:
        await interaction.response.edit_message(content=f"You picked {select.values[0]}", view=None)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Name", custom_id="name", max_length=10)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {self.name.value}", ephemeral=True)


class ReadyView(discord.ui.View):
    """Non-persistent, sent in a DM."""

    @discord.ui.button(label="Ready", custom_id="sandbox:ready")
    async def ready(self, interaction: discord.Interaction, button: discord.ui.Button[ReadyView]) -> None:
        await interaction.response.edit_message(content="ready!", view=None)


class OkView(discord.ui.View):
    """Non-persistent, sent ephemerally."""

    @discord.ui.button(label="OK", custom_id="sandbox:ok")
    async def ok(self, interaction: discord.Interaction, button: discord.ui.Button[OkView]) -> None:
        await interaction.response.send_message("ok!", ephemeral=True)


class Panel(discord.ui.LayoutView):
    """Components V2: a container with a text display and a row with a button."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        go: discord.ui.Button[Panel] = discord.ui.Button(label="Go", custom_id="sandbox:go")
        go.callback = self.go  # type: ignore[method-assign]
        row: discord.ui.ActionRow[Panel] = discord.ui.ActionRow(go)
        self.add_item(discord.ui.Container(discord.ui.TextDisplay("Panel text"), row))

    async def go(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(view=Finished())


class Finished(discord.ui.LayoutView):
    def __init__(self) -> None:
        super().__init__()
        self.add_item(discord.ui.TextDisplay("Gone"))


class Game(app_commands.Group):
    def __init__(self, bot: TinyBot) -> None:
        super().__init__(name="game", description="Game commands")
        self.bot = bot

    @app_commands.command(description="Open a table")
    @app_commands.describe(players="How many", table="Which table", mode="Rules")
    async def start(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 6],
        table: str,
        mode: Literal["classic", "quick"] = "classic",
    ) -> None:
        await interaction.response.send_message(f"Table {table}: {players} players ({mode})", view=JoinView())

    @start.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t.title(), value=t) for t in TABLES if t.startswith(current)]

    @app_commands.command(description="A secret")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True)

    @app_commands.command(description="Slow work")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.01)
        await interaction.followup.send("done slow")
        await interaction.followup.send("and a second note")

    @app_commands.command(description="Whisper to someone")
    async def whisper(self, interaction: discord.Interaction, user: discord.User) -> None:
        try:
            await user.send("psst")
        except discord.Forbidden as exc:
            self.bot.forbidden_codes.append(exc.code)
            await interaction.response.send_message(f"DMs closed for {user.name}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(description="Show the board")
    async def board(self, interaction: discord.Interaction) -> None:
        buf = io.BytesIO()
        Image.new("RGB", (8, 8), (0, 128, 0)).save(buf, "PNG")
        buf.seek(0)
        await interaction.response.send_message("board", file=discord.File(buf, "board.png"))
        sent = await interaction.original_response()
        self.bot.read_back = await sent.attachments[0].read()

    @app_commands.command(description="Pick a color")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick a color", view=ColorView())

    @app_commands.command(description="Say your name")
    async def introduce(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(description="Too slow")
    async def sleepy(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.15)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            self.bot.late_codes.append(exc.code)

    @app_commands.command(description="Open a private thread")
    async def huddle(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        thread = await interaction.channel.create_thread(name="huddle", invitable=False)
        await thread.add_user(interaction.user)
        note = await thread.send("welcome")
        await note.pin()
        await interaction.response.send_message(f"opened {thread.mention}", ephemeral=True)


    @app_commands.command(description="Invite by DM")
    async def invite(self, interaction: discord.Interaction, user: discord.User) -> None:
        await user.send("Ready?", view=ReadyView())
        await interaction.response.send_message("invited", ephemeral=True)

    @app_commands.command(description="A private choice")
    async def private(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose", view=OkView(), ephemeral=True)

    @app_commands.command(description="A V2 panel")
    async def panel(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=Panel())

    @app_commands.command(description="Deferred then edited")
    async def tally(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="tally done")


@app_commands.command(name="reset", description="Managers only")
@app_commands.default_permissions(manage_guild=True)
async def reset(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("reset!")


class TinyBot(commands.Bot):
    def __init__(self, admin_guild: int | None = None) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.admin_guild = admin_guild
        self.forbidden_codes: list[int] = []
        self.late_codes: list[int] = []
        self.read_back = b""

    async def setup_hook(self) -> None:
        self.tree.add_command(Game(self))
        self.add_view(JoinView())
        await self.tree.sync()
        if self.admin_guild is not None:
            guild = discord.Object(id=self.admin_guild)
            self.tree.add_command(reset, guild=guild)
            await self.tree.sync(guild=guild)


@dataclass
class Env:
    fake: FakeDiscord
    bot: TinyBot
    guild: int
    chan: int
    alice: int
    bob: int


@pytest.fixture
async def env() -> AsyncIterator[Env]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        chan = fake.add_channel(guild, "general")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob", dms_open=False)
        bot = TinyBot()
        await fake.run_bot(bot)
        yield Env(fake, bot, guild, chan, alice, bob)
        await fake.stop_bot(bot)
        assert fake.internal_errors == []
        assert fake.unknown_routes == []


async def test_slash_round_trip(env: Env) -> None:
    schema = env.fake.commands()
    assert [c["name"] for c in schema] == ["game"]
    inter = await env.fake.slash(env.alice, env.chan, "game start", players=3, table="royal")
    assert inter.response_type == 4 and not inter.ephemeral
    assert inter.text() == "Table royal: 3 players (classic)"
    msgs = env.fake.messages(env.chan)
    assert msgs == [inter.response]
    assert msgs[0].buttons() == [("sandbox:join", "Join", False)]
    assert msgs[0].author_id == env.fake.bot_user_id


async def test_ephemeral_is_kept_on_the_interaction(env: Env) -> None:
    inter = await env.fake.slash(env.alice, env.chan, "game secret")
    assert inter.ephemeral and inter.response is not None
    assert inter.response.text() == "only you"
    assert env.fake.messages(env.chan) == []
    assert "only alice sees this" in env.fake.transcript()


async def test_deferred_reply_and_followups(env: Env) -> None:
    inter = await env.fake.slash(env.alice, env.chan, "game slow")
    assert inter.response_type == 5
    first = await inter.wait_followup()
    second = await inter.wait_followup()
    assert first.content == "done slow" and not first.loading
    assert inter.response is first  # the first follow-up resolves the "thinking..." message
    assert second.content == "and a second note"
    assert [m.content for m in env.fake.messages(env.chan)] == ["done slow", "and a second note"]
    assert inter.text() == "done slow\nand a second note"


async def test_dm_is_recorded(env: Env) -> None:
    inter = await env.fake.slash(env.alice, env.chan, "game whisper", user=env.alice)
    assert inter.text() == "sent"
    assert [m.content for m in env.fake.dms(env.alice)] == ["psst"]


async def test_closed_dms_raise_forbidden_in_the_bot(env: Env) -> None:
    inter = await env.fake.slash(env.alice, env.chan, "game whisper", user=env.bob)
    assert inter.text() == "DMs closed for bob"
    assert env.bot.forbidden_codes == [50007]
    assert env.fake.dms(env.bob) == []
    env.fake.set_dms_open(env.bob, True)
    await env.fake.slash(env.alice, env.chan, "game whisper", user=env.bob)
    assert [m.content for m in env.fake.dms(env.bob)] == ["psst"]


async def test_file_upload_bytes_are_recorded_and_served(env: Env) -> None:
    inter = await env.fake.slash(env.alice, env.chan, "game board")
    assert inter.response is not None
    [(filename, data)] = inter.response.files
    assert filename == "board.png" and data.startswith(PNG_MAGIC)
    for _ in range(200):
        if env.bot.read_back:
            break
        await asyncio.sleep(0.005)
    assert env.bot.read_back == data


async def test_button_click_reaches_the_bot(env: Env) -> None:
    start = await env.fake.slash(env.alice, env.chan, "game start", players=2, table="river")
    assert start.response is not None
    click = await env.fake.click(env.bob, start.response.id, start.response.button("Join"))
    assert click.text() == "bob joined"
    assert click.payload["message"]["id"] == str(start.response.id)


async def test_select_dispatches_and_edits_the_message(env: Env) -> None:
    pick = await env.fake.slash(env.alice, env.chan, "game pick")
    assert pick.response is not None
    [(custom_id, options)] = pick.response.selects()
    assert [o["value"] for o in options] == ["red", "green", "blue"]
    chosen = await env.fake.select(env.alice, pick.response.id, custom_id, ["green"])
    assert chosen.response_type == 7
    msg = env.fake.messages(env.chan)[-1]
    assert msg.content == "You picked green" and msg.edits == 1 and msg.components == []
    with pytest.raises(SandboxError):
        await env.fake.select(env.alice, pick.response.id, custom_id, ["purple"])


async def test_options_are_validated_like_discord(env: Env) -> None:
    fake = env.fake
    with pytest.raises(SandboxError, match="above max_value"):
        await fake.slash(env.alice, env.chan, "game start", players=99, table="royal")
    with pytest.raises(SandboxError, match="required option 'table'"):
        await fake.slash(env.alice, env.chan, "game start", players=3)
    with pytest.raises(SandboxError, match="integer option"):
        await fake.slash(env.alice, env.chan, "game start", players="3", table="royal")
    with pytest.raises(SandboxError, match="not one of the choices"):
        await fake.slash(env.alice, env.chan, "game start", players=3, table="royal", mode="turbo")
    with pytest.raises(SandboxError, match="no synced command"):
        await fake.slash(env.alice, env.chan, "poker start")
    with pytest.raises(SandboxError, match="no sub-command"):
        await fake.slash(env.alice, env.chan, "game stop")
    assert fake.interactions == []


async def test_autocomplete_returns_the_bots_choices(env: Env) -> None:
    choices = await env.fake.autocomplete(env.alice, env.chan, "game start", "table", table="ro")
    assert choices == [{"name": "Royal", "value": "royal"}, {"name": "Roulette", "value": "roulette"}]


async def test_modal_round_trip(env: Env) -> None:
    opened = await env.fake.slash(env.alice, env.chan, "game introduce")
    assert opened.response_type == 9 and opened.modal is not None
    custom_id = opened.modal["custom_id"]
    with pytest.raises(SandboxError, match="longer than max_length"):
        await env.fake.submit_modal(env.alice, opened, custom_id, {"name": "x" * 11})
    with pytest.raises(SandboxError, match="is required"):
        await env.fake.submit_modal(env.alice, opened, custom_id, {})
    done = await env.fake.submit_modal(env.alice, opened, custom_id, {"name": "Zed"})
    assert done.text() == "Hello Zed" and done.ephemeral


async def test_late_answer_gets_unknown_interaction(env: Env) -> None:
    env.fake.interaction_timeout = 0.05
    with pytest.raises(SandboxTimeout) as info:
        await env.fake.slash(env.alice, env.chan, "game sleepy")
    assert info.value.interaction is not None and info.value.interaction.late
    for _ in range(200):
        if env.bot.late_codes:
            break
        await asyncio.sleep(0.005)
    assert env.bot.late_codes == [10062]


async def test_private_thread_members_and_pins(env: Env) -> None:
    await env.fake.slash(env.alice, env.chan, "game huddle")
    [thread] = env.fake.threads(env.chan)
    assert env.fake.channel(thread).type == 12
    assert env.fake.thread_members(thread) == [env.fake.bot_user_id, env.alice]
    [note] = env.fake.messages(thread)
    assert note.content == "welcome" and env.fake.pinned(thread) == [note]
    with pytest.raises(SandboxError, match="cannot see"):
        await env.fake.slash(env.bob, thread, "game secret")


async def test_restarted_bot_handles_old_persistent_view() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        chan = fake.add_channel(guild)
        alice = fake.add_user("alice")
        first = TinyBot()
        await fake.run_bot(first)
        start = await fake.slash(alice, chan, "game start", players=4, table="royal")
        assert start.response is not None
        await fake.stop_bot(first)
        assert first.is_closed()

        second = TinyBot()
        await fake.run_bot(second)
        click = await fake.click(alice, start.response.id, "sandbox:join")
        assert click.text() == "alice joined"
        await fake.stop_bot(second)


async def test_deleted_channel_answers_unknown_channel(env: Env) -> None:
    env.fake.delete_channel(env.chan)
    for _ in range(200):
        if env.bot.get_channel(env.chan) is None:
            break
        await asyncio.sleep(0.005)
    assert env.bot.get_channel(env.chan) is None  # CHANNEL_DELETE reached the bot
    with pytest.raises(discord.NotFound) as info:
        await env.bot.get_partial_messageable(env.chan).send("anyone?")
    assert info.value.code == 10003
    with pytest.raises(SandboxError, match="deleted"):
        await env.fake.slash(env.alice, env.chan, "game secret")


async def test_dm_interactions_and_transcript(env: Env, tmp_path: pathlib.Path) -> None:
    await env.fake.slash(env.alice, env.chan, "game start", players=2, table="royal")
    await env.fake.slash(env.alice, env.chan, "game whisper", user=env.alice)
    await env.fake.slash(env.alice, env.chan, "game board")
    dm = env.fake.dms(env.alice)[0]
    assert dm.channel_id == env.fake.dm_channel_id(env.alice)
    env.fake.write_transcript(tmp_path)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["board.png", "channel-general.txt", "dm-alice.txt", "transcript.txt"]
    general = (tmp_path / "channel-general.txt").read_text()
    assert ">> alice used /game start players:2 table:royal" in general
    assert "buttons: [Join]" in general and "file: board.png" in general
    assert (tmp_path / "board.png").read_bytes().startswith(PNG_MAGIC)
    assert "psst" in (tmp_path / "dm-alice.txt").read_text()


def test_interaction_record_defaults() -> None:
    inter = Interaction(id=1, token="t", type=2, user_id=2, channel_id=3, guild_id=None)
    assert inter.all_messages() == [] and inter.text() == "" and not inter.late


async def test_buttons_on_dm_and_ephemeral_messages(env: Env) -> None:
    await env.fake.slash(env.alice, env.chan, "game invite", user=env.alice)
    [dm] = env.fake.dms(env.alice)
    with pytest.raises(SandboxError, match="cannot see"):
        await env.fake.click(env.bob, dm.id, "sandbox:ready")
    click = await env.fake.click(env.alice, dm.id, "sandbox:ready")
    assert click.payload["context"] == 1 and "user" in click.payload
    assert dm.content == "ready!" and dm.components == []

    private = await env.fake.slash(env.alice, env.chan, "game private")
    assert private.response is not None and private.ephemeral
    with pytest.raises(SandboxError, match="ephemeral to someone else"):
        await env.fake.click(env.bob, private.response.id, "sandbox:ok")
    ok = await env.fake.click(env.alice, private.response.id, "sandbox:ok")
    assert ok.text() == "ok!" and ok.ephemeral
    assert env.fake.messages(env.chan) == []


async def test_components_v2_and_deferred_update(env: Env) -> None:
    panel = await env.fake.slash(env.alice, env.chan, "game panel")
    assert panel.response is not None
    assert panel.response.text() == "Panel text"
    assert panel.response.buttons() == [("sandbox:go", "Go", False)]
    go = await env.fake.click(env.alice, panel.response.id, "sandbox:go")
    assert go.response_type == 6
    msg = await env.fake.wait_for_message(lambda m: m.text() == "Gone")
    assert msg is panel.response and msg.edits == 1


async def test_deferred_ephemeral_then_edit_original(env: Env) -> None:
    inter = await env.fake.slash(env.alice, env.chan, "game tally")
    assert inter.response_type == 5 and inter.ephemeral
    done = await inter.wait_response(lambda m: m.content == "tally done")
    assert done is inter.response and not done.loading and done.edits == 0
    assert env.fake.messages(env.chan) == []


async def test_guild_command_gated_by_manage_guild() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        chan = fake.add_channel(guild)
        alice = fake.add_user("alice")
        carol = fake.add_user("carol", manage_guild=True)
        bot = TinyBot(admin_guild=guild)
        await fake.run_bot(bot)
        assert [c["name"] for c in fake.commands(guild)] == ["reset"]
        with pytest.raises(SandboxError, match="cannot see /reset"):
            await fake.slash(alice, chan, "reset")
        inter = await fake.slash(carol, chan, "reset")
        assert inter.payload["data"]["guild_id"] == str(guild)
        assert inter.text() == "reset!"
        with pytest.raises(SandboxError, match="no synced command .reset."):
            await fake.slash(carol, fake.dm_channel_id(carol), "reset")
        await fake.stop_bot(bot)


async def test_rest_surface_through_discord_py(env: Env) -> None:
    bot, fake = env.bot, env.fake
    channel = bot.get_channel(env.chan)
    assert isinstance(channel, discord.TextChannel)
    msg = await channel.send("hello")
    await msg.add_reaction("\N{GAME DIE}")
    await msg.pin()
    thread = await msg.create_thread(name="talk")
    assert thread.id == msg.id  # Discord gives a message's thread the message's id
    await thread.send("in thread")
    await thread.edit(archived=True, locked=True)
    assert [m.content async for m in channel.history(limit=10)] == ["hello"]
    assert [m.id async for m in channel.pins()] == [msg.id]
    lobby = await channel.guild.create_text_channel("lobby")
    fetched = await bot.fetch_channel(lobby.id)
    assert isinstance(fetched, discord.TextChannel) and fetched.name == "lobby"
    assert (await channel.guild.fetch_member(env.alice)).name == "alice"
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("x" * 2001)
    assert info.value.code == 50035 and "content" in info.value.text
    with pytest.raises(discord.HTTPException) as info:
        await channel.send()
    assert info.value.code == 50006

    record = fake.message(msg.id)
    assert record.reactions == ["\N{GAME DIE}"] and record.pinned
    assert fake.threads(env.chan) == [thread.id]
    assert [m.content for m in fake.messages(thread.id)] == ["in thread"]
    assert fake.channel(thread.id).archived and fake.channel(thread.id).locked


async def test_user_messages_respect_the_message_content_intent(env: Env) -> None:
    waiter = asyncio.ensure_future(env.bot.wait_for("message", check=lambda m: not m.author.bot))
    await asyncio.sleep(0)
    env.fake.user_message(env.alice, env.chan, "hi bot")
    seen = await asyncio.wait_for(waiter, 2.0)
    assert seen.author.id == env.alice and seen.content == ""  # no privileged intent
    assert env.fake.messages(env.chan)[0].content == "hi bot"
