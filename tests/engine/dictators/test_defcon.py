"""DEFCON, each step from 5 down to 1 (rulebook "DEFCON kaarten", setup, FAQ).

"Als een DEFCON kaart geraapt of in je hand geplaatst wordt moet je deze onmiddellijk laten
zien, waarna het DEFCON niveau op het speelbord wordt verhoogd en het effect van het nieuw
behaalde niveau wordt uitgevoerd. Je mag wederom geen vervangende kaart rapen. Nadat het effect
uitgevoerd is, leg je de DEFCON kaart op de aflegstapel van het Commando deck." The levels'
effects are the DEFAULT data set's (defcon.json), each checked here.
"""

from __future__ import annotations

from typing import Any

from engine.games.dictators.board import road_key
from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    DATA,
    act,
    of_kind,
    position,
    verified,
)

DEFCON = DATA.defcon[0]
HANDS = {ANN: ["Road Trip"], BO: ["Veto", "Bulldozer"], CY: ["Roadblock"]}


def drawn_at(level: int, **kw: Any):
    game = position(hands=HANDS, top=[DEFCON], defcon=level, **kw)
    events = act(game, ANN, "draw")
    return game, events


def roads(game: Any) -> set[frozenset[str]]:
    return {road_key(*pair) for pair in game.roadblocks}


def test_the_game_starts_at_defcon_5_or_4_for_a_harder_game() -> None:
    """Setup: "Plaats het DEFCON niveau fiche op DEFCON niveau 5"; harder: "zet het
    startniveau van DEFCON op niveau 4 in plaats van niveau 5" (option defcon_start)."""
    assert position().defcon == 5
    assert position(options={"defcon_start": 4}).defcon == 4


def test_5_to_4_two_founding_fathers_into_the_top_20_and_roadblocks() -> None:
    """Level 4 (DEFAULT): "Two new Founding Father cards are shuffled into the top 20 cards
    of the Command deck" (the DEFCON card's own picture: "Draw 2 new Founding Father cards and
    shuffle them into the command deck"), and three roadblocks go up."""
    game = position(hands=HANDS, top=[DEFCON])
    supply, deck = len(game.founders), len(game.command)
    events = act(game, ANN, "draw")
    assert game.defcon == 4 and of_kind(events, "defcon")[0].data == {"level": 4}
    assert len(game.founders) == supply - 2 and len(game.command) == deck - 1 + 2
    assert sum(c in DATA.founders for c in game.command[-20:]) >= 2
    assert roads(game) == {road_key("Kansas", "Oklahoma"), road_key("Illinois", "Missouri"),
                           road_key("Ohio", "Pennsylvania")}
    assert game.hands[ANN] == ["Road Trip"]  # no replacement card
    assert game.command_discards == [DEFCON]
    verified(game)


def test_4_to_3_each_dictator_discards_and_the_central_time_zone_closes() -> None:
    """Level 3 (DEFAULT): "Each dictator discards their hand" (the English line beside the
    DEFCON picture) and a no-fly zone over the Central time zone."""
    game, events = drawn_at(4)
    assert game.defcon == 3
    assert all(game.hands[s] == [] for s in game.seats)
    assert len(of_kind(events, "discarded_hand")) == 3
    assert game.no_fly == ["Central"]


def test_3_to_2_more_founding_fathers_and_roadblocks_near_washington() -> None:
    """Level 2 (DEFAULT): as level 4, with roadblocks closer to Washington D.C."""
    game, _ = drawn_at(3)
    assert game.defcon == 2
    assert road_key("Maryland", "Pennsylvania") in roads(game)
    assert len(roads(game)) == 3


def test_2_to_1_hands_discarded_but_token_ix_reveals_and_keeps() -> None:
    """Level 1 (DEFAULT) and token IX: "Toon dit fiche wanneer DEFCON niveau 1 behaalt wordt"
    (its holder reveals it and is untouched by DEFCON 1: DEFAULT for the lost text)."""
    game, events = drawn_at(2, tokens={BO: ["IX"]})
    assert game.defcon == 1 and game.no_fly == ["Eastern"]
    assert game.hands[BO] == ["Veto", "Bulldozer"] and game.hands[CY] == []
    assert game.revealed[BO] == ["IX"] and "IX" not in game.tokens[BO]
    assert any(e.data.get("token") == "IX" for e in of_kind(events, "token"))


def test_at_1_a_defcon_card_raises_nothing_more() -> None:
    """DEFAULT: the alert can't rise past 1; the card is still shown and discarded."""
    game, events = drawn_at(1)
    assert game.defcon == 1 and of_kind(events, "defcon")[0].data == {"level": 1}
    assert game.hands[CY] == ["Roadblock"] and game.command_discards == [DEFCON]


def test_a_defcon_card_placed_in_a_hand_triggers_too() -> None:
    """"Als een DEFCON kaart geraapt of in je hand geplaatst wordt ..."; "Het is mogelijk om
    een DEFCON kaart van de aflegstapel te rapen ... en in je hand te plaatsen": Black Market's
    search of the discard pile takes the DEFCON card, which is resolved at once."""
    def edit(d: dict[str, Any]) -> None:
        d["command"].remove(DEFCON)
        d["command_discards"].append(DEFCON)
        d["in_play"].append({"card": "Black Market", "holder": ANN, "by": ANN,
                             "kind": "asset", "turns": None})
        d["command"].remove("Black Market")
    game = position(edit=edit)
    act(game, ANN, "activate", ability="Black Market #1", take=DEFCON)
    assert game.defcon == 4 and DEFCON not in game.hands[ANN]
    assert game.command_discards.count(DEFCON) == 1


def test_fewer_than_20_cards_left_rebuilds_a_deck_of_20_as_the_faq_says() -> None:
    """FAQ: "Wat moet ik doen als DEFCON niveau ... behaald wordt en er minder dan 20 kaarten
    in het Commando deck over zijn? Plaats alle kaarten die nog in het Commando deck zitten in
    de aflegstapel, maar houd alle resterende gebeurtenis kaarten apart. Schud de aflegstapel,
    ga door met kaarten ... totdat je 20 kaarten hebt behaald. Voeg daarna de gebeurtenis kaarten
    die je apart hebt gehouden weer toe samen met de nieuwe Founding Father kaarten zoals
    gewoonlijk. Schud vervolgens het Commando deck." """
    def edit(d: dict[str, Any]) -> None:
        # 5 cards left, the Trident among them; the rest already in the discard pile.
        d["command"].remove(DEFCON)
        keep = [c for c in d["command"] if c in DATA.founders or c == DATA.trident[0]]
        rest = [c for c in d["command"] if c not in keep]
        d["command"] = keep + rest[:5 - len(keep)] + [DEFCON]
        d["command_discards"] = rest[5 - len(keep):]
    game = position(edit=edit, hands=HANDS)
    events = [c for c in game.command[:-1] if game.is_event(c)]
    act(game, ANN, "draw")
    assert game.defcon == 4
    assert len(game.command) == 20 + len(events) + 2
    assert all(c in game.command for c in events)
