"""Writing a benchmark's figures into its page of docs/measurements/ (issue 31).

Each benchmark of ``make benchmark`` whose output is a table takes ``--write``
(``option``): its figures then also replace the part of its page between two marker
lines (``markers``; ``generated_file.splice``, as the configuration table's), headed by
the commit, date and Python they were measured with (``measured_at``). What lies outside
the markers (what the figures mean, what was measured before which change) is written by
hand and kept. A script that writes more than one part of a page names each part.

Single-source Python 2.7 / 3 (benchmark_day.py runs on Pepper's 2.7).
"""
from __future__ import absolute_import, division, print_function

import datetime
import os
import platform
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = os.path.join(ROOT, "docs", "measurements")
_TOOLS = os.path.join(ROOT, "tools")
if _TOOLS not in sys.path:
    sys.path.insert(0, _TOOLS)

import generated_file  # noqa: E402  (tools/ is on sys.path)

# What the figures depend on: a change here uncommitted makes the commit's name wrong.
CODE = ("lib", "devtools", "scripts")


def option(parser, page):
    """Add ``--write`` to ``parser``, for the page ``page`` of docs/measurements/."""
    parser.add_argument("--write", action="store_true",
                        help="also write the figures into docs/measurements/%s, between "
                             "its markers" % page)


def markers(script, part=None):
    """(begin, end): the marker lines around what ``script`` (its file name) writes, or
    its part ``part``."""
    name = "scripts/%s --write%s" % (script, " (%s)" % part if part else "")
    return ("<!-- Written by %s: run it again to refresh; the text outside the markers is "
            "written by hand. -->" % name, "<!-- End of what %s writes. -->" % name)


def _git(*args):
    with open(os.devnull, "w") as null:
        return subprocess.check_output(("git",) + args, cwd=ROOT,
                                       stderr=null).decode("utf-8").strip()


def commit():
    """The checked-out commit's short id, "with uncommitted changes" when the code
    differs from it, or "unknown" outside a git checkout."""
    try:
        name = _git("rev-parse", "--short=7", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", *CODE)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return "`%s`%s" % (name, " with uncommitted changes" if changed else "")


def measured_at(argv=None):
    """The line heading a written part: commit, date, Python and the command run."""
    argv = sys.argv if argv is None else argv
    command = " ".join(["scripts/" + os.path.basename(argv[0])] + list(argv[1:]))
    return "Measured at commit %s on %s, Python %s: `%s`." % (
        commit(), datetime.date.today().isoformat(), platform.python_version(), command)


def write(page, script, lines, part=None, argv=None):
    """Replace the part of docs/measurements/``page`` between ``script``'s markers (its
    ``part``, if it writes several) with ``measured_at`` and ``lines`` (Markdown, no line
    ends); return its path."""
    path = os.path.join(PAGES, page)
    begin, end = markers(script, part)
    text = "\n".join([measured_at(argv), ""] + list(lines)) + "\n"
    generated_file.write_text(path, generated_file.splice(
        generated_file.read_text(path), begin, end, text, "docs/measurements/" + page))
    print("wrote %s" % os.path.relpath(path, ROOT))
    return path
