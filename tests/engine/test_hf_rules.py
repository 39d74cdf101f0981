"""High Frontier political events: one test per rule of the rulebook and ruling HF-1..HF-4.

Each test names the rulebook section or ruling it pins and quotes it. The helpers force
the draw order by editing the draw pile through state()/load(), which also checks the
round trip; every action taken through `act` checks that load(state()) round-trips and
every refusal through `refused` checks that the state is unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine import Event, Game, RuleError
from engine.games.hf_political_events.cards import CARD_TYPE, DECK
from tests.support import contract

V = "hf-political-events"
SEATS = ["Ann", "Bo", "Cy", "Dee"]
IDEOLOGY = {"Ann": "Unity", "Bo": "Freedom", "Cy": "Honor", "Dee": "Authority"}


# ----- helpers -------------------------------------------------------------

def roundtrip(game: Game) -> Game:
    """load(state()) gives the same state, through JSON text as the bot stores it."""
    state = game.state()
    again = engine.load(V, json.loads(json.dumps(state)))
    assert again.state() == state
    assert again.view(None) == game.view(None)
    return again


def new(seats: list[str] | None = None, *, ideologies: dict[str, str] | None = None,
        seed: str = "hf", **options: Any) -> Game:
    """A game with the given ideologies recorded (free actions of the first seat)."""
    game = engine.new_game(V, list(seats or SEATS), seed=seed, options=options)
    for seat, ideology in (IDEOLOGY if ideologies is None else ideologies).items():
        if seat in game.seats:
            act(game, game.seats[0], "ideology", player=seat, ideology=ideology)
    return game


def stack(game: Game, *cards: str) -> Game:
    """The same game with `cards` on top of the draw pile, the first listed drawn first."""
    state = game.state()
    pile = state["game"]["pile"]
    for card in cards:
        pile.remove(card)
    pile.extend(reversed(cards))
    return roundtrip(engine.load(V, state))


def act(game: Game, seat: str, action: str, **params: Any) -> list[Event]:
    events = game.act(seat, action, **params)
    roundtrip(game)
    return events


def refused(game: Game, seat: str, action: str, **params: Any) -> str:
    """The action is refused and the state is exactly as it was; returns the message."""
    return contract.refused(game, seat, action, **params).message


def drawn(events: list[Event]) -> dict[str, Any]:
    """The data of the one draw among `events`."""
    found = [e for e in events if e.kind == "drawn"]
    assert len(found) == 1, [e.kind for e in events]
    assert found[0].public
    return found[0].data


def turn(game: Game, **params: Any) -> dict[str, Any]:
    """The Sec-Gen starts a turn; returns the draw."""
    return drawn(act(game, game.view(None)["secgen"], "turn", **params))


def g(game: Game, key: str) -> Any:
    return game.state()["game"][key]


def walk(game: Game, answer: str = "done") -> list[str]:
    """Every awaited seat answers until the walk is over; returns the seats in order."""
    order = []
    while (p := game.view(None)["pending"]) and p["kind"] == "walk":
        order.append(p["seat"])
        act(game, p["seat"], answer)
    return order


# ----- How This Works -------------------------------------------------------

def test_draw_event_first_turn_has_no_advance_then_advance_before_draw() -> None:
    """How This Works, Draw Event: "The Secretary General (Sec-Gen) draws an event at the
    beginning of the 1st turn. Then every subsequent turn the Sec-Gen draws a new event
    *after* advancing the Sunspot Cube."."""
    game = new()
    assert g(game, "sunspot") == 1
    events = act(game, "Ann", "turn")
    assert [e.kind for e in events] == ["turn", "drawn"]
    assert g(game, "sunspot") == 1 and g(game, "turn") == 1
    assert drawn(events)["sunspot"] == 1
    events = act(game, "Ann", "turn")
    assert [e.kind for e in events] == ["turn", "drawn"]
    assert g(game, "sunspot") == 2 and drawn(events)["sunspot"] == 2
    assert len(g(game, "pile")) == 22 and len(g(game, "drawn")) == 2


def test_draw_event_only_the_secgen_may_draw() -> None:
    """Draw Event: "The Secretary General (Sec-Gen) draws an event". Only the Sec-Gen's seat
    is prompted for `turn`, and the refusal says who may."""
    game = new()
    assert list(game.prompts()) == ["Ann"]
    assert [a.name for a in game.prompts()["Ann"].actions] == ["turn"]
    message = refused(game, "Bo", "turn")
    assert "Sec-Gen" in message and "Ann" in message
    act(game, "Ann", "secgen", player="Cy")  # bookkeeping: the table says Cy is Sec-Gen
    assert "Cy" in refused(game, "Ann", "turn")
    assert turn(game)["secgen"] == "Cy"


