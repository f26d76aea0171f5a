from __future__ import absolute_import, division, print_function

import math

import numpy as np
import pytest

from animate_behaviour import configuration as config
from animate_behaviour.planning import groups, joints, specification, trajectory

from helpers import checks
def group_for(name, members, **values):
    """(the configuration, the group where its mood puts it: a groups.Shape)."""
    loaded = config.from_mapping(values)
    return loaded, checks.shaped(groups.JointGroup(name, members, loaded, joints.URDF_LIMITS),
                                 loaded)


def test_random_bounds_follow_table_1():
    limit = joints.URDF_LIMITS["LShoulderPitch"]
    lower, upper = trajectory.random_bounds(1.58, limit, 0.2, 0.5)
    full_range = limit.maximum - limit.minimum
    offset = full_range * 0.2 * 0.5 / 2
    assert lower == pytest.approx(1.58 - offset)
    assert upper == pytest.approx(1.58 + offset)


def test_random_bounds_are_clipped_at_the_limits():
    limit = joints.URDF_LIMITS["LShoulderRoll"]
    lower, upper = trajectory.random_bounds(limit.minimum + 0.01, limit, 0.5, 1.0)
    assert lower == limit.minimum
    assert upper < limit.maximum


def test_random_points_stay_inside_the_bounds_of_each_joint():
    _loaded, group = group_for("leftArm", joints.ARM_JOINTS + joints.HAND_JOINTS)
    points = trajectory.random_points(group, 5000, np.random.RandomState(3))
    assert points.shape == (5000, len(group.names))
    assert np.all(points >= group.lower) and np.all(points <= group.upper)
    # The whole band is used, not a sliver of it.
    spread = (points.max(axis=0) - points.min(axis=0)) / (group.upper - group.lower)
    assert np.all(spread > 0.95)


def test_random_points_never_repeat_across_trajectories():
    _loaded, group = group_for("leftArm", joints.ARM_JOINTS)
    rng = np.random.RandomState(4)
    first = trajectory.random_points(group, 100, rng)
    second = trajectory.random_points(group, 100, rng)
    assert not np.allclose(first, second)


def leg_pattern(num_points, factor, per_chunk, seed=5):
    loaded, group = group_for("legs", joints.LEG_JOINTS, numPoints=str(num_points),
                              legRepeatFactor=str(factor), numPointsLeg=str(per_chunk))
    points, _times = specification.trajectory_of(group, loaded, np.random.RandomState(seed),
                                                 group.home)
    at_home = np.all(points == group.home, axis=1)
    return group, points, at_home, loaded.leg_chunk_size


def test_leg_chunk_pattern_of_the_specification():
    group, points, at_home, chunk = leg_pattern(100, 8, 2)
    assert chunk == 12 and points.shape == (100, 3)
    for index in range(100):
        in_chunk = index % 12
        random_expected = index < 96 and in_chunk < 2
        assert at_home[index] == (not random_expected), index
    assert np.all(points >= group.lower) and np.all(points <= group.upper)


def test_leg_leftover_points_stay_home_when_the_factor_does_not_divide():
    _group, _points, at_home, chunk = leg_pattern(10, 3, 1)
    assert chunk == 3
    assert list(np.flatnonzero(~at_home)) == [0, 3, 6]
    assert at_home[9]


def test_leg_pattern_without_random_points_is_all_home():
    _group, _points, at_home, _chunk = leg_pattern(12, 4, 0)
    assert at_home.all()


def test_timed_keeps_the_gesture_duration_for_slow_moves():
    _loaded, group = group_for("legs", joints.LEG_JOINTS)
    points = np.tile(group.home, (4, 1))
    times, stretched = trajectory.timed(points, group.home, group, 1.0, 0.2)
    assert list(times) == [1.0, 2.0, 3.0, 4.0]
    assert stretched == 0


def test_timed_stretches_segments_that_would_be_too_fast():
    _loaded, group = group_for("leftArm", ["LShoulderPitch", "LWristYaw"])
    start = group.home
    far = group.home + np.array([1.0, 0.0])
    times, stretched = trajectory.timed(far[np.newaxis, :], start, group, 0.1, 0.2)
    limit = joints.URDF_LIMITS["LShoulderPitch"].max_velocity
    assert stretched == 1
    assert times[0] == pytest.approx(checks.PEAK_TO_MEAN_SPEED * 1.0 / (0.2 * limit))


def test_timed_speeds_never_exceed_the_fraction_and_times_increase():
    _loaded, group = group_for("leftArm", joints.ARM_JOINTS + joints.HAND_JOINTS)
    rng = np.random.RandomState(6)
    start = group.home
    for _ in range(20):
        points = trajectory.random_points(group, 50, rng)
        times, _stretched = trajectory.timed(points, start, group, 0.05, 0.1)
        durations = np.diff(np.concatenate([[0.0], times]))
        assert np.all(durations > 0)
        steps = np.abs(np.diff(np.vstack([start, points]), axis=0))
        peak = checks.PEAK_TO_MEAN_SPEED * steps / durations[:, np.newaxis]
        assert np.all(peak <= 0.1 * group.max_velocity * (1 + 1e-9))
        start = points[-1]


def test_group_home_uses_overrides():
    _loaded, group = group_for("leftArm", ["LShoulderPitch"], home={"LShoulderPitch": "1.0"})
    assert group.home[0] == 1.0
    assert group.lower[0] < 1.0 < group.upper[0]


def test_heading_band_and_turns_stay_inside_it():
    band = trajectory.heading_band(0.3)
    assert band == pytest.approx(0.075)
    rng = np.random.RandomState(7)
    heading = 0.0
    for _ in range(2000):
        heading = trajectory.wrap_angle(heading + trajectory.next_turn(heading, band, rng))
        assert abs(heading) <= band + 1e-12
    # From far outside, one turn comes back into the band.
    assert abs(0.5 + trajectory.next_turn(0.5, band, rng)) <= band + 1e-12


def test_wrap_angle():
    assert trajectory.wrap_angle(math.pi + 0.1) == pytest.approx(-math.pi + 0.1)
    assert trajectory.wrap_angle(-math.pi - 0.1) == pytest.approx(math.pi - 0.1)
    assert trajectory.wrap_angle(0.2) == pytest.approx(0.2)
