"""Skipped turns and multi-turn cards: rulebook "Geavanceerde regels", both worked examples.

"Sommige kaarten blijven langer dan 1 beurt in het spel. Als je een meerdere-beurtenkaart
tijdens je eigen beurt krijgt, telt dat als de eerste beurt van de kaart. ... Als je een beurt
moet overslaan telt die beurt niet mee voor de meerdere-beurten kaart." (A card received
during your own turn counts that turn as its first; a skipped turn does not count.)
"""

from __future__ import annotations

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    act,
    answer_all,
    end_turn,
    of_kind,
    position,
    verified,
)

MORRIS = "Gouverneur Morris"


def example(morris: bool):
    """Joseph (Ann) in Oklahoma with Amtrak; Fidel (Bo) with an EMP; with `morris`, the
    Founding Father Gouverneur Morris is the next card of the Command deck."""
    return position([ANN, BO], dictators={ANN: "Joseph", BO: "Fidel"}, at={ANN: "Oklahoma"},
                    hands={ANN: ["Amtrak"], BO: ["EMP"]},
                    top=[MORRIS, "Road Trip", "Road Trip"] if morris else None)


def skipped_by(events, seat: str) -> int:
    return sum(1 for e in of_kind(events, "skipped") if e.data["seat"] == seat)


def test_example_1_amtrak_then_emp_skips_two_turns() -> None:
    """Voorbeeld 1: "Joseph “The Man of Steal” speelt een “Amtrak” en beweegt van Oklahoma
    naar Ohio. Hij moet zijn volgende beurt overslaan vanwege “Amtrak”. Joseph's beurt eindigt
    en wordt gevolgd door Fidel “The Fiddler” die een “EMP” speelt in Ohio. Joseph moet nu nog
    een “volgende” beurt overslaan. Omdat de volgende beurt pas begint als Joseph een beurt
    heeft overgeslagen vanwege “Amtrak”, moet hij twee beurten in totaal overslaan." """
    game = example(morris=False)
    act(game, ANN, "play", card="Amtrak", to="Ohio")
    answer_all(game)
    assert game.location[ANN] == "Ohio" and game.skips[ANN] == 1
    end_turn(game, ANN)
    assert game.current == BO
    act(game, BO, "play", card="EMP", state="Ohio")
    answer_all(game)
    assert game.skips[ANN] == 2
    skipped = []
    for _ in range(2):
        events = end_turn(game, BO)
        skipped.append(skipped_by(events, ANN))
        assert game.current == BO  # Ann's turn was skipped: Bo again
    assert skipped == [1, 1] and game.skips[ANN] == 0
    events = end_turn(game, BO)
    assert skipped_by(events, ANN) == 0 and game.current == ANN
    verified(game)


def test_example_2_gouverneur_morris_adds_a_third_skip_and_stays_three_played_turns() -> None:
    """Voorbeeld 2: "... raapt Joseph “The Man of Steal” een Founding Father kaart in dezelfde
    beurt dat hij “Amtrak” heeft gespeeld. Het is Gouverneur Morris! Joseph kan aan het einde
    van zijn beurt geen kaart afleggen en verliest zijn “volgende” beurt. Omdat het overslaan
    van een beurt cumulatief is moet hij nu in totaal 3 beurten overslaan (“Amtrak”, “EMP” en
    Gouverneur Morris). Gouverneur Morris blijft in totaal 3 van Joseph zijn beurten in het
    spel. Dit is inclusief de beurt waarin hij Gouverneur Morris heeft geraapt, maar exclusief
    de beurten die hij moet overslaan. Dus de 2 beurten die Gouverneur Morris nog moet blijven
    liggen beginnen pas te tellen na het overslaan van 3 beurten." """
    game = example(morris=True)
    act(game, ANN, "play", card="Amtrak", to="Ohio")
    answer_all(game)
    act(game, ANN, "draw")
    assert game.stack[-1]["kind"] == "founder"  # shown at once; token XIII may be in play
    act(game, ANN, "keep")
    assert game.founder_of(ANN) == {"card": MORRIS, "holder": ANN, "by": ANN,
                                    "kind": "founder", "turns": 3}
    events = end_turn(game, ANN)
    assert of_kind(events, "skip_owed") and game.skips[ANN] == 2  # no card to discard
    assert game.founder_of(ANN)["turns"] == 2  # the turn he drew it counts
    act(game, BO, "play", card="EMP", state="Ohio")
    answer_all(game)
    assert game.skips[ANN] == 3
    for _ in range(3):
        events = end_turn(game, BO)
        assert skipped_by(events, ANN) == 1 and game.current == BO
        assert game.founder_of(ANN)["turns"] == 2  # skipped turns don't count
    end_turn(game, BO)
    assert game.current == ANN and game.skips[ANN] == 0
    for left in (1, 0):
        act(game, ANN, "draw")  # a card to discard: no further skip
        events = end_turn(game, ANN)
        assert not of_kind(events, "skip_owed")
        if left:
            assert game.founder_of(ANN)["turns"] == left
        else:
            assert game.founder_of(ANN) is None and MORRIS in game.founder_discards
        end_turn(game, BO)
    verified(game)


def test_a_skipped_turn_has_no_president_no_actions_and_no_countdown() -> None:
    """Reference §13 (INFERRED from both examples): a skipped turn is skipped whole: no
    Presidential card in Washington D.C., no actions, and cards lying with the player don't
    count it."""
    game = position([ANN, BO], at={ANN: "Washington D.C."}, current=BO,
                    edit=lambda d: (d["skips"].update({ANN: 1}),
                                    d["in_play"].append({"card": "Quarantine", "holder": ANN,
                                                         "by": BO, "kind": "curse",
                                                         "turns": 2})))
    game.command.remove("Quarantine") if "Quarantine" in game.command else None
    deck = len(game.president)
    events = end_turn(game, BO)
    assert skipped_by(events, ANN) == 1 and game.current == BO
    assert len(game.president) == deck and not of_kind(events, "president_card")
    assert game.in_play[0]["turns"] == 2


def test_a_card_played_on_you_in_another_players_turn_counts_from_your_next_turn() -> None:
    """Reference §13 (INFERRED): a multi-turn card that arrives during an opponent's turn
    first counts at its holder's next played turn. Quarantine (2 turns) played on Ann during
    Bo's turn keeps Ann from walking for her next two turns."""
    game = position([ANN, BO], current=BO, at={ANN: "Ohio"}, hands={BO: ["Quarantine"]})
    act(game, BO, "play", card="Quarantine", player=ANN)
    answer_all(game)
    end_turn(game, BO)
    for _ in range(2):
        assert "walk" not in [a.name for a in game.prompts()[ANN].actions]
        end_turn(game, ANN)
        end_turn(game, BO)
    assert "walk" in [a.name for a in game.prompts()[ANN].actions]
    assert "Quarantine" in game.command_discards
