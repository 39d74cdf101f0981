"""Danger Round, How to Commit Murder, Protected, Second Rounds, Ending the Turn, Winning
(KC-2, KC-3, KC-5, KC-11)."""

from __future__ import annotations

from typing import Any

from engine.games.killer_clue import KillerClue
from engine.games.killer_clue.board import RING, ring_step
from tests.engine.killer_clue.helpers import (
    GREEN,
    MUSTARD,
    PEACOCK,
    PLUM,
    SCARLET,
    WHITE,
    act,
    choices,
    d,
    kinds,
    load,
    position,
    private_to,
    public_texts,
    refused,
)
from tests.engine.killer_clue.test_intrigue import safe_danger


def danger(**kw: Any) -> KillerClue:
    return position(round="danger", **kw)


def play_danger(game: KillerClue, cards: dict[str, str]) -> list[Any]:
    """Everyone plays: the given cards, the others something harmless."""
    events: list[Any] = []
    for seat in list(game.prompts()):
        card = cards.get(seat) or safe_danger(game, seat)
        events += act(game, seat, "danger", card=card)
    return events


def test_face_down_shuffled_and_revealed() -> None:
    """Danger Round: 'each player must play a single card facedown... After everyone has
    played a card, shuffle them together to conceal who played which card. Then turn them
    all faceup.'"""
    game = danger(killer=PLUM, hands={SCARLET: ["Candles in the Hall"]})
    assert game.prompts().keys() == set(game.table)
    events = act(game, SCARLET, "danger", card="Candles in the Hall")
    assert public_texts(events) == [f"{SCARLET} plays a card face down."]
    assert private_to(events, SCARLET)[0].data == {"card": "Candles in the Hall"}
    assert game.view(None)["danger_played"] == [SCARLET]
    refused(game, SCARLET, "danger", card="Candles in the Hall")
    events = play_danger(game, {})
    (reveal,) = [e for e in events if e.kind == "danger_revealed"]
    assert len(reveal.data["cards"]) == 6 and "Candles in the Hall" in reveal.data["cards"]
    assert set(reveal.data) == {"cards"}  # who played what is never said
    assert d(game)["round"] == "investigation" and d(game)["turn"] == 2


def test_intrigue_cards_have_no_effect_in_the_danger_round() -> None:
    """Danger Round: 'You may play one Intrigue or Danger card. However, Intrigue cards have
    no effect during the Danger round.'"""
    game = danger(killer=PLUM, hands={SCARLET: ["Mr. Green Disappears"]},
                  pawns={GREEN: "Hall"})
    play_danger(game, {SCARLET: "Mr. Green Disappears"})
    assert d(game)["pawns"][GREEN] == "Hall"


def dining_room_example() -> KillerClue:
    """Protected, Example: 'Mr. Green, Miss Scarlet, Prof. Plum, and Mrs. Peacock are all in
    the dining room. During the previous Intrigue Round, Miss Scarlet played the Consult With
    Mr. Green card... Also played were the Miss Scarlet Distracted and Prof. Plum Distracted
    cards.' Mrs. White is the killer, alone in the Kitchen; Col. Mustard in a corridor."""
    game = position(killer=WHITE, round="intrigue", current=SCARLET,
                    pawns={GREEN: "Dining Room", SCARLET: "Dining Room", PLUM: "Dining Room",
                           PEACOCK: "Dining Room", WHITE: "Kitchen", MUSTARD: "A18"},
                    hands={SCARLET: ["Consult with Mr. Green", "Miss Scarlet Distracted"],
                           PLUM: ["Prof. Plum Distracted"]})
    act(game, SCARLET, "play", card="Consult with Mr. Green")
    act(game, SCARLET, "trade", card="none")
    act(game, SCARLET, "play", card="Miss Scarlet Distracted")
    for seat in (MUSTARD, WHITE, GREEN, PEACOCK):
        act(game, seat, "pass")
    act(game, PLUM, "play", card="Prof. Plum Distracted")
    act(game, PLUM, "pass")
    assert d(game)["round"] == "danger"
    return game


