"""Write docs/architecture.md's module map from the packages' own docstrings, and its part
states from the engine's tables, or check them.

    .venv/bin/python scripts/update_architecture.py           # rewrite them
    .venv/bin/python scripts/update_architecture.py --check   # exit 1 if one is stale

One row per role package of lib/animate_behaviour/, in LAYERS' order (imports only point
down it: tests/test_architecture.py checks that too): its role (the first sentence of its
``__init__``'s docstring) and each module with the first sentence of its docstring. The
map sits between two marker comments; the prose around it is kept. A module added, or a
docstring changed, changes the map: tests/test_architecture.py fails until this script
has run. The part states are engine.disruptions.KINDS (the disruptions, in the gates'
order) and engine.recovery.TRANSITIONS drawn as a Mermaid state diagram, and the engine's
life engine.supervisor.LIFE drawn as another, each between markers of its own: a row
added to or changed in a table changes the page. Single-source 2.7 / 3.
"""
from __future__ import absolute_import, division, print_function

import argparse
import ast
import io
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "lib", "animate_behaviour")
PAGE = os.path.join(ROOT, "docs", "architecture.md")
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from animate_behaviour.engine import disruptions, recovery, supervisor  # noqa: E402
from animate_behaviour.engine import status as status_module  # noqa: E402
import generated_file  # noqa: E402  (tools/ is on sys.path)
from generated_file import read_text, write_or_check  # noqa: E402

# The role packages, lowest first: a module imports only from its own package or below.
LAYERS = ("foundation", "planning", "configuration", "expression", "naoqi", "engine",
          "serving")
BEGIN = ("<!-- Generated from the packages' docstrings by scripts/update_architecture.py: "
         "change a docstring, then run that script. -->")
END = "<!-- End of the generated module map. -->"
STATES_BEGIN = ("<!-- Generated from engine.disruptions.KINDS and engine.recovery.TRANSITIONS "
                "by scripts/update_architecture.py: change the tables there, then run that "
                "script. -->")
STATES_END = "<!-- End of the generated part states. -->"
LIFE_BEGIN = ("<!-- Generated from engine.supervisor.LIFE by scripts/update_architecture.py: "
              "change the table there, then run that script. -->")
LIFE_END = "<!-- End of the generated engine life. -->"
# The diagram's name for the kinds' states, drawn as one box holding them.
HELD = "held"


def docstring(path):
    with io.open(path, encoding="utf-8") as source:
        return ast.get_docstring(ast.parse(source.read())) or ""


def first_sentence(text):
    """The docstring's first sentence, on one line."""
    text = " ".join(text.split())
    found = re.search(r"[.!?](?=\s|$)", text)
    return text[:found.start() + 1] if found else text


def modules(package):
    """The modules of ``package`` (a folder of PACKAGE), sorted, ``__init__`` left out."""
    folder = os.path.join(PACKAGE, package)
    return sorted(name[:-3] for name in os.listdir(folder)
                  if name.endswith(".py") and name != "__init__.py")


def table():
    lines = ["| package | role | modules |", "| --- | --- | --- |"]
    for package in LAYERS:
        folder = os.path.join(PACKAGE, package)
        role = first_sentence(docstring(os.path.join(folder, "__init__.py")))
        cells = ["`%s`: %s" % (name, first_sentence(docstring(os.path.join(folder,
                                                                           name + ".py"))))
                 for name in modules(package)]
        lines.append("| `%s/` | %s | %s |" % (package, role.replace("|", "\\|"),
                                              "<br>".join(cells).replace("|", "\\|")))
    return "\n".join(lines) + "\n"


def _words(function):
    """A guard's or an action's name in words: Recovery._count_the_yield, "count the
    yield"."""
    return function.__name__.strip("_").replace("_", " ")


def _yes(flag):
    return "yes" if flag else ""


def kinds():
    """KINDS in Markdown, one row a kind, in the gates' order."""
    lines = ["| disruption | status | found by | stops a running call of | base waited "
             "enough | looks again | quiet before moving |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for kind in disruptions.KINDS:
        found = "a call's outcome" if kind.found is None else kind.found.name + (
            " (asks ALMotion)" if kind.found.asks else "") + (
            " (again after asking)" if kind.found.again else "")
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            kind.reason, kind.state, found, ", ".join(kind.stops_call),
            _yes(kind.waited_enough), kind.recheck.words, kind.quiet.words))
    return "\n".join(lines) + "\n"


def draw(transitions, first, last, box=(), targets=None):
    """A table of transitions (engine.transitions.Transition rows) as a Mermaid state
    diagram from ``first`` to ``last`` (no edge drawn out of it), the states of ``box``
    drawn as one, HELD; ``targets`` names a row's target when it is not a state. Each
    edge is labelled "event [guard] / actions"."""
    lines = ["```mermaid", "stateDiagram-v2"]
    if box:
        lines.append("    state %s {" % HELD)
        lines.extend("        %s" % state for state in box)
        lines.append("    }")
    lines.append("    [*] --> %s" % first)
    drawn = set()
    for row in transitions:
        label = row.event
        if row.guard is not None:
            label += " [%s]" % _words(row.guard)
        if row.actions:
            label += " / %s" % ", ".join(_words(action) for action in row.actions)
        target = (targets or {}).get(row.target, row.target)
        for source in row.sources:
            edge = (HELD if source in box else source, target)
            if source == last or (edge, label) in drawn:
                continue
            drawn.add((edge, label))
            lines.append("    %s --> %s: %s" % (edge[0], edge[1], label))
    lines.append("    %s --> [*]" % last)
    lines.append("```")
    return "\n".join(lines) + "\n"


def diagram():
    """recovery.TRANSITIONS: the kinds' states in one box."""
    return draw(recovery.TRANSITIONS, status_module.ANIMATING, status_module.HOME,
                recovery.HELD, {recovery.ITS_KIND: HELD})


def life():
    """supervisor.LIFE."""
    return draw(supervisor.LIFE, supervisor.DISABLED, supervisor.CLOSED)


def splice(page):
    """``page`` with the text between each pair of markers replaced by the current map,
    part states and engine life."""
    page = generated_file.splice(page, BEGIN, END, table(), PAGE)
    page = generated_file.splice(page, STATES_BEGIN, STATES_END, kinds() + "\n" + diagram(),
                                 PAGE)
    return generated_file.splice(page, LIFE_BEGIN, LIFE_END, life(), PAGE)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the page")
    args = parser.parse_args()
    return write_or_check(PAGE, splice(read_text(PAGE)), args.check,
                          "%s scripts/update_architecture.py" % os.path.basename(sys.executable))


if __name__ == "__main__":
    sys.exit(main())
