"""Illuminati end to end through the sandbox (issue 25's acceptance, the bot side).

"End to end through the sandbox: an attack with interference from two other players inside
a reaction window, and a trade accepted by both sides by DM." The position is brought in
with `/game import` (a real table's game in progress), so that the treasuries are the ones
the rules talk about; every move after it is a click in a player's prompt. Also: `/ill new`
with a card set file (a malformed one refused, naming the file, the card and the field, and
nothing made), the pictures after a turn (the structures that changed, one image each), and
`/ill board`, `/ill hand`, `/ill odds` answered only to the asker.
"""

from __future__ import annotations

import json
from typing import Any

from demo.table import Clicker
from engine.games.illuminati.cardset import sample_text
from tests.cogs.walk import walk
from tests.engine.illuminati.helpers import BAVARIAN, GNOMES, NETWORK, position
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"
HOTLINE = "Psychic Hotline"      # 3/0, Resistance 2, Weird and Criminal: uncontrolled
UNION = "Debating Union"         # Bob's Group, hanging on his Illuminati
EXTENSIONS = ("cogs.lobby", "cogs.ill")


def the_table() -> dict[str, Any]:
    """Ann (the Cold Vault, Power 9) to play, 20 MB in her Illuminati treasury; Bob (the
    Relay) and Cy (the Silver Compass) with money in theirs, so both may interfere; Bob
    holds the Debating Union, which Ann will buy."""
    game = position(["Ann", "Bob", "Cy"], seed="ill-e2e",
                    illuminati={"Ann": GNOMES, "Bob": NETWORK, "Cy": BAVARIAN},
                    groups={"Bob": [(UNION, NETWORK, "up")]},
                    money={GNOMES: 20, NETWORK: 10, BAVARIAN: 10},
                    uncontrolled=[HOTLINE], current="Ann")
    state = game.state()
    # As the turn began: each structure's mark, to tell at its end which ones changed.
    state["game"]["turn"]["structures"] = game.structure_marks()
    return state


async def click(table: Table, seat: str, action: str, **params: Any) -> None:
    assert table.bot is not None
    clicker = Clicker(table.fake, table.bot, table.channel)
    live = await table.loaded()
    await clicker.take(table.users[seat.lower()], live.id, seat, action, params)
    await table.fake.settle()


async def imported(table: Table, seed: str) -> Any:
    table.extensions = EXTENSIONS
    bot = await table.start_bot(seed=seed)
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in
                        ("Ann", "Bob", "Cy"))
    done = await table.slash("ann", "game import", variant="illuminati", players=players,
                             file=("ill.json", json.dumps(the_table()).encode()))
    assert "Imported as game #" in done.text()
    return bot


def clicked_in_dms(table: Table, user: str) -> bool:
    """Every click of `user` was made in their DMs (no guild)."""
    clicks = [i for i in table.fake.interactions
              if i.custom_id and i.user_id == table.users[user]]
    return bool(clicks) and all(i.guild_id is None for i in clicks)


