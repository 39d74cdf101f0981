"""Axis & Allies classic end to end through the sandbox (issue 15's acceptance).

"End to end through the sandbox: a purchase, a combat move with an amphibious assault,
casualties chosen by the defender by DM, a retreat, placement and income, the map posted."
The scripted players are the demo's (demo/scripts/aa_classic.py: three players hold the five powers and
play round 1 by clicking their DM prompts), run against the test's sandbox with the demo's seed:
what `python -m bot demo aa-classic` must show is checked here too (tests/cogs/test_demo.py).
"""

from __future__ import annotations

from pathlib import Path

import engine
from demo.scripts.aa_classic import aa_script
from demo.table import DemoTable
from engine.replay import verify
from tests.support.notices import Recorder, unnoticed
from tests.support.players_words import transcript_as_a_player
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"


async def test_round_one_of_all_five_powers_through_discord(table: Table,
                                                           tmp_path: Path) -> None:
    table.extensions = ("cogs.lobby", "cogs.aa")
    bot = await table.start_bot(seed="demo-aa-0")
    recorder = Recorder(table.fake)
    summary = await aa_script(DemoTable(table.fake, bot, table.channel, table.users))
    assert "round 1 of all five powers" in summary
    channel = table.said()

    # A purchase, announced when the phase ends (and paid then).
    assert "USSR buys 8 infantry." in channel
    # A combat move with an amphibious assault: loaded, stormed ashore, bombarded.
    assert "United Kingdom loads 2 infantry from United Kingdom" in channel
    assert "storms ashore with 2 infantry from North Sea Zone in West Europe" in channel
    assert "bombardment by 1 battleship" in channel
    # The defender (Germany, ann) chose its casualty through its DM prompt's form.
    chosen = [i for i in table.fake.interactions
              if i.custom_id and ":casualties" in i.custom_id]
    assert chosen and all(i.guild_id is None for i in chosen)
    assert {i.user_id for i in chosen} >= {table.users["ann"]}
    assert "Germany loses 1 infantry." in channel
    assert any("Choose 1 casualty among" in m.text() for m in table.dms("ann"))
    # A retreat, to where the attack came from.
    assert "USSR retreats 1 infantry, 1 armour to Karelia S.S.R." in channel
    # Placement and income, then round 2.
    assert "USSR places 6 infantry in Russia." in channel
    assert "USSR collects 24 IPCs" in channel
    # A capture: Japan takes China, the USA choosing its own casualties by DM (bob), the
    # fighters landing afterwards; its 2 IPCs move from the USA's income to Japan's.
    assert "Japan captures China." in channel and "USA loses 2 infantry." in channel
    assert any(i.user_id == table.users["bob"] for i in chosen)
    assert "Japan moves 1 fighter from China to Manchuria." in channel
    assert "Japan collects 27 IPCs" in channel and "USA collects 34 IPCs" in channel
    assert "Germany collects 32 IPCs" in channel and "United Kingdom collects 30 IPCs" in channel
    assert all(table.dms(u) for u in ("ann", "bob", "cy"))
    assert "Round 2: USSR's turn" in channel
    # Issue 24: a phase change is said once. Germany fights no battle: its combat ends at
    # once, and that is said, not also "Germany: non-combat movement.".
    assert "Germany's battles are over: non-combat movement." in channel
    assert "Germany: non-combat movement." not in channel
    # The map posted: the world after each turn, the zoomed theatre beside it after battles.
    files = [(name, data) for m in table.fake.messages(table.channel) for name, data in m.files]
    assert len(files) >= 6 and all(data.startswith(PNG) for _, data in files)
    assert any("-zoom-" in name for name, _ in files)
    assert all(len(data) <= 150_000 for _, data in files)
    # The odds and the units were answered to their askers alone.
    asked = [i for i in table.fake.interactions if i.type == 2 and i.guild_id is not None]
    answers = "\n".join(m.text() for i in asked for m in i.all_messages())
    assert "attacker wins" in answers and "1 fighter, 1 AA gun" in answers
    assert "attacker wins" not in channel and "1 fighter, 1 AA gun" not in channel

    live = await table.loaded()
    game = live.game
    assert game is not None and game.view(None)["round"] == 2
    assert game.pos.treasury["USSR"] == 24
    state = game.state()
    assert engine.load("aa-classic", state).state() == state
    assert verify(state, await table.steps()).ok
    # Issue 24's transcript check, and the transcript in the words the players saw.
    assert await unnoticed(recorder, bot, live.id) == []
    bad = transcript_as_a_player(table.fake, tmp_path)
    assert not bad, "\n".join(bad[:20])


