"""`/game import` checks everything the rules require and refuses, naming the field (issue 22).

Each test reads a state file exactly as `/game import` reads it (`bot.importing.read_state`:
bytes in, a game or an `Unreadable` out), for a position a real table could have written
down wrongly. On the code before the fix every one of them was accepted (or failed with a
generic error) and created a game that broke the rules or that nobody could play on.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from bot.importing import read_state
from engine import ActionSpec, Event, Game, Prompt, Rng, Unreadable
from engine.aa.units import POWERS
from engine.imported import load_imported
from tests.engine.one_world_dominion.helpers import position
from tests.engine.plotted_aa.helpers import plot_phase

SEED = "fresh-seed"


def refusal(variant: str, state: dict[str, Any] | bytes) -> str:
    """The words `/game import` refuses this file with."""
    raw = state if isinstance(state, bytes) else json.dumps(state).encode()
    with pytest.raises(Unreadable) as refused:
        read_state(variant, raw, SEED)
    return refused.value.message


def aa_classic() -> dict[str, Any]:
    return engine.new_game("aa-classic", list(POWERS), seed="table").state()


# ----- A&A classic (reference/axis-allies-classic.md) ------------------------------------


def test_a_negative_treasury_is_refused_naming_the_field() -> None:
    """"Starting IPCs (= income)" and "Collect income": a treasury counts IPCs, never below
    0 (strategic bombing is "limited only by the IPCs he has")."""
    state = aa_classic()
    state["game"]["position"]["treasury"]["Germany"] = -5
    said = refusal("aa-classic", state)
    assert "“game › position › treasury › Germany”" in said and "-5" in said
    assert "less than 0" in said


def test_minus_seven_infantry_are_refused_naming_the_field() -> None:
    """"Units": a count of infantry is a number of pieces on the board."""
    state = aa_classic()
    state["game"]["position"]["units"]["Algeria"]["Germany"]["infantry"] = -7
    said = refusal("aa-classic", state)
    assert "“game › position › units › Algeria › Germany › infantry” is -7" in said


def test_units_in_an_area_the_board_does_not_have_are_refused() -> None:
    """The map's "70 land territories ... 58 sea zones": Atlantis is none of them."""
    state = aa_classic()
    state["game"]["position"]["units"]["Atlantis"] = {"Germany": {"infantry": 3}}
    said = refusal("aa-classic", state)
    assert "“game › position › units › Atlantis”" in said and "not an area of the board" in said


def test_ships_on_land_and_two_complexes_in_a_territory_are_refused() -> None:
    """"Units": a battleship sails sea zones; an industrial complex is "one per territory"."""
    state = aa_classic()
    state["game"]["position"]["units"]["Germany"]["Germany"]["battleship"] = 1
    assert "puts battleships on land" in refusal("aa-classic", state)
    state = aa_classic()
    state["game"]["position"]["units"]["Germany"]["Germany"]["factory"] = 2
    assert "at most one industrial complex" in refusal("aa-classic", state)


def test_an_unknown_stage_is_refused_and_so_is_a_stage_where_nobody_could_act() -> None:
    """"Turn phases": a turn is development, purchase, combat movement, combat, non-combat
    movement, placement. An unknown one, or combat with no battle to fight, asks nobody."""
    state = aa_classic()
    state["game"]["stage"] = "bombing"
    said = refusal("aa-classic", state)
    assert "“game › stage” is “bombing”" in said and "purchase" in said
    state["game"]["stage"] = "combat"  # a known phase, with nothing in it to fight
    assert "nobody is asked to do anything" in refusal("aa-classic", state)


# ----- Plotted A&A (rules/plotted-aa.md) -----------------------------------------------


def submitted_plot() -> dict[str, Any]:
    """The Plot Phase with Germany's plot (a NOOP in round 1) submitted, its digest out."""
    game = plot_phase()
    game.act("Germany", "plot-noop", round=1)
    game.act("Germany", "plot-submit")
    state = game.state()
    assert state["game"]["submitted"]["Germany"] and state["game"]["digests"]["Germany"]
    return state


