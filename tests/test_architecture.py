"""The layers hold: imports read from the source with `ast`, `TYPE_CHECKING` imports counted.

Issue 23: "no import cycle inside bot/, counting TYPE_CHECKING imports; bot never imports
cogs", and DESIGN.md's arrows between the packages: `cogs -> bot, engine, renders`;
`bot -> engine` (and `renders`); `renders -> engine`; `demo -> bot, sandbox, engine`;
`engine` and `sandbox` import nothing of ours. A module importing a package counts as
importing its `__init__`; `from a import b` counts as importing `a.b` when that is a module,
else `a`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = ("bot", "cogs", "demo", "engine", "renders", "sandbox")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for top in OURS for p in (ROOT / top).rglob("*.py")}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ours that `name` imports anywhere in its source (functions and
    `if TYPE_CHECKING:` blocks included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - (node.level - 1)]
                base = ".".join([*parent, *([base] if base else [])])
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in known else base)
    return {f for f in found if f in known and f != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]], inside: str) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), among `inside`'s."""
    nodes = [n for n in edges if n == inside or n.startswith(inside + ".")]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in nodes:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in nodes:
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_in_bot() -> None:
    assert cycles(graph(), "bot") == []


ALLOWED = {"bot": {"engine", "renders"}, "cogs": {"bot", "engine", "renders"},
           "renders": {"engine"}, "demo": {"bot", "sandbox", "engine"}, "engine": set(),
           "sandbox": set()}
# Imports against the arrows, each for a reason.
EXCEPTIONS = {("bot.__main__", "demo.run"): "`python -m bot demo`, imported only then"}


def test_no_import_cycle_in_any_package() -> None:
    edges = graph()
    assert {top: cycles(edges, top) for top in OURS} == {top: [] for top in OURS}


def test_each_package_imports_only_the_layers_below_it() -> None:
    wrong = {}
    for name, deps in graph().items():
        top = name.split(".")[0]
        outside = {d for d in deps if d.split(".")[0] not in ALLOWED[top] | {top}
                   and (name, d) not in EXCEPTIONS}
        if outside:
            wrong[name] = sorted(outside)
    assert wrong == {}


def test_bot_never_imports_cogs() -> None:
    wrong = {name: sorted(i for i in deps if i.split(".")[0] == "cogs")
             for name, deps in graph().items() if name.split(".")[0] == "bot"}
    assert {name: deps for name, deps in wrong.items() if deps} == {}


def test_the_checker_finds_a_cycle_and_type_checking_imports(tmp_path: Path) -> None:
    """The guard itself: a circle counts, and so does an import only made for the types."""
    edges = {"bot.a": {"bot.b"}, "bot.b": {"bot.c"}, "bot.c": {"bot.a"}, "bot.d": {"bot.a"}}
    assert cycles(edges, "bot") == [["bot.a", "bot.b", "bot.c"]]
    path = tmp_path / "probe.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from bot.x import Y\n")
    assert imports_of("bot.probe", path, {"bot.x": path, "bot.probe": path}) == {"bot.x"}
