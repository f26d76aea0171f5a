"""Figures of idle motion that the capture's jitter does not decide, read the same way
from a person's mapped angles (mapping.py) and from the angles Pepper is commanded
(pepper_traces.py). docs/people.md says why each was chosen; sensitivity.py shows that
each holds when the filter and the thresholds change.

Python 2.7/3 single-source, numpy 1.8 APIs. Angles: an OrderedDict joint -> 1-D array
(rad) sampled at ``rate`` Hz, Pepper's joint names. Every figure reads the angles after
one low-pass (a Gaussian, zero phase, half power at ``settings.low_pass`` Hz), which takes
out the capture's frame-to-frame jitter and leaves moves of half a second or longer
(people's and Pepper's eased ones) nearly as they are.

* Arm joints: ShoulderPitch, ShoulderRoll and ElbowRoll of each arm. ElbowYaw is left
  out: a person's is defined only while the elbow bends (mapping.MIN_FLEXION) and its
  jitter grows as the elbow straightens.
* An arm's speed: its fastest joint's |d angle / dt|. A **gross move**: the arm's speed
  rises above ``settings.speed`` (rad/s) and the move lasts while it stays above half of
  that (so a move that slows a little on the way is one move); kept if some joint's angle
  spans at least ``settings.travel`` rad during it (its span, not its path: a wobble in
  place adds path, not span). Figure: moves a minute per arm.
* **Pauses**: from the end of one of an arm's gross moves to the start of its next, both
  arms pooled: median, 90th percentile (s) and coefficient of variation; NaN with fewer
  than MIN_PAUSES.
* **Coupling**: the share of the arms' gross-move onsets that the other arm's onset
  accompanies within ``settings.window`` s, minus the share the arms' own timings give by
  chance (the mean over the other arm's onsets shifted circularly by every SHIFT_STEP from
  MIN_SHIFT to the run's length less it); NaN unless both arms move.
* **Arm RMS offset**: each arm joint's RMS distance from its own median angle, the mean
  over the joints (rad): how far the arms go from the posture they keep.
* **Arm speed**: the 95th percentile and the median of every arm joint's speed, all
  samples pooled (rad/s).
* **Torso tilt RMS**: HipPitch's and HipRoll's RMS distance from their median (rad).
* **Knee RMS**: KneePitch's RMS distance from its median (rad).
"""
from __future__ import absolute_import, division, print_function

import collections
import math

import numpy as np

import motion_quality

# How the figures are read: the low-pass's half-power frequency (Hz), a gross move's
# speed (rad/s) and span (rad), the coupling's window (s).
Settings = collections.namedtuple("Settings", "low_pass speed travel window")
DEFAULT = Settings(low_pass=2.0, speed=0.2, travel=0.05, window=0.3)
ARM_SUFFIXES = ("ShoulderPitch", "ShoulderRoll", "ElbowRoll")
SIDES = ("L", "R")
TORSO = ("HipPitch", "HipRoll")
KNEE = "KneePitch"
# A move ends when the arm's speed falls below this fraction of the speed that began it.
END_FRACTION = 0.5
MIN_PAUSES = 3
MIN_SHIFT = 5.0  # s: shifts closer to the onsets' own timing would find their coupling
SHIFT_STEP = 0.25  # s

# The figures, in the table's order: key -> (label, unit, format).
KEYS = collections.OrderedDict([
    ("moves", ("gross arm moves a minute, per arm", "/min", "%.1f")),
    ("pause median", ("pause between gross moves, median", "s", "%.2f")),
    ("pause p90", ("pause, 90th percentile", "s", "%.1f")),
    ("pause CV", ("pause CV", "", "%.2f")),
    ("coupling", ("arms' onsets within the window, above chance", "", "%.2f")),
    ("arm RMS", ("arm RMS offset from its median posture", "rad", "%.3f")),
    ("speed p95", ("arm joint speed, 95th percentile", "rad/s", "%.3f")),
    ("speed median", ("arm joint speed, median", "rad/s", "%.3f")),
    ("tilt pitch", ("torso tilt RMS, pitch (HipPitch)", "rad", "%.3f")),
    ("tilt roll", ("torso tilt RMS, roll (HipRoll)", "rad", "%.3f")),
    ("knee RMS", ("knee RMS offset (KneePitch)", "rad", "%.3f")),
])


def low_pass(values, rate, half_power_hz):
    """``values`` low-passed (motion_quality's Gaussian), the ends padded with their own
    first and last values so that they are filtered like the rest."""
    kernel = motion_quality.gaussian(half_power_hz, rate)
    reach = len(kernel) // 2
    padded = np.concatenate([np.repeat(values[:1], reach), values, np.repeat(values[-1:], reach)])
    return np.convolve(padded, kernel, mode="valid")


def smoothed(angles, rate, settings=DEFAULT):
    """The angles the figures read: each joint of ``angles`` low-passed."""
    return collections.OrderedDict((name, low_pass(np.asarray(values, dtype=float), rate,
                                                   settings.low_pass))
                                   for name, values in angles.items())


def arm_joints(side):
    return [side + suffix for suffix in ARM_SUFFIXES]


