"""What a source of the live signal (live_signal.py) gives it: its part at a moment.

A source (mood.Mood, context.Context, follow.Follow, own_state.OwnState, or a stand-in in
tools and tests) has a ``name``, one per signal, and ``part(now)``: the Part it adds to
the signal at clock time ``now``. The signal adds the parts' valences and arousals in
its sources' order, holds the arms or the base when any part does, and takes the largest
``alone``.
"""
from __future__ import absolute_import, division, print_function

import collections

# What a source adds: to the valence and the arousal (None: nothing, as a source that
# never moves that axis), whether the arms must start no move (Pepper listens), whether
# the base must start no turn (a person is engaged), how alone Pepper is (0 to 1).
Part = collections.namedtuple("Part", "valence arousal arms_hold base_holds alone")
# A part names only what its source says; the rest adds nothing.
Part.__new__.__defaults__ = (None, None, False, False, 0.0)
