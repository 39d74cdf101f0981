"""Revenge of the Dictators end to end through the sandbox (issue 26's acceptance: "a turn
with a flight, a disarm roll, an Interruption and the President's d20").

Ann's turn: an international flight (Quick Reference: "your Walk plus 1 extra action"),
answered on her turn by Bob's Interruption (Traffic Jam, "you can play an Interruption at any
moment, also during someone else's turn"), whose window and the one below it time out;
then a disarm try with a card and its roll (3 to 6 on a die); then Bob's turn begins in
Washington D.C. with a Presidential card and the d20. The position is brought in with
`/game import` (a real table's game in progress), so that the hands are the ones the rules
talk about; every move after it is a click in a player's prompt, or typed as players type
("action: double time"). Then a group's own printing loaded with `/dict data`, a malformed
file refused naming the file, the entry and the field.
"""

from __future__ import annotations

import json
from typing import Any

from demo.table import Clicker
from engine.games.dictators.datafiles import default_files
from tests.engine.dictators.helpers import position
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"
SEATS = ("Ann", "Bob", "Cy")


def the_table() -> dict[str, Any]:
    """Ann in Hawaii, her zone 1 card Washington, holding Double Time and Road Trip; Bob in
    Washington D.C. holding Traffic Jam; Cy holding Veto; the President on top of the
    Presidential deck."""

    def president_on_top(d: dict[str, Any]) -> None:
        d["president"].remove("The President is present")
        d["president"].append("The President is present")

    game = position(list(SEATS), dictators={"Ann": "Shaky", "Bob": "Dinero", "Cy": "Bettina"},
                    at={"Bob": "Washington D.C."},
                    hands={"Ann": ["Double Time", "Road Trip"], "Bob": ["Traffic Jam"],
                           "Cy": ["Veto"]},
                    bases={"Ann": ["Washington"]}, edit=president_on_top)
    return game.state()


async def click(table: Table, seat: str, action: str, **params: Any) -> None:
    assert table.bot is not None
    clicker = Clicker(table.fake, table.bot, table.channel)
    live = await table.loaded()
    await clicker.take(table.users[seat.lower()], live.id, seat, action, params)
    await table.fake.settle()


async def time_passes(table: Table, seconds: float) -> None:
    assert table.bot is not None
    table.clock.advance(seconds)
    await table.bot.timers.tick()
    await table.fake.settle()


async def test_a_flight_an_interruption_a_disarm_roll_and_the_presidents_d20(
        table: Table) -> None:
    table.extensions = ("cogs.lobby", "cogs.dict")
    await table.start_bot(seed="dict-e2e")
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in SEATS)
    done = await table.slash("ann", "game import", variant="dictators", players=players,
                             file=("dictators.json", json.dumps(the_table()).encode()))
    assert "Imported as game #" in done.text()
    live = await table.loaded()
    game = live.game

    # Ann's turn prompt, in her DM, shows what she holds and knows beside its buttons.
    assert any("• Double Time (Action, 1 action)" in m.text() and
               "Your Nuclear Zone cards: zone 1: Washington" in m.text()
               for m in table.dms("ann"))

    # Autocomplete from the prompt: Ann's flights; what Road Trip would ask once typed.
    flights = await table.fake.autocomplete(table.users["ann"], table.channel, "dict fly",
                                            "to", to="wash")
    assert [c["value"] for c in flights] == ["Washington"]

    # The flight, by a click in Ann's DM: her Walk plus 1 action; a window for the others.
    await click(table, "Ann", "fly", to="Washington")
    said = table.said()
    assert "Ann flies from Hawaii to Washington." in said
    assert "Ann moved to Washington: Bob, Cy may play an Interruption, or pass." in said
    assert set(game.prompts()) == {"Bob", "Cy"}

    # Bob answers on Ann's turn with his Interruption, from his DM prompt's menus.
    road = next(p for p in game.prompts()["Bob"].action("play").params if p.name == "road")
    assert [c.value for c in road.choices] == ["British Columbia - Washington",
                                               "Idaho - Washington", "Oregon - Washington"]
    await click(table, "Bob", "play", card="Traffic Jam", road="Idaho - Washington")
    assert "Bob plays Traffic Jam (an Interruption) on Idaho - Washington" in table.said()
    # Traffic Jam's own window awaits Ann and Cy; nobody answers: 29 s on it is still open.
    assert set(game.prompts()) == {"Ann", "Cy"}
    await time_passes(table, 29)
    assert set(game.prompts()) == {"Ann", "Cy"}
    await time_passes(table, 2)
    said = table.said()
    assert "The time to answer is up for Cy, Ann." in said
    assert "A roadblock closes the road Idaho - Washington." in said
    # The flight's window below it still waits for Cy, with its own time again.
    assert set(game.prompts()) == {"Cy"}
    await time_passes(table, 31)
    assert "The time to answer is up for Cy." in table.said()
    assert set(game.prompts()) == {"Ann"}

    # Autocomplete of a card's target: what the game would ask once Road Trip is played.
    targets = await table.fake.autocomplete(table.users["ann"], table.channel, "dict play",
                                            "to", card="Road Trip", to="oreg")
    assert [c["value"] for c in targets] == ["Oregon"]

    # A disarm try with a card, typed as a player types it; Cy passes, then passes for good.
    typed = await table.slash("ann", "dict play", card="action: double time")
    assert typed.ephemeral and "Done" in typed.text()
    assert "Ann plays Double Time (1 action)" in table.said()
    await click(table, "Cy", "pass")
    assert "Ann tries to disarm the nuclear base at Washington (zone 1)." in table.said()
    await click(table, "Cy", "pass-all")
    said = table.said()
    assert "Cy passes every window from now on" in said
    assert "Ann rolls " in said and "(needs 3 or more)" in said
    assert game.view(None)["last_roll"]["what"] == "disarm"

    # Ann's turn ends: the map comes with the post; Bob's turn begins in Washington D.C.
    posts_before = len(table.fake.messages(table.channel))
    await click(table, "Ann", "end-turn")
    posts = table.fake.messages(table.channel)[posts_before:]
    said = table.said()
    assert "Bob draws a Presidential card: The President is present." in said
    assert "Bob rolls " in said and " on the d20" in said and "needs 20" in said
    assert any(data.startswith(PNG) for m in posts for _, data in m.files)
    # Cy's standing pass is public: no window waits for Cy until Cy takes it back.
    assert game.view(None)["standing_pass"] == ["Cy"]

    # What only a player may know, by command, only to them; the map, only to the asker.
    hand = await table.slash("cy", "dict hand")
    assert hand.ephemeral and "Veto (Interruption)" in hand.text()
    assert "Your Nuclear Zone cards: zone 1: " in hand.text()
    assert "You pass every window" in hand.text()
    assets = await table.slash("cy", "dict cards", kind="Bezitting")
    assert assets.ephemeral and "Private Jet (Asset" in assets.text()
    assert "Veto" not in assets.text()
    board = await table.slash("cy", "dict board")
    (shown,) = [m for m in board.all_messages() if m.files]
    assert board.ephemeral and shown.files[0][1].startswith(PNG)

    # Nothing secret reached the channel: Cy's card, anyone's face-down bases.
    said = table.said()
    assert "Veto" not in said and "Road Trip" not in said
    for seat in SEATS:
        for card in game.nz[seat]:
            if not card["disarmed"] and card["base"] != "Washington":
                assert f"base at {card['base']}" not in said, card


