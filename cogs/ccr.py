"""`/ccr`: Cold Cash Risk (docs/cold-cash-risk.md). Each subcommand is one engine action."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.client import Croupier
from cogs.base import Complete, GameCog, from_prompt, matching, prompt_choices, risk_territories
from engine.acquire.chart import chains

Interaction = discord.Interaction[Any]
VARIANT = "cold-cash-risk"
YesNo = Literal["yes", "no"]


def corporations(action: str) -> Complete:
    """The prompt's legal corporations when it lists them; otherwise the game's chains."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        offered = await prompt_choices(interaction.client, interaction, action, "corporation",
                                       current)
        if offered:
            return offered
        bot: Croupier = interaction.client
        try:
            live = await bot.actions.game_here(interaction, VARIANT)
            edition = live.row.options.get("edition", "2008")
        except Exception:  # noqa: BLE001 - autocomplete never fails loudly
            edition = "2008"
        return matching(list(chains(str(edition))), current)

    return complete



class ColdCashRisk(GameCog):
    variant = VARIANT
    ccr = app_commands.Group(name="ccr", description="Cold Cash Risk")
    # Discord allows 25 subcommands a group: what is never asked for by a prompt (free
    # actions and questions) lives one level down, in `/ccr table ...`.
    table = app_commands.Group(name="table", parent=ccr,
                               description="Your shares on the table, standing orders, "
                                           "the market and the odds")
    # The decisions a prompt always offers as DM buttons or a DM menu (never named as a
    # command in a prompt) can also be typed, in `/ccr answer ...`.
    answer = app_commands.Group(name="answer", parent=ccr,
                                description="Answer a decision you were asked by DM")

    # ----- placing ---------------------------------------------------------

    @ccr.command(name="place", description="Place a Mom & Pop (or hired security teams)")
    @app_commands.autocomplete(territory=risk_territories("place", "territory"))
    async def place(self, interaction: Interaction, territory: str,
                    count: app_commands.Range[int, 1, 99] | None = None) -> None:
        await self.run(interaction, "place", territory=territory, count=count)

    @ccr.command(name="found", description="Found a corporation on your Mom & Pop")
    @app_commands.autocomplete(corporation=corporations("found"))
    async def found(self, interaction: Interaction, corporation: str) -> None:
        await self.run(interaction, "found", corporation=corporation)

    @ccr.command(name="absorb", description="Let a bordering corporation absorb the Mom & Pop")
    @app_commands.autocomplete(corporation=corporations("absorb"))
    async def absorb(self, interaction: Interaction, corporation: str) -> None:
        await self.run(interaction, "absorb", corporation=corporation)

    @ccr.command(name="merge", description="Merge the bordering corporations")
    @app_commands.autocomplete(survivor=from_prompt("merge", "survivor"),
                               first=from_prompt("merge", "first"))
    async def merge(self, interaction: Interaction, survivor: str | None = None,
                    first: str | None = None) -> None:
        await self.run(interaction, "merge", survivor=survivor, first=first)

    @ccr.command(name="leave", description="Leave the Mom & Pop as it is")
    async def leave(self, interaction: Interaction) -> None:
        await self.run(interaction, "leave")

    @answer.command(name="settle-first",
                 description="Merger: which of equal-sized corporations is settled first")
    @app_commands.autocomplete(corporation=from_prompt("settle-first", "corporation"))
    async def settle_first(self, interaction: Interaction, corporation: str) -> None:
        await self.run(interaction, "settle-first", corporation=corporation)

    @answer.command(name="consent", description="Agree to (or refuse) a proposed merger")
    async def consent(self, interaction: Interaction, choice: YesNo) -> None:
        await self.run(interaction, "consent", choice=choice)

    @ccr.command(name="dispose", description="Defunct shares: how many to sell, trade, keep")
    async def dispose(self, interaction: Interaction,
                      sell: app_commands.Range[int, 0, 25] | None = None,
                      trade: app_commands.Range[int, 0, 25] | None = None,
                      keep: app_commands.Range[int, 0, 25] | None = None) -> None:
        await self.run(interaction, "dispose", sell=sell, trade=trade, keep=keep)

    # ----- the action --------------------------------------------------------

    @ccr.command(name="buy", description="Buy 1 to 3 shares")
    @app_commands.autocomplete(corporation=corporations("buy"))
    async def buy(self, interaction: Interaction, corporation: str,
                  count: app_commands.Range[int, 1, 3]) -> None:
        await self.run(interaction, "buy", corporation=corporation, count=count)

    @ccr.command(name="sell", description="Sell shares to the Bank")
    @app_commands.autocomplete(corporation=corporations("sell"))
    async def sell(self, interaction: Interaction, corporation: str,
                   count: app_commands.Range[int, 1, 25]) -> None:
        await self.run(interaction, "sell", corporation=corporation, count=count)

    @ccr.command(name="meeting", description="Call a stockholders' meeting to replace a CEO")
    @app_commands.autocomplete(corporation=corporations("meeting"),
                               nominee=from_prompt("meeting", "nominee"))
    async def meeting(self, interaction: Interaction, corporation: str, nominee: str) -> None:
        await self.run(interaction, "meeting", corporation=corporation, nominee=nominee)

    @answer.command(name="accept", description="Accept (or decline) your nomination as CEO")
    async def accept(self, interaction: Interaction, choice: YesNo) -> None:
        await self.run(interaction, "accept", choice=choice)

    @answer.command(name="ballot", description="Meeting: ask a stockholder for their vote")
    @app_commands.autocomplete(voter=from_prompt("ballot", "voter"))
    async def ballot(self, interaction: Interaction, voter: str) -> None:
        await self.run(interaction, "ballot", voter=voter)

    @answer.command(name="count-votes", description="Meeting: count the votes")
    async def count_votes(self, interaction: Interaction) -> None:
        await self.run(interaction, "count-votes")

    @answer.command(name="vote", description="Vote your shown shares at the meeting")
    @app_commands.autocomplete(choice=from_prompt("vote", "choice"))
    async def vote(self, interaction: Interaction, choice: str) -> None:
        await self.run(interaction, "vote", choice=choice)

    @ccr.command(name="announce",
                 description="Hostile takeover: attack a Mom & Pop (it rolls for its teams)")
    @app_commands.autocomplete(from_territory=risk_territories("announce", "from_territory"),
                               to_territory=risk_territories("announce", "to_territory"))
    async def announce(self, interaction: Interaction, from_territory: str,
                       to_territory: str) -> None:
        await self.run(interaction, "announce", from_territory=from_territory,
                        to_territory=to_territory)

    @ccr.command(name="attack", description="Hostile takeover: one round of dice")
    @app_commands.autocomplete(from_territory=risk_territories("attack", "from_territory"),
                               to_territory=risk_territories("attack", "to_territory"))
    async def attack(self, interaction: Interaction, from_territory: str | None = None,
                     to_territory: str | None = None,
                     dice: app_commands.Range[int, 1, 3] | None = None) -> None:
        await self.run(interaction, "attack", from_territory=from_territory,
                        to_territory=to_territory, dice=dice)

    @ccr.command(name="blitz", description="Attack until the territory falls or you stop")
    @app_commands.autocomplete(from_territory=risk_territories("blitz", "from_territory"),
                               to_territory=risk_territories("blitz", "to_territory"))
    async def blitz(self, interaction: Interaction, from_territory: str | None = None,
                    to_territory: str | None = None,
                    stop_at: app_commands.Range[int, 1, 99] | None = None) -> None:
        await self.run(interaction, "blitz", from_territory=from_territory,
                        to_territory=to_territory, stop_at=stop_at)

    @answer.command(name="defend", description="Defend an attack with 1 or 2 dice")
    async def defend(self, interaction: Interaction, dice: app_commands.Range[int, 1, 2]
                     ) -> None:
        await self.run(interaction, "defend", dice=dice)

    @table.command(name="defence",
                 description="Your standing order when defending: ask, most dice, one die")
    async def defence(self, interaction: Interaction,
                      choice: Literal["ask", "most", "one"]) -> None:
        await self.run(interaction, "defence", choice=choice)

    @ccr.command(name="move", description="Move security teams (free move, conquest, restructure)")
    @app_commands.autocomplete(from_territory=risk_territories("move", "from_territory"),
                               to_territory=risk_territories("move", "to_territory"))
    async def move(self, interaction: Interaction, count: app_commands.Range[int, 1, 99],
                   from_territory: str | None = None, to_territory: str | None = None) -> None:
        await self.run(interaction, "move", from_territory=from_territory,
                        to_territory=to_territory, count=count)

    @ccr.command(name="end-attacks", description="End the takeover's attacks")
    async def end_attacks(self, interaction: Interaction) -> None:
        await self.run(interaction, "end-attacks")

    @ccr.command(name="pass", description="Take no action (or stop: selling, moving, earnings)")
    async def pass_(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass")

    @ccr.command(name="earnings", description="One corporation's earnings choice")
    @app_commands.autocomplete(corporation=corporations("earnings"),
                               territory=risk_territories("earnings", "territory"),
                               from_territory=risk_territories("earnings", "from_territory"),
                               to_territory=risk_territories("earnings", "to_territory"))
    async def earnings(self, interaction: Interaction, corporation: str,
                       choice: Literal["restructure", "hire", "dividends", "downsize"],
                       territory: str | None = None, from_territory: str | None = None,
                       to_territory: str | None = None,
                       count: app_commands.Range[int, 1, 99] | None = None) -> None:
        await self.run(interaction, "earnings", corporation=corporation, choice=choice,
                        territory=territory, from_territory=from_territory,
                        to_territory=to_territory, count=count)

    @ccr.command(name="fire", description="Downsizing: fire security teams in a territory")
    @app_commands.autocomplete(territory=from_prompt("fire", "territory"))
    async def fire(self, interaction: Interaction, territory: str,
                   count: app_commands.Range[int, 1, 99] | None = None) -> None:
        await self.run(interaction, "fire", territory=territory, count=count)

    @ccr.command(name="declare-end", description="Ring the Closing Bell (start of your turn)")
    async def declare_end(self, interaction: Interaction) -> None:
        await self.run(interaction, "declare-end")

    # ----- information ------------------------------------------------------

    @table.command(name="show", description="Show shares: shown shares vote and earn dividends")
    @app_commands.autocomplete(corporation=corporations("show"))
    async def show(self, interaction: Interaction, corporation: str,
                   count: app_commands.Range[int, 1, 25] | None = None) -> None:
        await self.run(interaction, "show", corporation=corporation, count=count)

    @table.command(name="hide", description="Hide shares you had shown")
    @app_commands.autocomplete(corporation=corporations("hide"))
    async def hide(self, interaction: Interaction, corporation: str,
                   count: app_commands.Range[int, 1, 25] | None = None) -> None:
        await self.run(interaction, "hide", corporation=corporation, count=count)

    @table.command(name="portfolio", description="Your cash, shares and cards (only you see it)")
    async def portfolio(self, interaction: Interaction) -> None:
        await self.run(interaction, "portfolio")

    @table.command(name="market", description="The stock market")
    async def market(self, interaction: Interaction) -> None:
        await self.run(interaction, "market")

    @table.command(name="odds", description="Exact battle odds: attackers against defenders")
    @app_commands.describe(attackers="Armies able to attack (not the one that stays)",
                           defenders="Defending armies")
    async def odds(self, interaction: Interaction, attackers: app_commands.Range[int, 1, 300],
                   defenders: app_commands.Range[int, 1, 300]) -> None:
        await self.run(interaction, "odds", attackers=attackers, defenders=defenders)

    @table.command(name="board", description="The map and the market as everyone sees them")
    async def board(self, interaction: Interaction) -> None:
        await self.show_board(interaction, "market.png")


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "ccr"
    await bot.add_cog(ColdCashRisk(bot))
