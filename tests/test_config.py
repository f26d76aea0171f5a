from __future__ import absolute_import, division, print_function

import os

import pytest
from configobj import ConfigObj

from animate_behaviour import configuration as config
from animate_behaviour.configuration import kinds
from animate_behaviour.planning import joints, styles, trajectory

from helpers import script_modules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIPPED = os.path.join(ROOT, "config", config.CONFIG_FILE_NAME)
update_config_table = script_modules.load("update_config_table")
from generated_file import read_text  # noqa: E402  (update_config_table puts tools/ on sys.path)


def write(tmpdir, text):
    path = tmpdir.join("animateBehaviourConfiguration.ini")
    path.write(text)
    return str(path)


def test_shipped_file_holds_the_specification_defaults():
    shipped = config.load(SHIPPED)
    defaults = config.from_mapping({})
    assert shipped.describe() == defaults.describe()  # the built-in presets included
    assert shipped.presets == defaults.presets == config.BUILT_IN_PRESETS
    assert shipped.preset == defaults.preset == ""
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
    assert shipped.max_velocity_fraction == 0.2
    assert shipped.home == joints.STAND_POSTURE
    assert shipped.home_overrides == {}
    assert shipped.platform_joints == joints.ANIMATED_JOINTS


def test_shipped_file_holds_the_issue_6_keys_and_their_defaults():
    shipped = config.load(SHIPPED)
    assert shipped.max_call_duration == 2.0
    assert shipped.yield_quiet_time == 1.0
    assert shipped.yield_to_speech is True
    assert shipped.cool_down_time == 60.0


def test_shipped_file_sets_every_key_of_the_table():
    # Every key is optional, so equal defaults alone would not notice a key left out.
    raw = ConfigObj(SHIPPED, interpolation=False)
    assert set(raw.scalars) == set(config.KEYS) - set(["home", "presets"])
    assert raw.sections == ["presets"]


def test_shipped_file_holds_the_issue_13_keys_and_their_defaults():
    shipped = config.load(SHIPPED)
    assert shipped.motion_style == "specification" == styles.NAMES[0]  # today's generator
    assert shipped.breathing is True
    assert shipped.breaths_per_minute == 14.0


def test_the_motion_style_row_offers_the_styles_and_says_what_each_does():
    row = config.ROWS["motionStyle"]
    assert row.kind.choices == styles.NAMES == ("specification", "lifelike")
    for name, words in styles.DESCRIPTIONS:
        assert "`%s`: %s" % (name, words) in row.description
    assert row.allowed == "one of specification, lifelike (any case)"


def test_the_issue_13_keys_are_set_like_the_others(tmpdir):
    loaded = config.load(write(tmpdir, "motionStyle = Lifelike\nbreathing = false\n"
                                       "breathsPerMinute = 8\n"))
    assert (loaded.motion_style, loaded.breathing, loaded.breaths_per_minute) == \
        ("lifelike", False, 8.0)
    assert "motionStyle = lifelike" in loaded.describe()
    assert config.from_mapping({"breathsPerMinute": "20"}).breaths_per_minute == 20.0


def test_presets_may_set_the_motion_style_and_breathing(tmpdir):
    # They are motion keys: a preset may choose the style as well as scale it.
    loaded = config.load(write(tmpdir, "[presets]\n[[sleepy]]\nmotionStyle = LIFELIKE\n"
                                       "breathing = true\nbreathsPerMinute = 10\n"
                                       "selectedRange = 0.2\n"))
    assert list(loaded.presets["sleepy"].items()) == [
        ("selectedRange", 0.2), ("motionStyle", "lifelike"), ("breathing", True),
        ("breathsPerMinute", 10.0)]
    sleepy = loaded.with_values(loaded.presets["sleepy"], "sleepy")
    assert (sleepy.motion_style, sleepy.breathing, sleepy.breaths_per_minute,
            sleepy.selected_range) == ("lifelike", True, 10.0, 0.2)
    assert loaded.motion_style == "specification"  # the file's own value is untouched
    for key in ("motionStyle", "breathing", "breathsPerMinute"):
        assert config.ROWS[key].preset_settable, key
        assert key in config.ROWS[config.PRESETS_SECTION].allowed


