"""The standard RISK game (`cards=classic`), which One World Dominion follows "except when
superseded by these rules or by text on the new cards"."""

from __future__ import annotations

import pytest

from engine.games.one_world_dominion.setup import STARTING_ARMIES
from tests.engine.one_world_dominion.helpers import (
    ANN,
    BO,
    CY,
    MAP,
    SEATS,
    act,
    actions,
    choices,
    loaded,
    new,
    owner,
    position,
    private_to,
    public_texts,
    refused,
    verified,
)

CLASSIC = {"cards": "classic"}


def test_setup_claim_then_place_in_turns() -> None:
    """Classic RISK setup: 35/30/25/20 armies for 3/4/5/6 players; claim the areas one
    army at a time in turn, then place the rest one at a time."""
    game = new(**CLASSIC)
    first = game.order[0]
    assert game.reserve == {s: STARTING_ARMIES[3] for s in SEATS}
    assert list(game.prompts()) == [first]
    act(game, first, "claim", territory="kamchatka")
    assert owner(game, "Kamchatka") == first and game.reserve[first] == 34
    second = game.order[1]
    assert list(game.prompts()) == [second]
    refused(game, second, "claim", "Kamchatka is not one of the choices now", territory="Kamchatka")
    for _ in range(41):
        seat = next(iter(game.prompts()))
        act(game, seat, "claim", territory=choices(game, seat, "claim", "territory")[0])
    assert game.stage == "deploy"
    seat = next(iter(game.prompts()))
    refused(game, seat, "place", "1 to 1", territory=game.areas_of(seat)[0], count=2)
    act(game, seat, "place", territory=game.areas_of(seat)[0])
    verified(game)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_deal_gives_every_area_one_army(players: int) -> None:
    """Dealt areas: each gets one army; the rest are placed in turn."""
    seats = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    game = new(seats, start="deal", **CLASSIC)
    assert all(game.owner[t] is not None and game.armies[t] == 1 for t in MAP.territories)
    total = sum(game.reserve.values()) + 42
    assert total == STARTING_ARMIES[players] * players


def test_game_starts_with_the_first_placer_after_setup() -> None:
    game = new(start="deal", setup_batch=40, **CLASSIC)
    first = game.order[0]
    while game.stage != "play":
        seat = next(iter(game.prompts()))
        act(game, seat, "place", territory=game.areas_of(seat)[0], count=game.reserve[seat] if
            game.reserve[seat] <= 40 else 40)
    assert game.current == first and game.step == "reinforce"
    verified(game)


def test_reinforcements_territories_over_three_minimum_three() -> None:
    """Armies for areas: areas // 3, at least 3."""
    game = position(options=CLASSIC, areas={t: (BO, 3) for t in MAP.territories[:38]} |
                    {t: (ANN, 3) for t in MAP.territories[38:]})
    assert game.pending() == 3 + 2  # 4 areas: the minimum 3, plus Australia's 2
    game = position(options=CLASSIC)
    assert game.pending() == 14 // 3


def test_reinforcements_continent_bonus() -> None:
    """"+ the bonus of every continent held": South America 2."""
    game = position(options=CLASSIC, areas={t: (ANN, 2) for t in MAP.continents["South America"]})
    own = len(game.areas_of(ANN))
    assert game.pending() == max(3, own // 3) + 2


def test_place_only_in_own_areas_and_no_more_than_received() -> None:
    game = position(options=CLASSIC, areas={"Peru": (ANN, 2), "Brazil": (BO, 2)})
    refused(game, ANN, "place", "Brazil is not one of the choices now", territory="Brazil", count=1)
    refused(game, ANN, "place", "to place", territory="Peru", count=99)
    refused(game, ANN, "begin-attacks", "Place armies")
    n = game.pending()
    act(game, ANN, "place", territory="Peru", count=n)
    assert game.armies["Peru"] == 2 + n and "begin-attacks" in actions(game, ANN)


def test_attack_defender_chooses_dice_and_ties_go_to_defender(monkeypatch) -> None:
    """The attacker rolls 1 to 3 dice; the defender chooses 1 or 2 in a prompt; ties go to
    the defender."""
    game = position(options=CLASSIC, step="attack",
                    areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 3)})
    refused(game, ANN, "attack", "1 to 3", from_territory="Alaska", to_territory="Kamchatka",
            dice=4)
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    assert list(game.prompts()) == [BO] and choices(game, BO, "defend", "dice") == ["2", "1"]
    assert game.timeout_actions() == [(BO, "defend", {"dice": 2})]
    loaded(monkeypatch, [6, 4, 1], [6, 2])
    events = act(game, BO, "defend", dice=2)
    assert game.armies["Alaska"] == 4 and game.armies["Kamchatka"] == 2
    assert any("6-4-1 vs 6-2" in t for t in public_texts(events))


def test_conquest_moves_at_least_the_dice_rolled(monkeypatch) -> None:
    """After a conquest move in at least as many armies as dice rolled; one stays."""
    game = position(options=CLASSIC, step="attack",
                    areas={"Alaska": (ANN, 6), "Kamchatka": (BO, 1)})
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "defend", dice=1)
    assert owner(game, "Kamchatka") == ANN
    assert choices(game, ANN, "move", "count") == ["3", "4", "5"]
    refused(game, ANN, "move", count=2)
    act(game, ANN, "move", count=5)
    assert game.armies["Alaska"] == 1 and game.armies["Kamchatka"] == 5


