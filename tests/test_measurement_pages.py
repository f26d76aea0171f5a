# -*- coding: utf-8 -*-
"""docs/measurements/: each benchmark's --write replaces only the part of its page between
its two markers (scripts/measurement_pages.py), every page has the markers of the scripts
that write it, and `make benchmark` passes --write to every script it runs. Single-source
2.7 / 3; nothing is measured."""
from __future__ import absolute_import, division, print_function, unicode_literals

import io
import os
import platform
import re

import pytest

from helpers import script_modules
measurement_pages = script_modules.load("measurement_pages")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (page, script, part): who writes what in docs/measurements/.
WRITERS = (
    ("planning.md", "benchmark.py", "Python 2.7"),
    ("planning.md", "benchmark.py", "Python 3.9"),
    ("day.md", "benchmark_day.py", None),
    ("service.md", "benchmark_service.py", None),
    ("sharing.md", "benchmark_citizen.py", None),
    ("sharing.md", "benchmark_lanes.py", "lanes"),
    ("sharing.md", "benchmark_lanes.py", "moods"),
    ("motion.md", "benchmark_motion.py", None),
    ("mood.md", "benchmark_mood.py", None),
    ("context.md", "benchmark_context.py", None),
    ("follow.md", "benchmark_follow.py", None),
    ("set_angles.md", "benchmark_set_angles.py", None),
    ("drift.md", "benchmark_drift.py", None),
    ("people.md", "people.py", None),
    ("people.md", "people.py", "two-sample test"),
)


def read(*parts):
    with io.open(os.path.join(ROOT, *parts), encoding="utf-8") as stream:
        return stream.read()


def test_write_replaces_the_part_between_its_markers_and_keeps_the_rest(tmpdir, monkeypatch):
    monkeypatch.setattr(measurement_pages, "PAGES", str(tmpdir))
    first, second = (measurement_pages.markers("bench.py", part) for part in ("a", "b"))
    page = "\n".join(["# Page", "", "Before, by hand.", first[0], "old figures", first[1],
                      "Between.", second[0], "the other part", second[1], "After: 1.23.", ""])
    tmpdir.join("page.md").write_text(page, encoding="utf-8")
    measurement_pages.write("page.md", "bench.py", ["| a | b |", "| 1 | 2 |"], part="a",
                            argv=["scripts/bench.py", "--write"])
    written = tmpdir.join("page.md").read_text(encoding="utf-8").split("\n")
    assert written[:4] == page.split("\n")[:4]
    assert written[4].startswith("Measured at commit ")
    assert written[4].endswith(", Python %s: `scripts/bench.py --write`."
                               % platform.python_version())
    assert written[5:] == ["", "| a | b |", "| 1 | 2 |"] + page.split("\n")[5:]


def test_a_page_without_the_markers_is_refused_by_name(tmpdir, monkeypatch):
    monkeypatch.setattr(measurement_pages, "PAGES", str(tmpdir))
    tmpdir.join("bare.md").write_text("# No markers\n", encoding="utf-8")
    with pytest.raises(ValueError) as raised:
        measurement_pages.write("bare.md", "bench.py", ["x"])
    assert "docs/measurements/bare.md" in str(raised.value)


def test_the_commit_is_named_or_unknown():
    assert re.match(r"^(`[0-9a-f]{7,}`( with uncommitted changes)?|unknown)$",
                    measurement_pages.commit())


@pytest.mark.parametrize("page,script,part", WRITERS)
def test_each_page_has_the_markers_of_the_script_that_writes_it(page, script, part):
    begin, end = measurement_pages.markers(script, part)
    text = read("docs", "measurements", page)
    assert text.count(begin) == 1 and text.count(end) == 1
    assert text.index(begin) < text.index(end)
    source = read("scripts", script)
    assert '"%s"' % page in source and "measurement_pages.write(" in source


def test_every_page_is_written_and_indexed():
    pages = sorted(name for name in os.listdir(os.path.join(ROOT, "docs", "measurements"))
                   if name != "README.md")
    assert pages == sorted(set(page for page, _script, _part in WRITERS))
    index = read("docs", "measurements", "README.md")
    for page, script, _part in WRITERS:
        assert "(%s)" % page in index and "scripts/%s" % script in index


def test_make_benchmark_passes_write_to_every_script():
    makefile = read("Makefile")
    recipe = makefile.split("\nbenchmark: setup\n", 1)[1].split("\n\n", 1)[0]
    runs = [line for line in recipe.split("\n") if line.startswith("\t")]
    assert len(runs) == 13
    assert all(line.rstrip().endswith("--write") for line in runs), runs
    written = set(script for _page, script, _part in WRITERS) - {"people.py"}
    assert written == set(re.search(r"scripts/(\w+\.py)", line).group(1)
                          for line in runs if "scripts/" in line)
    assert "scripts/people.py" in makefile.split("PEOPLE_RUN =", 1)[1].split("\n", 1)[0]