@pytest.mark.parametrize("text, expected", [
    ("motionStyle = natural", "presets.p.motionStyle = natural is not allowed: one of "
                              "specification, lifelike (any case)"),
    ("breathsPerMinute = 30", "presets.p.breathsPerMinute = 30 is not allowed: a number of "
                              "breaths per minute in [8, 20]"),
    ("breathing = sometimes", "presets.p.breathing = sometimes is not allowed: true or false"),
])
def test_a_preset_with_a_bad_style_key_is_refused_like_the_file(tmpdir, text, expected):
    with pytest.raises(config.ConfigurationError) as raised:
        config.load(write(tmpdir, "[presets]\n[[p]]\n%s\n" % text))
    assert expected in str(raised.value)


def test_the_table_has_one_complete_row_per_key():
    attributes = [row.attribute for row in config.TABLE]
    assert len(set(attributes)) == len(attributes) == len(config.KEYS) == len(set(config.KEYS))
    loaded = config.from_mapping({})
    for row in config.TABLE:
        assert row.description and row.allowed, row.name
        assert getattr(loaded, row.attribute) == row.default, row.name
        if isinstance(row.kind, kinds.Number):  # and WholeNumber, NumberList
            assert row.kind.bounds and row.kind.why and row.kind.why in row.allowed, row.name
            assert ";" not in row.allowed, "problems are joined with '; ': %s" % row.name


def test_the_configuration_page_key_table_is_the_generated_one():
    page = read_text(update_config_table.PAGE)
    assert update_config_table.splice(page) == page, \
        "docs/configuration.md's key table is stale: run scripts/update_config_table.py"
    for row in config.TABLE:
        assert "| `%s`" % row.name in page or "| `[%s]`" % row.name in page


def test_the_minimum_velocity_fraction_keeps_its_stated_reason():
    # maxVelocityFraction's words say: below 0.05, going home from the far end of
    # HipPitch's range takes over 21 s (the host waits 30 s for a stop).
    low = config.ROWS["maxVelocityFraction"].kind.bounds[0]
    home_from_far_end = dict(
        (name, trajectory.PEAK_TO_MEAN_SPEED * (limit.maximum - limit.minimum)
         / (low * limit.max_velocity))
        for name, limit in joints.URDF_LIMITS.items() if name in joints.ANIMATED_JOINTS)
    slowest = max(home_from_far_end, key=home_from_far_end.get)
    assert slowest == "HipPitch"
    assert 21.0 < home_from_far_end[slowest] < 22.0


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


def test_the_lifelike_knees_bend_further_than_the_file_says_never_beyond_the_limit():
    legs = {"legMaximumRange": ["0.1", "0.1", "0.08"]}
    specification = config.from_mapping(legs)
    lifelike = config.from_mapping(dict(legs, motionStyle="lifelike"))
    for joint, configured in zip(joints.LEG_JOINTS, (0.1, 0.1, 0.08)):
        assert specification.maximum_range(joint) == configured  # the file's, as it is
    # People bend their knees more than Pepper did (issue 32); the hips keep the file's.
    assert lifelike.maximum_range("HipPitch") == 0.1 and lifelike.maximum_range("HipRoll") == 0.1
    assert lifelike.maximum_range("KneePitch") == pytest.approx(0.12)
    widest = config.from_mapping({"legMaximumRange": ["0.15"] * 3, "motionStyle": "lifelike"})
    assert widest.maximum_range("KneePitch") == config.MAX_LEG_RANGE


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
    ("gestureDuration = 0", "gestureDuration = 0.0 is not allowed: a number of seconds in [0.01, 60] (below 10 ms"),
    ("gestureDuration = fast", "gestureDuration = fast is not allowed: a number of seconds in [0.01, 60]"),
    ("numPoints = 0", "numPoints = 0 is not allowed: a whole number in [1, 10000] (a trajectory is planned at once"),
    ("numPoints = 10\nlegRepeatFactor = 11", "legRepeatFactor = 11 is not allowed: a whole number in [1, numPoints]"),
    ("numPoints = 10\nlegRepeatFactor = 0", "legRepeatFactor = 0 is not allowed: a whole number in [1, numPoints]"),
    ("numPoints = 10\nlegRepeatFactor = 4\nnumPointsLeg = -1", "numPointsLeg = -1 is not allowed: a whole number in [0, numPoints // legRepeatFactor] (the leg chunk size)"),
    ("numPoints = 10\nlegRepeatFactor = 4\nnumPointsLeg = 3", "numPointsLeg = 3 is not allowed"),
    ("platform = gazebo", "platform = gazebo is not allowed: one of robot, simulator"),
    ("motionStyle = natural", "motionStyle = natural is not allowed: one of specification, lifelike (any case)"),
    ("motionStyle = ", "motionStyle = '' is not allowed: one of specification, lifelike"),
    ("breathing = maybe", "breathing = maybe is not allowed: true or false"),
    ("breathsPerMinute = 7.9", "breathsPerMinute = 7.9 is not allowed: a number of breaths per minute in [8, 20] (people at rest breathe about 12-20 times a minute and NAOqi's own breathing defaults to 12, below 8 a breath no longer reads as breathing, above 20 it reads as panting)"),
    ("breathsPerMinute = 20.5", "breathsPerMinute = 20.5 is not allowed: a number of breaths per minute in [8, 20]"),
    ("breathsPerMinute = fast", "breathsPerMinute = fast is not allowed: a number of breaths per minute in [8, 20]"),
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
    for key in ("platform", "behaviour", "motionStyle", "breathing", "breathsPerMinute",
                "verboseMode", "rotMaximumRange", "selectedRange",
                "armMaximumRange", "handMaximumRange", "legMaximumRange", "gestureDuration",
                "numPoints", "numPointsLeg", "legRepeatFactor", "maxVelocityFraction",
                "maxCallDuration", "yieldQuietTime", "yieldToSpeech", "coolDownTime",
                "robotJoints", "simulatorJoints", "home"):
        assert any(line.startswith(key + " = ") for line in lines), key
    assert "home = Stand posture" in lines
    assert "maxCallDuration = 2.0" in lines and "yieldToSpeech = True" in lines


