"""Disarming a nuclear base (rulebook "Een nucleaire basis onschadelijk maken", Quick
Reference "Onschadelijk maken van je nucleaire basis of nucleaire kernkop").

"- Sta in de correcte locatie - Gebruik je [Walk] plus een extra [actie] - Rol een 3-6 met een
6-zijdige dobbelsteen." "Als het je lukt, leg je de nucleaire zone kaart zichtbaar voor je
neer. Als het je niet lukt (ook doordat een tegenstander een kaart speelt), houd je de kaart
gedekt voor je. Er is geen straf voor het falen. Je kunt de nucleaire basis opnieuw proberen
onschadelijk te maken als je genoeg acties hebt."
"""

from __future__ import annotations

import pytest

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    act,
    actions,
    answer_all,
    loaded,
    of_kind,
    position,
    private_to,
    public_texts,
    refused,
)

BASE2 = "Kansas"  # a zone 2 base
BASE4 = "Ontario"  # a zone 4 base


def at_base(base: str = BASE2, **kw):
    return position([ANN, BO], at={ANN: base}, bases={ANN: [base]}, **kw)


def card(game, base: str) -> dict:
    return next(c for c in game.nz[ANN] if c["base"] == base)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_a_roll_of_3_to_6_disarms_and_turns_the_card_face_up(
        roll: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Rol een 3-6 met een 6-zijdige dobbelsteen": 3 to 6 succeed, the card face up (public);
    1 and 2 fail, the card stays face down, no penalty. It costs the Walk plus one action."""
    game = at_base(hands={BO: []})
    loaded(monkeypatch, [roll])
    events = act(game, ANN, "disarm")
    assert game.turn["actions"] == 1 and game.turn["walked"]
    assert card(game, BASE2)["disarmed"] is (roll >= 3)
    disarmed = {"base": BASE2, "zone": 2}
    assert (disarmed in game.view(None)["nuclear"][ANN]["disarmed"]) is (roll >= 3)
    assert game.bases_counted(ANN) == (1 if roll >= 3 else 0)
    assert of_kind(events, "disarm_try")[0].data == {"seat": ANN, "target": "base",
                                                     "at": BASE2}


def test_only_at_the_location_of_your_own_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Sta in de correcte locatie ... zoals getoond op je nucleaire basis kaart": nothing to
    disarm at a base on someone else's card or at a location without your base."""
    game = position([ANN, BO], at={ANN: "Kansas"}, bases={ANN: ["Nebraska"], BO: ["Kansas"]})
    assert "disarm" not in actions(game, ANN)
    refused(game, ANN, "disarm")


def test_it_uses_the_walk_so_a_second_try_needs_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """FAQ: a card that replaces "[Walk] plus een extra [actie]" lets you try a second time in
    the same turn (Double Time); without it, the Walk is gone and no second try is offered,
    nor a Walk after a try."""
    game = at_base(hands={ANN: ["Double Time"], BO: []})
    loaded(monkeypatch, [2], [5])
    act(game, ANN, "disarm")
    assert not card(game, BASE2)["disarmed"]
    assert "disarm" not in actions(game, ANN) and "walk" not in actions(game, ANN)
    act(game, ANN, "play", card="Double Time")
    assert card(game, BASE2)["disarmed"] and game.turn["actions"] == 0


def test_the_try_needs_two_actions() -> None:
    """"Gebruik je [Walk] plus een extra [actie]": with one action left, no try."""
    game = at_base(hands={BO: []})
    game.turn["actions"] = 1
    assert "disarm" not in actions(game, ANN)
    refused(game, ANN, "disarm")


def test_an_opponents_interruption_makes_it_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Als het je niet lukt (ook doordat een tegenstander een kaart speelt)": Bo's Sabotage
    in the window before the roll makes the try fail; no die is rolled."""
    game = at_base(hands={BO: ["Sabotage"]})
    loaded(monkeypatch)  # any roll would fail the test
    act(game, ANN, "disarm")
    assert game.stack[-1]["moment"] == "disarm" and game.stack[-1]["awaiting"] == [BO]
    act(game, BO, "play", card="Sabotage")
    events = answer_all(game)
    assert not card(game, BASE2)["disarmed"]
    assert any("fails" in t for t in public_texts(events))


def test_zone_4_gives_its_token_in_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Als je een nucleaire basis van nucleaire zone 4 onschadelijk maakt neem je het fiche en
    kijk je naar het Romeinse cijfer aan de onderkant. Je hoeft het cijfer niet te laten
    zien!" The numeral reaches only its new holder."""
    game = at_base(BASE4, hands={BO: []})
    token = game.base_tokens[BASE4]
    loaded(monkeypatch, [6])
    events = act(game, ANN, "disarm")
    assert game.tokens[ANN] == [token] and BASE4 not in game.base_tokens
    assert BASE4 not in game.view(None)["base_tokens"]
    assert game.view(None)["tokens_held"][ANN] == 1
    assert all(token not in t.split() for t in public_texts(events))
    assert [e.data["token"] for e in private_to(events, ANN) if e.kind == "token"] == [token]


def test_hacker_disarms_without_a_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    """FAQ (INFERRED): "je maakt je nucleaire basis onschadelijk zonder met een dobbelsteen te
    moeten rollen": the Hacker card (DEFAULT data)."""
    game = at_base(hands={ANN: ["Hacker"], BO: []})
    loaded(monkeypatch)
    act(game, ANN, "play", card="Hacker")
    assert card(game, BASE2)["disarmed"] and not game.turn["walked"]
