"""The High Frontier political event deck as data (HF-1, reference card list)."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.games.hf_political_events.cards import (
    ALWAYS,
    ANARCHY_OR_WAR,
    CARD_TYPE,
    CARD_TYPES,
    DECK,
    IDEOLOGIES,
    LAW,
    NO_ANARCHY_OR_WAR,
    event_of,
)

COUNTS = {
    ("Inspiration", ""): 4,
    ("Glitch", ""): 2,
    ("Pad Explosion", ""): 1,
    ("Space Debris", ""): 1,
    ("Equality", "Symposia"): 1,
    ("Unity", "Plenary Session"): 1,
    ("Centrist", "Premiums Due"): 1,
    ("Freedom", "Bull Market"): 1,
    ("Authority", "Forced Labor"): 1,
    ("Individuality", "Choice"): 1,
    ("Honor", "Hero Worship"): 1,
    ("Stability", "Dominant Ideology"): 1,
    ("Anarchy/War Ends", "Centrist Purge"): 1,
    ("Anarchy/War Ends", "Core Values"): 1,
    ("Anarchy/War Ends", "Rightward Shift"): 1,
    ("Anarchy/War Ends", "Leftward Shift"): 1,
    ("Sunspot Cycle", ""): 4,
}


def test_hf1_the_deck_has_24_cards() -> None:
    """HF-1: "The deck has 24 cards (see reference/high-frontier-events.md)."."""
    assert len(DECK) == 24
    assert len(set(DECK)) == 24


def test_reference_card_list_counts_per_card() -> None:
    """Reference, card list: Inspiration 4, Glitch 2, Pad Explosion 1, Space Debris 1, the
    seven law cards 1 each, Stability 1, four Anarchy/War Ends 1 each, Sunspot Cycle 4."""
    counted = Counter((CARD_TYPE[c].name, CARD_TYPE[c].subtitle) for c in DECK)
    assert counted == Counter(COUNTS)
    assert {(t.name, t.subtitle): t.count for t in CARD_TYPES} == COUNTS


def test_conditional_half_the_cards_are_conditional() -> None:
    """Sometimes Nothing Happens, Conditional: "Half the cards have an effect only if a
    certain condition is met."."""
    conditional = [c for c in DECK if CARD_TYPE[c].condition != ALWAYS]
    assert len(conditional) == 12
    assert Counter(CARD_TYPE[c].condition for c in conditional) == {
        LAW: 7, NO_ANARCHY_OR_WAR: 1, ANARCHY_OR_WAR: 4}


def test_law_cards_name_their_ideology() -> None:
    """"For example, the Authority event applies only if the gold, Active Law star is on
    Authority." Each of the seven ideologies has its law card."""
    laws = sorted(t.law for t in CARD_TYPES if t.condition == LAW if t.law)
    assert laws == sorted(IDEOLOGIES)
    for kind in CARD_TYPES:
        if kind.condition == LAW:
            assert kind.name == kind.law
            assert kind.text.startswith(f"If {kind.law} is the Active Law")


def test_hf1_event_identity() -> None:
    """HF-1: "Repetition compares events, not cards: twins are the same event, Pad Explosion
    equals Space Debris, every Sunspot Cycle card is the same event, and the four
    Anarchy/War Ends cards are compared by their subtitle."."""
    events = Counter(event_of(c) for c in DECK)
    assert events["inspiration"] == 4
    assert events["glitch"] == 2
    assert events["sunspot-cycle"] == 4
    assert event_of("pad-explosion") == event_of("space-debris")
    ends = [c for c in DECK if CARD_TYPE[c].name == "Anarchy/War Ends"]
    assert len({event_of(c) for c in ends}) == 4
    assert len({event_of(c, ends_as_one_event=True) for c in ends}) == 1
    assert len(set(events)) == 17 - 1  # Pad Explosion and Space Debris are one event


@pytest.mark.parametrize("key, op", [
    ("equality", "patent deck"), ("unity", "Fundraise"), ("freedom", "Free Market"),
    ("authority", "Bonus Operation"), ("individuality", "factory"),
])
def test_bonus_operations_cards(key: str, op: str) -> None:
    """Bonus Operations: "Some events give players a bonus operation." The card texts name
    one on Equality, Unity (Fundraise), Freedom, Authority and Individuality."""
    kind = CARD_TYPE[key]
    assert kind.bonus_op is not None and op in kind.bonus_op
    assert ("Bonus Op" in kind.text) or ("Fundraise" in kind.text)


def test_only_five_cards_grant_bonus_operations() -> None:
    """Centrist, Honor and Stability change aqua or VP; they grant no operation."""
    granting = {t.key for t in CARD_TYPES if t.bonus_op}
    assert granting == {"equality", "unity", "freedom", "authority", "individuality"}


def test_anarchy_war_ends_then_tally_vote() -> None:
    """Anarchy/War Ends: "Then follow the instructions on the card." Every Ends card says
    "Then tally vote."; Unity says "tally the vote only after all players have finished"."""
    for kind in CARD_TYPES:
        assert kind.tally == ("tally" in kind.text.lower())
        if kind.name == "Anarchy/War Ends":
            assert kind.text.endswith("Then tally vote.")
            assert kind.delegates


def test_the_game_declares_rulings_hf1_to_hf4() -> None:
    """The rulings shown by /game rules are RULINGS.md's HF-1..HF-4."""
    cls = engine.game_class("hf-political-events")
    assert [r.split(":")[0] for r in cls.rulings] == ["HF-1", "HF-2", "HF-3", "HF-4"]
