"""Reading the values players type: every game reads yes/no the same way."""

from __future__ import annotations

from typing import Any

from engine.errors import Unreadable

TRUE_WORDS = frozenset({"1", "true", "yes", "on", "y"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", "n"})


def read_bool(value: Any, name: str) -> bool:
    """A bool from a bool or from the words players use ("yes", "off", ...)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    raise Unreadable(f"{name} is yes or no (true or false), not {value!r}.")
