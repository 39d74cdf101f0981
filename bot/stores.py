"""Which store `CROUPIER_DB` names: an SQLite file (the default: one process, nothing to
install) or a PostgreSQL database (`postgresql://...`: several processes). Both behind the
`Store` interface of `bot/storage.py`."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import Storage, Store


def is_postgres_url(database: str) -> bool:
    """Does `CROUPIER_DB` name a PostgreSQL database (rather than an SQLite file)?"""
    return database.startswith(("postgresql://", "postgres://"))


async def open_storage(database: str, *, clock: Callable[[], float] | None = None) -> Store:
    """Open (and migrate) the store `database` names; `StorageUnavailable` if it can't be
    used. psycopg is imported only when the database is PostgreSQL. `clock`: the database's
    clock instead of its own (tests move time by hand; `use_clock` of either store)."""
    if is_postgres_url(database):
        from bot.storage_pg import PgStorage

        return await PgStorage.open(database, clock=clock)
    return await Storage.open(database, clock=clock)
