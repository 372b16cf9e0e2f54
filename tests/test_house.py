"""The house rules (README.md, "Layout") that a reader can check by eye but a change can
quietly break: no import cycles between fliptable's modules (counting imports inside functions
too, which is how a cycle usually hides), and no module past 600 lines."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fliptable"
MAX_LINES = 600


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for p in ROOT.rglob("*.py")}


def _target(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph() -> dict[str, set[str]]:
    """Module -> the fliptable modules it imports anywhere in its text."""
    graph = {}
    for module, path in MODULES.items():
        is_package = path.name == "__init__.py"
        found = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ImportFrom):
                target = _target(module, node, is_package)
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    if full in MODULES:
                        found.add(full)
                    elif target in MODULES:
                        found.add(target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in MODULES)
        found.discard(module)
        graph[module] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph)))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_relative_and_function_level_imports():
    graph = import_graph()
    assert len(graph) > 100
    assert "fliptable.core.state" in graph["fliptable.core"] or any(
        m.startswith("fliptable.core.") for m in graph["fliptable.core"]
    )
    assert any(m.startswith("fliptable.server") for m in graph["fliptable.cli.serve"])


def test_no_import_cycles():
    assert cycles(import_graph()) == []


#: every source file of the package, not only Python's: the compiled writers' parts, the
#: browser client's and the games' scripts and styles
SOURCES = [p for suffix in ("py", "pyx", "pxi", "js", "css") for p in ROOT.rglob(f"*.{suffix}")]


def test_no_module_past_600_lines():
    long = {
        str(path.relative_to(ROOT.parent)): n
        for path in SOURCES
        if (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}, f"split these modules (one module per concern): {long}"
