# -*- coding: utf-8 -*-
"""Reading, writing and checking the files the tools generate.

Shared by tools/build_xar.py, tools/update_pml.py, tools/build_package.py and the
scripts that write parts of the docs (which put tools/ on sys.path and
``import generated_file``). Text is UTF-8 and newlines are kept exactly as they
are, so that a regenerated file compares equal to the one on disk byte for byte.

Single-source Python 2.7 / 3.x.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import io
import os
import sys


def read_text(path):
    """Exact text of `path` (UTF-8, newlines untouched)."""
    with io.open(path, "r", encoding="utf-8", newline="") as stream:
        return stream.read()


def write_text(path, text):
    """Write `text` to `path` (UTF-8, newlines untouched)."""
    with io.open(path, "w", encoding="utf-8", newline="") as stream:
        stream.write(text)


def splice(page, begin, end, text, where):
    """`page` with what lies between the line `begin` and the line `end` replaced by
    `text` (which ends with a newline); the markers and the rest are kept. ValueError
    naming `where` when the markers are missing or out of order."""
    start = page.find(begin)
    stop = page.find(end, start + 1)
    if start < 0 or stop < 0:
        raise ValueError("%s needs the line %r and, after it, the line %r around its "
                         "generated part" % (where, begin, end))
    return page[:start] + begin + "\n" + text + page[stop:]


def write_or_check(path, text, check, stale_hint):
    """Write `text` to `path`, or with `check` only compare them; return the exit status.

    With `check`, nothing is written: when `path` is missing or differs from
    `text`, "<path> is out of date; run: <stale_hint>" goes to stderr and the
    status is 1; otherwise it is 0. Without `check`, `path` is (re)written and
    the status is 0.
    """
    if check:
        current = read_text(path) if os.path.exists(path) else None
        if current != text:
            print("%s is out of date; run: %s" % (path, stale_hint), file=sys.stderr)
            return 1
        print("%s is up to date" % path)
        return 0
    write_text(path, text)
    print("wrote %s" % path)
    return 0
