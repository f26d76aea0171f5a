"""The two-sample test of ``make people`` (issue 39): Pepper's windows against the genuine
people's, each style at each mood, and the floor, genuine against acted people; its goals
and its tables.

The reference beside them: each genuine person (their genuine and acted clips) against
the other genuine people, read the same way as a run. The goal is reachable by one
individual only if that individual reads like the most typical person.

Python 3 tooling (two_sample.py's scikit-learn). A person is one group (their genuine
and acted clips alike: a clip's number is its person); a robot run is cut into as many
contiguous blocks as the people it is held against, each a group, and so is a person held
against the others. Source 0 is always genuine people, so a feature's AUC below 0.5 says
the other source reads lower.
"""
import collections

import numpy as np

from animate_behaviour.planning import styles
from people import data, robot, spread, table, two_sample, windows

FLOOR = "genuine vs acted (the floor)"
# two_sample.json's keys beside the comparisons' labels.
PEOPLE = "each genuine person against the others"
SPREAD = "each source's spread across its windows"
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
# One genuine person against the other genuine people: the ``person``, their Source
# (``second``) and ``answers`` as a Comparison's.
Reference = collections.namedtuple("Reference", "person second answers")
# Everything: the genuine people's Source, the Comparisons (the floor first), keyed by
# their label, and each genuine person's Reference, keyed by the person.
Results = collections.namedtuple("Results", "genuine comparisons people")


def person(name):
    """The person of clip ``name`` ("002" of "002_genuine")."""
    return name.split("_")[0]


def clips(recordings, kind):
    """``recordings``' clips of ``kind``, each as (its name, its windows' rows)."""
    return [(each.name, windows.of_recording(each.angles, each.rate))
            for each in recordings if each.kind == kind]


def of_clips(named):
    """The Source of ``named`` clips ((name, rows), as clips gives them): a person a
    group."""
    return Source(np.vstack([rows for _name, rows in named]),
                  [person(name) for name, rows in named for _row in rows])


def in_blocks(named, pieces):
    """The Source of ``named`` ((name, rows), one after the other in time) cut into
    ``pieces`` contiguous blocks; a block spanning two of them is two groups (a group
    never holds two clips)."""
    rows = np.vstack([rows for _name, rows in named])
    names = [name for name, each in named for _row in each]
    return Source(rows, ["%s block %d" % (name, block)
                         for name, block in zip(names, two_sample.blocks(len(rows), pieces))])


def of_run(run, pieces):
    """The Source of a robot.Run, cut into ``pieces`` blocks."""
    return in_blocks([(run.recording.name, windows.of_recording(run.recording.angles,
                                                                run.recording.rate))], pieces)


def answers(first, second, repeats=two_sample.REPEATS):
    """two_sample.compare of ``second`` against ``first`` (Sources) on each feature set:
    {set: {classifier: two_sample.Answer}}."""
    return collections.OrderedDict(
        (name, two_sample.compare(first.rows, second.rows, first.groups, second.groups,
                                  [list(windows.FEATURES).index(key) for key in keys],
                                  repeats))
        for name, keys in windows.SETS.items())


def comparison(label, genuine, second, repeats=two_sample.REPEATS):
    """The Comparison of ``second`` (a Source) against the ``genuine`` people's."""
    return Comparison(label, second, answers(genuine, second, repeats),
                      two_sample.feature_auc(genuine.rows, second.rows))


def apart(genuine, named, name):
    """Genuine person ``name`` apart from the others: (the other genuine people's Source,
    a person a group; ``name``'s Source: their clips among ``named`` ((name, rows)) cut,
    as a run is, into as many contiguous blocks as the others are people)."""
    others = [index for index, group in enumerate(genuine.groups) if group != name]
    if len(others) == len(genuine.groups):
        raise ValueError("%s is not among the genuine people (%s)"
                         % (name, ", ".join(sorted(set(genuine.groups)))))
    rest = Source(genuine.rows[others], [genuine.groups[index] for index in others])
    return rest, in_blocks([each for each in named if person(each[0]) == name],
                           len(set(rest.groups)))


def each_person(genuine, named, repeats=two_sample.REPEATS):
    """Each genuine person's Reference (the ``genuine`` people's Source; ``named``: every
    clip, genuine and acted, as (name, rows)): their windows against the other genuine
    people's. An OrderedDict person -> Reference, in ``genuine``'s order."""
    found = collections.OrderedDict()
    for name in sorted(set(genuine.groups), key=list(genuine.groups).index):
        rest, theirs = apart(genuine, named, name)
        found[name] = Reference(name, theirs, answers(rest, theirs, repeats))
    return found


def results(recordings, runs, repeats=two_sample.REPEATS):
    """The Results of ``recordings`` (reference.Recordings of people) and ``runs``
    (robot.runs)."""
    genuine_clips, acted_clips = clips(recordings, data.GENUINE), clips(recordings, data.ACTED)
    genuine = of_clips(genuine_clips)
    pieces = len(set(genuine.groups))
    found = collections.OrderedDict()
    found[FLOOR] = comparison(FLOOR, genuine, of_clips(acted_clips), repeats)
    for (style, mood), run in runs.items():
        label = robot.label(style, mood)
        found[label] = comparison(label, genuine, of_run(run, pieces), repeats)
    return Results(genuine, found, each_person(genuine, genuine_clips + acted_clips, repeats))


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


