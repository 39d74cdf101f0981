"""One World Dominion's card rules, each test quoting the rulebook section it pins."""

from __future__ import annotations

import pytest

from engine.games.one_world_dominion.cards import default_deck, read_deck, set_value
from tests.engine.one_world_dominion.helpers import (
    ANN,
    BO,
    CY,
    MAP,
    act,
    actions,
    armies,
    loaded,
    new,
    owner,
    pass_all,
    placed_all,
    play,
    position,
    public_texts,
    refused,
)

DECK = default_deck()


def cards_of(unit: str, count: int, *, but: tuple[str, ...] = ()) -> list[str]:
    return [c for c, i in DECK.items() if i.unit == unit and c not in but][:count]


@pytest.mark.parametrize(("units", "armies_for"), [
    (("artillery",) * 3, 6), (("infantry",) * 3, 9), (("helicopters",) * 3, 12),
    (("artillery", "infantry", "helicopters"), 9), (("wild", "helicopters", "helicopters"), 12),
    (("artillery", "artillery", "infantry"), 0)])
def test_turning_in_card_sets_fixed_values(units: tuple[str, ...], armies_for: int) -> None:
    """"3 Artillery 6 Armies, 3 Infantry 9, 3 Helicopters 12, 1 of Each 9" (a wild card
    stands for the symbol worth most)."""
    assert set_value(list(units)) == armies_for


def test_set_values_do_not_grow_and_named_areas_give_two_each() -> None:
    """"the number of armies you receive for a given card set is fixed" and "If 1 or more of
    the cards in a set name areas you control, you may place 2 additional armies in each of
    those areas.\""""
    first = cards_of("infantry", 3)
    second = cards_of("infantry", 3, but=tuple(first))
    named = [DECK[c].area for c in first]
    game = position(areas={a: (ANN, 1) for a in named[:2] if a},
                    hands={ANN: first + second})
    before = game.pending()
    events = act(game, ANN, "trade", cards=", ".join(first))
    assert game.pending() == before + 9
    assert [armies(game, a) for a in named[:2] if a] == [3, 3]
    assert not game.stack, "a set's cards are not played: no window"
    act(game, ANN, "trade", cards=", ".join(second))
    assert game.pending() == before + 18
    assert "window" not in [e.kind for e in events]


def test_playing_cards_singly_two_armies_no_matter_whose_turn() -> None:
    """"When you play a single card that names an area you control, you may immediately
    place 2 additional armies in that area—no matter whose turn it is.\""""
    game = position(step="start", areas={"Indonesia": (BO, 1)}, hands={BO: ["Haz-Gear"]})
    play(game, BO, "Haz-Gear")
    assert armies(game, "Indonesia") == 3


def test_when_to_play_a_card_by_letter_code() -> None:
    """"You may play a card only during its designated phase, and you may play only 1 card
    per phase.\""""
    game = position(hands={ANN: ["Orbital Laser", "National Guard", "Jihad"]})
    assert game.playable(ANN) == ["National Guard"]
    play(game, ANN, "National Guard", continent="Asia")
    assert game.playable(ANN) == []
    placed_all(game)
    act(game, ANN, "begin-attacks")
    assert game.playable(ANN) == ["Orbital Laser", "Jihad"]
    play(game, ANN, "Jihad")
    refused(game, ANN, "play", "can't play", card="Orbital Laser", area="Peru")


def test_during_another_players_turn_only_one_s_card() -> None:
    """"During another player's turn, you may play only 1 (S) and 1 (D) card.\""""
    game = position(step="start", areas={"Kamchatka": (CY, 3)},
                    hands={BO: ["Haz-Gear", "Mole"], ANN: ["Orbital Laser"], CY: ["Navy"]})
    play(game, BO, "Haz-Gear")
    pass_all(game)
    placed_all(game)
    act(game, ANN, "begin-attacks")
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    assert game.playable(BO) == [] and game.stack[-1]["awaiting"] == [CY]
    refused(game, BO, "play", "not your turn", card="Mole")


