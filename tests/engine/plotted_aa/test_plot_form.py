"""The plot form (Plotted A&A, "Plot Phase"), read as the rulebook prints it."""

from __future__ import annotations

import pytest

from engine.aa.map import classic_map
from engine.aa.position import Position
from engine.games.plotted_aa.form import (
    BUILD,
    MOVE,
    NOOP,
    FormError,
    describe_action,
    format_form,
    parse_form,
)
from engine.games.plotted_aa.plotcheck import check_plot
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN


def opening() -> Position:
    return Position.opening(classic_map())


def test_german_first_turn_example_parses_as_printed() -> None:
    """Rulebook, "German 1st Turn Example": seven actions, rounds written out of order."""
    actions = parse_form(GERMAN_FIRST_TURN)
    assert [a.round for a in actions] == [4, 3, 1, 2, 5, 6, 7]
    karelia = actions[0]
    assert karelia.kind == MOVE and karelia.area == "Karelia S.S.R."
    assert [s.area for s in karelia.sources] == ["Finland Norway", "Ukraine S.S.R.",
                                                 "East Europe", "Germany"]
    assert karelia.sources[3].units == {"armour": 2}
    assert karelia.sources[3].via == {"*": "East Europe"}
    north_sea = actions[1]
    assert north_sea.area == "North Sea Zone" and len(north_sea.sources) == 6
    assert north_sea.sources[4].units == {"fighter": 1, "bomber": 1}
    e_med = actions[2]
    assert e_med.area == "East Mediteranean Sea Zone"
    assert e_med.sources[0].pickups[0].units == {"armour": 1}
    assert e_med.sources[0].pickups[0].area == "South Europe"
    egypt = actions[3]
    assert egypt.area == "Anglo Sudan Egypt" and egypt.sources[0].units is None  # "all"
    assert egypt.sources[0].via == {"armour": "French Equatorial Africa"}
    assert egypt.sources[1].from_transport and egypt.sources[1].area == \
        "East Mediteranean Sea Zone"
    build = actions[5]
    assert build.kind == BUILD and build.area == "Germany" and build.build == {"armour": 6}
    assert build.notes == ("30 IPCs",)
    assert actions[6].area == "East US Sea Zone"
    assert actions[6].sources[0].area == "West Spain Sea Zone"


def test_german_first_turn_example_validates() -> None:
    """The Germans "have legally plotted" the example: no error from the opening position.
    Two actions wait on the table as it will be: the tank that rides the round 1 transport
    into E Med is aboard only in the plot."""
    check = check_plot(classic_map(), opening(), "Germany", parse_form(GERMAN_FIRST_TURN))
    assert check.errors == []


def test_a_form_written_back_parses_to_the_same_plot() -> None:
    actions = parse_form(GERMAN_FIRST_TURN)
    assert parse_form(format_form(actions)) == sorted(actions, key=lambda a: a.round)


def test_pipes_and_spaces_also_read() -> None:
    """Pasted from a chat: `|` columns, or two spaces or more, an indented continuation."""
    piped = "| 4 | Karelia | 3i, t | Fin | |\n|   |         | 2t    | Ger | via E Eur |"
    spaced = "4   Karelia   3i, t   Fin\n      2t   Ger   via E Eur"
    assert parse_form(piped) == parse_form(spaced)
    assert len(parse_form(piped)[0].sources) == 2


@pytest.mark.parametrize(("form", "line", "words"), [
    ("4\tKarelia\t3i, t\tFin\n\t\t3x\tUkr", 2, "I don't know the unit"),
    ("four\tKarelia\t3i\tFin", 1, "round must be a number"),
    ("\t\t3i\tFin", 1, "no move above it"),
    ("1\tNowhere Land\t3i\tFin", 1, "Move to"),
    ("1\tKarelia\t3i\t", 1, "where the units come from"),
    ("1\tGer\t\tbuild", 1, "which units to build"),
])
def test_errors_point_at_the_line_and_say_what_is_wrong(form: str, line: int,
                                                        words: str) -> None:
    with pytest.raises(FormError) as caught:
        parse_form(form)
    assert caught.value.line == line and words in caught.value.message
    assert caught.value.message.startswith(f"Line {line}:")


