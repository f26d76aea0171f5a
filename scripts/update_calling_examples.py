"""Copy the examples of docs/examples/ into docs/calling.md's code blocks, or check them.

    .venv/bin/python scripts/update_calling_examples.py           # rewrite the blocks
    .venv/bin/python scripts/update_calling_examples.py --check   # exit 1 if one is stale

Each example is a file that tests/test_calling_examples.py runs against pepper_sim; the
page shows each whole, between two marker comments naming it, and the prose around them
is kept. The test fails until this script has run after an example changed. Single-source
2.7 / 3.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "calling.md")
sys.path.insert(0, os.path.join(ROOT, "tools"))

import generated_file  # noqa: E402  (tools/ is on sys.path)
from generated_file import read_text, write_or_check  # noqa: E402

# The examples, in the page's order, with their code blocks' language.
EXAMPLES = (("call_from_python.py", "python"), ("call_from_box.py", "python"),
            ("call_from_qicli.sh", "sh"), ("call_from_page.js", "javascript"))


def path(name):
    return os.path.join(ROOT, "docs", "examples", name)


def markers(name):
    return ("<!-- docs/examples/%s, copied by scripts/update_calling_examples.py: edit the "
            "file, then run that script. -->" % name,
            "<!-- End of docs/examples/%s. -->" % name)


def splice(page):
    """``page`` with each example's block replaced by the example as it is now."""
    for name, language in EXAMPLES:
        begin, end = markers(name)
        block = "```%s\n%s```\n" % (language, read_text(path(name)))
        page = generated_file.splice(page, begin, end, block, "docs/calling.md")
    return page


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the page")
    args = parser.parse_args()
    return write_or_check(PAGE, splice(read_text(PAGE)), args.check,
                          "%s scripts/update_calling_examples.py"
                          % os.path.basename(sys.executable))


if __name__ == "__main__":
    sys.exit(main())
