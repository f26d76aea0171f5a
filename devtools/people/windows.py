"""Windows of idle motion described by a few figures per chain, read the same way from a
person's mapped angles (mapping.py) and from the angles Pepper is commanded
(pepper_traces.py): what the two-sample test (two_sample.py) tells them apart by (issue 39).

Python 2.7/3 single-source, numpy 1.8 APIs. A recording is low-passed whole (figures.py's
Gaussian, half power at 2 Hz, the same for people and Pepper, so that bandwidth alone
cannot tell them apart), resampled at RATE (the people's 24 frames a second: Pepper's
50 Hz would count twice the samples of each still stretch), then cut into windows of
SECONDS. Chains: each arm (ShoulderPitch, ShoulderRoll, ElbowRoll: figures.py's arm
joints), the torso (HipPitch, HipRoll) and the knee (KneePitch). A chain's speed is its
fastest joint's |d angle / dt|, as figures.py's gross moves read it. FEATURES says what
each feature is and why it is there; NOISY marks those the capture's noise can move.
"""
from __future__ import absolute_import, division, print_function

import collections
import math

import numpy as np

import motion_quality
from people import figures

RATE = 24.0  # Hz
SECONDS = 20.0
TORSO = figures.TORSO
KNEE = figures.KNEE
# rad/s: an arm slower than this is still (issue 39's "under 0.02 rad/s").
STILL = 0.02
# Hz: the band a speed's mean frequency is read over; the low-pass leaves nothing above it.
SPECTRUM_TOP = 3.0

# key -> (label, unit, format, noisy, why). Noisy: a figure the capture's jitter or slow
# wobble moves (the low-pass takes out the frame-to-frame jitter, not the wobble): a
# still person's median speed, time still and the speed's mean frequency read the
# capture as much as the person.
Feature = collections.namedtuple("Feature", "label unit form noisy why")
FEATURES = collections.OrderedDict([
    ("arm RMS", Feature("arm RMS offset from the window's median posture", "rad", "%.3f",
                        False, "how far the arms go from the posture they keep")),
    ("arm p50", Feature("arm speed, median", "rad/s", "%.3f", True,
                        "how fast the arms are between moves: jitter sets a still arm's")),
    ("arm p90", Feature("arm speed, 90th percentile", "rad/s", "%.3f", False,
                        "how fast the arms' slow moves go")),
    ("arm p99", Feature("arm speed, 99th percentile", "rad/s", "%.3f", False,
                        "how fast their quickest moves go")),
    ("arm still", Feature("arm time still (under 0.02 rad/s)", "", "%.2f", True,
                          "perfectly still stretches: jitter hides a still person's")),
    ("arm frequency", Feature("arm speed's mean frequency", "Hz", "%.2f", True,
                              "small quick corrections against slow drifts; the "
                              "capture's wobble adds its own")),
    ("moves", Feature("gross moves a minute, per arm", "/min", "%.1f", False,
                      "how often an arm moves (figures.py's gross moves)")),
    ("move length", Feature("gross move duration, median", "s", "%.2f", False,
                            "how long a move lasts (NaN in a window without one)")),
    ("arms together", Feature("the two arms' speeds' correlation", "", "%.2f", False,
                              "whether the arms move as one body or apart")),
    ("arm-torso", Feature("each arm's speed's correlation with the torso's", "", "%.2f",
                          False, "whether the arms follow the trunk's sway")),
    ("torso RMS", Feature("torso tilt RMS offset", "rad", "%.3f", False,
                          "how far the trunk sways")),
    ("torso p50", Feature("torso speed, median", "rad/s", "%.4f", True,
                          "how fast the trunk drifts: jitter sets a still trunk's")),
    ("torso p90", Feature("torso speed, 90th percentile", "rad/s", "%.3f", False,
                          "how fast the trunk's sway goes")),
    ("torso frequency", Feature("torso speed's mean frequency", "Hz", "%.2f", True,
                                "the trunk's small corrections against its slow sway")),
    ("knee RMS", Feature("knee RMS offset", "rad", "%.3f", False, "how far the knees bend")),
    ("knee p90", Feature("knee speed, 90th percentile", "rad/s", "%.3f", False,
                         "how fast the knees move")),
])
NOISY = tuple(key for key, feature in FEATURES.items() if feature.noisy)
# The feature sets the test is run on: whole, and without what the capture can move.
SETS = collections.OrderedDict([
    ("whole", tuple(FEATURES)),
    ("robust", tuple(key for key in FEATURES if key not in NOISY)),
])


def joints():
    return figures.arm_joints("L") + figures.arm_joints("R") + list(TORSO) + [KNEE]


