"""`/aa`: Axis & Allies classic (docs/aa-classic.md). Each subcommand is one engine action.

Units are typed as players write them ("3 inf, 2 arm, ftr"); areas as the board's players
name them ("E Med", "Ukr", a sea zone by its coast). The prompts list no areas (any of the
128 may be meant), so area autocomplete offers the map's names, the areas where the asking
power has units first when it asks where units come from.

`/aa odds` asks the game's `odds` query in either A&A game (classic or Plotted), in its
channel or a DM; `/paa odds` is the same question (`ask_odds`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.client import Croupier
from bot.service import LiveGame
from cogs.base import Complete, GameCog, from_prompt, prompt_choices, suggested
from engine import Ambiguous, NotAllowed, RuleError
from engine.aa.map import classic_map
from engine.aa.names import classic_names
from engine.aa.spelling import shown_name
from engine.aa.units import POWERS

Interaction = discord.Interaction[Any]
VARIANT = "aa-classic"
UNITS = "Units as you write them, e.g. 3 inf, 2 arm, ftr"
POWER = "Which of your powers (when you hold several)"


def _own_areas(interaction: Interaction, live: Any) -> list[str]:
    """Areas where one of the asker's powers has units, in map order."""
    game = live.game
    if game is None:
        return []
    mine = set(live.seats_of(interaction.user.id))
    units = game.view(None)["position"]["units"]
    return [area for area, powers in units.items()
            if any(p in mine and any(c.values()) for p, c in powers.items())]


def _read_as_named(typed: str) -> list[str]:
    """The areas the game would read `typed` as ("E Med", "Ukr", "US E Coast"): one, or the
    candidates of an ambiguous name, or none."""
    if len(typed.strip()) < 2:
        return []
    try:
        return [classic_names().find(typed)]
    except Ambiguous as tie:
        return [str(c) for c in tie.candidates]
    except RuleError:
        return []


def areas(action: str, param: str, *, own_first: bool = False,
          variant: str = VARIANT) -> Complete:
    """The prompt's legal areas when it lists them; otherwise the areas the game reads what
    was typed as (abbreviations, coasts), then the map's names containing it (for where
    units come from, the asker's own areas first), each shown as players spell it and sent
    as the board's key. Serves every game on the 1984 map (`variant`: A&A classic, Plotted
    A&A)."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        offered = await prompt_choices(interaction.client, interaction, action, param,
                                       current)
        if offered:
            return offered
        names = list(classic_map().areas)
        if own_first:
            bot: Croupier = interaction.client
            try:
                live = await bot.actions.game_here(interaction, variant)
                own = _own_areas(interaction, live)
            except Exception:  # noqa: BLE001 - autocomplete never fails loudly
                own = []
            names = sorted(own) + [n for n in names if n not in set(own)]
        typed = current.lower().strip()
        named = _read_as_named(current)
        found = named + [n for n in names if n not in named
                         and (typed in n.lower() or typed in shown_name(n).lower())]
        return [app_commands.Choice(name=shown_name(n), value=n) for n in found][:25]

    return complete


def units_of(action: str) -> Complete:
    """Autocomplete for `units`: what the asker's powers can mean there now, as the game
    suggests it (their casualties as the saved loss order picks them, what they bought, or
    what stands free to move in `from`); typing stays free."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        bot: Croupier = interaction.client
        try:
            live = await bot.actions.game_here(interaction, VARIANT)
            game = live.game
            offered = [] if game is None else suggested(
                game, live.seats_of(interaction.user.id), action, "units", interaction)
        except Exception:  # noqa: BLE001 - autocomplete never fails loudly
            offered = []
        typed = current.lower().strip()
        fitting = [u for u in offered if typed in u.lower()] or offered
        return [app_commands.Choice(name=u[:100], value=u[:100]) for u in fitting][:25]

    return complete


# ----- the odds, for both A&A games ------------------------------------------------------

