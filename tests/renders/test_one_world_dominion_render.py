"""One World Dominion's map, drawn from the public view only (issue 17: "map image with
armies, neutral markers, areas no one may enter, and the lasting effects in play")."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from engine.games.one_world_dominion.base import AFTER_NEXT, NEXT_TURN, TURN_END
from renders import one_world_dominion as owd
from renders import palette, risk_map
from renders.text import CHAT_WIDTH, MIN_PX, recording
from tests.engine.one_world_dominion.helpers import position

NAMES = ["Zoë", "José", "李明", "🐙kraken"]
EFFECTS = [
    {"card": "ICBM", "by": "Zoë", "holder": "Zoë", "ends": AFTER_NEXT, "since": 1,
     "area": "Brazil"},
    {"card": "Fortification", "by": "José", "holder": "Zoë", "ends": TURN_END, "since": 1},
    {"card": "Shuttle Diplomacy", "by": "李明", "holder": "Zoë", "ends": NEXT_TURN,
     "since": 1, "players": ["José", "🐙kraken"]},
]


def busy(hands: dict[str, list[str]] | None = None) -> Any:
    """Four seats named in four scripts, the Rebels and the Mutant Horde, an empty area,
    an area sealed by ICBM and three lasting effects."""

    def edit(d: dict[str, Any]) -> None:
        d["neutrals"] = {"rebels-1": {"kind": "rebels", "creator": "José", "name": "Rebels"},
                         "mutants-2": {"kind": "mutants", "creator": "李明",
                                       "name": "Mutants"}}
        d["neutral_count"] = 2
        d["effects"] = [dict(e) for e in EFFECTS]
        d["delayed"] = {"José": 7}

    return position(NAMES, areas={"Peru": ("rebels-1", 6), "Siberia": ("mutants-2", 9),
                                  "Brazil": (None, 0), "Alberta": ("Zoë", 12)},
                    hands=hands, current="Zoë", step="attack", edit=edit)


def public(game: Any) -> dict[str, Any]:
    return json.loads(json.dumps(game.view(None)))  # exactly what the bot has: JSON


def picture(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_neutrals_sealed_and_empty_areas_on_the_map() -> None:
    """The Rebels and the Mutant Horde own their areas under their names, with their
    markers; an area no army may enter is marked blocked; an empty area has no owner."""
    drawn = owd.map_view(public(busy()))
    assert drawn["territories"]["Peru"] == {"owner": "Rebels", "armies": 6,
                                            "markers": ["rebel"]}
    assert drawn["territories"]["Siberia"] == {"owner": "Mutants", "armies": 9,
                                               "markers": ["mutant"]}
    assert drawn["territories"]["Brazil"] == {"owner": None, "armies": 0,
                                              "markers": ["blocked"]}
    assert list(drawn["players"]) == NAMES
    assert drawn["title"] == "One World Dominion - turn 1: Zoë, attacking"


def test_lasting_effects_in_words_in_the_legend() -> None:
    """Every effect in play: the card, who played it, where, and when it ends."""
    with recording() as texts:
        owd.render(public(busy()))
    seen = "\n".join(t.text for t in texts)
    assert "ICBM (Zoë): Brazil, until after Zoë's next turn." in seen
    assert "Fortification (José), until the end of Zoë's turn." in seen
    assert ("Shuttle Diplomacy (李明): José and 🐙kraken, for one game turn, until Zoë's "
            "next turn.") in seen
    assert "No army may enter: Brazil." in seen
    assert "Set aside by Saboteur until the next turn: José 7 armies." in seen
    assert "Rebels" in seen and "Mutants" in seen
    texts_drawn = {t.text for t in texts}
    assert {"rebels", "mutants", "blocked"} <= texts_drawn  # the key explains the markers
    assert not {"corporate tower", "Mom & Pop"} & texts_drawn  # and only this game's
    assert all(name in seen for name in NAMES)


def test_readable_at_chat_size_one_palette_encode_and_small() -> None:
    """Issue 14: needed text >= 9 px at 550 px wide, no missing glyph; issue 13: one
    palette PNG, at most 1600 px wide and 150 KB."""
    with recording() as texts:
        data = owd.render(public(busy()))
    image = picture(data)
    assert image.format == "PNG" and image.mode == "P"
    assert image.width <= 1600 and len(data) <= 150_000, (image.size, len(data))
    needed = [t for t in texts if t.needed]
    assert min(t.size for t in needed) * CHAT_WIDTH / image.width >= MIN_PX
    assert all(t.missing == [] for t in texts)


def test_seats_and_neutrals_stay_apart_for_colour_blind_players() -> None:
    """Issue 14: colours shown together stay apart under deuteranopia, protanopia and
    tritanopia (six seats and two neutrals, the most a game shows)."""
    colours = [palette.seat_colour(i, i) for i in range(6)] + list(risk_map.EXTRA[:2])
    distance, vision, a, b = palette.closest_pair(colours)
    assert distance >= palette.MIN_DISTANCE, (vision, a, b)


def test_the_image_is_the_same_whatever_anyone_holds() -> None:
    """Secrecy: two games that differ only in the cards in hand draw the same picture."""
    one = owd.render(public(busy({"Zoë": ["Mole"], "José": ["Fighters"]})))
    two = owd.render(public(busy({"Zoë": ["ICBM"], "José": ["Radar"]})))
    assert picture(one).tobytes() == picture(two).tobytes()


def test_classic_risk_and_the_setup() -> None:
    game = position(NAMES, options={"cards": "classic"}, current="José")
    assert owd.map_view(public(game))["title"] == \
        "RISK - turn 1: José, placing new armies"
    assert picture(owd.render(public(game))).width == 1600