def test_draw_event_data_carries_card_applied_reason_effect() -> None:
    """The draw event's data: the card (id, name, subtitle), whether it applied and why
    not, and a machine-readable effect summary."""
    game = stack(new(), "freedom", "inspiration-1")
    data = turn(game)
    assert data["card"]["id"] == "freedom"
    assert (data["card"]["name"], data["card"]["subtitle"]) == ("Freedom", "Bull Market")
    assert data["applied"] is False and data["reason"] == "condition"
    assert data["effect"] == {"kind": "none"}
    data = turn(game)
    assert data["applied"] is True and data["reason"] is None
    assert data["effect"]["kind"] == "inspiration"
    assert data["card"]["text"].startswith("Put the topmost card")


def test_render_on_the_draw() -> None:
    """The bot posts the board image after each draw."""
    game = new()
    assert "drawn" in game.render_on


def test_sunspot_cycle_card_applies_the_current_season() -> None:
    """How This Works, Sunspot Cycle: "When Sunspot Cycle event is drawn, apply the event for
    the current season. Just like you rolled a '5' or '6'"."""
    game = stack(new(), "sunspot-cycle-3")
    data = turn(game)
    assert data["applied"] and data["effect"] == {"kind": "sunspot-cycle",
                                                   "event": "sunspot-cycle", "sunspot": 1}


# ----- Sometimes Nothing Happens: Conditional --------------------------------

LAW_CARDS = ["equality", "unity", "centrist", "freedom", "authority", "individuality", "honor"]


@pytest.mark.parametrize("card", LAW_CARDS)
def test_conditional_law_card_whose_law_is_not_active_does_nothing(card: str) -> None:
    """Conditional: "the Authority event applies only if the gold, Active Law star is on
    Authority. If the condition isn't met, ignore the card. There is no event this turn."."""
    law = CARD_TYPE[card].law
    other = "Freedom" if law != "Freedom" else "Unity"
    game = new()
    act(game, "Ann", "law", law=other)
    game = stack(game, card)
    data = turn(game)
    assert not data["applied"] and data["reason"] == "condition"
    assert f"{law} is not the Active Law" in data["detail"]
    assert game.view(None)["pending"] is None  # no bonus operation either
    assert list(game.prompts()) == ["Ann"]


@pytest.mark.parametrize("card", LAW_CARDS)
def test_conditional_law_card_whose_law_is_active_applies(card: str) -> None:
    """Conditional: the law card applies when the Active Law star is on its ideology."""
    law = CARD_TYPE[card].law
    game = new()
    if law != "Centrist":  # Centrist is the starting Active Law (base game setup)
        act(game, "Ann", "law", law=law)
    game = stack(game, card)
    data = turn(game)
    assert data["applied"] and data["effect"]["kind"] == card


@pytest.mark.parametrize("trouble", ["anarchy", "war"])
@pytest.mark.parametrize("card", LAW_CARDS + ["stability"])
def test_no_active_law_during_anarchy_or_war(trouble: str, card: str) -> None:
    """War and Peace and Anarchy, No Active Law: "There is no Active Law during anarchy or
    war." So every law card does nothing, and Stability ("Unless Anarchy or War are in
    effect") does nothing."""
    game = new()
    if (CARD_TYPE[card].law or "Freedom") != g(game, "law"):
        act(game, "Ann", "law", law=CARD_TYPE[card].law or "Freedom")
    act(game, "Bo", trouble, on=True)
    assert g(game, "law") is None
    game = stack(game, card)
    data = turn(game)
    assert not data["applied"] and data["reason"] == "condition"


def test_no_active_law_during_anarchy_refuses_setting_one() -> None:
    """No Active Law: during anarchy the table can't record an Active Law."""
    game = new()
    act(game, "Ann", "anarchy", on=True)
    assert "no Active Law" in refused(game, "Ann", "law", law="Freedom")


def test_stability_in_peace_names_who_gains_and_loses() -> None:
    """Stability: "gain 2 VPs if your ideology is the Active Law. Lose 1 VP if the opposite
    ideology is the Active Law." (Bo holds Freedom, Dee holds Authority, its opposite.)"""
    game = new()
    act(game, "Ann", "law", law="Freedom")
    game = stack(game, "stability")
    data = turn(game)
    assert data["applied"]
    assert data["effect"]["gain_2_vp"] == ["Bo"] and data["effect"]["lose_1_vp"] == ["Dee"]


