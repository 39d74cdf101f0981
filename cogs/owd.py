"""`/owd`: One World Dominion and the standard RISK game (docs/one-world-dominion.md).

Each subcommand is one engine action of the same name with the handler's parameters;
`/owd board` is the public map, privately. The 16 actions and the board fit in one group
(Discord allows 25), so there is no subgroup.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.client import Croupier
from cogs.base import GameCog, from_prompt, matching, risk_territories
from engine.risk.map import classic_map

Interaction = discord.Interaction[Any]
VARIANT = "one-world-dominion"


async def continents(interaction: Interaction, current: str
                     ) -> list[app_commands.Choice[str]]:
    return matching(list(classic_map().continents), current)


async def players(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The seats of the game in this channel (a card may name any player)."""
    bot: Croupier = interaction.client
    try:
        live = await bot.actions.game_here(interaction, VARIANT)
    except Exception:  # noqa: BLE001 - autocomplete never fails loudly
        return []
    return matching([s.seat for s in live.seats], current)


async def discards(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The discarded cards (public): what Reverse Engineer may take."""
    bot: Croupier = interaction.client
    try:
        live = await bot.actions.game_here(interaction, VARIANT)
    except Exception:  # noqa: BLE001 - autocomplete never fails loudly
        return []
    if live.game is None:
        return []
    return matching(sorted(set(live.game.view(None).get("discards") or [])), current)


class OneWorldDominionCog(GameCog):
    """Slash commands: each is one engine action of the same name."""

    variant = VARIANT
    owd = app_commands.Group(name="owd", description="One World Dominion (RISK with action "
                                                     "cards)")

    # ----- setup and placing --------------------------------------------------

    @owd.command(name="claim", description="Claim an empty area with one army (setup)")
    @app_commands.autocomplete(territory=risk_territories("claim", "territory"))
    async def claim(self, interaction: Interaction, territory: str) -> None:
        await self.run(interaction, "claim", territory=territory)

    @owd.command(name="place", description="Place armies: starting armies, new armies, a set's")
    @app_commands.autocomplete(territory=risk_territories("place", "territory"))
    async def place(self, interaction: Interaction, territory: str,
                    count: app_commands.Range[int, 1, 999] | None = None) -> None:
        await self.run(interaction, "place", territory=territory, count=count)

    @owd.command(name="trade", description="Turn in a set of three cards for armies")
    @app_commands.autocomplete(cards=from_prompt("trade", "cards"))
    async def trade(self, interaction: Interaction, cards: str) -> None:
        await self.run(interaction, "trade", cards=cards)

    @owd.command(name="discard", description="Discard a card down to the hand limit (no set)")
    @app_commands.autocomplete(card=from_prompt("discard", "card"))
    async def discard(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "discard", card=card)

    # ----- cards played singly --------------------------------------------------

    @owd.command(name="play", description="Play a card singly (others may answer it)")
    @app_commands.describe(card="The card you play", area="The area the card names",
                           to_area="A second area (a move's destination)",
                           continent="The continent the card names",
                           player="The player the card names",
                           other_player="A second player the card names",
                           count="A number the card asks for",
                           take="What the card takes (a card's name)")
    @app_commands.autocomplete(card=from_prompt("play", "card"), area=risk_territories("play", "area"),
                               to_area=risk_territories("play", "to_area"), continent=continents,
                               player=players, other_player=players, take=discards)
    async def play(self, interaction: Interaction, card: str, area: str | None = None,
                   to_area: str | None = None, continent: str | None = None,
                   player: str | None = None, other_player: str | None = None,
                   count: app_commands.Range[int, 0, 999] | None = None,
                   take: str | None = None) -> None:
        await self.run(interaction, "play", card=card, area=area, to_area=to_area,
                       continent=continent, player=player, other_player=other_player,
                       count=count, take=take)

    @owd.command(name="pass", description="Let a card's window go by without answering")
    async def pass_(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass")

    @owd.command(name="steal", description="Informant: take 1 card from the hand you saw")
    @app_commands.autocomplete(card=from_prompt("steal", "card"))
    async def steal(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "steal", card=card)

    # ----- attacking --------------------------------------------------------------

    @owd.command(name="begin-attacks", description="End the placing; attack next")
    async def begin_attacks(self, interaction: Interaction) -> None:
        await self.run(interaction, "begin-attacks")

    @owd.command(name="attack", description="Attack (one round) with 1 to 3 dice")
    @app_commands.describe(dice="Dice to roll (default: as many as allowed)",
                           count="Armies committed to the attack (Jihad)")
    @app_commands.autocomplete(from_territory=risk_territories("attack", "from_territory"),
                               to_territory=risk_territories("attack", "to_territory"))
    async def attack(self, interaction: Interaction, from_territory: str, to_territory: str,
                     dice: app_commands.Range[int, 1, 3] | None = None,
                     count: app_commands.Range[int, 1, 999] | None = None) -> None:
        await self.run(interaction, "attack", from_territory=from_territory,
                       to_territory=to_territory, dice=dice, count=count)

    @owd.command(name="defend", description="Roll 1 or 2 dice against the attack")
    async def defend(self, interaction: Interaction, dice: app_commands.Range[int, 1, 2]
                     ) -> None:
        await self.run(interaction, "defend", dice=dice)

    @owd.command(name="move", description="Move armies into the area you just conquered")
    async def move(self, interaction: Interaction, count: app_commands.Range[int, 1, 999]
                   ) -> None:
        await self.run(interaction, "move", count=count)

    @owd.command(name="end-attacks", description="Stop attacking; the free move is next")
    async def end_attacks(self, interaction: Interaction) -> None:
        await self.run(interaction, "end-attacks")

    @owd.command(name="fortify", description="The free move: armies to an adjacent area")
    @app_commands.autocomplete(from_territory=risk_territories("fortify", "from_territory"),
                               to_territory=risk_territories("fortify", "to_territory"))
    async def fortify(self, interaction: Interaction, from_territory: str, to_territory: str,
                      count: app_commands.Range[int, 1, 999]) -> None:
        await self.run(interaction, "fortify", from_territory=from_territory,
                       to_territory=to_territory, count=count)

    @owd.command(name="end-turn", description="End your turn")
    async def end_turn(self, interaction: Interaction) -> None:
        await self.run(interaction, "end-turn")

    # ----- information, privately ---------------------------------------------------

    @owd.command(name="hand", description="Your cards (only you see them)")
    async def hand(self, interaction: Interaction) -> None:
        await self.run(interaction, "hand")

    @owd.command(name="odds", description="Exact battle odds, privately: two areas or numbers")
    @app_commands.describe(attackers="Armies able to attack (not the one that stays)",
                           defenders="Defending armies")
    @app_commands.autocomplete(from_territory=risk_territories("odds", "from_territory"),
                               to_territory=risk_territories("odds", "to_territory"))
    async def odds(self, interaction: Interaction, from_territory: str | None = None,
                   to_territory: str | None = None,
                   attackers: app_commands.Range[int, 1, 300] | None = None,
                   defenders: app_commands.Range[int, 1, 300] | None = None) -> None:
        await self.run(interaction, "odds", from_territory=from_territory,
                       to_territory=to_territory, attackers=attackers, defenders=defenders)

    @owd.command(name="board", description="The map as everyone sees it (only to you)")
    async def board(self, interaction: Interaction) -> None:
        await self.show_board(interaction, "map.png")


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "owd"
    await bot.add_cog(OneWorldDominionCog(bot))