async def test_board_loss_order_and_typed_commands_of_a_player_holding_two_powers(
        table: Table) -> None:
    """`/aa board` is answered to the asker alone; a player holding Germany and Japan saves
    Japan's loss order (the deadline's casualties) by naming it, privately; typed commands
    act for the power that is asked, and a refusal says why."""
    table.extensions = ("cogs.lobby", "cogs.aa")
    await table.start_bot(seed="aa-board")
    await table.slash("ann", "game new", variant="aa-classic")
    for user, power in (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"),
                        ("ann", "Japan"), ("bob", "USA")):
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    posted = len(table.fake.messages(table.channel))

    board = await table.slash("cy", "aa board")
    files = [data for m in board.all_messages() for _, data in m.files]
    assert board.ephemeral and files and files[0].startswith(PNG)

    saved = await table.slash("ann", "aa loss-order", order="inf, arm, trn, sub, ftr, bmb",
                              power="Japan")
    assert saved.ephemeral and "Done" in saved.text()
    assert any("Saved loss order for Japan" in m.text() for m in table.dms("ann"))
    game = (await table.loaded()).game
    assert game is not None
    assert game.loss_orders["Japan"][:3] == ["infantry", "armour", "transport"]
    assert "Germany" not in game.loss_orders
    assert "loss order" not in table.said()
    # Neither answer reached the channel.
    assert len(table.fake.messages(table.channel)) == posted


    # Typed commands: bob holds USSR and USA; only the USSR is asked, so it acts. A refusal
    # says why, to bob alone, and changes nothing.
    await table.slash("bob", "aa end-phase")
    refused = await table.slash("bob", "aa buy", units="3 fighters")
    assert refused.ephemeral and "cost 36 IPCs; you have 24" in refused.text()
    await table.slash("bob", "aa buy", units="2 inf, 3 tanks")
    game = (await table.loaded()).game
    assert game is not None and game.bought == {"infantry": 2, "armour": 3}
    assert "USSR orders 2 infantry, 3 armour (21 IPCs in all this turn)." in table.said()


async def test_area_autocomplete_reads_names_as_players_write_them(table: Table) -> None:
    """Issue 15: "autocomplete for areas from the prompt"; the prompts list no areas, so
    what is typed is read as the game reads it ("E Med", "Ukr"), the asker's areas first
    for where units come from."""
    table.extensions = ("cogs.lobby", "cogs.aa")
    await table.start_bot(seed="aa-complete")
    await table.slash("ann", "game new", variant="aa-classic")
    for user, power in (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"),
                        ("ann", "Japan"), ("bob", "USA")):
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    uid, channel = table.users["bob"], table.channel

    offered = await table.fake.autocomplete(uid, channel, "aa move", "to", to="E Med",
                                            units="inf", **{"from": "x"})
    assert offered[0]["value"] == "East Mediteranean Sea Zone"  # the board's key is sent
    assert offered[0]["name"] == "East Mediterranean Sea Zone"  # as players spell it
    offered = await table.fake.autocomplete(uid, channel, "aa attack", "to", to="Ukr",
                                            units="inf", **{"from": "x"})
    assert offered[0]["value"] == "Ukraine S.S.R."
    # Where units come from: bob's own areas (USSR's, the USA's) before the others.
    offered = await table.fake.autocomplete(uid, channel, "aa move", "from", units="inf",
                                            to="x", **{"from": ""})
    names = [o["value"] for o in offered]
    assert len(names) == 25 and "Russia" in names and "Germany" not in names

    # Units: what stands free to move in the area named in `from`, as a whole and by kind.
    offered = await table.fake.autocomplete(uid, channel, "aa move", "units", units="",
                                            to="x", **{"from": "Karelia"})
    stacks = [o["value"] for o in offered]
    assert stacks[0] == "3 infantry, 1 armour, 1 fighter, 1 AA gun"
    assert "3 infantry" in stacks and not any("complex" in u for u in stacks)
    # Another player's power isn't offered: ann (Germany, Japan) while the USSR moves.
    offered = await table.fake.autocomplete(table.users["ann"], channel, "aa move", "units",
                                            units="", to="x", **{"from": "Germany"})
    assert offered == []

    # Casualties: the asker's saved loss order's pick, for the battle that waits for it.
    await table.slash("bob", "aa end-phase")
    await table.slash("bob", "aa end-phase")
    await table.slash("bob", "aa attack", units="3 inf, arm", to="E Eur", **{"from": "Karelia"})
    await table.slash("bob", "aa end-phase")
    game = (await table.loaded()).game
    assert game is not None and game.phase == "combat"
    (seat,) = [s for s, p in game.prompts().items() if p.action("casualties")]
    user = table.users["bob" if seat == "USSR" else "ann"]
    offered = await table.fake.autocomplete(user, channel, "aa casualties", "units", units="")
    assert [o["value"] for o in offered] == [game.default_casualties_for(seat)]
