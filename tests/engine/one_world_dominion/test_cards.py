"""Every One World Dominion card's action, one test (at least) per card, named after it.
Each docstring quotes the card's text (rules/one-world-dominion.md)."""

from __future__ import annotations

import pytest

from tests.engine.one_world_dominion.helpers import (
    ANN,
    BO,
    CY,
    MAP,
    act,
    actions,
    armies,
    choices,
    loaded,
    of_kind,
    owner,
    pass_all,
    placed_all,
    play,
    position,
    public_texts,
    refused,
)


def test_artillery_attacking(monkeypatch: pytest.MonkeyPatch) -> None:
    """"At the beginning of 1 battle, roll 1 die and eliminate that number of opposing
    armies. If you are attacking, you must complete at least 1 round of combat after
    playing this card.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 4)},
                    hands={ANN: ["Artillery"]})
    loaded(monkeypatch, [3], [6, 6, 6], [1])
    play(game, ANN, "Artillery", area="Kamchatka")
    refused(game, ANN, "end-attacks", "at least 1 round")
    assert "Artillery" in game.discards
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    events = act(game, BO, "defend", dice=1)
    assert "Artillery fires on Kamchatka: 3 armies eliminated." in public_texts(events)
    assert owner(game, "Kamchatka") == ANN


def test_artillery_fires_after_a_defenders_fresh_recruits(monkeypatch) -> None:
    """"If your opponent plays Fresh Recruits during the same battle you play Artillery, add
    the new armies before artillery fire.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Artillery"], BO: ["Fresh Recruits"]})
    loaded(monkeypatch, [6], [2], [1, 1, 1], [6, 6])
    play(game, ANN, "Artillery", area="Kamchatka")
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    play(game, BO, "Fresh Recruits")  # 2 + 2 new + 2 for the card's area = 6
    act(game, BO, "defend", dice=2)
    # 6 armies, artillery kills 6 of them: the area falls as the battle begins.
    assert owner(game, "Kamchatka") == ANN


def test_artillery_defending_the_attacker_need_not_complete_the_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Artillery: "If you are defending, the attacker is not required to complete a round of
    combat." The announced attack goes back to the attacker, who may stop."""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 4)},
                    hands={BO: ["Artillery"]})
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    loaded(monkeypatch, [2])
    events = play(game, BO, "Artillery")
    assert armies(game, "Alaska") == 3 and list(game.prompts()) == [ANN]
    assert any("need not complete a round" in t for t in public_texts(events))
    act(game, ANN, "end-attacks")
    assert game.step == "fortify" and armies(game, "Kamchatka") == 4


def test_artillery_defending_the_attacker_may_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Artillery (defending): the attacker who announces the attack again fights the same
    battle's first round; the defender chooses its dice as usual."""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 4)},
                    hands={BO: ["Artillery"]})
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    loaded(monkeypatch, [2], [6, 6], [1, 1])
    play(game, BO, "Artillery")
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=2)
    assert actions(game, BO) == ["defend"]
    act(game, BO, "defend", dice=2)
    assert armies(game, "Kamchatka") == 2 and game.battle["rounds"] == 1


def test_artillery_defending_against_paratroops_the_attack_may_be_announced_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Artillery (defending) against a committed Paratroops attack: before the first round
    the attacker may call it off, or announce it again, still from afar, with the committed
    armies that are left (at most all but one)."""
    game = position(step="attack", areas={"Brazil": (ANN, 6), "Siam": (BO, 2)},
                    hands={ANN: ["Paratroops"], BO: ["Artillery"]})
    play(game, ANN, "Paratroops", area="Brazil", to_area="Siam", count=4)
    loaded(monkeypatch, [2], [6, 6, 6], [1, 1])
    play(game, BO, "Artillery")
    assert armies(game, "Brazil") == 4 and list(game.prompts()) == [ANN]
    assert "Brazil" in choices(game, ANN, "attack", "from_territory")
    act(game, ANN, "attack", from_territory="Brazil", to_territory="Siam")
    assert game.battle["committed"] == 3
    act(game, BO, "defend", dice=2)
    assert owner(game, "Siam") == ANN and armies(game, "Siam") == 3


def test_artillery_played_after_the_battle_began_fires_at_the_next_attack(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Artillery: "At the *beginning* of 1 battle, roll 1 die and eliminate that number of
    opposing armies." Played when the battle for that area is under way, it breaks that
    battle off and fires as the next attack on the area begins: it is never lost."""
    game = position(step="attack", areas={"Alaska": (ANN, 8), "Kamchatka": (BO, 6)},
                    hands={ANN: ["Artillery"]})
    loaded(monkeypatch, [1, 1, 1], [6, 6])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "defend", dice=2)
    assert armies(game, "Alaska") == 6 and game.battle["rounds"] == 1
    loaded(monkeypatch, [3], [6, 6, 6], [1, 1])
    play(game, ANN, "Artillery", area="Kamchatka")
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    events = act(game, BO, "defend", dice=2)
    assert "Artillery fires on Kamchatka: 3 armies eliminated." in public_texts(events)
    assert armies(game, "Kamchatka") == 1


def test_artillery_is_refused_on_an_empty_area() -> None:
    """Artillery "eliminate[s] ... opposing armies": on an empty area there are none, so the
    card is refused rather than spent for nothing."""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (None, 0)},
                    hands={ANN: ["Artillery"]})
    refused(game, ANN, "play", "empty", card="Artillery", area="Kamchatka")


