"""No import cycle among our modules, not even through an import inside a
function (issue 15): app -> screens -> table -> screens was one.

Every `import` and `from ... import` statement of every module under ROOTS
is read with `ast`, at module level and inside functions and classes alike,
and resolved to our modules (relative imports included; `from pkg import
name` counts as importing pkg.name when that is a module).  The graph must
have no cycle.  The tools join by adding "tools" to ROOTS.
"""

import ast
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# Folders whose .py files are modules, and the folder their names start from.
ROOTS = {"firmware": "firmware", "boards": "."}


def modules(repo: str = REPO, roots: dict = ROOTS) -> dict:
    """{dotted name: path} of every module under `roots` of `repo`."""
    found = {}
    for root, base in roots.items():
        for folder, _dirs, files in os.walk(os.path.join(repo, root)):
            if "__pycache__" in folder:
                continue
            for f in files:
                if not f.endswith(".py"):
                    continue
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, os.path.join(repo, base))[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                found[".".join(rel)] = path
    return found


def imports_of(name: str, path: str, known) -> set:
    """The modules of `known` that the module `name` at `path` imports."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    out = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [module + "." + a.name if module else a.name for a in node.names]
        for t in targets:
            # Importing a.b.c runs a, a.b and a.b.c.
            parts = t.split(".")
            for i in range(1, len(parts) + 1):
                m = ".".join(parts[:i])
                if m in known and m != name:
                    out.add(m)
    return out


def graph(repo: str = REPO, roots: dict = ROOTS) -> dict:
    known = modules(repo, roots)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def cycles(edges: dict) -> list:
    """The strongly connected groups of more than one module (Tarjan), and
    any module that imports itself."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges.get(v, ()):
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_walk_finds_imports_inside_functions_and_relative_ones():
    edges = graph()
    # session.py: `from . import settings as settings_file` at module level
    assert "sixtysix_app.settings" in edges["sixtysix_app.session"]
    # seats_hand.py asks for sixtysix.hint only inside hint(); boot.py for the app inside run()
    assert "sixtysix.hint" in edges["sixtysix_app.seats_hand"]
    assert "sixtysix_app.app" in edges["sixtysix_app.boot"]
    # the app opens the title menu inside a method
    assert "sixtysix_app.screens" in edges["sixtysix_app.app"]
    # a board module imports the app's drivers by absolute name
    assert any(m.startswith("sixtysix_app.") for m in edges["boards.pico_display"])


def test_a_cycle_is_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"a"}}) == [["a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_a_cycle_through_a_function_and_a_relative_import_is_found(tmp_path):
    """A tree like ours with one cycle made of the kinds of import the
    firmware uses: relative at module level, `from . import` inside a
    method, and absolute inside a function, across two roots."""
    pkg = tmp_path / "src" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "app.py").write_text(
        "from .widgets import Screen\n\nclass App:\n    def home(self):\n        from . import menu\n"
    )
    (pkg / "widgets.py").write_text("class Screen:\n    pass\n")
    (pkg / "menu.py").write_text(
        "from .widgets import Screen\n\ndef table():\n    from .table import Table\n"
    )
    (pkg / "table.py").write_text("def leave():\n    import pkg.app\n")
    (tmp_path / "extra").mkdir()
    (tmp_path / "extra" / "__init__.py").write_text("")
    (tmp_path / "extra" / "board.py").write_text("from pkg.widgets import Screen\n")
    roots = {"src": "src", "extra": "."}
    edges = graph(str(tmp_path), roots)
    assert edges["extra.board"] == {"pkg", "pkg.widgets"}
    assert cycles(edges) == [["pkg.app", "pkg.menu", "pkg.table"]]
    # Without the import inside leave() there is none.
    (pkg / "table.py").write_text("def leave():\n    pass\n")
    assert cycles(graph(str(tmp_path), roots)) == []


def test_no_import_cycle():
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)
