"""Rules audit: each test pins a discrepancy found between the rulebook (or a ruling) and the
engine, named after the rulebook section or ruling, with the text it enforces."""

from __future__ import annotations

from tests.engine.killer_clue.helpers import (
    GREEN,
    MUSTARD,
    SCARLET,
    WHITE,
    act,
    choices,
    d,
    kinds,
    public_texts,
)
from tests.engine.killer_clue.test_intrigue import intrigue


def test_crime_scene_first_card_without_a_mini_suggestion_is_still_first() -> None:
    """Crime Scene, Not First: 'If this is not the first Crime Scene card played this Intrigue
    round, you must still move your pawn to the room, but you may not make a
    "mini-suggestion".' The first card stays the first even when its player chose to make no
    mini-suggestion (`direction=none`): a second Crime Scene card may not make one."""
    game = intrigue({SCARLET: ["Crime Scene: Ballroom"], MUSTARD: ["Crime Scene: Kitchen"]},
                    clues={GREEN: ["Kitchen"]})
    act(game, SCARLET, "play", card="Crime Scene: Ballroom", direction="none")
    act(game, SCARLET, "pass")
    events = act(game, MUSTARD, "play", card="Crime Scene: Kitchen", direction="left")
    assert d(game)["pawns"][MUSTARD] == "Kitchen"
    assert "mini_suggestion" not in kinds(events)
    assert "Kitchen" in d(game)["clues"][GREEN]


def test_motive_first_card_without_a_mini_suggestion_is_still_first() -> None:
    """Motive: 'If this is the *first* Motive card played during this Intrigue round, you may
    make a "mini-suggestion"... Not First: ...you may not make a "mini-suggestion".'"""
    game = intrigue({SCARLET: ["Motive"], MUSTARD: ["Motive"]}, killer=WHITE,
                    clues={GREEN: ["Prof. Plum"]})
    act(game, SCARLET, "play", card="Motive", target=GREEN, direction="none")
    act(game, SCARLET, "pass")
    events = act(game, MUSTARD, "play", card="Motive", target="Prof. Plum", direction="left")
    assert d(game)["pawns"][MUSTARD] == d(game)["pawns"]["Prof. Plum"]
    assert "mini_suggestion" not in kinds(events)
    assert "Prof. Plum" in d(game)["clues"][GREEN]


def test_kc8_consult_with_a_suspect_in_a_corridor_leaves_no_locked_room() -> None:
    """KC-8: 'A card whose move would enter or leave a room whose doors are locked may not be
    played while the lock lasts.' Consult with a suspect who is not in a room moves no one
    (reference sheet: 'If card is played when suspect is not in room, it has no effect'), so
    it may be played from a locked room."""
    game = intrigue({SCARLET: ["Lounge Doors Locked", "Consult with Mr. Green",
                               "Hall Doors Locked"]}, pawns={GREEN: "H17"})
    act(game, SCARLET, "play", card="Lounge Doors Locked")
    assert "Consult with Mr. Green" in choices(game, SCARLET, "play", "card")
    events = act(game, SCARLET, "play", card="Consult with Mr. Green")
    assert d(game)["pawns"][SCARLET] == "Lounge"
    assert f"{GREEN} is not in a room: the card has no effect." in public_texts(events)


def test_red_herrings_every_answerer_is_asked_so_no_holder_is_pointed_at() -> None:
    """Secrecy with the Red Herring option (KC-10): 'If you cannot disprove... the
    opportunity passes to [the next player]'. At the table everyone is asked in turn; the bot
    must not skip the players who cannot answer while it waits for those who hold a Red
    Herring, or the public list of awaited seats would name the holders."""
    from tests.engine.killer_clue.helpers import (
        GREEN,
        PEACOCK,
        PLUM,
        SCARLET,
        WHITE,
        act,
        choices,
        position,
        public_texts,
    )

    def game(holder: str):  # type: ignore[no-untyped-def]
        return position(killer=PLUM, case_file=("Knife", "Study"), current=SCARLET,
                        may_suggest=[SCARLET], options={"red_herrings": True},
                        pawns={SCARLET: "Library"}, weapons={"Rope": "Library"},
                        clues={holder: ["Red Herring 5"], PEACOCK: ["Rope"]})

    awaited = []
    for holder in (GREEN, WHITE):
        g = game(holder)
        act(g, SCARLET, "suggest", suspect=GREEN, weapon="Rope", direction="left")
        order = []
        while set(g.prompts()) != {PEACOCK}:
            (seat,) = g.prompts()
            order.append(seat)
            if seat != holder:
                assert choices(g, seat, "give", "card") == ["none"]
            events = act(g, seat, "give", card="none")
            assert f"{seat} cannot disprove." in public_texts(events)
        awaited.append(order)
    # Who holds the Red Herring makes no difference to who is awaited, and in what order.
    assert awaited[0] == awaited[1] and GREEN in awaited[0]