def test_artillery_that_can_no_longer_fire_is_announced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Artillery played by the attacker fires when a battle on its area begins; if no attack
    on that area is possible any more, the attacks end saying so (never silently)."""
    areas = {"Alaska": (ANN, 3), "Kamchatka": (BO, 3), "Alberta": (CY, 1)}
    areas |= {t: (BO, 1) for t in ("Japan", "Mongolia", "Irkutsk", "Yakutsk")}
    game = position(step="attack", areas=areas, hands={ANN: ["Artillery"]})
    loaded(monkeypatch, [4], [6, 6], [1])
    play(game, ANN, "Artillery", area="Kamchatka")
    refused(game, ANN, "end-attacks", "at least 1 round")
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Alberta", dice=2)
    act(game, CY, "defend", dice=1)
    assert armies(game, "Alaska") == 1 and owner(game, "Alberta") == ANN
    events = act(game, ANN, "end-attacks")
    assert "The Artillery aimed at Kamchatka did not fire: no battle began there." in \
        public_texts(events)
    assert armies(game, "Kamchatka") == 3


def test_economic_sanctions() -> None:
    """"prevent that player from receiving armies for the areas he or she controls. Your
    opponent still receives bonus armies for continents\""""
    game = position(step="start", areas={t: (ANN, 1) for t in MAP.continents["Australia"]},
                    hands={BO: ["Economic Sanctions"]})
    play(game, BO, "Economic Sanctions")
    pass_all(game)
    assert game.step == "reinforce" and game.pending() == 2


def test_fighters_negates_bombers() -> None:
    """"You may play this card to negate Bombers or Paratroops when one of them is played
    against you." Both cards are discarded; the negator's area gives 2 armies."""
    game = position(step="attack", areas={"Kamchatka": (BO, 6), "Great Britain": (BO, 1)},
                    hands={ANN: ["Bombers"], BO: ["Fighters"]})
    act(game, ANN, "play", card="Bombers", area="Kamchatka")
    refused(game, CY, "play", "not your turn", card="Fighters")
    events = act(game, BO, "play", card="Fighters")
    assert armies(game, "Kamchatka") == 6 and armies(game, "Great Britain") == 3
    assert {"Bombers", "Fighters"} <= set(game.discards) and not game.stack
    assert any("negates" in t for t in public_texts(events))


def test_fighters_eliminate_committed_paratroops() -> None:
    """"If you use this card to negate Paratroops, all armies committed to the Paratroop
    attack are eliminated.\""""
    game = position(step="attack", areas={"Brazil": (ANN, 6), "Siam": (BO, 2)},
                    hands={ANN: ["Paratroops"], BO: ["Fighters"]})
    act(game, ANN, "play", card="Paratroops", area="Brazil", to_area="Siam", count=4)
    act(game, BO, "play", card="Fighters")
    assert armies(game, "Brazil") == 2 and armies(game, "Siam") == 2


def test_killer_satellite_negates_against_another_player() -> None:
    """"negate ICBM or Orbital Laser if one of them is played against you or another
    player.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 3), "Japan": (CY, 1)},
                    hands={ANN: ["Orbital Laser"], CY: ["Killer Satellite"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    act(game, CY, "play", card="Killer Satellite")
    assert armies(game, "Kamchatka") == 3 and armies(game, "Japan") == 3


def test_human_cloning() -> None:
    """"Double the bonus armies you receive for 1 of the continents you control.\""""
    game = position(areas={t: (ANN, 1) for t in MAP.continents["South America"]},
                    hands={ANN: ["Human Cloning"]})
    before = game.pending()
    play(game, ANN, "Human Cloning", continent="south america")
    assert game.pending() == before + 2 and game.turn["no_propaganda"]


def test_human_cloning_negates_propaganda() -> None:
    """"You may also play this card to negate Propaganda when it is played against you.\""""
    game = position(step="start", areas={t: (ANN, 1) for t in MAP.continents["Australia"]},
                    hands={BO: ["Propaganda"], ANN: ["Human Cloning"]})
    act(game, BO, "play", card="Propaganda", continent="Australia")
    act(game, ANN, "play", card="Human Cloning")
    pass_all(game)
    assert game.turn["mods"]["propaganda"] == []


def test_industrial_sector() -> None:
    """"Receive 1 army for every 2 areas you control instead of 1 army for every 3. If you
    control fewer than 10 areas, you receive a minimum of 5 armies.\""""
    game = position(hands={ANN: ["Industrial Sector"]})
    areas = game.turn["areas"]
    play(game, ANN, "Industrial Sector")
    assert areas == 14 and game.pending() == 7
    assert game.turn["no_sanctions"]


def test_industrial_sector_negates_economic_sanctions() -> None:
    game = position(step="start", hands={BO: ["Economic Sanctions"], ANN: ["Industrial Sector"]})
    act(game, BO, "play", card="Economic Sanctions")
    act(game, ANN, "play", card="Industrial Sector")
    pass_all(game)
    assert not game.turn["mods"]["sanctions"] and game.pending() >= 3


def test_haz_gear(monkeypatch: pytest.MonkeyPatch) -> None:
    """"All of your armies may ignore the effects of Ebola, Nerve Gas, and Toxic Waste for
    1 game turn." "You may play this card at any time.\""""
    game = position(step="start", areas={"Alaska": (ANN, 4), "Kamchatka": (BO, 6)},
                    hands={BO: ["Haz-Gear"], ANN: ["Nerve Gas"]})
    play(game, BO, "Haz-Gear")
    pass_all(game)
    placed_all(game)
    act(game, ANN, "begin-attacks")
    loaded(monkeypatch, [2])
    play(game, ANN, "Nerve Gas", area="Kamchatka")
    assert armies(game, "Kamchatka") == 6


