"""Neutral players: the Rebels and the Mutant Horde ("Special Results: Neutral Players")."""

from __future__ import annotations

from typing import Any

from tests.engine.one_world_dominion.helpers import (
    ANN,
    BO,
    CY,
    act,
    armies,
    loaded,
    owner,
    pass_all,
    placed_all,
    play,
    position,
    refused,
)


def with_neutral(kind: str, creator: str, areas: dict[str, int]) -> Any:
    def edit(d: dict[str, Any]) -> None:
        key = f"{kind}-1"
        d["neutrals"][key] = {"kind": kind, "creator": creator,
                              "name": "Rebels" if kind == "rebels" else "Mutants"}
        d["neutral_count"] = 1
        for area, n in areas.items():
            d["owner"][area] = key
            d["armies"][area] = n
    return edit


def end_turns(game: Any, *seats: str) -> None:
    for seat in seats:
        pass_all(game)
        placed_all(game)
        act(game, seat, "end-turn")


def test_rebels_split_three_armies_as_evenly_as_possible(monkeypatch) -> None:
    """"divide the 3 armies they receive each turn to make the number of armies in each area
    as equal as possible. To place an odd army, roll a die to randomly select a rebel
    area.\""""
    game = position(current=CY, step="fortify",
                    edit=with_neutral("rebels", ANN, {"Peru": 1, "Brazil": 2}))
    loaded(monkeypatch, [2])
    act(game, CY, "end-turn")  # Ann's turn: the rebels grow first
    assert (armies(game, "Peru"), armies(game, "Brazil")) == (3, 3)


def test_rebels_never_attack_and_have_no_seat() -> None:
    """"The rebels will not voluntarily attack any other player.\""""
    game = position(edit=with_neutral("rebels", ANN, {"Peru": 9}))
    assert "rebels-1" not in game.seats
    end_turns(game, ANN, BO, CY)
    assert armies(game, "Peru") == 12 and owner(game, "Peru") == "rebels-1"


def test_mutant_horde_count_off_from_kamchatka_rerolls_six(monkeypatch) -> None:
    """"if the Mutant Horde is attacking out of Kamchatka ... if the result is 6 you would
    continue to roll the die until the result is 5 or less.\""""
    game = position(step="fortify", areas={"Yakutsk": (BO, 1)},
                    edit=with_neutral("mutants", ANN, {"Kamchatka": 5}))
    loaded(monkeypatch, [6], [5], [6, 6, 6], [1])
    act(game, ANN, "end-turn")
    assert owner(game, "Yakutsk") == "mutants-1" and armies(game, "Yakutsk") == 6
    assert owner(game, "Kamchatka") is None


def test_mutants_stop_with_one_army_left(monkeypatch) -> None:
    """"They continue the attack until they have only 1 army left or the defender is
    eliminated. After the attack, all defending armies killed by mutants join the
    mutants.\""""
    game = position(step="fortify", areas={"Alaska": (BO, 9)},
                    edit=with_neutral("mutants", ANN, {"Kamchatka": 3}))
    # Count-off 1: Alaska. 6-2 vs 1-1 kills 2; 1-1 vs 6-6 leaves the mutants 1 army,
    # and the 2 they killed join them.
    loaded(monkeypatch, [1], [6, 2], [1, 1], [1, 1], [6, 6])
    act(game, ANN, "end-turn")
    assert armies(game, "Kamchatka") == 3 and armies(game, "Alaska") == 7


def test_mutants_never_rebel_or_negotiate() -> None:
    """"Mutants never rebel" and "a mutant horde may not be named as 1 of the 2 players.\""""
    game = position(edit=with_neutral("mutants", CY, {"Kamchatka": 3}),
                    hands={ANN: ["Rebellion"], BO: []})
    refused(game, ANN, "play", "Mutants never rebel", card="Rebellion", area="Kamchatka")
    game = position(edit=with_neutral("mutants", CY, {"Kamchatka": 3}),
                    hands={ANN: ["Shuttle Diplomacy"]})
    refused(game, ANN, "play", "never negotiate", card="Shuttle Diplomacy", player="Mutants",
            other_player="Bo")


