"""Intrigue Round: one pass, 0 to 2 cards each, and every Intrigue card (KC-7, KC-8, KC-9)."""

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

ROOMS_OF = {SCARLET: "Lounge", MUSTARD: "Dining Room", WHITE: "Kitchen", GREEN: "Hall",
            PEACOCK: "Conservatory", PLUM: "Study"}


def intrigue(hands: dict[str, list[str]] | None = None, *, current: str = SCARLET,
             killer: str = PLUM, pawns: dict[str, str | None] | None = None,
             **kw: object) -> KillerClue:
    """An Intrigue round with each suspect alone in a room (ROOMS_OF) unless told otherwise."""
    where: dict[str, str | None] = dict(ROOMS_OF)
    where.update(pawns or {})
    return position(killer=killer, round="intrigue", current=current, pawns=where,
                    hands=hands, **kw)  # type: ignore[arg-type]


def safe_danger(game: KillerClue, seat: str) -> str:
    """A card with no effect in the Danger round: an Intrigue card if there is one."""
    legal = [c for c in choices(game, seat, "danger", "card")
             if c not in ("Blackout", "random") and "Murdered" not in c]
    return next((c for c in legal if not c.startswith("Candles")), legal[0])


def finish_turn(game: KillerClue) -> None:
    """Everyone passes the rest of the Intrigue round and plays a harmless Danger card."""
    while d(game)["round"] != "investigation" or d(game)["stack"]:
        prompts = game.prompts()
        seat = sorted(prompts)[0]
        names = actions(game, seat)
        if "danger" in names:
            act(game, seat, "danger", card=safe_danger(game, seat))
        elif "trade" in names:
            act(game, seat, "trade", card="none")
        elif "reappear" in names:
            act(game, seat, "reappear", room="Hall")
        else:
            act(game, seat, "pass")


def test_no_one_in_a_room_skips_intrigue_and_danger() -> None:
    """Intrigue Round, No One in Room: 'If all suspects are in the corridor, skip the Intrigue
    and Danger Rounds and continue play with another Investigation round.'"""
    game = position(killer=PLUM, current=PLUM)
    events = act(game, PLUM, "pass")
    assert "no_intrigue" in kinds(events)
    assert d(game)["round"] == "investigation" and d(game)["turn"] == 2
    assert game.current == SCARLET


def test_intrigue_round_follows_the_investigation_round() -> None:
    """Game Sequence: Investigation, then the First Intrigue round, 'Beginning with the player
    who moved first during the Investigation round' (KC-7)."""
    game = position(killer=PLUM, current=MUSTARD, first=WHITE, pawns={GREEN: "Hall"})
    events = act(game, MUSTARD, "pass")
    assert "First Intrigue round" in public_texts(events)[-1]
    assert d(game)["round"] == "intrigue" and game.current == WHITE


def test_kc7_zero_one_or_two_cards_in_one_pass() -> None:
    """KC-7: 'The Intrigue round is one pass around the table, starting with the player who
    moved first; each plays 0, 1 or 2 Intrigue cards face up'."""
    game = intrigue({SCARLET: ["Hall Doors Locked", "Kitchen Doors Locked"]})
    act(game, SCARLET, "play", card="Hall Doors Locked")
    assert game.current == SCARLET
    events = act(game, SCARLET, "play", card="Kitchen Doors Locked")
    assert game.current == MUSTARD  # two cards end the Intrigue turn
    assert f"{SCARLET} plays Kitchen Doors Locked!." in public_texts(events)
    act(game, MUSTARD, "pass")  # zero cards
    assert game.current == WHITE
    for seat in (WHITE, GREEN, PEACOCK, PLUM):
        act(game, seat, "pass")
    assert d(game)["round"] == "danger"
    assert game.view(None)["intrigue_played"][0] == {"seat": SCARLET,
                                                     "card": "Hall Doors Locked"}


