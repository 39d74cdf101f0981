"""`/ill`: Illuminati on a card set (docs/illuminati.md). Croupier is an unofficial aid, not
affiliated with Steve Jackson Games: the group's description, `/ill help`, the game's
announcements, its status post and its pictures say so.

Each subcommand is the engine action of the same name, its options the action's
parameters; every choice is also a button, a menu or a form in the player's prompt (the
commands are for typing). Gifts and trades are `/ill deal offer|accept|decline|withdraw|give`:
26 actions and questions, the board, the help and `/ill new` don't fit in the 25 commands
Discord allows a group. Autocomplete offers what the player's prompt offers now, else what
the game allows the player to name (their cards, their Specials, the Groups in play).

`/ill new` opens a game on the group's own card set: the file is attached (a slash option
holds 6,000 characters, a set is larger), read and checked whole before anything is made,
and a refusal names the file, the card and the field; its name goes with the set (the
`cards_file` option) so that every later refusal names it too. Without a file, the invented
sample set. `/ill board [player]` shows a player's Power Structure, only to the asker.
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from bot.client import Croupier
from bot.service import LiveGame, paused_message
from cogs.base import Complete, GameCog, prompt_choices
from engine import Game, NotAllowed, Unreadable
from engine.games.illuminati import Illuminati
from engine.games.illuminati.base import NOTICE
from engine.games.illuminati.cardset import read_card_set

Interaction = discord.Interaction[Any]
VARIANT = "illuminati"
# A card set file larger than this is refused before it is downloaded (the invented sample
# set is 14 KB; a whole box with every card's text, well under 200 KB).
MAX_CARD_SET_BYTES = 1_000_000

HOW = [app_commands.Choice(name="To control", value="control"),
       app_commands.Choice(name="To neutralize", value="neutralize"),
       app_commands.Choice(name="To destroy", value="destroy"),
       app_commands.Choice(name="To destroy, with Whispering Campaign", value="whisper")]

HELP = (
    "**Illuminati** on Croupier. " + NOTICE + " It plays on a card set your group supplies "
    "from its own copy (`/ill new` with the file attached); without one, on a small invented "
    "sample set.\n"
    "• Your choices come to you by DM as buttons, menus and forms; reaction windows (money on "
    "an attack, Specials) ask everyone at once and close when all have passed or the time "
    "is up.\n"
    "• Every choice can also be typed: `/ill attack`, `/ill spend`, `/ill aid`, `/ill pass`, "
    "`/ill play`, `/ill abolish`, `/ill place`, `/ill transfer`, `/ill move`, `/ill drop`, "
    "`/ill end-turn`…; deals are `/ill deal offer`, `accept`, `decline`, `withdraw`, "
    "`give`: an offer both sides accept changes hands at once.\n"
    "• Privately: `/ill board [player]` (a Power Structure), `/ill hand` (your Illuminati, "
    "goal and Specials), `/ill odds` (an attack's target number and chance).\n"
    "• The rules as played, the options and the card set file's schema: `/game rules "
    "illuminati` and the game's documentation.")


def choices(pairs: Iterable[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """(shown, value) pairs containing what is typed, at most 25, each once."""
    seen: dict[str, str] = {}
    for shown, value in pairs:
        if current.lower() in shown.lower():
            seen.setdefault(value[:100], shown[:100])
    return [app_commands.Choice(name=shown, value=value) for value, shown in seen.items()][:25]


async def here(interaction: Interaction) -> tuple[Game | None, str | None]:
    """The running game of this channel (or the user's only one, in a DM) and the user's
    seat in it, or (None, None): autocomplete never fails loudly."""
    bot: Croupier = interaction.client
    try:
        live = await bot.actions.game_here(interaction, VARIANT)
    except Exception:  # noqa: BLE001 - autocomplete never fails loudly
        return None, None
    seats = live.seats_of(interaction.user.id)
    return live.game, seats[0] if seats else None


# ----- what a player may name, when the prompt doesn't list it now ---------------------

Lister = Callable[[Game, "str | None"], list[tuple[str, str]]]


def own_cards(game: Game, seat: str | None) -> list[tuple[str, str]]:
    """The cards of the player's own Power Structure, the Illuminati first."""
    if seat is None:
        return []
    view = game.view(seat)
    root = view["your_illuminati"]["name"]
    return [(root, root)] + [(c["name"], c["name"]) for c in view["structures"].get(seat, [])
                             if c.get("name") and not c.get("illuminati")]


def own_groups(game: Game, seat: str | None) -> list[tuple[str, str]]:
    return own_cards(game, seat)[1:]


def others_groups(game: Game, seat: str | None) -> list[tuple[str, str]]:
    view = game.view(None)
    return [(f"{c['name']} ({player})", c["name"])
            for player, cards in view["structures"].items() if player != seat
            for c in cards if c.get("name") and not c.get("illuminati")]


def groups_in_play(game: Game, seat: str | None) -> list[tuple[str, str]]:
    """Every Group one may attack: the uncontrolled ones, then the players'."""
    view = game.view(None)
    return [(c["name"], c["name"]) for c in view["uncontrolled"]] + others_groups(game, seat)


def uncontrolled_or_dead(game: Game, seat: str | None) -> list[tuple[str, str]]:
    view = game.view(None)
    return [(c["name"], c["name"]) for c in view["uncontrolled"]] + \
        [(f"{name} (destroyed)", name) for name in view["dead"]]


def hand(game: Game, seat: str | None) -> list[tuple[str, str]]:
    """The player's own Specials (autocomplete is shown to the typer alone)."""
    if seat is None:
        return []
    return [(c["name"], c["id"]) for c in game.view(seat)["hand"]]


def special_names(game: Game, seat: str | None) -> list[tuple[str, str]]:
    """The card set's Specials by name (what an offer may ask for)."""
    assert isinstance(game, Illuminati)
    return [("A Special of their choice" if n == "any" else n, n)
            for n in game.suggest(seat or "", "offer", "take_card", {})]


def players(game: Game, seat: str | None) -> list[tuple[str, str]]:
    view = game.view(None)
    return [(s, s) for s in view["order"] if s != seat and not view["players"][s]["out"]]


def every_player(game: Game, seat: str | None) -> list[tuple[str, str]]:
    view = game.view(None)
    return [(s, s) for s in view["order"] if not view["players"][s]["out"]]


def offers_to_me(game: Game, seat: str | None) -> list[tuple[str, str]]:
    return [(f"Offer {d['id']} from {d['from']}: {d['terms']}", d["id"])
            for d in game.view(seat)["offers"] if d["to"] == seat]


def offers_from_me(game: Game, seat: str | None) -> list[tuple[str, str]]:
    return [(f"Offer {d['id']} to {d['to']}: {d['terms']}", d["id"])
            for d in game.view(seat)["offers"] if d["from"] == seat]


def illuminati_names(game: Game, seat: str | None) -> list[tuple[str, str]]:
    assert isinstance(game, Illuminati)
    return [(n, n) for n in game.suggest(seat or "", "accuse", "illuminati", {})]


def naming(lister: Lister) -> Complete:
    """An autocomplete callback offering what `lister` says the player may name."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        game, seat = await here(interaction)
        return choices(lister(game, seat), current) if game is not None else []

    return complete


def offered(action: str, param: str, lister: Lister | None = None) -> Complete:
    """What the user's prompt offers for `param` of `action` now; when it offers nothing
    (a free action typed at another moment), what `lister` says the player may name."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        found = await prompt_choices(interaction.client, interaction, action, param, current)
        if found or lister is None:
            return found
        game, seat = await here(interaction)
        return choices(lister(game, seat), current) if game is not None else []

    return complete


def file_name(name: str) -> str:
    """An attachment's name as refusals and the status post show it: plain characters."""
    return re.sub(r"[^\w.\-() ]", "_", name).strip()[:80] or "cards.json"


class IlluminatiCog(GameCog):
    """Slash commands: each is one engine action of the same name."""

    variant = VARIANT
    ill = app_commands.Group(name="ill", description="Illuminati (an unofficial aid, not "
                                                     "affiliated with Steve Jackson Games)")
    deal = app_commands.Group(name="deal", parent=ill,
                              description="Gifts and trades: offer, accept, decline, withdraw, "
                                          "give")

    # ----- a game on your card set, and help ------------------------------------------

    @ill.command(name="new", description="Open a game of Illuminati, on your group's card set "
                                         "file if you attach one")
    @app_commands.describe(cards="Your card set file (JSON; its schema is in the game's "
                                 "documentation). Without it: the invented sample set",
                           options="Other options as name=value, ... (see /game rules "
                                   "illuminati)",
                           thread="Open a thread for the game")
    async def new(self, interaction: Interaction, cards: discord.Attachment | None = None,
                  options: str | None = None, thread: bool = False) -> None:
        given: dict[str, str] = {}
        if cards is not None:
            name = file_name(cards.filename)
            if cards.size > MAX_CARD_SET_BYTES:  # refused before it is downloaded
                raise Unreadable(f"The card set file “{name}” is too large ({cards.size:,} "
                                 f"bytes; at most {MAX_CARD_SET_BYTES:,}).")
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                text = (await cards.read()).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise Unreadable(f"The card set file “{name}” is not text (UTF-8): save it "
                                 "as a JSON text file.") from None
            except discord.HTTPException:
                raise NotAllowed(f"I couldn't download “{name}” from Discord just now: try "
                                 "again.") from None
            read_card_set(text, name)  # checked whole first: nothing is made with a broken set
            given = {"cards": text, "cards_file": name}
        await self.bot.lobby.new(interaction, VARIANT, options, thread, given=given)

    @ill.command(name="help", description="How to play Illuminati here (only to you)")
    async def help(self, interaction: Interaction) -> None:
        await interaction.response.send_message(HELP, ephemeral=True)

    # ----- attacks ---------------------------------------------------------------------

    @ill.command(name="attack", description="Attack a Group: to control, neutralize or destroy")
    @app_commands.describe(group="Your attacking card", target="The Group attacked",
                           how="To control, neutralize or destroy",
                           privilege="Make it privileged: your ability, or a Special to discard")
    @app_commands.choices(how=HOW)
    @app_commands.autocomplete(group=offered("attack", "group", own_cards),
                               target=offered("attack", "target", groups_in_play),
                               privilege=offered("attack", "privilege"))
    async def attack(self, interaction: Interaction, group: str, target: str, how: str,
                     privilege: str | None = None) -> None:
        await self.run(interaction, "attack", group=group, target=target, how=how,
                       privilege=privilege)

    @ill.command(name="spend", description="Put money on the attack under way (attack, defend "
                                           "or interfere)")
    @app_commands.describe(mb="How many MB", source="From which treasury",
                           side="Interfering: help the attacker, or oppose the attack")
    @app_commands.autocomplete(source=offered("spend", "source"),
                               side=offered("spend", "side"))
    async def spend(self, interaction: Interaction, mb: app_commands.Range[int, 1, 999],
                    source: str | None = None, side: str | None = None) -> None:
        await self.run(interaction, "spend", mb=mb, source=source, side=side)

    @ill.command(name="aid", description="Add a Group's Transferable Power to your attack")
    @app_commands.describe(group="The aiding Group")
    @app_commands.autocomplete(group=offered("aid", "group", own_cards))
    async def aid(self, interaction: Interaction, group: str) -> None:
        await self.run(interaction, "aid", group=group)

    @ill.command(name="call-off", description="Call off your attack before any money is down")
    async def call_off(self, interaction: Interaction) -> None:
        await self.run(interaction, "call-off")

    @ill.command(name="pass", description="Let the window go by without answering")
    async def pass_(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass")

    @ill.command(name="abolish", description="Discard two Specials to abolish a privilege")
    @app_commands.describe(card="A Special you discard", second_card="The other one")
    @app_commands.autocomplete(card=offered("abolish", "card", hand),
                               second_card=offered("abolish", "second_card", hand))
    async def abolish(self, interaction: Interaction, card: str, second_card: str) -> None:
        await self.run(interaction, "abolish", card=card, second_card=second_card)

    @ill.command(name="replace", description="Replace the abolishing card that was cancelled")
    @app_commands.describe(card="Another Special you discard")
    @app_commands.autocomplete(card=offered("replace", "card", hand))
    async def replace(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "replace", card=card)

    @ill.command(name="give-up", description="Give up the abolition: the privilege stands")
    async def give_up(self, interaction: Interaction) -> None:
        await self.run(interaction, "give-up")

    @ill.command(name="place", description="Place a captured or bribed Group on a vacant arrow")
    @app_commands.describe(at="Where: a card and one of its vacant arrows",
                           mb="MB moved to it from the attacking Group (after a capture)")
    @app_commands.autocomplete(at=offered("place", "at"))
    async def place(self, interaction: Interaction, at: str,
                    mb: app_commands.Range[int, 0, 999] | None = None) -> None:
        await self.run(interaction, "place", at=at, mb=mb)

    # ----- Specials ----------------------------------------------------------------------

    @ill.command(name="play", description="Play a Special card")
    @app_commands.describe(card="Your Special", group="The Group it names (Bribery, Media "
                                                      "Campaign)",
                           player="The player it names (Computer Espionage, Senate "
                                  "Investigating Committee)")
    @app_commands.autocomplete(card=offered("play", "card", hand),
                               group=offered("play", "group", uncontrolled_or_dead),
                               player=offered("play", "player", players))
    async def play(self, interaction: Interaction, card: str, group: str | None = None,
                   player: str | None = None) -> None:
        await self.run(interaction, "play", card=card, group=group, player=player)

    @ill.command(name="show", description="Show one of your Specials to everyone (you keep it)")
    @app_commands.autocomplete(card=offered("show", "card", hand))
    async def show(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "show", card=card)

    # ----- your Power Structure ---------------------------------------------------------

    @ill.command(name="transfer", description="Move money between a Group and its master or "
                                              "puppet")
    @app_commands.describe(from_group="The card the money leaves", to_group="The card it goes "
                                                                           "to", mb="How many MB")
    @app_commands.autocomplete(from_group=offered("transfer", "from_group", own_cards),
                               to_group=offered("transfer", "to_group", own_cards))
    async def transfer(self, interaction: Interaction, from_group: str, to_group: str,
                       mb: app_commands.Range[int, 1, 999]) -> None:
        await self.run(interaction, "transfer", from_group=from_group, to_group=to_group, mb=mb)

    @ill.command(name="move", description="Move a Group (with its puppets) to a vacant arrow")
    @app_commands.describe(group="Your Group", to="A card and one of its vacant arrows")
    @app_commands.autocomplete(group=offered("move", "group", own_groups),
                               to=offered("move", "to"))
    async def move(self, interaction: Interaction, group: str, to: str) -> None:
        await self.run(interaction, "move", group=group, to=to)

    @ill.command(name="drop", description="Drop a Group (with its puppets) to the uncontrolled "
                                          "area")
    @app_commands.autocomplete(group=offered("drop", "group", own_groups))
    async def drop(self, interaction: Interaction, group: str) -> None:
        await self.run(interaction, "drop", group=group)

    # ----- the turn ------------------------------------------------------------------------

    @ill.command(name="pass-turn", description="Do nothing this turn and collect 5 MB")
    async def pass_turn(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass-turn")

    @ill.command(name="end-turn", description="End your turn")
    async def end_turn(self, interaction: Interaction) -> None:
        await self.run(interaction, "end-turn")

    @ill.command(name="choose-goal", description="Choose your special goal, in secret")
    @app_commands.describe(goal="The Illuminati whose goal you take")
    @app_commands.autocomplete(goal=offered("choose-goal", "goal"))
    async def choose_goal(self, interaction: Interaction, goal: str) -> None:
        await self.run(interaction, "choose-goal", goal=goal)

    @ill.command(name="accuse", description="Name another player's hidden Illuminati (an "
                                            "action)")
    @app_commands.describe(player="The player you accuse", illuminati="Their Illuminati, you say")
    @app_commands.autocomplete(player=offered("accuse", "player", players),
                               illuminati=offered("accuse", "illuminati", illuminati_names))
    async def accuse(self, interaction: Interaction, player: str, illuminati: str) -> None:
        await self.run(interaction, "accuse", player=player, illuminati=illuminati)

    @ill.command(name="leave", description="Leave the game (your Groups go uncontrolled)")
    async def leave(self, interaction: Interaction) -> None:
        await self.run(interaction, "leave")

    # ----- deals ---------------------------------------------------------------------------

    @deal.command(name="offer", description="Offer a deal: it changes hands at once if accepted")
    @app_commands.describe(player="To whom", give_mb="MB you give (Illuminati treasury)",
                           take_mb="MB you ask for", give_group="A Group you give",
                           take_group="A Group of theirs you ask for",
                           give_card="A Special you give",
                           take_card="A Special you ask for (or one of their choice)")
    @app_commands.autocomplete(player=offered("offer", "player", players),
                               give_group=offered("offer", "give_group", own_groups),
                               take_group=offered("offer", "take_group", others_groups),
                               give_card=offered("offer", "give_card", hand),
                               take_card=offered("offer", "take_card", special_names))
    async def offer(self, interaction: Interaction, player: str,
                    give_mb: app_commands.Range[int, 0, 999] | None = None,
                    take_mb: app_commands.Range[int, 0, 999] | None = None,
                    give_group: str | None = None, take_group: str | None = None,
                    give_card: str | None = None, take_card: str | None = None) -> None:
        await self.run(interaction, "offer", player=player, give_mb=give_mb, take_mb=take_mb,
                       give_group=give_group, take_group=take_group, give_card=give_card,
                       take_card=take_card)

    @deal.command(name="accept", description="Accept an offer: everything changes hands at once")
    @app_commands.describe(offer="The offer", card="Your Special that goes, if they asked for "
                                                   "one of your choice")
    @app_commands.autocomplete(offer=offered("accept", "offer", offers_to_me),
                               card=offered("accept", "card", hand))
    async def accept(self, interaction: Interaction, offer: str, card: str | None = None
                     ) -> None:
        await self.run(interaction, "accept", offer=offer, card=card)

    @deal.command(name="decline", description="Decline an offer made to you")
    @app_commands.autocomplete(offer=offered("decline", "offer", offers_to_me))
    async def decline(self, interaction: Interaction, offer: str) -> None:
        await self.run(interaction, "decline", offer=offer)

    @deal.command(name="withdraw", description="Withdraw an offer you made")
    @app_commands.autocomplete(offer=offered("withdraw", "offer", offers_from_me))
    async def withdraw(self, interaction: Interaction, offer: str) -> None:
        await self.run(interaction, "withdraw", offer=offer)

    @deal.command(name="give", description="Give money or a Special: a gift, no consent needed")
    @app_commands.describe(player="To whom", mb="MB from your Illuminati treasury",
                           card="A Special of yours")
    @app_commands.autocomplete(player=offered("give", "player", players),
                               card=offered("give", "card", hand))
    async def give(self, interaction: Interaction, player: str,
                   mb: app_commands.Range[int, 0, 999] | None = None,
                   card: str | None = None) -> None:
        await self.run(interaction, "give", player=player, mb=mb, card=card)

    # ----- questions, answered privately ---------------------------------------------------

    @ill.command(name="hand", description="Your Illuminati, goal and Specials (only you see "
                                          "them)")
    async def hand(self, interaction: Interaction) -> None:
        await self.run(interaction, "hand")

    @ill.command(name="odds", description="An attack's target number and chance, privately")
    @app_commands.describe(group="Your attacking card", target="The Group attacked",
                           how="To control (the default), neutralize or destroy")
    @app_commands.choices(how=HOW[:3])
    @app_commands.autocomplete(group=offered("attack", "group", own_cards),
                               target=offered("attack", "target", groups_in_play))
    async def odds(self, interaction: Interaction, group: str, target: str,
                   how: str | None = None) -> None:
        await self.run(interaction, "odds", group=group, target=target, how=how)

    @ill.command(name="board", description="A player's Power Structure (only to you)")
    @app_commands.describe(player="Whose (yours if left out)")
    @app_commands.autocomplete(player=naming(every_player))
    async def board(self, interaction: Interaction, player: str | None = None) -> None:
        live = await self.bot.actions.game_here(interaction, self.variant)
        await self.show_structure(interaction, live, player)

    async def show_structure(self, interaction: Interaction, live: LiveGame,
                             player: str | None) -> None:
        """One player's Power Structure, drawn from the public view, only to the asker: the
        named player's, else the asker's own, else the player whose turn it is."""
        pictures = self.bot.pictures.get(self.variant)
        if live.game is None or pictures is None or pictures.boards is None:
            await interaction.response.send_message(
                paused_message(live) if live.broken else "The game hasn't started.",
                ephemeral=True)
            return
        view = copy.deepcopy(live.public_view())  # the renderer's own copy
        # The registry's `boards` draws one view per player still in, each naming its player.
        drawn = {v.get("picture_of"): v for v in pictures.boards(view, ())}
        mine = live.seats_of(interaction.user.id)
        wanted = player or (mine[0] if mine and mine[0] in drawn else view.get("current"))
        chosen = {str(s).lower(): v for s, v in drawn.items()}.get(str(wanted or "").lower())
        if chosen is None:
            if player:
                raise NotAllowed(f"{player} has no Power Structure in this game (players: "
                                 f"{', '.join(str(s) for s in drawn)}).")
            chosen = next(iter(drawn.values()), view)
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, pictures.board, chosen)
        index = live.game.seats.index(chosen["picture_of"]) if chosen.get("picture_of") in \
            live.game.seats else 0
        await interaction.followup.send(file=discord.File(io.BytesIO(png),
                                                          f"structure-{index + 1}.png"),
                                        ephemeral=True)


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "ill"
    await bot.add_cog(IlluminatiCog(bot))