def _answers_table(heading, listed, windows_heading):
    """Markdown lines: each of ``listed`` ((label, answers)): its AUC per feature set and
    classifier (the mean over the repeats, and its range), and its windows."""
    sets = list(windows.SETS)
    names = list(two_sample.classifiers())
    lines = [table.row([heading] + ["%s, %s" % (each, name) for each in sets for name in names]
                       + [windows_heading]),
             table.row(["---"] * (2 + len(sets) * len(names)))]
    for label, read in listed:
        cells = [label]
        for chosen in sets:
            for name in names:
                answer = read[chosen][name]
                cells.append("%.2f (%.2f-%.2f)" % (answer.auc, answer.low, answer.high))
        answer = read[sets[0]][names[0]]
        lines.append(table.row(cells + ["%d / %d" % (answer.first, answer.second)]))
    return lines


def auc_table(found):
    """Markdown lines: each comparison's AUC per feature set and classifier (the mean over
    the repeats, and its range), and its windows."""
    return _answers_table("source against the genuine people",
                          [(label, each.answers) for label, each in found.comparisons.items()],
                          "windows (genuine / other)")


def highest(answers):
    """The highest AUC of ``answers`` ({set: {classifier: Answer}}): what the goals read."""
    return max(answer.auc for each in answers.values() for answer in each.values())


def people_table(found):
    """Markdown lines: each genuine person's AUCs against the other genuine people, as
    auc_table's, and a line: the most typical person's highest AUC beside the lifelike
    style's at the neutral mood."""
    typical = min(found.people.values(), key=lambda each: highest(each.answers))
    return (_answers_table("genuine person against the other genuine people",
                           [(name, each.answers) for name, each in found.people.items()],
                           "windows (others / theirs)")
            + ["", "The most typical person (%s) reads %.2f at the most; Pepper's %s reads "
                   "%.2f (the highest of the four AUCs each)."
               % (typical.person, highest(typical.answers),
                  robot.label(styles.LIFELIKE, robot.NEUTRAL),
                  highest(neutral(found).answers))])


def neutral_styles(found):
    """The lifelike and the specification styles' Comparisons at the neutral mood (those
    run), the plot's and the spread table's: an OrderedDict style -> Comparison."""
    return collections.OrderedDict(
        (style, found.comparisons[robot.label(style, robot.NEUTRAL)])
        for style in (styles.LIFELIKE, styles.SPECIFICATION)
        if robot.label(style, robot.NEUTRAL) in found.comparisons)


def spread_sources(found):
    """The windows' rows the spread table (spread.lines) shows: neutral_styles' and each
    genuine person's: an OrderedDict label -> rows."""
    shown = collections.OrderedDict((each.label, each.second.rows)
                                    for each in neutral_styles(found).values())
    shown.update(("person %s" % name, each.second.rows) for name, each in found.people.items())
    return shown


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
            text = table.number(value)
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
            + ["", "## Each person against the others", "",
               "Each genuine person's windows (their genuine and acted clips, cut into as "
               "many contiguous blocks as the others are people, a block never spanning two "
               "clips) against the other genuine people's, read as a run is: what one "
               "individual reads among people.", ""]
            + people_table(found)
            + ["", "## Each source's spread across its windows", "",
               "Each feature's interquartile range over its windows, over the |median| "
               "(the correlations: the interquartile range alone): how unlike one another "
               "a source's windows are. A person's calm stretches and rare large "
               "excursions spread wide; n/a: fewer than %d windows read it, or its median "
               "is 0." % spread.FEWEST, ""]
            + spread.lines(spread_sources(found))
            + ["", "## Each feature's own AUC", "",
               "The chance that a window of the other source reads higher than a genuine "
               "person's (bold: outside %.1f-%.1f)." % FEATURE_BAND, ""]
            + feature_table(found)
            + ["", "## Each feature's values", "",
               "Median (10th-90th percentile) over the windows.", ""]
            + values_table(found, shown)
            + ["", "## The features", ""] + features_list() + [""])


def _plain(answers):
    return dict((chosen, dict((name, answer._asdict()) for name, answer in each.items()))
                for chosen, each in answers.items())


def as_json(found):
    """``found`` as plain data (two_sample.json): each comparison by its label, beside
    them PEOPLE (each genuine person's AUCs against the others) and SPREAD (spread_sources'
    spreads)."""
    plain = dict((label, dict(auc=_plain(each.answers),
                              features=dict(zip(windows.FEATURES, each.features))))
                 for label, each in found.comparisons.items())
    plain[PEOPLE] = dict((name, _plain(each.answers)) for name, each in found.people.items())
    plain[SPREAD] = dict((label, dict(zip(windows.FEATURES, spread.of_rows(rows))))
                         for label, rows in spread_sources(found).items())
    return plain