def test_haz_gear_negates_mad_cow_and_stays_in_effect() -> None:
    """"negate Mad Cow Disease or Mutant Horde when one of them is played against you. Even
    when played to negate another card, Haz-Gear remains in effect for 1 game turn.\""""
    game = position(areas={"Alaska": (ANN, 4), "Kamchatka": (BO, 6)},
                    hands={ANN: ["Mad Cow Disease"], BO: ["Haz-Gear"]})
    act(game, ANN, "play", card="Mad Cow Disease", area="Kamchatka")
    act(game, BO, "play", card="Haz-Gear")
    assert armies(game, "Kamchatka") == 6 and game.has_hazgear(BO)


def test_united_nations() -> None:
    """"There is no effect." (Its area still gives 2 armies to a player controlling it.)"""
    game = position(areas={"Northern Europe": (ANN, 1)}, hands={ANN: ["United Nations"]})
    play(game, ANN, "United Nations")
    assert armies(game, "Northern Europe") == 3


def test_fresh_recruits_attacking(monkeypatch: pytest.MonkeyPatch) -> None:
    """"roll 1 die and add that number of armies to the area you are ... attacking out of.
    ... all of the new armies must be included in a committed attack ... subtract 1 from
    all your die rolls.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 3), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Fresh Recruits"]})
    loaded(monkeypatch, [4], [6, 6, 6], [6, 1])
    play(game, ANN, "Fresh Recruits", area="Alaska", to_area="Kamchatka")
    assert game.battle is not None and game.battle["committed"] == 4
    assert armies(game, "Alaska") == 7
    events = act(game, BO, "defend", dice=2)
    # 6-6-6 (-1) = 5-5-5 against 6-1: one pair each.
    assert armies(game, "Alaska") == 6 and armies(game, "Kamchatka") == 1
    assert any("(-1)" in t for t in public_texts(events))
    assert game.battle["committed"] == 3 and actions(game, BO)[0] == "defend"


def test_fresh_recruits_defending(monkeypatch: pytest.MonkeyPatch) -> None:
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 2)},
                    hands={BO: ["Fresh Recruits"]})
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    loaded(monkeypatch, [3])
    play(game, BO, "Fresh Recruits")  # and 2 more: the card names Kamchatka
    assert armies(game, "Kamchatka") == 2 + 3 + 2 and game.defend_bonus(BO, "Alaska", "Kamchatka") == -1


def test_propaganda() -> None:
    """"prevent that player from receiving bonus armies for 1 continent he or she
    controls.\""""
    game = position(step="start", areas={t: (ANN, 1) for t in MAP.continents["Australia"]},
                    hands={BO: ["Propaganda"]})
    refused(game, BO, "play", "does not control", card="Propaganda", continent="Asia")
    play(game, BO, "Propaganda", continent="Australia")
    pass_all(game)
    assert game.pending() == max(3, game.turn["areas"] // 3)


def test_fast_rail() -> None:
    """"Move armies from 1 area through any number of contiguous, friendly areas into 1
    friendly area. This counts as your free move.\""""
    game = position(step="fortify", areas={"Venezuela": (ANN, 5), "Peru": (ANN, 1),
                                           "Argentina": (ANN, 1)},
                    hands={ANN: ["Fast Rail"]})
    play(game, ANN, "Fast Rail", area="Venezuela", to_area="Argentina", count=4)
    assert armies(game, "Argentina") == 5 and game.turn["moves"] == 0


def test_fast_rail_negates_saboteur() -> None:
    game = position(step="start", hands={BO: ["Saboteur"], ANN: ["Fast Rail"]})
    act(game, BO, "play", card="Saboteur")
    act(game, ANN, "play", card="Fast Rail")
    pass_all(game)
    assert not game.turn["mods"]["sabotaged"]


def test_radar() -> None:
    """"After an opposing player announces an attack on 1 area that you control, prior to
    the attack, you may make 1 free move into or out of that area.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 1),
                                          "Japan": (BO, 4)}, hands={BO: ["Radar"]})
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    refused(game, BO, "play", "into or out of Kamchatka", card="Radar", area="Japan",
            to_area="Mongolia", count=1)
    play(game, BO, "Radar", area="Japan", to_area="Kamchatka", count=3)
    assert armies(game, "Kamchatka") == 4 and actions(game, BO) == ["defend"]


def test_saboteur() -> None:
    """"prevent that player from receiving any new armies during his or her turn ... At the
    beginning of his or her next turn, your opponent receives these delayed armies.\""""
    game = position(step="start", hands={BO: ["Saboteur"]})
    play(game, BO, "Saboteur")
    pass_all(game)
    held = game.pending()
    assert held == 0
    act(game, ANN, "begin-attacks")
    assert game.delayed[ANN] == max(3, game.turn["areas"] // 3)


def test_apcs() -> None:
    """"You receive 1 additional free move either immediately after placing your new
    armies or after your regular free move.\""""
    game = position(step="fortify", areas={"Peru": (ANN, 5), "Brazil": (ANN, 1),
                                           "Argentina": (ANN, 1)}, hands={ANN: ["APCs"]})
    act(game, ANN, "fortify", from_territory="Peru", to_territory="Brazil", count=2)
    play(game, ANN, "APCs")
    act(game, ANN, "fortify", from_territory="Peru", to_territory="Argentina", count=2)
    assert armies(game, "Argentina") == 3


def test_nuclear_terrorists() -> None:
    """"Draw (and discard) the next card in the deck and eliminate all the armies in the
    area named on the card. No army may enter this area for 1 game turn.\""""

    def top(d: dict) -> None:
        d["pile"].remove("Mole")
        d["pile"].append("Mole")  # names East Africa

    game = position(step="start", areas={"East Africa": (CY, 5), "Egypt": (ANN, 4)},
                    hands={BO: ["Nuclear Terrorists"]}, edit=top)
    play(game, BO, "Nuclear Terrorists")
    assert owner(game, "East Africa") is None and "Mole" in game.discards
    assert game.sealed("East Africa", ANN)
    assert "East Africa" in game.view(None)["sealed_areas"]


def test_ebola_target_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Attempt to kill 1/2 the armies (rounded down) in 1 area. ... If the result is 1, 2,
    or 3, only the target area is affected.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 7), "Japan": (BO, 7)},
                    hands={ANN: ["Ebola"]})
    loaded(monkeypatch, [2])
    play(game, ANN, "Ebola", area="Kamchatka")
    assert armies(game, "Kamchatka") == 4 and armies(game, "Japan") == 7