def test_anarchy_war_ends_needs_anarchy_or_war() -> None:
    """Anarchy/War Ends: "If Anarchy or War are in effect ..."; otherwise ignore the card."""
    game = stack(new(), "core-values")
    data = turn(game)
    assert not data["applied"] and data["reason"] == "condition"
    assert game.view(None)["pending"] is None


# ----- Sometimes Nothing Happens: Repetition (HF-1) --------------------------

@pytest.mark.parametrize("first, second", [("pad-explosion", "space-debris"),
                                           ("space-debris", "pad-explosion")])
def test_hf1_pad_explosion_then_space_debris_is_ignored(first: str, second: str) -> None:
    """Repetition: "Treat Pad Explosion and Space Debris as the same event." (HF-1)"""
    game = stack(new(), first, second)
    assert turn(game)["applied"]
    data = turn(game)
    assert not data["applied"] and data["reason"] == "repetition"
    assert data["effect"] == {"kind": "none"}


def test_repetition_a_second_sunspot_cycle_in_a_row_is_ignored() -> None:
    """Repetition: "If the same event comes up twice or more in a row, ignore the subsequent
    events. ... Treat all Sunspot Cycle events as the same event."."""
    game = stack(new(), "sunspot-cycle-1", "sunspot-cycle-4")
    assert turn(game)["applied"]
    data = turn(game)
    assert (data["applied"], data["reason"]) == (False, "repetition")


def test_repetition_three_in_a_row_suppresses_the_second_and_third() -> None:
    """Repetition: "twice or more in a row, ignore the subsequent events"; HF-1: "A suppressed
    repeat still counts as the most recent event."."""
    game = stack(new(), "inspiration-1", "inspiration-2", "inspiration-3", "glitch-1")
    outcomes = [turn(game) for _ in range(4)]
    assert [(d["applied"], d["reason"]) for d in outcomes] == [
        (True, None), (False, "repetition"), (False, "repetition"), (True, None)]


def test_hf1_twins_are_the_same_event() -> None:
    """HF-1: "twins are the same event" (the two Glitch cards)."""
    game = stack(new(), "glitch-2", "glitch-1")
    turn(game)
    assert turn(game)["reason"] == "repetition"


def test_repetition_means_in_a_row() -> None:
    """Repetition compares with the immediately preceding draw only."""
    game = stack(new(), "sunspot-cycle-1", "inspiration-1", "sunspot-cycle-2")
    assert [turn(game)["applied"] for _ in range(3)] == [True, True, True]


def test_hf2_condition_is_checked_before_repetition() -> None:
    """HF-2: "the condition is checked, then repetition". A law card after an ignored twin
    event reports the condition; a card that fails both reports the condition."""
    game = stack(new(), "centrist-purge", "inspiration-1", "inspiration-2")
    assert turn(game)["reason"] == "condition"
    turn(game)
    assert turn(game)["reason"] == "repetition"


@pytest.mark.parametrize("as_one", [False, True])
def test_hf1_anarchy_war_ends_compared_by_subtitle(as_one: bool) -> None:
    """HF-1: "the four Anarchy/War Ends cards are compared by their subtitle" (default), and
    "A suppressed repeat still counts as the most recent event": an Ends card ignored for
    its condition is still the most recent event. Option ends_as_one_event compares them
    as one event."""
    game = stack(new(ends_as_one_event=as_one), "centrist-purge", "core-values")
    assert turn(game)["reason"] == "condition"
    act(game, "Cy", "war", on=True)
    data = turn(game)
    if as_one:
        assert (data["applied"], data["reason"]) == (False, "repetition")
        assert g(game, "war") is True
    else:
        assert data["applied"] and data["effect"]["ends"] == ["war"]


# ----- Seniority --------------------------------------------------------------

def test_seniority_reshuffle_sets_aside_the_most_recent_event() -> None:
    """Seniority, Reshuffle: "Each time the Sunspot Cube passes Seniority, set the most
    recent event aside face-up then shuffle the remaining cards to form a fresh event
    deck." (track of 3 spaces, Seniority on space 1: passed on turn 4)."""
    game = new(track_length=3, seniority_space=1)
    act(game, "Ann", "law", law="Unity")  # Ann's: she stays Sec-Gen and draws at once
    game = stack(game, "glitch-1", "inspiration-1", "honor")
    for _ in range(3):
        turn(game)
    assert game.view(None)["sunspot"]["seniority_in"] == 1
    events = act(game, "Ann", "turn")
    kinds = [e.kind for e in events]
    assert kinds == ["turn", "seniority", "secgen", "drawn"]
    assert g(game, "set_aside") == "honor"
    assert g(game, "sunspot") == 1
    pile, drawn_now = g(game, "pile"), g(game, "drawn")
    assert len(pile) == 22 and len(drawn_now) == 1  # 23 shuffled, one of them drawn since
    assert sorted(pile + drawn_now + ["honor"]) == sorted(DECK)
    assert game.view(None)["set_aside"]["name"] == "Honor"


