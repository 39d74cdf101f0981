"""Investigation Round, Movement (KC-6): two dice, diagonals, secret passages, weapons."""

from __future__ import annotations

from engine.games.killer_clue import board
from engine.games.killer_clue.board import ROOMS, START, destinations, label, parse_square
from tests.engine.killer_clue.helpers import (
    GREEN,
    MUSTARD,
    PLUM,
    SCARLET,
    WHITE,
    act,
    actions,
    choices,
    d,
    load,
    new,
    position,
    public_texts,
    refused,
)


def test_board_data_matches_the_reference() -> None:
    """reference/clue-board.md: a 24 x 25 grid, nine rooms, 17 doors, two secret passages."""
    assert (board.WIDTH, board.HEIGHT) == (24, 25)
    assert len(board.DOORS) == 17
    assert board.PASSAGES == {"Kitchen": "Study", "Study": "Kitchen",
                              "Conservatory": "Lounge", "Lounge": "Conservatory"}
    per_room = {r: len(board.doors_of(r)) for r in ROOMS}
    assert per_room == {"Kitchen": 1, "Ballroom": 4, "Conservatory": 1, "Dining Room": 2,
                        "Billiard Room": 2, "Library": 2, "Study": 1, "Hall": 3, "Lounge": 1}
    for door in board.DOORS:
        assert board.room_of_cell(door.cell) == door.room and door.threshold


def test_square_labels() -> None:
    """KC-6: corridor squares are offered 'by the coordinates printed on the board image':
    a column letter A..X and a row number 1..25."""
    assert START[SCARLET] == label((7, 24)) == "H25"
    assert parse_square("h25") == (7, 24)
    assert parse_square("Y1") is None and parse_square("A26") is None
    assert parse_square("Hall") is None


def test_kc6_diagonals_in_corridors() -> None:
    """Movement, Diagonals: 'Diagonal moves are allowed in the corridors'. From Miss
    Scarlet's start a roll of 1 reaches the square ahead and the one diagonally beside it."""
    assert destinations("H25", 1, []) == ["H24", "I24"]


def test_kc6_diagonals_into_and_out_of_doorways() -> None:
    """Movement, Diagonals: '...and into and out of doorways.' The Lounge door faces north
    onto G19; a pawn on H19, diagonally beside it, enters with a single step, and a pawn
    leaving the Lounge may step to F19, G19 or H19."""
    assert "Lounge" in destinations("H19", 1, [])
    assert destinations("Lounge", 1, []) == ["F19", "G19", "H19"]


def test_entering_a_room_ends_the_move_without_an_exact_count() -> None:
    """Standard Clue, kept by the Investigation Round: a room may be entered with any roll
    large enough; the room you leave cannot be re-entered in the same move."""
    reach = destinations("Lounge", 12, [])
    assert "Hall" in reach and "Dining Room" in reach and "Lounge" not in reach


def test_pawns_block_squares() -> None:
    """A square holds one pawn; a pawn cannot move through another."""
    assert destinations("H25", 2, ["H24"]) == ["H23", "I23", "I24"]
    assert destinations("H25", 2, ["H24", "I24"]) == []


def test_move_rolls_two_dice_then_go_offers_the_reachable_places() -> None:
    """Movement, Dice: 'Roll 2 dice instead of just 1.' The bot rolls and offers the
    reachable rooms, and corridor squares by their coordinates (KC-6)."""
    game = new(seed="move")
    events = act(game, SCARLET, "move")
    roll = next(e for e in events if e.kind == "rolled").data["dice"]
    assert len(roll) == 2 and all(1 <= x <= 6 for x in roll)
    offered = choices(game, SCARLET, "go", "to")
    others = [loc for s, loc in d(game)["pawns"].items() if s != SCARLET]
    assert offered == destinations(START[SCARLET], sum(roll), others)
    refused(game, SCARLET, "go", to="A1")
    act(game, SCARLET, "go", to=offered[-1])
    assert d(game)["pawns"][SCARLET] == offered[-1]
    assert actions(game, SCARLET) == ["accuse", "pass"]  # no second move


def test_d12_option() -> None:
    """Optional Rules, Dice: 'Instead of (2) 6-sided dice you may use a 12 sided die.'"""
    game = new(seed="d12", dice="d12")
    events = act(game, SCARLET, "move")
    assert len(next(e for e in events if e.kind == "rolled").data["dice"]) == 1


def test_secret_passage() -> None:
    """Secret passages (reference): a player starting a turn in a corner room may, instead
    of rolling, take the passage to the diagonally opposite corner room, and suggest there."""
    game = position(killer=PLUM, pawns={SCARLET: "Kitchen"}, weapons={"Knife": "Study"},
                    current=SCARLET)
    assert "passage" in actions(game, SCARLET)
    act(game, SCARLET, "passage")
    assert d(game)["pawns"][SCARLET] == "Study"
    assert "suggest" in actions(game, SCARLET)
    assert "move" not in actions(game, SCARLET)
    hall = position(killer=PLUM, pawns={SCARLET: "Hall"}, current=SCARLET)
    assert "passage" not in actions(hall, SCARLET)


def test_carry_a_weapon_out_of_a_room_and_into_the_next() -> None:
    """Movement, Weapon: 'You may take 1 weapon with you when you leave a room... When you
    enter a room, you must place the weapon into that room.'"""
    game = position(killer=PLUM, pawns={SCARLET: "Lounge"}, weapons={"Rope": "Lounge"},
                    current=SCARLET, seed="carry")
    act(game, SCARLET, "move")
    assert "Rope" in choices(game, SCARLET, "go", "weapon")
    square = next(x for x in choices(game, SCARLET, "go", "to") if x not in ROOMS)
    events = act(game, SCARLET, "go", to=square, weapon="Rope")
    assert "carrying the Rope" in public_texts(events)[0]
    assert d(game)["weapons"]["Rope"] is None
    assert game.view(None)["suspects"][SCARLET]["carrying"] == "Rope"
    act(game, SCARLET, "pass")
    # A later turn: enter the Hall and the Rope is set down there.
    g = game.state()
    g["game"]["pawns"][SCARLET] = "J17"
    g["game"]["round"] = "investigation"
    g["game"]["order"] = [SCARLET]
    g["game"]["index"] = 0
    game = load(g)
    act(game, SCARLET, "move")
    assert "Hall" in choices(game, SCARLET, "go", "to")
    act(game, SCARLET, "go", to="Hall")
    assert d(game)["weapons"]["Rope"] == "Hall"
    assert d(game)["carrying"] == {}


def test_passage_with_a_weapon() -> None:
    """A weapon may go along through the secret passage (it is regular movement)."""
    game = position(killer=PLUM, pawns={SCARLET: "Conservatory"},
                    weapons={"Knife": "Conservatory"}, current=SCARLET)
    act(game, SCARLET, "passage", weapon="Knife")
    assert d(game)["weapons"]["Knife"] == "Lounge"


def test_may_stay_and_pass() -> None:
    """A player may end the turn without moving (and then makes no suggestion)."""
    game = new(seed="stay")
    act(game, SCARLET, "pass")
    assert game.current == MUSTARD
    act(game, MUSTARD, "move")
    act(game, MUSTARD, "pass")  # rolled, but stays put
    assert d(game)["pawns"][MUSTARD] == START[MUSTARD]
    assert game.current == WHITE and GREEN in game.table