def test_kc7_keep_one_card_for_the_danger_round() -> None:
    """Intrigue Round: 'you must keep at least 1 card to play during the Danger Round.'
    For the killer a Suspect Murdered card does not count (it may have no legal victim)."""
    game = intrigue(edit=lambda g: g["hands"].update({SCARLET: ["Hall Doors Locked"]}))
    assert actions(game, SCARLET) == ["pass"]
    game = intrigue(current=PLUM, edit=lambda g: g["hands"].update(
        {PLUM: ["Hall Doors Locked", "Miss Scarlet Murdered", "Mr. Green Murdered"]}))
    assert actions(game, PLUM) == ["pass"]


def test_danger_cards_are_not_played_in_the_intrigue_round() -> None:
    """Only Intrigue cards are played face up in the Intrigue round."""
    game = intrigue({SCARLET: ["Candles in the Hall", "Hall Doors Locked"]})
    assert "Candles in the Hall" not in choices(game, SCARLET, "play", "card")
    refused(game, SCARLET, "play", card="Candles in the Hall")


# --- Consult with Suspect (KC-9) ------------------------------------------


def test_consult_moves_and_trades_privately() -> None:
    """Consult with Suspect: 'Move your pawn into the suspect's room. Once there, if you both
    agree, you may trade one Clue card with that suspect. Neither of you may say what type of
    Clue card you are trading.' KC-9: asked privately; each picks one card privately."""
    game = intrigue({SCARLET: ["Consult with Mr. Green"]},
                    clues={SCARLET: ["Rope"], GREEN: ["Kitchen"]})
    act(game, SCARLET, "play", card="Consult with Mr. Green")
    assert d(game)["pawns"][SCARLET] == "Hall"
    assert game.prompts().keys() == {SCARLET}
    assert "Rope" in choices(game, SCARLET, "trade", "card")
    act(game, SCARLET, "trade", card="Rope")
    assert game.prompts().keys() == {GREEN}
    assert "Rope" not in choices(game, GREEN, "trade", "card")  # Green can't see the offer
    events = act(game, GREEN, "trade", card="Kitchen")
    assert public_texts(events)[0] == f"{SCARLET} and {GREEN} trade a Clue card."
    assert not any("Rope" in t or "Kitchen" in t for t in public_texts(events))
    assert "Kitchen" in d(game)["clues"][SCARLET] and "Rope" in d(game)["clues"][GREEN]
    assert private_to(events, SCARLET)[0].data["card"] == "Kitchen"
    assert game.view(GREEN)["notes"][-1] == {"card": "Rope", "from": SCARLET, "how": "trade",
                                             "turn": 1}
    assert game.view(None)["consults"] == [[SCARLET, GREEN]]
    assert game.current == SCARLET  # may still play a second card


def test_consult_either_may_refuse() -> None:
    """'...if you both agree': either side may decline, and then nothing changes hands."""
    game = intrigue({SCARLET: ["Consult with Mr. Green"]})
    clues = {s: list(c) for s, c in d(game)["clues"].items()}
    act(game, SCARLET, "play", card="Consult with Mr. Green")
    act(game, SCARLET, "trade", card=d(game)["clues"][SCARLET][0])
    events = act(game, GREEN, "trade", card="none")
    assert public_texts(events)[0] == f"{SCARLET} and {GREEN} do not trade."
    assert d(game)["clues"] == clues


def test_kc9_the_killer_never_trades_a_case_file_card() -> None:
    """KC-9: 'The killer may never hand over a Case File card, in a trade either.'"""
    game = intrigue({SCARLET: ["Consult with Prof. Plum"]}, case_file=("Knife", "Study"))
    act(game, SCARLET, "play", card="Consult with Prof. Plum")
    act(game, SCARLET, "trade", card=d(game)["clues"][SCARLET][0])
    offered = choices(game, PLUM, "trade", "card")
    assert not {PLUM, "Knife", "Study"} & set(offered)


