"""The firmware's modules each have one job and a public surface (issue 21: the App was one
924-line class whose underscore names five other modules took, and which took theirs back):
no module of the firmware or the rules core takes another module's private names, and the
firmware's modules import each other without a circle - at the top of a file or inside a
function alike (a circle there is only put off to run time)."""

import ast
import os

from conftest import ROOT

FOLDERS = ("firmware", "shared_rules")
# the Record's parts: its methods kept in modules of their own, loaded only when used (they
# take the Record as `self`), may use the record module's own names
RECORD_PARTS = {"recover", "mend", "rebuild", "snapshot", "proven"}


def _modules() -> "dict[str, str]":
    """name (as imported on the device: 'ui.menu', 'shared_rules.khan.game') -> path."""
    out = {}
    for folder in FOLDERS:
        for here, dirs, files in os.walk(os.path.join(ROOT, folder)):
            if os.path.basename(here) in ("sim", "__pycache__"):
                dirs[:] = []
                continue
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(here, f), ROOT if folder == "shared_rules" else
                                          os.path.join(ROOT, "firmware"))
                    name = rel[:-3].replace(os.sep, ".")
                    out[name[:-9] if name.endswith(".__init__") else name] = os.path.join(here, f)
    return out


def _imports(path: str, known: "dict[str, str]"):
    """(module imported, names taken from it, line) for every import of one of ours."""
    tree = ast.parse(open(path).read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in known:
                    yield a.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [a.name for a in node.names]
            if node.module in known:
                yield node.module, names, node.lineno
            for n in names:  # from ui import palette: the module ui.palette
                if node.module + "." + n in known:
                    yield node.module + "." + n, [], node.lineno


def test_no_module_takes_another_modules_private_names():
    known = _modules()
    taken = []
    for name, path in known.items():
        tree = ast.parse(open(path).read())
        aliases = {}  # a name bound to one of our modules in this file
        for module, names, line in _imports(path, known):
            mine = name.split(".")[-1] in RECORD_PARTS and module == "record"
            for n in names:
                if n.startswith("_") and not mine:
                    taken.append("%s:%d takes %s.%s" % (name, line, module, n))
            aliases[module.split(".")[-1]] = module
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Name) and node.value.id in aliases):
                taken.append("%s:%d uses %s.%s" % (name, node.lineno, aliases[node.value.id], node.attr))
    assert not taken, taken


def _unit(name: str) -> str:
    """The Record and its parts are one (record.py loads its methods' modules when used)."""
    return "record" if name in RECORD_PARTS else name


def test_the_firmwares_modules_import_each_other_without_a_circle():
    known = {k: v for k, v in _modules().items() if not k.startswith("shared_rules")}
    graph: "dict[str, set]" = {}
    for name, path in known.items():
        graph.setdefault(_unit(name), set()).update(_unit(m) for m, _, _ in _imports(path, known))
    for name in graph:
        graph[name].discard(name)
    done, path = set(), []

    def visit(node):
        if node in path:
            raise AssertionError("an import circle: " + " -> ".join(path[path.index(node):] + [node]))
        if node in done:
            return
        path.append(node)
        for nxt in graph[node]:
            visit(nxt)
        path.pop()
        done.add(node)

    for node in graph:
        visit(node)
    assert {"app", "loop", "session", "display", "faults", "memory"} <= set(graph)
    assert [name for name, deps in graph.items() if "app" in deps] == ["main"], "only the boot imports the App's module"
