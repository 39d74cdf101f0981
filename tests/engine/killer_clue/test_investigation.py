"""Investigation Round: suggestions, giving cards, accusations (KC-4, KC-5, KC-11)."""

from __future__ import annotations

from engine.games.killer_clue import KillerClue
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
    position,
    private_to,
    public_texts,
    refused,
)

CASE = ("Knife", "Study")  # with Prof. Plum as the killer: Plum, Knife, Study


def library_suggestion(pawns: dict[str, str | None] | None = None,
                       weapons: dict[str, str | None] | None = None,
                       status: dict[str, str] | None = None) -> KillerClue:
    """Miss Scarlet is in the Library with the Rope; Plum is the killer; Mr. Green holds
    none of Green, Rope, Library; Mrs. White holds the Rope, Mrs. Peacock the Library."""
    return position(killer=PLUM, case_file=CASE, current=SCARLET, may_suggest=[SCARLET],
                    pawns=pawns or {SCARLET: "Library"}, weapons=weapons or {"Rope": "Library"},
                    clues={WHITE: ["Rope"], PEACOCK: ["Library"], MUSTARD: [GREEN]},
                    status=status)


def test_suggestion_order_example_left() -> None:
    """Suggestions, Order: 'You suggest Mr. Green committed the original murder in the library
    with the rope, so Mr. Green will be the first to try to prove you wrong. If Mr. Green
    cannot prove his innocence, the opportunity passes to Green's left (or right)'."""
    game = library_suggestion()
    events = act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope", direction="left")
    assert f"{GREEN} cannot disprove." in public_texts(events)
    assert game.prompts().keys() == {PEACOCK}
    assert choices(game, PEACOCK, "give", "card") == ["Library", "random"]


def test_suggestion_order_example_right() -> None:
    """KC-4: '...then around the table in the direction the suggester chooses.'"""
    game = library_suggestion()
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope", direction="right")
    assert game.prompts().keys() == {WHITE}
    assert choices(game, WHITE, "give", "card") == ["Rope", "random"]


def test_give_card_privately() -> None:
    """Suggestions, Give Card: 'give your Clue card to the suggesting player instead of just
    showing it... Do not show this card to any player other than the one you are giving it
    to.' Public events say only who gave a card; the card lands in the suggester's hand and
    detective notes."""
    game = library_suggestion()
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope", direction="left")
    events = act(game, PEACOCK, "give", card="Library")
    assert f"{PEACOCK} gives {SCARLET} a card." in public_texts(events)
    assert not any("Library" in t for t in public_texts(events))
    (got,) = [e for e in private_to(events, SCARLET) if e.kind == "card_received"]
    assert got.data == {"card": "Library", "giver": PEACOCK} and got.audience == {SCARLET}
    assert "Library" in d(game)["clues"][SCARLET]
    assert "Library" not in d(game)["clues"][PEACOCK]
    notes = game.view(SCARLET)["notes"]
    assert notes[-1]["card"] == "Library" and notes[-1]["from"] == PEACOCK
    assert game.view(None).get("notes") is None
    # The answering stops with the first card (KC-4); the suggester's turn goes on.
    assert game.prompts().keys() == {SCARLET}
    assert "suggest" not in actions(game, SCARLET)


def test_only_legal_cards_offered_and_one_must_be_given() -> None:
    """KC-4: 'The first player able to give a card gives exactly one'; a player holding two
    matching cards chooses which, and may not decline."""
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, may_suggest=[SCARLET],
                    pawns={SCARLET: "Library"}, weapons={"Rope": "Library"},
                    clues={GREEN: ["Rope", "Library"]})
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope")
    assert choices(game, GREEN, "give", "card") == ["Rope", "Library", "random"]
    refused(game, GREEN, "give", card="none")
    refused(game, GREEN, "give", card="Kitchen")


def test_suspect_is_summoned_and_may_bring_a_weapon() -> None:
    """Suggestions: 'The suspect you suggest is summoned to the room.' Movement, Weapon: 'You
    may take 1 weapon with you when you leave a room either by regular movement or when you
    are summoned to answer a suggestion.'"""
    game = library_suggestion(pawns={SCARLET: "Library", GREEN: "Kitchen"},
                              weapons={"Rope": "Library", "Wrench": "Kitchen"})
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope")
    assert d(game)["pawns"][GREEN] == "Library"
    assert game.prompts().keys() == {GREEN}
    assert choices(game, GREEN, "bring", "weapon") == ["Wrench", "none"]
    act(game, GREEN, "bring", weapon="Wrench")
    assert d(game)["weapons"]["Wrench"] == "Library"
    assert game.prompts().keys() == {PEACOCK}  # then the answering
    # Summoned, Mr. Green may suggest in the Library on his own turn.
    assert d(game)["may_suggest"][GREEN]


