"""`/dict`: Revenge of the Dictators (docs/dictators.md, "Commands").

Each subcommand is the engine action of the same name with its parameters; every choice is
also a button or a menu of the player's prompt, so the commands are for typing. The
decisions a prompt asks by DM (a target, a discard, a Founding Father, a token's choices,
the President) can be typed too, one level down in `/dict answer ...` (Discord allows 25
subcommands a group). `/dict board` is the map privately; `/dict hand` what only you may
know (your dictator, hand, Nuclear Zone cards, tokens), privately, here or in a DM with the
bot; `/dict data` a group's own printing of the map and the cards, attached as a file.

Autocomplete comes from the prompt: a command's values are the ones its menus offer now;
a card's, an ability's or a token's target (`to`, `player` ...) is what the game would ask
once that card is played (tried on a copy of the game, through its facade only), and a
place or a dictator by name otherwise.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

import engine
from bot import names
from bot.client import Croupier
from cogs.base import Complete, GameCog, from_prompt, matching, prompt_choices, suggested
from engine import NotAllowed, RuleError, Unreadable
from engine.games.dictators import datafiles

Interaction = discord.Interaction[Any]
VARIANT = "dictators"
MAX_DATA_BYTES = 2_000_000
# The parameter that names what is used, for each action whose target the game asks after.
USED = {"play": "card", "activate": "ability", "ability": "whose", "token": "token"}
TARGETS = ("to", "player", "state", "road", "zone", "take", "dictator", "base")
KINDS = ["Action", "Interruption", "Asset"]


async def _trial_choices(interaction: Interaction, action: str, param: str, current: str
                         ) -> list[app_commands.Choice[str]]:
    """What the game would ask for `param` once the typed card (ability, token) is used with
    the targets typed so far: its `choose` menu, tried on a copy of the game."""
    bot: Croupier = interaction.client
    typed = {k: v for k, v in interaction.namespace
             if (k == USED.get(action) or k in TARGETS) and k != param and v}
    if USED.get(action) not in typed:
        return []
    try:
        live = await bot.actions.game_here(interaction, VARIANT)
    except RuleError:
        return []
    game = live.game
    if game is None or game.finished:
        return []
    found: list[app_commands.Choice[str]] = []
    for seat in live.seats_of(interaction.user.id):
        trial = engine.load(game.variant, game.state())
        try:
            trial.act(seat, action, **typed)
        except RuleError:
            continue
        prompt = trial.prompts().get(seat)
        spec = prompt.action("choose") if prompt is not None else None
        for p in spec.params if spec is not None else ():
            if p.name == param:
                found += [app_commands.Choice(name=c.shown[:100], value=c.value[:100])
                          for c in p.choices or () if current.lower() in c.shown.lower()]
    return found[:25]


def _everything(interaction: Interaction, action: str, param: str) -> list[str]:
    """Every value a `param` could name in this game, when no menu lists it now: the map's
    places, the dictators at the table (`Game.suggest`)."""
    bot: Croupier = interaction.client
    live = bot.service.entry_in(interaction.channel_id or 0)
    game = live.game if live is not None else None
    if live is None or game is None or game.variant != VARIANT:
        return []
    return suggested(game, live.seats_of(interaction.user.id) or game.seats[:1], action, param,
                     interaction)


def target(action: str, param: str) -> Complete:
    """The values the prompt offers for `param` of `action`; else what the game would ask
    for it once the typed card, ability or token is used; else every place or dictator."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        try:
            offered = await prompt_choices(interaction.client, interaction, action, param,
                                           current)
            if not offered and action in USED:
                offered = await _trial_choices(interaction, action, param, current)
            return offered or matching(_everything(interaction, action, param), current)
        except Exception:  # noqa: BLE001 - autocomplete never fails loudly
            return []

    return complete


