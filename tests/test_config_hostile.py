# -*- coding: utf-8 -*-
"""Random and hostile configuration files (both lanes, deterministic).

config.load either returns a Configuration whose every number is finite and inside
its bounds, or raises ConfigurationError; nothing else may escape.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import math
import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from animate_behaviour import configuration as config
from animate_behaviour.configuration import kinds
from animate_behaviour.planning import joints, styles

# The sane bounds every loaded configuration must keep, stated here apart from the
# table so that the table cannot loosen them unnoticed (issue 7).
SCALAR_BOUNDS = {
    "rot_maximum_range": (0.0, 0.5),
    "selected_range": (0.0, 1.0),
    "hand_maximum_range": (0.0, 1.0),
    "gesture_duration": (0.01, 60.0),
    "num_points": (1, 10000),
    "max_velocity_fraction": (0.05, 1.0),
    "max_call_duration": (0.1, 10.0),
    "yield_quiet_time": (0.0, 60.0),
    "cool_down_time": (0.0, 3600.0),
    "breaths_per_minute": (8.0, 20.0),
    "valence": (-1.0, 1.0),
    "arousal": (-1.0, 1.0),
    "alone_after": (1.0, 120.0),
    "alone_arousal": (-1.0, 0.0),
    "battery_low_arousal": (-1.0, 0.0),
    "follow_person_mood": (0.0, 1.0),
}
LIST_BOUNDS = {"arm_maximum_range": (5, 0.0, 1.0), "leg_maximum_range": (3, 0.0, 0.15)}

HOSTILE_NUMBERS = [
    "nan", "NaN", "-nan", "inf", "-inf", "+inf", "Infinity", "1e308", "-1e308", "1e-320",
    "-1e-320", "1e400", "0", "-0", "-0.0", "0.0", "1", "2", "100000000", "9" * 30,
    "-" + "9" * 30, "9" * 5000, "0x10", "1_000", "1.5", "1e3", "", " ", "''", '""', ",",
    "0.1, 0.1", "0.1, 0.1, 0.1", "0.2, 0.2, 0.2, 0.35, 0.2", "0.1, nan, 0.1",
    "0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1", "inf, inf, inf", "true", "no", "Hands", "ROBOT",
    "HeadYaw, LHand", "LHand, LHand", "%(x)s", "$x", "'unbalanced", "'''multi",
    "\u00e9t\u00e9", "\u202eevil", "\U0001f600", "\x00", "a\tb",
]
KEY_NAMES = list(config.KEYS) + ["home", "numpoints", "", "__many__", "\u00e9"]
JOINT_NAMES = list(joints.ALL_JOINTS) + ["Nope", "__many__"]

values = st.one_of(
    st.sampled_from(HOSTILE_NUMBERS),
    st.floats().map(repr),
    st.integers().map(str),
    st.lists(st.sampled_from(HOSTILE_NUMBERS[:24]), max_size=7).map(", ".join),
    st.text(max_size=20),
)
one_line_values = values.filter(lambda text: "\n" not in text and "\r" not in text)


def near(low, high, whole=False):
    """Values inside [low, high] mostly, its ends and just outside them too."""
    margin = (high - low) * 0.05 + (1 if whole else 0.01)
    if whole:
        return st.integers(min_value=int(low - margin), max_value=int(high + margin)).map(str)
    inside = st.integers(min_value=0, max_value=1000).map(
        lambda step: repr(low + (high - low) * step / 1000.0))
    return st.one_of(inside, inside, inside, st.sampled_from([repr(float(low)),
                                                              repr(float(high))]),
                     st.floats(min_value=low - margin, max_value=high + margin).map(repr))


def near_list(count, low, high):
    return st.lists(near(low, high), min_size=count - 1, max_size=count + 1).map(", ".join)


PLAUSIBLE = {
    "platform": st.sampled_from(["robot", "Simulator", " ROBOT ", "gazebo"]),
    "behaviour": st.sampled_from(["all", "HANDS", "body", "rotation", "dance"]),
    "motionStyle": st.sampled_from(["specification", "Lifelike", " LIFELIKE ", "natural"]),
    "breathing": st.sampled_from(["true", "false", "on", "maybe"]),
    "verboseMode": st.sampled_from(["true", "false", "yes", "maybe"]),
    "yieldToSpeech": st.sampled_from(["true", "false", "off", "2"]),
    "reactToPeople": st.sampled_from(["true", "false", "no", "people"]),
    "reactToListening": st.sampled_from(["true", "false", "on", "2"]),
    "reactToAbsence": st.sampled_from(["true", "false", "off", "alone"]),
    "subscribeExtractors": st.sampled_from(["true", "false", "on", "camera"]),
    "numPointsLeg": near(0, 20, whole=True),
    "legRepeatFactor": near(0, 20, whole=True),
    "robotJoints": st.lists(st.sampled_from(JOINT_NAMES), max_size=5).map(", ".join),
    "simulatorJoints": st.lists(st.sampled_from(JOINT_NAMES), max_size=5).map(", ".join),
    "preset": st.sampled_from(["", "calm", "lively", "nope", "Calm"]),
}
for _name, _row in config.ROWS.items():
    if _row.attribute in SCALAR_BOUNDS:
        _low, _high = SCALAR_BOUNDS[_row.attribute]
        PLAUSIBLE[_name] = near(_low, _high, whole=isinstance(_row.kind, kinds.WholeNumber))
    elif _row.attribute in LIST_BOUNDS:
        PLAUSIBLE[_name] = near_list(*LIST_BOUNDS[_row.attribute])


def value_for(key):
    return st.one_of(*([PLAUSIBLE[key]] * 7 + [one_line_values]))


def key_lines(pairs):
    return ["%s = %s" % pair for pair in pairs]


def settings_of(keys):
    return st.lists(st.sampled_from(keys), unique=True, max_size=6).flatmap(
        lambda chosen: st.tuples(*[st.tuples(st.just(key), value_for(key)) for key in chosen]))


# Files configobj parses: known keys (each once), then perhaps a [home] section and a
# [presets] section of a few presets, each setting a few keys (mostly motion keys).
VALUE_KEYS = [key for key in config.KEYS if not config.ROWS[key].kind.is_section]
settings_lines = settings_of(VALUE_KEYS)
home_lines = st.lists(st.sampled_from(JOINT_NAMES), unique=True, max_size=4).flatmap(
    lambda names: st.tuples(*[st.tuples(st.just(name), st.one_of(
        *([near(-2.1, 2.1)] * 7 + [one_line_values]))) for name in names]))
preset_settings = settings_of([key for key in VALUE_KEYS if config.ROWS[key].preset_settable] * 5
                              + VALUE_KEYS)
presets_lines = st.lists(st.tuples(st.sampled_from(["calm", "lively", "a b", "x" * 30]),
                                   preset_settings), max_size=3, unique_by=lambda p: p[0]).map(
    lambda presets: [line for name, pairs in presets
                     for line in ["[[%s]]" % name] + key_lines(pairs)])
structured = st.tuples(settings_lines, st.none() | home_lines, st.none() | presets_lines).map(
    lambda parts: "\n".join(key_lines(parts[0]) + (
        [] if parts[1] is None else ["[home]"] + key_lines(parts[1])) + (
        [] if parts[2] is None else ["[presets]"] + parts[2])).encode("utf-8"))
lines = st.one_of(
    st.tuples(st.sampled_from(KEY_NAMES), values).map(lambda kv: "%s = %s" % kv),
    st.tuples(st.sampled_from(JOINT_NAMES), values).map(lambda kv: "%s = %s" % kv),
    st.sampled_from(["[home]", "[[home]]", "[home]]", "[gestureDuration]", "[numPoints]",
                     "[platform]", "[x]", "[[x]]", "[home", "# comment", "", "=", "= 1"]),
    st.text(max_size=30),
)
# Anything: random lines, random bytes, and text behind a byte order mark.
chaotic = st.one_of(
    st.lists(lines, max_size=12).map(lambda text: "\n".join(text).encode("utf-8")),
    st.binary(max_size=60),
    st.lists(lines, max_size=6).map(lambda text: ("\ufeff" + "\r\n".join(text)).encode("utf-8")),
)
files = st.one_of(structured, structured, chaotic)


@pytest.fixture(scope="module")
def folder():
    path = tempfile.mkdtemp(prefix="hostile-config-")
    yield path
    shutil.rmtree(path)


def finite(value):
    return not (math.isnan(value) or math.isinf(value))


def check_sane(loaded, presets=True):
    for attribute, (low, high) in SCALAR_BOUNDS.items():
        value = getattr(loaded, attribute)
        assert finite(value) and low <= value <= high, (attribute, value)
    for attribute, (count, low, high) in LIST_BOUNDS.items():
        items = getattr(loaded, attribute)
        assert len(items) == count, (attribute, items)
        assert all(finite(item) and low <= item <= high for item in items), (attribute, items)
    assert 1 <= loaded.leg_repeat_factor <= loaded.num_points
    assert 0 <= loaded.num_points_leg <= loaded.leg_chunk_size
    assert loaded.platform in config.PLATFORMS and loaded.behaviour in config.BEHAVIOURS
    assert loaded.verbose in (True, False) and loaded.yield_to_speech in (True, False)
    assert loaded.motion_style in styles.NAMES and loaded.breathing in (True, False)
    assert loaded.platform_joints and set(loaded.platform_joints) <= set(joints.ANIMATED_JOINTS)
    for joint, angle in loaded.home.items():
        limit = joints.URDF_LIMITS[joint]
        assert finite(angle) and limit.minimum <= angle <= limit.maximum, (joint, angle)
    assert all(isinstance(line, str) for line in loaded.describe())
    assert loaded.preset == "" or loaded.preset in loaded.presets
    if presets:
        for name, overrides in loaded.presets.items():
            assert set(overrides) <= set(config.PRESET_SETTABLE_KEYS)
            check_sane(loaded.with_values(overrides, name), presets=False)


@settings(max_examples=300, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=files)
def test_any_file_loads_sanely_or_raises_configuration_error(folder, data):
    path = os.path.join(folder, config.CONFIG_FILE_NAME)
    with open(path, "wb") as stream:
        stream.write(data)
    try:
        loaded = config.load(path)
    except config.ConfigurationError as err:
        message = str(err)
        assert message and len(message) < 8000
        return
    check_sane(loaded)


@pytest.mark.parametrize("text", [
    "gestureDuration = inf", "gestureDuration = 1e308", "gestureDuration = 1e-320",
    "gestureDuration = nan", "maxVelocityFraction = 1e-320", "numPoints = 100000000",
    "rotMaximumRange = nan", "selectedRange = -inf", "legMaximumRange = 0.1, nan, 0.1",
    "armMaximumRange = inf, 0.2, 0.2, 0.35, 0.2", "[home]\nLHand = nan",
    "maxCallDuration = inf", "yieldQuietTime = 1e308", "coolDownTime = nan",
    "breathsPerMinute = nan", "breathsPerMinute = inf",
])
def test_issue_7_absurd_numbers_are_refused(folder, text):
    path = os.path.join(folder, config.CONFIG_FILE_NAME)
    with open(path, "wb") as stream:
        stream.write(text.encode("utf-8"))
    with pytest.raises(config.ConfigurationError, match="is not allowed"):
        config.load(path)


@pytest.mark.parametrize("data, expected", [
    (b"platform = %(x)s\n", "platform = %(x)s is not allowed"),
    (b"[gestureDuration]\nx = 1\n", "gestureDuration is a section"),
    (b"[home]\n[[LHand]]\nx = 1\n", "home.LHand is a section"),
    (b"home = 3\n", "home is not a section: write [home] and then a Joint = angle (rad) "
                    "line each"),
    (b"presets = calm\n", "presets is not a section: write [presets] and then a [[name]] "
                           "subsection of key = value lines each"),
    (b"\xff\xfe\n", "is not UTF-8 text"),
    (b"platform = robot\nbehaviour = \xe9\n", "line 2 is not UTF-8 text"),
    (b"numPoints = " + b"9" * 5000 + b"\n", "is not allowed: a whole number in [1, 10000]"),
], ids=["interpolation", "value-as-section", "home-subsection", "home-as-value",
        "presets-as-value", "utf-16-bom", "latin-1-byte", "5000-digits"])
def test_what_configobj_raised_is_a_configuration_error(folder, data, expected):
    path = os.path.join(folder, config.CONFIG_FILE_NAME)
    with open(path, "wb") as stream:
        stream.write(data)
    with pytest.raises(config.ConfigurationError) as raised:
        config.load(path)
    assert expected in str(raised.value)
    assert len(str(raised.value)) < 1000
