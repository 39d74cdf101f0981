"""The package as the Dockerfile installs it (`pip install .`, not the editable checkout).

No Docker engine runs on the development machines, so this does the image's build steps
without Docker: it copies into an empty folder exactly what the Dockerfile's COPY lines
copy, builds the wheel there (offline), and checks that the wheel carries every module and
data file the bot reads and runs with no source tree beside it; and that the image runs
the bot as a non-root user with its database on a volume.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import engine
from demo.scripts import SCRIPTS

ROOT = Path(__file__).resolve().parent.parent


def dockerfile() -> list[str]:
    return [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]


def copied_by_dockerfile() -> list[str]:
    """The sources of the COPY lines (the build context the image's `pip install .` sees)."""
    return [source for line in dockerfile() if line.startswith("COPY")
            for source in line.split()[1:-1]]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from what the Dockerfile copies (offline: no build isolation), unpacked."""
    context = tmp_path_factory.mktemp("context")
    for source in copied_by_dockerfile():
        if (ROOT / source).is_dir():
            shutil.copytree(ROOT / source, context / source,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / source, context / source)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(out), str(context)], check=True,
                   capture_output=True, timeout=300)
    (wheel,) = out.glob("croupier-*.whl")
    site = out / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def run_installed(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Python with the unpacked wheel ahead of the editable checkout, away from the repo."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_wheel_carries_the_code_and_every_data_file(installed: Path) -> None:
    shipped = {p.relative_to(installed).as_posix() for p in installed.rglob("*") if p.is_file()}
    needed = {p.relative_to(ROOT).as_posix()
              for pattern in ("bot/migrations/*.sql", "bot/migrations_pg/*.sql",
                              "engine/**/*.json", "*/**/*.py")
              for p in ROOT.glob(pattern)
              if p.parts[len(ROOT.parts)] in ("bot", "cogs", "demo", "engine", "renders",
                                              "sandbox")}
    assert needed and not needed - shipped
    assert not any(name.startswith(("tests/", "bench/")) for name in shipped)


def test_the_installed_bot_runs_without_the_checkout(installed: Path, tmp_path: Path) -> None:
    where = run_installed(installed, "-c", "import bot, cogs, demo, engine, renders, sandbox; "
                          "print(bot.__file__, engine.__file__, demo.__file__, sandbox.__file__)",
                          cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    assert all(Path(f).is_relative_to(installed) for f in where.stdout.split())

    no_token = run_installed(installed, "-m", "bot", cwd=tmp_path)
    assert no_token.returncode == 2
    assert "DISCORD_TOKEN" in no_token.stderr and "python -m bot demo" in no_token.stderr

    # `python -m bot demo` loads the demo and the sandbox from the package (top-level
    # packages beside bot/): an unknown game is refused with the list of demos.
    no_demo = run_installed(installed, "-m", "bot", "demo", "no-such-game", cwd=tmp_path)
    assert no_demo.returncode == 2, no_demo.stderr
    shipped = [v for v, (script, _, _) in SCRIPTS.items() if script.__module__.startswith("demo.")]
    assert f"Demos: {', '.join(shipped)}." in no_demo.stderr

    # Its migrations and game data load from the package, not from the repository.
    smoke = run_installed(installed, "-c", """
import asyncio, engine
from bot.storage import Storage
async def main():
    storage = await Storage.open("smoke.db")
    print(await storage.schema_version())
    await storage.close()
asyncio.run(main())
for variant, cls in sorted(engine.VARIANTS.items()):
    engine.new_game(variant, cls.example_seats(), seed="smoke")
    print(variant)
""", cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stderr
    lines = smoke.stdout.split()
    assert lines[0] == str(max(int(p.name[:3]) for p in (ROOT / "bot" / "migrations").glob(
        "*.sql")))  # the newest migration's number (numbers may skip: 001, 003)
    assert set(lines[1:]) == {v for v, cls in engine.VARIANTS.items()
                              if cls.__module__.startswith("engine.")}  # every game shipped


def test_the_dockerfile_copies_the_packages_and_runs_the_bot_unprivileged() -> None:
    lines = [line for line in dockerfile() if line and not line.startswith("#")]
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"]["find"]["include"]
    copied = set(copied_by_dockerfile())
    assert {p.rstrip("*") for p in packages} | {"pyproject.toml", "README.md"} <= copied
    assert lines[0].startswith("FROM python:3.11-slim")
    user = next(line.split()[1] for line in lines if line.startswith("USER"))
    assert user not in ("root", "0")
    assert 'VOLUME ["/data"]' in lines
    assert any("CROUPIER_DB=/data/" in line for line in lines)
    assert lines[-1] == 'CMD ["python", "-m", "bot"]'
