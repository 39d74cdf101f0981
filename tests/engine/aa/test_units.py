"""Unit kinds, powers and unit lists as players type them."""

from __future__ import annotations

import pytest

from engine.aa import units as u
from engine.errors import Unreadable


def test_unit_table_matches_the_reference() -> None:
    """Reference "Units": cost / attack / defence / move."""
    table = {k: (v.cost, v.attack, v.defence, v.move) for k, v in u.UNITS.items()}
    assert table == {
        "infantry": (3, 1, 2, 1), "armour": (5, 3, 2, 2), "fighter": (12, 3, 4, 4),
        "bomber": (15, 4, 1, 6), "battleship": (24, 4, 4, 2), "carrier": (18, 1, 3, 2),
        "transport": (8, 0, 1, 2), "submarine": (8, 2, 2, 2), "aa_gun": (5, 0, 1, 1),
        "factory": (15, 0, 0, 0)}
    assert u.UNITS["transport"].capacity == 2 and u.UNITS["carrier"].capacity == 2
    assert u.UNITS["infantry"].transport_space == 1
    assert u.UNITS["armour"].transport_space == 2 == u.UNITS["aa_gun"].transport_space


def test_powers_sides_turn_order() -> None:
    assert u.POWERS == ("USSR", "Germany", "United Kingdom", "Japan", "USA")
    assert [u.side_of(p) for p in u.POWERS] == ["Allies", "Axis", "Allies", "Axis", "Allies"]
    assert u.allied("USSR", "USA") and not u.allied("Japan", "USA")
    assert not u.allied(None, "USA")


def test_weapons_developments_change_units() -> None:
    """Reference "Weapons development": Jet Power fighters defend at 5; Super Submarines
    attack at 3; Long-Range Aircraft fighters 6, bombers 8; Industrial Technology -1 IPC;
    Heavy Bombers 3 dice."""
    techs = set(u.DEVELOPMENTS)
    assert u.defence("fighter", techs) == 5 and u.defence("fighter") == 4
    assert u.attack("submarine", techs) == 3 and u.attack("submarine") == 2
    assert (u.movement("fighter", techs), u.movement("bomber", techs)) == (6, 8)
    assert u.movement("armour", techs) == 2
    assert u.cost("infantry", techs) == 2 and u.cost("factory", techs) == 14
    assert u.attack_dice("bomber", techs) == 3 and u.attack_dice("bomber") == 1
    assert u.attack_dice("transport") == 0


@pytest.mark.parametrize(("typed", "counts"), [
    ("3 inf, 2 arm, ftr", {"infantry": 3, "armour": 2, "fighter": 1}),
    ("2 tanks", {"armour": 2}),
    ("bomber", {"bomber": 1}),
    ("3i, t", {"infantry": 3, "armour": 1}),
    ("f, b", {"fighter": 1, "bomber": 1}),
    ("sub, trn", {"submarine": 1, "transport": 1}),
    ("bb, trn", {"battleship": 1, "transport": 1}),
    ("6t", {"armour": 6}),
    ("cv, 2f, trn", {"carrier": 1, "fighter": 2, "transport": 1}),
    ("2 AA guns and 1 IC", {"aa_gun": 2, "factory": 1}),
    ("3 inf 2 arm", {"infantry": 3, "armour": 2}),
    ("2 x tank + tank x1".replace("tank x1", "bomber x2"), {"armour": 2, "bomber": 2}),
    ("1 Infantry; 1 Armour", {"infantry": 1, "armour": 1}),
])
def test_parse_units_as_players_write_them(typed: str, counts: dict[str, int]) -> None:
    """Unit lists of the issue ("3 inf, 2 arm, ftr", "2 tanks", "bomber") and of the
    German 1st Turn Example ("3i, t", "f, b", "sub, trn", "bb, trn", "6t", "cv, 2f, trn")."""
    assert u.parse_units(typed) == counts


@pytest.mark.parametrize(("typed", "says"), [
    ("3 dragons", "don't know the unit 'dragons'"),
    ("", "Which units?"),
    ("0 inf", "at least 1"),
    ("2 inf, 1 i", "named twice"),
])
def test_parse_units_refusals_say_why(typed: str, says: str) -> None:
    with pytest.raises(Unreadable) as info:
        u.parse_units(typed)
    assert says in info.value.message


def test_describe_units() -> None:
    assert u.describe_units({"fighter": 2, "infantry": 1}) == "1 infantry, 2 fighters"
    assert u.describe_units({}) == "no units"
