"""High Frontier political events: 12 turns of a four-player game."""

from __future__ import annotations

from typing import Any

from demo.table import DemoTable
from engine import ActionSpec


async def hf_script(t: DemoTable) -> str:
    """12 turns of a 4-player game with a Seniority reshuffle and an anarchy ended by a card."""
    await t.slash("ann", "game new", variant="hf-political-events", options="track_length=6")
    for user in ("ann", "bob", "cy", "dee"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    for user, ideology in (("ann", "Freedom"), ("bob", "Authority"), ("cy", "Equality"),
                           ("dee", "Honor")):
        await t.slash(user, "hf ideology", player=user, ideology=ideology)
    await t.slash("ann", "hf law", law="Freedom")
    live = await t.bot.service.in_channel(t.channel)
    for turn in range(1, 13):
        if turn == 3:
            await t.slash("cy", "hf anarchy", on=True)
        assert live.game is not None
        (secgen,) = live.game.prompts()
        await t.play(secgen, "turn")
        while live.game.prompts():
            seat, prompt = next(iter(live.game.prompts().items()))
            if prompt.actions[0].name == "turn":
                break
            first = prompt.actions[0]
            if first.name == "tally":
                await t.play(seat, "tally", **{first.params[0].name: "Authority"})
            else:
                await t.play(seat, first.name, **first_choices(first))
    await t.slash("bob", "hf history")
    kinds = {e["kind"] for a in await t.bot.service.storage.actions(live.id) for e in a.events}
    missing = {"seniority", "tallied"} - kinds
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(sorted(missing))}")
    return "12 turns: a Seniority reshuffle and an anarchy ended by an Anarchy/War Ends card."


def first_choices(spec: ActionSpec) -> dict[str, Any]:
    """The first choice of each required question (what the old demo's first click took)."""
    return {p.name: p.choices[0].value for p in spec.params if p.required and p.choices}