def test_hf1_set_aside_card_still_counts_as_most_recent() -> None:
    """HF-1 / reference point 2: "Across a Seniority reshuffle, the card set aside face up is
    the 'most recent event' for the comparison." (The Active Law, Centrist, belongs to no
    player, so the draw waits for the Sec-Gen's choice: the fresh deck can be stacked.)"""
    game = stack(new(track_length=2), "inspiration-1", "sunspot-cycle-1")
    turn(game)
    turn(game)  # space 2: the most recent event is a Sunspot Cycle
    act(game, "Ann", "turn")  # space 1: Seniority; Ann must choose a new Sec-Gen
    assert g(game, "set_aside") == "sunspot-cycle-1" and len(g(game, "pile")) == 23
    game = stack(game, "sunspot-cycle-2")  # the first card of the fresh deck
    data = drawn(act(game, "Ann", "secgen", player="Bo"))
    assert data["secgen"] == "Bo"
    assert (data["applied"], data["reason"]) == (False, "repetition")


def test_seniority_set_aside_card_returns_at_the_next_seniority() -> None:
    """Reference point 2: the set-aside card "is shuffled back in at the next Seniority,
    when the newer most-recent card takes its place"."""
    game = new(track_length=2)
    act(game, "Ann", "law", law="Unity")
    game = stack(game, "inspiration-1", "glitch-1")
    turn(game)
    turn(game)
    turn(game)  # Seniority: Glitch aside
    assert g(game, "set_aside") == "glitch-1"
    turn(game)
    most_recent = g(game, "drawn")[-1]
    turn(game)  # Seniority again
    assert g(game, "set_aside") == most_recent
    assert "glitch-1" in g(game, "pile") + g(game, "drawn")


def test_new_secgen_passes_to_the_player_whose_ideology_is_the_active_law() -> None:
    """Seniority, New Sec-Gen: "The Sec-Gen position passes to the player whose ideology is the
    Active Law"."""
    game = new(track_length=2)
    act(game, "Ann", "law", law="Freedom")
    turn(game)
    events = act(game, "Ann", "turn")
    assert not any(e.kind == "secgen" for e in events)
    events = act(game, "Ann", "turn")  # passes Seniority
    assert g(game, "secgen") == "Bo"
    kinds = [e.kind for e in events]
    assert kinds.index("seniority") < kinds.index("secgen") < kinds.index("drawn")
    assert drawn(events)["secgen"] == "Bo"  # HF-2: then the (new) Sec-Gen draws
    assert list(game.prompts()) == ["Bo"] or game.view(None)["pending"] is not None


def test_new_secgen_even_if_that_player_is_the_current_secgen() -> None:
    """New Sec-Gen: "... even if that player is the current Sec-Gen."."""
    game = new(track_length=2)
    act(game, "Ann", "law", law="Unity")  # Ann's ideology
    turn(game)
    turn(game)
    events = act(game, "Ann", "turn")
    change = [e for e in events if e.kind == "secgen"]
    assert len(change) == 1 and change[0].data["secgen"] == "Ann"
    assert g(game, "secgen") == "Ann"


def test_new_secgen_chosen_by_current_among_the_other_players() -> None:
    """New Sec-Gen: "If the Active Law isn't associated with a player, the current Sec-Gen
    must choose a different player to be Sec-Gen." (Centrist belongs to nobody.)"""
    game = new(track_length=2)
    turn(game)
    turn(game)
    events = act(game, "Ann", "turn")
    assert [e.kind for e in events][-1] == "secgen-choice"
    assert not any(e.kind == "drawn" for e in events)  # HF-2: the new Sec-Gen draws
    prompt = game.prompts()["Ann"]
    assert list(game.prompts()) == ["Ann"]
    spec = prompt.action("secgen")
    assert spec is not None and spec.params[0].name == "player"
    assert spec.params[0].choices is not None
    assert [c.value for c in spec.params[0].choices] == ["Bo", "Cy", "Dee"]
    assert "different player" in refused(game, "Ann", "secgen", player="Ann")
    assert "Ann" in refused(game, "Bo", "secgen", player="Cy")
    refused(game, "Ann", "turn")
    refused(game, "Ann", "law", law="Freedom")  # bookkeeping waits for the choice
    events = act(game, "Ann", "secgen", player="Cy")
    assert g(game, "secgen") == "Cy"
    assert drawn(events)["secgen"] == "Cy"