def test_protected_example_only_mrs_peacock_may_be_murdered() -> None:
    """Protected, Example: 'Mr. Green protects only Miss Scarlet because they were consulting.
    Miss Scarlet and Prof. Plum do not protect anyone because they were both distracted. Mrs.
    Peacock protects all of the other suspects, but she herself is not protected. In this
    situation, the killer may murder only Mrs. Peacock.'"""
    game = dining_room_example()
    murders = [c for c in choices(game, WHITE, "danger", "card") if "Murdered" in c]
    assert murders == ["Mrs. Peacock Murdered"]
    assert game.protector(GREEN) == PEACOCK and game.protector(SCARLET) == GREEN
    assert game.protector(PLUM) == PEACOCK and game.protector(PEACOCK) is None


def test_kc5_invalid_murder_refused_privately() -> None:
    """KC-5: 'The bot checks every Suspect Murdered card when it is played face down and
    refuses an invalid one privately, so the killer is never exposed by a slip'. Success:
    'You may not play a Suspect Murdered card against a suspect who is protected.'"""
    game = dining_room_example()
    error = refused(game, WHITE, "danger", card="Mr. Green Murdered")
    assert error.message == "Mr. Green is protected by Mrs. Peacock in the Dining Room."
    refused(game, WHITE, "danger", "corridor", card="Col. Mustard Murdered")
    refused(game, WHITE, "danger", "yourself", card="Mrs. White Murdered")
    assert WHITE in game.prompts()  # nothing was played, nothing public happened


def test_murder_removes_the_pawn_and_deals_the_clue_cards() -> None:
    """Suspect Murdered!: 'Remove the suspect's pawn; he or she is out of the game... remove
    from play the Intrigue and Danger cards the dead suspect was holding... shuffle his or her
    Clue cards and, starting to the victim's left, deal the cards facedown to the remaining
    players.'"""
    game = dining_room_example()
    victim_clues = list(d(game)["clues"][PEACOCK])
    act(game, PEACOCK, "danger", card=safe_danger(game, PEACOCK))
    victim_hand = list(d(game)["hands"][PEACOCK])
    events = play_danger(game, {WHITE: "Mrs. Peacock Murdered"})
    assert "Mrs. Peacock has been MURDERED in the Dining Room!" in public_texts(events)
    g = d(game)
    assert g["status"][PEACOCK] == "dead" and g["pawns"][PEACOCK] is None
    assert g["hands"][PEACOCK] == [] and g["clues"][PEACOCK] == []
    assert all(c in g["removed"] for c in victim_hand)
    dealt = [e for e in events if e.kind == "cards_dealt"]
    assert dealt[0].audience == {PLUM}  # Peacock's left
    assert sorted(c for e in dealt for c in e.data["cards"]) == sorted(victim_clues)
    assert g["notes"][PLUM][-1]["from"] == PEACOCK
    assert PEACOCK not in game.prompts()


def test_location_alone_corridor_disappeared() -> None:
    """How to Commit Murder, Location: 'You may kill only a suspect who is in a room. You
    cannot kill a disappeared suspect or a suspect in a corridor. The location of your own
    pawn does not matter.' Protected, Alone: 'A suspect who is alone in a room is not
    protected.' Killer: 'Even the killer protects others in the same room.'"""
    game = danger(killer=PLUM, pawns={SCARLET: "Hall", MUSTARD: "A18", WHITE: "Lounge",
                                      PLUM: "Lounge", GREEN: "Study", PEACOCK: "Kitchen"},
                  status={GREEN: "missing"})
    murders = [c for c in choices(game, PLUM, "danger", "card") if "Murdered" in c]
    assert murders == ["Miss Scarlet Murdered", "Mrs. Peacock Murdered"]
    refused(game, PLUM, "danger", "protected by Prof. Plum", card="Mrs. White Murdered")
    refused(game, PLUM, "danger", "disappeared", card="Mr. Green Murdered")


