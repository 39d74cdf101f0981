"""High Frontier political events end to end: /game new to 8 turns through the sandbox."""

from __future__ import annotations

from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"


async def test_three_players_eight_turns_with_images_in_the_channel(table: Table) -> None:
    table.extensions = ("cogs.lobby", "cogs.hf")
    await table.start_bot()
    await table.slash("ann", "game new", variant="hf-political-events")
    for user in ("ann", "bob", "cy"):
        await table.slash(user, "game join")
    await table.slash("ann", "game start")
    live = table.live
    for user, ideology in (("ann", "Freedom"), ("bob", "Authority"), ("cy", "Honor")):
        await table.slash(user, "hf ideology", player=user, ideology=ideology)
    refused = await table.slash("bob", "hf turn")
    assert refused.ephemeral and "Only the Sec-Gen, ann" in refused.text()
    for _ in range(8):
        (secgen,) = live.game.prompts()
        await table.slash(secgen, "hf turn")
        # Answer every bonus operation, delegate step, tally or choice by its DM button/menu.
        while True:
            seat, prompt = next(iter(live.game.prompts().items()))
            if prompt.actions[0].name == "turn":
                break
            message = next(m for m in reversed(table.dms(seat)) if m.buttons() or m.selects())
            if message.selects():
                custom_id, options = message.selects()[0]
                await table.fake.select(table.users[seat], message.id, custom_id,
                                        [options[0]["value"]])
            else:
                await table.fake.click(table.users[seat], message.id, message.buttons()[0][0])
            await table.fake.settle()
    assert live.game.view(None)["turn"] == 8
    channel = table.fake.messages(table.channel)
    images = [f for m in channel for f in m.files if f[0].endswith(".png")]
    # One board at the start and one after each of the 8 draws.
    assert len(images) == 9 and all(data.startswith(PNG) for _, data in images)
    text = table.said()
    assert text.count(" draws **") == 8
    history = await table.slash("cy", "hf history")
    assert history.ephemeral and "Turn 8: " in history.text()
