"""Pepper's runs beside the people: each motion style at each mood of MOODS, its
commanded angles rebuilt at 50 Hz (pepper_traces.py) as reference.Recordings.

Python 2.7/3 single-source, numpy 1.8 APIs.
"""
from __future__ import absolute_import, division, print_function

import collections

import motion_quality
from animate_behaviour.planning import styles
from people import pepper_traces, reference

# (valence, arousal): the neutral mood, the four corners, and arousal's two ends at
# valence 0.
MOODS = ((0.0, 0.0), (-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0), (0.0, -1.0),
         (0.0, 1.0))
NEUTRAL = MOODS[0]
MINUTES = 10.0

# One run: its style, mood and reference.Recording.
Run = collections.namedtuple("Run", "style mood recording")


def label(style, mood):
    return "%s (%g, %g)" % (style, mood[0], mood[1])


def run(style, mood, minutes=MINUTES, seed=pepper_traces.SEED, model="ease"):
    """``style`` at ``mood`` over ``minutes`` robot minutes: a Run."""
    angles = pepper_traces.commanded(pepper_traces.configuration(style, *mood),
                                     minutes * 60.0, seed, model)
    return Run(style, mood, reference.Recording(label(style, mood), style, motion_quality.RATE,
                                                angles, None, None))


def runs(minutes=MINUTES, seed=pepper_traces.SEED, moods=MOODS, names=styles.NAMES):
    """Every style of ``names`` at every mood of ``moods``, lifelike first: an
    OrderedDict (style, mood) -> Run."""
    ordered = sorted(names, key=lambda name: name != styles.LIFELIKE)
    return collections.OrderedDict(((style, mood), run(style, mood, minutes, seed))
                                   for style in ordered for mood in moods)
