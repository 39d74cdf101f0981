"""Forms built from prompts alone (bot/ui/forms.py): which form an action gets, paging,
optional questions, and reading the answers back into the engine's values."""

from __future__ import annotations

import pytest

from bot.ui import form_plan, forms
from bot.ui.components import prompt_view
from engine import ActionSpec, Choice, Param, Prompt, Unreadable

MANY = tuple(Choice(f"T{n}", f"Territory {n}") for n in range(130))
COUNTS = tuple(Choice(str(n)) for n in (1, 2, 3))
ATTACK = ActionSpec("attack", "Attack", (
    Param("from_territory", MANY, question="Attack from where?"),
    Param("count", COUNTS, kind="int", question="How many?"),
    Param("stop_at", None, required=False, kind="int", question="Stop when down to?")))
SUGGEST = ActionSpec("suggest", "Suggest", (
    Param("suspect", (Choice("Green"), Choice("Plum")), question="Who?"),
    Param("direction", (Choice("left"), Choice("right")), required=False)))
REF = form_plan.FormRef(1, 5, 0, "attack")


def test_a_small_form_is_one_modal_and_a_large_one_menus_that_follow() -> None:
    assert form_plan.fits_a_modal(SUGGEST) and not form_plan.fits_a_modal(ATTACK)
    assert form_plan.inline_menu(SUGGEST) is None  # two questions: a form, not a lone menu
    assert form_plan.in_text(ATTACK) == [ATTACK.params[2]]


def test_a_step_pages_its_menu_and_offers_more_choices_and_back() -> None:
    content, view = forms.step(REF, ATTACK, [], "**Game #1** — ann: attack!")
    assert "Attack from where?" in content
    ids = [getattr(c, "item", c).custom_id for c in view.children]
    assert [i.rsplit(":", 1)[1] for i in ids] == ["p0", "p1", "p2", "p3", "o4", "back"]
    _, more = forms.step(REF, ATTACK, [], "", offset=4)
    items = [getattr(c, "item", c) for c in more.children]
    labels = [getattr(i, "placeholder", None) or getattr(i, "label", None) for i in items]
    assert len(labels) == 4 and "Territory 100" in str(labels[0]) and labels[2] == "First choices"
    content, view = forms.step(REF, SUGGEST, ["1"], "")
    assert "Who? **Plum**" in content
    assert any(getattr(c, "item", c).custom_id.endswith(":skip") for c in view.children)


def test_answers_are_read_into_the_engines_values_and_said_in_words() -> None:
    params = form_plan.decode(ATTACK, ["101", "2"], {"stop_at": "3"})
    assert params == {"from_territory": "T101", "count": 3, "stop_at": 3}
    assert form_plan.summary(ATTACK, params) == "Attack: Territory 101, 3, 3"
    assert form_plan.decode(SUGGEST, ["0", "-"]) == {"suspect": "Green"}
    with pytest.raises(Unreadable, match="whole number"):
        form_plan.decode(ATTACK, ["1", "0"], {"stop_at": "many"})


def test_every_action_of_a_prompt_gets_a_component_even_past_five_rows() -> None:
    actions = tuple(ActionSpec(f"a{n}", f"Go {n}", (Param("to", MANY[:60]),)) for n in range(4))
    view = prompt_view(1, 5, 0, Prompt("ann", "Choose", (*actions, ATTACK, SUGGEST)))
    ids = [getattr(c, "item", c).custom_id for c in view.children]
    for spec in (*actions, ATTACK, SUGGEST):
        assert any(f":0:{spec.name}" in i for i in ids), spec.name
    rows = {getattr(c, "item", c).row for c in view.children}
    assert max(r for r in rows if r is not None) < 5