def test_hand_limit_five_cards_at_the_start_of_the_turn() -> None:
    """"If you start your turn with 5 or more cards, you must reduce the number of cards in
    your hand to 4 or less. So if you have exactly 5 cards, you may play 1 (P) card.\""""
    hand = ["National Guard", "Mole", "Navy", "Radar", "Fighters"]
    game = position(hands={ANN: hand}, edit=lambda d: d["turn"].update(limit=True))
    placed_all(game)
    refused(game, ANN, "begin-attacks", "come down to 4")
    play(game, ANN, "National Guard", continent="Asia")
    act(game, ANN, "begin-attacks")
    assert game.step == "attack"


def test_negating_cards_both_discarded_negated_player_gets_no_armies() -> None:
    """"discard both cards immediately ... The player of the negated card does not receive 2
    additional armies." "A negating card can not itself be negated.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 3), "Mongolia": (ANN, 1),
                                          "Japan": (CY, 1)},
                    hands={ANN: ["Orbital Laser"], CY: ["Killer Satellite"], BO: ["Mole"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    events = act(game, CY, "play", card="Killer Satellite")
    assert not game.stack and game.prompts() and list(game.prompts()) == [ANN]
    assert armies(game, "Mongolia") == 1 and armies(game, "Japan") == 3
    assert game.hands[BO] == ["Mole"]
    assert any("negates" in t for t in public_texts(events))


def test_negating_only_cards_played_against_you() -> None:
    """"Unless the negating card states otherwise, you can only negate a card that is played
    against you or an area you control.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 6)},
                    hands={ANN: ["Bombers"], CY: ["Fighters"]})
    act(game, ANN, "play", card="Bombers", area="Kamchatka")
    assert game.playable(CY) == []
    refused(game, CY, "play", "can't play", card="Fighters")


def _window_twin(cy_hand: list[str]) -> tuple[list[tuple[str, str]], dict, dict]:
    game = position(step="attack", areas={"Kamchatka": (BO, 6)},
                    hands={ANN: ["Bombers"], CY: cy_hand, BO: ["Navy"]})
    events = act(game, ANN, "play", card="Bombers", area="Kamchatka")
    public = [(e.kind, e.text) for e in events if e.public]
    return public, {s: [a.name for a in p.actions if a.name == "pass"]
                    for s, p in game.prompts().items()}, game.view(None)


def test_window_opens_the_same_whatever_anyone_holds() -> None:
    """Reaction windows (issue 17): "it opens in the same way ... whether or not a player
    holds a card that could answer" — the same seats are awaited, the same public events
    and public view, with Mole in a hand or without it."""
    with_mole = _window_twin(["Mole"])
    without = _window_twin(["United Nations"])
    assert with_mole == without
    assert sorted(with_mole[1]) == [BO, CY]


