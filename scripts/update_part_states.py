"""Write docs/architecture.md's part states (the disruptions' table and the state diagram)
from engine.disruptions.KINDS and engine.recovery.TRANSITIONS, or check them.

    .venv/bin/python scripts/update_part_states.py           # rewrite them
    .venv/bin/python scripts/update_part_states.py --check   # exit 1 if they are stale

They sit between two marker comments; the prose around them is kept. A row added to or
changed in either table changes the page: tests/test_architecture.py fails until this
script has run. Single-source 2.7 / 3.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "architecture.md")
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from animate_behaviour.engine import disruptions, recovery  # noqa: E402
from animate_behaviour.engine import status as status_module  # noqa: E402
import generated_file  # noqa: E402  (tools/ is on sys.path)
from generated_file import read_text, write_or_check  # noqa: E402

BEGIN = ("<!-- Generated from engine.disruptions.KINDS and engine.recovery.TRANSITIONS by "
         "scripts/update_part_states.py: change the tables there, then run that script. -->")
END = "<!-- End of the generated part states. -->"
# The diagram's name for the kinds' states, drawn as one box holding them.
HELD = "held"


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


def _node(state):
    return HELD if state in recovery.HELD else state


def diagram():
    """recovery.TRANSITIONS as a Mermaid state diagram: the kinds' states in one box,
    each edge labelled "event [guard] / actions"."""
    lines = ["```mermaid", "stateDiagram-v2",
             "    state %s {" % HELD]
    lines.extend("        %s" % state for state in recovery.HELD)
    lines.extend(["    }", "    [*] --> %s" % status_module.ANIMATING])
    drawn = set()
    for row in recovery.TRANSITIONS:
        label = row.event
        if row.guard is not None:
            label += " [%s]" % _words(row.guard)
        if row.actions:
            label += " / %s" % ", ".join(_words(action) for action in row.actions)
        target = HELD if row.target == recovery.ITS_KIND else row.target
        for source in row.sources:
            edge = (_node(source), target)
            if source in recovery.FINAL and source != status_module.ANIMATING \
                    or (edge, label) in drawn:
                continue
            drawn.add((edge, label))
            lines.append("    %s --> %s: %s" % (edge[0], edge[1], label))
    lines.append("    %s --> [*]" % status_module.HOME)
    lines.append("```")
    return "\n".join(lines) + "\n"


def text():
    return kinds() + "\n" + diagram()


def splice(page):
    """``page`` with the text between the markers replaced by the current tables."""
    return generated_file.splice(page, BEGIN, END, text(), "docs/architecture.md")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the page")
    args = parser.parse_args()
    return write_or_check(PAGE, splice(read_text(PAGE)), args.check,
                          "%s scripts/update_part_states.py" % os.path.basename(sys.executable))


if __name__ == "__main__":
    sys.exit(main())