A_AND_A = ("aa-classic", "plotted-aa")  # the games on the 1984 board: `/aa odds` serves both
ODDS_DESCRIBED: dict[str, str] = {
    "area": "An area: what it holds now, against what could attack it now (leave out the "
            "units)",
    "attackers": "Attacking units, e.g. 3 inf, 2 arm, ftr, bmb (with an area: instead of "
                 "what could reach it)",
    "defenders": "Defending units, e.g. 4 inf, arm, aa (with an area: instead of what it "
                 "holds)",
    "aa_gun": "An AA gun fires at the attacking aircraft (an area says so itself)",
    "bombard": "Battleships bombarding in the first round",
    "power": "Whose side you ask for, when you hold several: its loss order and weapons "
             "developments",
    "defender": "Whose defence, for typed units: its weapons developments count",
}


async def aa_game_here(bot: Croupier, interaction: Interaction) -> LiveGame:
    """The A&A game (classic or Plotted) of this channel; in a DM, the asker's only one."""
    if interaction.guild_id is not None:
        live = await bot.actions.game_here(interaction)
        if live.row.variant not in A_AND_A:
            raise NotAllowed("The game in this channel isn't an Axis & Allies game.")
        return live
    found: list[LiveGame] = []
    for variant in A_AND_A:
        try:
            found.append(await bot.actions.game_here(interaction, variant))
        except Ambiguous:
            raise
        except NotAllowed:
            continue  # no game of this kind
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotAllowed("You play in no running Axis & Allies game. Use the command in the "
                         "game's channel.")
    raise Ambiguous("You play in several Axis & Allies games: use the command in the game's "
                    "channel.", [f"#{g.id}" for g in found])


def asking_power(live: LiveGame, user_id: int) -> str | None:
    """The power a question is asked for when the asker names none: their only one, or of
    several the one awaited now (else the first held); None for a player holding none (the
    action path then says so)."""
    held = live.seats_of(user_id)
    if len(held) < 2 or live.game is None:
        return held[0] if held else None
    prompts = live.prompts()
    return next((s for s in held if s in prompts), held[0])


async def ask_odds(bot: Croupier, interaction: Interaction, variant: str | None,
                   power: str | None, **params: Any) -> None:
    """`/aa odds` and `/paa odds`: the game's own `odds` query (one code path in the engine,
    `engine.aa.odds_question`), answered to the asker alone, in the channel or a DM.
    `variant` None: whichever A&A game is here."""
    live = await (aa_game_here(bot, interaction) if variant is None
                  else bot.actions.game_here(interaction, variant))
    seat = power or asking_power(live, interaction.user.id)
    await bot.actions.act(interaction, "odds",
                          {k: v for k, v in params.items() if v is not None},
                          seat=seat, variant=live.row.variant)


