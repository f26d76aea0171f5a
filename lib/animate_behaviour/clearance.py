"""Keep Pepper's hands off her pelvis.

At Stand each hand hangs about 2 cm from the pelvis. In qiBullet, a third of the random
arm poses the specification's default ranges allow put a forearm, wrist, finger or
thumb against it, and the hand then rubs and catches there. clearance_model.py
(fitted by tools/fit_hand_clearance.py on qiBullet's Pepper) predicts the smallest
hand-to-pelvis distance (m) from joint offsets to Stand: one quadratic per link group,
the left arm's model mirrored for the right. Random arm waypoints predicted closer than
MARGIN are drawn again, so they stay uniform over the part of [LB, UB] that is clear.
"""
from __future__ import absolute_import, division, print_function

import itertools

import numpy as np

from animate_behaviour import joints

# Model inputs: offsets (rad) from Stand in the left arm's sign convention.
FEATURES = ("ShoulderPitch", "ShoulderRoll", "ElbowYaw", "ElbowRoll", "WristYaw", "Hand",
            "HipRoll", "HipPitch", "KneePitch")
# Joints whose angle changes sign between the left and the right side.
MIRRORED = ("ShoulderRoll", "ElbowYaw", "ElbowRoll", "WristYaw", "HipRoll")
# Smallest predicted hand-to-pelvis distance (m) a waypoint may have; held-out poses
# the model accepts at this margin stayed clear of the pelvis in qiBullet.
MARGIN = 0.01


def mirror_signs(side):
    """+1/-1 per FEATURE turning an offset of the left arm's convention into ``side``'s."""
    return [-1.0 if side == "R" and feature in MIRRORED else 1.0 for feature in FEATURES]


def joint_name(side, feature):
    return feature if feature in joints.LEG_JOINTS else side + feature


def quadratic_terms(features):
    """(n, k) offsets -> (n, 1 + k + k(k+1)/2): 1, each offset, each product i <= j."""
    features = np.asarray(features, dtype=float)
    count = features.shape[1]
    products = [features[:, i] * features[:, j] for i in range(count) for j in range(i, count)]
    return np.column_stack([np.ones(len(features))] + [features[:, i] for i in range(count)]
                           + products)


def predict(coefficients, features):
    """Predicted smallest distance (m) of any link group to the pelvis, per row: each
    group's quadratic_terms coefficients evaluated as c + x.b + x.U.x (U upper
    triangular), which is what quadratic_terms . coefficients computes, only faster."""
    features = np.asarray(features, dtype=float)
    count = features.shape[1]
    upper_rows, upper_columns = np.triu_indices(count)  # quadratic_terms' product order
    best = None
    for row in np.asarray(coefficients, dtype=float):
        upper = np.zeros((count, count))
        upper[upper_rows, upper_columns] = row[1 + count:]
        value = row[0] + np.dot(features, row[1:1 + count]) + np.einsum(
            "ni,ni->n", np.dot(features, upper), features)
        best = value if best is None else np.minimum(best, value)
    return best


class ClearanceCheck(object):
    """Which waypoints of one joint group keep both hands clear of the pelvis.

    Joints outside the group sit at their home (``config.home``), except the legs,
    which another worker may move anywhere in their random bounds ``leg_bounds``
    (joint -> (LB, UB)): the check takes the worst of their corners and home. A home
    posture that is itself closer than MARGIN lowers the threshold to its own clearance:
    the arms then never get closer than they are at home.
    """

    def __init__(self, names, home, leg_bounds, coefficients):
        self._names = list(names)
        self._coefficients = np.asarray(coefficients, dtype=float)
        leg_choices = []
        for feature in FEATURES:
            if feature in joints.LEG_JOINTS and feature not in self._names:
                lower, upper = leg_bounds.get(feature, (home[feature], home[feature]))
                leg_choices.append(sorted(set([lower, home[feature], upper])))
        self._leg_settings = list(itertools.product(*leg_choices))
        self._home = home
        self.threshold = min(MARGIN, float(self.clearance(
            np.array([[home[name] for name in self._names]]))[0]))

    def clearance(self, points):
        """Predicted smallest hand-to-pelvis distance (m) per waypoint (rows of
        ``points``, columns like the group's names), worst case over the legs."""
        points = np.asarray(points, dtype=float)
        count, settings = len(points), len(self._leg_settings)
        legs = np.array(self._leg_settings, dtype=float).reshape(settings, -1)
        worst = np.full(count, np.inf)
        for side in "LR":
            leg_column = 0
            features = np.empty((count * settings, len(FEATURES)))  # setting-major rows
            for column, (feature, sign) in enumerate(zip(FEATURES, mirror_signs(side))):
                name = joint_name(side, feature)
                if name in self._names:
                    angle = np.tile(points[:, self._names.index(name)], settings)
                elif feature in joints.LEG_JOINTS:
                    angle = np.repeat(legs[:, leg_column], count)
                    leg_column += 1
                else:
                    angle = self._home[name]
                features[:, column] = sign * (angle - joints.STAND_POSTURE[name])
            predicted = predict(self._coefficients, features)
            worst = np.minimum(worst, predicted.reshape(settings, count).min(axis=0))
        return worst

    def acceptable(self, points):
        """Boolean mask of the waypoints that keep the hands clear enough."""
        return self.clearance(points) >= self.threshold


def moves_an_arm(names):
    """Whether a group moves a joint of the model (an arm or a hand)."""
    return any(joint_name(side, feature) in names for side in "LR"
               for feature in FEATURES if feature not in joints.LEG_JOINTS)
