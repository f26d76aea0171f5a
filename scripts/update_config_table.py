"""Write docs/configuration.md's key table from ``config.TABLE``, or check it.

    .venv/bin/python scripts/update_config_table.py           # rewrite the table
    .venv/bin/python scripts/update_config_table.py --check   # exit 1 if it is stale

The table sits between two marker comments in docs/configuration.md (the configuration
reference; README.md links to it); the prose around it is kept. tests/test_config.py
checks the page against the table. Single-source 2.7 / 3.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "configuration.md")
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from animate_behaviour import configuration as config  # noqa: E402
from animate_behaviour.configuration import sections  # noqa: E402
import generated_file  # noqa: E402  (tools/ is on sys.path)
from generated_file import read_text, write_or_check  # noqa: E402

BEGIN = ("<!-- Generated from config.TABLE (lib/animate_behaviour/configuration/keys.py) by "
         "scripts/update_config_table.py: change the table there, then run that script. -->")
END = "<!-- End of the generated configuration table. -->"


def _cell(text):
    return text.replace("|", "\\|")


def table():
    """The key table in Markdown, one row per row of config.TABLE."""
    lines = ["| Key | Default | Allowed | What it does |", "| --- | --- | --- | --- |"]
    for row in config.TABLE:
        name = "`[%s]` section" % row.name if isinstance(row.kind, sections.JointAngles) \
            else "`%s`" % row.name
        lines.append("| %s | %s | %s | %s |" % (name, _cell(row.format(row.default)),
                                               _cell(row.allowed), _cell(row.description)))
    return "\n".join(lines) + "\n"


def splice(page):
    """``page`` with the text between the markers replaced by the current table."""
    return generated_file.splice(page, BEGIN, END, table(), "docs/configuration.md")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if docs/configuration.md's table is "
                             "out of date")
    arguments = parser.parse_args(argv)
    return write_or_check(PAGE, splice(read_text(PAGE)), arguments.check,
                          "%s scripts/update_config_table.py" % os.path.basename(sys.executable))


if __name__ == "__main__":
    sys.exit(main())
