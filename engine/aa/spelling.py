"""Area names as players read them: the board's keys spelled right in every text.

The board's keys keep the reference's spellings (TripleA's "Mediteranean", "Carribean",
"Antartic", "Columbia"): they join the reference, and every stored state, log and plot
digest holds them, so they never change. What players read is put right in one place:
`spelled` for any text (an event, a prompt, a refusal, a plot sheet, a picture's words),
and `SpelledNames`, through which both A&A games hand out every text they make. Reading
goes the other way in `engine.aa.names`, from this same table: "Mediterranean" typed is
read as the key.

>>> spelled("3 infantry move into East Mediteranean Sea Zone.")
'3 infantry move into East Mediterranean Sea Zone.'
>>> shown_name("Columbia"), shown_name("Karelia S.S.R.")
('Colombia', 'Karelia S.S.R.')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.aa.map import Area
from engine.errors import Ambiguous, NotAllowed, RuleError
from engine.events import Event, Seat
from engine.game import Game
from engine.spec import ActionSpec, Choice, Param, Prompt

# The words of the keys the reference misspells, and the words players read instead.
SPELLING: dict[str, str] = {"Mediteranean": "Mediterranean", "Carribean": "Caribbean",
                            "Antartic": "Antarctic", "Columbia": "Colombia"}
_MISSPELT = re.compile(r"\b(?:" + "|".join(SPELLING) + r")\b")


def spelled(text: str) -> str:
    """`text` with the reference's misspellings of area names put right."""
    return _MISSPELT.sub(lambda m: SPELLING[m[0]], text) if text else text


def shown_name(area: Area) -> str:
    """An area's name as players read it ("East Mediterranean Sea Zone")."""
    return spelled(area)


def spelled_event(event: Event) -> Event:
    """The event with its text spelled right; its data (keys) as it was."""
    text = spelled(event.text)
    return event if text == event.text else dataclasses.replace(event, text=text)


@lru_cache(maxsize=4096)
def _spelled_label(text: str) -> str:
    """`spelled` for the short texts a prompt repeats at every call (its choices' labels:
    areas, rounds, orders), looked up rather than searched again."""
    return spelled(text)


def _spelled_choice(choice: Choice) -> Choice:
    shown = _spelled_label(choice.shown)
    return choice if shown == choice.shown else Choice(choice.value, shown)


def _spelled_param(param: Param) -> Param:
    choices = param.choices
    if choices is not None:
        respelled = tuple(_spelled_choice(c) for c in choices)
        if any(new is not old for new, old in zip(respelled, choices, strict=True)):
            choices = respelled
    question = _spelled_label(param.question)
    if choices is param.choices and question == param.question:
        return param
    return dataclasses.replace(param, choices=choices, question=question)


def spelled_prompt(prompt: Prompt) -> Prompt:
    """The prompt with its text, labels, questions and choices' labels spelled right; the
    choices' values (the keys an action is given) as they were."""
    actions = tuple(_spelled_spec(spec) for spec in prompt.actions)
    text = spelled(prompt.text)
    if text == prompt.text and all(new is old for new, old in
                                   zip(actions, prompt.actions, strict=True)):
        return prompt
    return dataclasses.replace(prompt, text=text, actions=actions)


def _spelled_spec(spec: ActionSpec) -> ActionSpec:
    params = tuple(_spelled_param(p) for p in spec.params)
    label = _spelled_label(spec.label)
    if label == spec.label and all(new is old for new, old in
                                   zip(params, spec.params, strict=True)):
        return spec
    return dataclasses.replace(spec, label=label, params=params)


def spell_refusal(exc: RuleError) -> None:
    """Spell the refusal right in place, keeping its type and attributes (a form's line, an
    ambiguity's candidates, which then name the areas as players read them)."""
    message = spelled(exc.message)
    exc.message = message
    exc.args = (message, *exc.args[1:])
    if isinstance(exc, Ambiguous):
        exc.candidates = [spelled(c) for c in exc.candidates]


class SpelledNames(Game):
    """The texts an A&A game hands out, spelled right: its events (the setup's too), prompts,
    refusals, descriptions, prompt details and deadline words. A value given where a prompt
    lists areas is also read as a player names the area ("Caribbean", "E Med"): the step
    stored is given the key, so that a replay sees what it always saw.

    The first base of the registered game class (`AAClassic`, `PlottedAA`), so that it
    wraps the game's own hooks too; the game reads a typed area with its `area(text)`."""

    area: Callable[[str], Area]  # the game's own (declared here, defined by the game)

    def __init__(self, seats: list[Seat], *, seed: str,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(seats, seed=seed, options=options)
        self.setup_events = [spelled_event(e) for e in self.setup_events]

    def act(self, seat: Seat, action: str, **params: Any) -> list[Event]:
        try:
            try:
                events = super().act(seat, action, **params)
            except NotAllowed:
                keyed = self._keyed_choices(seat, action, params)
                if keyed is None:
                    raise
                events = super().act(seat, action, **keyed)
        except RuleError as exc:
            spell_refusal(exc)
            raise
        return [spelled_event(e) for e in events]

    def _keyed_choices(self, seat: Seat, action: str,
                       params: Mapping[str, Any]) -> dict[str, Any] | None:
        """`params` with each value not among its listed choices replaced by the choice it
        names (its label, or the area the name reader finds), or None when none changed."""
        prompt = self.prompts().get(seat) if isinstance(seat, str) else None
        spec = prompt.action(action) if prompt is not None and isinstance(action, str) \
            else None
        if spec is None:
            return None
        keyed = dict(params)
        for param in spec.params:
            value = params.get(param.name)
            if not isinstance(value, str) or param.choices is None:
                continue
            key = self._choice_named(value, param.choices)
            if key is not None and key != value:
                keyed[param.name] = key
        return keyed if keyed != dict(params) else None

    def _choice_named(self, text: str, choices: Sequence[Choice]) -> str | None:
        values = {c.value for c in choices}
        if text in values:
            return text
        folded = text.strip().casefold()
        for choice in choices:
            if folded in (choice.value.casefold(), choice.shown.casefold()):
                return choice.value
        try:
            found = [self.area(text)]
        except Ambiguous as tie:  # "Mediterranean" where one of the three is offered
            found = tie.candidates
        except RuleError:
            return None
        offered = [area for area in found if area in values]
        return offered[0] if len(offered) == 1 else None

    def prompts(self) -> dict[Seat, Prompt]:
        return {seat: spelled_prompt(p) for seat, p in super().prompts().items()}

    def describe(self, seat: Seat) -> list[str]:
        return [spelled(line) for line in super().describe(seat)]

    def prompt_detail(self, seat: Seat) -> str:
        return spelled(super().prompt_detail(seat))

    def deadline_words(self, seat: Seat, prompt: Prompt) -> str:
        return spelled(super().deadline_words(seat, prompt))