async def kinds(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The card types as the screen says them (Possession and Bezitting are read as Asset
    when typed)."""
    return matching(KINDS, current)


class Dictators(GameCog):
    """Slash commands: each is one engine action of the same name."""

    variant = VARIANT
    dict_ = app_commands.Group(name="dict", description="Revenge of the Dictators")
    answer = app_commands.Group(name="answer", parent=dict_,
                                description="Answer what the game asked you (also in your DM "
                                            "prompt)")

    # ----- your turn ------------------------------------------------------------

    @dict_.command(name="walk", description="Walk along one road (once a turn, 1 action)")
    @app_commands.describe(to="Where to: a location's name or map code")
    @app_commands.autocomplete(to=target("walk", "to"))
    async def walk(self, interaction: Interaction, to: str) -> None:
        await self.run(interaction, "walk", to=to)

    @dict_.command(name="fly", description="An international flight (dotted line): your "
                                           "Walk plus 1 action")
    @app_commands.describe(to="Where to, along a dotted line")
    @app_commands.autocomplete(to=target("fly", "to"))
    async def fly(self, interaction: Interaction, to: str) -> None:
        await self.run(interaction, "fly", to=to)

    @dict_.command(name="draw", description="Draw a Command card (1 action)")
    async def draw(self, interaction: Interaction) -> None:
        await self.run(interaction, "draw")

    @dict_.command(name="play", description="Play a card: an Action or Asset at its cost, "
                                            "an Interruption for free")
    @app_commands.describe(card="The card (\"Asset: Private Jet\"; Possession and Bezitting "
                                "read as Asset)",
                           to="Where to (a card that moves)", player="On which dictator",
                           state="Which state", road="Which road (its two ends)",
                           zone="Which time zone", take="Which card from the discard pile")
    @app_commands.autocomplete(card=target("play", "card"), to=target("play", "to"),
                               player=target("play", "player"), state=target("play", "state"),
                               road=target("play", "road"), zone=target("play", "zone"),
                               take=target("play", "take"))
    async def play(self, interaction: Interaction, card: str, to: str | None = None,
                   player: str | None = None, state: str | None = None,
                   road: str | None = None, zone: str | None = None,
                   take: str | None = None) -> None:
        await self.run(interaction, "play", card=card, to=to, player=player, state=state,
                       road=road, zone=zone, take=take)

    @dict_.command(name="activate", description="Activate an Asset's ability at its cost")
    @app_commands.describe(ability="The Asset's ability (\"Black Market #1\")",
                           to="Where to", player="On which dictator", state="Which state",
                           road="Which road", zone="Which time zone",
                           take="Which card from the discard pile")
    @app_commands.autocomplete(ability=target("activate", "ability"),
                               to=target("activate", "to"),
                               player=target("activate", "player"),
                               state=target("activate", "state"),
                               road=target("activate", "road"),
                               zone=target("activate", "zone"),
                               take=target("activate", "take"))
    async def activate(self, interaction: Interaction, ability: str, to: str | None = None,
                       player: str | None = None, state: str | None = None,
                       road: str | None = None, zone: str | None = None,
                       take: str | None = None) -> None:
        await self.run(interaction, "activate", ability=ability, to=to, player=player,
                       state=state, road=road, zone=zone, take=take)

    @dict_.command(name="disarm", description="Try to disarm your base here: Walk plus 1 "
                                              "action, 3 to 6 on a die")
    async def disarm(self, interaction: Interaction) -> None:
        await self.run(interaction, "disarm")

    @dict_.command(name="ability", description="Use your dictator's ability")
    @app_commands.describe(whose="Whose ability (yours, or the one Kim copied)",
                           player="On which dictator", to="Where to", road="Which road",
                           dictator="Which dictator card")
    @app_commands.autocomplete(whose=target("ability", "whose"),
                               player=target("ability", "player"), to=target("ability", "to"),
                               road=target("ability", "road"),
                               dictator=target("ability", "dictator"))
    async def ability(self, interaction: Interaction, whose: str | None = None,
                      player: str | None = None, to: str | None = None,
                      road: str | None = None, dictator: str | None = None) -> None:
        await self.run(interaction, "ability", whose=whose, player=player, to=to, road=road,
                       dictator=dictator)

    @dict_.command(name="token", description="Use a Nuclear Zone 4 token (no action)")
    @app_commands.describe(token="The token: I to XV (or 1 to 15)", to="Where to",
                           base="Which base", dictator="Which dictator card",
                           player="Which dictator")
    @app_commands.autocomplete(token=target("token", "token"), to=target("token", "to"),
                               base=target("token", "base"),
                               dictator=target("token", "dictator"),
                               player=target("token", "player"))
    async def token(self, interaction: Interaction, token: str, to: str | None = None,
                    base: str | None = None, dictator: str | None = None,
                    player: str | None = None) -> None:
        await self.run(interaction, "token", token=token, to=to, base=base, dictator=dictator,
                       player=player)

    @dict_.command(name="end-turn", description="End your turn (the hand limit is checked)")
    async def end_turn(self, interaction: Interaction) -> None:
        await self.run(interaction, "end-turn")

    @dict_.command(name="pass", description="Let a window go by without an Interruption")
    async def pass_(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass")

    @dict_.command(name="pass-all", description="Pass every window from now on (everyone "
                                                "sees it), until you take it back")
    async def pass_all(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass-all")

    @dict_.command(name="ask-windows", description="Be asked in windows again (take back "
                                                   "your standing pass)")
    async def ask_windows(self, interaction: Interaction) -> None:
        await self.run(interaction, "ask-windows")

    # ----- what the game asked you (also in your DM prompt) -----------------------

    @answer.command(name="choose", description="The target of the card, ability or token "
                                               "you are using")
    @app_commands.autocomplete(to=from_prompt("choose", "to"),
                               player=from_prompt("choose", "player"),
                               state=from_prompt("choose", "state"),
                               road=from_prompt("choose", "road"),
                               zone=from_prompt("choose", "zone"),
                               take=from_prompt("choose", "take"),
                               dictator=from_prompt("choose", "dictator"),
                               base=from_prompt("choose", "base"))
    async def choose(self, interaction: Interaction, to: str | None = None,
                     player: str | None = None, state: str | None = None,
                     road: str | None = None, zone: str | None = None,
                     take: str | None = None, dictator: str | None = None,
                     base: str | None = None) -> None:
        await self.run(interaction, "choose", to=to, player=player, state=state, road=road,
                       zone=zone, take=take, dictator=dictator, base=base)

    @answer.command(name="back", description="Take the card, ability or token back (nothing "
                                             "is spent)")
    async def back(self, interaction: Interaction) -> None:
        await self.run(interaction, "back")

    @answer.command(name="discard", description="Discard a card down to your hand limit")
    @app_commands.autocomplete(card=from_prompt("discard", "card"))
    async def discard(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "discard", card=card)

    @answer.command(name="keep", description="Keep the Founding Father that came to you")
    async def keep(self, interaction: Interaction) -> None:
        await self.run(interaction, "keep")

    @answer.command(name="give", description="Token XIII: give the Founding Father away")
    @app_commands.autocomplete(player=from_prompt("give", "player"))
    async def give(self, interaction: Interaction, player: str) -> None:
        await self.run(interaction, "give", player=player)

    @answer.command(name="swap", description="Token VI: swap two meeples")
    @app_commands.autocomplete(player=from_prompt("swap", "player"),
                               other=from_prompt("swap", "other"))
    async def swap(self, interaction: Interaction, player: str, other: str) -> None:
        await self.run(interaction, "swap", player=player, other=other)

    @answer.command(name="remove", description="Token XV: remove a roadblock or a no-fly zone")
    @app_commands.describe(what="A roadblock's road (its two ends) or a time zone")
    @app_commands.autocomplete(what=from_prompt("remove", "what"))
    async def remove(self, interaction: Interaction, what: str) -> None:
        await self.run(interaction, "remove", what=what)

    @answer.command(name="done", description="Finish with the token")
    async def done(self, interaction: Interaction) -> None:
        await self.run(interaction, "done")

    @answer.command(name="reserve", description="Token VII: the Presidential card you keep "
                                                "face down")
    @app_commands.autocomplete(card=from_prompt("reserve", "card"))
    async def reserve(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "reserve", card=card)

    @answer.command(name="confront", description="In Washington D.C.: draw a Presidential "
                                                 "card, or take the one you kept")
    @app_commands.autocomplete(card=from_prompt("confront", "card"))
    async def confront(self, interaction: Interaction, card: str = "deck") -> None:
        await self.run(interaction, "confront", card=card)

    # ----- information, privately ------------------------------------------------

    @dict_.command(name="hand", description="Your dictator, hand, Nuclear Zone cards and "
                                            "tokens (only you see them)")
    async def hand(self, interaction: Interaction) -> None:
        await self.run(interaction, "hand")

    @dict_.command(name="cards", description="The Command cards' texts (only to you)")
    @app_commands.describe(kind="Action, Interruption or Asset (Possession and Bezitting "
                                "read as Asset); all if left out")
    @app_commands.autocomplete(kind=kinds)
    async def cards(self, interaction: Interaction, kind: str | None = None) -> None:
        await self.run(interaction, "cards", kind=kind)

    @dict_.command(name="board", description="The map as everyone sees it (only to you)")
    async def board(self, interaction: Interaction) -> None:
        await self.show_board(interaction, "map.png")

    # ----- a group's own printing ----------------------------------------------------

    @dict_.command(name="data", description="Load your own printing of the map and cards "
                                            "(before the start), or get the data files")
    @app_commands.describe(file="A data file (map.json, command.json …) or a whole set "
                                "(an object of them); leave out to get the files",
                           default="Go back to the DEFAULT data set")
    async def data(self, interaction: Interaction, file: discord.Attachment | None = None,
                   default: bool = False) -> None:
        live = await self.bot.actions.game_here(interaction, VARIANT)
        option = str(live.row.options.get("data", ""))
        if file is None and not default:
            text = datafiles.whole_set(option)
            which = ("your group's own printing (the DEFAULT set for the files you did not "
                     "give)" if option else "the DEFAULT data set, of this project's own "
                     "making")
            await interaction.response.send_message(
                f"This game plays on {which}. Here it is as one file: edit it and attach it "
                "with `/dict data` before the game starts (the fields are described in the "
                "game's reference, docs/dictators.md).",
                file=discord.File(io.BytesIO(text.encode()), "dictators-data.json"),
                ephemeral=True)
            return
        if live.row.status != "lobby":
            raise NotAllowed("The game has started: its map and cards stay as they are.")
        if interaction.user.id != live.row.creator_id:
            raise NotAllowed("Only the game's creator can change its map and cards.")
        # Ephemeral: a refusal (the file, the entry, the field) is the creator's to fix.
        await interaction.response.defer(ephemeral=True, thinking=True)
        if default or file is None:
            new, said = "", "The game will play on the DEFAULT data set."
        else:
            shown = names.escape(file.filename)
            if file.size > MAX_DATA_BYTES:  # refused before it is downloaded
                raise Unreadable(f"The file {shown} is too large ({file.size:,} bytes; at "
                                 f"most {MAX_DATA_BYTES:,}).")
            raw = await file.read()
            new = await self.bot.loop.run_in_executor(
                None, datafiles.with_upload, option, raw, file.filename)
            said = (f"The game will play on the group's own printing from {shown}: "
                    f"{datafiles.summary(datafiles.game_data(new))}")
        await self.bot.service.set_options(live, interaction.user.id, {"data": new})
        await interaction.followup.send("\N{WHITE HEAVY CHECK MARK} Done.", ephemeral=True)
        await self.bot.sender.post(live, said)
        await self.bot.status_post.refresh(live)


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "dict"
    await bot.add_cog(Dictators(bot))
