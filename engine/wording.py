"""Players' words for what the engine builds generically: questions, refusals, options.

A prompt's parameters and a game's options carry names a program reads (`to`,
`from_territory`, `butler_maid`); players read the `Param.question` and `Option.label`
texts instead. A game whose prompts are built in many places keeps those texts in one
table (its `words` module) and applies it here, so the texts are reviewed in one place
and the rules code stays as it is. The refusals here are what `Game._check` says when a
parameter is missing or not among the prompted choices.

>>> from engine.spec import Choice, Param
>>> to = Param("to", (Choice("Hall"), Choice("H17", "Corridor H17")), question="Where to?")
>>> not_a_choice(to, "Z99")
'Z99 is not one of the choices now. Where to? You may choose: Hall, Corridor H17.'
>>> plain("from_territory")
'from territory'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from engine.events import Seat
from engine.spec import ActionSpec, Option, Param, Prompt

# How many choices a refusal lists before it says how many more there are.
LISTED = 12

Questions = Mapping["tuple[str, str] | str", str]

Options = TypeVar("Options", bound="tuple[Option, ...]")

# "CCR-2: " leading an option's description, or "(D-3)" in it: ruling ids are for the docs.
RULE_ID = re.compile(r"^[A-Z]{1,4}-\d+:\s*|\s*\((?:[A-Z]{1,4}-\d+(?:,\s*)?)+\)")


def plain(name: str) -> str:
    """A program's name in words: `from_territory` -> "from territory"."""
    return name.replace("_", " ").replace("-", " ")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _uncap(text: str) -> str:
    return text[:1].lower() + text[1:]


def question(param: Param) -> str:
    """What a menu asks for this parameter: its own question, else one built from its name."""
    return param.question or f"Which {plain(param.name)}?"


def not_a_choice(param: Param, value: Any) -> str:
    """The refusal of a value that is not among the parameter's prompted choices."""
    shown = [c.shown for c in param.choices or ()]
    listed = ", ".join(shown[:LISTED])
    if len(shown) > LISTED:
        listed += f" and {len(shown) - LISTED} more"
    text = f"{value} is not one of the choices now."
    return f"{text} {question(param)} You may choose: {listed}." if shown else text


def unoffered(prompt: Prompt | None, action: str, params: Mapping[str, Any]) -> str | None:
    """The refusal of the first parameter whose value `prompt` does not offer, if any."""
    spec = prompt.action(action) if prompt else None
    for param in spec.params if spec else ():
        value = params.get(param.name)
        if value is not None and param.choices is not None \
                and str(value) not in {c.value for c in param.choices}:
            return not_a_choice(param, value)
    return None


def not_now(prompts: Mapping[Seat, Prompt], seat: Seat) -> str:
    """The refusal of an action the seat may not take now, naming what it may do or whom
    the game waits for, in the prompts' words (never the action's program name)."""
    if seat in prompts:
        offered = ", ".join(a.shown for a in prompts[seat].actions)
        return f"You can't do that now. You may: {offered}."
    waiting = ", ".join(prompts) or "nobody"
    return f"It is not your turn: waiting for {waiting}."


def missing(spec: ActionSpec, param: Param) -> str:
    """The refusal of an action sent without one of its required parameters."""
    return f"To {_uncap(spec.shown)}, answer “{question(param)}”"


def worded(prompts: dict[Seat, Prompt], questions: Questions,
           labels: Mapping[str, str] | None = None) -> dict[Seat, Prompt]:
    """The prompts with each parameter's question and each action's label filled in from a
    game's tables, where the code that built the prompt left them empty. A question is
    looked up by (action, parameter) first, then by the parameter's name alone."""
    labels = labels or {}
    out: dict[Seat, Prompt] = {}
    for seat, prompt in prompts.items():
        specs = []
        for spec in prompt.actions:
            params = tuple(
                p if p.question else dataclasses.replace(
                    p, question=questions.get((spec.name, p.name), questions.get(p.name, "")))
                for p in spec.params)
            label = labels.get(spec.name, spec.label)
            specs.append(dataclasses.replace(spec, label=label, params=params))
        out[seat] = dataclasses.replace(prompt, actions=tuple(specs))
    return out


def labelled(options: Options, labels: Mapping[str, str]) -> Options:
    """The options with their labels ("Butler & Maid cards") filled in from a table, and
    their descriptions without a leading ruling id."""
    return cast(Options, tuple(
        dataclasses.replace(o, label=o.label or labels.get(o.name, ""),
                            description=_cap(RULE_ID.sub("", o.description))) for o in options))


def ruling_text(ruling: str) -> str:
    """A house ruling as players read it in /game rules: its text, not its id.

    >>> ruling_text("HF-3: If the deck runs out before Seniority, ...")
    'If the deck runs out before Seniority, ...'
    """
    return RULE_ID.sub("", ruling)


def option_value(option: Option, value: Any) -> str:
    """An option's value as a player reads it: on/off, not True/False; a 0 or an empty
    text as the option says (`zero`), a whole file by what it is (`given`)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if option.zero and value in (0, ""):
        return option.zero
    if option.given and value:
        return option.given
    return str(value)


def options_text(options: tuple[Option, ...], values: Mapping[str, Any]) -> str:
    """The options of a game in words: "Butler & Maid cards: off; Dice: 2d6"."""
    return "; ".join(f"{o.label or plain(o.name).capitalize()}: "
                     f"{option_value(o, values.get(o.name, o.default))}" for o in options)