def test_ebola_everywhere_on_six(monkeypatch: pytest.MonkeyPatch) -> None:
    game = position(step="attack", areas={"Kamchatka": (BO, 7), "Peru": (CY, 5)},
                    hands={ANN: ["Ebola"]})
    loaded(monkeypatch, [6])
    play(game, ANN, "Ebola", area="Kamchatka")
    assert armies(game, "Kamchatka") == 4 and armies(game, "Peru") == 3


def test_bombers(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Roll 1 die to determine how many armies in the area survive the attack.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 7)}, hands={ANN: ["Bombers"]})
    loaded(monkeypatch, [2])
    play(game, ANN, "Bombers", area="Kamchatka")
    assert armies(game, "Kamchatka") == 2


def test_hacker() -> None:
    """"You may make 1 free move of opposing armies from 1 area into 1 adjacent area
    friendly to those armies. You must leave at least 1 army behind.\""""
    game = position(areas={"Kamchatka": (BO, 6), "Yakutsk": (BO, 1)}, hands={ANN: ["Hacker"]})
    refused(game, ANN, "play", "one stays", card="Hacker", area="Kamchatka",
            to_area="Yakutsk", count=6)
    play(game, ANN, "Hacker", area="Kamchatka", to_area="Yakutsk", count=5)
    assert armies(game, "Kamchatka") == 1 and armies(game, "Yakutsk") == 6


def test_counter_espionage() -> None:
    """"If an area you control is targeted by ... Orbital Laser ... you may choose a new
    target area. The new target area can belong to any player.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 3), "Siam": (CY, 4)},
                    hands={ANN: ["Orbital Laser"], BO: ["Counter Espionage"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    refused(game, CY, "play", "not your turn", card="Counter Espionage", area="Peru")
    act(game, BO, "play", card="Counter Espionage", area="Siam")
    pass_all(game)
    assert armies(game, "Kamchatka") == 3 and armies(game, "Siam") == 3


def test_mad_cow_disease(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Choose 1 area adjacent to an area you control. The armies in the target area go
    temporarily insane and immediately make an involuntary attack against a randomly
    chosen adjacent area. The insane armies may attack armies of their own color.\""""
    game = position(areas={"Alaska": (ANN, 2), "Kamchatka": (BO, 4), "Japan": (BO, 1)},
                    hands={ANN: ["Mad Cow Disease"]})
    refused(game, ANN, "play", "border an area you control", card="Mad Cow Disease",
            area="Peru")
    # Count-off from Kamchatka: 2 = Japan (its own colour); then one round 6-6-6 vs 1.
    loaded(monkeypatch, [2], [6, 6, 6], [1])
    play(game, ANN, "Mad Cow Disease", area="Kamchatka")
    assert owner(game, "Japan") == BO and armies(game, "Japan") == 3
    assert armies(game, "Kamchatka") == 1
    assert game.turn["conquered"] is False


def test_national_guard() -> None:
    """"place 1 new army in every area you control on 1 continent of your choice.\""""
    game = position(areas={"Peru": (ANN, 1), "Brazil": (ANN, 2), "Argentina": (BO, 1),
                           "Venezuela": (CY, 1)}, hands={ANN: ["National Guard"]})
    play(game, ANN, "National Guard", continent="South America")
    assert (armies(game, "Peru"), armies(game, "Brazil"), armies(game, "Argentina")) == (2, 3, 1)


def test_mole() -> None:
    """"You may play this card to negate any other card ... even when you are not the target
    of the card you are negating.\""""
    game = position(step="attack", hands={ANN: ["Jihad"], CY: ["Mole"]})
    act(game, ANN, "play", card="Jihad")
    act(game, CY, "play", card="Mole")
    assert not game.turn["jihad"] and not game.stack


def test_nerve_gas_random_adjacent(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Roll 1 die. If the result is 1, 2, 3, or 4, the target area is affected. If the
    result is 5 or 6, a randomly chosen area adjacent to the target area suffers.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 2), "Kamchatka": (BO, 6),
                                          "Yakutsk": (CY, 5)}, hands={ANN: ["Nerve Gas"]})
    loaded(monkeypatch, [5], [5])  # count-off 5 from Kamchatka: Yakutsk
    play(game, ANN, "Nerve Gas", area="Kamchatka")
    assert armies(game, "Kamchatka") == 6 and armies(game, "Yakutsk") == 3


