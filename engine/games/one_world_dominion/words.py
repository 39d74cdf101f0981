"""What One World Dominion's forms ask, in players' words ("Attack which area?", never the
built "Which to territory?"): looked up by (action, parameter) first, then by the parameter
alone (`engine.wording.worded`); at most 45 characters, a form's label."""

from __future__ import annotations

QUESTIONS: dict[tuple[str, str] | str, str] = {
    "territory": "Which area?",
    "from_territory": "From which area?",
    "to_territory": "To which area?",
    "count": "How many armies?",
    "dice": "How many dice?",
    "card": "Which card?",
    "cards": "Which set of three cards?",
    ("claim", "territory"): "Claim which empty area?",
    ("place", "territory"): "Place armies in which area?",
    ("attack", "to_territory"): "Attack which area?",
    ("attack", "count"): "How many armies attack? (Jihad)",
    ("move", "count"): "How many armies move in?",
    ("play", "area"): "Which area does the card name?",
    ("play", "to_area"): "A second area (where to)?",
    ("play", "continent"): "Which continent does it name?",
    ("play", "player"): "Which player does it name?",
    ("play", "other_player"): "Which second player does it name?",
    ("play", "count"): "What number does the card ask for?",
    ("play", "take"): "Which discarded card does it take?",
}