async def test_an_attack_draws_interference_from_two_players_inside_its_window(
        table: Table) -> None:
    """Rulebook p. 7, Interference ("Any player may interfere with an attack by spending
    money from their Illuminati treasury ... It affects the needed die roll by 1 for each MB
    spent"), ILL-14 (each spending asks everyone else again): Ann attacks, Bob helps her and
    Cy opposes her, each by clicking in their DM while the window is open; the window's
    time starts again with each spending, and when it runs out everyone still awaited
    passes and the dice are rolled."""
    bot = await imported(table, "ill-e2e-1")
    live = await table.loaded()
    game = live.game
    # Autocomplete from Ann's prompt: her attacking cards, the Groups she may attack.
    offered = await table.fake.autocomplete(table.users["ann"], table.channel, "ill attack",
                                            "target", group=GNOMES, target="psy")
    assert [c["value"] for c in offered] == [HOTLINE]

    await click(table, "Ann", "attack", group=GNOMES, target=HOTLINE, how="control")
    said = table.said()
    assert (f"Ann attacks {HOTLINE} with {GNOMES} to control: needs 7 or less") in said
    assert "Ann, Bob, Cy may spend money, play a Special or pass" in said
    assert set(game.prompts()) == {"Ann", "Bob", "Cy"}
    # The window reaches each of the other two by DM, with a button to spend money.
    for user in ("bob", "cy"):
        prompt = table.fake.dms(table.users[user])[-1]
        assert "Ann attacks Psychic Hotline to control: needs 7 or less" in prompt.text()
        assert "Spend money …" in [label for _, label, _ in prompt.buttons()]

    # Inside the window: 20 s on, Bob interferes for Ann (his Illuminati's money, to the bank).
    table.clock.advance(20)
    await bot.timers.tick()
    await click(table, "Bob", "spend", mb=3, side="attacker")
    assert "Bob interferes with 3 MB for Ann: now 10 or less" in table.said()
    # 20 s more (40 s after the attack, 20 after Bob): still open, and Cy opposes her.
    table.clock.advance(20)
    await bot.timers.tick()
    assert set(game.prompts()) >= {"Cy"}
    await click(table, "Cy", "spend", mb=2, side="defender")
    assert "Cy interferes with 2 MB against Ann: now 8 or less" in table.said()
    assert clicked_in_dms(table, "bob") and clicked_in_dms(table, "cy")
    view = game.view(None)
    assert view["attack"]["interference"] == {"Bob": 3, "Cy": 2}
    assert view["players"]["Bob"]["treasury"] == 7 and view["players"]["Cy"]["treasury"] == 8

    # Not before its time: the window started again with Cy's money.
    table.clock.advance(29)
    await bot.timers.tick()
    assert game.view(None)["attack"]["stage"] == "money"
    table.clock.advance(2)
    await bot.timers.tick()
    await table.fake.settle()
    said = table.said()
    assert "The time to answer is up for" in said
    assert "Ann rolls 3 + 2 = 5 against 8." in said  # this seed's dice
    assert f"Ann takes control of {HOTLINE}" in said
    # Ann places her new puppet on a vacant arrow, from her prompt's menu.
    (spot, *_) = [c.value for c in game.prompts()["Ann"].action("place").params[0].choices]
    await click(table, "Ann", "place", at=spot)
    assert f"Ann places {HOTLINE} on {GNOMES}" in table.said()
    assert HOTLINE in [c["name"] for c in game.view(None)["structures"]["Ann"]]


async def test_a_trade_accepted_by_both_sides_by_dm_changes_hands_at_once(
        table: Table) -> None:
    """Rulebook p. 8, "When Is a Deal Binding?" ("... only if they make the exchange
    immediately") and "Transferring Groups" (each Group exchanged is an action of the player
    whose turn it is; its treasury goes with it): Ann offers Bob 6 MB for the Debating Union
    by clicking in her DM; Bob accepts by clicking in his; both change hands at once. At the
    end of her turn the channel gets the pictures of the structures that changed, one
    image each."""
    await imported(table, "ill-e2e-2")
    live = await table.loaded()
    game = live.game
    await click(table, "Ann", "offer", player="Bob", give_mb=6, take_group=UNION)
    assert f"Ann offers Bob a deal (offer 1): 6 MB for {UNION}." in table.said()
    bob_prompt = table.fake.dms(table.users["bob"])[-1]
    # Bob's DM says what he is offered, as he decides.
    assert f"Ann offers you 6 MB for {UNION} (offer 1). Accept or decline." in \
        bob_prompt.text()
    await click(table, "Bob", "accept", offer="1")
    assert clicked_in_dms(table, "ann") and clicked_in_dms(table, "bob")
    said = table.said()
    assert "Bob accepts offer 1" in said
    view = game.view(None)
    assert UNION in [c["name"] for c in view["structures"]["Ann"]]
    assert UNION not in [c["name"] for c in view["structures"]["Bob"]]
    assert view["players"]["Ann"]["treasury"] == 14 and view["players"]["Bob"]["treasury"] == 16
    assert view["actions_left"] == 1  # the Group was one of Ann's actions

    # The end of the turn: the structures that changed (Ann's, Bob's), one image each;
    # Cy's, unchanged, is not posted again.
    await click(table, "Ann", "end-turn")  # the Cold Vault's free transfers come first
    assert "Ann's Illuminati may now reorganize at no cost" in table.said()
    before = len(table.fake.messages(table.channel))
    await click(table, "Ann", "end-turn")
    assert "Ann ends the turn." in table.said()
    posted = table.fake.messages(table.channel)[before:]
    images = [name for m in posted for name, _ in m.files]
    assert len(images) == 2, images
    assert all(data.startswith(PNG) for m in posted for _, data in m.files)