def test_informant() -> None:
    """"You may look at all the cards another player is holding and steal 1 of them.\""""
    game = position(step="start", hands={BO: ["Informant"], CY: ["Mole", "Navy"]})
    events = play(game, BO, "Informant", player="Cy")
    assert "Mole" in of_kind(events, "informant")[0].text
    assert of_kind(events, "informant")[0].audience == frozenset({BO})
    assert list(game.prompts()) == [BO]
    events = act(game, BO, "steal", card="Navy")
    assert "Navy" in game.hands[BO] and game.hands[CY] == ["Mole"]
    assert all("Navy" not in t for t in public_texts(events))


def test_stealth_technology(monkeypatch: pytest.MonkeyPatch) -> None:
    """"During the first 3 rounds of 1 battle ... ignore attacker losses. The defender must
    roll 2 dice if he or she is able to.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 4), "Kamchatka": (BO, 5)},
                    hands={ANN: ["Stealth Technology"], BO: ["Radar"]})
    play(game, ANN, "Stealth Technology", area="Alaska", to_area="Kamchatka")
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    assert choices(game, BO, "defend", "dice") == ["2"]
    assert "play" not in actions(game, BO)  # no Radar in this battle
    loaded(monkeypatch, [1, 1, 1], [6, 6])
    act(game, BO, "defend", dice=2)
    assert armies(game, "Alaska") == 4


def test_toxic_waste() -> None:
    """"No army may enter or leave this area, no army may attack into or out of this area,
    and no new army may be placed into this area, for 1 game turn.\""""
    game = position(areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Toxic Waste"]})
    play(game, ANN, "Toxic Waste", area="Alaska")
    refused(game, ANN, "place", "Toxic Waste", territory="Alaska", count=1)
    placed_all(game)
    refused(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka")


def test_shuttle_diplomacy() -> None:
    """"Neither player may voluntarily attack the other for 1 game turn." "a mutant horde
    may not be named\""""
    game = position(areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Shuttle Diplomacy"]})
    play(game, ANN, "Shuttle Diplomacy", player="Ann", other_player="bo")
    placed_all(game)
    act(game, ANN, "begin-attacks")
    refused(game, ANN, "attack", "Shuttle Diplomacy", from_territory="Alaska",
            to_territory="Kamchatka", dice=1)


def test_mind_control() -> None:
    """"Replace with armies of your color, 1/2 of the armies (rounded down) in 1 area of
    your choice. Then use your free move to move these armies to an adjacent, friendly
    area.\""""
    game = position(step="fortify", areas={"Alaska": (ANN, 1), "Kamchatka": (BO, 5)},
                    hands={ANN: ["Mind Control"]})
    play(game, ANN, "Mind Control", area="Kamchatka", to_area="Alaska")
    assert armies(game, "Kamchatka") == 3 and armies(game, "Alaska") == 3
    assert game.turn["moves"] == 0


def test_orbital_laser_played_singly() -> None:
    """Rulebook "Playing Cards Singly": "if you hold the Orbital Laser card and wish to play
    it, show the card to the other players, announce which army you are vaporizing, and
    then place the Orbital Laser card in the discard pile.\""""
    game = position(step="attack", areas={"Kamchatka": (BO, 3)},
                    hands={ANN: ["Orbital Laser"], BO: ["Navy"], CY: ["Radar"]})
    events = act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    assert "Ann plays Orbital Laser: on Kamchatka." in public_texts(events)
    assert sorted(game.stack[-1]["awaiting"]) == [BO, CY]
    pass_all(game)
    assert armies(game, "Kamchatka") == 2 and game.discards[-1] == "Orbital Laser"


def test_tunnels_committed_attack_two_areas_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """"make 1 committed attack from 1 area to another area that is 2 areas away. For
    example ... from Central America to Peru.\""""
    game = position(step="attack", areas={"Central America": (ANN, 5), "Peru": (BO, 1),
                                          "Argentina": (BO, 1)}, hands={ANN: ["Tunnels"]})
    refused(game, ANN, "play", "not 2 areas away", card="Tunnels", area="Central America",
            to_area="Argentina", count=2)
    loaded(monkeypatch, [6, 6], [1])
    play(game, ANN, "Tunnels", area="Central America", to_area="Peru", count=2)
    act(game, BO, "defend", dice=1)
    assert owner(game, "Peru") == ANN and armies(game, "Peru") == 2


def test_weather_control() -> None:
    """"prevent attacks or free moves across all sea lanes for 1 game turn. During this
    time, no one may play Navy.\""""
    game = position(areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Weather Control"], BO: ["Navy"]})
    play(game, ANN, "Weather Control")
    placed_all(game)
    assert "sea lanes" in (game.attack_refusal(ANN, "Alaska", "Kamchatka") or "")


def test_provocateur(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Force the armies in 1 area of your choice to make an involuntary attack against an
    adjacent area of your choice. ... The 2 areas must belong to 2 different players other
    than yourself.\""""
    game = position(areas={"Kamchatka": (BO, 3), "Japan": (CY, 1)},
                    hands={ANN: ["Provocateur"]})
    loaded(monkeypatch, [6, 6], [1])
    play(game, ANN, "Provocateur", area="Kamchatka", to_area="Japan")
    assert owner(game, "Japan") == BO and armies(game, "Japan") == 2