def test_windows_await_only_who_the_public_facts_entitle() -> None:
    """A player with no card (the count is public) or who has used the one (S) card of this
    turn and is not the card's target is not asked; the same whatever the cards are."""
    game = position(step="attack", areas={"Kamchatka": (BO, 3)},
                    hands={ANN: ["Orbital Laser"], BO: [], CY: ["Navy"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    assert game.stack[-1]["awaiting"] == [CY]
    game.offturn[CY] = ["S"]
    assert not game.entitled(CY, game.stack[-1])
    game.offturn[CY] = []
    game.hands[BO] = ["United Nations"]
    game.offturn[BO] = ["S"]
    assert game.entitled(BO, game.stack[-1]), "the target may still negate"


def test_turn_start_window_awaits_every_opponent_and_times_out() -> None:
    game = position(step="fortify", hands={ANN: ["Navy"], CY: ["Radar"]})
    act(game, ANN, "end-turn")
    assert game.current == BO and sorted(game.stack[-1]["awaiting"]) == [ANN, CY]
    assert sorted(game.timeout_actions()) == [(ANN, "pass", {}), (CY, "pass", {})]
    for seat, action, params in game.timeout_actions():
        act(game, seat, action, **params)
    assert game.step == "reinforce" and list(game.prompts()) == [BO]


def test_one_game_turn_ends_at_the_beginning_of_that_players_next_turn() -> None:
    """"place that card in front of the player whose turn it is when the card is played.
    Then, at the beginning of that player's next turn, remove the card.\""""
    game = position(step="start", hands={BO: ["Haz-Gear"]})
    play(game, BO, "Haz-Gear")
    assert game.effects[0]["holder"] == ANN
    pass_all(game)
    for seat in (ANN, BO):
        placed_all(game)
        act(game, seat, "end-turn")
        assert game.has_hazgear(BO)
        pass_all(game)
    placed_all(game)
    act(game, CY, "end-turn")
    assert game.current == ANN and not game.has_hazgear(BO)


def test_committed_attack_must_leave_one_behind_and_goes_on(monkeypatch) -> None:
    """"The number of armies you commit must be at least 1 less than the number of armies in
    the area you are attacking out of ... you must continue the attack until all opposing
    armies or all committed armies are eliminated.\""""
    game = position(step="attack", areas={"Brazil": (ANN, 4), "Siam": (BO, 3)},
                    hands={ANN: ["Paratroops"]})
    refused(game, ANN, "play", "Commit 1 to 3", card="Paratroops", area="Brazil",
            to_area="Siam", count=4)
    loaded(monkeypatch, [1, 1], [6, 6])
    play(game, ANN, "Paratroops", area="Brazil", to_area="Siam", count=2)
    act(game, BO, "defend", dice=2)
    assert game.battle["committed"] == 0 and not game.stack
    assert armies(game, "Brazil") == 2


def test_randomly_chosen_area_kamchatka_count_off(monkeypatch) -> None:
    """"if the Mutant Horde is attacking out of Kamchatka, you would count off 'Alaska, 1;
    Japan, 2; Mongolia, 3; Irkutsk, 4; Yakutsk, 5' ... if the result is 6 you would continue
    to roll the die until the result is 5 or less.\""""
    game = position()
    assert game.count_off_order("Kamchatka") == ["Alaska", "Japan", "Mongolia", "Irkutsk",
                                                 "Yakutsk"]
    from engine.rng import Rng
    loaded(monkeypatch, [6], [6], [4])
    rng = Rng("k", "0")
    assert game.count_off("Kamchatka", rng) == "Irkutsk"
    assert [x["values"] for x in rng.luck] == [[6], [6], [4]]


def test_involuntary_attack_eight_or_more_move_half(monkeypatch) -> None:
    """"During each round of an involuntary attack, the attacker must roll the maximum
    allowable number of dice ... If 8 or more attacking armies capture an area, 1/2 of the
    armies, rounded down, must move into the area.\""""
    game = position(areas={"Kamchatka": (BO, 9), "Japan": (CY, 1)},
                    hands={ANN: ["Provocateur"]})
    loaded(monkeypatch, [6, 6, 6], [1])
    play(game, ANN, "Provocateur", area="Kamchatka", to_area="Japan")
    assert armies(game, "Japan") == 4 and armies(game, "Kamchatka") == 5


def test_empty_area_no_continent_bonus_and_captured_automatically() -> None:
    """"You do not receive an army bonus for a continent that has an empty area. You may
    attack an empty area and capture it automatically. For the purpose of drawing a card,
    this counts as capturing a area.\""""
    australia = MAP.continents["Australia"]
    game = position(step="attack", areas={australia[0]: (None, 0)} |
                    {t: (ANN, 3) for t in australia[1:]} | {"Siam": (ANN, 3)})
    assert "Australia" not in game.map.continents_held(game.areas_of(ANN))
    act(game, ANN, "attack", from_territory="Siam", to_territory=australia[0], dice=2)
    assert owner(game, australia[0]) == ANN and game.turn["conquered"]


def test_card_errata_ebola_four_or_five_only_the_drawn_continent(monkeypatch) -> None:
    """Errata: "If the die roll is 4 or 5, the target area is affected only if it is on the
    randomly selected continent.\""""

    def top(d: dict) -> None:
        d["pile"].remove("Mole")
        d["pile"].append("Mole")  # East Africa: Africa

    game = position(step="attack", areas={"Kamchatka": (BO, 8), "Egypt": (CY, 5)},
                    hands={ANN: ["Ebola"]}, edit=top)
    loaded(monkeypatch, [4])
    play(game, ANN, "Ebola", area="Kamchatka")
    assert armies(game, "Kamchatka") == 8 and armies(game, "Egypt") == 3


def test_card_errata_round_down(monkeypatch) -> None:
    """Errata: "When you remove or replace 1/2 the armies in an area, and there is an odd
    number, leave the extra army in the area.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 2), "Kamchatka": (BO, 5)},
                    hands={ANN: ["Nerve Gas"]})
    loaded(monkeypatch, [1])
    play(game, ANN, "Nerve Gas", area="Kamchatka")
    assert armies(game, "Kamchatka") == 3


def test_card_errata_saboteur_only_before_the_set() -> None:
    """Errata: "You must play the Saboteur card against another player before he or she
    turns in a card set." The Saboteur is played in the window at the beginning of the
    turn; once the placing has begun there is no window for it."""
    game = position(step="start", hands={BO: ["Saboteur"]})
    pass_all(game)
    assert game.playable(BO) == []
    refused(game, BO, "play", "not your turn", card="Saboteur")


def test_opponents_in_the_same_area_fight_before_normal_attacks(monkeypatch) -> None:
    """"all of your armies in the area must attack the opposing armies in the area ... all
    of your attacks against armies within the same area must be resolved before ... any
    normal attacks" (here: a guerrilla placed among Bo's armies)."""
    game = position(areas={t: (BO, 1) for t in MAP.continents["Australia"]},
                    hands={ANN: ["Guerillas"]})
    play(game, ANN, "Guerillas", continent="Australia")
    placed_all(game)
    loaded(monkeypatch, [1], [6], [1], [6], [1], [6], [1], [6])
    events = act(game, ANN, "begin-attacks")
    assert sum("wiped out" in t for t in public_texts(events)) == 4


def test_out_of_the_game_by_a_card_discards_the_hand() -> None:
    """"If you go out of the game for any reason other than an opponent capturing your last
    remaining area, you must place your cards in the discard pile.\""""
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Kamchatka": (BO, 1), "Siam": (CY, 2)}
    game = position(step="attack", areas=areas, hands={ANN: ["Orbital Laser"],
                                                       BO: ["Mole", "Navy"]})
    play(game, ANN, "Orbital Laser", area="Kamchatka")
    assert BO in game.out and {"Mole", "Navy"} <= set(game.discards)


def test_a_groups_own_deck_is_read_from_data() -> None:
    """OWD-1: "Keep the deck as data so that a group can load its own printing.\""""
    import json

    from engine.errors import Unreadable
    data = [i.to_json() for i in DECK.values()]
    data[0]["area"], data[1]["area"] = data[1]["area"], data[0]["area"]
    game = new(deck=json.dumps({"cards": data}))
    assert game.deck_info["Artillery"].area == "Eastern Australia"
    with pytest.raises(Unreadable):
        read_deck([{"action": "Moon Base", "code": "A", "area": "Peru", "unit": "infantry"}])
    assert actions(game, game.order[0]) == ["claim"]


def test_a_card_window_that_times_out_lets_the_card_act() -> None:
    """At the window's deadline everyone still awaited passes, and the card takes effect."""
    game = position(step="attack", areas={"Kamchatka": (BO, 3)},
                    hands={ANN: ["Orbital Laser"], BO: ["Mole"], CY: ["Navy"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    act(game, CY, "pass")
    assert game.timeout_actions() == [(BO, "pass", {})]
    for seat, action, params in game.timeout_actions():
        act(game, seat, action, **params)
    assert armies(game, "Kamchatka") == 2 and game.hands[BO] == ["Mole"]


def test_the_classic_game_has_no_windows() -> None:
    """`cards=classic`: the standard game, no card is played singly, no window opens."""
    game = position(step="fortify", options={"cards": "classic"})
    act(game, ANN, "end-turn")
    assert game.current == BO and game.step == "reinforce" and not game.stack


def test_involuntary_attack_defender_may_play_one_d_card(monkeypatch) -> None:
    """"The attacker may play 1 (A) card, and the defender may play 1 (D) card during an
    involuntary attack." A window opens for the two sides before the dice roll."""
    game = position(areas={"Kamchatka": (BO, 3), "Japan": (CY, 1)},
                    hands={ANN: ["Provocateur"], CY: ["Fortification"]})
    act(game, ANN, "play", card="Provocateur", area="Kamchatka", to_area="Japan")
    act(game, CY, "pass")  # the Provocateur's own window
    assert game.stack[-1]["reason"] == "involuntary" and game.stack[-1]["awaiting"] == [CY]
    loaded(monkeypatch, [6, 6], [5], [6], [5])
    act(game, CY, "play", card="Fortification")
    assert owner(game, "Japan") == CY and armies(game, "Kamchatka") == 1
    assert not game.stack and game.battle is None


def test_cards_and_sets_are_read_forgivingly() -> None:
    """Players type card names in any case, by their start, and a set in any order."""
    first = cards_of("infantry", 3)
    game = position(hands={ANN: first + ["National Guard"]})
    act(game, ANN, "trade", cards=", ".join(reversed([c.lower() for c in first])))
    assert len(game.hands[ANN]) == 1
    act(game, ANN, "play", card="national", continent="asia")
    assert game.discards[-1] == "National Guard"


WEATHER = {"card": "Weather Control", "by": ANN, "holder": ANN, "ends": "one game turn",
           "since": 1}


def test_weather_control_no_involuntary_attack_across_a_sea_lane(monkeypatch) -> None:
    """Weather Control: "prevent attacks ... across *all* sea lanes for 1 game turn", the
    involuntary ones too ("Involuntary Attack"): Provocateur can't order one, and Mad Cow
    Disease's insane armies counting off Alaska from Kamchatka do not attack."""
    game = position(areas={"Kamchatka": (BO, 6), "Alaska": (CY, 2), "Mongolia": (ANN, 2)},
                    hands={ANN: ["Provocateur", "Mad Cow Disease"]},
                    edit=lambda d: d["effects"].append(dict(WEATHER)))
    refused(game, ANN, "play", "Weather Control", card="Provocateur", area="Kamchatka",
            to_area="Alaska")
    loaded(monkeypatch, [1], [6, 6, 6], [1, 1])
    events = play(game, ANN, "Mad Cow Disease", area="Kamchatka")
    assert armies(game, "Kamchatka") == 6 and owner(game, "Alaska") == CY
    assert any("Weather Control closes the sea lanes" in t for t in public_texts(events))


def test_involuntary_capture_of_the_last_area_takes_the_cards(monkeypatch) -> None:
    """Trading and Capturing Cards: a player gives its cards to an opponent "capturing your
    last remaining area", and discards them only when out "for any reason other than" that:
    Bo's armies, forced by Provocateur, capture Cy's last area and take Cy's cards."""
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Kamchatka": (BO, 9), "Japan": (CY, 1)}
    game = position(areas=areas, hands={ANN: ["Provocateur"], CY: ["Mole", "Navy"]})
    loaded(monkeypatch, [6, 6, 6], [1])
    play(game, ANN, "Provocateur", area="Kamchatka", to_area="Japan")
    pass_all(game)
    assert CY in game.out and sorted(game.hands[BO]) == ["Mole", "Navy"]


@pytest.mark.parametrize(("taker", "forced"), [(["Mole", "Navy"], False),
                                                (["Mole", "Navy", "Jihad"], True)])
def test_taking_cards_forces_a_turn_in_from_six_cards(monkeypatch, taker: list[str],
                                                      forced: bool) -> None:
    """Standard RISK, which One World Dominion does not supersede here: "If receiving them
    gives you 6 or more cards, you must immediately trade in enough sets to reduce your hand
    to 4 or fewer." With 5 nothing is forced (the hand limit waits for the next turn)."""
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Kamchatka": (BO, 1), "Alaska": (ANN, 4),
                                                       "Siam": (CY, 1)}
    game = position(step="attack", areas=areas,
                    hands={ANN: taker, BO: ["Fighters", "Fast Rail", "Radar"]})
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "defend", dice=1)
    assert BO in game.out and len(game.hands[ANN]) == len(taker) + 3
    assert any(d["kind"] == "trade-down" for d in game.stack) is forced
    assert ("trade" in actions(game, ANN)) is forced


def test_a_deck_nested_beyond_reason_is_refused_in_words() -> None:
    """OWD-1's deck as data: a `deck` option nested thousands deep is refused as unreadable
    (a RuleError), not a crash of the game's creation."""
    from engine.errors import Unreadable
    with pytest.raises(Unreadable, match="nests its values too deeply"):
        new(deck="[" * 2900 + "]" * 2900)
