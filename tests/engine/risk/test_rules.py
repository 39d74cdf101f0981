"""Reinforcements, fortifying moves and the territory-card deck."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import engine.risk.cards as cards_module
from engine.errors import NotAllowed
from engine.risk.cards import (
    card_ids,
    card_symbol,
    check_set,
    is_set,
    new_card_deck,
    set_value,
    sets_in,
)
from engine.risk.map import classic_map
from engine.risk.rules import (
    check_fortify,
    fortify_targets,
    reinforcement_breakdown,
    reinforcements,
)
from engine.rng import Rng


def test_reinforcements_classic_minimum_three() -> None:
    """reference rules_facts "base_reinforcement": max(3, floor(territories / 3)) plus
    continent bonuses."""
    m = classic_map()
    assert reinforcements(m, ["Alaska"]) == 3
    assert reinforcements(m, list(m.territories)[:12]) == 4 + 5  # North America + 3 more
    asia = list(m.continents["Asia"])
    assert reinforcements(m, asia) == 4 + 7
    assert reinforcements(m, m.territories) == 14 + 24


def test_ccr4_hire_security_australia_gives_three() -> None:
    """CCR-4: "Hire Security gives territories // 3 + continent bonuses, with no minimum
    of 3: the rulebook's Australia example (4 territories + the continent) gives 3
    teams." ("if American controls Australia and no other territory, it receives 3
    teams (1 for territories + 2 for continent bonus)")."""
    m = classic_map()
    australia = m.continents["Australia"]
    breakdown = reinforcement_breakdown(m, australia, minimum=0)
    assert (breakdown.from_territories, breakdown.from_continents, breakdown.total) == (1, 2, 3)
    assert breakdown.describe() == "1 for 4 territories + 2 for Australia = 3"
    assert reinforcements(m, ["Japan", "Siam"], minimum=0) == 0


def test_fortify_adjacent_or_through_own() -> None:
    """Fortify moves between own adjacent territories; as an option (CCR-9's
    alternative) through a chain of own territories. One army always stays."""
    m = classic_map()
    own = {"Alaska", "Alberta", "Ontario", "Quebec", "Kamchatka"}
    check_fortify(m, "Alaska", "Alberta", 2, source_armies=3, own=own)
    check_fortify(m, "Alaska", "Kamchatka", 1, source_armies=2, own=own)
    with pytest.raises(NotAllowed, match="does not border"):
        check_fortify(m, "Alaska", "Quebec", 1, source_armies=3, own=own)
    check_fortify(m, "Alaska", "Quebec", 1, source_armies=3, own=own, through_own=True)
    with pytest.raises(NotAllowed, match="one stays behind"):
        check_fortify(m, "Alaska", "Alberta", 3, source_armies=3, own=own)
    with pytest.raises(NotAllowed):
        check_fortify(m, "Alaska", "Northwest Territory", 1, source_armies=3, own=own)
    with pytest.raises(NotAllowed):
        check_fortify(m, "Alaska", "Alaska", 1, source_armies=3, own=own)
    with pytest.raises(NotAllowed):
        check_fortify(m, "Kamchatka", "Quebec", 1, source_armies=3, own=own - {"Alaska"},
                      through_own=True)
    assert fortify_targets(m, "Alaska", own) == {"Alberta", "Kamchatka"}
    assert fortify_targets(m, "Alaska", own, through_own=True) == own - {"Alaska"}


def test_card_deck_42_plus_2_wild_14_of_each_symbol() -> None:
    """reference rules_facts "card_deck": 42 territory cards (each marked infantry,
    cavalry or artillery; 14 of each) + 2 wild cards = 44."""
    m = classic_map()
    ids = card_ids(m)
    assert len(ids) == 44 and len(set(ids)) == 44
    symbols = Counter(card_symbol(m, c) for c in ids)
    assert symbols == {"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}
    deck = new_card_deck(m, Rng("cards", "0"))
    assert sorted(deck.pile) == sorted(ids)


def test_symbol_table_docstring_matches_data() -> None:
    """The symbol table is data (classic_map.json) and is printed in the cards docstring:
    the two must agree."""
    m = classic_map()
    doc = cards_module.__doc__ or ""
    rows = re.findall(r"\| ([A-Z][\w ]+?) \| (infantry|cavalry|artillery) ", doc)
    rows += re.findall(r"\| (?:[^|]+\| ){2}([A-Z][\w ]+?) \| (infantry|cavalry|artillery) \|",
                       doc)
    assert dict(rows) == m.card_symbols


def test_sets() -> None:
    """A set: three of a kind, one of each, or any two with a wild card."""
    assert is_set(["infantry"] * 3)
    assert is_set(["infantry", "cavalry", "artillery"])
    assert is_set(["wild", "infantry", "infantry"]) and is_set(["wild", "wild", "cavalry"])
    assert not is_set(["infantry", "infantry", "cavalry"])
    m = classic_map()
    check_set(m, ["Alaska", "Alberta", "Western United States"])  # three infantry
    check_set(m, ["Alaska", "Ontario", "Quebec"])  # one of each
    check_set(m, ["Alaska", "Ontario", "Wild 1"])
    with pytest.raises(NotAllowed):
        check_set(m, ["Alaska", "Alberta", "Ontario"])
    with pytest.raises(NotAllowed):
        check_set(m, ["Alaska", "Alaska", "Alberta"])
    assert sets_in(m, ["Alaska", "Alberta", "Ontario", "Quebec"]) == [
        ("Alaska", "Ontario", "Quebec"), ("Alberta", "Ontario", "Quebec")]


def test_set_values() -> None:
    """reference rules_facts "card_set_values_progressive": 4, 6, 8, 10, 12, 15, "+5
    each thereafter"."""
    assert [set_value(n) for n in range(1, 11)] == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]
    with pytest.raises(ValueError):
        set_value(0)
