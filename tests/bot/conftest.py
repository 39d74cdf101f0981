"""The store the storage and service tests run against: each test runs twice, on SQLite (a
file in the test's folder) and on PostgreSQL (a fresh database of the session's server,
`tests/support/postgres.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What `CROUPIER_DB` would say for this test's store: a file path or a URL."""
    if request.param == "sqlite":
        return str(tmp_path / "c.db")
    return str(request.getfixturevalue("postgres_url"))
