"""Killer Clue end to end through the sandbox (issue 4's acceptance).

A 4-player game: the envelopes go by DM, a suggestion is disproved by a card given
through a DM menu, the Danger round is collected by DM and revealed shuffled, a
suspect is murdered, and a correct accusation ends the game. The scripted players
are the demo's (demo/scripts/killer_clue.py), run here against the test's own sandbox,
with the demo's seed: what `python -m bot demo killer-clue` must show is checked here too
(tests/cogs/test_demo.py), and its transcript read as a player reads it.
"""

from __future__ import annotations

from pathlib import Path

from demo.scripts.killer_clue import clue_script
from demo.table import DemoTable
from tests.support.notices import Recorder, unnoticed
from tests.support.players_words import transcript_as_a_player
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"


async def test_a_whole_four_player_game_through_discord(table: Table, tmp_path: Path) -> None:
    table.users["dee"] = table.fake.add_user("dee", guild_id=table.guild)
    table.extensions = ("cogs.lobby", "cogs.clue")
    bot = await table.start_bot(seed="demo-kc-0")
    recorder = Recorder(table.fake)
    summary = await clue_script(DemoTable(table.fake, bot, table.channel, table.users))
    assert "the winner:" in summary
    channel = table.said()
    players = ("ann", "bob", "cy", "dee")

    # The envelopes: every player was dealt privately; exactly one learned they are the killer.
    envelopes = ["\n".join(m.text() for m in table.dms(u)) for u in players]
    assert all("Your Clue cards" in e or "Your other Clue cards" in e for e in envelopes)
    assert sum("YOU ARE THE KILLER" in e for e in envelopes) == 1
    killer_text = next(e for e in envelopes if "YOU ARE THE KILLER" in e)
    assert "YOU ARE THE KILLER" not in channel

    # A suggestion disproved by a card given through the DM menu; the channel says only who.
    gives = [i for i in table.fake.interactions if i.custom_id and ":give:" in i.custom_id]
    assert gives and all(i.guild_id is None for i in gives)
    assert "gives Miss Scarlet a card" in channel or " gives " in channel
    assert any("gives you" in e for e in envelopes)

    # The Danger round: one face-down card from each living player, by DM, revealed shuffled.
    dangers = [i for i in table.fake.interactions if i.custom_id and ":danger:" in i.custom_id]
    assert len({i.user_id for i in dangers}) == 4 and all(i.guild_id is None for i in dangers)
    assert "plays a card face down" in channel
    assert "shuffled and turned up" in channel

    # A murder, then the correct accusation that ends the game.
    assert "MURDERED" in channel
    assert "has solved the murder" in channel and "Game over" in channel
    assert "Case File" in killer_text
    verified = await table.slash("ann", "game verify")
    assert "Verified" in verified.text()

    # The demo's whole game to a winner, in players' words, its mansion posted.
    assert "Winner:" in channel and all(table.dms(u) for u in players)
    images = [data for m in table.fake.messages(table.channel) for _, data in m.files]
    assert images and all(data.startswith(PNG) for data in images)
    bad = transcript_as_a_player(table.fake, tmp_path)
    assert not bad, "\n".join(bad[:20])
    # Issue 24's transcript check: every question reached its player as a notifying message.
    assert await unnoticed(recorder, bot, 1) == []


async def test_hand_is_private_and_the_board_image_shows_only_the_public_view(
        table: Table) -> None:
    table.extensions = ("cogs.lobby", "cogs.clue")
    await table.start_bot()
    await table.slash("ann", "game new", variant="killer-clue")
    for user, suspect in (("ann", "Miss Scarlet"), ("bob", "Col. Mustard"),
                          ("cy", "Mrs. White")):
        await table.slash(user, "game join", seat=suspect)
    await table.slash("ann", "game start")
    hand = await table.slash("bob", "clue hand")
    assert hand.ephemeral and "Clue cards" in hand.text()
    assert table.live.game.step_count == 0  # a question, not an action: nothing is logged
    board = await table.slash("cy", "clue board")
    files = [f for m in board.all_messages() for f in m.files]
    assert board.ephemeral and files and files[0][1].startswith(b"\x89PNG")
    before = table.live.game.state()
    out_of_turn = await table.slash("cy", "clue accuse", suspect="Miss Scarlet",
                                    weapon="Rope", room="Hall")
    assert out_of_turn.ephemeral and "\N{NO ENTRY SIGN}" in out_of_turn.text()
    assert table.live.game.state() == before
