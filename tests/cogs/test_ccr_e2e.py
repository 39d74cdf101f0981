"""Cold Cash Risk end to end through the sandbox (issue 6's acceptance).

A founding, a purchase, a merger that needs another CEO's consent given by DM,
dividends, and a hostile takeover with its dice in the channel and the map posted.
The scripted players are the demo's (demo/scripts/cold_cash_risk.py), run against the test's
sandbox with the demo's seed: what `python -m bot demo cold-cash-risk` must show is checked
here too (tests/cogs/test_demo.py), and its transcript read as a player reads it.
"""

from __future__ import annotations

from pathlib import Path

from demo.scripts.cold_cash_risk import ccr_script
from demo.table import DemoTable
from tests.support.notices import Recorder, unnoticed
from tests.support.players_words import transcript_as_a_player
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"


async def test_a_game_to_the_closing_bell_through_discord(table: Table, tmp_path: Path) -> None:
    table.extensions = ("cogs.lobby", "cogs.ccr")
    bot = await table.start_bot(seed="demo-ccr-0")
    recorder = Recorder(table.fake)
    summary = await ccr_script(DemoTable(table.fake, bot, table.channel, table.users))
    assert "to the Closing Bell" in summary
    channel = table.said()

    assert " founds " in channel
    assert " buys " in channel and "The Bank has" in channel
    # The merger: proposed in public, agreed by the other CEO through the DM menu.
    assert "Every CEO involved must agree" in channel and "agrees to the merger" in channel
    consents = [i for i in table.fake.interactions if i.custom_id and ":consent:" in i.custom_id]
    assert consents and all(i.guild_id is None for i in consents)
    assert "pays dividends" in channel
    # The hostile takeover: its dice are in the channel, and the map is posted after turns.
    assert "conducts a hostile takeover" in channel and " vs " in channel
    images = [data for m in table.fake.messages(table.channel) for _, data in m.files]
    assert len(images) >= 3 and all(data.startswith(PNG) for data in images)
    # Holdings and territory cards stay private: never in a channel post.
    assert "hidden)" not in channel and "Your territory cards" not in channel
    assert "Game over" in channel
    assert all(table.dms(u) for u in ("ann", "bob", "cy"))
    bad = transcript_as_a_player(table.fake, tmp_path)
    assert not bad, "\n".join(bad[:20])
    # Issue 24's transcript check: every question reached its player as a notifying message.
    assert await unnoticed(recorder, bot, 1) == []
