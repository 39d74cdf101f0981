"""Issue 14: over a whole demo game, what the bot asks of the players' attention.

Killer Clue's demo plays a whole game in seconds. Before issue 14 it sent 43 channel
posts and 49 DMs for 29 player actions (1.48 and 1.69 per action); issue 14 brought the
DMs to 1.2 per action by asking a seat's next question in its old prompt message. Issue 24
undid that on purpose: an edit notifies nobody, so every new question is a new DM (the old
one greyed out), 43 DMs for the same 29 actions (1.48). The figures for every demo, before
and after, are in bench/README.md (bench/bench_messages.py).
"""

from __future__ import annotations

from demo.counts import count_demo


async def test_killer_clue_demo_sends_about_one_post_and_one_dm_per_action() -> None:
    counts = await count_demo("killer-clue")
    assert counts.actions >= 20
    assert counts.channel <= 1.35 * counts.actions
    assert counts.dms <= 1.6 * counts.actions
    assert counts.images <= 0.25 * counts.actions
