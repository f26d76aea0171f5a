"""Keep Pepper's hands off her pelvis.

At Stand each hand hangs about 2 cm from the pelvis. In qiBullet, a third of the random
arm poses the specification's default ranges allow put a forearm, wrist, finger or
thumb against it, and the hand then rubs and catches there. clearance_model.py
(fitted by tools/fit_hand_clearance.py on qiBullet's Pepper) predicts the smallest
hand-to-pelvis distance (m) from joint offsets to Stand: one quadratic per link group,
the left arm's model mirrored for the right. Random arm waypoints predicted closer than
MARGIN, at the waypoint or along the way to it, are drawn again, so they stay uniform
over the part of [LB, UB] that is clear.
"""
from __future__ import absolute_import, division, print_function

import itertools

import numpy as np

from animate_behaviour.planning import joints

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


def quadratic_forms(coefficients):
    """Rows of quadratic_terms coefficients -> (constants (g,), linear (k, g), upper
    triangular matrices (g, k, k)), so that a row's value is c + x.b + x.U.x."""
    coefficients = np.asarray(coefficients, dtype=float)
    count = len(FEATURES)
    uppers = np.zeros((len(coefficients), count, count))
    upper_rows, upper_columns = np.triu_indices(count)  # quadratic_terms' product order
    for group, row in enumerate(coefficients):
        uppers[group][upper_rows, upper_columns] = row[1 + count:]
    return coefficients[:, 0], coefficients[:, 1:1 + count].T, uppers


def evaluate(forms, features):
    """Smallest value over the link groups' quadratic forms, per row of ``features``."""
    constants, linear, uppers = forms
    # Every group's x.U into one array, then one einsum for all groups' x.U.x: numpy 1.8's
    # overhead a call is most of the cost on a few rows (the sums are the same, term for
    # term, as an einsum a group).
    products = np.empty((len(uppers), len(features), features.shape[1]))
    for group, upper in enumerate(uppers):
        np.dot(features, upper, out=products[group])
    values = constants + np.dot(features, linear) + np.einsum("gni,ni->ng", products, features)
    return values.min(axis=1)


def predict(coefficients, features):
    """Predicted smallest distance (m) of any link group to the pelvis, per row."""
    return evaluate(quadratic_forms(coefficients), np.asarray(features, dtype=float))


class ClearanceCheck(object):
    """Which waypoints of one joint group keep both hands clear of the pelvis.

    Joints outside the group sit at their home (``home``, joint -> rad), except the
    legs another worker moves anywhere in their random bounds ``leg_bounds`` (joint ->
    (LB, UB)): the check takes the worst of their corners and of home. Not convex: a
    segment between two clear waypoints may pass closer, so it is checked along the way.
    A home posture that is itself closer than MARGIN lowers the threshold to its own
    clearance: the arms then never get closer than they are at home.
    """

    convex = False

    def __init__(self, names, home, leg_bounds, coefficients):
        self._forms = quadratic_forms(coefficients)
        legs = [feature for feature in FEATURES
                if feature in joints.LEG_JOINTS and feature not in names]
        corners = itertools.product(*[sorted(set(leg_bounds.get(leg, (home[leg],))))
                                      for leg in legs])
        settings = sorted(set(corners) | set([tuple(home[leg] for leg in legs)]))
        # Per side: model inputs as (leg setting, feature) with the group's joints at 0,
        # and where each of the group's joints goes (point column, feature column, sign).
        self._bases = []
        self._scatters = []
        for side in "LR":
            signs = mirror_signs(side)
            base = np.zeros((len(settings), len(FEATURES)))
            scatter = []
            for column, (feature, sign) in enumerate(zip(FEATURES, signs)):
                name = joint_name(side, feature)
                stand = joints.STAND_POSTURE[name]
                if name in names:
                    scatter.append((list(names).index(name), column, sign, stand))
                elif feature in legs:
                    base[:, column] = [sign * (setting[legs.index(feature)] - stand)
                                       for setting in settings]
                else:
                    base[:, column] = sign * (home[name] - stand)
            self._bases.append(base)
            # As columns (point columns, feature columns, signs, stands): one numpy
            # operation a side at each check, not one a joint.
            table = np.array(scatter, dtype=float).reshape(-1, 4)
            self._scatters.append((table[:, 0].astype(int), table[:, 1].astype(int),
                                   table[:, 2], table[:, 3]))
        self.threshold = min(MARGIN, float(self.clearance(
            np.array([[home[name] for name in names]]))[0]))

    def clearance(self, points):
        """Predicted smallest hand-to-pelvis distance (m) per waypoint (rows of
        ``points``, columns like the group's names), worst case over the legs."""
        points = np.asarray(points, dtype=float)
        features = []
        for base, (point_columns, feature_columns, signs, stands) in zip(self._bases,
                                                                          self._scatters):
            moved = np.zeros((len(points), len(FEATURES)))
            moved[:, feature_columns] = signs * (points[:, point_columns] - stands)
            features.append((base[:, np.newaxis, :] + moved[np.newaxis, :, :]).reshape(
                -1, len(FEATURES)))
        values = evaluate(self._forms, np.vstack(features))
        return values.reshape(-1, len(points)).min(axis=0)  # worst side and leg setting

    def acceptable(self, points):
        """Boolean mask of the waypoints that keep the hands clear enough."""
        return self.clearance(points) >= self.threshold


def moves_an_arm(names):
    """Whether a group moves a joint of the model (an arm or a hand)."""
    return any(joint_name(side, feature) in names for side in "LR"
               for feature in FEATURES if feature not in joints.LEG_JOINTS)
