"""The report an owner attaches to an issue: Markdown (report.md) and JSON (report.json)
in one folder, from the run's header and its findings (facts.Finding, table order)."""
import json
import os

from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_TRIED

HEADER = (("robot", "Robot"), ("naoqi", "NAOqi"), ("date", "Date"), ("client", "Client"),
          ("moves", "Moves"), ("base", "Base"))


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
                       for result in (CONFIRMED, CONTRADICTED, NOT_TRIED))
    lines = ["# Robot check: the NAOqi facts animate-behaviour relies on", ""]
    lines += ["- %s: %s" % (label, header[key]) for key, label in HEADER]
    lines += ["- Results: %s" % counts, "",
              "| Fact | docs/naoqi.md | Result | Observed |", "| --- | --- | --- | --- |"]
    lines += ["| %s | %s | **%s** | %s |" % (_cell(f.fact.name), _cell(f.fact.section),
                                            f.result, _cell(f.observed)) for f in findings]
    lines += ["", "What each fact tries and what counts as confirmed: docs/robot_check.md "
              "in the animate-behaviour repository.", ""]
    return "\n".join(lines)


def write(folder, header, findings):
    """Write report.md and report.json into ``folder`` (made if needed); their paths."""
    os.makedirs(folder, exist_ok=True)
    markdown = os.path.join(folder, "report.md")
    document = os.path.join(folder, "report.json")
    with open(markdown, "w") as stream:
        stream.write(as_markdown(header, findings))
    with open(document, "w") as stream:
        json.dump(as_dict(header, findings), stream, indent=2)
        stream.write("\n")
    return markdown, document