async def test_a_card_set_file_is_checked_whole_before_a_game_is_made(table: Table) -> None:
    """Issue 25: "A malformed card set file fails with a message naming the file, the card
    and the field, and nothing starts with a broken set." `/ill new` takes the file as an
    attachment and passes its name; a good one opens a game on it, and every page that
    shows the game says Croupier is an unofficial aid."""
    table.extensions = EXTENSIONS
    await table.start_bot(seed="ill-e2e-cards")
    broken = json.loads(sample_text())
    broken["groups"][3]["resistance"] = "ten"
    name = broken["groups"][3]["name"]
    refused = await table.slash("ann", "ill new", cards=("ours.json", json.dumps(broken)
                                                         .encode()))
    assert refused.ephemeral
    assert (f"The card set file “ours.json”, group “{name}”, field “resistance”: must be a "
            "whole number from 0 to 99") in refused.text()
    assert table.bot is not None and table.bot.service.entry_in(table.channel) is None
    assert not table.fake.messages(table.channel)  # nothing was made, nothing said
    text = await table.slash("ann", "ill new", cards=("ours.json", b"\xff\xfe not text"))
    assert "“ours.json” is not text" in text.text()

    ours = json.loads(sample_text())
    ours.update(title="Our copy", sample=False)
    opened = await table.slash("ann", "ill new", cards=("our set.json", json.dumps(ours)
                                                        .encode()))
    assert "is open" in opened.text()
    for user in ("ann", "bob", "cy"):
        await table.slash(user, "game join")
    await table.slash("ann", "game start")
    said = table.said()
    assert "Illuminati, on the card set “Our copy”." in said
    assert "Card set: your group's own; Card set file: our set.json" in said
    assert "{" not in said  # the set's text is never shown
    # The announcement, the status post and the first post of the game carry the notice.
    assert said.count("not affiliated with Steve Jackson Games") >= 3
    helped = await table.slash("cy", "ill help")
    assert helped.ephemeral and "not affiliated with Steve Jackson Games" in helped.text()
    # The start: every player's structure, one image each.
    images = [data for m in table.fake.messages(table.channel) for _, data in m.files]
    assert len(images) == 3 and all(d.startswith(PNG) for d in images)


async def test_board_hand_and_odds_answer_only_the_asker(table: Table) -> None:
    """`/ill board [player]`: a player's Power Structure as everyone sees it; `/ill hand`
    and `/ill odds`: the engine's questions, answered privately and never logged."""
    await imported(table, "ill-e2e-3")
    live = await table.loaded()
    steps = live.seq
    own = await table.slash("bob", "ill board")
    (shown,) = [m for m in own.all_messages() if m.files]
    assert own.ephemeral and shown.files[0][1].startswith(PNG)
    theirs = await table.slash("bob", "ill board", player="cy")
    (other,) = [m for m in theirs.all_messages() if m.files]
    assert other.files[0][1] != shown.files[0][1]
    missing = await table.slash("bob", "ill board", player="Zed")
    assert missing.ephemeral and "Zed has no Power Structure" in missing.text()
    hand = await table.slash("bob", "ill hand")
    assert hand.ephemeral and "Your Illuminati: The Relay" in hand.text()
    odds = await table.slash("ann", "ill odds", group=GNOMES, target=HOTLINE)
    assert odds.ephemeral and "needs 7 or less" in odds.text() and "% chance" in odds.text()
    assert live.seq == steps  # questions are not actions
    players = await table.fake.autocomplete(table.users["bob"], table.channel, "ill board",
                                            "player", player="")
    assert [c["value"] for c in players] == ["Ann", "Bob", "Cy"]


