"""Issue 24, the bot's side: "The DM is a full place to play", "Away for a while", and
loose ends players noticed, on the test game Pig.

"every DM prompt states the deadline as a Discord timestamp (`<t:…:R>`) and what the
deadline will do (from the game's timeout policy, in words: a declared hook on Game with a
sensible default); `/game status`, `/game history` and `/game hand` work in a DM for a
seated player (asking which game, with a menu, when there are several)."

"`/game away` sets a player's own away period (until a date/time or for N days); while
away, their awaited questions are answered at once by the game's deadline policy ..., said
publicly as "answered for X, who is away", nobody waits for them, the others are not
paused; `/game back` ends it."
"""

from __future__ import annotations

import re

import pytest

from sandbox import Message
from tests.support.notices import Recorder, unnoticed
from tests.support.table import Table

HOUR = 3600.0
DAY = 86400.0


def live_prompt(table: Table, user: str) -> Message:
    return next(m for m in reversed(table.dms(user))
                if any(not disabled for _, _, disabled in m.buttons()))


def dm_channel(table: Table, user: str) -> int:
    return table.fake.dm_channel_id(table.users[user])


async def test_every_dm_prompt_says_its_deadline_and_what_it_will_do(table: Table) -> None:
    """The deadline as a Discord timestamp, and Pig's policy in its prompt's words (Pig's
    deadline holds for the player: "Hold"); a game without a deadline says nothing of one,
    and a deadline set later is shown in the prompt already sent, edited in place."""
    await table.start_bot(seed="dm-1")
    await table.pig_game("ann", "bob")
    assert "Deadline" not in live_prompt(table, "ann").text()
    await table.slash("ann", "game deadline", change="set", hours=6)
    prompt = live_prompt(table, "ann")
    due = int(table.clock() + 6 * HOUR)
    assert f"Deadline <t:{due}:R>" in prompt.text()
    assert "then the game answers “Hold” for you." in prompt.text()
    await table.slash("ann", "pig hold")
    said = live_prompt(table, "bob").text()
    assert re.search(r"Deadline <t:\d+:R> \(<t:\d+:f>\): then the game answers “Hold” for "
                     r"you\.", said)


async def test_status_history_and_hand_in_a_dm_ask_which_game_when_there_are_several(
        table: Table) -> None:
    """In a DM, ann's only game answers at once; once she sits in two, a menu asks which,
    and the command goes on for the game picked."""
    await table.start_bot(seed="dm-2")
    await table.pig_game("ann", "bob")
    first = table.live.id
    await table.slash("ann", "pig roll")
    here = dm_channel(table, "ann")
    status = await table.slash("ann", "game status", channel=here)
    fields = {f["name"]: f["value"] for m in status.all_messages() for e in m.embeds
              for f in e.get("fields", [])}
    assert status.ephemeral and fields["Waiting for"] == "ann"
    history = await table.slash("ann", "game history", channel=here)
    assert "ann rolls" in history.text()
    hand = await table.slash("ann", "game hand", channel=here)
    assert "Your secret card is" in hand.text()
    other = table.fake.add_channel(table.guild, "second-table")
    await table.slash("bob", "game new", channel=other, variant="pig")
    for user in ("bob", "ann"):
        await table.slash(user, "game join", channel=other)
    await table.slash("bob", "game start", channel=other)
    asked = await table.slash("ann", "game history", channel=here, last=1)
    (menu,) = [m for m in asked.all_messages() if m.selects()]
    assert "which one?" in menu.text()
    (custom_id, options), = menu.selects()
    assert [o["label"] for o in options] == [f"#{first} Pig — ann", f"#{first + 1} Pig — ann"]
    picked = await table.fake.select(table.users["ann"], menu.id, custom_id, [str(first)])
    await table.fake.settle()
    assert "**Pig #1**, its one move:" in picked.text() and "ann rolls 4" in picked.text()
    asked = await table.slash("ann", "game status", channel=here)
    (menu,) = [m for m in asked.all_messages() if m.selects()]
    picked = await table.fake.select(table.users["ann"], menu.id, menu.selects()[0][0],
                                     [str(first + 1)])
    await table.fake.settle()
    titles = [e.get("title") for m in picked.all_messages() for e in m.embeds]
    assert titles == [f"Pig — game #{first + 1}"]
    stranger = await table.slash("cy", "game status", channel=dm_channel(table, "cy"))
    assert "You sit in no running game" in stranger.text()


