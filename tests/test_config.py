from __future__ import absolute_import, division, print_function

import os

import pytest

from animate_behaviour import config, joints

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIPPED = os.path.join(ROOT, "config", config.CONFIG_FILE_NAME)


def write(tmpdir, text):
    path = tmpdir.join("animateBehaviourConfiguration.ini")
    path.write(text)
    return str(path)


def test_shipped_file_holds_the_specification_defaults():
    shipped = config.load(SHIPPED)
    defaults = config.from_mapping({})
    assert shipped.describe() == defaults.describe()
    assert shipped.platform == "robot"
    assert shipped.behaviour == "all"
    assert shipped.verbose is False
    assert shipped.rot_maximum_range == 0.3
    assert shipped.selected_range == 0.5
    assert shipped.arm_maximum_range == (0.2, 0.2, 0.2, 0.35, 0.2)
    assert shipped.hand_maximum_range == 0.7
    assert shipped.leg_maximum_range == (0.1, 0.1, 0.08)
    assert shipped.gesture_duration == 1.0
    assert (shipped.num_points, shipped.num_points_leg, shipped.leg_repeat_factor) == (100, 2, 8)
    assert shipped.leg_chunk_size == 12
    assert shipped.home == joints.STAND_POSTURE


def test_every_key_is_optional(tmpdir):
    loaded = config.load(write(tmpdir, "# nothing set\n"))
    assert loaded.describe() == config.from_mapping({}).describe()


def test_behaviour_and_platform_are_case_insensitive(tmpdir):
    loaded = config.load(write(tmpdir, "behaviour = Hands\nplatform = SIMULATOR\n"))
    assert loaded.behaviour == "hands"
    assert loaded.platform == "simulator"
    assert "LHand" not in loaded.platform_joints and "RHand" not in loaded.platform_joints


def test_maximum_range_per_joint():
    loaded = config.from_mapping({"armMaximumRange": ["0.1", "0.2", "0.3", "0.4", "0.5"],
                                  "legMaximumRange": ["0.01", "0.02", "0.03"],
                                  "handMaximumRange": "0.6"})
    assert loaded.maximum_range("LShoulderPitch") == 0.1
    assert loaded.maximum_range("RShoulderRoll") == 0.2
    assert loaded.maximum_range("LElbowRoll") == 0.3
    assert loaded.maximum_range("RElbowYaw") == 0.4
    assert loaded.maximum_range("LWristYaw") == 0.5
    assert loaded.maximum_range("HipPitch") == 0.01
    assert loaded.maximum_range("HipRoll") == 0.02
    assert loaded.maximum_range("KneePitch") == 0.03
    assert loaded.maximum_range("RHand") == 0.6


def test_home_override(tmpdir):
    loaded = config.load(write(tmpdir, "[home]\nLShoulderPitch = 1.2\n"))
    assert loaded.home["LShoulderPitch"] == 1.2
    assert loaded.home["RShoulderPitch"] == joints.STAND_POSTURE["RShoulderPitch"]


@pytest.mark.parametrize("text, expected", [
    ("selectedRange = 1.5", "selectedRange = 1.5 is not allowed: a number in [0, 1]"),
    ("selectedRange = -0.1", "selectedRange = -0.1 is not allowed: a number in [0, 1]"),
    ("rotMaximumRange = 0.6", "rotMaximumRange = 0.6 is not allowed: a number in [0, 0.5]"),
    ("handMaximumRange = 2", "handMaximumRange = 2.0 is not allowed"),
    ("legMaximumRange = 0.2, 0.1, 0.1", "legMaximumRange = 0.2, 0.1, 0.1 is not allowed: 3 numbers in [0, 0.15]"),
    ("legMaximumRange = 0.1, 0.1", "legMaximumRange = 0.1, 0.1 is not allowed: 3 numbers"),
    ("armMaximumRange = 0.2, 0.2, 0.2, 0.35", "armMaximumRange = 0.2, 0.2, 0.2, 0.35 is not allowed: 5 numbers"),
    ("armMaximumRange = 0.2, 0.2, 0.2, 1.35, 0.2", "armMaximumRange = 0.2, 0.2, 0.2, 1.35, 0.2 is not allowed"),
    ("gestureDuration = 0", "gestureDuration = 0.0 is not allowed: a number of seconds > 0"),
    ("gestureDuration = fast", "gestureDuration = fast is not allowed: a number of seconds > 0"),
    ("numPoints = 0", "numPoints = 0 is not allowed: a whole number >= 1"),
    ("numPoints = 10\nlegRepeatFactor = 11", "legRepeatFactor = 11 is not allowed: a whole number from 1 to numPoints"),
    ("numPoints = 10\nlegRepeatFactor = 4\nnumPointsLeg = 3", "numPointsLeg = 3 is not allowed"),
    ("platform = gazebo", "platform = gazebo is not allowed: one of robot, simulator"),
    ("behaviour = dance", "behaviour = dance is not allowed: one of body, hands, rotation, all"),
    ("verboseMode = maybe", "verboseMode = maybe is not allowed: true or false"),
    ("maxVelocityFraction = 0", "maxVelocityFraction = 0.0 is not allowed"),
    ("robotJoints = HeadYaw, LHand", "robotJoints = HeadYaw, LHand is not allowed"),
    ("numpoints = 10", "unknown key numpoints"),
    ("[home]\nHeadYaw = 0.1", "home.HeadYaw = 0.1 is not allowed"),
    ("[home]\nLHand = 3.0", "home.LHand = 3.0 is not allowed: inside [0.02, 0.98] rad"),
])
def test_bad_values_are_refused_with_key_value_and_what_is_allowed(tmpdir, text, expected):
    path = write(tmpdir, text + "\n")
    with pytest.raises(config.ConfigurationError) as raised:
        config.load(path)
    assert expected in str(raised.value)
    assert path in str(raised.value)


def test_missing_and_unparsable_files(tmpdir):
    with pytest.raises(config.ConfigurationError, match="does not exist"):
        config.load(str(tmpdir.join("absent.ini")))
    with pytest.raises(config.ConfigurationError, match="cannot be parsed"):
        config.load(write(tmpdir, "selectedRange = 0.5\nselectedRange = 0.4\n"))


def test_describe_names_every_key_for_the_banner():
    lines = config.from_mapping({}).describe()
    for key in ("platform", "behaviour", "verboseMode", "rotMaximumRange", "selectedRange",
                "armMaximumRange", "handMaximumRange", "legMaximumRange", "gestureDuration",
                "numPoints", "numPointsLeg", "legRepeatFactor", "maxVelocityFraction"):
        assert any(line.startswith(key + " = ") for line in lines), key
