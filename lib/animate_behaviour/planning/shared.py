"""What a group's planner may use besides its group, the configuration and its generator:
the one declared interface between a stream (specification.py, lifelike.py) and the round
it plans in. styles.py picks the planner; the planners import this, never styles.py."""
from __future__ import absolute_import, division, print_function

import collections

# What a group's stream reads and shares with the round's other groups: ``signal`` (the
# live signal, live_signal.LiveSignal: read once at each move, hold and breath),
# ``breath`` (the round's breath.Breath), ``seed`` (the round's schedule seed: posture
# changes); and the one thing a stream reports back, ``completed(summary)`` (a trajectory
# played to its end, ``summary`` saying what it was: getStatus's counter, the verbose
# log).
Shared = collections.namedtuple("Shared", "signal breath seed completed")
# While Pepper listens, an arm group holds this long (robot s) before it looks again.
LISTEN_HOLD = 2.0
