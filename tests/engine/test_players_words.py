"""Issue 14, "Players' words, not the engine's": every text a game shows a player.

Seeded random games of each of the three games are read the way a player meets them:
prompt texts, action labels, each menu's question and choices, every event (public and
private), every refusal, and each seat's `describe()`. None may read as the program's
(tests/support/players_words.py), every parameter a prompt offers asks a question, and a
refused choice is refused in words.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine import ActionSpec, Choice, Game, Option, Param, Prompt, RuleError, wording
from tests.support.players_words import jargon

SEATS = {
    "hf-political-events": ["Ann", "Bo", "Cy"],
    "killer-clue": ["Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green"],
    "cold-cash-risk": ["Ann", "Bo", "Cy"],
}
STEPS = {"hf-political-events": 80, "killer-clue": 400, "cold-cash-risk": 120}
SEEDS = ("words-1", "words-2")
# Every game refuses an unoffered choice in words, the base contract's own refusal included
# (One World Dominion uses it as it is; the A&A games' prompts offer few menus: below).
REFUSING = {**SEATS, "one-world-dominion": ["Ann", "Bo", "Cy"], "dictators": ["Ann", "Bo", "Cy"]}
REFUSING_STEPS = {**STEPS, "one-world-dominion": 60, "dictators": 80}
# Actions that end a random game early: taken only now and then.
RARE = frozenset({"accuse", "declare-end"})
# Questions and table bookkeeping any seat may ask or do, tried now and then.
ASIDES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "hf-political-events": [("anarchy", {"on": True}), ("war", {"on": True}),
                            ("anarchy", {"on": False}), ("law", {"law": "Freedom"}),
                            ("law", {"law": "none"}), ("ideology", {"player": "Bo",
                                                                    "ideology": "Honor"}),
                            ("secgen", {"player": "Cy"}), ("sunspot", {"space": 3}),
                            ("deck", {}), ("history", {})],
    "killer-clue": [("hand", {}), ("notes", {}), ("board", {})],
    "cold-cash-risk": [("portfolio", {}), ("market", {}), ("show", {"corporation": "Sackson"}),
                       ("hide", {"corporation": "Festival"})],
}


def prompt_texts(prompt: Prompt) -> Iterator[str]:
    yield prompt.text
    for spec in prompt.actions:
        yield spec.shown
        for param in spec.params:
            yield param.question
            yield from (c.shown for c in param.choices or ())


def pick(prompt: Prompt, rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A random prompted action with random choices (None: it needs free input)."""
    common = [a for a in prompt.actions if a.name not in RARE]
    spec = rng.choice(common if common and rng.random() < 0.97 else prompt.actions)
    params: dict[str, Any] = {}
    for param in spec.params:
        if param.choices:
            # Rooms rather than corridors, so that Killer Clue's rounds get played.
            rooms = [c for c in param.choices if not c.shown.startswith("Corridor")]
            if param.required or rng.random() < 0.3:
                params[param.name] = rng.choice(rooms if rooms and rng.random() < 0.8
                                                else param.choices).value
        elif param.required:
            return None
    return spec.name, params


