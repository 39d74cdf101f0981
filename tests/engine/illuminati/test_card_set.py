"""The card set file (docs/illuminati.md, "Card set file"): the sample set is marked as a
sample, a group's own set plays, and a malformed file fails with a message naming the file,
the card and the field, so that nothing ever starts with a broken set (issue 25)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine import RuleError
from engine.games.illuminati.cardset import EFFECTS, read_card_set, sample_set
from engine.registry import check_options
from tests.engine.illuminati.cardsets import TINY, tiny
from tests.engine.illuminati.helpers import ANN, BO, CY, new


def test_the_sample_set_is_marked_as_a_sample_and_unofficial() -> None:
    """Issue 25: "the project ships a small sample set of its own invention, clearly marked as a
    sample"; "Every page that shows the game says it is an unofficial aid, not affiliated with
    Steve Jackson Games.\""""
    cards = sample_set()
    assert cards.sample and "not the real cards" in cards.title
    assert "not affiliated with Steve Jackson Games" in cards.notice
    assert len(cards.illuminati) == 8 and len(cards.specials) == 15
    assert {s.effect for s in cards.specials.values()} == set(EFFECTS)
    game = new()
    assert "invented sample set" in game.setup_events[0].text
    assert "not affiliated with Steve Jackson Games" in game.setup_events[0].text
    assert game.view(None)["card_set"]["sample"] is True


def test_a_groups_own_card_set_plays() -> None:
    """Issue 25: "the game plays on a card set file a group supplies from its own copy"."""
    game = new([ANN, BO, CY], cards=tiny())
    assert not game.cards.sample and sorted(game.illuminati.values()) == sorted(
        c["name"] for c in TINY["illuminati"])
    assert game.prompts()


BROKEN: list[tuple[str, Any, tuple[str, str]]] = [
    ("a resistance in words",
     lambda d: d["groups"][0].update(resistance="ten"), ("group “Boy Sprouts”", "resistance")),
    ("an alignment the game doesn't know",
     lambda d: d["groups"][1].update(alignments=["sneaky"]),
     ("group “Dead End Club”", "alignments")),
    ("an arrow that is not ahead, left or right",
     lambda d: d["groups"][4].update(arrows=["ahead", "back"]),
     ("group “Branching Office”", "arrows")),
    ("more transferable power than power",
     lambda d: d["groups"][5].update(transferable=5), ("group “Weird Sisters”", "transferable")),
    ("two cards of one name",
     lambda d: d["groups"][2].update(name="Boy Sprouts"), ("group “Boy Sprouts”", "name")),
    ("a Group without a name",
     lambda d: d["groups"][3].pop("name"), ("group #4", "name")),
    ("a field no card has",
     lambda d: d["groups"][0].update(colour="red"), ("group “Boy Sprouts”", "colour")),
    ("an Illuminati with a resistance",
     lambda d: d["illuminati"][0].update(resistance=3), ("Illuminati card “Alpha Lodge”",
                                                         "resistance")),
    ("an ability the game doesn't know",
     lambda d: d["illuminati"][2]["abilities"].append({"kind": "teleport"}),
     ("Illuminati card “Gamma Order”", "abilities › #2 › kind")),
    ("a goal without its number",
     lambda d: d["illuminati"][0]["goal"].pop("minimum"),
     ("Illuminati card “Alpha Lodge”", "goal › minimum")),
    ("a Special with an unknown effect",
     lambda d: d["specials"][1].update(effect="mind-control"),
     ("Special card “Deep Agent”", "effect")),
    ("a negative income",
     lambda d: d["groups"][2].update(income=-1), ("group “Cul-de-sac Society”", "income")),
]


@pytest.mark.parametrize("what, edit, named", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_file_names_the_file_the_card_and_the_field(
        what: str, edit: Any, named: tuple[str, str]) -> None:
    """Issue 25: "A malformed card set file fails with a message naming the file, the card and
    the field"."""
    card, field = named
    with pytest.raises(RuleError) as refusal:
        read_card_set(tiny(edit), "ours.json")
    text = refusal.value.message
    assert "The card set file “ours.json”" in text and card in text \
        and f"field “{field}”" in text, text


def test_a_file_that_is_no_card_set_at_all_is_refused_naming_the_file() -> None:
    """Not JSON, not an object, too few cards: refused, naming the file."""
    for raw, why in (("{not json", "not valid JSON"), ("[1, 2]", "must be an object"),
                     (json.dumps({"title": "x", "illuminati": [], "groups": []}),
                      "at least 2 Illuminati")):
        with pytest.raises(RuleError, match=why) as refusal:
            read_card_set(raw, "ours.json")
        assert "“ours.json”" in refusal.value.message


def test_nothing_starts_with_a_broken_set() -> None:
    """The option is checked when the game is created (`/game new`), and a game can't be
    made, nor a state imported, with a broken set."""
    broken = tiny(lambda d: d["groups"][0].update(resistance="ten"))
    with pytest.raises(RuleError, match="Boy Sprouts"):
        check_options("illuminati", {"cards": broken})
    with pytest.raises(RuleError, match="Boy Sprouts"):
        engine.new_game("illuminati", [ANN, BO, CY], seed="s", options={"cards": broken})
    state = new([ANN, BO, CY], cards=tiny()).state()
    state["options"]["cards"] = broken
    with pytest.raises(RuleError, match="Boy Sprouts"):
        engine.load("illuminati", state, imported=True)


def test_a_set_too_small_for_the_table_is_refused_at_that_size_only() -> None:
    """The tiny set has three Illuminati: three players may start, four may not."""
    assert check_options("illuminati", {"cards": tiny()})["cards"] == tiny()
    with pytest.raises(RuleError, match="3 Illuminati cards: not enough for 4 players"):
        engine.new_game("illuminati", [ANN, BO, CY, "Di"], seed="s",
                        options={"cards": tiny()})


def test_a_set_without_special_goals_still_starts_with_hidden_goals() -> None:
    """Nothing to choose: nobody is asked, the game begins."""
    def no_goals(d: dict[str, Any]) -> None:
        for card in d["illuminati"]:
            card["goal"] = {"kind": "none"}

    game = new([ANN, BO, CY], cards=tiny(no_goals), hidden_goals=True)
    assert game.started and game.turn is not None
