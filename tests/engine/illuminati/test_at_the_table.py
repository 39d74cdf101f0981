"""What the engine gives the bot so that Illuminati reads well at the table (issue 25, the
bot side): the card set file's name in every refusal, the options in players' words, the
pictures of the structures a turn changed, labels and texts as the bot shows them."""

from __future__ import annotations

import json

import pytest

import engine
from engine import RuleError, wording
from engine.games.illuminati import Illuminati
from engine.games.illuminati.words import LABELS
from engine.registry import check_options
from tests.engine.illuminati.cardsets import tiny
from tests.engine.illuminati.helpers import (
    ANN,
    BAVARIAN,
    BO,
    CY,
    GNOMES,
    NETWORK,
    act,
    kinds,
    new,
    of_kind,
    pass_all,
    position,
)

MONKS = "Marathon Monks"  # 4/0, Resistance 7, Peaceful and Fanatic


def test_a_malformed_file_is_named_by_the_name_it_came_with() -> None:
    """Issue 25: "A malformed card set file fails with a message naming the file, the card
    and the field, and nothing starts with a broken set." The `cards` option is the file's
    text; `cards_file` (given by `/ill new` from the attachment) names it in the refusal."""
    broken = json.loads(tiny())
    broken["groups"][0]["resistance"] = "ten"
    with pytest.raises(RuleError, match="The card set file “ours.json”, group “Boy Sprouts”, "
                                        "field “resistance”"):
        check_options("illuminati", {"cards": json.dumps(broken), "cards_file": "ours.json"})
    game = new([ANN, BO, CY], cards=tiny(), cards_file="ours.json")
    assert game.view(None)["card_set"]["file"] == "ours.json"


def test_a_file_name_without_its_cards_is_refused() -> None:
    """The `cards_file` option only names the file the `cards` option came from: alone, it
    is a mistake (a group thinking its set was given), refused in words."""
    with pytest.raises(RuleError, match="came without its cards"):
        check_options("illuminati", {"cards_file": "ours.json"})


def test_the_card_set_reads_in_words_never_as_its_text() -> None:
    """The status post shows the options in words: a group's set as its own (the file's name
    beside it), never the JSON text; the sample set by what it is."""
    options = {o.name: o for o in Illuminati.options_spec}
    assert wording.option_value(options["cards"], tiny()) == "your group's own"
    assert wording.option_value(options["cards"], "") == "the invented sample set"
    assert wording.option_value(options["cards_file"], "ours.json") == "ours.json"
    assert wording.option_value(options["cards_file"], "") == "none"
    assert "not affiliated with Steve Jackson Games" in Illuminati.notice


def test_the_end_of_a_turn_names_the_structures_that_changed_in_it() -> None:
    """The bot posts one picture per Power Structure that changed during the turn (the
    player's own first, its income went in), not every player's after every turn: Bo's
    interference came from his Illuminati treasury, Cy did nothing."""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    money={BAVARIAN: 10, GNOMES: 6, NETWORK: 10}, uncontrolled=[MONKS])
    act(game, ANN, "end-turn")  # Ann's imported turn: every structure is named
    act(game, BO, "end-turn")  # the Cold Vault's free transfers first
    act(game, BO, "end-turn")
    (ended,) = of_kind(act(game, CY, "pass-turn"), "turn_ended")
    assert ended.data["changed"] == [CY]
    act(game, ANN, "attack", group=BAVARIAN, target=MONKS, how="control")
    act(game, BO, "spend", mb=2, side="defender")
    pass_all(game)
    while game.stack:  # a capture's placement, if the dice allowed it
        act(game, ANN, "place", at=game.prompts()[ANN].actions[0].params[0].choices[0].value)
    events = act(game, ANN, "end-turn")
    assert "turn_ended" in kinds(events)
    assert of_kind(events, "turn_ended")[0].data["changed"] == [ANN, BO]


def test_labels_leave_the_form_mark_to_the_bot() -> None:
    """The bot ends the label of a button that opens a form with " …" itself: a label of
    the game's own ending in "…" showed "Spend money… …"."""
    assert not [label for label in LABELS.values() if label.endswith("…")]


def test_a_plural_card_name_takes_the_apostrophe_alone() -> None:
    """The target number in words: "Marathon Monks' Resistance", not "Monks's"."""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    money={BAVARIAN: 10}, uncontrolled=[MONKS])
    (attack,) = of_kind(act(game, ANN, "attack", group=BAVARIAN, target=MONKS,
                            how="control"), "attack")
    assert "Marathon Monks' Resistance -7" in attack.text and "Monks's" not in attack.text
    assert "Lodge of the Silver Compass's Power 10" in attack.text


def test_the_turn_prompt_does_not_say_your_turn_twice() -> None:
    """The channel's ping is "@player, your turn: <the prompt>": the prompt says the turn's
    number and what is left, not "Your turn:" again."""
    game = engine.new_game("illuminati", [ANN, BO, CY], seed="words")
    (prompt,) = [p for p in game.prompts().values() if p.action("end-turn")]
    assert prompt.text.startswith("Turn 1: 2 actions left")


def test_an_offer_reaches_its_receiver_with_its_terms() -> None:
    """Rulebook p. 8, "When Is a Deal Binding?": the player offered a deal decides in their
    own prompt, which says what is offered (the Special unnamed there: the prompt's text is
    also the channel's ping; the two players learn its name by DM)."""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    money={BAVARIAN: 10}, hands={ANN: ["Slush Fund"]},
                    groups={BO: [("Debating Union", GNOMES, "up")]})
    act(game, ANN, "offer", player=BO, give_mb=4, give_card="Slush Fund",
        take_group="Debating Union")
    prompt = game.prompts()[BO]
    assert prompt.text == ("Ann offers you 4 MB and a Special card for Debating Union (offer "
                           "1). Accept or decline.")
    (offer,) = prompt.action("accept").params[0].choices
    assert offer.shown == "Offer 1 from Ann: 4 MB and a Special card for Debating Union"


def test_a_goal_to_choose_reads_as_printed() -> None:
    """Hidden Goals (ILL-12): the menu of goals names each Illuminati first and keeps the
    goal's capitals ("control Groups", not "Control groups ... the illuminati's")."""
    game = new([ANN, BO, CY], seed="goals", hidden_goals=True)
    (choice, *_) = game.prompts()[ANN].action("choose-goal").params[0].choices
    assert choice.shown.startswith(f"{choice.value}: ")
    assert "groups" not in choice.shown and "illuminati's" not in choice.shown


def test_an_offer_not_yet_answered_is_withdrawn_with_a_click() -> None:
    """Rulebook p. 8, "When Is a Deal Binding?": until it is carried out nothing binds, so
    the player whose turn it is may take back an offer from their own prompt (a button and
    a menu), not only by typing."""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    money={BAVARIAN: 10})
    act(game, ANN, "offer", player=BO, give_mb=4, take_mb=0, take_card="any")
    spec = game.prompts()[ANN].action("withdraw")
    assert spec is not None
    (offer,) = spec.params[0].choices
    assert offer.shown == "Offer 1 to Bo: 4 MB for a Special card"
    assert "withdrawn" in kinds(act(game, ANN, "withdraw", offer="1"))
    assert game.prompts()[ANN].action("withdraw") is None
