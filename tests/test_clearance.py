"""The hand-to-pelvis clearance model and how random arm waypoints respect it."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config
from animate_behaviour.planning import clearance, clearance_model, groups, joints, trajectory

from helpers.checks import shaped

UPPER = joints.ARM_JOINTS + joints.HAND_JOINTS


def group_for(names, **values):
    loaded = config.from_mapping(values)
    return shaped(groups.JointGroup("leftArm", names, loaded, joints.URDF_LIMITS), loaded)


def stand(names):
    return np.array([[joints.STAND_POSTURE[name] for name in names]])


def test_stand_is_clear_and_pressing_an_arm_inwards_is_not():
    group = group_for(UPPER)
    assert group.checks[-1].threshold == clearance.MARGIN
    assert group.checks[-1].clearance(stand(UPPER))[0] > clearance.MARGIN
    inwards = stand(UPPER)
    roll = UPPER.index("LShoulderRoll")
    inwards[0, roll] = joints.URDF_LIMITS["LShoulderRoll"].minimum  # arm against the side
    inwards[0, UPPER.index("LElbowYaw")] += 0.5  # forearm turned towards the body
    assert group.checks[-1].clearance(inwards)[0] < 0.0


def test_the_right_arm_is_the_left_one_mirrored():
    group = group_for(UPPER)
    left = stand(UPPER)
    right = stand(UPPER)
    for feature, offset in (("ShoulderPitch", 0.1), ("ShoulderRoll", -0.05), ("ElbowYaw", 0.2)):
        left[0, UPPER.index("L" + feature)] += offset
        sign = -1.0 if feature in clearance.MIRRORED else 1.0
        right[0, UPPER.index("R" + feature)] += sign * offset
    assert group.checks[-1].clearance(left)[0] == pytest.approx(
        group.checks[-1].clearance(right)[0], abs=0.003)  # the two stand postures differ by mm


def test_random_arm_waypoints_keep_the_hands_clear_but_use_both_sides_of_home():
    group = group_for(UPPER)
    points = trajectory.random_points(group, 3000, np.random.RandomState(11))
    assert np.all(points >= group.lower) and np.all(points <= group.upper)
    assert np.all(group.checks[-1].clearance(points) >= clearance.MARGIN)
    unconstrained = np.random.RandomState(11).uniform(group.lower, group.upper,
                                                      size=(3000, len(UPPER)))
    assert np.mean(group.checks[-1].acceptable(unconstrained)) < 0.9  # the check matters
    for index, name in enumerate(UPPER):
        below = points[:, index] < group.home[index] - 0.3 * (group.home[index] - group.lower[index])
        above = points[:, index] > group.home[index] + 0.3 * (group.upper[index] - group.home[index])
        assert below.any() and above.any(), name


def test_legs_moving_elsewhere_are_assumed_at_their_worst():
    still_legs = group_for(UPPER, behaviour="body", legMaximumRange=["0.0", "0.0", "0.0"])
    moving_legs = group_for(UPPER, behaviour="body", legMaximumRange=["0.15", "0.15", "0.15"])
    pose = stand(UPPER)
    pose[0, UPPER.index("LShoulderPitch")] += 0.15
    assert moving_legs.checks[-1].clearance(pose)[0] < still_legs.checks[-1].clearance(pose)[0]


def test_legs_that_no_worker_moves_stay_at_home_in_the_check():
    pose = stand(UPPER)
    pose[0, UPPER.index("LShoulderPitch")] += 0.15
    hands_only = group_for(UPPER, behaviour="hands")  # no legs group: the legs stay home
    still_legs = group_for(UPPER, behaviour="body", legMaximumRange=["0.0", "0.0", "0.0"])
    moving_legs = group_for(UPPER, behaviour="all")
    assert hands_only.checks[-1].clearance(pose)[0] == pytest.approx(
        still_legs.checks[-1].clearance(pose)[0])
    assert moving_legs.checks[-1].clearance(pose)[0] < hands_only.checks[-1].clearance(pose)[0]


def segment_clearance(check, start, points, fractions):
    """Predicted clearance along every segment start -> points[0] -> points[1] ..."""
    path = np.vstack([start[np.newaxis, :], points])
    along = path[:-1] + fractions[:, np.newaxis, np.newaxis] * np.diff(path, axis=0)
    return check.clearance(along.reshape(-1, path.shape[1]))


def test_the_way_between_waypoints_stays_clear_too():
    group = group_for(UPPER)
    check = group.checks[-1]
    fine = np.linspace(0.0, 1.0, 21)
    rng = np.random.RandomState(8)
    # Waypoints that are clear one by one still pass closer on the way between them...
    candidates = rng.uniform(group.lower, group.upper, size=(6000, len(UPPER)))
    one_by_one = candidates[check.acceptable(candidates)][:1000]
    assert segment_clearance(check, group.home, one_by_one, fine).min() < clearance.MARGIN - 0.003
    # ...which random_points avoids, starting from where the arms are.
    start = one_by_one[0]
    points = trajectory.random_points(group, 1000, rng, start)
    assert np.all(check.clearance(points) >= clearance.MARGIN)
    assert segment_clearance(check, start, points, fine).min() > clearance.MARGIN - 0.002


def test_a_home_closer_than_the_margin_becomes_the_threshold():
    group = group_for(UPPER, home={"LShoulderRoll": "0.02", "LElbowYaw": "-0.9"})
    home_clearance = group.checks[-1].clearance(group.home[np.newaxis, :])[0]
    assert home_clearance < clearance.MARGIN
    assert group.checks[-1].threshold == pytest.approx(home_clearance)
    points = trajectory.random_points(group, 500, np.random.RandomState(2))
    assert np.all(group.checks[-1].clearance(points) >= home_clearance - 1e-12)


def test_only_groups_with_arms_or_hands_are_kept_clear_of_the_pelvis():
    defaults = config.from_mapping({})
    legs = shaped(groups.JointGroup("legs", joints.LEG_JOINTS, defaults, joints.URDF_LIMITS),
                  defaults)
    assert not any(isinstance(check, clearance.ClearanceCheck) for check in legs.checks)
    assert isinstance(group_for(["LWristYaw"]).checks[-1], clearance.ClearanceCheck)


def test_the_generated_model_has_one_quadratic_per_link_group():
    terms = clearance.quadratic_terms(np.zeros((1, len(clearance.FEATURES)))).shape[1]
    assert terms == 1 + 9 + 9 * 10 // 2
    assert [len(row) for row in clearance_model.COEFFICIENTS] == [terms] * 4


def test_the_fast_prediction_is_the_fitted_quadratic():
    features = np.random.RandomState(0).uniform(-0.3, 0.3, size=(200, len(clearance.FEATURES)))
    by_definition = np.dot(clearance.quadratic_terms(features),
                           np.asarray(clearance_model.COEFFICIENTS).T).min(axis=1)
    assert np.allclose(clearance.predict(clearance_model.COEFFICIENTS, features), by_definition)
