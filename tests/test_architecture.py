"""The package's rooms say what they are (issue 31): imports point only down the role
packages' order, no module imports itself back through another (lazy imports included),
and docs/architecture.md's module map and part states are the ones the packages'
docstrings and the engine's tables make. The tests' own room: what they share lives in
tests/helpers, and no test file imports another (issue 38)."""
from __future__ import absolute_import, division, print_function

import ast
import collections
import io
import os
import re

from animate_behaviour.engine import recovery, supervisor

from helpers import script_modules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
update_architecture = script_modules.load("update_architecture")

PACKAGE = "animate_behaviour"


def imports():
    """{module: {module it imports, wherever the import is}} over lib/animate_behaviour/
    (its vendored copies left out)."""
    found = collections.defaultdict(set)
    base = os.path.join(ROOT, "lib")
    for folder, subfolders, files in os.walk(os.path.join(base, PACKAGE)):
        subfolders[:] = [name for name in subfolders if not name.startswith(("_", "."))]
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            module = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
            module = module[:-len(".__init__")] if module.endswith(".__init__") else module
            with io.open(path, encoding="utf-8") as source:
                tree = ast.parse(source.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
                    for alias in node.names:
                        target = "%s.%s" % (node.module, alias.name)
                        found[module].add(target if os.path.exists(os.path.join(
                            base, *target.split("."))) or os.path.exists(os.path.join(
                                base, *target.split(".")) + ".py") else node.module)
                elif isinstance(node, ast.Import):
                    found[module].update(alias.name for alias in node.names
                                         if alias.name.startswith(PACKAGE))
    return found


def layer(module):
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in update_architecture.LAYERS:
        return update_architecture.LAYERS.index(parts[1])
    return None


def test_imports_point_only_down_the_role_packages():
    upward = ["%s -> %s" % (module, target) for module, targets in sorted(imports().items())
              for target in sorted(targets)
              if layer(module) is not None and layer(target) is not None
              and layer(target) > layer(module)]
    assert upward == []


def test_no_module_imports_itself_back():
    graph = imports()
    cycles = []
    state = {}

    def visit(module, path):
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                cycles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[module] = "done"
    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_planning_holds_no_naoqi_no_threads_and_no_locks():
    """Planning is pure: what runs it on threads (the engine) holds the locks, and only
    naoqi/ talks to NAOqi. Every module the planning package imports from outside the
    package, by any import statement."""
    forbidden = ("qi", "threading", "thread", "_thread", "multiprocessing", "Queue", "queue")
    found = []
    folder = os.path.join(ROOT, "lib", PACKAGE, "planning")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        with io.open(os.path.join(folder, name), encoding="utf-8") as source:
            tree = ast.parse(source.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            found.extend("%s imports %s" % (name, module) for module in modules
                         if module.split(".")[0] in forbidden)
    assert found == []


def test_the_module_map_and_part_states_are_the_generated_ones():
    page = update_architecture.read_text(update_architecture.PAGE)
    assert update_architecture.splice(page) == page, \
        "docs/architecture.md's module map or part states are stale: run " \
        "scripts/update_architecture.py"


def test_the_diagram_is_drawn_from_the_transitions(monkeypatch):
    drawn = update_architecture.diagram()
    for row in recovery.TRANSITIONS:
        assert row.event in drawn
    for state in recovery.STATES:
        assert "    %s" % state in drawn
    monkeypatch.setattr(recovery, "TRANSITIONS", recovery.TRANSITIONS[:-1])
    assert "resuming --> animating" in drawn
    assert "resuming --> animating" not in update_architecture.diagram()


def test_the_engine_life_is_drawn_from_its_table(monkeypatch):
    drawn = update_architecture.life()
    for row in supervisor.LIFE:
        for source in row.sources:
            assert "    %s --> %s: %s" % (source, row.target, row.event) in drawn
    monkeypatch.setattr(supervisor, "LIFE", supervisor.LIFE[:-1])
    assert "disabling --> disabled: failed" not in update_architecture.life()


def test_tests_share_helpers_only_through_tests_helpers():
    """tests/ holds conftest.py and test files only; a test file imports no other test
    file, and what several share is imported from tests/helpers."""
    folder = os.path.join(ROOT, "tests")
    loose = sorted(name for name in os.listdir(folder) if name.endswith(".py")
                   and name != "conftest.py" and not name.startswith("test_"))
    assert loose == [], "shared helpers belong in tests/helpers/"
    tests = set(name[:-3] for name in os.listdir(folder)
                if name.startswith("test_") and name.endswith(".py"))
    crossing = []
    for name in sorted(tests):
        # Read as text, not parsed: some test files are Python 3 only, and the check is the
        # same on both lanes.
        with io.open(os.path.join(folder, name + ".py"), encoding="utf-8") as source:
            found = IMPORT.findall(source.read())
        crossing.extend((name, module) for module in found if module in tests)
    assert crossing == []


IMPORT = re.compile(r"^\s*(?:from|import)\s+(\w+)", re.M)  # a line's first module