def test_a_submitted_plot_without_its_digest_is_refused() -> None:
    """The digest published at submit is what lets every player check, after the turn,
    that the plot did not change (docs/plotted-aa.md, "the digest posted at submit"): a
    submitted plot without one could be anything."""
    state = submitted_plot()
    del state["game"]["digests"]["Germany"]
    said = refusal("plotted-aa", state)
    assert "“game › digests”" in said and "Germany's submitted plot" in said


def test_a_submitted_plot_whose_digest_does_not_match_is_refused() -> None:
    """The digest is sha256(salt + plot): a plot changed after its submission fails it."""
    state = submitted_plot()
    state["game"]["plots"]["Germany"][0]["kind"] = "build"
    state["game"]["plots"]["Germany"][0]["area"] = "Germany"
    state["game"]["plots"]["Germany"][0]["build"] = {"armour": 2}
    said = refusal("plotted-aa", state)
    assert "“game › digests › Germany”" in said and "not the digest" in said


def test_a_submitted_plot_with_a_gap_or_two_noops_in_a_row_is_refused() -> None:
    """"Plotting Actions": "Round numbers must begin with 1 and proceed sequentially without
    skipping any numbers"; "NOOP": "you may not plot 2 NOOPs in a row"."""
    state = submitted_plot()
    state["game"]["plots"]["Germany"][0]["round"] = 2
    assert "no action in round 1" in refusal("plotted-aa", state)
    state = submitted_plot()
    noop = dict(state["game"]["plots"]["Germany"][0], round=2)
    state["game"]["plots"]["Germany"].append(noop)
    assert "NOOPs in rounds 1 and 2" in refusal("plotted-aa", state)


# ----- One World Dominion, Cold Cash Risk, Killer Clue, HF -----------------------------


def test_minus_fifty_armies_are_refused_naming_the_area() -> None:
    """RISK's armies are pieces on the board: an area holds 0 or more (One World
    Dominion's "Empty Area" is 0, never less)."""
    state = position(areas={"Alberta": ("Ann", 8), "Ontario": ("Bo", 2)}, current="Ann").state()
    state["game"]["armies"]["Ontario"] = -50
    said = refusal("one-world-dominion", state)
    assert "“game › armies › Ontario” is -50" in said


def test_an_area_held_by_nobody_with_armies_and_an_unknown_card_are_refused() -> None:
    """Armies belong to a player or a neutral; a hand holds cards of the deck in use
    (OWD-1)."""
    state = position(areas={"Alberta": ("Ann", 8)}, current="Ann").state()
    state["game"]["owner"]["Alberta"] = None
    assert "armies belong to someone" in refusal("one-world-dominion", state)
    state = position(areas={"Alberta": ("Ann", 8)}, current="Ann").state()
    state["game"]["hands"]["Ann"].append("Death Star")
    assert "“game › hands › Ann › #1” is “Death Star”" in refusal("one-world-dominion", state)


def ccr() -> dict[str, Any]:
    return engine.new_game("cold-cash-risk", ["Ann", "Bo", "Cy"], seed="table").state()


def test_negative_cash_and_an_unknown_stage_are_refused_in_cold_cash_risk() -> None:
    """CCR-1: each player starts with $6,000 and money is counted, never below $0; a turn's
    stages are those of the Activity Phase."""
    state = ccr()
    state["game"]["ledger"]["cash"]["Bo"] = -100
    assert "“game › ledger › cash › Bo” is -100" in refusal("cold-cash-risk", state)
    state = ccr()
    state["game"]["stage"] = "lunch"
    assert "“game › stage” is “lunch”" in refusal("cold-cash-risk", state)
    state = ccr()
    state["game"]["index"] = 7  # whose turn: the 8th of 3 players
    assert "“game › index” is 7" in refusal("cold-cash-risk", state)


def test_a_turn_order_naming_nobody_at_the_table_is_refused_in_killer_clue() -> None:
    """KC-1: one suspect a player; the round's order names the suspects playing."""
    game = engine.new_game("killer-clue", ["Miss Scarlet", "Col. Mustard", "Mrs. White"],
                           seed="table")
    state = game.state()
    state["game"]["order"][1] = "Mr. Boddy"
    assert "“game › order › #2” is “Mr. Boddy”" in refusal("killer-clue", state)
    state = game.state()
    state["game"]["index"] = 5
    assert "“game › index” is 5" in refusal("killer-clue", state)


