"""Write docs/architecture.md's module map from the packages' own docstrings, or check it.

    .venv/bin/python scripts/update_architecture.py           # rewrite the map
    .venv/bin/python scripts/update_architecture.py --check   # exit 1 if it is stale

One row per role package of lib/animate_behaviour/, in LAYERS' order (imports only point
down it: tests/test_architecture.py checks that too): its role (the first sentence of its
``__init__``'s docstring) and each module with the first sentence of its docstring. The
map sits between two marker comments; the prose around it is kept. A module added, or a
docstring changed, changes the map: tests/test_architecture.py fails until this script
has run. Single-source 2.7 / 3.
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
sys.path.insert(0, os.path.join(ROOT, "tools"))

import generated_file  # noqa: E402  (tools/ is on sys.path)
from generated_file import read_text, write_or_check  # noqa: E402

# The role packages, lowest first: a module imports only from its own package or below.
LAYERS = ("foundation", "planning", "configuration", "expression", "naoqi", "engine",
          "serving")
BEGIN = ("<!-- Generated from the packages' docstrings by scripts/update_architecture.py: "
         "change a docstring, then run that script. -->")
END = "<!-- End of the generated module map. -->"


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


def splice(page):
    """``page`` with the text between the markers replaced by the current map."""
    return generated_file.splice(page, BEGIN, END, table(), PAGE)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the page")
    args = parser.parse_args()
    return write_or_check(PAGE, splice(read_text(PAGE)), args.check,
                          "%s scripts/update_architecture.py" % os.path.basename(sys.executable))


if __name__ == "__main__":
    sys.exit(main())