def test_weapons_example_only_weapons_in_your_room() -> None:
    """Weapons: 'if the knife is in the kitchen but you are in the billiard room, you may not
    suggest that the knife is the murder weapon. If the revolver and the candle stick are in
    the billiard room, your suggestion may include either of these weapons.'"""
    game = position(killer=PLUM, current=SCARLET, may_suggest=[SCARLET],
                    pawns={SCARLET: "Billiard Room"},
                    weapons={"Knife": "Kitchen", "Revolver": "Billiard Room",
                             "Candlestick": "Billiard Room", "Rope": "Hall",
                             "Lead Pipe": "Hall", "Wrench": "Hall"})
    assert choices(game, SCARLET, "suggest", "weapon") == ["Candlestick", "Revolver"]
    refused(game, SCARLET, "suggest", suspect=GREEN, weapon="Knife")
    refused(game, SCARLET, "suggest", suspect=GREEN, weapon="Revolver", room="Kitchen")


def test_must_enter_a_room_to_suggest() -> None:
    """Standard Clue (the Investigation round is 'played exactly the same way as a turn of
    standard Clue'): you suggest in a room you entered this turn or were moved into since
    your last turn; not in a room you merely stayed in."""
    game = position(killer=PLUM, current=SCARLET, pawns={SCARLET: "Library"},
                    weapons={"Rope": "Library"})
    assert "suggest" not in actions(game, SCARLET)


def test_kc5_killer_never_gives_a_case_file_card() -> None:
    """Killer Tutorial, Suggestions: 'you must give him or her a non-Case File Clue card if
    you have one that will disprove the suggestion.' KC-5: the bot refuses a Case File card."""
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, may_suggest=[SCARLET],
                    pawns={SCARLET: "Study"}, weapons={"Knife": "Study", "Rope": "Study"},
                    clues={PLUM: ["Rope"]})
    events = act(game, SCARLET, "suggest", suspect=PLUM, weapon="Knife")
    assert f"{PLUM} cannot disprove." in public_texts(events)
    assert f"No one disproves {SCARLET}." in public_texts(events)
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, may_suggest=[SCARLET],
                    pawns={SCARLET: "Study"}, weapons={"Knife": "Study", "Rope": "Study"},
                    clues={PLUM: ["Rope"]})
    act(game, SCARLET, "suggest", suspect=PLUM, weapon="Rope")
    assert choices(game, PLUM, "give", "card") == ["Rope", "random"]


def test_kc4_naming_yourself() -> None:
    """KC-4: 'If the suggester names their own suspect, answering starts with the next player
    in the chosen direction.'"""
    for direction, first in (("left", MUSTARD), ("right", PLUM)):
        game = position(killer=WHITE, current=SCARLET, may_suggest=[SCARLET],
                        pawns={SCARLET: "Library"}, weapons={"Rope": "Library"},
                        clues={MUSTARD: [SCARLET], PLUM: ["Rope"]})
        events = act(game, SCARLET, "suggest", suspect=SCARLET, weapon="Rope",
                     direction=direction)
        assert "cannot_disprove" not in kinds(events)
        assert game.prompts().keys() == {first}


def test_disappeared_suspect_returns_when_named() -> None:
    """Suspect Disappears, Return: 'the suspect must be returned to the board when another
    player names the missing suspect in a suggestion' ('place in room with suggester')."""
    game = library_suggestion(status={GREEN: "missing"})
    events = act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope")
    assert f"{GREEN} reappears, summoned to the Library." in public_texts(events)
    assert d(game)["pawns"][GREEN] == "Library" and d(game)["status"][GREEN] == "playing"


def test_accusation_restrictions() -> None:
    """Accusations, Restrictions: 'You may not make an accusation if you hold any of the Clue
    cards that make up your accusation. The killer may never make an accusation.'"""
    game = position(killer=PLUM, case_file=CASE, current=SCARLET,
                    clues={SCARLET: [GREEN, "Rope", "Hall"]})
    assert GREEN not in choices(game, SCARLET, "accuse", "suspect")
    assert "Rope" not in choices(game, SCARLET, "accuse", "weapon")
    assert "Hall" not in choices(game, SCARLET, "accuse", "room")
    refused(game, SCARLET, "accuse", suspect=GREEN, weapon="Knife", room="Study")
    killer_turn = position(killer=SCARLET, current=SCARLET)
    assert "accuse" not in actions(killer_turn, SCARLET)
    refused(killer_turn, SCARLET, "accuse", suspect=GREEN, weapon="Knife", room="Study")


