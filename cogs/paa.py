"""`/paa`: Plotted Axis & Allies (docs/plotted-aa.md). Each subcommand is one engine action.

The Plot Phase's commands are the subgroup `/paa plot`: they answer only the asker
(ephemeral in the channel, the plot sheet by DM), never the channel. `/paa plot paste`
opens a form where the whole plot is pasted in the rulebook's table notation; a form the
game can't read is answered with the engine's words (they name the line) and a button
that opens the form again with the pasted text kept. One user may hold several powers:
a plot command without `power` plots for the one held power still plotting, or asks which.

`/paa verify` is the commitment check anyone can run: after a turn, each power's plot and
salt are public, and sha256(salt + plot) must equal the digest posted when it submitted.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import forms
from bot.client import Croupier
from bot.repeats import Unconfirmed
from bot.service import Duplicate, LiveGame
from cogs.aa import areas, unit_stacks
from cogs.base import GameCog, from_prompt
from engine import Ambiguous, NotAllowed, RuleError
from engine.aa.names import classic_names
from engine.aa.units import POWERS, describe_units
from engine.events import PUBLIC
from engine.games.plotted_aa.commitment import commit
from engine.games.plotted_aa.form import describe_action, format_form

Interaction = discord.Interaction[Any]
VARIANT = "plotted-aa"
UNITS = 'Units as on the plot form, e.g. "3i, t", "cv, 2f, trn" or "all"'
POWER = "Which of your powers (when you hold several)"
POWER_CHOICES = [app_commands.Choice(name=p, value=p) for p in POWERS]
FORM_LIMIT = 4000  # a modal's text box holds at most 4,000 characters
PASTE_ID = re.compile(r"croupier:paste:(?P<game>\d+):(?P<seat>\d+)")
FIX_ID = r"croupier:repaste:(?P<game>\d+):(?P<seat>\d+)"

# What a player pasted that the game could not read, kept for "Fix and paste again" (by game,
# power and user). In memory only: after a restart the form opens with the plot as it stands.
PASTED: dict[tuple[int, int, int], str] = {}


# ----- which power ------------------------------------------------------------------


def plotting_power(live: LiveGame, user_id: int, power: str | None, action: str) -> str:
    """The power a plot command is for: the one named, else the single held power that may
    take `action` now (or the only one held), else a refusal asking which."""
    held = live.seats_of(user_id)
    if not held:
        raise NotAllowed("You hold no power in this game.")
    if power is not None:
        if power not in held:
            raise NotAllowed(f"You don't hold {power}; you hold {', '.join(held)}.")
        return power
    if len(held) == 1:
        return held[0]
    game = live.game
    prompts = game.prompts() if game is not None else {}
    able = [s for s in held if s in prompts and prompts[s].action(action)]
    if len(able) == 1:
        return able[0]
    raise Ambiguous(f"You hold {', '.join(held)}: say which power with the power option.",
                    able or held)


# ----- autocomplete -----------------------------------------------------------------


async def _live(interaction: Interaction) -> LiveGame | None:
    bot: Croupier = interaction.client
    try:
        return await bot.game_here(interaction, VARIANT)
    except Exception:  # noqa: BLE001 - autocomplete never fails loudly
        return None


def _asked_for(live: LiveGame, interaction: Interaction) -> list[str]:
    """The asker's powers an autocomplete is about: the one in `power`, else all held."""
    held = live.seats_of(interaction.user.id)
    named = getattr(interaction.namespace, "power", None)
    return [named] if named in held else held


async def plot_units(interaction: Interaction, current: str
                     ) -> list[app_commands.Choice[str]]:
    """Units a plotted move may name: "all", then what the asker's power has in `from`."""
    live = await _live(interaction)
    if live is None or live.game is None:
        return []
    game: Any = live.game
    where = getattr(interaction.namespace, "from", None)
    offered: list[str] = []
    try:
        area = classic_names().find(str(where)) if where else None
    except RuleError:
        area = None
    if area is not None:
        for power in _asked_for(live, interaction):
            counts = {k: n for k, n in game.pos.units_of(area, power).items()
                      if k != "factory"}
            offered += [u for u in unit_stacks(counts) if u not in offered]
        offered = (["all"] if offered else []) + offered
    typed = current.lower().strip()
    fitting = [u for u in offered if typed in u.lower()] or offered
    return [app_commands.Choice(name=u[:100], value=u[:100]) for u in fitting][:25]


