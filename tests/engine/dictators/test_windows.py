"""Interruptions on other players' turns, through reaction windows (Quick Reference, "Het
Commando deck", issue 26: "a reaction window that opens and lasts the same whatever anyone
holds").

"Dictators mogen [Interrupties] op elk moment spelen, ook tijdens de beurt van iemand anders";
"Let op: je kunt een [Interruptie] op elk moment spelen zonder dat dit een actie kost." The
card diagram's example: "Play after an opponent moves. Move that opponent to an adjacent
state."
"""

from __future__ import annotations

from typing import Any

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    act,
    actions,
    answer_all,
    choices,
    of_kind,
    position,
    refused,
)
from tests.support.secrecy import public_record


def test_a_window_awaits_every_other_dictator_holding_a_card_whatever_the_cards() -> None:
    """Twins: Bo holds two Interruptions in one game, two Actions in the other (Cy holds
    nothing). Ann's Walk opens the same window in both: the same public event with the same
    timer, the same public view, the same awaited seats; only Bo's own prompt differs."""
    games = [position(at={ANN: "Ohio"}, hands={BO: bo, CY: []})
             for bo in (["Diversion", "Veto"], ["Road Trip", "Amtrak"])]
    records = []
    for game in games:
        events = act(game, ANN, "walk", to="Indiana")
        window = of_kind(events, "window")[0]
        assert window.data == {"moment": "move", "seat": ANN, "awaiting": [BO],
                               "seconds": 30}
        records.append((public_record(events), game.view(None), sorted(game.prompts())))
    assert records[0] == records[1]
    assert choices(games[0], BO, "play", "card") == ["Diversion"]
    assert actions(games[1], BO) == ["pass", "pass-all"]
    for game in games:
        act(game, BO, "pass")
        assert game.current == ANN and "end-turn" in actions(game, ANN)


def test_the_window_timer_is_the_same_option_for_every_window() -> None:
    """Option window_seconds (live play 30; 0 for a game by deadline): every window event
    carries it, and the deadline passes for whoever is still awaited."""
    game = position(at={ANN: "Ohio"}, hands={BO: ["Bulldozer"], CY: ["Veto"]},
                    options={"window_seconds": 45})
    events = act(game, ANN, "walk", to="Indiana")
    assert of_kind(events, "window")[0].data["seconds"] == 45
    assert game.view(None)["window_seconds"] == 45
    assert game.timeout_actions() == [(BO, "pass", {}), (CY, "pass", {})]
    assert game.view(None)["decision"] == {"kind": "window", "seat": ANN, "moment": "move",
                                           "awaiting": [BO, CY], "card": None}


def test_diversion_after_an_opponent_moves_moves_them_to_an_adjacent_state() -> None:
    """The card diagram's Interruption: "Play after an opponent moves. Move that opponent to
    an adjacent state." Bo answers Ann's Walk; Ann may answer Bo's card in turn."""
    game = position(at={ANN: "Ohio"}, hands={BO: ["Diversion"], CY: []})
    act(game, ANN, "walk", to="Indiana")
    assert "Illinois" in choices(game, BO, "play", "to")
    refused(game, BO, "play", card="Diversion")  # it needs where to
    act(game, BO, "play", card="Diversion", to="Illinois")
    answer_all(game)
    assert game.location[ANN] == "Illinois" and game.turn["actions"] == 2


def test_veto_stops_a_card_and_a_veto_on_the_veto_lets_it_through() -> None:
    """An Interruption played in a window opens a window of its own, last in first out
    (DEFAULT): Bo's Veto stops Ann's Road Trip; Ann's own Veto on Bo's Veto lets it go."""
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Road Trip"], BO: ["Veto"], CY: []})
    act(game, ANN, "play", card="Road Trip", to="Illinois")
    events = act(game, BO, "play", card="Veto")  # Ann holds nothing: its window closes
    events += answer_all(game)
    assert of_kind(events, "stopped") and game.location[ANN] == "Ohio"
    assert game.turn["actions"] == 2  # the card's cost is spent
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Road Trip", "Veto"], BO: ["Veto"],
                                             CY: []})
    act(game, ANN, "play", card="Road Trip", to="Illinois")
    act(game, BO, "play", card="Veto")
    assert game.stack[-1]["awaiting"] == [ANN]
    act(game, ANN, "play", card="Veto")
    answer_all(game)
    assert game.location[ANN] == "Illinois"


def test_traffic_jam_places_a_roadblock_where_the_opponent_stands() -> None:
    game = position(at={ANN: "Ohio"}, hands={BO: ["Traffic Jam"], CY: []})
    act(game, ANN, "walk", to="Indiana")
    roads = choices(game, BO, "play", "road")
    assert roads == ["Illinois - Indiana", "Indiana - Kentucky", "Indiana - Michigan",
                     "Indiana - Ohio"]
    act(game, BO, "play", card="Traffic Jam", road="Illinois - Indiana")
    answer_all(game)
    assert game.roadblocks == [["Illinois", "Indiana"]]