def play(variant: str, seed: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a random game shows its players."""
    rng = random.Random(seed)
    game: Game = engine.new_game(variant, SEATS[variant], seed=seed)
    for event in game.setup_events:
        yield f"{event.kind} event", event.text
    for _ in range(STEPS[variant]):
        prompts = game.prompts()
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        prompt = prompts[seat]
        for text in prompt_texts(prompt):
            yield "prompt", text
        for spec in prompt.actions:
            for param in spec.params:
                assert param.question, f"{variant}: {spec.name} asks no question for {param.name}"
        for paragraph in game.describe(seat):
            yield "describe", paragraph
        if variant == "killer-clue" and not game.finished:  # only the killer learns the file
            innocent = [s for s in game.seats if s != game.view(s).get("killer")]
            for other in innocent:
                assert "Case File" not in " ".join(game.describe(other))
        chosen = pick(prompt, rng)
        if rng.random() < 0.15:
            chosen = rng.choice(ASIDES[variant])
            seat = rng.choice(game.seats)
        elif rng.random() < 0.05:  # the awaited seat's choice, tried by another seat
            seat = rng.choice([s for s in game.seats if s != seat])
        if chosen is None:
            continue
        action, params = chosen
        try:
            events = game.act(seat, action, **params)
        except RuleError as refusal:
            yield f"refusal of {action}", refusal.message
            continue
        for event in events:
            yield f"{event.kind} event", event.text


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", sorted(SEATS))
def test_every_text_of_a_random_game_is_in_players_words(variant: str, seed: str) -> None:
    bad = {f"{where}: {text[:120]!r} ({', '.join(found)})"
           for where, text in play(variant, seed) for found in [jargon(text)] if found}
    assert not bad, "\n".join(sorted(bad)[:20])


@pytest.mark.parametrize("variant", sorted(REFUSING))
def test_an_unoffered_choice_is_refused_in_words(variant: str) -> None:
    """"refusals say 'Z99 is not a square you can reach' not 'Z99 is not a legal to now'"."""
    rng = random.Random(variant)
    game = engine.new_game(variant, REFUSING[variant], seed="refusals")
    refused = 0
    for _ in range(REFUSING_STEPS[variant]):
        prompts = game.prompts()
        if not prompts:
            break
        seat = sorted(prompts)[0]
        for spec in prompts[seat].actions:
            for param in spec.params:
                if not param.choices:
                    continue
                others = {p.name: p.choices[0].value for p in spec.params
                          if p.required and p.choices and p is not param}
                before = game.state()
                with pytest.raises(RuleError) as refusal:
                    game.act(seat, spec.name, **others, **{param.name: "Z99"})
                assert game.state() == before
                text = refusal.value.message
                # Said in words: the generic "Z99 is not one of the choices now. Where to? ..." or the
                # rule's own reason ("You must suggest the room you are in").
                assert "is not a legal" not in text and not jargon(text), text
                refused += "Z99" in text
        chosen = pick(prompts[seat], rng)
        if chosen is not None:
            try:
                game.act(seat, chosen[0], **chosen[1])
            except RuleError:
                pass
    assert refused


def test_killer_clue_says_which_square_cannot_be_reached() -> None:
    """Issue 14: "Z99 is not a square you can reach"."""
    game = engine.new_game("killer-clue", SEATS["killer-clue"], seed="words-1")
    seat = next(iter(game.prompts()))
    game.act(seat, "move")
    if seat not in game.prompts() or not game.prompts()[seat].action("go"):
        pytest.skip("hemmed in")  # pragma: no cover - not with this seed
    with pytest.raises(RuleError, match=r"^Z99 is not a square you can reach with \d+\.$"):
        game.act(seat, "go", to="Z99")


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_options_have_labels_in_words(variant: str) -> None:
    """Issue 14: "the status post names options in words ("Butler & Maid cards: off")"."""
    for option in engine.game_class(variant).options_spec:
        assert option.label and not jargon(option.label), option
        assert not jargon(option.description.replace(option.name, "")), option.description


def test_the_wording_helpers_examples() -> None:
    import doctest

    import engine.wording
    assert doctest.testmod(engine.wording).failed == 0


def test_worded_fills_only_the_questions_and_labels_left_empty() -> None:
    ask = Param("to", (Choice("Hall"),))
    own = Param("weapon", (Choice("Rope"),), question="Take it along?")
    prompts = {"Ann": Prompt("Ann", "Move.", (ActionSpec("go", "Move", (ask, own)),
                                             ActionSpec("dispose", "Dispose")))}
    out = wording.worded(prompts, {("go", "to"): "Where to?", "weapon": "Which weapon?"},
                         {"dispose": "Sell, trade or keep your shares"})
    go, dispose = out["Ann"].actions
    assert [p.question for p in go.params] == ["Where to?", "Take it along?"]
    assert go.label == "Move" and dispose.label == "Sell, trade or keep your shares"
    assert wording.missing(go, go.params[0]) == "To move, answer “Where to?”"


def test_options_read_in_words() -> None:
    """Issue 14: "the status post names options in words ("Butler & Maid cards: off"), not
    butler_maid=False"."""
    options = wording.labelled((Option("butler_maid", False, "KC-10: add the Butler."),
                                Option("dice", "2d6", "Dice.")), {"butler_maid": "Butler & "
                                                                  "Maid cards"})
    assert options[0].description == "Add the Butler."
    text = wording.options_text(options, {"butler_maid": False})
    assert text == "Butler & Maid cards: off; Dice: 2d6" and not jargon(text)


def test_the_a_and_a_games_refuse_an_unoffered_choice_in_words() -> None:
    """The base contract's refusal of a value its menu doesn't offer: in words, with the
    question and the choices, never the parameter's program name ("is not a legal to")."""
    powers = ["USSR", "Germany", "United Kingdom", "Japan", "USA"]
    game = engine.new_game("plotted-aa", powers, seed="refusals")
    for power in powers:
        game.act(power, "skip")
    game.act("USSR", "plot-build", round=1, factory="Russia", units="1i")
    for power in powers:
        game.act(power, "plot-submit", as_it_stands=True)
    game.act("USSR", "pass")  # unbuilt: the Final Build Phase offers its original factories
    with pytest.raises(RuleError) as early:
        game.act("Germany", "final-build", at="Germany")
    assert "final-build" not in early.value.message and "final build" in early.value.message
    with pytest.raises(RuleError) as refusal:
        game.act("USSR", "final-build", at="Z99")
    text = refusal.value.message
    assert text.startswith("Z99 is not one of the choices now.") and "Russia" in text
    assert "is not a legal" not in text and not jargon(text), text


@pytest.mark.parametrize("variant", ["aa-classic", "plotted-aa", "one-world-dominion"])
def test_the_a_and_a_and_owd_forms_ask_in_words(variant: str) -> None:
    """Players' words in a form: each question is written ("From which area?", never the
    built "Which from area?"), and a prompt doesn't repeat the power it is for (its DM and
    its ping already name it)."""
    seats = (["Ann", "Bo", "Cy"] if variant == "one-world-dominion" else
             ["USSR", "Germany", "United Kingdom", "Japan", "USA"])
    game = engine.new_game(variant, seats, seed="questions")
    rnd = random.Random(variant)
    seen: set[str] = set()
    for _ in range(250):
        prompts = game.prompts()
        if not prompts or game.finished:
            break
        for seat, prompt in prompts.items():
            assert not prompt.text.startswith(f"{seat}:"), prompt.text
            for spec in prompt.actions:
                for param in spec.params:
                    assert param.question and len(param.question) <= 45, (spec.name, param)
                    seen.add(spec.name)
        chosen = pick(prompts[sorted(prompts)[0]], rnd)
        timeout = game.timeout_actions()
        if chosen is not None and (not timeout or rnd.random() < 0.5):
            try:
                game.act(sorted(prompts)[0], chosen[0], **chosen[1])
                continue
            except RuleError:
                pass
        if not timeout:
            break
        seat, action, params = timeout[0]
        game.act(seat, action, **params)
    assert len(seen) >= 3, seen
