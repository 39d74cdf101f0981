"""Illuminati's pictures, one per player's Power Structure, drawn from the public view only
(issue 25: "one image per player's power structure (the tree of cards with arrows, powers,
resistances and treasuries, readable at 550 px)")."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from renders import illuminati as ill
from renders import palette
from renders.text import CHAT_WIDTH, MIN_PX, recording
from tests.engine.illuminati.helpers import BAVARIAN, GNOMES, NETWORK, position

NAMES = ["Zoë", "José", "李明", "🐙kraken"]
CHAIN = [("Casino Cartel", BAVARIAN, "right"), ("Harbour Stevedores", "Casino Cartel", "right"),
         ("Border Patrol Cadets", "Harbour Stevedores", "right"),
         ("Hovercraft Enthusiasts", "Border Patrol Cadets", "right"),
         ("Underground Comic Press", "Hovercraft Enthusiasts", "right"),
         ("Ministry of Forms", BAVARIAN, "left"),
         ("Five-Year Plan Committee", "Ministry of Forms", "left"),
         ("Tax Inspectors' Union", BAVARIAN, "down"),
         ("Lighthouse Keepers' Guild", "Tax Inspectors' Union", "down")]


def busy(hands: dict[str, list[str]] | None = None, hidden: bool = False,
         goals: dict[str, str] | None = None) -> Any:
    """Four seats named in four scripts; Zoë's structure nine squares wide (the widest a
    table is likely to see), José's small; money on the cards."""
    return position(NAMES, illuminati={"Zoë": BAVARIAN, "José": GNOMES, "李明": NETWORK},
                    groups={"Zoë": CHAIN, "José": [("Pension Fund Trustees", GNOMES, "up")]},
                    money={BAVARIAN: 23, "Casino Cartel": 140, "Pension Fund Trustees": 7},
                    hands=hands, options={"hidden_illuminati": hidden,
                                          "hidden_goals": goals is not None},
                    edit=(lambda d: d["goals"].update(goals)) if goals else None)


def public(game: Any) -> dict[str, Any]:
    return json.loads(json.dumps(game.view(None)))  # exactly what the bot has: JSON


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_one_picture_per_player_with_every_card_and_treasury() -> None:
    """Issue 25: "one image per player's power structure (the tree of cards with arrows,
    powers, resistances and treasuries)"."""
    view = public(busy())
    drawn = dict(ill.render_all(view))
    assert sorted(drawn) == sorted(NAMES)
    with recording() as texts:
        ill.render(view, seat="José")
    seen = " ".join(t.text for t in texts)
    for piece in ("José", GNOMES, "Pension Fund Trustees", "P 2/0", "R 6", "I 6", "7 MB",
                  "Con", "not affiliated with Steve Jackson Games"):
        assert piece in seen, piece


def test_readable_at_chat_size_and_small_enough() -> None:
    """Every needed text >= 9 px when shown 550 px wide; at most 1600 px wide, 150 KB."""
    view = public(busy())
    for seat, data in ill.render_all(view):
        with recording() as texts:
            image = opened(ill.render(view, seat=seat))
        needed = [t for t in texts if t.needed]
        assert min(t.size for t in needed) * CHAT_WIDTH / image.width >= MIN_PX, seat
        assert image.width <= 1600 and len(data) <= 150_000, (seat, image.size, len(data))
        assert all(t.missing == [] for t in texts)


def test_the_same_picture_whatever_the_hands_and_hidden_goals() -> None:
    """No image shows a hand or a hidden goal: two positions that differ only in them give
    the same bytes."""
    one = busy(hands={"Zoë": ["Deep Agent"], "José": ["Slush Fund"]},
               goals={"Zoë": GNOMES, "José": BAVARIAN, "李明": GNOMES, "🐙kraken": NETWORK})
    two = busy(hands={"Zoë": ["Murphy's Law"], "José": ["Bribery"]},
               goals={"Zoë": NETWORK, "José": GNOMES, "李明": BAVARIAN, "🐙kraken": GNOMES})
    for seat in NAMES:
        assert ill.render(public(one), seat=seat) == ill.render(public(two), seat=seat)


def test_a_hidden_illuminati_is_drawn_face_down() -> None:
    """ILL-13: a face-down Illuminati shows its treasury, never its name."""
    view = public(busy(hidden=True))
    with recording() as texts:
        ill.render(view, seat="Zoë")
    seen = " ".join(t.text for t in texts)
    assert BAVARIAN not in seen and "Hidden" in seen and "23 MB" in seen


def test_colours_stay_apart_for_colour_blind_players() -> None:
    """The seat colour marks the Illuminati card against the Groups' edges (and by the
    border's weight); a puppet's arrow (solid) against a vacant one (hollow); a treasury's
    box against the card."""
    seats = [palette.seat_colour(None, i) for i in range(8)]
    for colour in seats:
        distance, vision, *_ = palette.closest_pair([colour, ill.EDGE])
        assert distance >= palette.MIN_DISTANCE, (colour, vision)
    for pair in ((ill.LINK, ill.VACANT), (ill.VACANT, ill.PAPER), (ill.MONEY, ill.CARD),
                 (ill.MONEY, ill.MONEY_INK)):
        assert palette.closest_pair(list(pair))[0] >= palette.MIN_DISTANCE, pair


def test_boards_draw_one_structure_each() -> None:
    """What the bot posts after a turn: one picture per player's structure (`boards` names
    them, `board` draws each)."""
    view = public(busy())
    drawn = [ill.board(v) for v in ill.boards(view, [{"kind": "turn_ended"}])]
    assert drawn == [data for _seat, data in ill.render_all(view)]
    assert ill.board(view) == ill.render(view)
