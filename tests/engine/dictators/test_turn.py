"""A turn: three actions, one Walk, drawing, playing and activating cards, flights, the hand
limit and the Command deck running out (rulebook "Beurtverloop", "Raap een kaart", "Speel een
Actie/Bezitting kaart", "Activeer een Bezitting kaart", "Internationale vluchten", FAQ).
"""

from __future__ import annotations

from typing import Any

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    DATA,
    act,
    actions,
    answer_all,
    choices,
    end_turn,
    of_kind,
    position,
    refused,
    verified,
)


def test_three_actions_in_any_order_or_combination() -> None:
    """"Tijdens zijn/haar beurt krijgt een dictator maximaal 3 acties. Dictators kunnen hun
    acties in elke volgorde, aantal of combinatie gebruiken." A Walk and two draws use them
    up: a third draw is neither offered nor taken."""
    game = position(at={ANN: "Ohio"}, hands={BO: [], CY: []})
    act(game, ANN, "draw")
    act(game, ANN, "walk", to="Indiana")
    act(game, ANN, "draw")
    assert game.turn["actions"] == 0
    assert "draw" not in actions(game, ANN) and "end-turn" in actions(game, ANN)
    refused(game, ANN, "draw")
    verified(game)


def test_you_need_not_use_all_three_actions() -> None:
    """FAQ: "Moet ik al mijn acties gebruiken? Nee! Je kunt minder dan 3 acties gebruiken
    tijdens je beurt." """
    game = position()
    end_turn(game, ANN)
    assert game.current == BO


def test_the_walk_follows_one_road_at_most_once_a_turn() -> None:
    """"Loop (maximaal een keer per beurt!): verplaats je meeple van een locatie naar een
    andere door de weg te volgen." Only locations one road away are offered; after a Walk, no
    second one."""
    game = position(at={ANN: "Ohio"}, hands={BO: [], CY: []})
    assert choices(game, ANN, "walk", "to") == ["Indiana", "Kentucky", "Michigan",
                                                 "Pennsylvania", "West Virginia"]
    refused(game, ANN, "walk", to="Illinois")
    act(game, ANN, "walk", to="Indiana")
    assert "walk" not in actions(game, ANN)
    refused(game, ANN, "walk", to="Illinois")


def test_a_card_that_says_move_is_not_your_walk() -> None:
    """FAQ: "Als een kaart “Move” zegt, telt dat als mijn [Walk]? Nee! Kaarten die je [Walk]
    gebruiken tonen dat specifieke symbool." Road Trip moves along roads and the Walk is still
    there afterwards."""
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Road Trip"], BO: [], CY: []})
    act(game, ANN, "play", card="Road Trip", to="Illinois")
    assert game.location[ANN] == "Illinois" and not game.turn["walked"]
    assert "walk" in actions(game, ANN) and game.turn["actions"] == 2


def test_a_card_costs_the_actions_printed_on_it() -> None:
    """"Gebruik het aantal acties zoals aangegeven staat op de kaart om de kaart te spelen":
    the Stealth Fighter costs 3, so not with 2 left; an Interruption costs none."""
    game = position(hands={ANN: ["Stealth Fighter", "Windfall"], BO: [], CY: []})
    act(game, ANN, "draw")
    assert "Stealth Fighter" not in choices(game, ANN, "play", "card")
    refused(game, ANN, "play", card="Stealth Fighter", to="Ohio")
    act(game, ANN, "play", card="Windfall")
    assert game.turn["actions"] == 2


def test_playing_a_card_without_its_target_asks_for_it_and_may_be_taken_back() -> None:
    """Every choice clickable: a card played without its target asks for it (the menu lists
    the legal ones); taking it back spends nothing."""
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Shortcut"], BO: [], CY: []})
    act(game, ANN, "play", card="Shortcut")
    assert actions(game, ANN) == ["choose", "back"]
    assert "Pennsylvania" in choices(game, ANN, "choose", "to")
    assert game.view(None)["decision"] is None  # the choosing is the player's own business
    act(game, ANN, "back")
    assert game.hands[ANN] == ["Shortcut"] and game.turn["actions"] == 3
    act(game, ANN, "play", card="Shortcut")
    act(game, ANN, "choose", to="Pennsylvania")
    assert game.location[ANN] == "Pennsylvania" and game.turn["actions"] == 2


