"""Revenge of the Dictators' map, drawn from the public view only (issue 26: "the map image
(North America, meeples, roadblocks, no-fly zones, nuclear zones, DEFCON, the President),
readable at 550 px"; "no public event, view or image shows a nuclear zone card or a hand")."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from renders import dictators as picture_of
from renders.text import CHAT_WIDTH, MIN_PX, recording
from tests.engine.dictators.helpers import position

NAMES = ["Zoë", "José", "李明", "🐙kraken"]


def busy(hands: dict[str, list[str]] | None = None, swap_bases: bool = False) -> Any:
    """Four seats named in four scripts; DEFCON 2; a no-fly zone and two roadblocks; the
    Trident on the board with 3 warheads; Zoë in Washington D.C. with a base disarmed."""
    def edit(d: dict[str, Any]) -> None:
        d["no_fly"] = ["Central"]
        d["roadblocks"] = [["Indiana", "Ohio"], ["Kansas", "Oklahoma"]]
        warheads = [d["token_supply"].pop() for _ in range(3)]
        d["trident"] = {"state": "on board", "warheads": warheads, "disarmed_by": []}
        d["defcon"] = 2
        next(c for c in d["nz"]["Zoë"] if c["zone"] == 2)["disarmed"] = True
        d["tokens"]["José"] = [d["token_supply"].pop()]
        if swap_bases:  # other face-down cards and token numerals: secrets only
            for seat in ("José", "李明"):
                card = d["nz"][seat][0]
                deck = d["zone_decks"][str(card["zone"])]
                deck[0], card["base"] = card["base"], deck[0]
            d["tokens"]["José"], d["token_supply"][0] = [d["token_supply"][0]], \
                d["tokens"]["José"][0]
    return position(NAMES, at={"Zoë": "Washington D.C.", "José": "Gulf of Mexico",
                               "李明": "Ohio"}, hands=hands, edit=edit,
                    dictators={"Zoë": "Shaky", "José": "Bolo", "李明": "Gordo",
                               "🐙kraken": "Kim"})


def public(game: Any) -> dict[str, Any]:
    return json.loads(json.dumps(game.view(None)))  # exactly what the bot has: JSON


def test_the_picture_shows_the_board_the_meeples_and_the_alerts() -> None:
    with recording() as texts:
        data = picture_of.render(public(busy()))
    seen = [t.text for t in texts]
    assert "NO-FLY ZONE: CENTRAL" in seen and "TRIDENT: 3 warheads" in seen
    assert seen.count("X") == 2  # the roadblocks
    assert "DEFCON" in seen and all(str(n) in seen for n in range(1, 6))
    assert {"PACIFIC TIME", "MOUNTAIN TIME", "CENTRAL TIME", "EASTERN TIME"} <= set(seen)
    assert "DC" in seen and seen.count("?") == 9  # every zone 4 base still has its token
    assert {"A", "B", "C", "D"} <= set(seen)  # the meeples, lettered
    table = "\n".join(seen)
    assert "Zoë (" in table and "at Washington D.C." in table
    assert "the President needs 18" in table
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P" and image.width == picture_of.WIDTH


def test_no_hand_no_face_down_card_and_no_token_reaches_the_picture() -> None:
    """Twins that differ only in their secrets (the hands, face-down Nuclear Zone cards and a
    token's numeral) give the same picture, byte for byte."""
    one = busy(hands={"Zoë": ["Veto", "Amtrak"], "José": ["Hacker"]})
    two = busy(hands={"Zoë": ["Road Trip", "EMP"], "José": ["Sabotage"]}, swap_bases=True)
    assert public(one) == public(two)
    assert picture_of.render(public(one)) == picture_of.render(public(two))


def test_readable_at_chat_size() -> None:
    """Every text a player needs is at least 9 px tall when the picture is shown 550 px
    wide; labels are decoration only where the same is said elsewhere."""
    with recording() as texts:
        data = picture_of.render(public(busy()))
    image = Image.open(io.BytesIO(data))
    needed = [t for t in texts if t.needed]
    assert min(t.size for t in needed) * CHAT_WIDTH / image.width >= MIN_PX
    assert len(data) <= 150_000 and image.width <= 1600


def test_a_groups_own_map_is_drawn() -> None:
    """The map comes from the game's data: a group's printing with other positions draws
    there."""
    import engine
    from engine.games.dictators.datafiles import default_files
    files = {name: json.loads(text) for name, text in default_files()}
    for loc in files["map"]["locations"]:
        loc["x"] = 1000 - loc["x"]  # a mirrored board
    game = engine.new_game("dictators", NAMES[:2], seed="mirror",
                           options={"data": json.dumps({"map.json": files["map"]})})
    view = json.loads(json.dumps(game.view(None)))
    assert picture_of.render(view) != picture_of.render({**view, "options": {
        **view["options"], "data": ""}})
