"""Founding Father cards (rulebook "Founding Father kaarten").

"Als je een Founding Father kaart raapt moet je deze onmiddellijk laten zien en vervolgens het
effect uitvoeren. Nee, je mag geen nieuwe kaart ter vervanging rapen. De Founding Father kaart
blijft in het spel totdat deze verwijderd wordt, totdat je een nieuwe Founding Father kaart
raapt of doordat deze weggaat door het meerdere-beurten symbool. In alle gevallen wordt de
Founding Father kaart afgelegd op een aparte aflegstapel naast de overgebleven Founding Father
kaarten."
"""

from __future__ import annotations

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    act,
    end_turn,
    of_kind,
    position,
)

NOBODY = {BO: [], CY: []}


def test_a_new_founding_father_replaces_yours_and_both_go_to_their_own_pile() -> None:
    game = position(hands={ANN: [], **NOBODY}, top=["Thomas Jefferson", "John Marshall"])
    act(game, ANN, "draw")
    act(game, ANN, "keep")
    assert game.founder_of(ANN)["card"] == "Thomas Jefferson" and game.hand_limit(ANN) == 7
    events = act(game, ANN, "draw")
    act(game, ANN, "keep")
    assert game.founder_of(ANN)["card"] == "John Marshall"
    assert game.founder_discards == ["Thomas Jefferson"]
    assert "Thomas Jefferson" not in game.command_discards
    assert of_kind(events, "founding_father")


def test_signing_of_the_declaration_removes_a_founding_father_in_play() -> None:
    """FAQ (INFERRED, low): a card can remove a Founding Father in play."""
    game = position(hands={ANN: ["Signing of the Declaration"], **NOBODY},
                    top=["John Hancock"], current=BO)
    act(game, BO, "draw")
    act(game, BO, "keep")
    end_turn(game, BO)
    end_turn(game, CY)
    act(game, ANN, "play", card="Signing of the Declaration", player=BO)
    assert game.founder_of(BO) is None and game.founder_discards == ["John Hancock"]


def test_an_arrival_effect_happens_at_once() -> None:
    """Samuel Adams (DEFAULT): "Skip your next turn"; Roger Sherman: "Go to Pennsylvania at
    once"."""
    game = position(hands={ANN: [], **NOBODY}, top=["Samuel Adams", "Roger Sherman"])
    act(game, ANN, "draw")
    act(game, ANN, "keep")
    assert game.skips[ANN] == 1
    act(game, ANN, "draw")
    act(game, ANN, "keep")
    assert game.location[ANN] == "Pennsylvania"


def test_while_it_lies_with_you_its_rule_holds() -> None:
    """George Washington: "You have one action more each turn" from the next turn on (the
    turn it arrives in has begun with its 3); Benjamin Franklin: a card at the start of each
    turn."""
    game = position([ANN, BO], hands={ANN: [], BO: []},
                    top=["George Washington", "Road Trip"])
    act(game, ANN, "draw")
    act(game, ANN, "keep")
    end_turn(game, ANN)
    end_turn(game, BO)
    assert game.turn["actions"] == 4