def test_kc9_no_exchange_with_the_butler_in_the_room() -> None:
    """Butler & Maid: 'if you play a Consult w/ Suspect card, you may not exchange a Clue card
    if the Butler or Maid are in the room.'"""
    game = intrigue({SCARLET: ["Butler Enters Room", "Consult with Mr. Green"]},
                    seats=[SCARLET, WHITE, GREEN, PLUM], options={"butler_maid": True})
    act(game, SCARLET, "play", card="Butler Enters Room", target="Hall")
    events = act(game, SCARLET, "play", card="Consult with Mr. Green")
    assert "no_trade" in kinds(events) and not d(game)["stack"]
    assert game.view(None)["consults"] == [[SCARLET, GREEN]]


def test_consult_immunity_and_no_effect() -> None:
    """Suspect Disappears, Immunity: 'You cannot play a Consult With Suspect... card on a
    missing suspect.' Reference: 'If card is played when suspect is not in room, it has no
    effect.' Nobody consults themselves."""
    game = intrigue({SCARLET: ["Consult with Mr. Green", "Consult with Mrs. White"]},
                    status={GREEN: "missing"}, pawns={WHITE: "J17"},
                    edit=lambda g: g["stack"].clear())
    assert "Consult with Mr. Green" not in choices(game, SCARLET, "play", "card")
    assert "Consult with Mrs. White" in choices(game, SCARLET, "play", "card")
    refused(game, SCARLET, "play", "disappeared", card="Consult with Mr. Green")
    events = act(game, SCARLET, "play", card="Consult with Mrs. White")
    assert "no_effect" in kinds(events) and d(game)["pawns"][SCARLET] == "Lounge"
    own = intrigue({GREEN: ["Consult with Mr. Green"]}, current=GREEN)
    refused(own, GREEN, "play", "yourself", card="Consult with Mr. Green")


# --- Crime Scene, Examine Weapon, Motive ------------------------------------


def test_crime_scene_first_card_mini_suggestion() -> None:
    """Crime Scene, First Card: 'Move your pawn into the room named on the card. If this is
    the first Crime Scene card played during this Intrigue round, you may make a
    "mini-suggestion"... each player must check to see if he or she has the room card and,
    if so, give it to you.' Next Turn: 'you may make a normal suggestion in the new room'."""
    game = intrigue({SCARLET: ["Crime Scene: Ballroom"]}, clues={GREEN: ["Ballroom"]})
    events = act(game, SCARLET, "play", card="Crime Scene: Ballroom", direction="right")
    assert d(game)["pawns"][SCARLET] == "Ballroom"
    assert "mini_suggestion" in kinds(events)
    assert f"{GREEN} gives {SCARLET} a card." in public_texts(events)
    assert "Ballroom" in d(game)["clues"][SCARLET]
    assert [e.data["card"] for e in private_to(events, SCARLET)] == ["Ballroom"]
    assert d(game)["may_suggest"][SCARLET]


def test_crime_scene_not_first() -> None:
    """Crime Scene, Not First: 'you must still move your pawn to the room, but you may not
    make a "mini-suggestion".'"""
    game = intrigue({SCARLET: ["Crime Scene: Ballroom"], MUSTARD: ["Crime Scene: Kitchen"]},
                    clues={GREEN: ["Kitchen"]})
    act(game, SCARLET, "play", card="Crime Scene: Ballroom")
    act(game, SCARLET, "pass")
    events = act(game, MUSTARD, "play", card="Crime Scene: Kitchen")
    assert d(game)["pawns"][MUSTARD] == "Kitchen"
    assert "mini_suggestion" not in kinds(events)
    assert "Kitchen" in d(game)["clues"][GREEN]


def test_mini_suggestion_case_file_card_is_never_given() -> None:
    """KC-5: the killer never gives a Case File card, in a mini-suggestion either."""
    game = intrigue({SCARLET: ["Crime Scene: Study"]}, case_file=("Knife", "Study"))
    events = act(game, SCARLET, "play", card="Crime Scene: Study")
    assert "card_given" not in kinds(events)
    assert f"No one disproves {SCARLET}." in public_texts(events)


