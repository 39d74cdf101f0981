"""One World Dominion end to end through the sandbox (issue 17's acceptance).

A turn with reinforcements, a card played singly whose reaction window times out (the test
clock moved past `window_seconds`), an attack answered by the defender's (D) card by DM
(and the window that card opens in turn, answered in time), and a defender's window that
times out. The position is brought in with
`/game import` (a real table's game in progress), so that the hands are the ones the rules
talk about; every move after it is a click in a player's prompt.
"""

from __future__ import annotations

import json
from typing import Any

from demo.table import Clicker
from tests.cogs.walk import walk
from tests.engine.one_world_dominion.helpers import position
from tests.support.notices import Recorder, unnoticed
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"


def the_table() -> dict[str, Any]:
    """Ann to place her new armies, holding Weather Control (P); Bob holds Fortification
    (D) and Ontario; Cy holds Orbital Laser (A), so both may answer Ann's card."""
    game = position(["Ann", "Bob", "Cy"], areas={"Alberta": ("Ann", 8), "Ontario": ("Bob", 2)},
                    hands={"Ann": ["Weather Control"], "Bob": ["Fortification"],
                           "Cy": ["Orbital Laser"]}, current="Ann")
    return game.state()


async def click(table: Table, seat: str, action: str, **params: Any) -> None:
    assert table.bot is not None
    clicker = Clicker(table.fake, table.bot, table.channel)
    live = await table.loaded()
    await clicker.take(table.users[seat.lower()], live.id, seat, action, params)
    await table.fake.settle()


async def test_reinforce_play_a_card_window_times_out_and_a_defender_answers_by_dm(
        table: Table) -> None:
    table.extensions = ("cogs.lobby", "cogs.owd")
    bot = await table.start_bot(seed="owd-e2e")
    recorder = Recorder(table.fake)
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in
                        ("Ann", "Bob", "Cy"))
    done = await table.slash("ann", "game import", variant="one-world-dominion",
                             players=players,
                             file=("owd.json", json.dumps(the_table()).encode()))
    assert "Imported as game #" in done.text()
    live = await table.loaded()
    game = live.game

    # Reinforcements: Ann places all her new armies by clicking her prompt.
    await click(table, "Ann", "place", territory="Alberta", count=game.pending())
    assert "Ann places 5 armies in Alberta." in table.said()

    # Autocomplete from the prompt: Ann's own card; the map's areas by what is typed.
    cards = await table.fake.autocomplete(table.users["ann"], table.channel, "owd play",
                                          "card", card="")
    assert [c["value"] for c in cards] == ["Weather Control"]
    areas = await table.fake.autocomplete(table.users["ann"], table.channel, "owd attack",
                                          "to_territory", from_territory="Alberta",
                                          to_territory="onta")
    assert [c["value"] for c in areas] == ["Ontario"]
    # A card played singly by slash command: the window opens for Bob and Cy, by DM.
    await table.slash("ann", "owd play", card="Weather Control")
    assert "Ann plays Weather Control." in table.said()
    assert "Bob, Cy may answer Weather Control, or pass." in table.said()
    assert set(game.prompts()) == {"Bob", "Cy"}
    assert any("Answer with a card, or pass." in m.text() for m in table.dms("bob"))
    # Issue 24: a reaction window is nobody's turn: its call says they may play a card now.
    call = table.fake.pinged(table.users["bob"])[-1]
    assert "(Bob), you may play a card now: Ann plays Weather Control" in call.text() or \
        ", you may play a card now: Ann plays Weather Control" in call.text()
    assert "your turn: Ann plays" not in table.said()
    # Not before its time: 29 s on, the window is still open.
    table.clock.advance(29)
    await bot.timers.tick()
    assert set(game.prompts()) == {"Bob", "Cy"}
    # The window times out: both pass (the game's own timeout policy), in one post.
    table.clock.advance(2)
    await bot.timers.tick()
    await table.fake.settle()
    said = table.said()
    assert "The time to answer is up for Bob, Cy." in said
    assert "Bob passes." in said and "Cy passes." in said
    assert set(game.prompts()) == {"Ann"}
    assert any(e["card"] == "Weather Control" for e in game.view(None)["effects"])

    # An attack, answered by the defender's (D) card from his DM prompt.
    await click(table, "Ann", "attack", from_territory="Alberta", to_territory="Ontario")
    assert "Ann attacks Ontario (Bob, 2) from Alberta (13) with 3 dice." in table.said()
    await click(table, "Bob", "play", card="Fortification")
    plays = [i for i in table.fake.interactions
             if i.custom_id and i.user_id == table.users["bob"]]
    assert plays and all(i.guild_id is None for i in plays)  # clicked in his DMs
    # The card's seven optional answers came in two modals, a "Go on" button between them.
    titles = [str(i.modal.get("title")) for i in plays if i.modal]
    assert titles == ["Play a card (1/2)", "Play a card (2/2)"]
    assert "Bob plays Fortification." in table.said()
    # Fortification's own window: Cy answers in time, by passing in her DM.
    assert set(game.prompts()) == {"Cy"}
    await click(table, "Cy", "pass")
    assert set(game.prompts()) == {"Bob"}
    await click(table, "Bob", "defend", dice=2)
    assert "(+2)" in table.said()  # Fortification adds 2 to Bob's dice
    # The next round: Bob lets his defender's window run out, and rolls as many dice as
    # allowed (the game's timeout policy), 30 s after the attack, like any window.
    await click(table, "Ann", "attack", from_territory="Alberta", to_territory="Ontario")
    assert set(game.prompts()) == {"Bob"}
    rounds = table.said().count("Alberta -> Ontario")
    table.clock.advance(29)
    await bot.timers.tick()
    assert set(game.prompts()) == {"Bob"}
    table.clock.advance(2)
    await bot.timers.tick()
    await table.fake.settle()
    assert "The time to answer is up for Bob." in table.said()
    assert table.said().count("Alberta -> Ontario") == rounds + 1
    # The exact odds and the board, each only to the asker.
    odds = await table.slash("cy", "owd odds", attackers=5, defenders=3)
    assert odds.ephemeral and "%" in odds.text() and "without card effects" in odds.text()
    board = await table.slash("cy", "owd board")
    (shown,) = [m for m in board.all_messages() if m.files]
    assert board.ephemeral and shown.files[0][1].startswith(PNG)
    # Nobody's card reached the channel before it was played.
    assert "Orbital Laser" not in table.said()
    images = [data for m in table.fake.messages(table.channel) for _, data in m.files]
    assert all(data.startswith(PNG) for data in images)
    # Issue 24's transcript check: every window, defence and turn reached its player as a
    # message that notified them.
    assert await unnoticed(recorder, bot, live.id) == []


