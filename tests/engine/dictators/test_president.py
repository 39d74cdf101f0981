"""Confronting and convincing the President (rulebook "Confronteren & overtuigen van de
President", Quick Reference).

"Sta in Washington D.C. - Aan het begin van je beurt raap je een presidentiële kaart en laat
je deze zien. Dit kost geen actie. - Als de President aanwezig is, rol je een minimum nummer
met een 20-zijdige dobbelsteen." The table, by bases disarmed in zones 1-2-3: 0 -> 20,
1 -> 18, 2 -> 14, 3 -> 8. "Belangrijk: nucleaire zone 4 telt niet mee tijdens het overtuigen
van de President."
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    DATA,
    act,
    actions,
    choices,
    end_turn,
    loaded,
    of_kind,
    position,
)

PRESENT = "The President is present"
ABSENT = "The President isn't present"
DC = "Washington D.C."
TABLE = {0: 20, 1: 18, 2: 14, 3: 8}


def in_dc(disarmed: int, *, card: str = PRESENT, zone4: bool = False, **kw: Any):
    """Ann stands in Washington D.C. with `disarmed` of her zone 1-3 cards face up; it is
    Bo's turn, and `card` is the next Presidential card."""
    def edit(d: dict[str, Any]) -> None:
        for c in d["nz"][ANN]:
            c["disarmed"] = c["zone"] <= disarmed or (zone4 and c["zone"] == 4)
        d["president"].remove(card)
        d["president"].append(card)
    return position([ANN, BO], at={ANN: DC}, current=BO, edit=edit, **kw)