def test_correct_accusation_killer_must_confess() -> None:
    """Accusations, Order: 'If no one gives you a card, and the accusation is correct, the
    killer must come forward and confess the crime.' Winning: 'If an innocent suspect makes
    a correct accusation, he or she wins.' The accused is not summoned."""
    game = position(killer=PLUM, case_file=CASE, current=SCARLET,
                    pawns={SCARLET: "Hall", PLUM: "Lounge"})
    events = act(game, SCARLET, "accuse", suspect=PLUM, weapon="Knife", room="Study")
    assert d(game)["pawns"][PLUM] == "Lounge"
    assert game.finished and game.winners == [SCARLET]
    assert kinds(events)[-2:] == ["confession", "game_over"]
    view = game.view(None)
    assert view["killer"] == PLUM
    assert view["case_file"] == {"suspect": PLUM, "weapon": "Knife", "room": "Study"}


def test_incorrect_accusation_out_of_the_game() -> None:
    """Accusations, Incorrect: 'you are out of the game... remove from play the Intrigue and
    Danger cards you are holding. Then shuffle your Clue cards and, starting to your left,
    deal them facedown to the remaining players.' The killer 'must remain silent'."""
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, clues={GREEN: [GREEN]})
    before = d(game)
    mine = list(before["hands"][SCARLET])
    events = act(game, SCARLET, "accuse", suspect=GREEN, weapon="Knife", room="Study")
    assert game.prompts().keys() == {GREEN}
    assert choices(game, GREEN, "give", "card") == [GREEN, "random"]
    events = act(game, GREEN, "give", card=GREEN)
    after = d(game)
    assert after["status"][SCARLET] == "out" and after["pawns"][SCARLET] is None
    assert after["hands"][SCARLET] == [] and after["clues"][SCARLET] == []
    assert all(c in after["removed"] for c in mine)
    total = len(before["clues"][SCARLET]) + 1
    dealt = [e for e in events if e.kind == "cards_dealt"]
    assert sum(len(e.data["cards"]) for e in dealt) == total
    # Dealt one at a time starting with the player on Scarlet's left (Col. Mustard).
    assert dealt[0].audience == {MUSTARD}
    assert "clues_dealt" in kinds(events) and not game.finished
    assert game.current == MUSTARD


def test_kc11_last_innocent_accuses_wrongly() -> None:
    """KC-11: 'The killer wins when no innocent suspect is left in the game, whether murdered
    or out through a wrong accusation.'"""
    game = position([SCARLET, GREEN, PLUM], killer=PLUM, case_file=CASE, current=SCARLET,
                    status={GREEN: "dead"}, clues={PLUM: ["Rope"]})
    act(game, SCARLET, "accuse", suspect=PLUM, weapon="Rope", room="Study")
    events = act(game, PLUM, "give", card="Rope")
    assert game.finished and game.winners == [PLUM]
    assert "killer_wins" in kinds(events)


def test_a_red_herring_only_against_suggestions() -> None:
    """Red Herring Clue Cards: 'you may give a Red Herring card to the suggesting player. You
    may do so even if you hold a Clue card that would disprove the suggestion.' 'You can not
    use a Red Herring to disprove an accusation.'"""
    opts = {"red_herrings": True}
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, may_suggest=[SCARLET],
                    options=opts, pawns={SCARLET: "Library"}, weapons={"Rope": "Library"},
                    clues={GREEN: ["Red Herring 5", "Rope"]})
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope")
    assert choices(game, GREEN, "give", "card") == ["Rope", "Red Herring 5", "random"]
    act(game, GREEN, "give", card="Red Herring 5")
    assert "Red Herring 5" in d(game)["clues"][SCARLET]
    # With no matching card, a Red Herring may be given, or nothing.
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, may_suggest=[SCARLET],
                    options=opts, pawns={SCARLET: "Library"}, weapons={"Rope": "Library"},
                    clues={GREEN: ["Red Herring 5"], WHITE: ["Rope"]})
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope")
    assert choices(game, GREEN, "give", "card") == ["Red Herring 5", "none", "random"]
    events = act(game, GREEN, "give", card="none")
    assert f"{GREEN} cannot disprove." in public_texts(events)
    assert GREEN not in game.prompts()
    # Never against an accusation.
    game = position(killer=PLUM, case_file=CASE, current=SCARLET, options=opts,
                    clues={GREEN: ["Red Herring 5", "Rope"]})
    act(game, SCARLET, "accuse", suspect=PLUM, weapon="Rope", room="Study")
    assert choices(game, GREEN, "give", "card") == ["Rope", "random"]
