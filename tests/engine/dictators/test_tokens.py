"""The Nuclear Zone 4 tokens I to XV (rulebook "Nucleaire zone 4").

"Je kunt de speciale bonus eenmalig zonder dat het een actie kost en alleen tijdens je eigen
beurt inzetten (tenzij anders vermeld). Het effect van het fiche kan niet gestopt worden."
(III and VII: test_president.py; VIII: test_windows.py; IX: test_defcon.py.)
"""

from __future__ import annotations

from typing import Any

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    DATA,
    act,
    actions,
    choices,
    end_turn,
    of_kind,
    position,
    private_to,
    refused,
)

NOBODY = {BO: [], CY: []}


def holding(token: str, **kw: Any):
    kw.setdefault("hands", NOBODY)
    return position(tokens={ANN: [token]}, **kw)


def test_a_token_costs_no_action_works_once_only_on_your_own_turn_and_is_revealed() -> None:
    """"Je kunt de speciale bonus eenmalig zonder dat het een actie kost en alleen tijdens je
    eigen beurt inzetten ... Het effect van het fiche kan niet gestopt worden": no window opens
    for it, though Bo holds a Veto."""
    game = holding("I", seats=[ANN, BO], at={ANN: "Ohio"}, current=BO, hands={BO: ["Veto"]})
    assert "token" not in actions(game, BO)
    refused(game, ANN, "token", token="I", to="Washington D.C.")
    end_turn(game, BO)
    events = act(game, ANN, "token", token="I", to="Washington D.C.")
    assert not of_kind(events, "window")  # "Het effect van het fiche kan niet gestopt worden"
    assert game.location[ANN] == "Washington D.C." and game.turn["actions"] == 3
    assert game.revealed[ANN] == ["I"] and game.tokens[ANN] == []
    assert of_kind(events, "token")[0].data == {"seat": ANN, "token": "I"}
    refused(game, ANN, "token", token="I", to="Washington")


def test_i_moves_to_washington_state_or_dc() -> None:
    """I: "Verplaats je meeple naar Washington State of Washington D.C." """
    game = holding("I", at={ANN: "Ohio"})
    act(game, ANN, "token", token="1")
    assert choices(game, ANN, "choose", "to") == ["Washington", "Washington D.C."]


def test_ii_disarms_one_of_your_bases_without_being_there() -> None:
    """II: "Maak een van je nucleaire basissen onschadelijk." No location or roll (INFERRED)."""
    game = holding("II", bases={ANN: ["Kansas"]})
    act(game, ANN, "token", token="II", base="Kansas")
    assert {"base": "Kansas", "zone": 2, "disarmed": True} in game.nz[ANN]


def test_iv_swaps_your_dictator_for_an_unused_one_of_your_choice() -> None:
    """IV: "Verwissel je dictator kaart met een andere dictator kaart van de stapel. Je mag je
    nieuwe dictator kaart zelf uitkiezen." """
    game = holding("IV")
    unused = list(game.unused)
    act(game, ANN, "token", token="IV", dictator=unused[0])
    assert game.dictators[ANN] == unused[0] and "Shaky" in game.unused


def test_v_swaps_everything_but_only_in_the_turn_you_got_it() -> None:
    """V: "Verwissel van plek met een andere speler. Dit betekent alles: dictator kaart,
    handkaarten, meeple, fiches en kaarten in het spel. Je mag deze bonus alleen gebruiken in
    de beurt dat je het fiche krijgt!" """
    game = holding("V", at={ANN: "Ohio", BO: "Texas" if False else "Dallas"},
                   hands={ANN: ["Veto"], BO: ["Amtrak", "EMP"], CY: []})
    assert "token" not in actions(game, ANN)  # not got this turn
    game.turn["got"].append("V")
    mine = [dict(c) for c in game.nz[ANN]]
    events = act(game, ANN, "token", token="V", player=BO)
    assert game.location == {**game.location, ANN: "Dallas", BO: "Ohio"}
    assert game.hands[ANN] == ["Amtrak", "EMP"] and game.hands[BO] == ["Veto"]
    assert game.dictators[ANN] == "Dinero" and game.nz[BO] == mine
    assert "EMP" in private_to(events, ANN)[0].text


