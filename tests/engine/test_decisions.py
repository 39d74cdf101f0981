"""`engine.decisions`: the top of the stack is what a game waits for; an entry that needs
nobody is settled by the game; a forced decision with one answer is taken unasked, and an
unforced one is always asked (Killer Clue's D-9 and D-22, docs/killer-clue.md)."""

from __future__ import annotations

from typing import Any

from engine import ActionSpec, Choice, Event, Param, Prompt, Rng, public
from engine.decisions import Decision, DecisionStack, Entry


def ask(*specs: ActionSpec, seat: str = "Ann") -> Prompt:
    return Prompt(seat, "Your answer?", specs)


def give(*cards: str, required: bool = True) -> ActionSpec:
    return ActionSpec("give", "Give", (Param("card", tuple(Choice(c) for c in cards),
                                             required=required),))


class Table(DecisionStack):
    """A stack of `{"kind": "give", "seat", "cards", "forced"}` entries; one without a
    seat is settled by passing it to the next seat in `queue`."""

    def __init__(self, *entries: Entry) -> None:
        self.stack = list(entries)
        self.given: list[tuple[str, str]] = []

    def decisions(self, entry: Entry) -> list[Decision]:
        if entry.get("seat") is None:
            return []
        return [Decision(ask(give(*entry["cards"]), seat=entry["seat"]),
                         ("give", {"card": entry["cards"][0]}), forced=entry["forced"])]

    def settle(self, entry: Entry, rng: Rng) -> list[Event]:
        entry["seat"] = entry["queue"].pop(0)
        return [public("asked", f"{entry['seat']} is asked.")]

    def do_give(self, seat: str, rng: Rng, card: str) -> list[Event]:
        self.stack.pop()
        self.given.append((seat, card))
        return [public("given", f"{seat} gives {card}.")]


def entry(seat: str | None, cards: list[str], *, forced: bool,
          queue: list[str] | None = None) -> dict[str, Any]:
    return {"kind": "give", "seat": seat, "cards": cards, "forced": forced,
            "queue": queue or []}


def test_only_answer_is_one_action_with_one_choice_for_each_required_parameter() -> None:
    assert Decision(ask(give("Rope"))).only_answer() == ("give", {"card": "Rope"})
    assert Decision(ask(give("Rope", "Knife"))).only_answer() is None
    assert Decision(ask(give("Rope"), ActionSpec("pass"))).only_answer() is None
    # An optional parameter offering nothing is left out; offering one, it could be either.
    assert Decision(ask(give(required=False))).only_answer() == ("give", {})
    assert Decision(ask(give("Rope", required=False))).only_answer() is None
    # Free input is a player's to type; a required parameter offering nothing has no answer.
    free = ActionSpec("say", params=(Param("text", None, kind="text"),))
    assert Decision(ask(free)).only_answer() is None
    assert Decision(ask(give())).only_answer() is None


def test_the_top_entry_is_what_the_game_waits_for() -> None:
    table = Table(entry("Bob", ["Rope", "Knife"], forced=False),
                  entry("Ann", ["Lead Pipe", "Wrench"], forced=False))
    assert list(table.decision_prompts()) == ["Ann"]
    assert table.decision_timeouts() == [("Ann", "give", {"card": "Lead Pipe"})]
    assert Table().decision_prompts() == {} and Table().decision_timeouts() == []


def test_an_entry_that_needs_nobody_is_settled_by_the_game() -> None:
    table = Table(entry(None, ["Rope", "Knife"], forced=False, queue=["Cy", "Di"]))
    assert table.decision_prompts() == {}
    events = table.settle_top(Rng("s", "t"))
    assert [e.text for e in events or []] == ["Cy is asked."]
    assert list(table.decision_prompts()) == ["Cy"]
    assert table.settle_top(Rng("s", "t")) is None  # two cards: Cy must choose


def test_a_forced_decision_with_one_answer_is_taken_by_its_seat() -> None:
    """D-9: the one card that answers a mini-suggestion is given without asking."""
    table = Table(entry("Cy", ["Rope"], forced=True))
    events = table.settle_top(Rng("s", "t"))
    assert [e.text for e in events or []] == ["Cy gives Rope."]
    assert table.given == [("Cy", "Rope")] and table.stack == []


def test_an_unforced_decision_is_asked_even_with_one_answer() -> None:
    """D-22: a player with one legal card (or only "none", with Red Herrings in play) is
    still asked, or who is asked would give the cards away."""
    table = Table(entry("Cy", ["none"], forced=False))
    assert table.settle_top(Rng("s", "t")) is None
    assert table.given == [] and list(table.decision_prompts()) == ["Cy"]


def test_a_forced_decision_with_a_choice_is_asked() -> None:
    table = Table(entry("Cy", ["Rope", "Knife"], forced=True))
    assert table.settle_top(Rng("s", "t")) is None and table.given == []