def test_new_secgen_with_one_other_player_resolves_itself() -> None:
    """New Sec-Gen among the others: with two players the choice has one option."""
    game = new(["Ann", "Bo"], ideologies={}, track_length=2)
    turn(game)
    turn(game)
    events = act(game, "Ann", "turn")
    assert g(game, "secgen") == "Bo" and drawn(events)["secgen"] == "Bo"


def seniority_during(trouble: str, seed: str, *, law: str = "Centrist") -> Game:
    """Turns 1 and 2 on a 2-space track, then `trouble` begins and turn 3 passes Seniority;
    then, unless that draw already was one, an Anarchy/War Ends card is drawn."""
    game = new(track_length=2, seed=seed)
    if law != "Centrist":
        act(game, "Ann", "law", law=law)
    turn(game)
    turn(game)
    act(game, "Cy", trouble, on=True)
    events = act(game, "Ann", "turn")  # Seniority during anarchy or war
    kinds = [e.kind for e in events]
    assert "secgen-held" in kinds and "secgen" not in kinds
    assert g(game, "secgen") == "Ann" and g(game, "secgen_held") is True
    assert drawn(events)["secgen"] == "Ann"
    if game.view(None)["pending"] is None:
        ends = [c for c in g(game, "pile") if CARD_TYPE[c].family][0]
        game = stack(game, ends)
        assert turn(game)["applied"]
    return game


@pytest.mark.parametrize("seed", ["a", "b", "c"])
@pytest.mark.parametrize("trouble", ["anarchy", "war"])
def test_anarchy_war_delays_the_secgen_change_until_after_the_tally(trouble: str,
                                                                      seed: str) -> None:
    """Seniority, Anarchy/War: "The change to Sec-Gen is delayed during anarchy/war.
    Determine a new Sec-Gen after anarchy/war has been resolved." Tally Vote: "Then choose
    a new Sec-Gen if required." (HF-2: held back during anarchy or war.)"""
    game = seniority_during(trouble, seed)
    assert walk(game, "done") == ["Ann", "Bo", "Cy", "Dee"]
    assert list(game.prompts()) == ["Ann"]
    assert "Ann" in refused(game, "Bo", "tally", law="Freedom")
    events = act(game, "Ann", "tally", law="Freedom")
    assert [e.kind for e in events] == ["tallied", "secgen"]
    assert g(game, trouble) is False and g(game, "law") == "Freedom"
    assert g(game, "secgen") == "Bo" and g(game, "secgen_held") is False
    assert list(game.prompts()) == ["Bo"]


def test_held_secgen_change_after_tally_to_nobodys_law_is_chosen_by_the_secgen() -> None:
    """HF-2 with New Sec-Gen: after the tally, a law that belongs to no player means the
    current Sec-Gen chooses a different player; no draw follows (the turn's draw is done)."""
    game = seniority_during("war", "w", law="Freedom")
    walk(game, "skip")
    events = act(game, "Ann", "tally", law="Centrist")
    assert events[-1].kind == "secgen-choice"
    events = act(game, "Ann", "secgen", player="Dee")
    assert [e.kind for e in events] == ["secgen"]
    assert g(game, "secgen") == "Dee" and list(game.prompts()) == ["Dee"]
    assert g(game, "war") is False


def test_anarchy_ends_by_hand_the_held_change_waits_for_the_law() -> None:
    """HF-4 bookkeeping: anarchy switched off by hand; the held-back change is made when the
    table records the new Active Law."""
    for seed in "abcdefgh":  # a seed whose Seniority turn does not draw an Ends card
        game = new(track_length=2, seed=seed)
        turn(game)
        turn(game)
        act(game, "Ann", "anarchy", on=True)
        turn(game)
        if game.view(None)["pending"] is None:
            break
    assert g(game, "secgen_held") is True
    act(game, "Ann", "anarchy", on=False)
    assert g(game, "secgen_held") is True and g(game, "secgen") == "Ann"
    act(game, "Ann", "law", law="Honor")
    assert g(game, "secgen") == "Cy" and g(game, "secgen_held") is False


# ----- HF-3: the deck runs out ----------------------------------------------

