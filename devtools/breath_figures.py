"""The lifelike style's breaths as a watcher can read them from the calls: each arm's
commanded ShoulderPitch (issue 26).

Python 2.7/3 single-source, numpy 1.8 APIs. From one arm's calls, in order
(timing_quality.Call):

* a breath call commands the arm's breathing joint alone; it *rises* when it moves the
  joint the way an inhale does (breath.Breathing's offset);
* a breath begins with a rising call after a falling one; its depth is how far the
  rising calls took the joint, its length the time to the next breath's beginning, its
  pause the time from its last falling call's end to then;
* any other call of the arm (a move, a fidget) hides the breaths it overlaps: only a
  breath with nothing but breath calls from its beginning to the next one's is *seen*,
  and a breath seen just after a hidden one is not (its beginning may have been hidden).

Both arms breathe one breath: a breath is seen if either arm saw it, its depth the mean of
the arms' depths, each over that arm's median breath. An arm holds a breath segment
shorter than lifelike_hold.MIN_CALL, so one arm may begin an inhale up to that much after
the other: beginnings that close are one breath. A sigh is a breath at least twice
that median deep, as sighs are measured in people ("breaths with a tidal volume at least
twice that of baseline breaths": Perez-Padilla et al., Sleep 1983).
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import lifelike_hold

ARMS = ("leftArm", "rightArm")
SIGH_THRESHOLD = 2.0
# s: two arms' breath beginnings this close are one breath, and a breath's end this close
# to the next one's beginning makes them neighbours (at 1 ms, 9 % of the breaths were
# counted twice, once per arm).
SAME = lifelike_hold.MIN_CALL

# A breath seen: its beginning, length and pause (s), depth (over the median breath).
Seen = collections.namedtuple("Seen", "start length depth pause")


def _arm(calls, group, config):
    """[(start, length, depth in rad, pause, seen)] of one arm."""
    breathing = breath_module.Breathing(group, config)
    if not breathing.breathes:
        return []
    joint = breathing.joints[0]
    name, sign = group.names[joint], np.sign(breathing.offsets[joint])
    found, current = [], None  # current: [start, base, peak, exhale end, seen]
    angle, state = None, "hidden"
    for call in calls:
        if call.names != [name]:
            if current is not None:
                current[4] = False
            if name in call.names:
                angle = call.angles[call.names.index(name)]
            state = "hidden"
            continue
        value = call.angles[0]
        rises = angle is not None and sign * (value - angle) > 0.0
        if rises and state != "rising":
            if current is not None:
                found.append((current[0], call.start - current[0], abs(current[2] - current[1]),
                              call.start - current[3], current[4]))
            current = [call.start, angle, value, call.start, state == "falling"]
            state = "rising"
        elif rises:
            current[2] = value
        elif current is not None:
            current[3] = call.start + call.duration
            state = "falling"
        angle = value
    return found


def seen(calls, built, config):
    """The breaths seen in ``calls`` of the groups ``built`` (groups.Shape), in order: a
    list of Seen."""
    every = []  # (start, arm, length, depth over the arm's median, pause)
    for arm, group in enumerate(built):
        if group.name not in ARMS:
            continue
        breaths = _arm([call for call in calls if call.group == group.name], group, config)
        depths = [depth for _s, _l, depth, _p, visible in breaths if visible]
        if not depths:
            continue
        median = float(np.median(depths))
        every.extend((start, arm, length, depth / median, pause)
                     for start, length, depth, pause, visible in breaths if visible)
    together = []  # each breath's arms, the first to begin first
    for one in sorted(every):
        if not together or one[0] - together[-1][0][0] > SAME or one[1] in [
                arm[1] for arm in together[-1]]:
            together.append([one])
        else:
            together[-1].append(one)
    return [Seen(arms[0][0], arms[0][2], float(np.mean([arm[3] for arm in arms])), arms[0][4])
            for arms in together]


def _lag_one(values, starts, lengths):
    """The lag-1 autocorrelation of ``values`` over neighbouring breaths (one beginning
    where the other ends)."""
    values = np.asarray(values)
    pairs = [(index, index + 1) for index in range(len(values) - 1)
             if abs(starts[index] + lengths[index] - starts[index + 1]) < SAME]
    if len(pairs) < 3:
        return float("nan")
    centred = values - values.mean()
    first = np.array([centred[one] for one, _two in pairs])
    second = np.array([centred[two] for _one, two in pairs])
    return float(np.mean(first * second) / np.mean(centred ** 2))


def figures(calls, built, config):
    """The breath figures of ``calls``: an OrderedDict (nan where none was seen)."""
    breaths = seen(calls, built, config)
    nan = float("nan")
    if not breaths:
        return collections.OrderedDict([("breaths seen", 0), ("sighs per hour", 0.0)])
    starts = [one.start for one in breaths]
    lengths = np.array([one.length for one in breaths])
    depths = np.array([one.depth for one in breaths])
    sigh = depths >= SIGH_THRESHOLD
    tidal = ~sigh
    mean_tidal = depths[tidal].mean()
    pauses = np.array([one.pause for one in breaths])
    # The tidal breaths' own sequence: a sigh ends the run of neighbours.
    tidal_starts = [start for start, keep in zip(starts, tidal) if keep]
    return collections.OrderedDict([
        ("breaths seen", len(breaths)),
        ("breaths per minute", 60.0 / lengths.mean()),
        ("length CV", float(lengths[tidal].std() / lengths[tidal].mean())),
        ("depth CV", float(depths[tidal].std() / mean_tidal)),
        ("length lag-1", _lag_one(lengths[tidal], tidal_starts, lengths[tidal])),
        ("depth lag-1", _lag_one(depths[tidal], tidal_starts, lengths[tidal])),
        ("sighs per hour", float(sigh.sum()) / (lengths.sum() / 3600.0)),
        ("sigh size", float(depths[sigh].mean() / mean_tidal) if sigh.any() else nan),
        ("sigh size range", (float(depths[sigh].min() / mean_tidal),
                             float(depths[sigh].max() / mean_tidal)) if sigh.any()
         else (nan, nan)),
        ("pause after a sigh", float(pauses[sigh].mean()) if sigh.any() else nan),
        ("pause after a breath", float(pauses[tidal].mean())),
    ])
