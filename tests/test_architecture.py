"""Layering rules from DESIGN.md, checked on the source: dependencies point one way.

A game is a package with one name in each of three layers (`games/<key>`, `render/<key>`,
`table/<key>`) and its commands `bot/commands/<key>.py`, each layer listing its games in one
registry. Imports point `runtime -> everything`, `bot -> {table, games}` (never storage, the
renderers or the process), `table -> {games, render, storage}` (never discord),
`render -> games`, `storage -> games`, and there is no import circle anywhere, counting the
imports made only for types (`if TYPE_CHECKING:`): a type a module needs from one that imports
it is a `Protocol` of its own.
"""

from __future__ import annotations

import ast
import importlib
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Every first-party package whose modules join the import graph (tests may import anything).
FIRST_PARTY = ("bench", "bot", "fakediscord", "games", "render", "runtime", "storage", "table")

# The first-party packages each layer may import besides itself; bench and tests are free.
MAY_IMPORT: dict[str, set[str]] = {
    "games": set(),
    "render": {"games"},
    "storage": {"games"},  # only to encode and decode states
    "table": {"games", "render", "storage"},
    "bot": {"games", "table"},
    "runtime": {"bot", "games", "render", "storage", "table"},
    "fakediscord": set(),
}

# Outside libraries a layer must not touch: rules are pure, renderers are pure `view -> bytes`.
FORBIDDEN_LIBRARIES: dict[str, set[str]] = {
    "games": {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio"},
    "render": {"discord", "aiosqlite", "sqlite3", "asyncio"},
    "storage": {"discord", "PIL"},
    "table": {"discord"},
    "fakediscord": set(),
    "bot": {"aiosqlite", "asyncpg", "sqlite3", "PIL"},
    "runtime": set(),
}

# The one module allowed past its layer's rule, and why.
EXCEPTIONS: dict[str, set[str]] = {
    "bot.__main__": {"runtime"},  # `python -m bot` keeps its name; it runs runtime.main
}

# Shared packages under games/ that are not games: the engine contract and the dice extra.
SHARED = {"engine", "dice"}

# ---------------------------------------------------------------- reading imports


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Dotted module name -> source file, for every module under `packages` in `root`."""
    modules: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _import_nodes(
    tree: ast.AST, *, with_type_checking: bool
) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, also inside functions (they run too). Without
    `with_type_checking` the bodies of `if TYPE_CHECKING:` are skipped (their `else` runs)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not with_type_checking:
            stack.extend(node.orelse)
        else:
            stack.extend(ast.iter_child_nodes(node))


def _base(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a `from ... import` reads from, resolving leading dots."""
    if node.level == 0:
        return node.module or ""
    package = module if is_package else module.rpartition(".")[0]
    parts = package.split(".")
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def imported_names(path: Path, module: str, *, with_type_checking: bool) -> set[str]:
    """Absolute dotted names a module imports: `import a.b` gives `a.b`; `from a import b`
    gives `a.b` (a submodule or just a name in `a`; `resolve` tells which)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    names: set[str] = set()
    for node in _import_nodes(tree, with_type_checking=with_type_checking):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = _base(node, module, is_package)
        names.update(base if alias.name == "*" else f"{base}.{alias.name}" for alias in node.names)
    return names


def resolve(name: str, known: Iterable[str]) -> str | None:
    """The longest known module that `name` is or lies in (`a.b.c` -> `a.b` when c is a name)."""
    modules = set(known)
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def import_graph(
    root: Path, packages: Iterable[str], *, with_type_checking: bool = False
) -> dict[str, set[str]]:
    """Module -> the first-party modules it imports at run time (and, `with_type_checking`,
    those it imports only for types under `if TYPE_CHECKING:`).

    Importing `a.b.c` also runs `a` and `a.b`, so those are edges too, except for packages
    that contain the importer (they are always imported before it, never because of it).
    """
    files = module_files(root, packages)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        own = {".".join(module.split(".")[:end]) for end in range(1, module.count(".") + 2)}
        targets: set[str] = set()
        for name in imported_names(path, module, with_type_checking=with_type_checking):
            target = resolve(name, files)
            if target is None:
                continue
            parts = target.split(".")
            chain = {".".join(parts[:end]) for end in range(1, len(parts) + 1)}
            targets.update(m for m in chain if m in files and m not in own)
        graph[module] = targets
    return graph


def find_cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """One shortest cycle per strongly connected component, from its first module in order."""
    edges = {node: sorted(set(targets) & graph.keys()) for node, targets in graph.items()}
    return [_shortest_cycle(edges, component) for component in _components(edges)]


def _components(edges: Mapping[str, list[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components with more than one module (or a self-import)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges[node]:
                found.append(component)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found, key=min)


def _shortest_cycle(edges: Mapping[str, list[str]], component: set[str]) -> list[str]:
    start = min(component)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in edges[node]:
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if target in component and target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def cycle_text(cycle: list[str]) -> str:
    return " -> ".join(cycle)


def _top_level_imports(path: Path, module: str) -> set[str]:
    """Top-level packages a module imports, types-only imports included."""
    return {n.split(".")[0] for n in imported_names(path, module, with_type_checking=True)}


# ---------------------------------------------------------------- the tree


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_package_imports_only_the_layers_it_may(package: str) -> None:
    """Dependencies point one way (see the module doc): the table knows no discord, the bot
    no storage, renderers or process."""
    others = set(FIRST_PARTY) | {"tests"}
    forbidden = (others - MAY_IMPORT[package] - {package}) | FORBIDDEN_LIBRARIES[package]
    offenders = [
        f"{path.relative_to(ROOT)} imports {sorted(found)}"
        for module, path in module_files(ROOT, [package]).items()
        if (found := _top_level_imports(path, module) & forbidden - EXCEPTIONS.get(module, set()))
    ]
    assert not offenders, "\n".join(offenders)


def test_no_import_cycles_in_the_tree() -> None:
    """No first-party module imports itself back, not even for types only."""
    cycles = find_cycles(import_graph(ROOT, FIRST_PARTY, with_type_checking=True))
    assert not cycles, "import cycles:\n" + "\n".join(cycle_text(c) for c in cycles)


def test_games_use_no_module_level_random() -> None:
    """All chance in games/ flows through the engine's seeded Rng (the only `random` user)."""
    allowed = ROOT / "games" / "engine" / "rng.py"
    offenders = [
        str(path.relative_to(ROOT))
        for module, path in module_files(ROOT, ["games"]).items()
        if path != allowed and "random" in _top_level_imports(path, module)
    ]
    assert not offenders, offenders


def _registry(module: str, name: str) -> dict[str, object]:
    try:
        loaded: ModuleType = importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        pytest.fail(f"{module} is missing: each layer lists its games in one registry")
    registry: dict[str, object] = getattr(loaded, name)
    return registry


def test_every_registered_game_is_a_package_in_each_layer() -> None:
    """A game is `games/<key>`, `render/<key>` and `table/<key>`, each a package, and its
    commands `bot/commands/<key>.py`."""
    games = _registry("games.registry", "GAMES")
    missing = [
        f"{layer}/{key}/__init__.py"
        for key in sorted(games)
        for layer in ("games", "render", "table")
        if not (ROOT / layer / key / "__init__.py").is_file()
    ] + [
        f"bot/commands/{key}.py" for key in games if not (ROOT / f"bot/commands/{key}.py").is_file()
    ]
    assert not missing, f"registered games without a package: {missing}"


@pytest.mark.parametrize(
    ("module", "name"),
    [("render.registry", "RENDERERS"), ("bot.registry", "COGS"), ("table.registry", "TABLES")],
)
def test_every_layer_registers_the_same_games(module: str, name: str) -> None:
    """Each layer's registry lists exactly the games in `games.registry.GAMES`."""
    games = set(_registry("games.registry", "GAMES"))
    registered = set(_registry(module, name))
    assert registered == games, (
        f"{module}.{name}: missing {sorted(games - registered)}, "
        f"not a game {sorted(registered - games)}"
    )


def test_every_game_package_is_registered() -> None:
    """A package in games/ is a registered game unless it is shared (engine, dice)."""
    games = set(_registry("games.registry", "GAMES"))
    packages = {p.parent.name for p in (ROOT / "games").glob("*/__init__.py")}
    assert packages - SHARED == games


def test_dice_is_a_shared_extra_in_each_layer_not_a_game() -> None:
    """Dice has a package per layer but is not a registered game."""
    games = _registry("games.registry", "GAMES")
    assert "dice" not in games
    missing = [
        f"{layer}/dice"
        for layer in ("games", "render", "table")
        if not (ROOT / layer / "dice" / "__init__.py").is_file()
    ]
    assert not missing, missing


# ---------------------------------------------------------------- the cycle detector itself


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_detector_finds_a_cycle_through_relative_submodule_and_function_imports(
    tmp_path: Path,
) -> None:
    """`from a import y` (a submodule), `from .z import` in a function and `import a.x` close
    a cycle, printed from its first module."""
    _write(
        tmp_path,
        {
            "a/__init__.py": "",
            "a/x.py": "from a import y\n",
            "a/y.py": "def later():\n    from .z import thing\n    return thing\n",
            "a/z.py": "import a.x\n\nthing = 1\n",
            "a/free.py": "from a.x import y\n",
        },
    )
    cycles = find_cycles(import_graph(tmp_path, ["a"]))
    assert [cycle_text(c) for c in cycles] == ["a.x -> a.y -> a.z -> a.x"]


def test_detector_ignores_a_back_edge_needed_only_for_types(tmp_path: Path) -> None:
    """An import under `if TYPE_CHECKING:` never runs, so it closes no cycle."""
    _write(
        tmp_path,
        {
            "b/__init__.py": "",
            "b/p.py": "from b.q import Q\n\nP = Q\n",
            "b/q.py": (
                "import typing\n"
                "from typing import TYPE_CHECKING\n\n"
                "if TYPE_CHECKING:\n    from b.p import P\n"
                "if typing.TYPE_CHECKING:\n    from . import p\n"
                "else:\n    import b.r\n\n"
                "Q = 1\n"
            ),
            "b/r.py": "",
        },
    )
    graph = import_graph(tmp_path, ["b"])
    assert graph["b.q"] == {"b.r"}
    assert find_cycles(graph) == []
    typed = import_graph(tmp_path, ["b"], with_type_checking=True)
    assert [cycle_text(c) for c in find_cycles(typed)] == ["b.p -> b.q -> b.p"]


def test_detector_sees_a_package_init_that_imports_its_importer(tmp_path: Path) -> None:
    """Importing `c.sub.m` runs `c/sub/__init__.py`; if that imports the importer, it is a cycle."""
    _write(
        tmp_path,
        {
            "c/__init__.py": "",
            "c/top.py": "from c.sub.m import M\n",
            "c/sub/__init__.py": "from c.top import *\n",
            "c/sub/m.py": "M = 1\n",
        },
    )
    cycles = find_cycles(import_graph(tmp_path, ["c"]))
    assert [cycle_text(c) for c in cycles] == ["c.sub -> c.top -> c.sub"]
