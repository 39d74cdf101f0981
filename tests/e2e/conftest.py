"""The end-to-end suite runs on both stores (issue 27: "the storage, service and end-to-end
suites pass against both stores"): `database` (what `CROUPIER_DB` says) and `table` (the
real bot against the stand-in, tests/support/table.py) each take the params sqlite (a file
in the test's folder) and postgresql (a fresh database of the session's server,
tests/support/postgres.py), so every test id says its store: `test_x[sqlite]`,
`test_x[postgresql]`.

A test that is about one store by nature (it corrupts or locks the SQLite file, or runs
two processes at once, which only PostgreSQL allows) asks for `sqlite_table` /
`sqlite_database` or `postgres_url`, saying why in its docstring."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.table import Table, a_table

STORES = ["sqlite", "postgresql"]


@pytest.fixture(params=STORES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """This test's store as `CROUPIER_DB` would name it: a file path or a URL."""
    if request.param == "sqlite":
        return str(tmp_path / "croupier.db")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def sqlite_database(tmp_path: Path) -> str:
    """An SQLite file for the tests about SQLite alone."""
    return str(tmp_path / "croupier.db")


@pytest.fixture
async def table(database: str) -> AsyncIterator[Table]:
    """The table (tests/support/table.py), on each store in turn."""
    async with a_table(database) as t:
        yield t


@pytest.fixture
async def sqlite_table(sqlite_database: str) -> AsyncIterator[Table]:
    """The table on SQLite, for the tests about SQLite alone."""
    async with a_table(sqlite_database) as t:
        yield t


@pytest.fixture
async def postgres_table(postgres_url: str) -> AsyncIterator[Table]:
    """The table on PostgreSQL, for the tests about several processes on one database."""
    async with a_table(postgres_url) as t:
        yield t
