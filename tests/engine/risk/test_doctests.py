"""The `>>>` examples in engine.risk's docstrings stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import engine.risk.cards
import engine.risk.combat
import engine.risk.map
import engine.risk.odds
import engine.risk.rules


@pytest.mark.parametrize("module", [engine.risk.map, engine.risk.combat, engine.risk.odds,
                                    engine.risk.rules, engine.risk.cards])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