def test_examine_weapon() -> None:
    """Examine Weapon: 'Move your pawn into the room that contains the weapon named on the
    card. If this is the first Examine Weapon card played during this Intrigue round, you may
    make a "mini-suggestion" that the weapon is the one used in the murder.'"""
    game = intrigue({SCARLET: ["Examine Weapon: Wrench"]}, weapons={"Wrench": "Billiard Room"},
                    clues={WHITE: ["Wrench"]})
    events = act(game, SCARLET, "play", card="Examine Weapon: Wrench", direction="none")
    assert d(game)["pawns"][SCARLET] == "Billiard Room"
    assert "mini_suggestion" not in kinds(events)  # she chose not to suggest


def test_motive() -> None:
    """Motive: 'Move your pawn into the room that contains the suspect of your choice... you
    may make a "mini-suggestion" that the suspect is the murderer.' Immunity: not on a
    missing suspect."""
    game = intrigue({SCARLET: ["Motive"]}, pawns={MUSTARD: "A18"}, status={WHITE: "missing"},
                    clues={PEACOCK: [GREEN]}, edit=lambda g: g["stack"].clear())
    targets = choices(game, SCARLET, "play", "target")
    assert targets == [GREEN, PEACOCK, PLUM]  # not Mustard (corridor), not White (missing)
    refused(game, SCARLET, "play", "target", card="Motive")
    refused(game, SCARLET, "play", card="Motive", target=WHITE)
    events = act(game, SCARLET, "play", card="Motive", target=GREEN)
    assert d(game)["pawns"][SCARLET] == "Hall"
    assert f"{PEACOCK} gives {SCARLET} a card." in public_texts(events)


# --- Doors Locked (KC-8) ---------------------------------------------------


def test_kc8_doors_locked() -> None:
    """Doors Locked!: 'For the remainder of the current Intrigue round, no one may enter or
    leave the room named on the Doors Locked card... This card affects the Consult with
    Suspect, Crime Scene, Examine Weapon, and Motive cards.' 'Doors Locked does not affect
    the Suspect Disappears card.' KC-8: such a card may not be played while the lock lasts."""
    game = intrigue({SCARLET: ["Hall Doors Locked"],
                     MUSTARD: ["Crime Scene: Hall", "Consult with Mr. Green", "Motive",
                               "Mr. Green Disappears"],
                     GREEN: ["Crime Scene: Kitchen"]})
    act(game, SCARLET, "play", card="Hall Doors Locked")
    act(game, SCARLET, "pass")
    playable = choices(game, MUSTARD, "play", "card")
    assert "Crime Scene: Hall" not in playable and "Consult with Mr. Green" not in playable
    assert GREEN not in choices(game, MUSTARD, "play", "target")
    refused(game, MUSTARD, "play", "locked", card="Crime Scene: Hall")
    act(game, MUSTARD, "play", card="Mr. Green Disappears")
    assert d(game)["status"][GREEN] == "missing"
    assert game.view(None)["locked"] == ["Hall"]


def test_kc8_locked_room_cannot_be_left() -> None:
    """KC-8: '...enter or leave a room whose doors are locked'."""
    game = intrigue({SCARLET: ["Lounge Doors Locked", "Crime Scene: Hall"]})
    act(game, SCARLET, "play", card="Lounge Doors Locked")
    refused(game, SCARLET, "play", "cannot leave", card="Crime Scene: Hall")


def test_kc8_butler_unlocks() -> None:
    """Butler & Maid, Locked: 'The butler or maid may enter a locked room, unlocking it.'"""
    game = intrigue({SCARLET: ["Hall Doors Locked"],
                     WHITE: ["Maid Enters Room", "Crime Scene: Hall"]},
                    seats=[SCARLET, WHITE, GREEN, PLUM], options={"butler_maid": True})
    act(game, SCARLET, "play", card="Hall Doors Locked")
    act(game, SCARLET, "pass")
    assert "Crime Scene: Hall" not in choices(game, WHITE, "play", "card")
    events = act(game, WHITE, "play", card="Maid Enters Room", target="Hall")
    assert "unlocked" in kinds(events)
    act(game, WHITE, "play", card="Crime Scene: Hall")
    assert d(game)["pawns"][WHITE] == "Hall"


