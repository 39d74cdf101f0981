"""Issue 24, "Pictures: one image per post (Discord shrinks several side by side): a step
that draws several images posts them one per message (within the channel's rate limits:
the sandbox models 5 posts / 5 s)".

Pig, given a board and a close-up beside it (as the A&A games have), draws two images each
time a player banks their pot; with Discord's rate limits on, each image is a post of its
own: the board with the message that says what happened, the close-up right after it.
"""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from renders import Pictures
from sandbox.strict import RateLimits
from tests.support.table import Table


def png(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), colour).save(out, "PNG")
    return out.getvalue()


async def test_a_step_with_two_pictures_posts_each_in_a_message_of_its_own(
        table: Table) -> None:
    bot = await table.start_bot(seed="pictures-apart")
    bot.pictures["pig"] = Pictures(board=lambda view: png("white"),
                                   zoom=lambda view: png("black"))
    await table.pig_game("ann", "bob", "cy")
    table.fake.rate_limits = RateLimits()
    for user in ("ann", "bob", "cy"):  # three posts in a moment
        await table.slash(user, "pig note", text=f"{user} was here")
    for user in ("ann", "bob"):  # each: what happened, the board, the close-up
        await table.slash(user, "pig hold")
    for _ in range(200):  # Discord's pace: the last posts wait for their turn
        if len([m for m in table.fake.messages(table.channel) if m.files]) >= 6:
            break
        await asyncio.sleep(0.05)
        await table.fake.settle()
    messages = table.fake.messages(table.channel)
    assert all(len(m.files) <= 1 for m in messages)
    for user in ("ann", "bob"):
        said = next(i for i, m in enumerate(messages) if f"{user} banks 0" in m.text())
        (board,) = messages[said].files
        (zoom,) = messages[said + 1].files
        assert "-board-" in board[0] and "-zoom-" in zoom[0] and not messages[said + 1].text()
    # Seven posts in a moment, at Discord's pace of five in five seconds: discord.py waits
    # for the channel's window as Discord's headers say, and nothing was refused (the
    # fixture checks the sandbox's errors).
    first = messages.index(next(m for m in messages if "ann was" in m.text()))
    assert len(messages) - first == 7