def group_file(**changes: Any) -> bytes:
    """The DEFAULT command.json with a card changed, as a group edits its own."""
    files = dict(default_files())
    data = json.loads(files["command"])
    amtrak = next(c for c in data["cards"] if c["name"] == "Amtrak")
    amtrak.update(changes)
    return json.dumps(data).encode()


async def test_a_groups_own_printing_loaded_with_dict_data(table: Table) -> None:
    """Issue 26: "a group can load its own printing"; "a malformed data file fails with a
    message naming the file, the entry and the field"; nothing starts with broken data."""
    table.extensions = ("cogs.lobby", "cogs.dict")
    await table.start_bot(seed="dict-data")
    await table.slash("ann", "game new", variant="dictators")
    # Without a file: the data the game plays on, as one file to edit.
    files = await table.slash("bob", "dict data")
    (sent,) = [m for m in files.all_messages() if m.files]
    assert files.ephemeral and sent.files[0][0] == "dictators-data.json"
    whole = json.loads(sent.files[0][1])
    assert sorted(whole) == sorted(f"{name}.json" for name, _ in default_files())

    # Malformed: each refusal names the file, the entry and the field; nothing changes.
    bad = await table.slash("ann", "dict data", file=("command.json", group_file(cost=5)))
    assert bad.ephemeral and ("command.json, card “Amtrak”: “cost” is 5, but a card's cost in actions"
            in bad.text()), bad.text()
    whole["command.json"] = json.loads(group_file(effect={"kind": "warp"}))
    bad = await table.slash("ann", "dict data",
                            file=("our-printing.json", json.dumps(whole).encode()))
    assert ("command.json (in our-printing.json), card “Amtrak”: “effect › kind” is “warp”"
            in bad.text()), bad.text()
    bad = await table.slash("ann", "dict data", file=("map.json", b"{\"locations\": ["))
    assert "The file map.json is not valid JSON (line 1" in bad.text()
    live = await table.loaded()
    assert live.row.options["data"] == ""
    # Only the creator changes the game's data.
    refused = await table.slash("bob", "dict data",
                                file=("command.json", group_file(text="Ride the rails.")))
    assert refused.ephemeral and "Only the game's creator" in refused.text()
    assert "printing" not in table.said()

    # A sound file: the game will play on it, said in the channel and on the status post.
    loaded = await table.slash("ann", "dict data",
                               file=("command.json", group_file(text="Ride the rails.")))
    assert loaded.ephemeral and "Done" in loaded.text()
    assert "The game will play on the group's own printing from command.json: 71 " \
           "locations" in table.said()
    assert live.row.options["data"] != ""
    status = table.fake.pinned(table.channel)
    assert any("Map and cards: the group's own printing" in m.text() for m in status)
    for user in ("ann", "bob"):
        await table.slash(user, "game join")
    await table.slash("ann", "game start")
    cards = await table.slash("bob", "dict cards", kind="Action")
    assert "Amtrak (Action, 1 action, 4x): Ride the rails." in cards.text()
    # Once started, the printing stays.
    late = await table.slash("ann", "dict data", default=True)
    assert "The game has started" in late.text()