async def test_away_players_are_answered_at_once_and_nobody_waits_for_them(
        table: Table) -> None:
    """bob goes away for three days: his turns are answered at once by Pig's deadline
    policy (he holds), said in the channel; ann plays on without waiting; `/game back`
    ends it, and his next turn waits for him again."""
    await table.start_bot(seed="away-1")
    recorder = Recorder(table.fake)
    await table.pig_game("ann", "bob", "cy")
    said = await table.slash("bob", "game away", days=3)
    assert "You are away until <t:" in said.text() and said.ephemeral
    await table.slash("ann", "pig hold")  # bob's turn: answered for him at once
    game = table.live.game
    assert game.current == "cy"
    channel = table.said()
    assert "Answered for bob, who is away." in channel and "bob banks 0" in channel
    assert not [m for m in table.dms("bob") if "Your turn" in m.text()]
    await table.slash("cy", "pig hold")
    await table.slash("ann", "pig hold")  # and again, two days on
    assert channel.count("who is away") < table.said().count("who is away")
    assert table.live.game.current == "cy"
    table.clock.advance(3 * DAY + 60)  # the away period is over
    await table.slash("cy", "pig hold")
    await table.slash("ann", "pig hold")
    assert table.live.game.current == "bob"
    assert "Your turn" in live_prompt(table, "bob").text()
    # Away again, now that he is awaited: answered at once; then back.
    await table.slash("bob", "game away", until="2999-01-01")
    assert table.live.game.current == "cy"
    back = await table.slash("bob", "game back")
    assert "Welcome back" in back.text()
    await table.slash("cy", "pig hold")
    await table.slash("ann", "pig hold")
    assert table.live.game.current == "bob"
    assert await unnoticed(recorder, table.bot, table.live.id,
                           excused=frozenset({table.users["bob"]})) == []


async def test_when_everyone_is_away_the_game_waits_instead_of_playing_itself(
        table: Table) -> None:
    """Away answers are for the players who are away while others play on ("nobody waits
    for them; the others are not paused"). When every player is away there is nobody to
    play with: the game does not answer for all of them at once, turn after turn (before,
    Pig ran until its loop limit in one step); it waits for its deadline or the first one
    back."""
    await table.start_bot(seed="away-all")
    await table.pig_game("ann", "bob")
    await table.slash("bob", "game away", days=3)
    seq = table.live.seq
    await table.slash("ann", "game away", days=3)  # ann is awaited: now everyone is away
    assert table.live.seq == seq and table.live.game.current == "ann"
    assert "who is away" not in table.said()
    back = await table.slash("bob", "game back")
    assert "Welcome back" in back.text()
    # bob back: ann's turn is answered for her now, and bob plays on.
    assert table.live.game.current == "bob"
    assert "Answered for ann, who is away." in table.said()
    await table.slash("ann", "game back")
    await table.slash("bob", "pig hold")
    assert table.live.game.current == "ann"  # and ann's next turn waits for her


async def test_an_undo_refusal_says_which_move_and_why_in_words(table: Table) -> None:
    """"undo refusals name internal ids (`plot-submit`) and list four reasons without
    saying which": the refusal names the move as its button did and says what it did."""
    await table.start_bot(seed="dm-3")
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")  # a 3: dice, never taken back
    refused = await table.slash("ann", "game undo")
    text = refused.text()
    assert "The last move, ann's “Roll”, rolled dice, so it can't be undone" in text
    assert "drew" not in text and "secret" not in text


async def test_the_status_says_who_it_waits_for_in_turn_order(table: Table) -> None:
    """"the status's "Waiting for" in alphabetical, not turn, order": in turn order."""
    from bot.delivery.status import status_embed

    await table.start_bot(seed="dm-4")
    await table.pig_game("cy", "ann", "bob")
    live = await table.loaded()
    prompts = {seat: live.prompts()["cy"] for seat in ("ann", "bob", "cy")}
    fields = {f.name: f.value for f in status_embed(live, prompts, None).fields}
    assert fields["Waiting for"] == "cy, ann, bob"


async def test_a_policy_that_fails_for_an_away_player_pauses_that_game_and_says_so(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's policy failing otherwise than by the rules (the engine's bug) pauses the
    game as a failed deadline does, told in its channel; bob's question waits for him."""
    from tests.support.pig import Pig

    def broken(self: Pig) -> list[tuple[str, str, dict[str, object]]]:
        raise ValueError("the policy broke")

    await table.start_bot(seed="away-2")
    await table.pig_game("ann", "bob")
    await table.slash("bob", "game away", days=1)
    monkeypatch.setattr(Pig, "timeout_actions", broken)
    await table.slash("ann", "pig hold")
    assert table.live.game.current == "bob"
    assert "A player was away in **Pig #1**, but I could not make" in table.said()
    assert "Your turn" in live_prompt(table, "bob").text()