def test_hf3_deck_runs_out_before_seniority() -> None:
    """HF-3: "If the deck runs out before Seniority, every card but the most recent is
    shuffled into a new deck."."""
    game = new(track_length=60)
    for _ in range(24):
        turn(game)
        while game.view(None)["pending"]:
            pending = game.view(None)["pending"]
            if pending["kind"] == "walk":
                walk(game)
            else:
                act(game, pending["seat"], "tally", law="Centrist")
    assert g(game, "pile") == [] and game.view(None)["cards_left"] == 0
    last = g(game, "drawn")[-1]
    events = act(game, game.view(None)["secgen"], "turn")
    assert [e.kind for e in events][:3] == ["turn", "reshuffle", "drawn"]
    assert g(game, "set_aside") == last
    assert len(g(game, "pile")) == 22 and len(g(game, "drawn")) == 1
    assert drawn(events)["card"]["id"] != last


def test_hf3_most_recent_still_compared_after_running_out() -> None:
    """HF-3 and HF-1: the card kept out of the new deck is still the most recent event, so
    an Inspiration twin on top of the new deck repeats the last Inspiration."""
    state = new(track_length=60).state()
    state["game"]["pile"] = ["inspiration-1"]
    state["game"]["drawn"] = [c for c in DECK if c != "inspiration-1"]
    game = engine.load(V, state)
    assert turn(game)["card"]["id"] == "inspiration-1"
    assert g(game, "pile") == []
    state = game.state()
    for n in range(200):  # the seed decides the new deck's order: find an Inspiration on top
        state["seed"] = f"seed-{n}"
        game = engine.load(V, state)
        events = act(game, "Ann", "turn")
        if drawn(events)["card"]["name"] == "Inspiration":
            break
    assert [e.kind for e in events] == ["turn", "reshuffle", "drawn"]
    assert g(game, "set_aside") == "inspiration-1"
    assert drawn(events)["card"]["id"] != "inspiration-1"
    assert (drawn(events)["applied"], drawn(events)["reason"]) == (False, "repetition")


# ----- Bonus Operations -----------------------------------------------------

@pytest.mark.parametrize("card", ["equality", "unity", "freedom", "authority", "individuality"])
def test_bonus_operations_walk_from_the_secgen_in_turn_order(card: str) -> None:
    """Bonus Operations: "In normal turn order, beginning with the Sec-Gen, each player may
    perform *only* the operation specified. When everyone has finished, proceed with the
    turn normally." (Cy is Sec-Gen: Cy, Dee, Ann, Bo.)"""
    game = new()
    law = CARD_TYPE[card].law
    assert law is not None
    act(game, "Ann", "law", law=law)
    act(game, "Ann", "secgen", player="Cy")
    game = stack(game, card)
    data = turn(game)
    assert data["applied"] and data["effect"]["walk"] == ["Cy", "Dee", "Ann", "Bo"]
    assert list(game.prompts()) == ["Cy"]
    assert {a.name for a in game.prompts()["Cy"].actions} == {"done", "skip"}
    refused(game, "Dee", "done")
    refused(game, "Cy", "turn")
    act(game, "Cy", "done")
    assert list(game.prompts()) == ["Dee"]
    refused(game, "Cy", "done")
    act(game, "Dee", "skip")
    act(game, "Ann", "done")
    events = act(game, "Bo", "done")
    assert events[-1].kind == "walk-done"
    assert events[-1].data["answers"] == {"Cy": "done", "Dee": "skip", "Ann": "done",
                                          "Bo": "done"}
    if card == "unity":
        assert game.view(None)["pending"]["kind"] == "tally"
    else:
        assert game.view(None)["pending"] is None and list(game.prompts()) == ["Cy"]


def test_unity_tally_only_after_all_players_have_finished() -> None:
    """Unity: "each player may perform a Fundraise Bonus Operation. However, tally the vote
    only *after* all players have finished. The Sec-Gen decides ties."."""
    game = new()
    act(game, "Ann", "law", law="Unity")
    game = stack(game, "unity")
    turn(game)
    refused(game, "Ann", "tally", law="Freedom")  # Ann must first answer her bonus op
    walk(game)
    assert list(game.prompts()) == ["Ann"]
    spec = game.prompts()["Ann"].action("tally")
    assert spec is not None and spec.params[0].choices is not None
    assert len(spec.params[0].choices) == 7
    events = act(game, "Ann", "tally", law="Freedom")
    assert events[0].data["law"] == "Freedom" and g(game, "law") == "Freedom"
    assert g(game, "secgen") == "Ann"  # a tally alone changes no Sec-Gen
    assert game.view(None)["pending"] is None


@pytest.mark.parametrize("card", ["centrist", "honor", "stability", "inspiration-1"])
def test_no_bonus_operation_on_other_cards(card: str) -> None:
    """Bonus Operations are granted only by the cards that say so."""
    game = new()
    if card == "honor":
        act(game, "Ann", "law", law="Honor")
    game = stack(game, card)
    data = turn(game)
    assert data["applied"]
    assert game.view(None)["pending"] is None


