"""Views on demand through the sandbox (issue 24, "Views on demand"; docs/plotted-aa.md,
decisions V-1 to V-4).

"`/paa board [theatre] [round] [turn]`, now or after any past round (from the stored log),
readable at 550 px (area names, stacks); `/paa odds` in the channel and in DMs, for a battle
as it stands or as typed"; "`/aa odds` is refused in a Plotted A&A game and in DMs (today it
is)": no longer. Every answer goes to the asker alone; the channel sees none of it.
"""

from __future__ import annotations

import json
from typing import Any

import engine
import renders
from cogs.paa import board_png
from demo.scripts.plotted_aa import paa_script
from demo.table import DemoTable
from engine.aa.units import POWERS
from renders import encode, plotted_aa
from renders.text import CHAT_WIDTH, MIN_PX, recording
from sandbox import Interaction
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"
SEATS = (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"), ("ann", "Japan"),
         ("bob", "USA"))  # ann and bob hold two powers each


def dm(table: Table, user: str) -> int:
    return table.fake.world.dm_by_user[table.users[user]]


def only_to_asker(inter: Interaction) -> None:
    assert inter.ephemeral or inter.response_type == 5, inter.describe()
    assert all(m.ephemeral_to == inter.user_id or m.channel_id != inter.channel_id
               for m in inter.all_messages()), inter.describe()


def board_file(inter: Interaction) -> bytes:
    (png,) = [data for m in inter.all_messages() for _, data in m.files]
    assert png.startswith(PNG)
    return png


async def replayed_round(table: Table, turn: int, number: int) -> dict[str, Any]:
    """The public view after round `number` of `turn`, worked out here from the stored
    steps alone (independently of `bot.history`), as the board posted then drew it."""
    assert table.bot is not None
    live = await table.loaded()
    start = await table.bot.service.storage.start_snapshot(live.id)
    game = engine.load("plotted-aa", json.loads(json.dumps(start)))
    seen_turn = 1
    for step in await table.steps():
        events = game.act(step.seat, step.action, **step.params)
        for event in events:
            if event.public and event.kind == "round_over" and seen_turn == turn \
                    and event.data["round"] == number:
                view = {**game.view(None), "turn": turn}
                return plotted_aa.board_views(view, [{"kind": "round_over", **event.data}])[0]
            if event.public and event.kind == "turn_started":
                seen_turn += 1
    raise AssertionError("that round never ended")


async def test_the_board_after_a_past_round_in_a_theatre_and_in_a_dm(table: Table) -> None:
    """After the demo's whole first turn (seven rounds), `/paa board round:2 turn:1 theatre`
    draws the Eastern Front as it stood after round 2 (that round's moves on it), rebuilt
    from the stored log; the same in ann's DM; a round not over, or a turn not begun, is
    refused saying what there is; the board now and at the end of turn 1 are the world."""
    table.extensions = ("cogs.lobby", "cogs.paa")
    bot = await table.start_bot(seed="demo-paa-0")
    await paa_script(DemoTable(table.fake, bot, table.channel, table.users))
    posted = len(table.fake.messages(table.channel))

    asked = await table.slash("bob", "paa board", theatre="Eastern Front", round=2, turn=1)
    only_to_asker(asked)
    assert "The board after round 2 of turn 1, Eastern Front." in asked.text()
    expected = await replayed_round(table, 1, 2)
    assert expected["moves"] and expected["phase"] == "turn 1, Execution Phase, round 2 over"
    assert board_file(asked) == encode.png(plotted_aa.picture(expected,
                                                              theatre="Eastern Front"))

    in_dm = await table.slash("ann", "paa board", channel=dm(table, "ann"), round=2, turn=1,
                              theatre="Eastern Front")
    assert board_file(in_dm) == board_file(asked)
    world = await table.slash("ann", "paa board", channel=dm(table, "ann"), round=5, turn=1)
    assert board_file(world) == plotted_aa.render(await replayed_round(table, 1, 5))
    assert "name a theatre to see every area's name and units" in world.text()

    not_yet = await table.slash("cy", "paa board", round=1)  # this turn is turn 2
    assert "Round 1 of turn 2 isn't over yet (rounds over this turn: none yet)." in \
        not_yet.text()
    assert "Turn 3 hasn't begun: this is turn 2." in \
        (await table.slash("cy", "paa board", turn=3)).text()
    assert "Turn 1 had no round 9: its rounds were 1 to 7." in \
        (await table.slash("cy", "paa board", turn=1, round=9)).text()
    live = await table.loaded()
    now = await table.slash("cy", "paa board")
    assert board_file(now) == plotted_aa.render(live.game.view(None))
    ended = await table.slash("cy", "paa board", turn=1)
    assert "The board at the end of turn 1" in ended.text()
    assert board_file(ended) == board_file(now)  # nothing moved since turn 2 began
    assert len(table.fake.messages(table.channel)) == posted


def test_a_theatre_close_up_names_its_areas_and_counts_their_units_at_chat_size() -> None:
    """"Readable at 550 px (area names, stacks)": the theatre `/paa board` draws
    (`cogs.paa.board_png`) names every area of it and the units there, each text at least
    9 px tall at Discord's 550 px, within 150 KB."""
    game = engine.new_game("plotted-aa", list(POWERS), seed="theatre-words")
    view = json.loads(json.dumps(game.view(None)))
    with recording() as drawn:
        png = board_png(renders.PICTURES["plotted-aa"], view, "Eastern Front")
    assert len(png) <= 150_000
    texts = " ".join(d.text for d in drawn)
    width = plotted_aa.WIDTH
    assert all(d.size * CHAT_WIDTH / width >= MIN_PX for d in drawn if d.needed)
    for name in ("Karelia", "Russia", "Ukraine", "East Europe", "Caucasus"):
        assert name in texts, name
    assert "3 inf" in texts  # Karelia's stack