def test_an_unknown_card_in_the_history_and_an_unknown_decision_are_refused_in_hf() -> None:
    """HF-1: the deck has 24 cards (the history names them); the decisions a turn waits for
    are a walk, a tally or the Sec-Gen's choice."""
    game = engine.new_game("hf-political-events", ["Ann", "Bo", "Cy"], seed="table")
    game.act("Ann", "turn")
    state = game.state()
    state["game"]["recent_draws"][0]["card"] = "joker"
    assert "“game › recent_draws › #1 › card” is “joker”" in refusal("hf-political-events", state)
    state = game.state()
    state["game"]["pending"] = {"kind": "vote", "card": "unity"}
    assert "“game › pending › kind” is “vote”" in refusal("hf-political-events", state)


# ----- every game: the file itself, and the generic guards -----------------------------


def test_json_nested_five_thousand_deep_is_refused_in_words_before_parsing() -> None:
    """A file nested 5,000 deep broke Python's parser (a RecursionError, answered with the
    generic "something went wrong"): it is refused for what it is."""
    deep = b'{"seats": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    said = refusal("pig", deep)
    assert "more than 64 deep" in said


class Stuck(Game):
    """A game whose stored position may ask nobody: the generic guard's test subject (not
    registered: no other test sees it)."""

    variant = "stuck-test"
    title = "Stuck"
    min_seats = 2

    def setup(self, rng: Rng) -> list[Event]:
        self.turn = 0
        return []

    def _prompts(self) -> dict[str, Prompt]:
        if self.turn < 0:
            return {}
        seat = self.seats[self.turn % len(self.seats)]
        return {seat: Prompt(seat, "Go.", (ActionSpec("go"),))}

    def do_go(self, seat: str, rng: Rng) -> list[Event]:
        self.turn += 1
        return []

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {"turn": self.turn}

    def _dump(self) -> dict[str, Any]:
        return {"turn": self.turn}

    def _restore(self, data: dict[str, Any]) -> None:
        self.turn = int(data["turn"])


def test_a_position_where_nobody_is_asked_to_act_is_refused_for_any_game() -> None:
    """The generic guard: unless the game is over, a position must ask someone, or the game
    could never go on (an unknown stage or phase in a game without its own check)."""
    state = Stuck(["Ann", "Bo"], seed="s").state()
    assert load_imported(Stuck, state).prompts()
    state["game"]["turn"] = -1
    with pytest.raises(Unreadable, match="nobody is asked to do anything"):
        load_imported(Stuck, state)
    state["game"]["turn"] = 0
    state["winners"] = ["Zed"]
    with pytest.raises(Unreadable, match="“winners › #1” is “Zed”"):
        load_imported(Stuck, state)


def seats_for(cls: type[Game]) -> list[str]:
    count = min(max(cls.min_seats, 3), cls.max_seats)
    return list(cls.seat_names[:count]) if cls.seat_names else ["Ann", "Bo", "Cy", "Di"][:count]


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, (*path, i))]
    return [(path, value)]


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_every_game_refuses_broken_fields_in_words_or_loads_a_playable_game(
        variant: str) -> None:
    """For every registered game, a fresh state loads as imported; and with any one number
    made -7 or any one name made "Atlantis", the file is either refused in words
    (`Unreadable`) or loads a game someone is asked to act in, never a crash."""
    cls = engine.game_class(variant)
    state = engine.new_game(variant, seats_for(cls), seed="fuzz").state()
    game = engine.load(variant, json.loads(json.dumps(state)), imported=True)
    assert game.prompts()
    rnd = random.Random(variant)
    found = leaves(state["game"])
    for path, value in rnd.sample(found, min(len(found), 60)):
        if isinstance(value, bool) or not isinstance(value, int | str):
            continue
        broken = json.loads(json.dumps(state))
        holder = broken["game"]
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = -7 if isinstance(value, int) else "Atlantis"
        try:
            loaded = engine.load(variant, broken, imported=True)
        except Unreadable as exc:
            assert "Traceback" not in exc.message and "Error" not in exc.message
            continue
        assert loaded.prompts(), (variant, path)