def a_busy_table() -> dict[str, Any]:
    """Ann (the Silver Compass: privilege for 5 MB) with a structure of three Groups and
    money on each, Bob and Cy with a Group each, every hand holding Specials, Groups left
    to attack: every kind of move is at hand."""
    game = position(["Ann", "Bob", "Cy"], seed="ill-walk",
                    illuminati={"Ann": BAVARIAN, "Bob": GNOMES, "Cy": NETWORK},
                    groups={"Ann": [("Ministry of Forms", BAVARIAN, "up"),
                                    ("Harbour Stevedores", "Ministry of Forms", "up"),
                                    ("Weather Balloon Society", BAVARIAN, "down")],
                            "Bob": [(UNION, GNOMES, "up")],
                            "Cy": [("Rooftop Beekeepers", NETWORK, "left")]},
                    money={BAVARIAN: 30, "Ministry of Forms": 6, "Harbour Stevedores": 4,
                           GNOMES: 20, NETWORK: 20, UNION: 3},
                    hands={"Ann": ["Slush Fund", "Whispering Campaign"],
                           "Bob": ["Deep Agent", "Murphy's Law", "Interference #1"],
                           "Cy": ["Secrets Man Was Not Meant To Know", "Assassination"]},
                    uncontrolled=[HOTLINE, "Cryptid Hunters", "Model Railway Club"],
                    current="Ann")
    return game.state()


async def test_illuminati_by_clicks_alone_from_a_busy_table(table: Table) -> None:
    """Issue 25 ("Commands `/ill`, every choice clickable"), as issue 14's walk: from a
    position where every kind of move is at hand, random legal actions of whoever is asked
    are completed by clicks alone (menus, buttons, forms), and every action a prompt lists
    has its component; no command is typed. The walk from a game's start
    (tests/cogs/test_every_choice_by_click.py) plays whole turns; this one the moves of a
    full structure."""
    table.extensions = EXTENSIONS
    await table.start_bot(seed="walk-ill-busy")
    assert table.bot is not None
    table.bot.pictures.clear()
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in
                        ("Ann", "Bob", "Cy"))
    await table.slash("ann", "game import", variant="illuminati", players=players,
                      file=("ill.json", json.dumps(a_busy_table()).encode()))
    taken = await walk(table, 4, steps=60, last=("end-turn", "pass-turn"))
    # (A capture's placement is clicked above; ending turns in the walk from the start.)
    assert {"attack", "spend", "aid", "pass", "abolish", "transfer", "move", "drop", "play",
            "show", "offer", "accept", "decline", "withdraw", "give"} <= taken, taken
    assert not [i for i in table.fake.interactions if i.command and i.command.startswith("ill")]


async def test_autocomplete_offers_what_each_player_may_name(table: Table) -> None:
    """Typing a free action at any time (a Special, a deal): autocomplete offers the prompt's
    choices when the player is asked, else what they may name: their own Specials (shown to
    them alone), the others' Groups, the Groups they may attack."""
    table.extensions = EXTENSIONS
    await table.start_bot(seed="ill-complete")
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in
                        ("Ann", "Bob", "Cy"))
    await table.slash("ann", "game import", variant="illuminati", players=players,
                      file=("ill.json", json.dumps(a_busy_table()).encode()))

    async def complete(user: str, command: str, option: str, **typed: Any) -> list[str]:
        found = await table.fake.autocomplete(table.users[user], table.channel, command,
                                              option, **typed)
        return [c["value"] for c in found]

    assert await complete("cy", "ill play", "card", card="") == [
        "Secrets Man Was Not Meant To Know", "Assassination"]
    assert await complete("bob", "ill deal give", "card", player="Cy", card="") == [
        "Deep Agent", "Murphy's Law", "Interference #1"]
    assert sorted(await complete("bob", "ill deal offer", "take_group", player="Ann",
                                 take_group="")) == ["Harbour Stevedores", "Ministry of Forms",
                                                     "Rooftop Beekeepers",
                                                     "Weather Balloon Society"]
    assert await complete("ann", "ill attack", "group", group="harb") == ["Harbour Stevedores"]
    assert await complete("cy", "ill odds", "target", group=NETWORK, target="model") == [
        "Model Railway Club"]
