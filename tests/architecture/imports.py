"""The import graph of a package tree, read with `ast` (top-level and function-level imports alike),
and the layering rules of docs/architecture.md checked against it."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ENGINES = ("gugong", "dragon", "yinzi")
PURE = ("core", *ENGINES)  # no UI, PDF, storage or i18n below this line
FORBIDDEN_IN_PURE = ("streamlit", "reportlab", "sqlite3", "psycopg", "pandas",
                     "companion.ui", "companion.pdf", "companion.storage", "companion.i18n", "companion.cli",
                     "companion.stats")
# what any other package may import from an engine package: what the manifest hands out
UI_MAY_IMPORT = ("manifest", "view", "instructions", "words_context")


@dataclass(frozen=True)
class Edge:
    source: str  # importing module, dotted
    target: str  # imported module, dotted
    line: int


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(source: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = source.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def edges(root: Path) -> list[Edge]:
    """Every import in the package at `root` (e.g. .../companion), as dotted module names."""
    out: list[Edge] = []
    modules = {module_name(root, p) for p in root.rglob("*.py")}
    for path in sorted(root.rglob("*.py")):
        source = module_name(root, path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out += [Edge(source, alias.name, node.lineno) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(source, path.name == "__init__.py", node)
                for alias in node.names:  # "from . import x" imports the module x when there is one
                    sub = f"{target}.{alias.name}"
                    out.append(Edge(source, sub if sub in modules else target, node.lineno))
    return out


def _package_of(module: str, root_name: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == root_name else ""


def layer_violations(root: Path) -> list[str]:
    name = root.name
    problems = []
    for e in edges(root):
        pkg, target = _package_of(e.source, name), _package_of(e.target, name)
        if pkg in PURE and any(e.target == f or e.target.startswith(f + ".") for f in _forbidden(name)):
            problems.append(f"{e.source}:{e.line} imports {e.target} (engines and core stay pure)")
        if pkg == "core" and target in ENGINES:
            problems.append(f"{e.source}:{e.line} imports {e.target} (core knows no engine)")
        if pkg in ENGINES and target in ENGINES and target != pkg:
            problems.append(f"{e.source}:{e.line} imports {e.target} (an engine imports no other engine)")
        if pkg not in PURE and target in ENGINES:
            last = e.target.split(".")[-1]
            if len(e.target.split(".")) > 2 and last not in UI_MAY_IMPORT:
                problems.append(f"{e.source}:{e.line} imports engine internals {e.target} (use the manifest)")
    return problems + i18n_file_reads(root)


def i18n_file_reads(root: Path) -> list[str]:
    """Engine or core modules that name an i18n file or folder in code (they would read a catalog by path)."""
    problems = []
    for pkg in PURE:
        for path in sorted((root / pkg).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and _names_i18n(node.value):
                    problems.append(f"{module_name(root, path)}:{node.lineno} names the i18n file {node.value!r} "
                                    "(engines read no catalog)")
    return problems


def _names_i18n(text: str) -> bool:
    """A string used as a path part: "i18n" alone, or a path into it (docstrings and messages name it in prose)."""
    return text == "i18n" or ("/" in text and " " not in text and any(m in text for m in ("i18n/catalog", "i18n/data")))


def _forbidden(root_name: str) -> tuple[str, ...]:
    return tuple(f.replace("companion", root_name, 1) if f.startswith("companion") else f for f in FORBIDDEN_IN_PURE)


def cycles(root: Path) -> list[list[str]]:
    """Import cycles between modules of the package (strongly connected components of size > 1)."""
    name = root.name
    graph: dict[str, set[str]] = {}
    for e in edges(root):
        if e.target.split(".")[0] == name and e.target != e.source:
            graph.setdefault(e.source, set()).add(e.target)
    return [sorted(c) for c in _components(graph) if len(c) > 1]


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit on big trees)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    nodes = set(graph) | {t for ts in graph.values() for t in ts}
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    out.append(comp)
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return out
