"""The `>>>` examples in engine.acquire's docstrings stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import engine.acquire.chart
import engine.acquire.ledger
import engine.acquire.merger
import engine.acquire.payouts


@pytest.mark.parametrize("module", [engine.acquire.chart, engine.acquire.payouts,
                                    engine.acquire.ledger, engine.acquire.merger])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