@pytest.mark.parametrize("bases", [0, 1, 2, 3])
def test_the_d20_table_least_roll_succeeds_one_less_fails(
        bases: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Quick Reference, the d20 table: "0 - 20, 1 - 18, 2 - 14, 3 - 8": the least roll
    convinces the President; one less does not."""
    need = TABLE[bases]
    game = in_dc(bases)
    assert game.view(None)["nuclear"][ANN] == {"cards": 4, "counted": bases, "needs": need,
                                               "disarmed": game.view(None)["nuclear"][ANN][
                                                   "disarmed"]}
    loaded(monkeypatch, [need - 1])
    events = end_turn(game, BO)
    assert of_kind(events, "not_convinced")[0].data == {"seat": ANN, "roll": need - 1,
                                                        "total": need - 1, "need": need}
    assert not game.finished and game.current == ANN
    game = in_dc(bases)
    loaded(monkeypatch, [need])
    events = end_turn(game, BO)
    assert of_kind(events, "convinced") and game.finished and game.winners == [ANN]


def test_zone_4_does_not_count_for_the_president(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Belangrijk: nucleaire zone 4 telt niet mee": with only her zone 4 base disarmed Ann
    still needs a 20."""
    game = in_dc(0, zone4=True)
    assert game.bases_counted(ANN) == 0 and game.president_needs(ANN) == 20
    loaded(monkeypatch, [19])
    end_turn(game, BO)
    assert not game.finished


def test_the_card_is_drawn_only_at_the_start_of_a_turn_in_washington_dc(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Sta in Washington D.C. ... aan het begin van je beurt": a dictator elsewhere draws
    no Presidential card; walking into Washington D.C. draws none either (only the next
    turn's start does), and drawing it costs no action."""
    game = position([ANN, BO], at={ANN: "Maryland"})
    deck = len(game.president)
    act(game, ANN, "walk", to=DC)
    assert len(game.president) == deck
    end_turn(game, ANN)
    loaded(monkeypatch, [2])
    events = end_turn(game, BO)
    assert len(of_kind(events, "president_card")) == 1
    assert game.turn["actions"] == 3  # "Dit kost geen actie"


def test_when_the_president_is_not_present_the_turn_is_played_as_usual() -> None:
    """"Als de President niet aanwezig is ... voer het effect van de kaart uit (als dat er is)
    en speel je beurt zoals gewoonlijk." (“The President isn't present ... Discard your
    hand”: Press Conference.)"""
    game = in_dc(3, card="Press Conference", hands={ANN: ["Road Trip", "Bulldozer"]})
    events = end_turn(game, BO)
    assert of_kind(events, "discarded_hand") and game.hands[ANN] == []
    assert not of_kind(events, "not_convinced") and not game.finished
    assert "end-turn" in actions(game, ANN) and game.turn["actions"] == 3


def test_after_a_failed_roll_the_turn_goes_on_and_next_turn_all_steps_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Als je er niet in slaagt de President te overtuigen, mag je het de volgende beurt weer
    proberen. Je moet dan wel weer alle bovenstaande stappen doorlopen." After the failed roll
    the turn goes on (DEFAULT, option after_failed_roll=play); the next turn draws a new card."""
    game = in_dc(2)
    loaded(monkeypatch, [3], [14])
    end_turn(game, BO)
    assert game.current == ANN and "walk" in actions(game, ANN)
    end_turn(game, ANN)
    game.president.append(PRESENT)  # the next card says present too
    game.president_discards.remove(PRESENT)
    events = end_turn(game, BO)
    assert of_kind(events, "president_card") and game.winners == [ANN]


def test_option_a_failed_roll_ends_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Option after_failed_roll=end, for a group reading the rulebook the other way."""
    game = in_dc(1, options={"after_failed_roll": "end"})
    loaded(monkeypatch, [1])
    end_turn(game, BO)
    assert game.current == BO


def test_token_iii_adds_five_after_the_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    """Token III: "Je krijgt een eenmalige +5 op je dobbelsteenworp als je probeert de
    President te overtuigen. Je mag kiezen om deze bonus na je rol te spelen." A 9 with 2 bases
    (needs 14) and +5 convinces him."""
    game = in_dc(2, tokens={ANN: ["III"]})
    loaded(monkeypatch, [9])
    end_turn(game, BO)
    assert not game.finished and "III" in choices(game, ANN, "token", "token")
    events = act(game, ANN, "token", token="III")
    assert of_kind(events, "convinced")[0].data["total"] == 14 and game.winners == [ANN]


def test_token_vii_keeps_a_card_to_take_instead_of_drawing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Token VII: "Raap 5 presidentiële kaarten en kies er een. Plaats deze kaart gedekt voor
    je. Schud de andere kaarten door het presidentiële deck. Je mag ervoor kiezen om deze kaart
    te rapen in plaats van een kaart van het presidentiële deck. ... Leg de kaart na gebruik
    af." """
    def top(d: dict[str, Any]) -> None:
        for card in ("OOPS", PRESENT):
            d["president"].remove(card)
            d["president"].append(card)
    game = position([ANN, BO], at={ANN: "Maryland"}, tokens={ANN: ["VII"]}, edit=top)
    deck = len(game.president)
    act(game, ANN, "token", token="VII")
    offered = choices(game, ANN, "reserve", "card")
    assert PRESENT in offered and "OOPS" in offered and len(game.stack[-1]["cards"]) == 5
    keep = PRESENT
    act(game, ANN, "reserve", card=keep)
    assert len(game.president) == deck - 1  # the other four shuffled back
    assert game.reserved == {ANN: keep} and game.view(None)["reserved"] == [ANN]
    act(game, ANN, "walk", to=DC)
    end_turn(game, ANN)
    loaded(monkeypatch, [20])
    end_turn(game, BO)
    assert game.stack[-1]["kind"] == "president"
    events = act(game, ANN, "confront", card="kept")
    assert of_kind(events, "president_card")[0].data["card"] == keep
    assert ANN not in game.reserved and keep in game.president_discards


def test_oops_is_left_out_for_beginners() -> None:
    """Setup: "voor beginnende spelers adviseren we de kaart “OOPS” uit het president deck
    te laten" (option oops=off); in the standard deck it is there."""
    total = sum(c.copies for c in DATA.presidential.values())
    assert "OOPS" in position([ANN, BO]).president
    beginners = position([ANN, BO], options={"oops": False})
    assert "OOPS" not in beginners.president and len(beginners.president) == total - 1