def test_a_dictator_with_no_card_is_not_awaited_nor_one_barred_from_interruptions() -> None:
    """Public facts decide who is awaited: an empty hand (its size is public), or James
    Madison lying face up ("You may not play Interruptions", DEFAULT)."""
    def madison(d: dict[str, Any]) -> None:
        pile = "founders" if "James Madison" in d["founders"] else "command"
        d[pile].remove("James Madison")
        d["in_play"].append({"card": "James Madison", "holder": CY, "by": CY,
                             "kind": "founder", "turns": 3})
    game = position(at={ANN: "Ohio"}, hands={BO: ["Veto"], CY: ["Veto"]}, edit=madison)
    act(game, ANN, "walk", to="Indiana")
    assert game.stack[-1]["awaiting"] == [BO]


def test_sabotage_only_answers_a_disarm_and_veto_only_a_card() -> None:
    """Each Interruption is played at its own moment (its play restriction): Bo's Sabotage
    can't answer a move; Veto can't answer a disarm."""
    game = position(at={ANN: "Ohio"}, hands={BO: ["Sabotage", "Veto"], CY: []})
    act(game, ANN, "walk", to="Indiana")
    assert actions(game, BO) == ["pass", "pass-all"]
    refused(game, BO, "play", card="Sabotage")
    refused(game, BO, "play", card="Veto")


def test_cards_played_free_with_token_viii_cannot_be_stopped() -> None:
    """FAQ: "Als je de kaarten gratis speelt in de beurt dat je het fiche gebruikt kunnen ze
    niet tegengehouden worden." No window opens for them."""
    game = position(at={ANN: "Ohio"}, tokens={ANN: ["VIII"]}, hands={BO: ["Veto"], CY: []},
                    top=["Road Trip", "Bulldozer", "Roadblock", "Intelligence Report",
                         "Shortcut", "Amtrak"])
    act(game, ANN, "token", token="VIII")
    assert game.turn["free"] == ["Road Trip", "Bulldozer", "Roadblock", "Intelligence Report",
                                 "Shortcut", "Amtrak"]
    events = act(game, ANN, "play", card="Road Trip", to="Illinois")
    assert not of_kind(events, "window") and game.location[ANN] == "Illinois"
    assert game.turn["actions"] == 3


def test_the_bot_times_a_window_from_public_facts_only() -> None:
    """Issue 26: "a reaction window that opens and lasts the same whatever anyone holds":
    `window()`, which the bot times, is the same for twins whose hands differ, for as long
    as `window_seconds` says; none once it closed, none with 0 (a game by deadline)."""
    from engine import Window

    twins = [position(at={ANN: "Ohio"}, hands={BO: bo, CY: ["Road Trip"]})
             for bo in (["Diversion"], ["Amtrak"])]
    for game in twins:
        assert game.window() is None
        act(game, ANN, "walk", to="Indiana")
        assert game.window() == Window("window", 30.0)
    answer_all(twins[0])
    assert twins[0].window() is None
    by_deadline = position(at={ANN: "Ohio"}, hands={BO: ["Veto"]},
                           options={"window_seconds": 0})
    act(by_deadline, ANN, "walk", to="Indiana")
    assert by_deadline.stack[-1]["awaiting"] == [BO, CY] and by_deadline.window() is None


def test_a_standing_pass_is_a_public_choice_no_window_waits_for() -> None:
    """DEFAULT (docs/dictators.md, "Reaction windows at the table"): a dictator may pass
    every window from now on ("Pass every window from now on", a button of each window's
    prompt, or at any time) and take it back on their turn. No window waits for them
    meanwhile, whatever they hold; everyone sees the choice. It passes the windows they are
    awaited in now, nested ones too."""
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Road Trip"], BO: ["Veto"],
                                             CY: ["Diversion"]})
    act(game, ANN, "play", card="Road Trip", to="Illinois")
    assert actions(game, BO) == ["play", "pass", "pass-all"]
    act(game, CY, "pass")
    events = act(game, BO, "pass-all")
    assert [e.text for e in events if e.public][0] == \
        "Bo passes every window from now on, until they take it back."
    assert game.view(None)["standing_pass"] == [BO]
    # Road Trip took effect; its move's window waits for Cy alone (Bo holds Veto still).
    assert game.location[ANN] == "Illinois" and game.stack[-1]["awaiting"] == [CY]
    answer_all(game)
    refused(game, BO, "pass-all")
    # Another's card, whatever Bo holds: the window asks Cy only; with Cy's too, none opens.
    act(game, CY, "pass-all")
    events = act(game, ANN, "walk", to="Indiana")
    assert not of_kind(events, "window") and game.prompts().keys() == {ANN}
    # Taken back at any time (a free action); on Bo's turn, a button of the turn's prompt.
    answer_all(game)
    act(game, ANN, "end-turn")
    assert game.current == BO and "ask-windows" in actions(game, BO)
    act(game, BO, "ask-windows")
    assert game.view(None)["standing_pass"] == [CY] and "ask-windows" not in actions(game, BO)
    refused(game, BO, "ask-windows")
    assert "You pass every window" in "\n".join(game.describe(CY))
