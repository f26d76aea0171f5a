"""Random leg waypoints keep Pepper's torso upright."""
from __future__ import absolute_import, division, print_function

import math

import numpy as np
import pytest

from animate_behaviour import configuration as config
from animate_behaviour.planning import groups, joints, lean, trajectory

from helpers.checks import shaped


def legs_for(**values):
    loaded = config.from_mapping(values)
    return shaped(groups.JointGroup("legs", joints.LEG_JOINTS, loaded, joints.URDF_LIMITS),
                  loaded)


def test_lean_adds_the_pitch_joints_and_combines_the_roll():
    assert lean.lean(-0.0261, -0.0046, 0.0) == pytest.approx(math.radians(1.52), abs=0.001)
    assert lean.lean(0.03, 0.04, 0.0) == pytest.approx(0.05)
    assert lean.lean(0.02, 0.0, -0.02) == 0.0  # knee forward, hip back: upright


def test_the_default_ranges_would_lean_too_far_and_the_waypoints_do_not():
    group = legs_for()
    corners = np.array([[group.lower[0], group.lower[1], group.lower[2]]])  # all leaning back
    assert lean.lean(*corners[0]) > lean.MAX_LEAN  # why the check exists
    points = trajectory.random_points(group, 2000, np.random.RandomState(5))
    hip_pitch, hip_roll, knee = (points[:, group.names.index(name)]
                                 for name in ("HipPitch", "HipRoll", "KneePitch"))
    assert np.all(lean.lean(hip_pitch, hip_roll, knee) <= lean.MAX_LEAN + 1e-12)
    assert np.all(points >= group.lower) and np.all(points <= group.upper)
    assert hip_pitch.min() < group.home[group.names.index("HipPitch")] - 0.03  # still moves back


def test_a_home_leaning_further_becomes_the_threshold():
    group = legs_for(home={"HipPitch": "-0.1"})
    home_lean = group.checks[0].lean(group.home[np.newaxis, :])[0]
    assert home_lean > lean.MAX_LEAN and group.checks[0].threshold == pytest.approx(home_lean)
    points = trajectory.random_points(group, 500, np.random.RandomState(6))
    assert np.all(group.checks[0].lean(points) <= home_lean + 1e-12)
