"""Take a Territory Card (rulebook "Take a Territory Card")."""

from __future__ import annotations

from tests.engine.cold_cash_risk.helpers import (
    ANN,
    BO,
    act,
    g,
    mompops,
    of_kind,
    position,
    private_to,
)


def test_discard_unusable_cards_and_refill_to_three() -> None:
    """"End your turn by taking 1 territory card from the deck. If you have a territory card
    you cannot use, discard it now and draw your hand back up to 3 cards." The new hand goes
    privately to its holder; the table hears only the counts."""
    game = position(territories=mompops("Brazil"), hands={ANN: ["Peru", "Brazil", "Alaska"]})
    act(game, ANN, "place", territory="Peru")
    events = act(game, ANN, "leave")  # no action possible: the turn ends
    assert game.current == BO
    assert len(game.hands[ANN]) == 3 and "Alaska" in game.hands[ANN]
    assert all(game.usable(c) for c in game.hands[ANN])
    assert "Brazil" in g(game)["discards"]
    drawn = of_kind(events, "cards_drawn")[0]
    assert drawn.public and "discards 1 unusable card" in drawn.text
    assert not set(game.hands[ANN]) & set(drawn.text.replace(".", " ").split())
    assert private_to(events, ANN)[-1].data["hand"] == game.hands[ANN]


def test_no_more_cards_no_reshuffle() -> None:
    """"If there are no more cards, continue to play normally. Do not reshuffle the deck.\""""
    def one_card_left(d: dict[str, object]) -> None:
        pile = d["draw_pile"]
        assert isinstance(pile, list)
        discards = d["discards"]
        assert isinstance(discards, list)
        discards.extend(pile[:-1])
        del pile[:-1]

    game = position(hands={ANN: ["Peru", "Alaska"]}, edit=one_card_left)
    act(game, ANN, "place", territory="Peru")
    act(game, ANN, "leave")
    assert len(game.hands[ANN]) == 2 and len(game.deck) == 0
    assert len(g(game)["discards"]) > 30