def test_electronic_warfare(monkeypatch: pytest.MonkeyPatch) -> None:
    """"When attacking or defending, add 1 to all of your die rolls.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 3), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Electronic Warfare"]})
    play(game, ANN, "Electronic Warfare")
    loaded(monkeypatch, [5], [5])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=1)
    act(game, BO, "defend", dice=1)
    assert armies(game, "Kamchatka") == 1


def test_reverse_engineer() -> None:
    """"You may take 1 card of your choice from the discard pile. However, you may not use
    the card you take until the beginning of your next player turn.\""""

    def discard(d: dict) -> None:
        d["pile"].remove("Jihad")
        d["discards"].append("Jihad")

    game = position(hands={ANN: ["Reverse Engineer"]}, edit=discard)
    play(game, ANN, "Reverse Engineer", take="Jihad")
    assert "Jihad" in game.hands[ANN]
    placed_all(game)
    act(game, ANN, "begin-attacks")
    refused(game, ANN, "play", "can't play", card="Jihad")
    assert game.playable(ANN) == []


def test_cometary_cultists() -> None:
    """"Remove 1 army from every area on 1 continent of your choice.\""""
    game = position(areas={"Indonesia": (BO, 1), "New Guinea": (CY, 3)},
                    hands={ANN: ["Cometary Cultists"]})
    play(game, ANN, "Cometary Cultists", continent="Australia")
    assert owner(game, "Indonesia") is None and armies(game, "New Guinea") == 2


def test_guerillas(monkeypatch: pytest.MonkeyPatch) -> None:
    """"place 1 new army of your color into every empty or enemy-held area on 1 continent
    ... each guerrilla army must attack all opposing armies in its area ... before ... any
    normal attacks\""""
    game = position(areas={"Indonesia": (None, 0), "New Guinea": (BO, 1),
                           "Western Australia": (ANN, 2), "Eastern Australia": (CY, 2)},
                    hands={ANN: ["Guerillas"]})
    play(game, ANN, "Guerillas", continent="Australia")
    placed_all(game)
    loaded(monkeypatch, [6], [1], [1], [6, 6])
    act(game, ANN, "begin-attacks")
    assert owner(game, "Indonesia") == ANN and owner(game, "New Guinea") == ANN
    assert owner(game, "Eastern Australia") == CY and armies(game, "Eastern Australia") == 2


def test_icbm() -> None:
    """"All armies in the area are eliminated. No army may enter the area until after your
    next turn.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 4)},
                    hands={ANN: ["ICBM"]})
    play(game, ANN, "ICBM", area="Kamchatka")
    assert owner(game, "Kamchatka") is None
    assert game.attack_refusal(ANN, "Alaska", "Kamchatka") is not None
    act(game, ANN, "end-turn")
    assert game.sealed("Kamchatka", BO)


def test_jihad(monkeypatch: pytest.MonkeyPatch) -> None:
    """"For the remainder of your turn, all of your attacks must be committed attacks.
    During each round of all attacks, you may roll one extra die.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 6), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Jihad"]})
    play(game, ANN, "Jihad")
    refused(game, ANN, "attack", "committed", from_territory="Alaska",
            to_territory="Kamchatka")
    loaded(monkeypatch, [1, 1, 1, 6], [5, 5])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", count=5)
    act(game, BO, "defend", dice=2)
    assert armies(game, "Kamchatka") == 1 and armies(game, "Alaska") == 5


def test_rebellion(monkeypatch: pytest.MonkeyPatch) -> None:
    """"All armies in 1 area of your choice rebel and declare their independence. ... Each
    game turn, before your player turn, the rebels grow by 3 armies.\""""
    game = position(areas={"Kamchatka": (BO, 4)}, hands={ANN: ["Rebellion"]})
    play(game, ANN, "Rebellion", area="Kamchatka")
    rebels = game.owner["Kamchatka"]
    assert game.is_neutral(rebels) and game.view(None)["neutrals"][rebels]["name"] == "Rebels"
    game.turn["placed"] += game.pending()
    act(game, ANN, "end-turn")
    for seat in (BO, CY):
        pass_all(game)
        game.turn["placed"] += game.pending()
        act(game, seat, "end-turn")
    assert armies(game, "Kamchatka") == 7


def test_navy(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Add 2 to all of your die rolls when attacking or defending across a sea lane.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 3), "Kamchatka": (BO, 2)},
                    hands={ANN: ["Navy"]})
    play(game, ANN, "Navy")
    assert game.attack_bonus(ANN, "Alaska", "Kamchatka") == 2
    assert game.attack_bonus(ANN, "Alaska", "Alberta") == 0


def test_paratroops(monkeypatch: pytest.MonkeyPatch) -> None:
    """"You may make 1 committed attack from 1 territory to any other territory on the
    map.\""""
    game = position(step="attack", areas={"Brazil": (ANN, 6), "Siam": (BO, 1)},
                    hands={ANN: ["Paratroops"]})
    loaded(monkeypatch, [6, 6, 6], [1])
    play(game, ANN, "Paratroops", area="Brazil", to_area="Siam", count=3)
    act(game, BO, "defend", dice=1)
    assert owner(game, "Siam") == ANN and armies(game, "Siam") == 3


def test_black_helicopters() -> None:
    """"Add 2 to all of your die rolls when you attack from areas on your chosen continent to
    adjacent areas on the same continent.\""""
    game = position(step="attack", hands={ANN: ["Black Helicopters"]})
    play(game, ANN, "Black Helicopters", continent="Asia")
    assert game.attack_bonus(ANN, "Kamchatka", "Japan") == 2
    assert game.attack_bonus(ANN, "Kamchatka", "Alaska") == 0


def test_fortification(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Add 2 to all of your die rolls when defending.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 3), "Kamchatka": (BO, 2)},
                    hands={BO: ["Fortification"]})
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=2)
    play(game, BO, "Fortification")
    loaded(monkeypatch, [6, 6], [5, 5])
    act(game, BO, "defend", dice=2)
    assert armies(game, "Alaska") == 1 and armies(game, "Kamchatka") == 2