def gross_moves(angle, speed, rate, settings=DEFAULT):
    """(start, end) times (s) of the gross moves of an arm whose joints' angles and speeds
    are the rows of ``angle`` and ``speed`` (joints, samples)."""
    fastest = np.max(speed, axis=0)
    found = []
    for start, end in motion_quality.holds(fastest > END_FRACTION * settings.speed):
        if fastest[start:end].max() <= settings.speed:
            continue
        if np.max(np.ptp(angle[:, start:end], axis=1)) >= settings.travel:
            found.append((start / rate, end / rate))
    return found


def _pauses(moves):
    return [after[0] - before[1] for before, after in zip(moves, moves[1:])]


def pause_figures(moves):
    """(median, 90th percentile, CV) of the pauses of ``moves`` ({side: [(start, end)]}),
    pooled; NaN with fewer than MIN_PAUSES."""
    found = pauses(moves)
    if len(found) < MIN_PAUSES:
        return float("nan"), float("nan"), float("nan")
    return (float(np.median(found)), float(np.percentile(found, 90)),
            float(found.std() / found.mean()))


def _together(onsets, others, window):
    """The share of ``onsets`` with one of ``others`` (sorted) within ``window``."""
    if not len(onsets):
        return 0.0
    after = np.clip(np.searchsorted(others, onsets), 0, len(others) - 1)
    before = np.clip(after - 1, 0, len(others) - 1)
    nearest = np.minimum(np.abs(others[after] - onsets), np.abs(others[before] - onsets))
    return float(np.mean(nearest <= window))


def coupling(first, second, seconds, window):
    """The share of both arms' onsets (``first``, ``second``: times, s) the other arm's
    accompanies within ``window``, above chance over a run of ``seconds``; NaN unless
    both have onsets."""
    first, second = np.sort(first), np.sort(second)
    if not len(first) or not len(second):
        return float("nan")

    def shared(shift):
        moved = np.sort((second + shift) % seconds)
        pooled = np.concatenate([first, moved])
        return (len(first) * _together(first, moved, window)
                + len(moved) * _together(moved, first, window)) / len(pooled)
    shifts = np.arange(MIN_SHIFT, seconds - MIN_SHIFT, SHIFT_STEP)
    if not len(shifts):
        return float("nan")
    return shared(0.0) - float(np.mean([shared(shift) for shift in shifts]))


def _rms_about_median(values):
    values = np.asarray(values, dtype=float)
    return float(math.sqrt(np.mean((values - np.median(values)) ** 2)))


def _read(angles, rate, settings):
    """(the low-passed angles, their speeds) of ``angles``, checked to hold every joint the
    figures read."""
    missing = [name for name in arm_joints("L") + arm_joints("R") + list(TORSO) + [KNEE]
               if name not in angles]
    if missing:
        raise ValueError("the figures need %s, missing from the angles given (%s)"
                         % (", ".join(missing), ", ".join(angles)))
    smooth = smoothed(angles, rate, settings)
    return smooth, motion_quality.speeds(smooth, rate)


def arm_moves(smooth, speed, rate, settings=DEFAULT):
    """{side: its gross moves} from the low-passed angles ``smooth`` and their ``speed``."""
    return collections.OrderedDict(
        (side, gross_moves(np.array([smooth[name] for name in arm_joints(side)]),
                           np.array([speed[name] for name in arm_joints(side)]), rate,
                           settings)) for side in SIDES)


def pauses(moves):
    """Every pause of ``moves`` ({side: [(start, end)]}, s), the arms pooled."""
    return np.array([pause for side in moves.values() for pause in _pauses(side)])


def distributions(angles, rate, settings=DEFAULT):
    """What the distribution plots show of ``angles``: (every pause (s), every arm joint
    speed sample (rad/s))."""
    smooth, speed = _read(angles, rate, settings)
    arm = [name for side in SIDES for name in arm_joints(side)]
    return (pauses(arm_moves(smooth, speed, rate, settings)),
            np.concatenate([speed[name] for name in arm]))


def figures(angles, rate, settings=DEFAULT):
    """Every figure of KEYS for ``angles`` (joint -> rad at ``rate`` Hz, the arms'
    joints, HipPitch, HipRoll and KneePitch): an OrderedDict, NaN where a figure has
    nothing to read."""
    smooth, speed = _read(angles, rate, settings)
    seconds = len(smooth[KNEE]) / rate
    moves = arm_moves(smooth, speed, rate, settings)
    arm = [name for side in SIDES for name in arm_joints(side)]
    pooled = np.concatenate([speed[name] for name in arm])
    median, p90, variation = pause_figures(moves)
    return collections.OrderedDict([
        ("moves", np.mean([len(side) for side in moves.values()]) / (seconds / 60.0)),
        ("pause median", median),
        ("pause p90", p90),
        ("pause CV", variation),
        ("coupling", coupling([move[0] for move in moves["L"]],
                              [move[0] for move in moves["R"]], seconds, settings.window)),
        ("arm RMS", float(np.mean([_rms_about_median(smooth[name]) for name in arm]))),
        ("speed p95", float(np.percentile(pooled, 95))),
        ("speed median", float(np.median(pooled))),
        ("tilt pitch", _rms_about_median(smooth["HipPitch"])),
        ("tilt roll", _rms_about_median(smooth["HipRoll"])),
        ("knee RMS", _rms_about_median(smooth[KNEE])),
    ])
