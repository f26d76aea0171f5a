"""Every figure of the comparison (issue 32) for one recording: the arms', torso's and
knees' (figures.py) and the sway's DFA exponents (dfa.py), people and Pepper alike.

Python 2.7/3 single-source, numpy 1.8 APIs. A figure a source cannot give is NaN: the
ReActIdle clips give no DFA (they carry no centre of pressure: BDS's force plate gives
it) and the BDS subjects nothing else.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from people import dfa, figures

# The sway's axes: the CoP's (cop.Trial) and the joint of Pepper's that tilts the torso
# along it.
SWAY = collections.OrderedDict([("dfa ap", ("ap", "HipPitch")), ("dfa ml", ("ml", "HipRoll"))])
KEYS = collections.OrderedDict(list(figures.KEYS.items()) + [
    ("dfa ap", ("sway DFA exponent, front to back (CoP x; HipPitch)", "", "%.2f")),
    ("dfa ml", ("sway DFA exponent, side to side (CoP y; HipRoll)", "", "%.2f")),
])
NAN = float("nan")


def of_recording(recording, settings=figures.DEFAULT, scales=dfa.SCALES):
    """The figures of a reference.Recording: a clip's without the sway, Pepper's with it
    (from its commanded HipPitch and HipRoll, over windows as long as a BDS trial)."""
    found = collections.OrderedDict((key, NAN) for key in KEYS)
    found.update(figures.figures(recording.angles, recording.rate, settings))
    if recording.pose is None:
        for key, (_axis, joint) in SWAY.items():
            found[key] = dfa.windowed(recording.angles[joint], recording.rate, scales=scales)
    return found


def of_sway(sway, scales=dfa.SCALES):
    """The figures of a reference.Sway: its DFA exponents, the median over its trials."""
    found = collections.OrderedDict((key, NAN) for key in KEYS)
    for key, (axis, _joint) in SWAY.items():
        found[key] = float(np.median([dfa.alpha(getattr(trial, axis), trial.rate, scales)
                                      for trial in sway.trials]))
    return found