def prepared(angles, rate, settings=figures.DEFAULT):
    """The joints the features read of ``angles`` (joint -> rad at ``rate`` Hz),
    low-passed and resampled at RATE: an OrderedDict."""
    missing = [name for name in joints() if name not in angles]
    if missing:
        raise ValueError("the windows need %s, missing from the angles given (%s)"
                         % (", ".join(missing), ", ".join(angles)))
    smooth = figures.smoothed(collections.OrderedDict(
        (name, angles[name]) for name in joints()), rate, settings)
    count = len(smooth[KNEE])
    times = np.arange(count) / float(rate)
    grid = np.arange(int(math.floor(times[-1] * RATE)) + 1) / RATE
    return collections.OrderedDict((name, np.interp(grid, times, values))
                                   for name, values in smooth.items())


def cut(prepared_angles, seconds=SECONDS, hop=None):
    """``prepared_angles`` (prepared) cut into windows of ``seconds``, one every ``hop``
    s (by default ``seconds``: windows side by side): a list of OrderedDicts; what is
    left at the end is dropped."""
    length = int(round(seconds * RATE))
    step = int(round((hop or seconds) * RATE))
    count = len(prepared_angles[KNEE])
    return [collections.OrderedDict((name, values[start:start + length])
                                    for name, values in prepared_angles.items())
            for start in range(0, count - length + 1, step)]


def _fastest(speed, names):
    return np.max([speed[name] for name in names], axis=0)


def _rms(values):
    return float(math.sqrt(np.mean((values - np.median(values)) ** 2)))


def correlation(first, second):
    """Pearson's correlation of ``first`` and ``second``; 0 when either does not vary
    (nothing shared)."""
    first, second = first - first.mean(), second - second.mean()
    scale = math.sqrt(float(np.sum(first ** 2) * np.sum(second ** 2)))
    return float(np.sum(first * second) / scale) if scale > 0.0 else 0.0


def mean_frequency(speed):
    """The mean frequency (Hz) of ``speed``'s power spectrum (mean removed, Hann window)
    up to SPECTRUM_TOP; NaN for a speed that does not vary."""
    varying = (speed - speed.mean()) * np.hanning(len(speed))
    power = np.abs(np.fft.rfft(varying)) ** 2
    frequencies = np.fft.rfftfreq(len(speed), 1.0 / RATE)
    kept = (frequencies > 0.0) & (frequencies <= SPECTRUM_TOP)
    total = float(np.sum(power[kept]))
    return float(np.sum(frequencies[kept] * power[kept]) / total) if total > 0.0 \
        else float("nan")


def features(window, settings=figures.DEFAULT):
    """FEATURES of one window (cut): an OrderedDict key -> value."""
    speed = motion_quality.speeds(window, RATE)
    arm_speeds = [_fastest(speed, figures.arm_joints(side)) for side in figures.SIDES]
    torso = _fastest(speed, TORSO)
    knee = speed[KNEE]
    pooled = np.concatenate(arm_speeds)
    moves = figures.arm_moves(window, speed, RATE, settings).values()
    lengths = [end - start for side in moves for start, end in side]
    arm = [name for side in figures.SIDES for name in figures.arm_joints(side)]
    minutes = len(window[KNEE]) / RATE / 60.0
    return collections.OrderedDict([
        ("arm RMS", float(np.mean([_rms(window[name]) for name in arm]))),
        ("arm p50", float(np.percentile(pooled, 50))),
        ("arm p90", float(np.percentile(pooled, 90))),
        ("arm p99", float(np.percentile(pooled, 99))),
        ("arm still", float(np.mean(pooled < STILL))),
        ("arm frequency", float(np.mean([mean_frequency(speed) for speed in arm_speeds]))),
        ("moves", float(np.mean([len(side) for side in moves])) / minutes),
        ("move length", float(np.median(lengths)) if lengths else float("nan")),
        ("arms together", correlation(arm_speeds[0], arm_speeds[1])),
        ("arm-torso", float(np.mean([correlation(speed, torso) for speed in arm_speeds]))),
        ("torso RMS", float(np.mean([_rms(window[name]) for name in TORSO]))),
        ("torso p50", float(np.percentile(torso, 50))),
        ("torso p90", float(np.percentile(torso, 90))),
        ("torso frequency", mean_frequency(torso)),
        ("knee RMS", _rms(window[KNEE])),
        ("knee p90", float(np.percentile(knee, 90))),
    ])


def of_recording(angles, rate, seconds=SECONDS, hop=None, settings=figures.DEFAULT):
    """Every window of ``angles`` (joint -> rad at ``rate`` Hz) as a row of FEATURES: an
    array (windows, features)."""
    rows = [list(features(window, settings).values())
            for window in cut(prepared(angles, rate, settings), seconds, hop)]
    return np.array(rows, dtype=float).reshape(len(rows), len(FEATURES))