async def start_plot_phase(table: Table, seed: str, **options: str) -> None:
    """A Plotted A&A game in its Plot Phase, with `/aa` loaded too (as the bot runs)."""
    table.extensions = ("cogs.lobby", "cogs.aa", "cogs.paa")
    bot = await table.start_bot(seed=seed)
    bot.pictures.clear()
    await table.slash("ann", "game new", variant="plotted-aa", **options)
    for user, power in SEATS:
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    for user, _ in SEATS:
        await table.slash(user, "paa skip")


async def test_paa_odds_and_aa_odds_answer_in_the_channel_and_in_a_dm(table: Table) -> None:
    """V-1, V-2: `/paa odds area:Karelia` in the channel counts what Karelia holds against
    every German unit that could attack it; in ann's DM the same; typed units as typed;
    `/aa odds` gives the same answers in the Plotted A&A game's channel and in a DM (it
    was refused in both). The channel sees none of it, nor is anything stored."""
    await start_plot_phase(table, "paa-odds")
    posted = len(table.fake.messages(table.channel))
    assert table.bot is not None
    live = await table.loaded()
    stored = live.seq

    here = await table.slash("ann", "paa odds", area="Karelia", power="Germany")
    only_to_asker(here)
    said = here.text()
    assert "Karelia S.S.R. now: 3 infantry, 1 armour, 1 fighter of USSR, and an AA gun." \
        in said
    assert "Every unit of Germany that could attack Karelia S.S.R. now: " in said
    assert "attacker wins" in said

    there = await table.slash("ann", "paa odds", channel=dm(table, "ann"), area="Karelia",
                              power="Germany")
    assert there.text() == said
    typed = await table.slash("cy", "paa odds", channel=dm(table, "cy"), attackers="3 inf",
                              defenders="2 inf")
    assert typed.text().startswith("3 infantry against 2 infantry (exact):")

    classic = await table.slash("ann", "aa odds", area="Karelia", power="Germany")
    assert classic.text() == said
    classic_dm = await table.slash("cy", "aa odds", channel=dm(table, "cy"),
                                   attackers="3 inf", defenders="2 inf")
    assert classic_dm.text() == typed.text()
    own = await table.slash("bob", "aa odds", area="Karelia", power="USSR")
    assert "If Germany attacks with everything that could reach it now" in own.text()

    assert len(table.fake.messages(table.channel)) == posted
    assert "attacker wins" not in table.said()
    assert (await table.loaded()).seq == stored


async def test_odds_of_the_battle_being_fought_from_a_dm(table: Table) -> None:
    """V-2: while Germany's attack on Karelia is fought, `/paa odds` with nothing typed
    answers for that battle as it stands, in the USSR player's DM. (Every standing order "ask
    me", so that the battle waits for its casualties.)"""
    await start_plot_phase(table, "paa-odds-battle", options="standing_orders=ask")
    await table.slash("ann", "paa plot move", power="Germany", round=1, units="3i, t",
                      to="Karelia", **{"from": "E Eur"})
    for user, power in SEATS:
        await table.slash(user, "paa plot submit", power=power)
    live = await table.loaded()
    for _ in range(10):  # USSR has no action; Germany executes its attack
        game: Any = live.game
        if game.battle is not None:
            break
        await table.slash("ann", "paa execute")
    assert live.game.battle is not None  # type: ignore[union-attr]
    answer = await table.slash("bob", "paa odds", channel=dm(table, "bob"), power="USSR")
    assert answer.text().startswith("The battle in Karelia S.S.R. as it stands")
    assert "Germany attacks, USSR defends." in answer.text()


async def test_aa_odds_is_answered_in_a_plotted_game_and_in_a_dm(table: Table) -> None:
    """"`/aa odds` is refused in a Plotted A&A game and in DMs (today it is)": typed units
    are answered in the Plotted A&A game's channel and in a player's DM, as `/paa odds`
    answers them (one query)."""
    await start_plot_phase(table, "aa-odds-in-paa")
    here = await table.slash("cy", "aa odds", attackers="3 inf, arm", defenders="2 inf")
    only_to_asker(here)
    assert here.text().startswith("3 infantry, 1 armour against 2 infantry (exact):")
    there = await table.slash("cy", "aa odds", channel=dm(table, "cy"),
                              attackers="3 inf, arm", defenders="2 inf")
    assert there.text() == here.text()
    same = await table.slash("cy", "paa odds", attackers="3 inf, arm", defenders="2 inf")
    assert same.text() == here.text()


async def test_aa_odds_in_a_dm_of_an_a_and_a_classic_game(table: Table) -> None:
    """`/aa odds` in a DM of a player of an A&A classic game: answered there, an area as it
    stands included (V-2 holds for both games)."""
    table.extensions = ("cogs.lobby", "cogs.aa", "cogs.paa")
    bot = await table.start_bot(seed="aa-odds-dm")
    bot.pictures.clear()
    await table.slash("ann", "game new", variant="aa-classic")
    for user, power in SEATS:
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    answer = await table.slash("bob", "aa odds", channel=dm(table, "bob"), power="USSR",
                               area="E Eur")
    assert answer.text().startswith("East Europe now: 3 infantry, 1 armour, 1 fighter of "
                                    "Germany.")
    assert "Every unit of USSR that could attack East Europe now: " in answer.text()