def test_butler_protects_everyone_in_the_room() -> None:
    """Butler & Maid, Room: 'all of the suspects in the room are protected and cannot be
    killed during the next Danger round.'"""
    game = position([SCARLET, GREEN, PLUM], killer=PLUM, round="intrigue", current=SCARLET,
                    options={"butler_maid": True}, pawns={SCARLET: "Hall", GREEN: "Study"},
                    hands={SCARLET: ["Butler Enters Room"]})
    act(game, SCARLET, "play", card="Butler Enters Room", target="Hall")
    act(game, SCARLET, "pass")
    act(game, GREEN, "pass")
    act(game, PLUM, "pass")
    murders = [c for c in choices(game, PLUM, "danger", "card") if "Murdered" in c]
    assert murders == ["Mr. Green Murdered"]
    refused(game, PLUM, "danger", "the Butler", card="Miss Scarlet Murdered")


def test_murder_is_optional() -> None:
    """How to Commit Murder, Optional: 'Playing a Suspect Murdered card is always optional.'"""
    game = danger(killer=PLUM, pawns={SCARLET: "Hall"})
    legal = choices(game, PLUM, "danger", "card")
    assert any("Murdered" not in c for c in legal if c != "random")


def test_kc2_blackout_ring_example() -> None:
    """Blackout!, Move Pawns: 'if Prof. Plum is in the ballroom and rolls 3, move him to the
    library. If Prof. Plum had rolled a 9, he would end up back in the ballroom because there
    are 9 rooms in the house.' KC-2: the ring Lounge -> Dining Room -> Kitchen -> Ballroom ->
    Conservatory -> Billiard Room -> Library -> Study -> Hall -> Lounge."""
    assert RING == ("Lounge", "Dining Room", "Kitchen", "Ballroom", "Conservatory",
                    "Billiard Room", "Library", "Study", "Hall")
    assert ring_step("Ballroom", 3) == "Library"
    assert ring_step("Ballroom", 9) == "Ballroom"
    assert ring_step("Hall", 1) == "Lounge"


def blackout_with_plum_in_the_ballroom(roll: int) -> tuple[KillerClue, list[Any]]:
    """The rulebook's Blackout: Plum alone in the Ballroom, no candles. Seeds are tried until
    the seeded dice give Plum `roll`, so the worked example runs through the engine."""
    for seed in range(400):
        game = danger(killer=SCARLET, seed=f"blackout{seed}", pawns={PLUM: "Ballroom"},
                      hands={GREEN: ["Blackout"]})
        events = play_danger(game, {GREEN: "Blackout"})
        panic = [e for e in events if e.kind == "panic"]
        if panic and sum(panic[0].data["dice"]) == roll:
            return game, events
    raise AssertionError(f"no seed rolls {roll}")


def test_blackout_plum_rolls_3_to_the_library() -> None:
    """Blackout!: 'Each suspect in a room without candles must roll 2 dice and move that
    number of rooms counter-clockwise' (KC-2): Ballroom + 3 = Library."""
    game, events = blackout_with_plum_in_the_ballroom(3)
    assert d(game)["pawns"][PLUM] == "Library"
    (panic,) = [e for e in events if e.kind == "panic"]
    assert panic.text.endswith("= 3 and runs from the Ballroom to the Library.")


def test_blackout_plum_rolls_9_back_to_the_ballroom() -> None:
    """'If Prof. Plum had rolled a 9, he would end up back in the ballroom'."""
    game, _ = blackout_with_plum_in_the_ballroom(9)
    assert d(game)["pawns"][PLUM] == "Ballroom"


