"""The report an owner attaches to an issue: Markdown (report.md) and JSON (report.json)
in one folder, from the run's header and its findings (facts.Finding, table order),
rewritten after every finding so that a check cut short leaves what it found and where it
stopped (the header's "check")."""
from __future__ import absolute_import, division, print_function

import json
import os

from robot_check.facts import RESULTS

# Python 2.7 has no os.replace; its os.rename replaces a file on POSIX only.
_REPLACE = getattr(os, "replace", os.rename)
HEADER = (("robot", "Robot"), ("naoqi", "NAOqi"), ("date", "Date"), ("client", "Client"),
          ("moves", "Moves"), ("base", "Base"), ("check", "Check"))


def as_dict(header, findings):
    """The JSON document: the header's entries, then one entry per fact."""
    document = dict(header)
    document["facts"] = [{"fact": finding.fact.key, "name": finding.fact.name,
                          "section": 'docs/naoqi.md, "%s"' % finding.fact.section,
                          "result": finding.result, "observed": finding.observed}
                         for finding in findings]
    return document


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def as_markdown(header, findings):
    counts = ", ".join("%d %s" % (sum(1 for f in findings if f.result == result), result)
                       for result in RESULTS)
    lines = ["# Robot check: the NAOqi facts animate-behaviour relies on", ""]
    lines += ["- %s: %s" % (label, header[key]) for key, label in HEADER]
    lines += ["- Results: %s" % counts, "",
              "| Fact | docs/naoqi.md | Result | Observed |", "| --- | --- | --- | --- |"]
    lines += ["| %s | %s | **%s** | %s |" % (_cell(f.fact.name), _cell(f.fact.section),
                                            f.result, _cell(f.observed)) for f in findings]
    lines += ["", "What each fact tries and what counts as confirmed: docs/robot_check.md "
              "in the animate-behaviour repository.", ""]
    return "\n".join(lines)


def _replace(path, text):
    """Write ``text`` to ``path`` through a temporary file, so that a reader (or a check
    killed while it writes) finds the old report or the new one, never half of one."""
    temporary = path + ".tmp"
    with open(temporary, "w") as stream:
        stream.write(text)
    _REPLACE(temporary, path)


class Writer(object):
    """Writes report.md and report.json into ``folder`` (made if needed): ``paths``. An
    earlier run's report there is removed at once, so that the files there are this
    run's, however far it gets."""

    def __init__(self, folder):
        if not os.path.isdir(folder):
            os.makedirs(folder)
        self.paths = (os.path.join(folder, "report.md"), os.path.join(folder, "report.json"))
        for path in self.paths:
            if os.path.exists(path):
                os.remove(path)

    def write(self, header, findings):
        """Both files, from ``header`` (a dict with every key of HEADER) and
        ``findings`` (facts.Finding, one per fact)."""
        _replace(self.paths[0], as_markdown(header, findings))
        _replace(self.paths[1], json.dumps(as_dict(header, findings), indent=2) + "\n")