def assets(d: dict[str, Any]) -> None:
    d["command"].remove("Campaign Fund")
    d["in_play"].append({"card": "Campaign Fund", "holder": ANN, "by": ANN, "kind": "asset",
                         "turns": None})


def test_an_asset_is_activated_on_your_own_turn_at_the_cost_beside_the_ability() -> None:
    """"Activeer een Bezitting kaart: gebruik het aantal acties zoals aangegeven staat naast
    een toepassing op de Bezitting kaart om de toepassing te activeren"; FAQ (INFERRED): only
    during your own turn. Each ability once a turn (DEFAULT, option asset_once_per_turn)."""
    game = position(edit=assets, hands={ANN: [], BO: [], CY: []}, top=["Road Trip"])
    assert choices(game, ANN, "activate", "ability") == ["Campaign Fund #1"]
    act(game, ANN, "activate", ability="asset: campaign fund")
    assert game.turn["actions"] == 2 and game.hands[ANN] == ["Road Trip"]
    assert "activate" not in actions(game, ANN)
    end_turn(game, ANN)
    refused(game, ANN, "activate", ability="Campaign Fund #1")
    game = position(edit=assets, options={"asset_once_per_turn": False}, hands={BO: [], CY: []})
    act(game, ANN, "activate", ability="Possession Campaign Fund")
    act(game, ANN, "activate", ability="bezitting: Campaign Fund #1")
    assert game.turn["actions"] == 1


def test_an_asset_played_stays_in_front_of_its_owner() -> None:
    """English edition: green Assets "stay in front of their owner, their abilities activated
    again later for their action cost"."""
    game = position(hands={ANN: ["Campaign Fund"], BO: [], CY: []})
    act(game, ANN, "play", card="Campaign Fund")
    assert game.assets_of(ANN) == ["Campaign Fund"] and game.turn["actions"] == 2
    assert {"card": "Campaign Fund", "holder": ANN, "by": ANN, "kind": "asset",
            "turns": None} in game.view(None)["in_play"]
    assert "activate" in actions(game, ANN)


def test_draw_takes_one_action_and_the_hand_limit_is_5_at_the_end_of_the_turn() -> None:
    """"Gebruik een actie om een kaart van het Commando deck te rapen. Het maximum aantal
    kaarten ... aan het einde van je beurt is 5. Je mag meer kaarten rapen dan je handlimiet.
    Leg aan het einde van je beurt het teveel aan kaarten af." """
    game = position(hands={ANN: ["Veto", "Veto", "Sabotage", "Roadblock"], BO: [], CY: []},
                    top=["Road Trip", "Bulldozer", "Amtrak"])
    for _ in range(3):
        act(game, ANN, "draw")
    assert len(game.hands[ANN]) == 7
    events = act(game, ANN, "end-turn")
    assert of_kind(events, "hand_limit")[0].data == {"seat": ANN, "count": 2}
    assert game.stack[-1]["kind"] == "discard" and game.current == ANN
    act(game, ANN, "discard", card="Veto")
    act(game, ANN, "discard", card="Amtrak")
    assert sorted(game.hands[ANN]) == ["Bulldozer", "Road Trip", "Roadblock", "Sabotage",
                                       "Veto"]
    assert game.current == BO


def test_an_empty_command_deck_is_its_discards_with_3_new_founding_fathers() -> None:
    """"Als het Commando deck leeg is schud je de corresponderende aflegstapel en voeg je 3
    nieuwe willekeurige Founding Father kaarten toe om een nieuw Commando deck te maken." """
    def empty(d: dict[str, Any]) -> None:
        d["command_discards"] = d["command"][:10] + d["command_discards"]
        d["command"] = []
    game = position(edit=empty, hands={BO: [], CY: []})
    supply = len(game.founders)
    discards = len(game.command_discards)
    act(game, ANN, "draw")
    assert len(game.founders) == supply - 3
    assert len(game.command) + 1 == discards + 3 - len(game.command_discards)