def test_mutant_horde(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Turn all armies in 1 area of your choice into mindless, homicidal mutants. Each game
    turn, following your player turn, the mutants attack 1 randomly chosen adjacent area.
    ... all defending armies killed by mutants join the mutants. If the defender is
    eliminated, all mutant armies move into the captured area, leaving an empty area.\""""
    game = position(areas={"Kamchatka": (BO, 6), "Japan": (CY, 2)},
                    hands={ANN: ["Mutant Horde"]})
    play(game, ANN, "Mutant Horde", area="Kamchatka")
    mutants = game.owner["Kamchatka"]
    assert game.is_mutant(mutants)
    game.turn["placed"] += game.pending()
    loaded(monkeypatch, [2], [6, 6, 6], [1, 1])
    act(game, ANN, "end-turn")
    assert owner(game, "Japan") == mutants and armies(game, "Japan") == 8
    assert owner(game, "Kamchatka") is None


def test_stealth_technology_negates_radar() -> None:
    """"You may also play this card to negate Radar when it is played by a defender.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 1),
                                          "Japan": (BO, 4)},
                    hands={ANN: ["Stealth Technology"], BO: ["Radar"]})
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "play", card="Radar", area="Japan", to_area="Kamchatka", count=3)
    act(game, ANN, "play", card="Stealth Technology")
    assert armies(game, "Kamchatka") == 1 and actions(game, BO) == ["defend"]


def test_haz_gear_may_enter_a_nuclear_area() -> None:
    """"During this time, your armies may enter an area affected by ICBM or Nuclear
    Terrorists.\""""
    game = position(step="attack", areas={"Alaska": (ANN, 5), "Kamchatka": (BO, 4)},
                    hands={ANN: ["ICBM"]})
    play(game, ANN, "ICBM", area="Kamchatka")
    game.add_effect("Haz-Gear", CY, "one game turn")
    assert game.sealed("Kamchatka", BO) and not game.sealed("Kamchatka", CY)


def test_apcs_negates_saboteur() -> None:
    """APCs: "You may also play this card to negate Saboteur when it is played against
    you.\""""
    game = position(step="start", hands={BO: ["Saboteur"], ANN: ["APCs"]})
    act(game, BO, "play", card="Saboteur")
    act(game, ANN, "play", card="APCs")
    pass_all(game)
    assert not game.turn["mods"]["sabotaged"] and game.pending() > 0


def test_haz_gear_played_at_any_time_against_ebola(monkeypatch: pytest.MonkeyPatch) -> None:
    """Haz-Gear: "You may play this card at any time": in Ebola's window, before it acts."""
    game = position(step="attack", areas={"Kamchatka": (BO, 8)},
                    hands={ANN: ["Ebola"], BO: ["Haz-Gear"]})
    act(game, ANN, "play", card="Ebola", area="Kamchatka")
    act(game, BO, "play", card="Haz-Gear")
    loaded(monkeypatch, [2])
    pass_all(game)
    assert armies(game, "Kamchatka") == 8 and "Ebola" in game.discards


def test_apcs_played_while_placing_move_before_attacking() -> None:
    """APCs: "You receive 1 additional free move either immediately after placing your new
    armies or after your regular free move." Played while placing, the move is made before
    the attacks, which go on after it; the regular free move is still to come."""
    game = position(areas={"Peru": (ANN, 5), "Brazil": (ANN, 1), "North Africa": (BO, 1)},
                    hands={ANN: ["APCs"]})
    play(game, ANN, "APCs")
    placed_all(game)
    assert "fortify" in actions(game, ANN)
    act(game, ANN, "fortify", from_territory="Peru", to_territory="Brazil", count=3)
    assert game.step == "attack" and armies(game, "Brazil") == 4
    assert "attack" in actions(game, ANN) and game.turn["moves"] == 1
    act(game, ANN, "attack", from_territory="Brazil", to_territory="North Africa", dice=3)
    assert game.step == "attack"


