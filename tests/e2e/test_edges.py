"""Trust at the edges, end to end (issue 22): `/game import` and `/game new` options as
players meet them through the sandbox.

- `/game import` refuses in words what the rules forbid, naming the field; seats go only to
  members of this server; seat names show what they say; a file nested 5,000 deep gets a
  clear refusal; nothing is created on a refusal.
- Options are checked whole at `/game new`, not at `/game start`.
"""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.aa.units import POWERS
from tests.support.table import Table


async def games_stored(table: Table) -> int:
    return int(await table.stored.value("SELECT count(*) FROM games"))


async def import_file(table: Table, variant: str, state: dict[str, Any] | bytes,
                      players: str) -> str:
    raw = state if isinstance(state, bytes) else json.dumps(state).encode()
    reply = await table.slash("ann", "game import", variant=variant, players=players,
                              file=(f"{variant}.json", raw))
    return reply.text()


def powers_to(table: Table) -> str:
    users = ["ann", "bob", "cy", "ann", "bob"]
    return ", ".join(f"{p}=<@{table.users[u]}>" for p, u in zip(POWERS, users, strict=True))


async def test_import_refuses_what_the_rules_forbid_naming_the_field_and_creates_nothing(
        table: Table) -> None:
    """A&A classic's treasury counts IPCs ("Starting IPCs"), never below 0; a turn's phases
    are the six of "Turn phases". Refused in words, and no game is made."""
    await table.start_bot()
    state = engine.new_game("aa-classic", list(POWERS), seed="table").state()
    state["game"]["position"]["treasury"]["Germany"] = -5
    said = await import_file(table, "aa-classic", state, powers_to(table))
    assert "“game › position › treasury › Germany” is -5" in said
    state["game"]["position"]["treasury"]["Germany"] = 5
    state["game"]["stage"] = "bombing"
    said = await import_file(table, "aa-classic", state, powers_to(table))
    assert "“game › stage” is “bombing”" in said
    assert table.bot is not None and not table.bot.service.by_channel
    assert await games_stored(table) == 0


async def test_import_seats_only_members_of_this_server(table: Table) -> None:
    """A seat given to a user of another server, or to an id nobody has, is refused; the
    game is imported once every seat goes to a member."""
    elsewhere = table.fake.add_guild("Another server")
    eve = table.fake.add_user("eve", guild_id=elsewhere)
    await table.start_bot()
    state = engine.new_game("pig", ["Ann", "Bob"], seed="table").state()
    ann = f"Ann=<@{table.users['ann']}>"
    said = await import_file(table, "pig", state, f"{ann}, Bob=<@{eve}>")
    assert f"<@{eve}> is not a member of this server" in said
    said = await import_file(table, "pig", state, f"{ann}, Bob=<@4242424242424242>")
    assert "<@4242424242424242> is not a member of this server" in said
    assert await games_stored(table) == 0
    said = await import_file(table, "pig", state, f"{ann}, Bob=<@{table.users['bob']}>")
    assert "Imported as game #" in said and await games_stored(table) == 1


async def test_import_of_json_nested_five_thousand_deep_is_refused_in_words(
        table: Table) -> None:
    """Not the generic "something went wrong": the file is refused for what it is."""
    await table.start_bot()
    deep = b'{"seats": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    said = await import_file(table, "pig", deep, f"Ann=<@{table.users['ann']}>")
    assert "nests lists and objects more than 64 deep" in said
    assert "went wrong" not in said and await games_stored(table) == 0


async def test_import_refuses_invisible_characters_and_look_alike_seats(table: Table) -> None:
    """A state file's seats show what they say: a zero-width space hides in "Bob\\u200b", a
    right-to-left override turns a name around, and "Bob" beside "bob" can't be told apart."""
    await table.start_bot()
    players = f"Ann=<@{table.users['ann']}>, Bob=<@{table.users['bob']}>"
    for seats, expected in ((["Ann", "Bob\u200b"], "invisible or direction-changing"),
                            (["Ann", "\u202eboB"], "invisible or direction-changing"),
                            (["Bob", "bob"], "would look the same")):
        state = engine.new_game("pig", seats, seed="table").state()
        said = await import_file(table, "pig", state, players)
        assert expected in said, said
    assert await games_stored(table) == 0


async def test_options_are_checked_whole_at_game_new_not_at_start(table: Table) -> None:
    """One World Dominion's `deck` nested 2,900 deep, and High Frontier's first Sunspot
    space beyond the track's 12, were accepted by `/game new` and failed at `/game start`:
    they are refused at `/game new`, and no game is made."""
    await table.start_bot()
    deep = "[" * 2900 + "]" * 2900
    refused = await table.slash("ann", "game new", variant="one-world-dominion",
                                options=f"deck={deep}")
    assert refused.ephemeral and "deck nests its values too deeply" in refused.text()
    refused = await table.slash("ann", "game new", variant="hf-political-events",
                                options="start_space=50, track_length=12")
    assert refused.ephemeral and "12 spaces" in refused.text()
    assert await games_stored(table) == 0
    made = await table.slash("ann", "game new", variant="hf-political-events",
                             options="start_space=5, track_length=12")
    assert "New game of" in made.text() and await games_stored(table) == 1
