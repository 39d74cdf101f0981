"""What Illuminati says to players, in one place: the questions of its forms (at most 45
characters, a form's label), the labels of its actions and options, and the card set's
abilities and goals in words (the data's `attack-bonus` reads "+4 on any attack to control
a Weird Group")."""

from __future__ import annotations

from engine.games.illuminati.cardset import Ability, Goal

QUESTIONS: dict[tuple[str, str] | str, str] = {
    "group": "Which Group?",
    "target": "Which target?",
    "how": "Control, neutralize or destroy?",
    "privilege": "Make it privileged? How?",
    "mb": "How many MB?",
    "source": "From which treasury?",
    "side": "Help which side?",
    "card": "Which Special card?",
    "second_card": "Which second Special card?",
    "player": "Which player?",
    "at": "Where in your Power Structure?",
    "to": "To which vacant arrow?",
    "from_group": "From which Group?",
    "to_group": "To which Group?",
    "offer": "Which offer?",
    "goal": "Which goal?",
    "illuminati": "Which Illuminati do you accuse them of?",
    "give_mb": "MB you give (Illuminati treasury)",
    "take_mb": "MB you ask for",
    "give_group": "Group you give",
    "take_group": "Group you ask for",
    "give_card": "Special card you give",
    "take_card": "Special card you ask for",
    ("attack", "group"): "Which Group attacks?",
    ("attack", "target"): "Which Group is attacked?",
    ("aid", "group"): "Which Group aids with its power?",
    ("place", "mb"): "MB to move to it from the attacker",
    ("play", "group"): "Which Group does the card name?",
    ("play", "player"): "Which player does the card name?",
    ("give", "mb"): "How many MB do you give?",
    ("give", "card"): "Which Special card do you give?",
    ("give", "player"): "To which player?",
    ("offer", "player"): "To which player?",
    ("accept", "card"): "Which of your Specials goes?",
}

LABELS = {
    "attack": "Attack", "transfer": "Move money", "move": "Move a Group",
    "drop": "Drop a Group", "play": "Play a Special", "offer": "Offer a deal",
    "give": "Give money or a Special", "pass-turn": "Pass (collect 5 MB)",
    "end-turn": "End the turn", "spend": "Spend money", "pass": "Pass",
    "aid": "Aid with another Group", "call-off": "Call off the attack",
    "abolish": "Abolish the privilege (2 Specials)", "place": "Place the Group",
    "replace": "Replace the cancelled card", "give-up": "Give up the abolition",
    "choose-goal": "Choose your goal", "accuse": "Accuse", "accept": "Accept",
    "decline": "Decline", "withdraw": "Withdraw an offer", "show": "Show a Special",
}

OPTION_LABELS = {
    "cards": "Card set", "cards_file": "Card set file", "distance": "Defence by distance", "defence_rates":
    "Defender's spending rates", "targets": "Uncontrolled Groups kept", "illuminati_counts":
    "Illuminati card counts toward the goal", "hidden_goals": "Hidden Goals",
    "hidden_illuminati": "Hidden Illuminati", "window_seconds": "Time to answer a window",
}

ATTACK_WORDS = {"control": "to control", "neutralize": "to neutralize", "destroy": "to destroy",
                "any": "of any kind"}


def ability_text(ability: Ability) -> str:
    kind = ability.kind
    if kind == "privilege":
        return (f"once per turn, may make an attack privileged by paying {ability.cost} MB "
                "from its Illuminati treasury when announcing it")
    if kind == "attack-bonus":
        target = f" a {ability.alignment.capitalize()} Group" if ability.alignment else ""
        return f"{ability.bonus:+d} on any attack {ATTACK_WORDS[ability.attack]}{target}"
    if kind == "defence-bonus":
        return f"{ability.bonus:+d} to defend against any attack {ATTACK_WORDS[ability.attack]}"
    if kind == "immune":
        names = " or ".join(a.capitalize() for a in ability.alignments)
        return f"can't be attacked by {names} Groups"
    if kind == "draws":
        return f"draws {ability.cards} cards at the start of each turn"
    if kind == "free-moves":
        return "at the end of its turn, may move its Groups without spending actions"
    if kind == "free-transfers":
        return "at the end of its turn, may move money freely between its Groups"
    if kind == "attacks":
        return f"its Illuminati card may take part in {ability.count} attacks a turn"
    return kind  # pragma: no cover - the card set admits only the kinds above


def goal_text(goal: Goal) -> str:
    kind = goal.kind
    if kind == "power":
        own = " (the Illuminati's own included)" if goal.illuminati else ""
        return f"control Groups with a total Power of {goal.minimum} or more{own}"
    if kind == "transferable":
        return (f"control a total Transferable Power of {goal.minimum} or more (the "
                "Illuminati's own included)")
    if kind == "alignment":
        return f"control {goal.minimum} {str(goal.alignment).capitalize()} Groups"
    if kind == "every-alignment":
        return "control at least one Group of each alignment"
    if kind == "treasury":
        return f"hold {goal.minimum} MB or more in all your treasuries together"
    if kind == "destroyed":
        return f"destroy {goal.minimum} Groups"
    if kind == "another":
        return "the special goal of another Illuminati, chosen in secret at the start"
    return "none"