# ----- War and Peace and Anarchy --------------------------------------------

def test_anarchy_war_ends_delegates_in_turn_order_from_the_secgen_then_tally() -> None:
    """Delegates: "Add, move, or remove delegates in normal turn order, beginning with the
    current Sec-Gen." Anarchy/War Ends: "anarchy/war continues until you draw an
    Anarchy/War Ends event. Then follow the instructions on the card." ("... Then tally
    vote.")"""
    game = new()
    act(game, "Ann", "secgen", player="Bo")
    act(game, "Ann", "anarchy", on=True)
    act(game, "Ann", "war", on=True)
    game = stack(game, "rightward-shift")
    data = turn(game)
    assert data["effect"]["ends"] == ["anarchy", "war"]
    assert data["effect"]["walk"] == ["Bo", "Cy", "Dee", "Ann"]
    assert g(game, "anarchy") and g(game, "war")  # until the tally
    assert walk(game) == ["Bo", "Cy", "Dee", "Ann"]
    events = act(game, "Bo", "tally", law="Honor")
    assert events[0].data["ended"] == ["anarchy", "war"]
    assert (g(game, "anarchy"), g(game, "war"), g(game, "law")) == (False, False, "Honor")


def test_anarchy_and_war_do_not_end_automatically() -> None:
    """Anarchy/War Ends: "Anarchy and war don't end automatically."."""
    game = stack(new(), "inspiration-1", "glitch-1", "sunspot-cycle-1")
    act(game, "Ann", "anarchy", on=True)
    for _ in range(3):
        turn(game)
    assert g(game, "anarchy") is True and g(game, "law") is None


def test_delegate_walk_option_off_goes_straight_to_the_tally() -> None:
    """Option delegate_walk off: the Sec-Gen tallies at once after an Ends card."""
    game = new(delegate_walk=False)
    act(game, "Ann", "war", on=True)
    game = stack(game, "core-values")
    data = turn(game)
    assert data["effect"]["walk"] == []
    assert game.view(None)["pending"]["kind"] == "tally"
    act(game, "Ann", "tally", law="Unity")
    assert g(game, "war") is False


# ----- Options: the Sunspot track and declared Seniority -----------------------

def test_track_options_length_and_seniority_space() -> None:
    """Options track_length, seniority_space, start_space: the cube passes Seniority when it
    advances onto seniority_space."""
    game = new(track_length=4, seniority_space=3, start_space=1)
    kinds = []
    for _ in range(7):
        kinds.append("seniority" in [e.kind for e in act(game, game.view(None)["secgen"],
                                                          "turn")])
        pending = game.view(None)["pending"]
        if pending and pending["kind"] == "secgen":
            act(game, pending["seat"], "secgen", player=pending["options"][0])
    # spaces 1 (first turn), 2, 3*, 4, 1, 2, 3*
    assert kinds == [False, False, True, False, False, False, True]


def test_track_options_are_checked() -> None:
    with pytest.raises(RuleError):
        engine.new_game(V, SEATS, seed="s", options={"track_length": 6, "seniority_space": 7})


def test_declared_seniority() -> None:
    """Option seniority=declared: the Sec-Gen says when the cube passed Seniority."""
    game = stack(new(seniority="declared"), "honor")
    spec = game.prompts()["Ann"].action("turn")
    assert spec is not None and [p.name for p in spec.params] == ["seniority"]
    assert "first turn" in refused(game, "Ann", "turn", seniority=True)
    turn(game)
    assert game.view(None)["sunspot"]["space"] is None
    act(game, "Ann", "law", law="Unity")
    events = act(game, "Ann", "turn", seniority="true")
    assert "seniority" in [e.kind for e in events] and g(game, "set_aside") == "honor"
    assert g(game, "secgen") == "Ann"
    events = act(game, "Ann", "turn", seniority=False)
    assert "seniority" not in [e.kind for e in events]
    refused(game, "Ann", "sunspot", space=3)


def test_track_mode_refuses_declared_seniority() -> None:
    game = new()
    assert "track" in refused(game, "Ann", "turn", seniority=True)


# ----- HF-4: bookkeeping ------------------------------------------------------