def test_candles_keep_a_room_calm() -> None:
    """Candles in Room: 'No one in the room will panic if there is a blackout.' Blackout,
    Panic: 'Suspects in corridors or candlelit rooms are unaffected.' No One in Room: 'the
    card has no effect.'"""
    game = danger(killer=SCARLET, pawns={PLUM: "Ballroom", WHITE: "Hall"},
                  hands={GREEN: ["Blackout"], PEACOCK: ["Candles in the Ballroom"],
                         MUSTARD: ["Candles in the Kitchen"]})
    events = play_danger(game, {GREEN: "Blackout", PEACOCK: "Candles in the Ballroom",
                                MUSTARD: "Candles in the Kitchen"})
    assert d(game)["pawns"][PLUM] == "Ballroom"
    assert [e.data["seat"] for e in events if e.kind == "panic"] == [WHITE]
    assert "No one is in the Kitchen: the candles have no effect." in public_texts(events)
    assert d(game)["pawns"][SCARLET] == "H25"  # in a corridor: unaffected


def test_blackout_brings_second_rounds() -> None:
    """Second Rounds: 'If one or more Blackouts was played during the First Danger round, you
    must play a Second Intrigue round followed by a Second Danger round... A Blackout played
    during the Second Danger round has no effect.' Multiple Blackouts: 'A second Blackout card
    played during the same Danger round has no effect.'"""
    game = danger(killer=SCARLET, pawns={PLUM: "Ballroom"},
                  hands={GREEN: ["Blackout"], PEACOCK: ["Blackout"]})
    events = play_danger(game, {GREEN: "Blackout", PEACOCK: "Blackout"})
    assert "The second Blackout has no effect." in public_texts(events)
    assert kinds(events).count("panic") == 1
    assert d(game)["round"] == "intrigue" and d(game)["second"]
    assert "Second Intrigue round" in public_texts(events)[-1]
    for seat in list(game.table):
        act(game, seat, "pass")
    assert d(game)["round"] == "danger" and d(game)["second"]
    where = d(game)["pawns"][PLUM]
    g = game.state()
    g["game"]["played"].remove("Blackout")  # a third Blackout, for the test's sake
    g["game"]["hands"][GREEN].append("Blackout")
    game = load(g)
    events = play_danger(game, {GREEN: "Blackout"})
    assert "A Blackout in the Second Danger round has no effect." in public_texts(events)
    assert "panic" not in kinds(events)
    assert d(game)["pawns"][PLUM] == where
    assert d(game)["round"] == "investigation" and not d(game)["second"]


def test_ending_the_turn_draws_back_and_removes_dead_cards() -> None:
    """Ending the Turn: 'remove from play any that refer to a dead suspect. For example, if
    Mrs. Peacock was murdered this turn and someone played the Consult with Mrs. Peacock
    card, remove the card.' 'Shuffle the cards that were played back into the draw pile.'
    Hand Size: innocents end with 9; the killer with 4 plus the original number of players
    (KC-3)."""
    game = position(killer=WHITE, round="intrigue", current=SCARLET,
                    pawns={SCARLET: "Hall", PEACOCK: "Kitchen", WHITE: "Lounge"},
                    hands={SCARLET: ["Consult with Mrs. Peacock"]})
    act(game, SCARLET, "play", card="Consult with Mrs. Peacock")
    act(game, SCARLET, "trade", card="none")
    assert d(game)["pawns"][SCARLET] == "Kitchen"
    for seat in (SCARLET, MUSTARD, WHITE, GREEN, PEACOCK, PLUM):
        act(game, seat, "pass")
    # Scarlet and Peacock consult in the Kitchen: both are protected. Plum is alone nowhere.
    assert game.protector(PEACOCK) == SCARLET
    g = game.state()["game"]
    g["pawns"][SCARLET] = "Hall"  # Scarlet is gone again: Peacock is alone
    game = load(game.state() | {"game": g})
    play_danger(game, {WHITE: "Mrs. Peacock Murdered"})
    g = d(game)
    assert "Consult with Mrs. Peacock" in g["removed"]
    assert "Mrs. Peacock Murdered" in g["removed"]
    for seat in game.table:
        expected = {PEACOCK: 0, WHITE: 10}.get(seat, 9)
        assert len(g["hands"][seat]) == expected, seat
    assert g["played"] == []


