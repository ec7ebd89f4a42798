"""No import cycle among the host tools' modules, not even through an import
inside a function (issue 15).

Python resolves an import inside a function when the function runs, so such
a cycle does not fail at start-up; it still ties the two modules together,
and which of them loads first decides what the other sees.  Every `import`
and `from ... import` in tools/sixtysix_tools counts, wherever it sits
(module level, a function, an `if TYPE_CHECKING:` block), relative ones
resolved against the module's own package.
"""

import ast
import os

from test_import_cycles import cycles as strong_groups

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools", "sixtysix_tools")


def module_files(package_dir: str) -> dict:
    """Dotted module name -> file, for every .py under package_dir; the
    package itself is named by the folder (its __init__.py)."""
    base = os.path.dirname(os.path.abspath(package_dir))
    found = {}
    for folder, _dirs, files in os.walk(package_dir):
        for file in files:
            if not file.endswith(".py"):
                continue
            parts = os.path.relpath(os.path.join(folder, file), base)[:-3].split(os.sep)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = os.path.join(folder, file)
    return found


def imported_names(name: str, path: str, modules: dict) -> set:
    """The modules among `modules` that the module `name` imports anywhere
    in its file: `from pkg import mod` counts as pkg.mod when that is a
    module, as pkg (its __init__.py) when mod is a name in it."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    package = name if os.path.basename(path) == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            origin = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                origin = anchor + "." + origin if origin else anchor
            for alias in node.names:
                if origin + "." + alias.name in modules:
                    targets.add(origin + "." + alias.name)
                elif origin in modules:
                    targets.add(origin)
    targets.discard(name)
    return targets


def import_graph(package_dir: str) -> dict:
    modules = module_files(package_dir)
    return {name: imported_names(name, path, modules) for name, path in modules.items()}


def tangles(graph: dict) -> list:
    """The groups of modules that import each other round, each one a set:
    test_import_cycles' strongly connected components (a module's import
    of itself is dropped when the graph is made, so every group has two
    modules or more)."""
    return [set(group) for group in strong_groups(graph)]


def cycles(graph: dict) -> list:
    """For every tangle, one cycle through it: the modules from the first
    one back to itself."""
    return [path_round(graph, group) for group in tangles(graph)]


def path_round(graph: dict, group: set) -> list:
    """A shortest way from the group's first module back to itself, inside
    the group."""
    start = min(group)
    came_from = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node] & group):
            if nxt == start:
                path = [node]  # back from node to start, then turned round
                while came_from[path[-1]] is not None:
                    path.append(came_from[path[-1]])
                return path[::-1] + [start]
            if nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    raise AssertionError("no way round in %s" % sorted(group))


def test_the_host_tools_import_no_module_round_to_itself():
    graph = import_graph(TOOLS)
    found = [
        "%s import each other round, e.g. %s"
        % (", ".join(sorted(group)), " -> ".join(path_round(graph, group)))
        for group in tangles(graph)
    ]
    assert not found, "import cycles in tools/sixtysix_tools:\n" + "\n".join(found)


def test_a_cycle_through_a_function_body_is_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "command.py").write_text("def run():\n    from . import mode\n\n    mode.go()\n")
    (package / "mode.py").write_text("from .command import run\n")
    (package / "leaf.py").write_text("import os\n")
    (package / "other.py").write_text("from pkg.leaf import os\n")
    assert cycles(import_graph(str(package))) == [["pkg.command", "pkg.mode", "pkg.command"]]


def test_a_longer_cycle_with_absolute_and_parent_imports_is_found(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("import pkg.b\n")
    (package / "b.py").write_text("if False:\n    from .sub.c import thing\n")
    (package / "sub" / "c.py").write_text("class K:\n    def m(self):\n        from ..a import x\n")
    found = cycles(import_graph(str(package)))
    assert found == [["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]]
    (package / "sub" / "c.py").write_text("from .. import b\n")  # b, not pkg/__init__
    assert cycles(import_graph(str(package))) == [["pkg.b", "pkg.sub.c", "pkg.b"]]


def test_the_graph_sees_the_tools_imports():
    """The check above is only as good as the graph: known imports of the
    tools are in it, at module level and inside a function."""
    graph = import_graph(TOOLS)
    assert "sixtysix_tools.bench_common" in graph["sixtysix_tools.bench_emulated"]
    assert "sixtysix_tools.bench_emulated" in graph["sixtysix_tools.bench"]  # inside run_emulated
    assert "sixtysix_tools.simview" in graph["sixtysix_tools.sim_command"]  # inside _run
