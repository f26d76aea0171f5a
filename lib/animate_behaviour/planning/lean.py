"""Keep Pepper's torso within a few degrees of upright.

Pepper's torso leans forward or back by HipPitch + KneePitch (parallel axes) and
sideways by HipRoll. At Stand it already leans 1.5 degrees back (HipPitch -0.026), and
the specification's default leg ranges would reach 5.9 degrees in their corners
(measured in qiBullet, where the formula below matches to 0.05 degrees). Random leg
waypoints that would lean further than MAX_LEAN are drawn again.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

MAX_LEAN = math.radians(4.0)  # rad from vertical


def lean(hip_pitch, hip_roll, knee_pitch):
    """The torso's angle from vertical (rad) for these leg angles (arrays allowed)."""
    return np.hypot(np.asarray(hip_pitch) + np.asarray(knee_pitch), hip_roll)


class LeanCheck(object):
    """Which waypoints of a group moving leg joints keep the torso within MAX_LEAN, the
    group's other leg joints at ``home`` (joint -> rad). A home leaning further than
    MAX_LEAN becomes the threshold: the legs then never lean more than at home."""

    # The lean is a norm of a linear function of the joints: along a segment it never
    # exceeds its larger end.
    convex = True

    def __init__(self, names, home):
        self._names = list(names)
        self._home = home
        self.threshold = max(MAX_LEAN, float(self.lean(
            np.array([[home[name] for name in self._names]]))[0]))

    def lean(self, points):
        """Torso lean (rad) per waypoint (rows of ``points``, columns like the names)."""
        points = np.asarray(points, dtype=float)

        def angle(name):
            if name in self._names:
                return points[:, self._names.index(name)]
            return np.full(len(points), self._home[name])
        return lean(angle("HipPitch"), angle("HipRoll"), angle("KneePitch"))

    def acceptable(self, points):
        """Boolean mask of the waypoints that lean no further than the threshold."""
        return self.lean(points) <= self.threshold