def test_vi_swaps_meeples_as_many_as_you_choose() -> None:
    """VI: "Je mag meeples op het speelbord met elkaar verwisselen. Je mag zelf bepalen welke
    en hoeveel je er verwisseld." """
    game = holding("VI", at={ANN: "Ohio", BO: "Dallas", CY: "Maine"})
    act(game, ANN, "token", token="VI")
    act(game, ANN, "swap", player=BO, other=CY)
    act(game, ANN, "swap", player=ANN, other=BO)
    act(game, ANN, "done")
    assert game.location == {ANN: "Maine", BO: "Ohio", CY: "Dallas"}


def test_x_gives_each_opponent_a_random_card() -> None:
    """X: "Raap 3 commando kaarten en 3 Founding Father kaarten. Schud deze en geef elke
    tegenstander een willekeurige kaart, schud de overgebleven kaarten door het commando deck." """
    game = holding("X")
    deck = len(game.command)
    supply = len(game.founders)
    events = act(game, ANN, "token", token="X")
    assert len(of_kind(events, "gift")) == 2
    while game.stack and game.stack[-1]["kind"] == "founder":
        act(game, game.stack[-1]["seat"], "keep")
    assert len(game.founders) == supply - 3
    # Each opponent got one card: in hand, or (an event) resolved; the rest is in the deck.
    for other in (BO, CY):
        got = [e for e in events if e.data.get("seat") == other and e.kind in (
            "founding_father", "defcon_card", "trident_card")]
        assert len(game.hands[other]) + len(got) == 1
    assert len(game.command) == deck - 3 + 4


def test_xi_removes_every_token_from_the_board() -> None:
    """XI: "Verwijder alle nucleaire zone 4 fiches van het speelbord." The bases then give
    nothing (INFERRED)."""
    game = holding("XI")
    act(game, ANN, "token", token="XI")
    assert game.base_tokens == {} and game.view(None)["base_tokens"] == []
    assert len(game.removed_tokens) == len(DATA.zones[4])


def test_xii_swapping_with_joseph_gives_that_player_a_zone_1_card() -> None:
    """XII: "Verwissel je dictator kaart met een dictator kaart van een tegenstander. Als je
    wisselt met Joseph “The Man of Steal”, raapt die speler een nucleaire zone 1 kaart." """
    game = holding("XII", dictators={BO: "Joseph"})
    assert {c["zone"] for c in game.nz[BO]} == {2, 3, 4}
    events = act(game, ANN, "token", token="XII", player=BO)
    assert game.dictators == {ANN: "Joseph", BO: "Shaky", CY: "Bettina"}
    assert {c["zone"] for c in game.nz[BO]} == {1, 2, 3, 4}
    assert of_kind(events, "zone_card")[0].data == {"seat": BO, "zone": 1}
    assert game.bases_counted(ANN) == 1  # Zone 1 counts as disarmed for Joseph (DEFAULT)


def test_xiii_gives_a_founding_father_away() -> None:
    """XIII: "Toon dit fiche als je een Founding Father kaart raapt of krijgt. Geef die
    Founding Father kaart aan een tegenstander naar keuze." """
    game = holding("XIII", top=["John Adams"])
    act(game, ANN, "draw")
    assert [a for a in actions(game, ANN)] == ["keep", "give"]
    act(game, ANN, "give", player=BO)  # token XIII is now shown: nobody else is asked
    assert game.founder_of(BO)["card"] == "John Adams" and game.founder_of(ANN) is None
    assert game.revealed[ANN] == ["XIII"]


def test_xiv_draws_ten_and_shuffles_event_cards_back() -> None:
    """XIV: "Raap 10 kaarten. Schud eventueel geraapte gebeurtenis kaarten terug in het
    commando deck." """
    game = holding("XIV", top=["George Washington", "Road Trip"])
    act(game, ANN, "token", token="XIV")
    assert len(game.hands[ANN]) + 1 >= 10 and "George Washington" in game.command
    assert game.founder_of(ANN) is None


def test_xv_removes_roadblocks_and_no_fly_zones_of_your_choice() -> None:
    """XV: removes [roadblock] and [no-fly-zone] tokens of your choice (INFERRED: the icons are
    lost)."""
    def edit(d: dict[str, Any]) -> None:
        d["roadblocks"] = [["Indiana", "Ohio"], ["Kansas", "Oklahoma"]]
        d["no_fly"] = ["Central"]
    game = holding("XV", edit=edit)
    act(game, ANN, "token", token="XV")
    act(game, ANN, "remove", what="ohio - indiana")
    act(game, ANN, "remove", what="central")
    act(game, ANN, "done")
    assert game.roadblocks == [["Kansas", "Oklahoma"]] and game.no_fly == []
