"""Getting Started, steps 1 to 9, and the house rulings on players and hands (KC-1, KC-3,
KC-10)."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine import RuleError
from engine.games.killer_clue import cards
from engine.games.killer_clue.board import ROOMS, START, WEAPONS
from tests.engine.killer_clue.helpers import (
    ALL,
    FIVE_WITHOUT_MUSTARD,
    GREEN,
    MUSTARD,
    PEACOCK,
    PLUM,
    SCARLET,
    WHITE,
    d,
    new,
)

MUSTARD_CARDS = ["Col. Mustard", "Consult with Col. Mustard", "Col. Mustard Disappears",
                 "Col. Mustard Distracted", "Col. Mustard Moves First", "Col. Mustard Murdered"]


def every_card(game: engine.Game) -> Counter[str]:
    g = game.state()["game"]
    held: Counter[str] = Counter()
    for hand in [*g["clues"].values(), *g["hands"].values(), g["draw_pile"],
                 list(g["case_file"].values())]:
        held.update(hand)
    return held


def test_kc1_three_to_six_players() -> None:
    """KC-1 'Players: 3 to 6, one suspect each.'"""
    with pytest.raises(RuleError):
        new([SCARLET, GREEN])
    with pytest.raises(RuleError):
        new([SCARLET, GREEN, "Mrs. Scarlett"])
    for n in range(3, 7):
        assert new(ALL[:n]).table == ALL[:n]


def test_choose_suspects_example_five_players_without_mustard() -> None:
    """Getting Started 1: 'You have only 5 players and no one is playing Col. Mustard.
    Remove Col. Mustard's envelope as well as the following cards: Suspect: Col. Mustard,
    Consult With Col. Mustard, Col. Mustard Disappears, Col. Mustard Distracted, Col. Mustard
    Moves First, Col. Mustard Murdered!'"""
    game = new(FIVE_WITHOUT_MUSTARD, seed="no-mustard")
    in_play = every_card(game)
    for card in MUSTARD_CARDS:
        assert card not in in_play
        assert card in d(game)["removed"]
    assert MUSTARD not in d(game)["pawns"]
    assert game.view(None)["unplayed"] == [MUSTARD]
    # Nothing else is removed: the other suspects' cards are all there.
    assert in_play["Consult with Prof. Plum"] == 1 and in_play["Motive"] == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_card_accounted_for(players: int) -> None:
    """Getting Started 2 and 7: the Clue cards, the Suspect Murdered + 1 Blackout stack and
    the Intrigue & Danger stack are all dealt or in the draw pile."""
    seats = ALL[:players]
    game = new(seats, seed=f"count{players}")
    held = every_card(game)
    expected: Counter[str] = Counter()
    for c in cards.CARDS.values():
        if c.option or (c.subject in ALL and c.subject not in seats):
            continue
        expected[c.id] += c.copies
    expected.update(seats + list(WEAPONS) + list(ROOMS))
    assert held == expected


def test_place_weapons_into_rooms() -> None:
    """Getting Started 3: 'Choose one of the weapon tokens and then draw the top room card.
    Place the weapon you choose into the room shown on the card.'"""
    for seed in range(20):
        weapons = d(new(seed=str(seed)))["weapons"]
        assert sorted(weapons) == sorted(WEAPONS)
        assert len(set(weapons.values())) == 6 and set(weapons.values()) <= set(ROOMS)


def test_assign_killer_and_case_file() -> None:
    """Getting Started 4-5: the envelopes are shuffled and one set aside for the killer;
    'The 3 Clue cards in the killer's envelope define the Case File': the killer's own
    suspect card, a random weapon and a random room."""
    killers = set()
    for seed in range(60):
        g = d(new(seed=f"k{seed}"))
        cf = g["case_file"]
        killers.add(g["killer"])
        assert cf["suspect"] == g["killer"]
        assert cf["weapon"] in WEAPONS and cf["room"] in ROOMS
        for hand in g["clues"].values():
            assert not set(cf.values()) & set(hand)
    assert killers == set(ALL)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_clue_cards_to_all_players(players: int) -> None:
    """Getting Started 6: 'take the suspect cards out of the innocent suspects' envelopes...
    shuffle them together with the remaining weapon and room Clue cards. Then deal these
    Clue cards out to all players.'"""
    game = new(ALL[:players], seed=f"deal{players}")
    g = d(game)
    sizes = [len(h) for h in g["clues"].values()]
    assert sum(sizes) == (players - 1) + 5 + 8
    assert max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_intrigue_and_danger_envelopes_kc3(players: int) -> None:
    """Getting Started 7: 'deal 9 cards each... into each innocent suspects' envelope.
    Killer: Place the next 3 Intrigue and Danger cards into the Killer's envelope', with the
    Suspect Murdered cards plus 1 Blackout. KC-3: the killer's hand is 4 plus the number of
    players ('So if the game started with 6 players, you will have 10')."""
    g = d(new(ALL[:players], seed=f"env{players}"))
    killer = g["killer"]
    for seat, hand in g["hands"].items():
        if seat == killer:
            assert len(hand) == 4 + players
            murders = [c for c in hand if c.endswith("Murdered")]
            assert sorted(murders) == sorted(f"{s} Murdered" for s in ALL[:players])
            assert "Blackout" in hand
        else:
            assert len(hand) == 9
            assert not any(c.endswith("Murdered") for c in hand)
    assert g["killer_hand"] == 4 + players


