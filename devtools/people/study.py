"""The comparison of issue 32 in one place: every figure (measure.py) of the people and of
Pepper's runs under one set of settings, and the goals of ``make people`` read from them.

Python 2.7/3 single-source, numpy 1.8 APIs. The people a figure is held against: the
genuine ReActIdle clips, but for the sway's DFA exponents, which BDS's subjects give.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from animate_behaviour.planning import styles
from people import compare, data, dfa, figures, measure, robot

# The figures "as typical as a person" averages: those every source measures the same
# way (the DFA exponents come from other people, BDS's, and are held against them apart).
TYPICAL = tuple(figures.KEYS)

# Each group's figures: OrderedDicts name -> figures (measure.KEYS -> value); ``runs``
# keyed (style, mood).
Results = collections.namedtuple("Results", "genuine acted balance runs")
Goal = collections.namedtuple("Goal", "name met detail")


def results(recordings, sways, runs, settings=figures.DEFAULT, scales=dfa.SCALES):
    """The Results of ``recordings`` (reference.Recordings of people), ``sways``
    (reference.Sways) and ``runs`` (robot.runs) read with ``settings`` and DFA ``scales``."""
    def group(kind):
        return collections.OrderedDict(
            (each.name, measure.of_recording(each, settings, scales))
            for each in recordings if each.kind == kind)
    return Results(group(data.GENUINE), group(data.ACTED),
                   collections.OrderedDict((sway.name, measure.of_sway(sway, scales))
                                           for sway in sways),
                   collections.OrderedDict((key, measure.of_recording(run.recording, settings,
                                                                      scales))
                                           for key, run in runs.items()))


def people(found, key):
    """The values of figure ``key`` Pepper is held against in ``found`` (Results)."""
    source = found.balance if key in measure.SWAY else found.genuine
    return [each[key] for each in source.values()]


def outside(found, figures_of):
    """The figures of ``figures_of`` (one run's) outside (or missing from) the people's
    range."""
    return [key for key in measure.KEYS
            if not compare.inside(figures_of[key], people(found, key))]


def typicality(found, figures_of):
    """``figures_of``'s mean distance from the genuine people over TYPICAL."""
    return compare.typicality(figures_of, list(found.genuine.values()), TYPICAL)


def leave_one_out(found):
    """Each genuine person's typicality among the others, in ``found.genuine``'s order."""
    return compare.leave_one_out(list(found.genuine.values()), TYPICAL)


def typical_person(found):
    """(median, lowest, highest) of the genuine people's leave-one-out typicality."""
    return compare.summary(leave_one_out(found))[:3]


def goals(found):
    """The goals of issue 32 for the lifelike style, as Goals."""
    lifelike = dict((mood, each) for (style, mood), each in found.runs.items()
                    if style == styles.LIFELIKE)
    neutral = lifelike[robot.NEUTRAL]
    out = outside(found, neutral)
    typical = typical_person(found)
    pepper = typicality(found, neutral)
    rates = people(found, "moves")
    listed = [Goal("lifelike (0, 0) inside the genuine people's range on every figure",
                   not out, "outside: %s" % (", ".join(out) or "none")),
              Goal("as typical as a person", pepper <= typical[0],
                   "Pepper %.2f spreads from the genuine median; a genuine person %.2f "
                   "(%.2f-%.2f) from the others" % ((pepper,) + tuple(typical)))]
    for arousal, wanted in ((-1.0, "lower"), (1.0, "upper")):
        value = lifelike[(0.0, arousal)]["moves"]
        where = compare.third(value, rates)
        listed.append(Goal("arousal %+g in the %s third of the genuine move rate"
                           % (arousal, wanted), where == wanted,
                           "%.1f a minute: %s (thirds split at %.1f and %.1f)"
                           % ((value, where) + tuple(np.percentile(
                               compare.finite(rates), [100.0 / 3.0, 200.0 / 3.0])))))
    return listed