def test_hf4_players_tell_the_bot_what_changes() -> None:
    """HF-4: "The bot tracks what the events need: each player's ideology, the Active Law,
    anarchy/war, the Sec-Gen and the Sunspot Cube. Players tell it when the table changes
    one of them." Any seat may, at any time outside an event in progress."""
    game = new(ideologies={})
    act(game, "Dee", "ideology", player="bo", ideology="freedom")
    assert g(game, "ideologies")["Bo"] == "Freedom"
    assert "Bo" in refused(game, "Cy", "ideology", player="Cy", ideology="Freedom")
    refused(game, "Cy", "ideology", player="Cy", ideology="Centrist")  # nobody's colour
    refused(game, "Cy", "ideology", player="Zed", ideology="Unity")
    act(game, "Cy", "law", law="freedom")
    assert g(game, "law") == "Freedom"
    refused(game, "Cy", "law", law="Freedom")
    refused(game, "Cy", "law", law="Chaos")
    act(game, "Cy", "law", law="none")
    assert g(game, "law") is None
    act(game, "Cy", "sunspot", space=7)
    assert g(game, "sunspot") == 7
    refused(game, "Cy", "sunspot", space=13)
    refused(game, "Cy", "anarchy")
    refused(game, "Cy", "anarchy", on=False)
    act(game, "Bo", "ideology", player="Bo", ideology="none")
    assert g(game, "ideologies")["Bo"] is None


def test_bookkeeping_waits_while_an_event_is_in_progress() -> None:
    """Decision: law, anarchy, war, Sec-Gen and cube wait for a walk, tally or choice to
    finish; an ideology may always be corrected (it decides the next Sec-Gen)."""
    game = new()
    act(game, "Ann", "law", law="Freedom")
    game = stack(game, "freedom")
    turn(game)
    for action, params in [("law", {"law": "Unity"}), ("anarchy", {"on": True}),
                           ("war", {"on": True}), ("secgen", {"player": "Cy"}),
                           ("sunspot", {"space": 5})]:
        assert "middle of an event" in refused(game, "Bo", action, **params)
    act(game, "Bo", "ideology", player="Cy", ideology="Equality")


def test_deck_is_private_to_the_asker() -> None:
    """`deck`: free, informational, a private event to the asker only."""
    game = stack(new(), "glitch-1", "honor")
    turn(game)
    turn(game)
    (event,) = act(game, "Dee", "deck")
    assert not event.public and event.audience == frozenset({"Dee"})
    assert event.data["cards_left"] == 22
    assert [c["id"] for c in event.data["drawn"]] == ["glitch-1", "honor"]
    assert event.data["set_aside"] is None
    assert sum(event.data["remaining"].values()) == 22


# ----- deadline policy --------------------------------------------------------

def test_deadline_policy() -> None:
    """Decisions: the turn is not forced ([]: the creator is told); a walking seat skips; a
    Sec-Gen choice goes to the next player in turn order; the tally is not forced."""
    game = new(track_length=2)
    assert game.timeout_actions() == []
    act(game, "Ann", "law", law="Authority")
    game = stack(game, "authority")
    turn(game)
    assert game.timeout_actions() == [("Ann", "skip", {})]
    for seat, action, params in game.timeout_actions():
        act(game, seat, action, **params)
    assert game.timeout_actions() == [("Bo", "skip", {})]
    walk(game, "skip")
    assert game.timeout_actions() == []
    act(game, "Ann", "law", law="Centrist")
    turn(game)
    act(game, "Ann", "turn")
    assert game.timeout_actions() == [("Ann", "secgen", {"player": "Bo"})]
    for seat, action, params in game.timeout_actions():
        act(game, seat, action, **params)
    assert g(game, "secgen") == "Bo"
    act(game, "Bo", "war", on=True)
    game = stack(game, "core-values")
    turn(game)
    walk(game)
    assert game.view(None)["pending"]["kind"] == "tally"
    assert game.timeout_actions() == []


def test_a_game_with_one_seat() -> None:
    """New Sec-Gen with no other player: the Sec-Gen stays (decision)."""
    game = new(["Solo"], ideologies={}, track_length=2)
    for _ in range(3):
        turn(game)
    assert g(game, "secgen") == "Solo"


def test_imported_state_is_checked() -> None:
    """The state schema (docs): an import whose cards are not the 24 cards is refused."""
    state = new().state()
    state["game"]["pile"].pop()
    with pytest.raises(RuleError):
        engine.load(V, state)


def test_state_is_a_snapshot() -> None:
    """state() is data, not a window on the game: later actions do not change it."""
    game = new()
    act(game, "Ann", "law", law="Freedom")
    game = stack(game, "freedom")
    turn(game)
    before = game.state()
    frozen = json.dumps(before)
    act(game, "Ann", "done")
    assert json.dumps(before) == frozen
