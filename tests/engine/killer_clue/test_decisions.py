"""The engine's own decisions where the rulebook and the rulings are silent (docs, D-n)."""

from __future__ import annotations

from tests.engine.killer_clue.helpers import (
    GREEN,
    MUSTARD,
    PEACOCK,
    PLUM,
    SCARLET,
    WHITE,
    act,
    actions,
    choices,
    d,
    kinds,
    load,
    position,
    public_texts,
)
from tests.engine.killer_clue.test_danger import play_danger
from tests.engine.killer_clue.test_intrigue import intrigue


def test_d6_only_seated_suspects_are_named() -> None:
    """D-6: suggestions and accusations name seated suspects only; nobody accuses themself."""
    game = position([SCARLET, GREEN, PLUM], killer=PLUM, current=SCARLET,
                    may_suggest=[SCARLET], pawns={SCARLET: "Hall"}, weapons={"Rope": "Hall"})
    assert choices(game, SCARLET, "suggest", "suspect") == [SCARLET, GREEN, PLUM]
    assert SCARLET not in choices(game, SCARLET, "accuse", "suspect")
    assert MUSTARD not in choices(game, SCARLET, "accuse", "suspect")


def test_d7_accuse_at_any_moment_of_the_turn() -> None:
    """D-7: an accusation may come before moving, after moving or after a suggestion."""
    game = position(killer=PLUM, current=SCARLET, may_suggest=[SCARLET],
                    pawns={SCARLET: "Hall"}, weapons={"Rope": "Hall"})
    assert "accuse" in actions(game, SCARLET)
    act(game, SCARLET, "suggest", suspect=SCARLET, weapon="Rope")
    while SCARLET not in game.prompts():
        (seat,) = game.prompts()
        act(game, seat, "give", card=choices(game, seat, "give", "card")[0])
    assert "accuse" in actions(game, SCARLET)


def test_d8_d10_leaving_carrier_returns_the_weapon() -> None:
    """D-8 and D-10: a carrier who leaves the board puts the weapon back in the room it was
    taken from."""
    game = position(killer=PLUM, current=SCARLET, case_file=("Knife", "Study"),
                    clues={GREEN: [GREEN]},
                    edit=lambda g: (g["weapons"].update({"Rope": None}),
                                    g["carrying"].update({SCARLET: {"weapon": "Rope",
                                                                    "from": "Lounge"}})))
    act(game, SCARLET, "accuse", suspect=GREEN, weapon="Knife", room="Study")
    act(game, GREEN, "give", card=GREEN)
    assert d(game)["weapons"]["Rope"] == "Lounge" and d(game)["carrying"] == {}


def test_d9_no_red_herring_for_a_mini_suggestion() -> None:
    """D-9: a Red Herring cannot answer a mini-suggestion; only the named card can."""
    game = intrigue({SCARLET: ["Crime Scene: Ballroom"]}, options={"red_herrings": True},
                    clues={MUSTARD: ["Red Herring 5"], PEACOCK: ["Ballroom"]})
    events = act(game, SCARLET, "play", card="Crime Scene: Ballroom")
    assert f"{PEACOCK} gives {SCARLET} a card." in public_texts(events)
    assert "Red Herring 5" in d(game)["clues"][MUSTARD]


def test_d11_a_move_card_brings_a_missing_suspect_back() -> None:
    """D-11: playing Crime Scene while disappeared puts the pawn back on the board."""
    game = intrigue({GREEN: ["Crime Scene: Library"]}, current=GREEN, status={GREEN: "missing"},
                    edit=lambda g: g["stack"].clear())
    events = act(game, GREEN, "play", card="Crime Scene: Library")
    assert f"{GREEN} reappears in the Library." in public_texts(events)
    assert d(game)["status"][GREEN] == "playing"


def test_d14_examine_a_carried_weapon() -> None:
    """D-14: Examine Weapon on a weapon being carried: the pawn stays, the mini-suggestion is
    still made."""
    game = intrigue({SCARLET: ["Examine Weapon: Rope"]}, clues={WHITE: ["Rope"]},
                    edit=lambda g: (g["weapons"].update({"Rope": None}),
                                    g["carrying"].update({MUSTARD: {"weapon": "Rope",
                                                                    "from": "Hall"}})))
    events = act(game, SCARLET, "play", card="Examine Weapon: Rope")
    assert d(game)["pawns"][SCARLET] == "Lounge"
    assert "mini_suggestion" in kinds(events) and "Rope" in d(game)["clues"][SCARLET]


def test_d17_first_round_effects_do_not_reach_the_second_rounds() -> None:
    """D-17 / Second Rounds: 'Cards played during the first rounds have no effect during the
    second rounds.' A distraction from the first Intrigue round no longer counts."""
    game = position(killer=PLUM, round="intrigue", current=SCARLET,
                    pawns={SCARLET: "Hall", GREEN: "Hall"},
                    hands={SCARLET: ["Mr. Green Distracted"], WHITE: ["Blackout"]})
    act(game, SCARLET, "play", card="Mr. Green Distracted")
    for seat in game.table:
        act(game, seat, "pass")
    assert game.protector(SCARLET) is None  # Green is distracted in the first rounds
    g = game.state()
    g["game"]["candles"] = []
    game = load(g)
    play_danger(game, {WHITE: "Blackout"})
    assert d(game)["second"] and d(game)["effects"]["distracted"] == []


def test_d20_draw_what_is_left() -> None:
    """D-20: if the draw pile runs short, players draw what is left."""
    game = position(killer=PLUM, round="danger",
                    edit=lambda g: g["draw_pile"].clear())
    play_danger(game, {})
    sizes = {s: len(h) for s, h in d(game)["hands"].items()}
    assert sum(sizes.values()) == 9 * 5 + 10  # the six played cards came back first


def test_d23_disappear_yourself() -> None:
    """D-23: Suspect Disappears may name yourself."""
    game = intrigue({SCARLET: ["Miss Scarlet Disappears"]})
    events = act(game, SCARLET, "play", card="Miss Scarlet Disappears")
    assert "disappeared" in kinds(events) and d(game)["pawns"][SCARLET] is None
