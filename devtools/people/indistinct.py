"""The two-sample test of ``make people`` (issue 39): Pepper's windows against the genuine
people's, each style at each mood, and the floor, genuine against acted people; its goals
and its tables.

Python 3 tooling (two_sample.py's scikit-learn). A person is one group (their genuine
and acted clips alike: a clip's number is its person); a robot run is cut into as many
contiguous blocks as the genuine people are, each a group. Source 0 is always the genuine
people, so a feature's AUC below 0.5 says the other source reads lower.
"""
import collections

import numpy as np

from animate_behaviour.planning import styles
from people import data, robot, table, two_sample, windows

FLOOR = "genuine vs acted (the floor)"
# The goals on the lifelike style at the neutral mood: the test's AUC at most GOAL_AUC on
# both feature sets, and no feature's own AUC outside FEATURE_BAND.
GOAL_AUC = 0.6
FEATURE_BAND = (0.3, 0.7)

# One source's windows: its rows (windows, FEATURES) and each row's group.
Source = collections.namedtuple("Source", "rows groups")
# One comparison: its ``label``, ``second`` (the Source held against the genuine people),
# ``answers`` ({set: {classifier: two_sample.Answer}}) and ``features`` (each feature's
# own AUC, FEATURES's order).
Comparison = collections.namedtuple("Comparison", "label second answers features")
# Everything: the genuine people's Source and the Comparisons (the floor first), keyed by
# their label.
Results = collections.namedtuple("Results", "genuine comparisons")


def person(name):
    """The person of clip ``name`` ("002" of "002_genuine")."""
    return name.split("_")[0]


def of_people(recordings, kind):
    """The Source of ``recordings``' clips of ``kind``."""
    chosen = [(each.name, windows.of_recording(each.angles, each.rate))
              for each in recordings if each.kind == kind]
    return Source(np.vstack([rows for _name, rows in chosen]),
                  [person(name) for name, rows in chosen for _row in rows])


def of_run(run, pieces):
    """The Source of a robot.Run, cut into ``pieces`` blocks."""
    rows = windows.of_recording(run.recording.angles, run.recording.rate)
    return Source(rows, ["%s block %d" % (run.recording.name, block)
                         for block in two_sample.blocks(len(rows), pieces)])


def comparison(label, genuine, second, repeats=two_sample.REPEATS):
    """The Comparison of ``second`` (a Source) against the ``genuine`` people's."""
    answers = collections.OrderedDict(
        (name, two_sample.compare(genuine.rows, second.rows, genuine.groups, second.groups,
                                  [list(windows.FEATURES).index(key) for key in keys],
                                  repeats))
        for name, keys in windows.SETS.items())
    return Comparison(label, second, answers, two_sample.feature_auc(genuine.rows,
                                                                    second.rows))


def results(recordings, runs, repeats=two_sample.REPEATS):
    """The Results of ``recordings`` (reference.Recordings of people) and ``runs``
    (robot.runs)."""
    genuine = of_people(recordings, data.GENUINE)
    pieces = len(set(genuine.groups))
    found = collections.OrderedDict()
    found[FLOOR] = comparison(FLOOR, genuine, of_people(recordings, data.ACTED), repeats)
    for (style, mood), run in runs.items():
        label = robot.label(style, mood)
        found[label] = comparison(label, genuine, of_run(run, pieces), repeats)
    return Results(genuine, found)


def neutral(found):
    return found.comparisons[robot.label(styles.LIFELIKE, robot.NEUTRAL)]


Goal = collections.namedtuple("Goal", "name met detail")


def goals(found):
    """Issue 39's goals on the test, as Goals."""
    lifelike = neutral(found)
    listed = []
    for name, answers in lifelike.answers.items():
        highest = max(answer.auc for answer in answers.values())
        listed.append(Goal("lifelike (0, 0): AUC at most %.1f on the %s feature set"
                           % (GOAL_AUC, name), highest <= GOAL_AUC,
                           ", ".join("%s %.2f" % (classifier, answer.auc)
                                     for classifier, answer in answers.items())))
    low, high = FEATURE_BAND
    outside = ["%s %.2f" % (key, value) for key, value in zip(windows.FEATURES,
                                                              lifelike.features)
               if not low <= value <= high]
    listed.append(Goal("lifelike (0, 0): every feature's own AUC within %.1f-%.1f" % (low, high),
                       not outside, "outside: %s" % (", ".join(outside) or "none")))
    return listed


def _shown(value, form="%.2f"):
    return "n/a" if value != value else form % value


