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
from collections.abc import Iterator
from pathlib import Path

import engine

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


# ----- the facade ----------------------------------------------------------------------

# What a game offers outside the engine: engine.Game's public names (the facade's methods,
# its declared hooks, its class attributes) and the attributes every game is given by
# Game.__init__ and Game.from_state.
FACADE = {name for name in dir(engine.Game) if not name.startswith("_")} | {
    "seats", "seed", "options", "finished", "winners", "step_count", "public_steps",
    "public_luck", "last_step", "history", "setup_events", "setup_luck",
}
# Reads past the facade outside engine/, as "module.function: attribute" ("getattr" for a
# name worked out at run time), each with why it stays. Keep it short.
PAST_THE_FACADE: dict[str, str] = {
    "bot.ui.form_plan.defaults: getattr":
        "a form preselects what the handler takes for a parameter left out: the defaults of "
        "its `do_<action>` signature, the very signature `act(**params)` is read against "
        "(engine/params.py); a `Param.default` in the prompts would replace it.",
    "cogs.paa.current_form: plots":
        "the paste form opens on the power's own plot; `view(power)['my_plot']` gives it, "
        "to change with the plot commands being reworked in this file meanwhile.",
    "cogs.paa.PlottedAxisAndAllies.verify: turn":
        "the turn whose plots `/paa verify` checks; `view(None)['turn']` gives it, to "
        "change with the commands being reworked in this file meanwhile.",
    "cogs.paa.PlottedAxisAndAllies.verify: stage":
        "as `turn` (`view(None)['stage']`).",
}


def _is_game(node: ast.expr) -> bool:
    """`game` or `<...>.game`: what every module of ours calls a game."""
    return (isinstance(node, ast.Name) and node.id == "game") or \
        (isinstance(node, ast.Attribute) and node.attr == "game")


def _command_groups(body: list[ast.stmt]) -> set[str]:
    """The names a module or class body binds to a slash-command group (`game =
    app_commands.Group(name="game", ...)`): `@game.command(...)` there reads no game."""
    names: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            called = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            if called == "Group":
                names |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    return names


def facade_reads(tree: ast.Module) -> Iterator[tuple[str, int, str]]:
    """(function, line, attribute) for each read of a game's attribute outside the facade:
    `<...>game.<attribute>`, and `getattr`/`hasattr(<...>game, ...)`. A name bound to a
    command group counts where Python resolves it to the group: in the module's or class's
    own body (decorators included), and in a function that doesn't bind the name itself."""
    module_groups = _command_groups(tree.body)

    def visit(node: ast.AST, where: str, groups: set[str]) -> Iterator[tuple[str, int, str]]:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for outer in [*node.decorator_list,
                          *(node.bases if isinstance(node, ast.ClassDef) else ())]:
                yield from visit(outer, where, groups)
            inner = f"{where}.{node.name}" if where else node.name
            if isinstance(node, ast.ClassDef):
                inside = groups | _command_groups(node.body)
                parts: list[ast.AST] = list(node.body)
            else:
                bound = {n.id for n in ast.walk(node)
                         if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
                bound |= {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
                inside = module_groups - bound
                parts = [node.args, *node.body]
            for part in parts:
                yield from visit(part, inner, inside)
            return
        if isinstance(node, ast.Attribute) and _is_game(node.value) \
                and node.attr not in FACADE \
                and not (isinstance(node.value, ast.Name) and node.value.id in groups):
            yield where, node.lineno, node.attr
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr") and node.args \
                and _is_game(node.args[0]):
            name = node.args[1] if len(node.args) > 1 else None
            if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
                yield where, node.lineno, "getattr"
            elif name.value not in FACADE:
                yield where, node.lineno, name.value
        for child in ast.iter_child_nodes(node):
            yield from visit(child, where, groups)

    yield from visit(tree, "", module_groups)


def game_reads() -> Iterator[str]:
    """Every read past the facade outside engine/, as "module.function: attribute" (line)."""
    for module, path in modules().items():
        if module.split(".")[0] == "engine":
            continue
        for where, line, attr in facade_reads(ast.parse(path.read_text(), str(path))):
            yield f"{module}.{where}: {attr}" if where else f"{module}: {attr}", line


def test_games_are_used_through_the_facade_outside_the_engine() -> None:
    """Issue 23: "nothing outside engine/ reads a game attribute outside the facade but
    from a short, commented allow-list"."""
    past = sorted(f"{read} (line {line})" for read, line in game_reads()
                  if read not in PAST_THE_FACADE)
    assert past == []


def test_the_facade_allow_list_holds_only_reads_still_made() -> None:
    """An entry whose read is gone goes too, so the list stays short and true."""
    assert set(PAST_THE_FACADE) - {read for read, _ in game_reads()} == set()


def test_the_facade_guard_sees_reads_and_not_command_groups() -> None:
    """The guard itself: reads by attribute and by `getattr` count, on `game` and on
    `<...>.game`; `@game.command` on a command group named game does not, but a local
    `game` inside a method is a game again."""
    source = (
        "from discord import app_commands\n"
        "class Cog:\n"
        "    game = app_commands.Group(name='game', description='games')\n"
        "    @game.command(name='new')\n"
        "    async def new(self, live):\n"
        "        game = live.game\n"
        "        game.view(None), game.prompts(), game.seats\n"
        "        return (game.pos, live.game.plots, getattr(game, 'bought'),\n"
        "                getattr(game, 'do_' + live.action), game.command,\n"
        "                hasattr(game, 'title'))\n"
    )
    assert sorted(facade_reads(ast.parse(source))) == [
        ("Cog.new", 8, "bought"), ("Cog.new", 8, "plots"), ("Cog.new", 8, "pos"),
        ("Cog.new", 9, "command"), ("Cog.new", 9, "getattr")]