def test_fortify_one_move_to_an_adjacent_own_area() -> None:
    """The free move: from one area to one adjacent area of yours, one army stays."""
    game = position(options=CLASSIC, step="attack",
                    areas={"Peru": (ANN, 4), "Brazil": (ANN, 1), "Argentina": (ANN, 1),
                           "Venezuela": (BO, 3)})
    refused(game, ANN, "fortify", "not yours", from_territory="Peru",
            to_territory="Venezuela", count=1)
    refused(game, ANN, "fortify", "one stays", from_territory="Peru", to_territory="Brazil",
            count=4)
    act(game, ANN, "fortify", from_territory="Peru", to_territory="Brazil", count=3)
    assert game.armies["Brazil"] == 4
    refused(game, ANN, "fortify", from_territory="Brazil", to_territory="Peru", count=1)
    assert actions(game, ANN) == ["end-turn"]


def test_a_card_for_a_turn_with_a_conquest(monkeypatch) -> None:
    """One card at the end of a turn in which you conquered at least one area."""
    game = position(options=CLASSIC, step="attack",
                    areas={"Alaska": (ANN, 3), "Kamchatka": (BO, 1)})
    loaded(monkeypatch, [6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=2)
    act(game, BO, "defend", dice=1)
    assert game.armies["Kamchatka"] == 2  # 2 dice, 3 armies: all but one move in
    events = act(game, ANN, "end-turn")
    assert len(game.hands[ANN]) == 1
    assert private_to(events, ANN)[0].data["hand"] == game.hands[ANN]
    game2 = position(options=CLASSIC, step="attack")
    act(game2, ANN, "end-turn")
    assert game2.hands[ANN] == []


def test_classic_sets_grow_in_value() -> None:
    """Sets traded in are worth 4, 6, 8, 10, 12, 15, then 5 more each."""
    hand = ["Alaska", "Alberta", "Western United States"]  # infantry x3
    game = position(options=CLASSIC, hands={ANN: hand})
    before = game.pending()
    act(game, ANN, "trade", cards=", ".join(hand))
    assert game.pending() == before + 4 and game.traded == 1


def test_elimination_takes_the_cards_and_trades_down(monkeypatch) -> None:
    """Eliminating a player gives you the cards; with 6 or more, trade sets at once."""
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Kamchatka": (BO, 1), "Alaska": (ANN, 4),
                                                       "Siam": (CY, 1)}
    game = position(options=CLASSIC, step="attack", areas=areas,
                    hands={ANN: ["Alaska", "Alberta", "Peru"],
                           BO: ["Western United States", "Brazil", "Congo"]})
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    events = act(game, BO, "defend", dice=1)
    assert BO in game.out and len(game.hands[ANN]) == 6
    assert any("takes 3 cards" in t for t in public_texts(events))
    assert actions(game, ANN) == ["trade"]
    act(game, ANN, "trade", cards=choices(game, ANN, "trade", "cards")[0])
    assert "place" in actions(game, ANN)


def test_victory_when_the_last_opponent_is_out(monkeypatch) -> None:
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Kamchatka": (BO, 1), "Alaska": (ANN, 4)}
    game = position(options=CLASSIC, step="attack", areas=areas)
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "defend", dice=1)
    assert game.finished and game.winners == [ANN]
    assert CY in game.out


def test_odds_are_a_private_query() -> None:
    """Exact odds, privately, not logged."""
    game = position(options=CLASSIC, step="attack", areas={"Alaska": (ANN, 4),
                                                           "Kamchatka": (BO, 2)})
    before = game.state()
    events = game.act(CY, "odds", from_territory="Alaska", to_territory="Kamchatka")
    assert events[0].audience == frozenset({CY}) and "attacker takes it" in events[0].text
    assert game.state() == before


def test_random_play_reaches_turns_and_replays() -> None:
    game = new(start="deal", setup_batch=40, **CLASSIC)
    import random

    from tests.engine.one_world_dominion.play import random_action
    rnd = random.Random(3)
    for _ in range(150):
        if game.finished:
            break
        seat, action, params = random_action(game, rnd)
        try:
            game.act(seat, action, **params)
        except Exception as exc:  # noqa: BLE001
            from engine import RuleError
            assert isinstance(exc, RuleError)
    assert game.turns >= 1
    verified(game)
    assert CY in game.seats


@pytest.mark.parametrize("stage", ["deploy", "play"])
def test_place_with_count_left_empty_places_one(stage: str) -> None:
    """The contract: `place`'s `count` left empty (None, as a slash command sends an unset
    option) places 1 army, as documented, instead of crashing."""
    if stage == "deploy":
        game = new(start="deal", setup_batch=5)
        seat = next(iter(game.prompts()))
    else:
        game = position()
        seat = ANN
    area = game.areas_of(seat)[0]
    before = game.armies[area]
    act(game, seat, "place", territory=area, count=None)
    assert game.armies[area] == before + 1
