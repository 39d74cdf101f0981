"""`/paa`: Plotted Axis & Allies (docs/plotted-aa.md). Each subcommand is one engine action.

The Plot Phase's commands are the subgroup `/paa plot`: they answer only the asker
(ephemeral in the channel, the plot sheet by DM), never the channel. `/paa plot paste`
opens the generic paste form (`bot/ui/paste.py`, worded here: `PASTE_FORM`) where the
whole plot is pasted in the rulebook's table notation; a form the game can't read is
answered with the engine's words (they name the line) and a button that opens the form
again with the pasted text kept. One user may hold several powers:
a plot command without `power` plots for the one held power still plotting, or asks which.

Each plot command's answer restates what the game read (the `plot_read` the sheet heads,
naming a corrected spelling). `/paa orders` changes a power's standing orders (secret until
they act; they are also on the plot sheet and in `/game hand`), `/paa research-ahead`
answers Develop Weapons ahead.

`/paa verify` is the commitment check anyone can run: after a turn, each power's plot and
salt are public, and sha256(salt + plot) must equal the digest posted when it submitted.

`/paa board` (now or after a past round, the world or a theatre: `bot/history.py` rebuilds
past boards from the log) and `/paa odds` (the query `/aa odds` also asks) answer the asker
alone, in the channel or a DM.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.client import Croupier
from bot.history import PastBoards, PastView
from bot.service import LiveGame, paused_message
from bot.ui import paste
from cogs.aa import ODDS_DESCRIBED, areas, ask_odds
from cogs.base import GameCog, from_prompt, suggested
from engine import Ambiguous, NotAllowed
from engine.aa.spelling import spelled
from engine.aa.units import POWERS
from engine.events import PUBLIC
from engine.games.plotted_aa.commitment import commit
from engine.games.plotted_aa.form import Action, describe_action, format_form
from engine.games.plotted_aa.orders import ORDERS, setting_words
from renders import aa_map, encode, plotted_aa
from renders.registry import Pictures

Interaction = discord.Interaction[Any]
VARIANT = "plotted-aa"
UNITS = 'Units as on the plot form, e.g. "3i, t", "cv, 2f, trn" or "all"'
POWER = "Which of your powers (when you hold several)"
POWER_CHOICES = [app_commands.Choice(name=p, value=p) for p in POWERS]
AGAIN = [app_commands.Choice(name="replace: the same units typed again", value="replace"),
         app_commands.Choice(name="add: more units will be there by then", value="add")]
# The plot commands whose answer restates what was read.
PLOT_CHANGES = frozenset({"plot-move", "plot-build", "plot-noop", "plot-remove", "plot-clear"})


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
    prompts = live.prompts()
    able = [s for s in held if s in prompts and prompts[s].action(action)]
    if len(able) == 1:
        return able[0]
    raise Ambiguous(f"You hold {', '.join(held)}: say which power with the power option.",
                    able or held)


# ----- autocomplete -----------------------------------------------------------------


async def _live(interaction: Interaction) -> LiveGame | None:
    bot: Croupier = interaction.client
    try:
        return await bot.actions.game_here(interaction, VARIANT)
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
    offered = suggested(live.game, _asked_for(live, interaction), "plot-move", "units",
                        interaction)
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
        powers = _asked_for(live, interaction)
        views = {power: live.game.view(power) for power in powers}
        if len(powers) > 1:  # several held, none named: the one still plotting, if one
            powers = [p for p in powers if not views[p]["submitted"].get(p)]
        if len(powers) == 1:
            for raw in views[powers[0]]["my_plot"]:
                action = Action.from_json(raw)
                plotted[action.round] = spelled(describe_action(action).split(": ", 1)[-1])
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
    offered = suggested(live.game, _asked_for(live, interaction), "casualties", "units",
                        interaction)
    return [app_commands.Choice(name=u[:100], value=u[:100]) for u in offered][:25]


def order_settings(order: str) -> Any:
    """Autocomplete of one standing order's settings, in words (an area's name is also
    taken for a landing)."""
    title, settings = ORDERS[order]
    offered = dict(settings)
    if order == "battle":
        offered.update({f"{n}%": setting_words(order, f"odds:{n}") for n in (30, 50, 70)})
        offered["2 attackers"] = setting_words(order, "attackers:2")

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        typed = current.lower().strip()
        return [app_commands.Choice(name=f"{title}: {words}"[:100], value=value[:100])
                for value, words in offered.items()
                if typed in words.lower() or typed in value][:25]

    return complete


# ----- the paste form ---------------------------------------------------------------


def not_plotting(power: str) -> str:
    return (f"{power} isn't plotting now: a plot is written in the Plot Phase, until it is "
            "submitted.")


def current_form(live: LiveGame, power: str) -> str | None:
    """The power's plot as it stands, in the form's notation (to edit and paste back)."""
    game: Any = live.game
    plot = game.plots.get(power, []) if game is not None else []
    return spelled(format_form(plot)) if plot else None


def what_was_read(live: LiveGame, power: str) -> str | None:
    """What the power's last plot change read (the sheet's heading), for the answer."""
    read = live.game.view(power).get("my_plot_read", "") if live.game is not None else ""
    return f"{power}: {read}" if read else None


# How the paste form reads (`bot/ui/paste.py`: the generic form keeps what was pasted, and
# offers "Fix and paste again" when the game refuses it). The same form opens from
# `/paa plot paste` and from the DM prompt's "Paste the whole form" button.
PASTE_FORM = paste.Wording(
    title="{seat}: paste your plot form",
    label="Round, Move To / Build At, Units, From, Notes",
    description="One row a line: tabs, |, commas or spaces between columns, or the sheet's "
                "own lines. It replaces your plot.",
    placeholder="4\tKarelia\t3i, t\tFin\n\t\t2t\tGer\tvia E Eur",
    closed=not_plotting("{seat}"),
    current=current_form,
    read=what_was_read)


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


# ----- the board on demand ---------------------------------------------------------------

THEATRE_CHOICES = [app_commands.Choice(name=t, value=t) for t in aa_map.THEATRES][:25]


def past_board_view(pictures: Pictures, past: PastView) -> dict[str, Any]:
    """The view a past board draws: after a round, that round's moves as the board posted
    after it showed them (the game's `boards`); at a turn's end, the position then."""
    if past.events and pictures.boards is not None:
        return pictures.boards({**past.view, "turn": past.turn}, past.events)[0]
    return past.view


def board_png(pictures: Pictures, view: dict[str, Any], theatre: str | None) -> bytes:
    """The world as the channel gets it, or one theatre close up (its areas named and their
    units counted, as the close-up posted after a round)."""
    if theatre is None:
        return pictures.board(view)
    return encode.png(plotted_aa.picture(view, theatre=theatre))


class PlottedAxisAndAllies(GameCog):
    variant = VARIANT
    paa = app_commands.Group(name="paa", description="Plotted Axis & Allies")
    plot = app_commands.Group(name="plot", parent=paa,
                              description="Your secret plot for this turn (only you see it)")

    async def plot_action(self, interaction: Interaction, action: str, power: str | None,
                          **params: Any) -> None:
        """A Plot Phase action for one of the asker's powers (answered only to them: with
        what the game read, for a change of the plot)."""
        live = await self.bot.actions.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power,
                              "plot-move" if action == "plot-sheet" else action)
        prompt = live.prompts().get(seat)
        if action != "plot-sheet" and (prompt is None or not prompt.action("plot-submit")):
            raise NotAllowed(not_plotting(seat))
        await self.bot.actions.act(interaction, action,
                                   {k: v for k, v in params.items() if v is not None},
                                   seat=seat, variant=VARIANT)
        if action in PLOT_CHANGES and "stored" in interaction.extras:
            await self.say_what_was_read(interaction, live, seat)

    async def say_what_was_read(self, interaction: Interaction, live: LiveGame,
                                seat: str) -> None:
        """The row as the game read it (its sheet's heading: `plot_read`), to the asker."""
        read = what_was_read(live, seat)
        if read:
            await answer(interaction, read)

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
                           pickup='A transport\'s pickup: "+t from S Eur"',
                           notes='The form\'s Notes column: "via E Eur; +t from S Eur"',
                           again="When the plot already moves these units from there in "
                                 "another round: replace that row, or add to it",
                           power=POWER)
    @app_commands.choices(again=AGAIN)
    @app_commands.autocomplete(round=rounds)
    @app_commands.autocomplete(units=plot_units,
                               from_area=areas("plot-move", "from_area", own_first=True,
                                               variant=VARIANT),
                               to=areas("plot-move", "to", variant=VARIANT),
                               via=areas("plot-move", "via", variant=VARIANT))
    @app_commands.choices(power=POWER_CHOICES)
    async def plot_move(self, interaction: Interaction, round: app_commands.Range[int, 1, 99],
                        units: str, from_area: str, to: str, via: str | None = None,
                        pickup: str | None = None, notes: str | None = None,
                        again: str | None = None, power: str | None = None) -> None:
        await self.plot_action(interaction, "plot-move", power, round=round, units=units,
                               from_area=from_area, to=to, via=via, pickup=pickup,
                               notes=notes, again=again)

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
        live = await self.bot.actions.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power, "plot-paste")
        prompt = live.prompts().get(seat)
        spec = prompt.action("plot-paste") if prompt is not None else None
        if spec is None:
            raise NotAllowed(not_plotting(seat))
        await paste.open_box(interaction, live, seat, spec)


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
        """As plotted (`execute`), or with any of the choices (`execute-part`)."""
        if units is None and not stop and not bomb and over is None:
            await self.run(interaction, "execute", sea=sea)
            return
        await self.run(interaction, "execute-part", units=units, stop=stop, bomb=bomb,
                       sea=sea, over=over)

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
        await self.bot.actions.act(interaction, "casualties", {"units": units}, seat=power,
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
    @app_commands.describe(to="Where they land (all of them that can reach it)",
                           units="Only some of them, e.g. \"2 ftr\" (the others are asked "
                                 "again)")
    @app_commands.autocomplete(to=from_prompt("land", "to"))
    async def land(self, interaction: Interaction, to: str, units: str | None = None) -> None:
        if units is None:
            await self.run(interaction, "land", to=to)
        else:
            await self.run(interaction, "land-part", to=to, units=units)

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
        await self.standing(interaction, power, loss_order=order)

    @paa.command(name="orders", description="Your standing orders: what the bot decides for "
                                            "you at once (secret until they act)")
    @app_commands.describe(
        reveal="Revealed actions: ask me, or execute as plotted when all of it can go, "
               "else the legal part / pass / ask me",
        casualties="Casualties: ask me, or by your loss order at once",
        battle='Press on or retreat: ask me, press on, "60%" (the odds of winning to press '
               'on), or "3 attackers" (press on while 3 are left)',
        landing="Aircraft landing: ask me, the nearest safe area, or an area's name",
        final_build="The Final Build: ask me, or at the first original factory with room",
        subs="Your submarines attacked: ask me, or stay and fight",
        loss_order="Your loss order, each kind once, cheapest first: inf, arm, ftr, bmb",
        power=POWER)
    @app_commands.autocomplete(reveal=order_settings("reveal"),
                               casualties=order_settings("casualties"),
                               battle=order_settings("battle"),
                               landing=order_settings("landing"),
                               final_build=order_settings("final-build"),
                               subs=order_settings("subs"))
    @app_commands.choices(power=POWER_CHOICES)
    async def orders(self, interaction: Interaction, reveal: str | None = None,
                     casualties: str | None = None, battle: str | None = None,
                     landing: str | None = None, final_build: str | None = None,
                     subs: str | None = None, loss_order: str | None = None,
                     power: str | None = None) -> None:
        await self.standing(interaction, power, reveal=reveal, casualties=casualties,
                            battle=battle, landing=landing, final_build=final_build,
                            subs=subs, loss_order=loss_order)

    async def standing(self, interaction: Interaction, power: str | None,
                       **given: str | None) -> None:
        """Change standing orders (the engine's free, secret `orders` action); the
        answer, with the orders as they stand, goes to the power's DM."""
        live = await self.bot.actions.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power, "orders")
        await self.bot.actions.act(interaction, "orders",
                                   {k: v for k, v in given.items() if v is not None},
                                   seat=seat, variant=VARIANT)

    @paa.command(name="research-ahead",
                 description="Answer Develop Weapons before your turn: the dice to roll "
                             "(0: no research this turn)")
    @app_commands.describe(dice="Research dice to roll when your turn comes (0: none)",
                           power=POWER)
    @app_commands.choices(power=POWER_CHOICES)
    async def research_ahead(self, interaction: Interaction,
                             dice: app_commands.Range[int, 0, 30],
                             power: str | None = None) -> None:
        live = await self.bot.actions.game_here(interaction, VARIANT)
        seat = plotting_power(live, interaction.user.id, power, "research-ahead")
        await self.bot.actions.act(interaction, "research-ahead", {"dice": dice}, seat=seat,
                                   variant=VARIANT)

    # ----- for everyone, answered only to the asker ----------------------------------------

    def __init__(self, bot: Croupier) -> None:
        super().__init__(bot)
        self.past = PastBoards(bot.service.storage)  # boards of past rounds, from the log

    @paa.command(name="board", description="The board now or after a past round: the world "
                                           "or one theatre (only you)")
    @app_commands.describe(theatre="One theatre close up: every area named, its units "
                                   "counted (leave out: the world)",
                           round="After this round (of this turn, unless you name the turn)",
                           turn="Of this turn (alone: the board at the end of that turn)")
    @app_commands.choices(theatre=THEATRE_CHOICES)
    async def board(self, interaction: Interaction, theatre: str | None = None,
                    round: app_commands.Range[int, 1, 99] | None = None,
                    turn: app_commands.Range[int, 1, 999] | None = None) -> None:
        """The public board, to the asker alone (in the channel or a DM): as it stands, or
        rebuilt from the stored log after a past round or turn (`bot.history`)."""
        live = await self.bot.actions.game_here(interaction, VARIANT)
        pictures = self.bot.pictures.get(VARIANT)
        if live.game is None or pictures is None:
            raise NotAllowed(paused_message(live) if live.broken else
                             "The game hasn't started.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        if round is None and turn is None:
            view, when = live.game.view(None), "now"
        else:
            past = await self.past.after(live, turn=turn, round_number=round)
            view, when = past_board_view(pictures, past), past.when
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, board_png, pictures,
                                                  view, theatre)
        said = f"The board {when}" + (f", {theatre}." if theatre else
                                      ": name a theatre to see every area's name and units.")
        await interaction.followup.send(said, file=discord.File(io.BytesIO(png),
                                                                "paa-board.png"),
                                        ephemeral=True)

    @paa.command(name="odds", description="Exact battle odds: an area as it stands, the "
                                          "battle being fought, or typed units (only you)")
    @app_commands.describe(**ODDS_DESCRIBED)
    @app_commands.autocomplete(area=areas("odds", "area", variant=VARIANT))
    @app_commands.choices(power=POWER_CHOICES, defender=POWER_CHOICES)
    async def odds(self, interaction: Interaction, area: str | None = None,
                   attackers: str | None = None, defenders: str | None = None,
                   aa_gun: bool | None = None,
                   bombard: app_commands.Range[int, 0, 20] | None = None,
                   power: str | None = None, defender: str | None = None) -> None:
        """A&A classic's `/aa odds`, the same query (in the channel or a DM)."""
        await ask_odds(self.bot, interaction, VARIANT, power, area=area, attackers=attackers,
                       defenders=defenders, aa_gun=aa_gun, bombard=bombard,
                       defender=defender)

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
        live = await self.bot.actions.game_here(interaction, VARIANT)
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
    paste.declare(VARIANT, "plot-paste", PASTE_FORM)
    await bot.add_cog(PlottedAxisAndAllies(bot))
