"""Cold Cash Risk's players' words for its menus and options, in one place to review.

The prompts are built across `placing`, `stock`, `takeover` and `earnings`; rather than
a question at every `Param`, the game fills them in from this table (`engine.wording.
worded`), by (action, parameter) first and by parameter alone as the fallback. One word
for one thing: a corporation's men on the board are "security teams" everywhere.
"""

from __future__ import annotations

import re

from engine.errors import RuleError

# RISK's armies are Cold Cash Risk's security teams (the shared RISK rules say "armies").
ARMIES = re.compile(r"\barm(y|ies)\b")


def in_teams(error: RuleError) -> RuleError:
    """The same refusal, with RISK's armies called security teams."""
    text = ARMIES.sub(lambda m: "security team" + ("s" if m.group(1) == "ies" else ""),
                      error.message)
    error.message = text
    error.args = (text,)
    return error

QUESTIONS: dict[tuple[str, str] | str, str] = {
    ("place", "territory"): "Where?",
    ("place", "count"): "How many security teams there?",
    ("found", "corporation"): "Which corporation do you found?",
    ("absorb", "corporation"): "Which corporation absorbs it?",
    ("merge", "survivor"): "Which corporation survives?",
    ("merge", "first"): "Which one merges first?",
    ("consent", "choice"): "Do you agree to the merger?",
    ("buy", "corporation"): "Shares of which corporation?",
    ("buy", "count"): "How many shares?",
    ("sell", "corporation"): "Shares of which corporation?",
    ("sell", "count"): "How many shares?",
    ("meeting", "corporation"): "Which corporation's CEO is put to the vote?",
    ("meeting", "nominee"): "Who should be its new CEO?",
    ("accept", "choice"): "Do you accept the nomination?",
    ("vote", "choice"): "Your vote?",
    ("attack", "from_territory"): "Attack from where?",
    ("attack", "to_territory"): "Attack which territory?",
    ("attack", "dice"): "With how many dice?",
    ("blitz", "from_territory"): "Attack from where?",
    ("blitz", "to_territory"): "Attack which territory?",
    ("blitz", "stop_at"): "Stop when how many attacking security teams are left?",
    ("move", "from_territory"): "Move security teams from where?",
    ("move", "to_territory"): "To where?",
    ("move", "count"): "How many security teams?",
    ("earnings", "corporation"): "Which corporation?",
    ("earnings", "choice"): "What does it do?",
    ("earnings", "territory"): "Where do hired security teams go, or which are fired?",
    ("earnings", "from_territory"): "Restructuring: the first move from where?",
    ("earnings", "to_territory"): "Restructuring: the first move to where?",
    ("earnings", "count"): "Restructuring: how many security teams move?",
    ("dispose", "sell"): "How many do you sell?",
    ("dispose", "trade"): "How many do you trade in?",
    ("dispose", "keep"): "How many do you keep?",
    # Decisions the rules branch (issue 11) adds: harmless until they exist.
    ("announce", "from_territory"): "Attack from where?",
    ("announce", "to_territory"): "Attack which Mom & Pop?",
    ("defend", "dice"): "Defend with how many dice?",
    ("fire", "territory"): "Fire security teams where?",
    ("fire", "count"): "How many security teams?",
    ("settle-first", "corporation"): "Which corporation is settled first?",
    ("ballot", "voter"): "Whose vote do you ask for next?",
    "territory": "Which territory?",
    "from_territory": "From which territory?",
    "to_territory": "To which territory?",
    "corporation": "Which corporation?",
    "count": "How many?",
    "choice": "Your answer?",
    "dice": "How many dice?",
}

# Labels that say what an action does where the prompt's own label is too short to.
LABELS: dict[str, str] = {
    "dispose": "Sell, trade or keep your shares",
}

OPTION_LABELS: dict[str, str] = {
    "edition": "Acquire edition",
    "turn_order": "Turn order",
    "ending": "How the game ends",
    "unplaceable": "No card to place",
    "free_move": "Free moves",
    "founding": "A new corporation absorbs",
    "show_new_shares": "New shares arrive shown",
}