def test_butler_needs_a_room_with_a_suspect() -> None:
    """Butler & Maid, Room: 'The butler or maid enters the room of your choice as long as the
    room contains 1 or more suspects.'"""
    game = intrigue({SCARLET: ["Butler Enters Room"]}, seats=[SCARLET, GREEN, PLUM],
                    options={"butler_maid": True})
    targets = choices(game, SCARLET, "play", "target")
    assert [t for t in targets if t not in (SCARLET, GREEN, PLUM)] == ["Study", "Hall", "Lounge"]
    refused(game, SCARLET, "play", card="Butler Enters Room", target="Kitchen")


# --- Suspect Disappears, Distracted, Moves First -----------------------------


def test_suspect_disappears_and_returns_next_intrigue_round() -> None:
    """Suspect Disappears: 'Remove the suspect's pawn from the board. The suspect may not take
    a weapon.' Return: 'The suspect may return to the room of his or her choice at the
    beginning of the next Intrigue round.' Cards: 'A missing suspect may still play cards'."""
    game = intrigue({SCARLET: ["Mr. Green Disappears"]}, weapons={"Rope": "Hall"})
    events = act(game, SCARLET, "play", card="Mr. Green Disappears")
    assert f"{GREEN} mysteriously disappears." in public_texts(events)
    assert d(game)["pawns"][GREEN] is None and d(game)["weapons"]["Rope"] == "Hall"
    assert game.view(None)["suspects"][GREEN]["status"] == "missing"
    finish_turn(game)
    # Turn 2: Green still missing through the Investigation round, and may only accuse/pass.
    while game.current != GREEN:
        act(game, game.current or "", "pass")
    assert actions(game, GREEN) in (["accuse", "pass"], ["pass"])
    while d(game)["round"] == "investigation":
        act(game, game.current or "", "pass")
    assert game.prompts().keys() == {GREEN}
    assert "Billiard Room" in choices(game, GREEN, "reappear", "room")
    events = act(game, GREEN, "reappear", room="Billiard Room")
    assert d(game)["pawns"][GREEN] == "Billiard Room"


def test_distracted() -> None:
    """Suspect Distracted: 'The suspect no longer protects other suspects in the room.' Not
    Available: 'If the suspect is not in a room, the card has no affect.'"""
    game = intrigue({SCARLET: ["Mr. Green Distracted", "Col. Mustard Distracted"]},
                    pawns={MUSTARD: "A18"})
    act(game, SCARLET, "play", card="Mr. Green Distracted")
    events = act(game, SCARLET, "play", card="Col. Mustard Distracted")
    assert "no_effect" in kinds(events)
    assert game.view(None)["distracted"] == [GREEN]


def test_suspect_moves_first_last_card_wins() -> None:
    """Suspect Moves First, Last Card: 'If this is the last Suspect Moves First card played
    during the game turn, the named suspect must move first during next turn's Investigation
    and Intrigue rounds.'"""
    game = intrigue({SCARLET: ["Mrs. White Moves First"], MUSTARD: ["Mr. Green Moves First"]})
    act(game, SCARLET, "play", card="Mrs. White Moves First")
    act(game, SCARLET, "pass")
    act(game, MUSTARD, "play", card="Mr. Green Moves First")
    finish_turn(game)
    assert d(game)["turn"] == 2 and game.current == GREEN and d(game)["first"] == GREEN


def test_no_moves_first_card_same_first_player() -> None:
    """Player Order: 'If a Suspect Moves First card was not played during the previous
    Intrigue Round, the player who moved first last turn will move first again this turn.'"""
    game = intrigue(first=WHITE, current=WHITE)
    finish_turn(game)
    assert game.current == WHITE