def test_kc3_killer_hand_options() -> None:
    """KC-3: 'refilled to 4 plus the number of players the game started with... the reference
    sheet's "4" is a misprint.' Option killer_hand=reference: 4 plus the Suspect Murdered
    cards still held."""
    for option, size in (("full", 10), ("reference", 9)):
        game = danger(killer=WHITE, options={"killer_hand": option},
                      pawns={PEACOCK: "Kitchen"})
        play_danger(game, {WHITE: "Mrs. Peacock Murdered"})
        assert len(d(game)["hands"][WHITE]) == size


def test_kc11_killer_wins_when_everyone_is_dead() -> None:
    """Winning the Game: 'If the killer murders all other suspects, he or she wins the game.'
    KC-11."""
    game = danger(seats=[SCARLET, GREEN, PLUM], killer=PLUM, status={SCARLET: "dead"},
                  pawns={GREEN: "Hall"})
    events = play_danger(game, {PLUM: "Mr. Green Murdered"})
    assert game.finished and game.winners == [PLUM]
    assert kinds(events)[-2:] == ["killer_wins", "game_over"]
    assert game.view(None)["killer"] == PLUM


def test_red_herrings_leave_as_suspects_die() -> None:
    """Red Herring Clue Cards, Murder: 'If there are only 5 suspects left alive, the player
    holding the Red Herring 6 card must give it up. And if there are only 4 suspects left,
    the player holding Red Herring 5 must give it up.'"""
    game = danger(killer=PLUM, options={"red_herrings": True}, pawns={SCARLET: "Hall"},
                  clues={GREEN: ["Red Herring 6"], WHITE: ["Red Herring 5"]})
    events = play_danger(game, {PLUM: "Miss Scarlet Murdered"})
    assert "Red Herring 6" not in d(game)["clues"][GREEN]
    assert "Red Herring 5" in d(game)["clues"][WHITE]
    removed = [e for e in events if e.kind == "red_herring_removed"]
    assert [e.data["card"] for e in removed] == ["Red Herring 6"]
    assert GREEN not in removed[0].text  # who held it is not said


def test_timeout_random_danger_card_is_never_a_murder() -> None:
    """Deadline policy (docs): a seat that misses the deadline in a Danger round plays a
    random card, announced only as "played a card"; never a Suspect Murdered card."""
    game = danger(killer=PLUM, pawns={SCARLET: "Hall"},
                  edit=lambda g: g["hands"].update({PLUM: [
                      "Miss Scarlet Murdered", "Mr. Green Murdered", "Hall Doors Locked"]}))
    assert (PLUM, "danger", {"card": "random"}) in game.timeout_actions()
    events = act(game, PLUM, "danger", card="random")
    assert public_texts(events) == [f"{PLUM} plays a card face down."]
    assert private_to(events, PLUM)[0].data["card"] == "Hall Doors Locked"


def test_protected_definition_example() -> None:
    """Protected, Definition: 'if Miss Scarlet and Mr. Green are both in the Library, Miss
    Scarlet protects Mr. Green and Mr. Green protects Miss Scarlet.' Killer: 'If Miss Scarlet
    is the killer, she would still protect Mr. Green and could not murder him.'"""
    game = danger(killer=SCARLET, pawns={SCARLET: "Library", GREEN: "Library"})
    assert game.protector(GREEN) == SCARLET
    assert not [c for c in choices(game, SCARLET, "danger", "card") if "Murdered" in c]
    refused(game, SCARLET, "danger", "protected by Miss Scarlet", card="Mr. Green Murdered")
    innocent = danger(killer=PLUM, pawns={SCARLET: "Library", GREEN: "Library"})
    assert innocent.protector(GREEN) == SCARLET and innocent.protector(SCARLET) == GREEN