def auc_table(found):
    """Markdown lines: each comparison's AUC per feature set and classifier (the mean over
    the repeats, and its range), and its windows."""
    sets = list(windows.SETS)
    names = list(two_sample.classifiers())
    lines = [table.row(["source against the genuine people"]
                       + ["%s, %s" % (each, name) for each in sets for name in names]
                       + ["windows (genuine / other)"]),
             table.row(["---"] * (2 + len(sets) * len(names)))]
    for label, each in found.comparisons.items():
        cells = [label]
        for chosen in sets:
            for name in names:
                answer = each.answers[chosen][name]
                cells.append("%.2f (%.2f-%.2f)" % (answer.auc, answer.low, answer.high))
        answer = each.answers[sets[0]][names[0]]
        lines.append(table.row(cells + ["%d / %d" % (answer.first, answer.second)]))
    return lines


def feature_table(found):
    """Markdown lines: each feature's own AUC in every comparison (bold: outside
    FEATURE_BAND)."""
    labels = list(found.comparisons)
    lines = [table.row(["feature", "noisy"] + labels),
             table.row(["---"] * (2 + len(labels)))]
    low, high = FEATURE_BAND
    for index, (key, feature) in enumerate(windows.FEATURES.items()):
        cells = [feature.label, "yes" if feature.noisy else ""]
        for label in labels:
            value = found.comparisons[label].features[index]
            text = _shown(value)
            cells.append(text if value != value or low <= value <= high else "**%s**" % text)
        lines.append(table.row(cells))
    return lines


def _spread(values, form):
    values = values[np.isfinite(values)]
    if not len(values):
        return "n/a"
    return "%s (%s-%s)" % tuple(form % each for each in (
        np.median(values), np.percentile(values, 10), np.percentile(values, 90)))


def values_table(found, shown):
    """Markdown lines: each feature's median (10th-90th percentile) over the windows of the
    genuine people and of the comparisons ``shown`` (labels)."""
    lines = [table.row(["feature", "unit", "genuine people"]
                       + ["acted people" if label == FLOOR else label for label in shown]),
             table.row(["---"] * (3 + len(shown)))]
    for index, (key, feature) in enumerate(windows.FEATURES.items()):
        cells = [feature.label, feature.unit, _spread(found.genuine.rows[:, index], feature.form)]
        cells += [_spread(found.comparisons[label].second.rows[:, index], feature.form)
                  for label in shown]
        lines.append(table.row(cells))
    return lines


def features_list():
    """Markdown lines: each feature, whether the capture's noise moves it, and why it is
    there."""
    return ["- **%s**%s%s: %s." % (feature.label, " (%s)" % feature.unit if feature.unit else "",
                                   ", noisy" if feature.noisy else "", feature.why)
            for feature in windows.FEATURES.values()]


def report(found, repeats=two_sample.REPEATS):
    """The whole of two_sample.md: Markdown lines."""
    shown = [FLOOR] + [label for label in found.comparisons
                       if label.endswith("(0, 0)")]
    return (["# Two-sample test: can a classifier tell Pepper's windows from people's?", "",
             "Windows of %g s (side by side) of the genuine people's mapped angles and of "
             "each source held against them, both low-passed alike (docs/people.md). ROC "
             "AUC of grouped cross-validation (a person one group, a robot run cut into "
             "%d contiguous blocks), the mean of %d random dealings of the groups into "
             "folds (its range in brackets); 0.5: cannot tell, 1: always tells. The "
             "robust set leaves out the noisy features (%s)."
             % (windows.SECONDS, len(set(found.genuine.groups)), repeats,
                ", ".join(windows.NOISY)), "",
             "## The goals", ""]
            + table.goal_lines(goals(found))
            + ["", "## AUC", ""] + auc_table(found)
            + ["", "## Each feature's own AUC", "",
               "The chance that a window of the other source reads higher than a genuine "
               "person's (bold: outside %.1f-%.1f)." % FEATURE_BAND, ""]
            + feature_table(found)
            + ["", "## Each feature's values", "",
               "Median (10th-90th percentile) over the windows.", ""]
            + values_table(found, shown)
            + ["", "## The features", ""] + features_list() + [""])


def as_json(found):
    """``found`` as plain data (two_sample.json)."""
    return dict(
        (label, dict(auc=dict((chosen, dict((name, answer._asdict())
                                            for name, answer in answers.items()))
                              for chosen, answers in each.answers.items()),
                     features=dict(zip(windows.FEATURES, each.features))))
        for label, each in found.comparisons.items())