def test_describe_names_the_home_overrides():
    lines = config.from_mapping({"home": {"LShoulderPitch": "1.2", "HipRoll": "0"}}).describe()
    assert "home = Stand posture but HipRoll 0.0, LShoulderPitch 1.2" in lines


def test_new_keys_are_set_like_the_others(tmpdir):
    loaded = config.load(write(tmpdir, "maxCallDuration = 0.5\nyieldQuietTime = 0\n"
                                       "yieldToSpeech = false\ncoolDownTime = 3600\n"))
    assert (loaded.max_call_duration, loaded.yield_quiet_time, loaded.yield_to_speech,
            loaded.cool_down_time) == (0.5, 0.0, False, 3600.0)


def test_every_problem_is_named_at_once_and_a_long_list_is_cut(tmpdir):
    with pytest.raises(config.ConfigurationError) as raised:
        config.load(write(tmpdir, "numPoints = 0\nplatform = mars\n"))
    assert "platform = mars is not allowed" in str(raised.value)
    assert "numPoints = 0 is not allowed" in str(raised.value)
    text = "[home]\n" + "".join("%s = 9\n" % joint for joint in joints.ANIMATED_JOINTS)
    with pytest.raises(config.ConfigurationError) as raised:
        config.load(write(tmpdir, text))
    message = str(raised.value)
    assert message.count("is not allowed") == config.MAX_PROBLEMS
    assert message.endswith("and %d more problems" % (len(joints.ANIMATED_JOINTS)
                                                       - config.MAX_PROBLEMS))


def test_oversized_files_are_refused_unread(tmpdir):
    path = write(tmpdir, "# padding\n" * 7000)
    with pytest.raises(config.ConfigurationError, match="is larger than 65536 bytes"):
        config.load(path)


def test_values_in_errors_are_escaped_and_cut(tmpdir):
    with pytest.raises(config.ConfigurationError) as raised:
        config.load(write(tmpdir, "behaviour = %s\nplatform = \"a\tb\"\n" % ("x" * 5000)))
    message = str(raised.value)
    assert "behaviour = '%s'... (5000 characters) is not allowed" % ("x" * 80) in message
    assert "platform = 'a\\tb' is not allowed" in message
    assert len(message) < 1000


def test_huge_whole_numbers_are_shown_by_their_size():
    with pytest.raises(config.ConfigurationError) as raised:
        config.from_mapping({"numPoints": 10 ** 5000})
    assert "numPoints = a whole number of about 5001 digits is not allowed" in str(raised.value)
