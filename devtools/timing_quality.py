"""Human timing figures of the lifelike style (issue 20), measured from its calls.

Python 2.7/3 single-source, numpy 1.8 APIs. scripts/benchmark_motion.py prints them.
Sighs come about a dozen times an hour and posture shifts every couple of minutes, so the
figures need hours of calls: :func:`chained` makes them as each group's worker does, with
no engine and no clock (offline_plans), so hours take seconds and the same seed gives
the same calls.

From the calls (:class:`Call`), per arm (a full call moves every joint of the arm group, a
breath call its ShoulderPitch alone):

* Hold: the time from the end of a full call to the start of the arm's next one. Figure:
  their coefficient of variation (standard deviation over mean) and mean, both arms
  pooled.
* Inhale: a breath call that raises the arm (ShoulderPitch falls) after a pause (no call
  of the arm ended within GAP before it). Breath length: from one inhale to the next
  (both arms' inhales merged, one breath), counted where an arm held throughout (saw
  every inhale between). Figure: their coefficient of variation.
* Sigh: a breath call that raises the arm right after another did (a second inhale on
  top of the first). Figure: sighs per hour of the time at least one arm held (when a
  sigh can be seen).
* Posture shift: a full call that brings a group to its rest posture (posture_shifts.Postures)
  when that differs from the rest it last came to (the arms' ShoulderPitch left out: its
  key carries the breath). Figure: shifts per hour per group, averaged.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import posture_shifts, steps
from offline_plans import Round

# s: a call starting within this of the arm's last call's end follows it with no pause.
GAP = 0.05
ARMS = ("leftArm", "rightArm")

Call = collections.namedtuple("Call", "group start duration names angles")


def chained(config, seed, seconds):
    """(the calls of every group of ``config`` (lifelike) over ``seconds`` robot s from
    the round's start, each group's steps chained as its worker chains them, each group
    with a generator of its own (seeded ``seed`` + its index), the round's schedule seeded
    ``seed``; the groups where the configuration's mood puts them (groups.Shape))."""
    calls, shapes = [], []
    for name, plan in Round(config, seed).every_group(seed, seconds).items():
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


def _inhales(calls, group):
    """(inhale starts, second-inhale starts, full calls' spans) of one arm."""
    shoulder = [name for name in group.names if name.endswith("ShoulderPitch")][0]
    angle, ended = None, None
    inhales, seconds, spans = [], [], []
    previous_rose = False
    for call in _of(calls, group.name):
        value = call.angles[call.names.index(shoulder)]
        rises = angle is not None and len(call.names) == 1 and value < angle
        follows = ended is not None and call.start - ended < GAP
        if rises and not follows:
            inhales.append(call.start)
        if rises and follows and previous_rose:
            seconds.append(call.start)
        if len(call.names) > 1:
            spans.append((call.start, call.start + call.duration))
        previous_rose = rises
        angle, ended = value, call.start + call.duration
    return inhales, seconds, spans


def _holds_throughout(spans, start, end):
    return not any(begin < end and finish > start for begin, finish in spans)


def breaths(calls, built, seconds):
    """(breath lengths (s), sighs seen, hours during which an arm held)."""
    arms = [_inhales(calls, group) for group in built if group.name in ARMS]
    merged = np.unique(np.round(np.concatenate([np.array(inhales) for inhales, _s, _f in arms]),
                                3))
    lengths = [after - before for before, after in zip(merged, merged[1:])
               if any(_holds_throughout(spans, before, after) for _i, _s, spans in arms)]
    sighs = len(np.unique(np.round(np.concatenate([np.array(second) for _i, second, _f in arms]),
                                   1)))
    grid = np.arange(0.0, seconds, 0.1)
    held = np.zeros(len(grid), dtype=bool)
    for _inhale, _second, spans in arms:
        moving = np.zeros(len(grid), dtype=bool)
        for begin, finish in spans:
            moving[(grid >= begin) & (grid < finish)] = True
        held |= ~moving
    return np.array(lengths), sighs, held.mean() * seconds / 3600.0


def shifts(calls, built, config, seed):
    """Posture shifts per group on the round's schedule ``seed``: {group name: count}."""
    counts = collections.OrderedDict()
    for group in built:
        breathing = breath_module.Breathing(group, config)
        postures = posture_shifts.Postures(group.name, len(group.names), seed)
        still = np.ones(len(group.names), dtype=bool)
        still[list(breathing.joints)] = False
        last, count = group.home, 0
        for call in _full(_of(calls, group.name), group):
            rest = postures.at(call.start + call.duration, group, breathing.lifted)
            if np.allclose(np.array(call.angles)[still], rest[still], atol=1e-9) and \
                    not np.allclose(rest, last, atol=1e-9):
                count += 1
                last = rest
        counts[group.name] = count
    return counts


def figures(config, seed, seconds):
    """The human-timing figures of ``seconds`` robot s of chained plans: an OrderedDict."""
    calls, built = chained(config, seed, seconds)
    holds = hold_lengths(calls, built)
    lengths, sighs, held_hours = breaths(calls, built, seconds)
    counted = shifts(calls, built, config, seed)
    hours = seconds / 3600.0
    return collections.OrderedDict([
        ("hours", hours),
        ("hold mean", float(holds.mean()) if len(holds) else float("nan")),
        ("hold CV", float(holds.std() / holds.mean()) if len(holds) else float("nan")),
        ("breath mean", float(lengths.mean()) if len(lengths) else float("nan")),
        ("breath CV", float(lengths.std() / lengths.mean()) if len(lengths) else float("nan")),
        ("breaths measured", len(lengths)),
        ("sighs per hour", sighs / held_hours if held_hours else float("nan")),
        ("shifts per hour", float(np.mean(list(counted.values()))) / hours),
        ("shifts per hour per group", collections.OrderedDict(
            (name, count / hours) for name, count in counted.items())),
    ])
