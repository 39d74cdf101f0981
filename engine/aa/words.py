"""What the A&A games' forms ask, in players' words: the question of each parameter a prompt
leaves without one ("From which area?", never "Which from area?"), shared by A&A classic and
Plotted A&A. Looked up by (action, parameter) first, then by the parameter alone
(`engine.wording.worded`); at most 45 characters, a form's label."""

from __future__ import annotations

QUESTIONS: dict[tuple[str, str] | str, str] = {
    "units": "Which units? (e.g. 3 inf, 2 arm, all)",
    "from_area": "From which area?",
    "to": "To which area?",
    "via": "Through which area?",
    "pickup": "Pick up what, from where? (+t from S Eur)",
    "round": "In which round?",
    "factory": "At which industrial complex?",
    "at": "Where?",
    "sea": "Which sea zone?",
    "dice": "How many research dice?",
    "bomb": "Bomb an industrial complex there?",
    "stop": "Stop at the first area?",
    "text": "The whole plot form",
    "as_it_stands": "Submit even with what is left to fix?",
    "target": "Which industrial complex to hit?",
    "development": "Which development?",
    ("casualties", "units"): "Which units are lost?",
    ("buy", "units"): "Which units to buy? (e.g. 3 inf, arm)",
    ("plot-build", "units"): "Which units to build? (e.g. 2 inf, arm)",
    ("final-build", "units"): "Which units to build?",
    ("retreat", "to"): "Retreat to which area?",
    ("land", "to"): "Land where?",
    ("unload", "to"): "Unload onto which area?",
    ("load", "sea"): "Into the transports in which sea zone?",
    ("unload", "sea"): "From the transports in which sea zone?",
}