async def rounds(interaction: Interaction, current: int | str
                 ) -> list[app_commands.Choice[int]]:
    """Rounds 1..n+1 of the asker's plot (n: its last round), each with what it holds now
    (only the asker sees an autocomplete)."""
    live = await _live(interaction)
    plotted: dict[int, str] = {}
    if live is not None and live.game is not None:
        game: Any = live.game
        powers = _asked_for(live, interaction)
        if len(powers) > 1:  # several held, none named: the one still plotting, if one
            powers = [p for p in powers if not game.submitted.get(p)]
        if len(powers) == 1:
            for action in game.plots.get(powers[0], []):
                plotted[action.round] = describe_action(action).split(": ", 1)[-1]
    last = max(plotted, default=0)
    choices = []
    for number in range(1, min(last + 1, 25) + 1):
        shown = f"{number}: {plotted[number]}" if number in plotted else f"{number} (free)"
        if not str(current).strip() or str(current).strip() in str(number):
            choices.append(app_commands.Choice(name=shown[:100], value=number))
    return choices[:25]


async def casualty_units(interaction: Interaction, current: str
                         ) -> list[app_commands.Choice[str]]:
    """The casualties the asker's saved loss order would pick in the battle waiting."""
    live = await _live(interaction)
    if live is None or live.game is None:
        return []
    game: Any = live.game
    battle = game.battle
    held = set(_asked_for(live, interaction))
    offered = []
    for choice in battle.pending if battle is not None else ():
        if choice.power in held:
            offered.append(describe_units(game.loss_order_casualties(choice.power)))
    return [app_commands.Choice(name=u[:100], value=u[:100]) for u in offered][:25]


# ----- the paste form ---------------------------------------------------------------


class PasteModal(discord.ui.Modal):
    """One paragraph box for the whole plot form. Sent stopped (nothing kept in memory):
    its submission is read from its custom id by `PlottedAxisAndAllies.on_interaction`, so
    a form opened before a restart still counts after it."""

    def __init__(self, game_id: int, seat_index: int, power: str, text: str | None) -> None:
        super().__init__(title=forms.short(f"{power}: paste your plot form", 45),
                         custom_id=f"croupier:paste:{game_id}:{seat_index}")
        box: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id="form", style=discord.TextStyle.paragraph, max_length=FORM_LIMIT,
            default=text if text and len(text) <= FORM_LIMIT else None,
            placeholder="4\tKarelia\t3i, t\tFin\n\t\t2t\tGer\tvia E Eur")
        self.add_item(discord.ui.Label(
            text="Round, Move To / Build At, Units, From, Notes", component=box,
            description="One row a line; tabs, | or two spaces between columns. It "
                        "replaces your plot."))
        self.stop()


class FixButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=FIX_ID):
    """"Fix and paste again": the form opens again with what was pasted."""

    def __init__(self, game_id: int, seat_index: int) -> None:
        self.game_id, self.seat_index = game_id, seat_index
        super().__init__(discord.ui.Button(
            label="Fix and paste again", style=discord.ButtonStyle.primary,
            custom_id=f"croupier:repaste:{game_id}:{seat_index}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> FixButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: Interaction) -> None:
        bot: Croupier = interaction.client
        try:
            live = await bot.service.get(self.game_id)
            power = seat_at(live, self.seat_index)
            if live.user_of(power) != interaction.user.id:
                raise NotAllowed(f"This form is for {power}, which isn't yours.")
            kept = PASTED.get((self.game_id, self.seat_index, interaction.user.id))
            await interaction.response.send_modal(PasteModal(
                self.game_id, self.seat_index, power, kept or current_form(live, power)))
        except Exception as exc:  # noqa: BLE001 - one place answers every error
            await bot.reply_error(interaction, exc)


def seat_at(live: LiveGame, index: int) -> str:
    if live.game is None or not 0 <= index < len(live.game.seats):
        raise NotAllowed("That form no longer belongs to a running game.")
    return live.game.seats[index]


def not_plotting(power: str) -> str:
    return (f"{power} isn't plotting now: a plot is written in the Plot Phase, until it is "
            "submitted.")


def still_plotting(bot: Croupier, game_id: int, index: int) -> bool:
    """Whether the power may still paste a plot (a fix is worth offering)."""
    live = bot.service.live.get(game_id)
    game = live.game if live is not None else None
    if game is None or not 0 <= index < len(game.seats):
        return False
    prompt = game.prompts().get(game.seats[index])
    return prompt is not None and prompt.action("plot-paste") is not None


def current_form(live: LiveGame, power: str) -> str | None:
    """The power's plot as it stands, in the form's notation (to edit and paste back)."""
    game: Any = live.game
    plot = game.plots.get(power, []) if game is not None else []
    return format_form(plot) if plot else None


async def answer(interaction: Interaction, text: str,
                 view: discord.ui.View | None = None) -> None:
    """An ephemeral answer, whether or not the interaction was deferred."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **extra)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **extra)


# ----- the commitment check -----------------------------------------------------------


async def submitted_digests(bot: Croupier, live: LiveGame) -> dict[str, str]:
    """The digests posted in the channel at submit for the turn whose plots were published
    last, read from the stored log (not from the state that holds the plots)."""
    posted: dict[str, str] = {}
    at_disclosure: dict[str, str] = {}
    for row in await bot.service.storage.actions(live.id):
        for event in row.events:
            if event.get("audience") != PUBLIC:
                continue
            data = event.get("data") or {}
            if event.get("kind") == "plot_submitted":
                posted[str(data.get("power"))] = str(data.get("digest"))
            elif event.get("kind") == "plots_disclosed":
                at_disclosure = dict(posted)
    return at_disclosure


def verdict(whose: str, plot: str, salt: str, digest: str) -> str:
    """One check in words: `whose` plot ("Germany's plot of turn 1") against a digest."""
    got = commit(plot, salt)
    if got == digest.strip().lower():
        return (f"\N{WHITE HEAVY CHECK MARK} {whose} **matches** the digest posted at "
                f"submit: sha256(salt + plot) = `{got}`.")
    return (f"\N{CROSS MARK} {whose} **does not match** the digest posted at submit: "
            f"sha256(salt + plot) = `{got}`, posted `{digest.strip()}`.")


class PlottedAxisAndAllies(GameCog):
    variant = VARIANT
    paa = app_commands.Group(name="paa", description="Plotted Axis & Allies")
    plot = app_commands.Group(name="plot", parent=paa,
                              description="Your secret plot for this turn (only you see it)")

    def __init__(self, bot: Croupier) -> None:
        super().__init__(bot)
        self._tasks: set[asyncio.Task[None]] = set()

    async def plot_action(self, interaction: Interaction, action: str, power: str | None,
                          **params: Any) -> None:
        """A Plot Phase action for one of the asker's powers (answered only to them)."""
        live = await self.bot.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power,
                              "plot-move" if action == "plot-sheet" else action)
        prompt = live.game.prompts().get(seat) if live.game is not None else None
        if action != "plot-sheet" and (prompt is None or not prompt.action("plot-submit")):
            raise NotAllowed(not_plotting(seat))
        await self.bot.act(interaction, action,
                           {k: v for k, v in params.items() if v is not None},
                           seat=seat, variant=VARIANT)

    # ----- Develop Weapons ----------------------------------------------------------

    @paa.command(name="research", description="Develop weapons: buy research dice (5 IPCs each)")
    async def research(self, interaction: Interaction, dice: app_commands.Range[int, 1, 30]
                       ) -> None:
        await self.run(interaction, "research", dice=dice)

    @paa.command(name="skip", description="Develop no weapons, or build nothing more "
                                          "(Final Build)")
    async def skip(self, interaction: Interaction) -> None:
        await self.run(interaction, "skip")

    # ----- the Plot Phase (/paa plot ...) --------------------------------------------

    @plot.command(name="move", description="Plot a move into one area (a second row into the "
                                           "same area and round adds a source)")
    @app_commands.rename(from_area="from")
    @app_commands.describe(round="The round it is revealed in (1, 2, 3... no gaps)",
                           units=UNITS, from_area="Where they are", to="The one area they "
                           "move into", via='Tanks and ships moving two areas: the area '
                           'between ("E Eur", or "t via F E Afr")',
                           pickup='A transport\'s pickup: "+t from S Eur"', power=POWER)
    @app_commands.autocomplete(round=rounds)
    @app_commands.autocomplete(units=plot_units,
                               from_area=areas("plot-move", "from_area", own_first=True,
                                               variant=VARIANT),
                               to=areas("plot-move", "to", variant=VARIANT),
                               via=areas("plot-move", "via", variant=VARIANT))
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_move(self, interaction: Interaction, round: app_commands.Range[int, 1, 99],
                        units: str, from_area: str, to: str, via: str | None = None,
                        pickup: str | None = None, power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-move", power, round=round, units=units,
                               from_area=from_area, to=to, via=via, pickup=pickup)

    @plot.command(name="build", description="Plot a factory's build: every unit it builds "
                                            "this turn")
    @app_commands.describe(round="The round it is revealed in", factory="The factory's area",
                           units='Units to build, e.g. "6t" or "2i, f"', power=POWER)
    @app_commands.autocomplete(round=rounds)
    @app_commands.autocomplete(factory=areas("plot-build", "factory",
                                                           own_first=True, variant=VARIANT))
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_build(self, interaction: Interaction,
                         round: app_commands.Range[int, 1, 99], factory: str, units: str,
                         power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-build", power, round=round,
                               factory=factory, units=units)

    @plot.command(name="noop", description="Plot no operation for a round (never two in a row)")
    @app_commands.describe(round="The round", power=POWER)
    @app_commands.autocomplete(round=rounds)
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_noop(self, interaction: Interaction, round: app_commands.Range[int, 1, 99],
                        power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-noop", power, round=round)

    @plot.command(name="remove", description="Remove a round's action from your plot")
    @app_commands.describe(round="The round", power=POWER)
    @app_commands.autocomplete(round=rounds)
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_remove(self, interaction: Interaction,
                          round: app_commands.Range[int, 1, 99],
                          power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-remove", power, round=round)

    @plot.command(name="clear", description="Clear your whole plot")
    @app_commands.describe(power=POWER)
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_clear(self, interaction: Interaction, power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-clear", power)

    @plot.command(name="submit", description="Submit your plot: it is fixed, and its digest "
                                             "posted")
    @app_commands.describe(power=POWER)
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_submit(self, interaction: Interaction, power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-submit", power)

    @plot.command(name="sheet", description="Your plot sheet (only you see it)")
    @app_commands.describe(power=POWER)
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_sheet(self, interaction: Interaction, power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-sheet", power)

    @plot.command(name="paste", description="Paste your whole plot form (it replaces your "
                                            "plot)")
    @app_commands.describe(power=POWER)
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_paste(self, interaction: Interaction, power: str | None = None) -> None:
        live = await self.bot.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power, "plot-paste")
        game = live.game
        prompt = game.prompts().get(seat) if game is not None else None
        if game is None or prompt is None or prompt.action("plot-paste") is None:
            raise NotAllowed(not_plotting(seat))
        index = game.seats.index(seat)
        kept = PASTED.get((live.id, index, interaction.user.id))
        await interaction.response.send_modal(
            PasteModal(live.id, index, seat, kept or current_form(live, seat)))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """The paste form, sent: handled from its custom id, in a task named as discord.py
        names the tasks that run modals."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        if PASTE_ID.fullmatch(custom_id) is None:
            return
        task = asyncio.create_task(self.pasted(interaction),
                                   name=f"discord-ui-modal-dispatch-{custom_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def pasted(self, interaction: Interaction) -> None:
        """Paste the form as the power's plot; a form the game can't read is answered with
        the game's words and the button that opens the form again, the text kept."""
        data: dict[str, Any] = dict(interaction.data or {})
        match = PASTE_ID.fullmatch(str(data.get("custom_id", "")))
        assert match is not None
        game_id, index = int(match["game"]), int(match["seat"])
        key = (game_id, index, interaction.user.id)
        text = forms.answers(list(data.get("components") or [])).get("form", "")
        try:
            live = await self.bot.service.get(game_id)
            power = seat_at(live, index)
            if not still_plotting(self.bot, game_id, index):
                raise NotAllowed(not_plotting(power))
            PASTED[key] = text
            await self.bot.act(interaction, "plot-paste", {"text": text}, seat=power,
                               variant=VARIANT)
        except (Unconfirmed, Duplicate) as exc:
            await self.bot.reply_error(interaction, exc)
        except RuleError as exc:
            if not still_plotting(self.bot, game_id, index):
                await self.bot.reply_error(interaction, exc)
                return
            view = discord.ui.View(timeout=None)
            view.add_item(FixButton(game_id, index))
            await answer(interaction, f"\N{NO ENTRY SIGN} {exc.message}\nYour form is kept: "
                         "fix it and paste again.", view)
        except Exception as exc:  # noqa: BLE001 - one place answers every error
            await self.bot.reply_error(interaction, exc)
        else:
            PASTED.pop(key, None)

    # ----- the Execution Phase ------------------------------------------------------

    @paa.command(name="execute", description="Execute your revealed action: as plotted, or "
                                             "the units you name")
    @app_commands.describe(units="Only these units of the action (leave out: as plotted)",
                           stop="Tanks and ships plotted two areas stop at the first",
                           bomb="Bombers reaching an enemy factory bomb it",
                           sea="Where ships built go, when the factory touches several "
                               "sea zones",
                           over="Areas the aircraft fly over, e.g. \"North Sea, W Europe\" "
                                "(default: past the fewest AA guns)")
    @app_commands.autocomplete(sea=from_prompt("execute", "sea"))
    async def execute(self, interaction: Interaction, units: str | None = None,
                      stop: bool | None = None, bomb: bool | None = None,
                      sea: str | None = None, over: str | None = None) -> None:
        await self.run(interaction, "execute", units=units, stop=stop, bomb=bomb, sea=sea,
                       over=over)

    @paa.command(name="rockets", description="Fire an AA gun's rocket at an enemy factory "
                                             "within 3 (Rockets; once a turn each)")
    @app_commands.rename(from_area="from")
    @app_commands.describe(from_area="The AA gun's area", target="The enemy factory's area")
    @app_commands.autocomplete(from_area=from_prompt("rockets", "from_area"),
                               target=from_prompt("rockets", "target"))
    async def rockets(self, interaction: Interaction, from_area: str, target: str) -> None:
        await self.run(interaction, "rockets", from_area=from_area, target=target)

    @paa.command(name="pass", description="Pass your revealed action: nothing moves or is built")
    async def pass_(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass")

    @paa.command(name="casualties", description="Choose your casualties in the battle")
    @app_commands.describe(units="Units as you write them, e.g. 2 inf, arm", power=POWER)
    @app_commands.autocomplete(units=casualty_units)
    @app_commands.choices(power=POWER_CHOICES)
    async def casualties(self, interaction: Interaction, units: str,
                         power: str | None = None) -> None:
        await self.bot.act(interaction, "casualties", {"units": units}, seat=power,
                           variant=VARIANT)

    @paa.command(name="continue", description="Press on with the battle: another round")
    async def continue_(self, interaction: Interaction) -> None:
        await self.run(interaction, "continue")

    @paa.command(name="retreat", description="Retreat the attackers from the battle")
    @app_commands.autocomplete(to=from_prompt("retreat", "to"))
    async def retreat(self, interaction: Interaction, to: str) -> None:
        await self.run(interaction, "retreat", to=to)

    @paa.command(name="land", description="Land your aircraft (friendly now and at the turn's "
                                          "start, or a carrier)")
    @app_commands.autocomplete(to=from_prompt("land", "to"))
    async def land(self, interaction: Interaction, to: str) -> None:
        await self.run(interaction, "land", to=to)

    # ----- Final Build and standing orders -----------------------------------------------

    @paa.command(name="final-build", description="Build what you plotted and didn't build, at "
                                                 "an original factory")
    @app_commands.describe(at="The original factory", units="Fewer units than plotted "
                           "(leave out: all you can pay for)",
                           sea="Where ships built go, when the factory touches several "
                               "sea zones")
    @app_commands.autocomplete(at=from_prompt("final-build", "at"),
                               sea=from_prompt("final-build", "sea"))
    async def final_build(self, interaction: Interaction, at: str,
                          units: str | None = None, sea: str | None = None) -> None:
        await self.run(interaction, "final-build", at=at, units=units, sea=sea)

    @paa.command(name="loss-order",
                 description="Your saved loss order (the deadline's casualties), cheapest first")
    @app_commands.describe(order="Each kind once, e.g. inf, arm, ftr, bmb", power=POWER)
    @app_commands.choices(power=POWER_CHOICES)
    async def loss_order(self, interaction: Interaction, order: str,
                         power: str | None = None) -> None:
        live = await self.bot.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power, "loss-order")
        await self.bot.act(interaction, "loss-order", {"order": order}, seat=seat,
                           variant=VARIANT)

    # ----- for everyone, answered only to the asker ----------------------------------------

    @paa.command(name="board", description="The world map as everyone sees it (only you)")
    async def board(self, interaction: Interaction) -> None:
        await self.show_board(interaction, "paa-board.png")

    @paa.command(name="verify", description="Check the last turn's plots against the digests "
                                            "posted at submit (anyone)")
    @app_commands.describe(power="One power (leave out: all five)",
                           plot="A plot's published text, to check by hand",
                           salt="Its published salt", digest="The digest posted at submit")
    @app_commands.choices(power=POWER_CHOICES)
    async def verify(self, interaction: Interaction, power: str | None = None,
                     plot: str | None = None, salt: str | None = None,
                     digest: str | None = None) -> None:
        """Recompute sha256(salt + plot) from what was published after the turn and compare
        it with the digest posted in the channel at submit. Values pasted in `plot`, `salt`
        or `digest` replace the published ones (all three: a check of any values)."""
        if plot is not None and salt is not None and digest is not None:
            await answer(interaction, verdict(f"{power}'s plot" if power else "The plot",
                                              plot, salt, digest))
            return
        live = await self.bot.game_here(interaction, VARIANT)
        game: Any = live.game
        if game is None:
            raise NotAllowed("The game hasn't started.")
        published = game.view(None)["last_turn_plots"]
        if not published:
            raise NotAllowed("No plots are published yet: each turn's plots and salts are "
                             "published when its Execution Phase is over.")
        if power is None and (plot is not None or salt is not None or digest is not None):
            raise NotAllowed("Say whose plot you check (the power option), or give all "
                             "three: plot, salt and digest.")
        # Published at the end of the Execution Phase: this turn's in its Final Build Phase.
        turn = game.turn if game.stage == "final-build" else game.turn - 1
        posted = await submitted_digests(self.bot, live)
        lines = []
        record_of: dict[str, dict[str, str]] = {}
        for name in [power] if power else list(POWERS):
            record = published.get(name)
            if record is None:
                lines.append(f"{name}: no plot was published.")
                continue
            record_of[name] = {"plot": record["plot"] if plot is None else plot,
                               "salt": record["salt"] if salt is None else salt,
                               "digest": digest or posted.get(name) or record["digest"]}
            lines.append(verdict(f"{name}'s plot of turn {turn}", **record_of[name]))
        name = f"plots-turn-{turn}.json"
        lines.append(f"To check by hand: the attached {name} holds each plot and salt as "
                     "published after the turn, and the digest posted at submit; "
                     "`jq -j '.plots.Germany | .salt + .plot' " + name + " | sha256sum` "
                     "must print Germany's digest.")
        data = json.dumps({"turn": turn, "plots": record_of}, indent=1, ensure_ascii=True)
        await interaction.response.send_message(
            "\n".join(lines)[:2000], ephemeral=True,
            file=discord.File(io.BytesIO(data.encode("utf-8")), name))


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "paa"
    bot.add_dynamic_items(FixButton)
    await bot.add_cog(PlottedAxisAndAllies(bot))
