"""The data files: the DEFAULT set labelled as such, a group's own printing as the `data`
option, and a malformed file refused naming the file, the entry and the field (issue 26:
"A malformed data file fails with a message naming the file, the entry and the field")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine import RuleError
from engine.games.dictators.datafiles import data_from_text, default_files
from engine.games.dictators.schema import FILES, read_type
from engine.registry import check_options
from tests.engine.dictators.helpers import ANN, BO, act, position

DEFAULT = {name: json.loads(text) for name, text in default_files()}


def refusal(name: str, change: Any) -> str:
    """The refusal of the default set with file `name` changed by `change(file)`."""
    changed = json.loads(json.dumps(DEFAULT[name]))
    change(changed)
    with pytest.raises(RuleError) as caught:
        data_from_text(json.dumps({name: changed}))
    return caught.value.message


def entry(items: list[dict[str, Any]], key: str, value: Any) -> dict[str, Any]:
    return next(i for i in items if i.get(key) == value)


def test_every_default_file_says_it_is_the_projects_own_default() -> None:
    assert sorted(DEFAULT) == sorted(FILES)
    for name, data in DEFAULT.items():
        assert data["note"].startswith("DEFAULT data set of the Croupier project's own making"), \
            name


@pytest.mark.parametrize(("name", "change", "expected"), [
    ("map", lambda d: entry(d["locations"], "id", "Ohio").update(zone=7),
     "map.json (the data option), location “Ohio”: “zone” is 7, but a nuclear zone is 1 to 4."),
    ("map", lambda d: entry(d["locations"], "id", "Ohio").update(time_zone="Lunar"),
     "map.json (the data option), location “Ohio”: “time_zone” is “Lunar”, which is not a "
     "time zone of the map."),
    ("map", lambda d: d["roads"].append({"between": ["Ohio", "Atlantis"]}),
     "map.json (the data option), road Ohio - Atlantis: “between #2” is “Atlantis”, which is "
     "not a location of the map."),
    ("command", lambda d: entry(d["cards"], "name", "Amtrak").update(cost=5),
     "command.json (the data option), card “Amtrak”: “cost” is 5, but a card's cost in actions "
     "is 0 to 3."),
    ("command", lambda d: entry(d["cards"], "name", "Amtrak")["effect"].update(kind="warp"),
     "command.json (the data option), card “Amtrak”: “effect › kind” is “warp”, which is not "
     "an effect kind this game knows (docs/dictators.md lists them)."),
    ("command", lambda d: entry(d["cards"], "name", "Veto").update(when="lunch"),
     "command.json (the data option), card “Veto”: “when” is “lunch”, which is not a moment "
     "(move, card, disarm or any)."),
    ("command", lambda d: entry(d["cards"], "name", "Black Market")["abilities"][0].update(
        cost="two"),
     "command.json (the data option), card “Black Market”: “abilities #1 › cost” must be a "
     "whole number, not “two”."),
    ("founding_fathers", lambda d: entry(d["cards"], "name", "John Jay")["effects"][0].update(
        n=9),
     "founding_fathers.json (the data option), Founding Father “John Jay”: “effects #1 › n” "
     "is 9, but the least disarm roll that succeeds is 1 to 6."),
    ("defcon", lambda d: d["levels"][0]["effects"][1]["roads"].append(["Ohio", "Maine"]),
     "defcon.json (the data option), level “4”: “effects #2 › roads #4” is not a road of the "
     "map."),
    ("presidential", lambda d: entry(d["cards"], "name", "OOPS").pop("present"),
     "presidential.json (the data option), Presidential card “OOPS”: “present” is missing."),
    ("dictators", lambda d: entry(d["dictators"], "name", "Kim").update(colour="red"),
     "dictators.json (the data option), dictator “Kim”: “colour” is not a field here (the "
     "fields are name, title, text, ability)."),
    ("nuclear_zones", lambda d: d["zones"][1]["bases"].append("Ohio"),
     "nuclear_zones.json (the data option), zone “2”: “bases #13” is Ohio, which lies in zone "
     "3 on the map, not in zone 2."),
])
def test_a_malformed_file_is_refused_naming_the_file_the_entry_and_the_field(
        name: str, change: Any, expected: str) -> None:
    assert refusal(name, change) == expected


def test_an_unknown_file_or_unreadable_json_is_refused_in_words() -> None:
    with pytest.raises(RuleError, match="names a file “maps.json”; the data files are"):
        data_from_text(json.dumps({"maps.json": {}}))
    with pytest.raises(RuleError, match="The data option is not valid JSON"):
        data_from_text("{not json")
    with pytest.raises(RuleError, match="map.json"):
        check_options("dictators", {"data": json.dumps({"map.json": {"locations": []}})})


def test_a_groups_own_printing_replaces_a_file() -> None:
    """The `data` option (like One World Dominion's `deck`): a group's own command cards, the
    rest from the default set. "Possession" and "Bezitting" are read as Asset."""
    command = json.loads(json.dumps(DEFAULT["command"]))
    entry(command["cards"], "name", "Black Market")["type"] = "Bezitting"
    entry(command["cards"], "name", "Private Jet")["type"] = "Possession"
    entry(command["cards"], "name", "Amtrak").update(copies=10)
    text = json.dumps({"command.json": command})
    game = engine.new_game("dictators", [ANN, BO], seed="group", options={"data": text})
    assert game.data.command["Black Market"].type == "asset"
    assert game.data.command["Black Market"].type_name == "Asset"
    everywhere = game.command + game.command_discards + [c for h in game.hands.values()
                                                         for c in h]
    assert everywhere.count("Amtrak") == 10
    assert game.view(None)["data"] == "group"


def test_asset_on_screen_and_possession_or_bezitting_accepted_in_typed_input() -> None:
    """Reference, "the English edition's names": "use “Asset” in the game and its docs, and
    accept “Possession” and “Bezitting” as aliases"."""
    assert read_type("Possession") == read_type("bezitting") == read_type("ASSET") == "asset"
    game = position([ANN, BO], hands={ANN: ["Campaign Fund"], BO: []})
    [prompt] = [p for p in game.prompts().values()]
    play = prompt.action("play")
    assert play is not None and play.params[0].choices[0].label == "Campaign Fund (Asset, 1 action)"
    act(game, ANN, "play", card="Possession: Campaign Fund")
    assert game.assets_of(ANN) == ["Campaign Fund"]
    [listing] = game.act(ANN, "cards", kind="bezitting")
    assert listing.text.startswith("Black Market (Asset, 1 action, 1x)")
    assert "Amtrak" not in listing.text


def test_an_attached_file_is_named_in_each_refusal() -> None:
    """Issue 26: "A malformed data file fails with a message naming the file, the entry and
    the field", for a file a group attaches (`/dict data`): one data file named as such,
    or a whole set; a file given before is told apart from the one just attached."""
    from engine.games.dictators.datafiles import with_upload

    bad_map = json.loads(json.dumps(DEFAULT["map"]))
    entry(bad_map["locations"], "id", "Ohio")["zone"] = 7
    with pytest.raises(RuleError) as caught:
        with_upload("", json.dumps(bad_map).encode(), "map.json")
    assert caught.value.message == ("map.json, location “Ohio”: “zone” is 7, but a nuclear "
                                    "zone is 1 to 4.")
    with pytest.raises(RuleError) as caught:
        with_upload("", json.dumps({"map.json": bad_map}).encode(), "our printing.json")
    assert caught.value.message.startswith("map.json (in our printing.json), location “Ohio”")
    for raw, why in ((b"{", "The file x.json is not valid JSON (line 1"),
                     (b"[1]", "The file x.json must hold one data file"),
                     (b'{"rules.json": {}}', "The file x.json names a file “rules.json”")):
        with pytest.raises(RuleError) as caught:
            with_upload("", raw, "x.json")
        assert caught.value.message.startswith(why), caught.value.message
    # A sound command.json, then a zones file that breaks nothing of it: both kept.
    command = json.loads(json.dumps(DEFAULT["command"]))
    entry(command["cards"], "name", "Amtrak")["text"] = "Ride the rails."
    option = with_upload("", json.dumps(command).encode(), "command.json")
    assert data_from_text(option).command["Amtrak"].text == "Ride the rails."
    zones = json.loads(json.dumps(DEFAULT["nuclear_zones"]))
    option = with_upload(option, json.dumps(zones).encode(), "nuclear_zones.json")
    assert sorted(json.loads(option)) == ["command", "nuclear_zones"]
    # A map that moves a base the zones given before list: that file is the one named.
    moved = json.loads(json.dumps(DEFAULT["map"]))
    zone_1 = entry(zones["zones"], "zone", 1)["bases"][0]
    entry(moved["locations"], "id", zone_1)["zone"] = 2
    with pytest.raises(RuleError) as caught:
        with_upload(option, json.dumps(moved).encode(), "map.json")
    assert caught.value.message.startswith("nuclear_zones.json (given before), zone “1”: "
                                           f"“bases #1” is {zone_1}, which lies in zone 2")
