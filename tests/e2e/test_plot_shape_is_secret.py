"""No plot shape in public (issue 21), read on the bot's public surfaces through the sandbox.

Issue 21: "During the Plot Phase `/game log` shows anyone each step's seat and action name:
how many `plot-move`, `plot-build` and `plot-noop` each power has written. The count, kinds
and rounds of a power's plotted actions are secret until revealed, everywhere: the log, the
history, the status post, step counts in views, the timing of anything public." Acceptance:
"twins that differ only in one power's plot (one action or five) show the same public
surface until the first differing reveal." Plotted A&A's rulebook, Plot Phase: "All players
simultaneously plot all movement and build actions for the current turn".

Two games of one bot, in two channels, with the same seed and the same players, are played
by the same commands, except Germany's plot: one action (a round-1 build) in the one, five
actions in the other, written in ten commands (typed, clicked in its DM prompt, the whole form
pasted again; rows removed and written again) and one refused click. After every common step both channels show the same public
surface: every channel message as posted and edited (text, embeds, files, buttons, edit
counts, pins: the status post among them), the public `/game log` and `/game history`, and
the public view. Germany's extra commands change nothing public at all, not even an edit.
`/game undo` asked during the Plot Phase gets the same answer whether or not anything was
plotted; asked in round 1, too (nothing can be undone while standing orders may change in
secret: docs/plotted-aa.md, D-21). Every standing order is "ask me": the reveals are typed. The
comparison runs to the end of round 1 (its board image is posted) and round 2's first
reveal (the USSR's); Germany's round-2 reveal is the first that differs.

The commitment digests are masked: they are sha256 of a salt and the plot, meant to differ.
Round 1 has no battle: a die's luck comes from the seed and the step's index, which counts
the hidden steps too; the seed stays secret until the game ends, so that reveals nothing,
but twins rolling different dice would not look alike.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from demo.table import Clicker
from engine.aa.units import POWERS
from tests.support.table import Table

SEED = "plot-shape"
HOLDERS = {"USSR": "ann", "Germany": "ann", "United Kingdom": "bob", "Japan": "bob",
           "USA": "cy"}
DIGEST = re.compile(r"\b[0-9a-f]{64}\b")
Step = tuple[str, str, dict[str, Any]]  # (user, command, options)


def plot(power: str, what: str, **options: Any) -> Step:
    return HOLDERS[power], f"paa plot {what}", {**options, "power": power}


# The commands both twins take, in order, up to the first reveal that differs.
DEVELOP: list[Step] = [(HOLDERS[p], "paa skip", {}) for p in POWERS]
PLOTS: list[Step] = [
    plot("USSR", "build", round=1, factory="Russia", units="2i"),
    plot("Germany", "build", round=1, factory="Germany", units="1i"),
    plot("USSR", "move", round=2, units="1i", to="Kazakh", **{"from": "Russia"}),
    plot("United Kingdom", "submit"),
    plot("Japan", "submit"),
]
# Germany's other four actions, in the second twin only (after its round-1 build).
GERMANY_MORE: list[Step] = [
    plot("Germany", "move", round=2, units="3i", to="E Eur", **{"from": "Germany"}),
    plot("Germany", "noop", round=3),
    plot("Germany", "move", round=4, units="arm", to="Ukraine", **{"from": "E Eur"}),
    plot("Germany", "remove", round=4),
    plot("Germany", "move", round=4, units="1i", to="Ukraine", **{"from": "E Eur"}),
    plot("Germany", "noop", round=5),
]
SUBMITS: list[Step] = [plot("USA", "submit"), plot("Germany", "submit"), plot("USSR", "submit")]
# USSR builds (round 1), Germany builds (round 1; the round ends: its board), the USSR's
# round-2 move is revealed. The USSR executing it reveals Germany's round 2: there the
# twins part.
EXECUTE: list[Step] = [("ann", "paa execute", {}), ("ann", "paa execute", {})]


def masked(text: str, table: Table, game_id: int, channel: int) -> str:
    """Text with what differs between the twins by design blanked: digests, the game's
    number and channel (the two games' own), nothing else."""
    text = DIGEST.sub("<digest>", text)
    text = re.sub(rf"#{game_id}\b", "#<game>", text)
    text = re.sub(rf"\bplotted-aa-{game_id}-", "plotted-aa-<game>-", text)
    text = re.sub(rf"(croupier:[a-z-]+:){game_id}\b", r"\1<game>", text)
    return text.replace(str(channel), "<channel>")


async def surface(table: Table, channel: int) -> str:
    """Everything public of the channel's game, as one text: the channel's messages (as
    they stand, with their edit counts and pins), the public `/game log` and
    `/game history` as a non-player reads them, and the public view."""
    assert table.bot is not None
    live = await table.bot.service.in_channel(channel)
    messages = [{"text": m.content, "embeds": m.embeds, "components": m.components,
                 "files": [(name, hashlib.sha256(data).hexdigest()) for name, data in m.files],
                 "edits": m.edits, "pinned": m.pinned, "deleted": m.deleted}
                for m in table.fake.messages(channel)]
    logged = await table.slash("mod", "game log", channel=channel)
    ((_, raw),) = [f for m in logged.all_messages() for f in m.files]
    log = json.loads(raw)
    log.pop("game")
    history = await table.slash("mod", "game history", channel=channel)
    everything = {"channel": messages, "log": log, "history": history.text(),
                  "view": live.game.view(None)}
    return masked(json.dumps(everything, sort_keys=True, default=str), table, live.id, channel)


async def undo_answer(table: Table, channel: int) -> str:
    """What bob, a player, is told when he asks to take the last move back."""
    return (await table.slash("bob", "game undo", channel=channel)).text()


async def take(table: Table, channel: int, step: Step) -> None:
    user, command, options = step
    answer = await table.slash(user, command, channel=channel, **options)
    assert answer.ephemeral and "Done" in answer.text(), (command, options, answer.text())


async def test_twin_plots_of_one_and_five_actions_show_the_same_public_surface(
        table: Table) -> None:
    table.extensions = ("cogs.lobby", "cogs.paa")
    bot = await table.start_bot(seed=SEED)
    one, five = table.channel, table.fake.add_channel(table.guild, "twin")
    for channel in (one, five):
        await table.slash("ann", "game new", channel=channel, variant="plotted-aa",
                          options="standing_orders=ask")
        for power in POWERS:
            await table.slash(HOLDERS[power], "game join", channel=channel, seat=power)
        await table.slash("ann", "game start", channel=channel)

    async def alike() -> str:
        seen = await surface(table, one)
        assert seen == await surface(table, five)
        return seen

    await alike()
    for step in DEVELOP + PLOTS:
        for channel in (one, five):
            await take(table, channel, step)
        await alike()

    # Undo, asked while plotting, says nothing of what was plotted (nor whether).
    refused = await undo_answer(table, one)
    assert refused == await undo_answer(table, five)
    assert "while plots are written in secret" in refused
    await alike()

    # The second twin's Germany writes four more actions, in nine more commands; nothing
    # public moves.
    before = await surface(table, five)
    germany = (await bot.service.in_channel(five)).game
    for step in GERMANY_MORE:
        await take(table, five, step)
        assert await surface(table, five) == before, step
    clicker = Clicker(table.fake, bot, five)
    clicked = await clicker.take(table.users["ann"], (await bot.service.in_channel(five)).id,
                                 "Germany", "plot-noop", {"round": 5})  # a refusal, clicked
    await table.fake.settle()
    assert "Round 5 already has an action" in clicked.text()
    await take(table, five, plot("Germany", "remove", round=5))
    await clicker.take(table.users["ann"], (await bot.service.in_channel(five)).id, "Germany",
                       "plot-noop", {"round": 5})
    await table.fake.settle()
    # The whole plot pasted again, as its form stands, through `/paa plot paste`.
    opened = await table.slash("ann", "paa plot paste", channel=five, power="Germany")
    (box,) = [c["component"] for c in (opened.modal or {})["components"]]
    pasted = await table.fake.submit_modal(table.users["ann"], opened, None,
                                           {"form": box["value"]})
    await table.fake.settle()
    assert pasted.ephemeral and "Done" in pasted.text()
    assert await undo_answer(table, five) == refused
    assert await surface(table, five) == before
    assert len(germany.plots["Germany"]) == 5
    assert len((await bot.service.in_channel(one)).game.plots["Germany"]) == 1

    for step in SUBMITS + EXECUTE:
        for channel in (one, five):
            await take(table, channel, step)
        await alike()
        if step == EXECUTE[0]:  # nothing is taken back: the same answer in both (D-21)
            assert await undo_answer(table, one) == await undo_answer(table, five) == refused
            await alike()
    said = table.said(one)
    assert "Round 1 is over." in said and "USSR reveals its action: Round 2" in said
    boards = [name for m in table.fake.messages(one) for name, _ in m.files]
    assert len(boards) >= 2  # the start's board and round 1's

    # The first differing reveal: Germany's round 2.
    for channel in (one, five):
        await take(table, channel, ("ann", "paa execute", {}))
    assert "Germany has no action in round 2" in table.said(one)
    assert "Germany reveals its action: Round 2" in table.said(five)