class AxisAndAllies(GameCog):
    variant = VARIANT
    aa = app_commands.Group(name="aa", description="Axis & Allies (classic)")

    async def ask(self, interaction: Interaction, action: str, power: str | None,
                  **params: Any) -> None:
        """A question or a standing order for one of the asker's powers. One player often
        holds several powers: without `power`, the one whose turn it is (or the first
        held) asks, rather than a refusal asking which seat."""
        seat = power
        if seat is None:
            try:
                live = await self.bot.actions.game_here(interaction, VARIANT)
            except RuleError:
                live = None
            held = live.seats_of(interaction.user.id) if live is not None else []
            if len(held) > 1 and live is not None and live.game is not None:
                prompts = live.prompts()
                seat = next((s for s in held if s in prompts), held[0])
        await self.bot.actions.act(interaction, action,
                                   {k: v for k, v in params.items() if v is not None},
                                   seat=seat, variant=VARIANT)

    # ----- development and purchase ---------------------------------------------

    @aa.command(name="research", description="Weapons development: buy research dice (5 IPCs each)")
    async def research(self, interaction: Interaction, dice: app_commands.Range[int, 1, 30]
                       ) -> None:
        await self.run(interaction, "research", dice=dice)

    @aa.command(name="develop", description="Choose the development a breakthrough gives")
    @app_commands.autocomplete(development=from_prompt("develop", "development"))
    async def develop(self, interaction: Interaction, development: str) -> None:
        await self.run(interaction, "develop", development=development)

    @aa.command(name="buy", description="Buy units (paid when the purchase phase ends)")
    @app_commands.describe(units=UNITS)
    async def buy(self, interaction: Interaction, units: str) -> None:
        await self.run(interaction, "buy", units=units)

    # ----- movement ----------------------------------------------------------

    @aa.command(name="move", description="Move units (combat or non-combat movement)")
    @app_commands.rename(from_area="from")
    @app_commands.describe(units=UNITS, from_area="Where they are", to="Where they go",
                           via="Areas passed through, in order, separated by commas",
                           bomb="Bombers: a strategic bombing raid on the territory")
    @app_commands.autocomplete(from_area=areas("move", "from_area", own_first=True),
                               to=areas("move", "to"), units=units_of("move"))
    async def move(self, interaction: Interaction, units: str, from_area: str, to: str,
                   via: str | None = None, bomb: bool | None = None) -> None:
        await self.run(interaction, "move", units=units, from_area=from_area, to=to, via=via,
                       bomb=bomb)

    @aa.command(name="attack", description="Combat movement into a hostile area")
    @app_commands.rename(from_area="from")
    @app_commands.describe(units=UNITS, from_area="Where they are", to="The hostile area",
                           via="Areas passed through, in order, separated by commas")
    @app_commands.autocomplete(from_area=areas("attack", "from_area", own_first=True),
                               to=areas("attack", "to"), units=units_of("attack"))
    async def attack(self, interaction: Interaction, units: str, from_area: str, to: str,
                     via: str | None = None) -> None:
        await self.run(interaction, "attack", units=units, from_area=from_area, to=to, via=via)

    @aa.command(name="load", description="Load land units onto your transports in a sea zone")
    @app_commands.rename(from_area="from")
    @app_commands.describe(units=UNITS, from_area="The territory they board from",
                           sea="The sea zone of the transports")
    @app_commands.autocomplete(from_area=areas("load", "from_area", own_first=True),
                               sea=areas("load", "sea", own_first=True),
                               units=units_of("load"))
    async def load(self, interaction: Interaction, units: str, from_area: str, sea: str
                   ) -> None:
        await self.run(interaction, "load", units=units, from_area=from_area, sea=sea)

    @aa.command(name="unload", description="Unload cargo into a territory (an amphibious "
                                           "assault in combat movement)")
    @app_commands.describe(units=UNITS, sea="The sea zone of the transports",
                           to="The coastal territory")
    @app_commands.autocomplete(sea=areas("unload", "sea", own_first=True),
                               to=areas("unload", "to"), units=units_of("unload"))
    async def unload(self, interaction: Interaction, units: str, sea: str, to: str) -> None:
        await self.run(interaction, "unload", units=units, sea=sea, to=to)

    @aa.command(name="rockets", description="Fire an AA gun's rocket at a factory (rockets)")
    @app_commands.rename(from_area="from")
    @app_commands.autocomplete(from_area=areas("rockets", "from_area", own_first=True),
                               target=areas("rockets", "target"))
    async def rockets(self, interaction: Interaction, from_area: str, target: str) -> None:
        await self.run(interaction, "rockets", from_area=from_area, target=target)

    @aa.command(name="land", description="Land aircraft (non-combat movement, or your "
                                         "fighters whose carrier was sunk)")
    @app_commands.rename(from_area="from")
    @app_commands.describe(units=UNITS + " (not for fighters whose carrier was sunk)",
                           from_area="Where the aircraft are (not for fighters whose "
                                     "carrier was sunk)",
                           to="A territory friendly since the turn began, or a carrier's zone")
    @app_commands.autocomplete(from_area=areas("land", "from_area", own_first=True),
                               to=areas("land", "to"), units=units_of("land"))
    async def land(self, interaction: Interaction, to: str, units: str | None = None,
                   from_area: str | None = None) -> None:
        await self.run(interaction, "land", units=units, from_area=from_area, to=to)

    # ----- battles -------------------------------------------------------------

    @aa.command(name="casualties", description="Choose your casualties in the battle")
    @app_commands.describe(units=UNITS)
    @app_commands.autocomplete(units=units_of("casualties"))
    async def casualties(self, interaction: Interaction, units: str) -> None:
        await self.run(interaction, "casualties", units=units)

    @aa.command(name="retreat", description="Retreat the attackers from the battle")
    @app_commands.autocomplete(to=from_prompt("retreat", "to"))
    async def retreat(self, interaction: Interaction, to: str) -> None:
        await self.run(interaction, "retreat", to=to)

    @aa.command(name="continue", description="Press on with the battle: another round")
    async def continue_(self, interaction: Interaction) -> None:
        await self.run(interaction, "continue")

    @aa.command(name="loss-order",
                description="Your saved loss order (the deadline's casualties), cheapest first")
    @app_commands.describe(order="Each kind once, e.g. inf, arm, ftr, bmb", power=POWER)
    @app_commands.choices(power=[app_commands.Choice(name=p, value=p) for p in POWERS])
    async def loss_order(self, interaction: Interaction, order: str,
                         power: str | None = None) -> None:
        await self.ask(interaction, "loss-order", power, order=order)

    # ----- placement and phases ----------------------------------------------------

    @aa.command(name="place", description="Place units bought at an industrial complex")
    @app_commands.describe(units=UNITS, at="The complex's territory",
                           sea="Ships: the sea zone next to the complex")
    @app_commands.autocomplete(at=areas("place", "at", own_first=True),
                               sea=areas("place", "sea"), units=units_of("place"))
    async def place(self, interaction: Interaction, units: str, at: str,
                    sea: str | None = None) -> None:
        await self.run(interaction, "place", units=units, at=at, sea=sea)

    @aa.command(name="end-phase", description="End the phase you are in")
    async def end_phase(self, interaction: Interaction) -> None:
        await self.run(interaction, "end-phase")

    # ----- questions (answered only to you) ---------------------------------------

    @aa.command(name="odds", description="Exact battle odds: an area as it stands, the "
                                         "battle being fought, or typed units (only you)")
    @app_commands.describe(**ODDS_DESCRIBED)
    @app_commands.autocomplete(area=areas("odds", "area"))
    @app_commands.choices(power=[app_commands.Choice(name=p, value=p) for p in POWERS],
                          defender=[app_commands.Choice(name=p, value=p) for p in POWERS])
    async def odds(self, interaction: Interaction, area: str | None = None,
                   attackers: str | None = None, defenders: str | None = None,
                   aa_gun: bool | None = None,
                   bombard: app_commands.Range[int, 0, 20] | None = None,
                   power: str | None = None, defender: str | None = None) -> None:
        """Asked in either A&A game (classic or Plotted), in its channel or a DM."""
        await ask_odds(self.bot, interaction, None, power, area=area, attackers=attackers,
                       defenders=defenders, aa_gun=aa_gun, bombard=bombard,
                       defender=defender)

    @aa.command(name="units", description="What is where (only you see it)")
    @app_commands.describe(area="One area; leave out for the whole board")
    @app_commands.autocomplete(area=areas("units", "area", own_first=True))
    async def units(self, interaction: Interaction, area: str | None = None) -> None:
        await self.ask(interaction, "units", None, area=area)

    @aa.command(name="board", description="The world map as everyone sees it (only you)")
    async def board(self, interaction: Interaction) -> None:
        await self.show_board(interaction, "aa-board.png")


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "aa"
    await bot.add_cog(AxisAndAllies(bot))
