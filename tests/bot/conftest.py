"""The store the storage and service tests run against: each test runs twice, on SQLite (a
file in the test's folder) and on PostgreSQL (a fresh database of the session's server,
`tests/support/postgres.py`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Store
from bot.stores import open_storage


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What `CROUPIER_DB` would say for this test's store: a file path or a URL."""
    if request.param == "sqlite":
        return str(tmp_path / "c.db")
    return str(request.getfixturevalue("postgres_url"))


#: The database clock's start in the tests of two stores on one database.
STORES_NOW = 1_800_000_000.0


class Clock:
    """A database clock the test moves by hand (`use_clock`)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def stores(database: str) -> AsyncIterator[tuple[Store, Store, Clock]]:
    """Two stores on one database (two processes), sharing a test clock at `STORES_NOW`."""
    clock = Clock(STORES_NOW)
    one = await open_storage(database, clock=clock)
    two = await open_storage(database, clock=clock)
    try:
        yield one, two, clock
    finally:
        await one.close()
        await two.close()
