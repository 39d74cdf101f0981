"""Card set files for tests: a small valid set a group might write, to edit into broken
ones (a field wrong, a card missing one) or to build positions the sample set can't."""

from __future__ import annotations

import copy
import json
from typing import Any

TINY: dict[str, Any] = {
    "title": "Test set",
    "illuminati": [
        {"name": "Alpha Lodge", "power": 9, "transferable": 9, "income": 8,
         "goal": {"kind": "treasury", "minimum": 100}},
        {"name": "Beta Circle", "power": 8, "transferable": 8, "income": 8,
         "goal": {"kind": "destroyed", "minimum": 3}},
        {"name": "Gamma Order", "power": 8, "transferable": 8, "income": 8,
         "abilities": [{"kind": "privilege", "cost": 5}],
         "goal": {"kind": "alignment", "alignment": "weird", "minimum": 2}},
    ],
    "groups": [
        {"name": "Boy Sprouts", "power": 1, "transferable": 0, "resistance": 2, "income": 1,
         "alignments": ["straight"], "arrows": []},
        {"name": "Dead End Club", "power": 2, "transferable": 0, "resistance": 2, "income": 1,
         "alignments": ["weird"], "arrows": []},
        {"name": "Cul-de-sac Society", "power": 2, "transferable": 1, "resistance": 3,
         "income": 2, "alignments": ["liberal"], "arrows": []},
        {"name": "No Exit Guild", "power": 3, "transferable": 0, "resistance": 4,
         "income": 2, "alignments": ["violent"], "arrows": []},
        {"name": "Branching Office", "power": 4, "transferable": 2, "resistance": 4,
         "income": 3, "alignments": ["government"], "arrows": ["ahead", "left"]},
        {"name": "Weird Sisters", "power": 2, "transferable": 1, "resistance": 3,
         "income": 1, "alignments": ["weird", "fanatic"], "arrows": ["ahead"]},
    ],
    "specials": [
        {"name": "Slush Fund", "effect": "slush-fund", "amount": 10, "text": "10 MB."},
        {"name": "Deep Agent", "effect": "deep-agent"},
    ],
}


def tiny(edit: Any = None) -> str:
    """The tiny set as the `cards` option's JSON text, after `edit(data)` if given."""
    data = copy.deepcopy(TINY)
    if edit is not None:
        edit(data)
    return json.dumps(data)