def check(form: str, power: str = "Germany") -> list[str]:
    return check_plot(classic_map(), opening(), power, parse_form(form)).errors


def test_rounds_begin_with_1_and_skip_no_number() -> None:
    """"Round numbers must begin with 1 and proceed sequentially without skipping any
    numbers (e.g. 1, 2, 3...)"."""
    assert any("Round 2 has no action" in e for e in check(
        "1\tKarelia\t3i\tFin\n3\tNorth Sea\tf\tUkr"))
    assert any("two actions" in e for e in check("1\tKarelia\t3i\tFin\n1\tNorth Sea\tf\tUkr"))


def test_karelia_one_move_into_an_area_a_blitz_through_it_later() -> None:
    """"The Germans may not plot any additional moves into Karelia during this turn, but
    they may plot a blitz move through Karelia on a later round"."""
    two_into = ("1\tKarelia\t3i, t\tFin\n2\tKarelia\t3i, t\tUkr")
    assert any("no more than one move may be plotted into an area" in e
               for e in check(two_into))
    through = "1\tKarelia\t3i, t\tFin\n2\tRussia\tt\tUkr\tvia Karelia"
    assert check(through) == []


def test_fighter_ukraine_to_north_sea_or_to_algeria() -> None:
    """"the Germans may plot to move a fighter from Ukraine to the North Sea ... since it will
    have 1 movement point left to land in Western Europe or Finland. Or ... from Ukraine to
    Algeria, using all of the fighter's movement to land in a friendly area" (PAA-1)."""
    assert check("1\tNorth Sea\tf\tUkr") == []
    assert check("1\tAlgeria\tf\tUkr") == []


def test_an_aircraft_may_not_plot_its_full_range_into_enemy_ground() -> None:
    """"If a friendly country doesn't control the destination, you may not plot the aircraft
    to move its full range and there must be a friendly area available for landing"."""
    errors = check("1\tUnited Kingdom\tb\tGer")
    assert errors == []  # 2 away: 4 left to come home
    far = check("1\tEast Canada\tf\tW Eur")
    assert any("no friendly" in e or "can't reach" in e for e in far), far


def test_bomber_germany_to_e_med_then_the_arabian_sea() -> None:
    """"plot to move their bomber from Germany to E Med on round 4, then ... from E Med to
    the Arabian Sea on round 5. This leaves the bomber with enough range to land in Libya"
    (PAA-1: the Arabian Sea is the Red Sea Zone)."""
    form = ("1\tKarelia\t3i\tFin\n2\tNorth Sea\tf\tUkr\n3\tGer\t2i\tbuild\n"
            "4\tE Med\tb\tGer\t1st move\n5\tArabian Sea\tb\tE Med\t2nd move")
    assert check(form) == []
    third = form + "\n6\tLibya\tb\tArabian Sea"
    assert any("at most twice" in e for e in check(third))


def test_japanese_carrier_transport_and_fighters_to_alaska() -> None:
    """"On round 1, they plot to move a transport with 2 infantry and a carrier with 2
    fighters into the Bering Sea. On round 2, they plot to move the infantry and fighters
    from the Bering Sea into Alaska ... The fighters will have 1 movement point left to land
    on the carrier after combat." Japan's carrier starts in the Caroline Islands sea zone in
    the reference setup, so the example is set up as printed, in the Sea of Japan."""
    position = opening()
    position.place("Japan Sea Zone", "Japan", {"carrier": 1, "fighter": 2})
    form = ("1\tBering\tcv, 2f, trn\tSea of Japan\t+2 i from Japan\n"
            "2\tAlaska\t2f, 2i\tBering\tfrom trn")
    result = check_plot(classic_map(), position, "Japan", parse_form(form))
    assert result.errors == []