def test_inspect_your_envelope_private() -> None:
    """Getting Started 9: 'Look at the cards in your envelope. Be very careful not to reveal
    any of your cards... If you have the Suspect Murdered cards, you are the killer!'"""
    game = new(seed="envelopes")
    g = d(game)
    envelopes = [e for e in game.setup_events if e.kind == "envelope"]
    assert len(envelopes) == 6
    for event in envelopes:
        (seat,) = event.audience
        assert event.data["killer"] == (seat == g["killer"])
        assert event.data["hand"] == g["hands"][seat]
        assert ("case_file" in event.data) == (seat == g["killer"])
    for event in game.setup_events:
        if event.public:
            assert "killer" not in event.text.lower().replace("killer clue", "")


def test_board_set_up() -> None:
    """Each pawn starts on its start square; Miss Scarlet moves first (Player Order)."""
    game = new(seed="board")
    g = d(game)
    assert g["pawns"] == {s: START[s] for s in ALL}
    assert START[SCARLET] == "H25"
    assert game.current == SCARLET
    assert game.prompts().keys() == {SCARLET}


def test_first_player_without_scarlet() -> None:
    """Player Order: 'The first player to move on the first game turn is Miss Scarlet.'
    Without her (decision D-2), the first seat of the table moves first."""
    assert new([WHITE, GREEN, PLUM], seed="x").current == WHITE


def test_table_order_options() -> None:
    """Option table_order: the board's order by default, or the order the seats were given."""
    seats = [PLUM, SCARLET, PEACOCK]
    assert new(seats).table == [SCARLET, PEACOCK, PLUM]
    assert new(seats, table_order="seats").table == seats


@pytest.mark.parametrize("players,butler,maid", [(6, 0, 0), (5, 1, 0), (4, 1, 1), (3, 1, 1)])
def test_kc10_butler_and_maid_by_players(players: int, butler: int, maid: int) -> None:
    """KC-10 / Optional Rules: 'If you have 5 or fewer players at the start of the game, add
    the Butler Enters Room Intrigue card to the game. If you have 4 or fewer players, also add
    the Maid Enters Room card.'"""
    held = every_card(new(ALL[:players], butler_maid=True))
    assert held["Butler Enters Room"] == butler and held["Maid Enters Room"] == maid
    off = every_card(new(ALL[:players]))
    assert off["Butler Enters Room"] == off["Maid Enters Room"] == 0


@pytest.mark.parametrize("players,herrings", [(6, 2), (5, 1), (4, 0), (3, 0)])
def test_kc10_red_herrings_by_players(players: int, herrings: int) -> None:
    """KC-10 / Red Herring Clue Cards: 'If you have 5 or more players at the start of the game,
    add the Red Herring 5 Clue card. If you have 6 players, also add the Red Herring 6 card.'
    'Shuffle the Red Herring cards in with the Clue cards during step 6.'"""
    held = every_card(new(ALL[:players], red_herrings=True))
    assert held["Red Herring 5"] + held["Red Herring 6"] == herrings
    assert held["Red Herring 6"] == (players == 6)


def test_options_are_checked() -> None:
    """Options are declared in one place and refused when malformed."""
    with pytest.raises(RuleError):
        new(dice="3d6")
    with pytest.raises(RuleError):
        new(nonsense=True)
    assert new().options == {"butler_maid": False, "red_herrings": False, "dice": "2d6",
                             "killer_hand": "full", "table_order": "board"}


def test_setup_is_seeded() -> None:
    """All luck comes from the seed: the same seed deals the same game."""
    assert new(seed="same").state() == new(seed="same").state()
    assert new(seed="same").state()["game"] != new(seed="other").state()["game"]
    assert PEACOCK in ALL