def test_counter_espionage_asks_the_new_target_even_after_it_passed() -> None:
    """Counter Espionage: "you may choose a new target area ... The new target area can
    belong to any player." Its player is asked again, though it passed when the card was
    aimed elsewhere, and may negate it now (here with Killer Satellite)."""
    game = position(step="attack", areas={"Kamchatka": (BO, 3), "Japan": (CY, 3)},
                    hands={ANN: ["Orbital Laser"], BO: ["Counter Espionage"],
                           CY: ["Killer Satellite"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    act(game, CY, "pass")
    act(game, BO, "play", card="Counter Espionage", area="Japan")
    events = act(game, CY, "pass")  # Counter Espionage's own window
    assert game.stack[-1]["card"] == "Orbital Laser" and game.stack[-1]["awaiting"] == [CY]
    assert any(e.kind == "window" and e.data["awaiting"] == [CY] for e in events)
    events = act(game, CY, "play", card="Killer Satellite")
    assert any("negates" in t for t in public_texts(events))
    assert armies(game, "Japan") == 3 + 2  # not lasered; Killer Satellite names Japan


@pytest.mark.parametrize("card_armies", ["delayed", "placed"])
def test_saboteur_sets_aside_set_bonuses_national_guard_and_card_armies(
        card_armies: str) -> None:
    """Saboteur: "prevent that player from receiving *any* new armies during his or her
    turn. Your opponent should set aside all of the new armies he or she would have
    received." The 2 armies for a set's card naming an area the player controls and
    National Guard's armies wait with the rest; the 2 armies of a card played singly too,
    unless the option `saboteur_card_armies` says `placed`."""
    africa = {t: (BO, 1) for t in MAP.continents["Africa"]}
    areas = africa | {"Eastern United States": (ANN, 1), "Northern Europe": (BO, 3),
                      "Northwest Territory": (BO, 3), "Egypt": (ANN, 1),
                      "North Africa": (ANN, 1), "Congo": (ANN, 1)}
    infantry = ["Industrial Sector", "United Nations", "Propaganda"]
    game = position(step="start", areas=areas, options={"saboteur_card_armies": card_armies},
                    hands={BO: ["Saboteur"], ANN: infantry + ["National Guard"]})
    play(game, BO, "Saboteur")
    pass_all(game)
    assert game.step == "reinforce" and game.pending() == 0
    act(game, ANN, "trade", cards=", ".join(infantry))
    play(game, ANN, "National Guard", continent="Africa")
    assert armies(game, "Eastern United States") == 1
    assert [armies(game, t) for t in ("Egypt", "North Africa")] == [1, 1]
    card = 2 if card_armies == "delayed" else 0  # National Guard names Congo
    assert armies(game, "Congo") == 1 + 2 - card
    areas_armies, continents = game.income_parts()
    act(game, ANN, "begin-attacks")
    assert game.delayed[ANN] == areas_armies + continents + 9 + 2 + 3 + card


def test_mind_control_no_move_across_a_sea_lane_under_weather_control() -> None:
    """Mind Control: "use your free move to move these armies to an adjacent, friendly
    area"; Weather Control prevents "free moves across *all* sea lanes"."""
    weather = {"card": "Weather Control", "by": ANN, "holder": ANN, "ends": "one game turn",
               "since": 1}
    game = position(step="fortify", areas={"Kamchatka": (BO, 6), "Alaska": (ANN, 2)},
                    hands={ANN: ["Mind Control"]},
                    edit=lambda d: d["effects"].append(weather))
    refused(game, ANN, "play", "sea lanes", card="Mind Control", area="Kamchatka",
            to_area="Alaska")


def test_black_helicopters_only_to_adjacent_areas() -> None:
    """Black Helicopters: "when you attack from areas on your chosen continent to adjacent
    areas on the same continent" (not a Tunnels attack 2 areas away, not a guerrilla's
    fight inside its own area)."""
    game = position(step="attack", hands={ANN: ["Black Helicopters"]})
    play(game, ANN, "Black Helicopters", continent="Asia")
    assert game.attack_bonus(ANN, "Siam", "China") == 2
    assert game.attack_bonus(ANN, "Siam", "Mongolia") == 0
    assert game.attack_bonus(ANN, "China", "China") == 0


def test_guerillas_not_among_the_armies_of_a_player_at_peace() -> None:
    """Guerillas' armies "must attack all opposing armies in [their] area"; Shuttle Diplomacy:
    "Neither player may voluntarily attack the other for 1 game turn" (Provocateur alone
    says "Shuttle Diplomacy has no affect"). No guerrilla rises among Bo's armies."""
    peace = {"card": "Shuttle Diplomacy", "by": CY, "holder": CY, "ends": "one game turn",
             "since": 1, "players": [ANN, BO]}
    game = position(areas={"Indonesia": (BO, 1), "New Guinea": (CY, 1),
                           "Western Australia": (CY, 1), "Eastern Australia": (BO, 1)},
                    hands={ANN: ["Guerillas"]}, edit=lambda d: d["effects"].append(peace))
    play(game, ANN, "Guerillas", continent="Australia")
    assert game.turn["guerrillas"] == ["New Guinea", "Western Australia"]


def test_saboteur_delayed_armies_wait_again_and_no_guerrilla_rises() -> None:
    """Saboteur: "At the beginning of his or her next turn, your opponent receives these
    delayed armies": sabotaged again, they are new armies of that turn and wait once more;
    Guerillas' "new army of your color" is set aside too, so no guerrilla rises."""
    game = position(step="start", areas={"Indonesia": (BO, 1), "New Guinea": (CY, 1),
                                         "Western Australia": (ANN, 1),
                                         "Eastern Australia": (ANN, 1), "Irkutsk": (BO, 3)},
                    hands={BO: ["Saboteur"], ANN: ["Guerillas"]},
                    edit=lambda d: d["delayed"].update({ANN: 5}))
    play(game, BO, "Saboteur")
    pass_all(game)
    assert game.pending() == 0 and game.turn["extra"] == 5
    play(game, ANN, "Guerillas", continent="Australia")
    assert game.turn["guerrillas"] == [] and game.delayed[ANN] == 2
    areas_armies, continents = game.income_parts()
    act(game, ANN, "begin-attacks")
    assert owner(game, "Indonesia") == BO
    assert game.delayed[ANN] == 2 + areas_armies + continents + 5


def test_mole_negates_counter_espionage() -> None:
    """Mole: "You may play this card to negate any other card ... even when you are not the
    target": Counter Espionage is played in a window of its own, and a Mole there keeps the
    card on its first target."""
    game = position(step="attack", areas={"Kamchatka": (BO, 3), "Siam": (CY, 4)},
                    hands={ANN: ["Orbital Laser", "Mole"], BO: ["Counter Espionage"]})
    act(game, ANN, "play", card="Orbital Laser", area="Kamchatka")
    act(game, BO, "play", card="Counter Espionage", area="Siam")
    assert game.stack[-1]["card"] == "Counter Espionage"
    events = act(game, ANN, "play", card="Mole")
    assert any("negates Bo's Counter Espionage" in t for t in public_texts(events))
    pass_all(game)
    assert armies(game, "Kamchatka") == 2 and armies(game, "Siam") == 4
