"""Cutting trajectories into bounded ALMotion calls and rests (both lanes)."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import groups, joints, specification, steps, trajectory

from helpers.checks import shaped


def replay(start, plan):
    """(waypoints, absolute times) that the steps reach, rests included as a repeated
    waypoint at the rest's end."""
    points, times, now, here = [], [], 0.0, np.asarray(start, dtype=float)
    for step in plan:
        if isinstance(step, steps.Rest):
            now += step.duration
            points.append(here)
            times.append(now)
            continue
        for angles, time in zip(step.angles, step.times):
            points.append(angles)
            times.append(now + time)
        now += step.duration
        here = step.end
    return np.array(points), np.array(times)


def test_a_trajectory_becomes_calls_no_longer_than_the_bound_continuing_exactly():
    rng = np.random.RandomState(3)
    start = np.zeros(3)
    points = rng.uniform(-1, 1, size=(100, 3))
    times = np.cumsum(np.full(100, 1.0))
    plan = steps.cut(start, points, times, 2.0)
    assert all(isinstance(step, steps.Move) for step in plan)
    assert len(plan) == 50
    for step in plan:
        assert step.duration <= 2.0 + 1e-9
        assert np.all(np.diff(np.concatenate([[0.0], step.times])) > 0)
    reached, reached_times = replay(start, plan)
    assert np.array_equal(reached, points)  # the same waypoints, none added or lost
    assert reached_times == pytest.approx(times)


def test_a_segment_longer_than_the_bound_is_cut_along_its_line():
    start = np.array([0.0, 1.0])
    plan = steps.cut(start, np.array([[3.0, -2.0]]), np.array([5.0]), 2.0)
    assert [step.duration for step in plan] == pytest.approx([5.0 / 3] * 3)
    ends = np.array([step.end for step in plan])
    assert ends == pytest.approx(np.array([[1.0, 0.0], [2.0, -1.0], [3.0, -2.0]]))
    assert np.array_equal(plan[-1].end, np.array([3.0, -2.0]))  # exactly the waypoint


def test_repeated_waypoints_become_rests_holding_no_joint():
    config = config_module.from_mapping({})
    names = list(joints.LEG_JOINTS)
    group = shaped(groups.JointGroup("legs", names, config, joints.URDF_LIMITS), config)
    points, times = specification.trajectory_of(group, config, np.random.RandomState(0),
                                                group.home)
    plan = steps.cut(group.home, points, times, 2.0)
    kinds = "".join("M" if isinstance(step, steps.Move) else "R" for step in plan)
    # Per chunk: the two random waypoints and the way back home (3 s: two calls), then
    # 9 s at home without a call; the 4 leftover waypoints are one more rest.
    assert kinds == "MMR" * 8
    rests = [step.duration for step in plan if isinstance(step, steps.Rest)]
    assert rests == pytest.approx([9.0] * 7 + [13.0])
    reached, reached_times = replay(group.home, plan)
    assert reached_times[-1] == pytest.approx(times[-1])
    assert all(step.duration <= 2.0 for step in plan if isinstance(step, steps.Move))
    assert np.array_equal(reached[-1], group.home)


def test_home_steps_end_at_home_within_the_velocity_limit_and_the_call_bound():
    config = config_module.from_mapping({})
    group = groups.JointGroup("legs", list(joints.LEG_JOINTS), config, joints.URDF_LIMITS)
    start = group.home + 0.3
    plan = steps.home(group, start, config)
    assert all(isinstance(step, steps.Move) for step in plan)
    assert np.array_equal(plan[-1].end, group.home)
    assert all(step.duration <= config.max_call_duration + 1e-9 for step in plan)
    total = steps.duration(plan)
    assert total >= steps.HOME_MIN_DURATION
    # The ease's peak speed stays within maxVelocityFraction of each joint's limit.
    peak = trajectory.PEAK_TO_MEAN_SPEED * np.abs(group.home - start) / total
    assert np.all(peak <= config.max_velocity_fraction * group.max_velocity + 1e-9)
