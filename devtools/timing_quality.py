"""Human timing figures of the lifelike style (issues 20, 26), measured from its calls.

Python 2.7/3 single-source, numpy 1.8 APIs. scripts/benchmark_motion.py prints them.
Sighs and weight shifts come a few times an hour, so the figures need hours of calls:
:func:`chained` makes them as each group's worker does, with no engine and no clock
(offline_plans), so hours take seconds and the same seed gives the same calls.

From the planner's steps (:class:`Call`: each one call, before the style joins them,
planning.joining), per group (a full call moves every joint of the group, a
breath call an arm's ShoulderPitch, with the creep's joints while not listening, a
fidget call joints of the arm's other than the breath's):

* Hold: the time from the end of a full call to the start of the arm's next one. Figure:
  their coefficient of variation (standard deviation over mean) and mean, both arms
  pooled.
* Breaths and sighs: breath_figures.py.
* Weight shift: a full call that brings a group to its rest posture after a shift moved
  it (posture_shifts.Postures.latest) since the group last came to its rest. Figures:
  per hour per group, and the coefficient of variation of the legs' intervals.
* Fidget: a fidget call out and its call back, either arm: calls of more than one joint,
  not all, the breathing ShoulderPitch not among them (a creep's call carries it).
  Figures: per hour (both arms), and their intervals' coefficient of variation.
* Sway: sway_figures.py, on the legs.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

import breath_figures
import sway_figures
from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import posture_changes, posture_shifts, steps, styles
import offline_plans
from offline_plans import Round

ARMS = ("leftArm", "rightArm")

Call = collections.namedtuple("Call", "group start duration names angles")


def chained(config, seed, seconds, live=None):
    """(the planner's calls of every group of ``config`` (lifelike, before joining) over
    ``seconds`` robot s from the round's start, each group's steps chained as its worker
    chains them, each group with a generator of its own (seeded ``seed`` + its index),
    the round's schedule seeded ``seed``, the live signal ``live`` (offline_plans.Round's
    default: the configuration's steady mood); the groups where the configuration's mood
    puts them (groups.Shape))."""
    calls, shapes = [], []
    for name, plan in Round(config, seed, live, styles.lifelike_steps).every_group(
            seed, seconds).items():
        shapes.append(plan.shape)
        for at, step in plan.steps:
            if isinstance(step, steps.Move):
                names = plan.shape.names
                chosen = range(len(names)) if step.joints is None else step.joints
                calls.append(Call(name, at, step.duration, [names[which] for which in chosen],
                                  [float(step.end[which]) for which in chosen]))
    return sorted(calls, key=lambda call: call.start), shapes


def _of(calls, name):
    return [call for call in calls if call.group == name]


def _full(calls, group):
    return [call for call in calls if len(call.names) == len(group.names)]


def hold_lengths(calls, built):
    """Every arm's holds (s), both arms pooled."""
    lengths = []
    for group in built:
        if group.name in ARMS:
            full = _full(_of(calls, group.name), group)
            lengths.extend(after.start - (before.start + before.duration)
                           for before, after in zip(full, full[1:]))
    return np.array(lengths)


def shifts(calls, built, config, seed):
    """{group name: [(the time (s) it set off to the rest new weight shifts made, the
    names of their rows)]}, on the round's schedule ``seed`` (the arms' ShoulderPitch
    left out: its key carries the breath)."""
    found = collections.OrderedDict()
    for group in built:
        breathing = breath_module.Breathing(group, config)
        postures = posture_shifts.Postures(group.name, group.names, seed)
        still = np.ones(len(group.names), dtype=bool)
        still[list(breathing.joints)] = False
        last, seen = set(postures.latest(0.0)), []
        for call in _full(_of(calls, group.name), group):
            latest = set(postures.latest(call.start))
            rest = postures.at(call.start, group, breathing.lifted)
            if latest != last and np.allclose(np.array(call.angles)[still], rest[still],
                                              atol=1e-9):
                seen.append((call.start, sorted(row for row, _block, _index in latest - last)))
                last = latest
        found[group.name] = seen
    return found


def fidgets(calls, built, config):
    """The times (s) fidgets began, both arms: calls of more than one joint but not all,
    none of the breathing ones (breath.Breathing's for ``config``), every other one (out,
    then back)."""
    found = []
    for group in built:
        if group.name in ARMS:
            breathing = set(group.names[index]
                            for index in breath_module.Breathing(group, config).joints)
            partial = [call for call in _of(calls, group.name)
                       if 1 < len(call.names) < len(group.names)
                       and not breathing & set(call.names)]
            found.extend(call.start for call in partial[::2])
    return sorted(found)


def _variation(times):
    gaps = np.diff(times)
    return float(gaps.std() / gaps.mean()) if len(gaps) > 1 else float("nan")


def breaths(config, seed, seconds):
    """The breath figures (breath_figures.py) of ``seconds`` robot s of chained plans
    while Pepper listens, when the arms only breathe (and so every breath is seen), as a
    watcher would read them: an OrderedDict."""
    listened, built = chained(config, seed, seconds, offline_plans.listening(config))
    return breath_figures.figures(listened, built, config)


def figures(config, seed, seconds):
    """The human-timing figures of ``seconds`` robot s of chained plans, the breaths' from
    as long a run while Pepper listens (:func:`breaths`): an OrderedDict."""
    calls, built = chained(config, seed, seconds)
    holds = hold_lengths(calls, built)
    counted = shifts(calls, built, config, seed)
    fidgeted = fidgets(calls, built, config)
    legs = [group for group in built if group.name == "legs"]
    hours = seconds / 3600.0
    found = collections.OrderedDict([
        ("hours", hours),
        ("hold mean", float(holds.mean()) if len(holds) else float("nan")),
        ("hold CV", float(holds.std() / holds.mean()) if len(holds) else float("nan")),
    ])
    found.update(breaths(config, seed, seconds))
    found.update([
        ("shifts per hour", float(np.mean([len(seen) for seen in counted.values()])) / hours),
        ("shifts per hour per group", collections.OrderedDict(
            (name, len(seen) / hours) for name, seen in counted.items()))])
    for row in posture_changes.SHIFTS:  # each kind as the legs show it
        times = [moment for moment, rows in counted.get("legs", ()) if row.name in rows]
        found[row.name + " per hour"] = len(times) / hours
        found[row.name + " interval CV"] = _variation(times)
    found.update([
        ("fidgets per hour", len(fidgeted) / hours),
        ("fidget interval CV", _variation(fidgeted)),
    ])
    if legs:
        found.update(sway_figures.figures(_of(calls, "legs"), legs[0].names, seconds))
    return found
