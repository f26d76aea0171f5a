# -*- coding: utf-8 -*-
"""Every relative link of README.md, CHANGELOG.md and docs/ (docs/measurements/ included)
leads somewhere: the file exists, and an anchor (#...) names a heading of its page as GitHub
spells it.
Links in code (fenced blocks, `inline`) are not links. Single-source 2.7 / 3, no robot."""
from __future__ import absolute_import, division, print_function, unicode_literals

import io
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~)")
INLINE_CODE = re.compile(r"(`+).*?\1")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def pages():
    """README.md, CHANGELOG.md and every Markdown page under docs/, relative to ROOT."""
    found = ["README.md", "CHANGELOG.md"]
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "docs")):
        found += sorted(os.path.relpath(os.path.join(folder, name), ROOT)
                        for name in files if name.endswith(".md"))
    return found


def prose_lines(path):
    """The page's lines outside fenced code blocks, inline code blanked."""
    with io.open(os.path.join(ROOT, path), encoding="utf-8") as stream:
        lines = stream.read().splitlines()
    fenced = False
    for line in lines:
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            yield INLINE_CODE.sub("", line)


def slug(heading):
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to
    hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text, flags=re.UNICODE).replace(" ", "-")


def anchors(path):
    """The anchors of the page's headings (a repeated one numbered, as GitHub does)."""
    seen = {}
    for line in prose_lines(path):
        match = HEADING.match(line)
        if match:
            name = slug(match.group(1))
            count = seen.get(name, 0)
            seen[name] = count + 1
            yield name if not count else "%s-%d" % (name, count)


def links(path):
    for line in prose_lines(path):
        for match in LINK.finditer(line):
            target = match.group(1)
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, mailto: ...
                yield target


def broken(path):
    """The page's relative links that lead nowhere, each with why."""
    found = []
    for target in links(path):
        name, _, anchor = target.partition("#")
        goal = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
        if not os.path.exists(os.path.join(ROOT, goal)):
            found.append("%s: no such file %s" % (target, goal))
        elif anchor and goal.endswith(".md") and anchor not in set(anchors(goal)):
            found.append("%s: %s has no heading #%s" % (target, goal, anchor))
    return found


@pytest.mark.parametrize("path", pages())
def test_every_relative_link_leads_to_a_file_and_heading(path):
    assert broken(path) == []


def test_the_checker_sees_a_broken_link_an_anchor_and_skips_code(tmpdir):
    assert "README.md" in pages() and "CHANGELOG.md" in pages()
    assert os.path.join("docs", "measurements", "README.md") in pages()
    assert slug("What it costs NAOqi") == "what-it-costs-naoqi"
    assert slug("`getStatus`'s fields (issue 31)") == "getstatuss-fields-issue-31"
    assert slug("Tried against robots that behave otherwise") == \
        "tried-against-robots-that-behave-otherwise"
    text = ("# A page\n\n## Twice\n\n## Twice\n\n[ok](#twice-1) [gone](#thrice) "
            "[file](no_such.md) `[code](nowhere.md)`\n\n```\n[fenced](nowhere.md)\n```\n")
    folder = tmpdir.mkdir("docs")
    folder.join("page.md").write_text(text, encoding="utf-8")
    relative = os.path.relpath(str(folder.join("page.md")), ROOT)
    assert broken(relative) == ["#thrice: %s has no heading #thrice" % relative,
                                "no_such.md: no such file %s" % os.path.normpath(
                                    os.path.join(os.path.dirname(relative), "no_such.md"))]