def test_an_event_card_is_shown_and_resolved_with_no_replacement() -> None:
    """"Wanneer een gebeurtenis kaart geraapt ... wordt, moet je deze onmiddellijk laten zien
    en het effect uitvoeren"; "Nee, je mag geen nieuwe kaart ter vervanging rapen." """
    founder = "George Washington"
    game = position(top=[founder], hands={ANN: [], BO: [], CY: []})
    events = act(game, ANN, "draw")
    assert of_kind(events, "founding_father")[0].data == {"seat": ANN, "card": founder}
    act(game, ANN, "keep")
    assert game.hands[ANN] == [] and game.founder_of(ANN)["card"] == founder


def test_an_international_flight_costs_the_walk_and_one_more_action() -> None:
    """"Een internationale vlucht wordt aangeduid met een stippellijn ... gebruik je [Walk] plus
    een extra [actie]"; leaving Hawaii, which borders nothing, is a flight."""
    game = position(hands={BO: [], CY: []})
    assert choices(game, ANN, "fly", "to") == ["Alaska", "Baja California", "British Columbia",
                                               "Los Angeles", "San Francisco", "Washington"]
    assert choices(game, ANN, "walk", "to") == [] if "walk" in actions(game, ANN) else True
    act(game, ANN, "fly", to="Los Angeles")
    assert game.turn == {**game.turn, "actions": 1, "walked": True}
    assert "fly" not in actions(game, ANN) and "walk" not in actions(game, ANN)
    refused(game, ANN, "fly", to="Mexico City")


def test_an_international_flight_card_only_where_a_dotted_line_starts() -> None:
    """FAQ: "Nee! Je moet je in een locatie bevinden met een internationale vlucht
    (stippellijn) om dit te gebruiken." """
    game = position(at={ANN: "Ohio"}, hands={ANN: ["International Flight"], BO: [], CY: []})
    assert "play" not in actions(game, ANN)
    game = position(at={ANN: "Miami"}, hands={ANN: ["International Flight"], BO: [], CY: []})
    act(game, ANN, "play", card="International Flight", to="Guantanamo Bay")
    assert game.location[ANN] == "Guantanamo Bay" and not game.turn["walked"]


def test_the_first_player_rolls_the_highest_d20() -> None:
    """"Een andere mogelijkheid is om met een 20-zijdige dobbelsteen te rollen; degene die het
    hoogst gooit begint het spel. Het spel wordt met de klok mee gespeeld." Ties roll again
    (DEFAULT); option first_player=seats lets the table seat the best-dressed first."""
    import engine
    game = engine.new_game("dictators", [ANN, BO, CY], seed="first")
    rolls = [e for e in game.setup_events if e.kind == "start_roll"]
    last = rolls[-1].data["rolls"]
    first = max(last, key=last.get)
    assert game.order[0] == first and game.current == first
    i = [ANN, BO, CY].index(first)
    assert game.order == ([ANN, BO, CY] * 2)[i:i + 3]
    assert DATA.dictators  # the dictators are dealt face up
    assert all(e.public for e in game.setup_events if e.kind == "dictator")


def test_interruption_cards_on_your_own_turn_cost_nothing_and_need_no_window() -> None:
    """Quick Reference: "Let op: je kunt een [Interruptie] op elk moment spelen zonder dat dit
    een actie kost." Windfall (any time) on Ann's own turn."""
    game = position(hands={ANN: ["Windfall"], BO: ["Veto"], CY: []}, top=["Road Trip"])
    act(game, ANN, "play", card="Windfall")
    answer_all(game)
    assert game.turn["actions"] == 3 and game.hands[ANN] == ["Road Trip"]