def test_transport_in_e_med_picks_up_a_tank_that_lands_in_egypt_next_round() -> None:
    """"the Germans plot to move a transport into the Eastern Mediterranean from the Central
    Mediterranean on round 1, picking up a tank from Southern Europe. On round 2, they plot
    to move the tank into Egypt from the Eastern Mediterranean"."""
    form = "1\tE Med\tbb, trn\tC Med\t+t from S Eur\n2\tEgypt\tt\tE Med\tfrom trn"
    assert check(form) == []
    too_much = "1\tE Med\tbb, trn\tC Med\t+t from S Eur; +2i from S Eur"
    assert any("can't carry" in e for e in check(too_much))


def test_noop_never_two_in_a_row() -> None:
    """Optional rule NOOP: "you may not plot 2 NOOPs in a row"."""
    assert check("1\tNOOP\n2\tKarelia\t3i\tFin\n3\tNOOP") == []
    assert any("never two in a row" in e for e in check("1\tNOOP\n2\tNOOP\n3\tKarelia\t3i\tFin"))
    assert parse_form("1\tNOOP")[0].kind == NOOP


def test_one_build_per_factory_within_its_capacity() -> None:
    """"You may plot only one build action per factory. ... Build actions are limited by the
    factory's capacity as described in the standard rules" (its IPC value)."""
    assert check("1\tGer\t6t\tbuild") == []
    assert any("one build per factory" in e for e in check("1\tGer\t2t\tbuild\n2\tGer\t2i\tbuild"))
    assert any("at most 10 units" in e for e in check("1\tGer\t11i\tbuild"))
    assert any("no industrial complex" in e for e in check("1\tUkr\t2i\tbuild"))


def test_units_built_this_turn_do_not_move() -> None:
    """"A unit may not be plotted to do anything during the turn it's built; it may only
    remain where it is and defend.\""""
    assert any("built this turn may not move" in e
               for e in check("1\tGer\t2t\tbuild\n2\tW Eur\t4t\tGer"))


def test_an_invalid_move_now_may_be_plotted_and_is_marked() -> None:
    """"Plotting 'Invalid' Moves": "you may plot a blitz move through an area that contains
    enemy units in the hope that the enemy units will either leave or be eliminated" and "a
    submarine out of an area it doesn't currently occupy"."""
    result = check_plot(classic_map(), opening(), "Germany",
                        parse_form("1\tRussia\tt\tUkr\tvia Caucasus\n"
                                   "2\tC Med\tsub\tE Med"))
    assert result.errors == []
    assert 1 in result.waits and 2 in result.waits


def test_a_tank_three_areas_away_is_refused() -> None:
    errors = check("1\tRussia\tt\tGer\tvia E Eur")
    assert errors and "border" in errors[0]


def test_two_area_moves_name_the_area_passed_tanks_always() -> None:
    """"A tank or ship that is planning to move 2 areas must plot which area it will move
    through." The rulebook's own ship examples name none (the submarine to US E Coast, the
    carrier to the Bering Sea): ships may leave it to the execution (decision D-2)."""
    assert any("via" in e for e in check("1\tKarelia\tt\tGer"))
    assert check("1\tUS E Coast\tsub\tSpn W Coast") == []


def test_describe_action_in_words() -> None:
    (egypt,) = parse_form("2\tEgypt\tall\tLibya\tt via F E Afr")
    assert describe_action(egypt) == ("Round 2: move into Anglo Sudan Egypt: all units from "
                                      "Libya (armour via French Equatorial Africa).")


def test_the_rulebook_text_itself_parses() -> None:
    """The example as it stands in shared/rules/plotted-aa.md, cut from the file."""
    from pathlib import Path

    found = [p / "shared" / "rules" / "plotted-aa.md" for p in Path(__file__).resolve().parents
             if (p / "shared" / "rules" / "plotted-aa.md").exists()]
    if not found:
        pytest.skip("shared/ is not beside the repository")
    rules = found[0]
    text = rules.read_text()
    start = text.index("Round\tMove To / Build At\tWith Units\tFrom\tNotes\n4\tKarelia")
    example = text[start:text.index("In the example above", start)]
    assert parse_form(example) == parse_form(GERMAN_FIRST_TURN)