def test_neutrals_need_not_be_eliminated_to_win(monkeypatch) -> None:
    """"You are not required to eliminate neutral players to win the game.\""""
    from tests.engine.one_world_dominion.helpers import MAP
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Alaska": (ANN, 4), "Kamchatka": (BO, 1),
                                                       "Peru": ("rebels-1", 3)}

    def edit(d: dict[str, Any]) -> None:
        d["neutrals"]["rebels-1"] = {"kind": "rebels", "creator": ANN, "name": "Rebels"}

    game = position(step="attack", areas=areas, edit=edit)
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "defend", dice=1)
    assert game.finished and game.winners == [ANN] and owner(game, "Peru") == "rebels-1"


def test_neutrals_are_affected_by_card_play() -> None:
    """"Unless the card states otherwise, neutral players are affected by card play just as
    normal players are.\""""
    game = position(step="attack", edit=with_neutral("rebels", BO, {"Peru": 3}),
                    hands={ANN: ["Orbital Laser"]})
    play(game, ANN, "Orbital Laser", area="Peru")
    assert armies(game, "Peru") == 2 and game.view(None)["board"]["Peru"]["owner"] == "rebels-1"


TOXIC = {"card": "Toxic Waste", "by": CY, "holder": CY, "ends": "one game turn", "since": 1,
         "area": "Kamchatka"}
WEATHER = {"card": "Weather Control", "by": CY, "holder": CY, "ends": "one game turn",
           "since": 1}


def with_effect(edit: Any, effect: dict[str, Any]) -> Any:
    def both(d: dict[str, Any]) -> None:
        edit(d)
        d["effects"].append(dict(effect))
    return both


def test_toxic_waste_no_mutant_attack_out_of_the_area(monkeypatch) -> None:
    """Toxic Waste: "No army may enter or leave this area, no army may attack into or out of
    this area ... for 1 game turn": the Mutant Horde in it does not attack."""
    game = position(areas={"Japan": (CY, 2)},
                    edit=with_effect(with_neutral("mutants", ANN, {"Kamchatka": 6}), TOXIC))
    loaded(monkeypatch, [2], [6, 6, 6], [1, 1])
    placed_all(game)
    events = act(game, ANN, "end-turn")
    assert owner(game, "Japan") == CY and armies(game, "Japan") == 2
    assert owner(game, "Kamchatka") == "mutants-1" and armies(game, "Kamchatka") == 6
    assert any("can't leave the Toxic Waste" in e.text for e in events)


def test_weather_control_no_mutant_attack_across_a_sea_lane(monkeypatch) -> None:
    """Weather Control: "prevent attacks or free moves across *all* sea lanes for 1 game
    turn": mutants counting off Alaska from Kamchatka (a sea lane) do not attack."""
    game = position(areas={"Alaska": (CY, 2)},
                    edit=with_effect(with_neutral("mutants", ANN, {"Kamchatka": 6}), WEATHER))
    loaded(monkeypatch, [1], [6, 6, 6], [1, 1])
    placed_all(game)
    events = act(game, ANN, "end-turn")
    assert owner(game, "Alaska") == CY and armies(game, "Kamchatka") == 6
    assert any("Weather Control closes the sea lanes" in e.text for e in events)


def test_toxic_waste_rebels_grow_only_outside_the_area(monkeypatch) -> None:
    """Toxic Waste: "no new army may be placed into this area": the rebels' 3 armies go to
    their other areas."""
    game = position(step="fortify", edit=with_effect(
        with_neutral("rebels", BO, {"Kamchatka": 1, "Peru": 5}), TOXIC))
    act(game, ANN, "end-turn")
    assert armies(game, "Kamchatka") == 1 and armies(game, "Peru") == 8
