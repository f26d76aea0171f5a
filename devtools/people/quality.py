"""Issue 13's figures (motion_quality: speed peaks, synchrony, the clock line, SPARC) read
from the people as from Pepper: the source of the lifelike style's goals on them since
issue 32 (docs/motion.md), where people and the ceilings chosen before them disagree.

Python 2.7/3 single-source, numpy 1.8 APIs. Both read the joints figures.py reads (each
arm's ShoulderPitch, ShoulderRoll and ElbowRoll, HipPitch, HipRoll, KneePitch: the chains
motion_quality makes of them are the two arms and the legs) after its low-pass, at their
own rate: a person's 24 frames a second, Pepper's 50. The clock line is read at a
gestureDuration of 1 s (people keep no clock: theirs is the line of a run with none).
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

import motion_quality
from people import data, figures, robot

# What a breathing line would look for: no figure here reads it.
BREATHS_PER_MINUTE = 14.0
# The figures, in the table's order: motion_quality's key -> (label, format).
KEYS = collections.OrderedDict([
    ("peaks per second", ("speed peaks a second per joint", "%.2f")),
    ("synchrony", ("onsets another chain's accompanies within 150 ms", "%.2f")),
    ("clock line", ("clock line at 1 Hz", "%.2f")),
    ("SPARC median", ("median SPARC of a move", "%.2f")),
])


def joints():
    return figures.arm_joints("L") + figures.arm_joints("R") + list(figures.TORSO) + [
        figures.KNEE]


def of_recording(recording, settings=figures.DEFAULT):
    """KEYS's figures of a reference.Recording (a person's or Pepper's): an OrderedDict."""
    chosen = collections.OrderedDict((name, recording.angles[name]) for name in joints())
    smooth = figures.smoothed(chosen, recording.rate, settings)
    home = dict((name, float(np.median(values))) for name, values in smooth.items())
    found = motion_quality.figures(smooth, recording.rate, home, 1.0, BREATHS_PER_MINUTE)
    return collections.OrderedDict((key, found[key]) for key in KEYS)


def results(recordings, runs):
    """{group: OrderedDict name -> figures}: the genuine and the acted clips of
    ``recordings`` (reference.Recordings) and each style of ``runs`` (robot.runs) at the
    neutral mood, keyed by its label."""
    found = collections.OrderedDict((kind, collections.OrderedDict(
        (each.name, of_recording(each)) for each in recordings if each.kind == kind))
        for kind in (data.GENUINE, data.ACTED))
    found["pepper"] = collections.OrderedDict(
        (run.recording.name, of_recording(run.recording))
        for (_style, mood), run in runs.items() if mood == robot.NEUTRAL)
    return found