async def test_one_world_dominion_by_clicks_alone(table: Table) -> None:
    """Issue 17 ("every choice can be made by buttons, menus or a form"), as issue 14's walk:
    every action a prompt lists has a component, and random legal actions are completed by
    clicks alone, forms of two modals included."""
    table.users["dee"] = table.fake.add_user("dee", guild_id=table.guild)
    table.extensions = ("cogs.lobby", "cogs.owd")
    await table.start_bot(seed="walk-owd-1")
    assert table.bot is not None
    table.bot.pictures.clear()
    seats = ["Ann", "Bob", "Cy", "Dee"]
    state = position(seats, hands={"Ann": ["Mole", "Propaganda", "Weather Control"],
                                   "Bob": ["Fortification", "Killer Satellite"],
                                   "Cy": ["Saboteur", "Economic Sanctions"],
                                   "Dee": ["Electronic Warfare", "Navy"]},
                     current="Ann").state()
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in seats)
    await table.slash("ann", "game import", variant="one-world-dominion", players=players,
                      file=("owd.json", json.dumps(state).encode()))
    taken = await walk(table, 1, steps=30, last=("end-turn",))
    assert {"place", "play", "pass", "end-turn"} <= taken, taken
    assert not [i for i in table.fake.interactions if i.command and i.command.startswith("owd")]


async def test_a_window_open_at_a_restart_still_times_out_on_time(table: Table) -> None:
    """The timers live in memory: after a restart, a game found waiting in a window gets its
    timer back, counted from the stored action that opened it (not from the restart)."""
    table.extensions = ("cogs.lobby", "cogs.owd")
    await table.start_bot(seed="owd-restart")
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in
                        ("Ann", "Bob", "Cy"))
    await table.slash("ann", "game import", variant="one-world-dominion", players=players,
                      file=("owd.json", json.dumps(the_table()).encode()))
    live = await table.loaded()
    await click(table, "Ann", "place", territory="Alberta", count=live.game.pending())
    await table.slash("ann", "owd play", card="Weather Control")
    assert set(live.game.prompts()) == {"Bob", "Cy"}
    table.clock.advance(20)
    await table.stop_bot()
    bot = await table.start_bot(seed="owd-restart")
    live = await table.loaded()  # a command or a click loads it
    assert set(live.game.prompts()) == {"Bob", "Cy"}
    await bot.timers.tick()
    assert set(live.game.prompts()) == {"Bob", "Cy"}  # 20 s of 30 gone
    table.clock.advance(11)
    await bot.timers.tick()
    await table.fake.settle()
    assert "The time to answer is up for Bob, Cy." in table.said()
    assert set(live.game.prompts()) == {"Ann"}
