"""Whether each figure holds when the filter and the thresholds change (issue 32): every
figure read again under VARIANTS, each changing one setting of figures.DEFAULT, the DFA's
scales or how Pepper's calls are rebuilt (NAOqi passing through its keys rather than
resting at each: pepper_traces.py), for the people and for each style at the neutral
mood.

Python 2.7/3 single-source, numpy 1.8 APIs. A figure holds when the people keep their
order (Spearman's rho of their figures against the chosen settings' stays high) and
Pepper's verdict (inside the people's range, or below or above it) stays the same.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

import rank_correlation
from people import compare, dfa, figures, measure, robot, study, table

D = figures.DEFAULT
S = dfa.SCALES
# name: (figures' settings, DFA scales, Pepper's interpolation model).
VARIANTS = collections.OrderedDict([
    ("as chosen", (D, S, "ease")),
    ("low-pass 1 Hz", (D._replace(low_pass=1.0), S, "ease")),
    ("low-pass 4 Hz", (D._replace(low_pass=4.0), S, "ease")),
    ("speed 0.15 rad/s", (D._replace(speed=0.15), S, "ease")),
    ("speed 0.3 rad/s", (D._replace(speed=0.3), S, "ease")),
    ("travel 0.03 rad", (D._replace(travel=0.03), S, "ease")),
    ("travel 0.1 rad", (D._replace(travel=0.1), S, "ease")),
    ("window 0.15 s", (D._replace(window=0.15), S, "ease")),
    ("window 0.5 s", (D._replace(window=0.5), S, "ease")),
    ("DFA over 0.5-5 s", (D, (0.5, 5.0), "ease")),
    ("DFA over 2-15 s", (D, (2.0, 15.0), "ease")),
    ("Pepper through its keys", (D, S, "spline")),
])


def _everyone(found, key):
    """Every person's figure ``key`` in ``found`` (genuine and acted, or BDS's)."""
    if key in measure.SWAY:
        return [each[key] for each in found.balance.values()]
    return [each[key] for group in (found.genuine, found.acted) for each in group.values()]


def measured(recordings, sways, runs, minutes, seed):
    """{variant: study.Results} of the people and of ``runs`` (robot.runs over
    ``minutes`` seeded ``seed``, "ease") at the neutral mood."""
    neutral = collections.OrderedDict((key, run) for key, run in runs.items()
                                      if key[1] == robot.NEUTRAL)
    found = collections.OrderedDict()
    for name, (settings, scales, model) in VARIANTS.items():
        rebuilt = neutral if model == "ease" else collections.OrderedDict(
            (key, robot.run(key[0], key[1], minutes, seed, model)) for key in neutral)
        found[name] = study.results(recordings, sways, rebuilt, settings, scales)
    return found


def _rho(key, found, chosen):
    mine, theirs = np.array(_everyone(found, key)), np.array(_everyone(chosen, key))
    both = np.isfinite(mine) & np.isfinite(theirs)
    return rank_correlation.spearman(mine[both], theirs[both])


def report(recordings, sways, runs, minutes, seed):
    """sensitivity.md: Markdown lines, a summary then one table per figure."""
    found = measured(recordings, sways, runs, minutes, seed)
    chosen = found["as chosen"]
    styles = [style for style, _mood in chosen.runs]
    lines = ["# Each figure under other filters and thresholds", "",
             "One setting changed at a time from the chosen (low-pass %g Hz, gross move "
             "above %g rad/s spanning %g rad, coupling window %g s, DFA over %g-%g s, "
             "Pepper resting at each key). "
             "rho: Spearman's rank correlation of the people's figures (all ReActIdle "
             "clips; BDS's subjects for the DFA) against the chosen settings'. Pepper's "
             "verdict: inside, below or above the people's range (genuine; BDS for the "
             "DFA), at the neutral mood." % (D.low_pass, D.speed, D.travel, D.window,
                                             dfa.SCALES[0], dfa.SCALES[1]), "",
             "| figure | people's median over the variants | lowest rho | "
             + " | ".join("%s verdicts" % style for style in styles) + " |",
             "| --- | --- | --- | " + " | ".join("---" for _ in styles) + " |"]
    for key in measure.KEYS:
        medians = [compare.summary(study.people(each, key))[0] for each in found.values()]
        rhos = [_rho(key, each, chosen) for name, each in found.items() if name != "as chosen"]
        cells = ["%s-%s" % (table.shown(key, min(medians)), table.shown(key, max(medians))),
                 "%.2f" % min(rhos)]
        for style in styles:
            seen = collections.Counter(
                compare.side(each.runs[style, robot.NEUTRAL][key], study.people(each, key))
                for each in found.values())
            cells.append(", ".join("%s %d" % item for item in sorted(seen.items())))
        lines.append("| %s | %s |" % (table.label(key), " | ".join(cells)))
    for key in measure.KEYS:
        lines += ["", "## %s" % table.label(key), "",
                  "| settings | people: median (range) | rho | " + " | ".join(styles) + " |",
                  "| --- | --- | --- | " + " | ".join("---" for _ in styles) + " |"]
        for name, each in found.items():
            median, low, high, _count = compare.summary(study.people(each, key))
            cells = [name, "%s (%s-%s)" % (table.shown(key, median), table.shown(key, low),
                                           table.shown(key, high)),
                     "%.2f" % _rho(key, each, chosen)]
            for style in styles:
                value = each.runs[style, robot.NEUTRAL][key]
                cells.append("%s, %s" % (table.shown(key, value),
                                         compare.side(value, study.people(each, key))))
            lines.append("| %s |" % " | ".join(cells))
    return lines
