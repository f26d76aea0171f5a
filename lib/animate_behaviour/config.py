"""Reading and validating ``animateBehaviourConfiguration.ini``.

Keys, meanings and defaults are the specification's (its Table 5); every key is
optional. A bad file raises :class:`ConfigurationError` whose message names each bad
key, its value and what is allowed.
"""
from __future__ import absolute_import, division, print_function

import os

from animate_behaviour import joints
from animate_behaviour.third_party import ConfigObj, ConfigObjError, Validator, flatten_errors

CONFIG_FILE_NAME = "animateBehaviourConfiguration.ini"
BEHAVIOURS = ("body", "hands", "rotation", "all")
PLATFORMS = ("robot", "simulator")
# The specification's stability limits.
MAX_LEG_RANGE = 0.15
MAX_ROTATION_RANGE = 0.5
# The seed's simulator has no hand actuators.
DEFAULT_SIMULATOR_JOINTS = tuple(j for j in joints.ANIMATED_JOINTS if j not in joints.HAND_JOINTS)


def _spec_list(values):
    return "list(%s)" % ", ".join(str(value) for value in values)


_SPEC = """
platform = string(default=robot)
behaviour = string(default=all)
verboseMode = boolean(default=False)
rotMaximumRange = float(default=0.3)
selectedRange = float(default=0.5)
armMaximumRange = float_list(default=list(0.2, 0.2, 0.2, 0.35, 0.2))
handMaximumRange = float(default=0.7)
legMaximumRange = float_list(default=list(0.1, 0.1, 0.08))
gestureDuration = float(default=1.0)
numPoints = integer(default=100)
numPointsLeg = integer(default=2)
legRepeatFactor = integer(default=8)
maxVelocityFraction = float(default=0.2)
robotJoints = string_list(default=%s)
simulatorJoints = string_list(default=%s)
[home]
__many__ = float
""" % (_spec_list(joints.ANIMATED_JOINTS), _spec_list(DEFAULT_SIMULATOR_JOINTS))

# The top-level keys, in the order of the specification's Table 5 (and of the banner).
KEYS = [line.split("=")[0].strip() for line in _SPEC.splitlines()
        if "=" in line and not line.startswith("__")]

# What each key allows, quoted in error messages.
ALLOWED = {
    "platform": "one of robot, simulator",
    "behaviour": "one of body, hands, rotation, all (any case)",
    "verboseMode": "true or false",
    "rotMaximumRange": "a number in [0, %s]" % MAX_ROTATION_RANGE,
    "selectedRange": "a number in [0, 1]",
    "armMaximumRange": "5 numbers in [0, 1] (ShoulderPitch, ShoulderRoll, ElbowRoll, ElbowYaw, WristYaw)",
    "handMaximumRange": "a number in [0, 1]",
    "legMaximumRange": "3 numbers in [0, %s] (HipPitch, HipRoll, KneePitch)" % MAX_LEG_RANGE,
    "gestureDuration": "a number of seconds > 0",
    "numPoints": "a whole number >= 1",
    "numPointsLeg": "a whole number from 0 to numPoints // legRepeatFactor (the leg chunk size)",
    "legRepeatFactor": "a whole number from 1 to numPoints",
    "maxVelocityFraction": "a fraction of each joint's maximum velocity in (0, 1]",
    "robotJoints": "Pepper joint names other than HeadYaw and HeadPitch",
    "simulatorJoints": "Pepper joint names other than HeadYaw and HeadPitch",
    "home": "Pepper joint names (not the head) mapped to angles in rad inside the joint's limits",
}


class ConfigurationError(ValueError):
    """The configuration file cannot be used; the message says why."""


class Configuration(object):
    """The validated configuration. Angles in rad, durations in s, ranges as fractions."""

    def __init__(self, values, source):
        self.source = source
        self.platform = values["platform"]
        self.behaviour = values["behaviour"]
        self.verbose = values["verboseMode"]
        self.rot_maximum_range = values["rotMaximumRange"]
        self.selected_range = values["selectedRange"]
        self.arm_maximum_range = tuple(values["armMaximumRange"])
        self.hand_maximum_range = values["handMaximumRange"]
        self.leg_maximum_range = tuple(values["legMaximumRange"])
        self.gesture_duration = values["gestureDuration"]
        self.num_points = values["numPoints"]
        self.num_points_leg = values["numPointsLeg"]
        self.leg_repeat_factor = values["legRepeatFactor"]
        self.max_velocity_fraction = values["maxVelocityFraction"]
        self.platform_joints = tuple(values["%sJoints" % self.platform])
        self.home = dict(joints.STAND_POSTURE)
        self.home.update(values["home"])
        self._items = [(key, values[key]) for key in KEYS]
        self._items.append(("home overrides", dict(values["home"])))

    @property
    def leg_chunk_size(self):
        """Waypoints per leg chunk: numPoints // legRepeatFactor (the seed's 100 // 8 = 12)."""
        return self.num_points // self.leg_repeat_factor

    def maximum_range(self, joint):
        """The joint's maximum range fraction (MaxRangePercentage of the seed's Table 1)."""
        if joint in joints.HAND_JOINTS:
            return self.hand_maximum_range
        if joint in joints.LEG_JOINTS:
            return self.leg_maximum_range[joints.LEG_JOINTS.index(joint)]
        return self.arm_maximum_range[joints.ARM_SUFFIXES.index(joints.arm_suffix(joint))]

    def describe(self):
        """One line per key with its effective value, for the start-up banner."""
        return ["%s = %s" % (key, _format(value)) for key, value in self._items]


def _format(value):
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return str(value)


def load(path):
    """Read and validate the file at ``path``; raise ConfigurationError if it is unusable."""
    if not os.path.isfile(path):
        raise ConfigurationError("configuration file %s does not exist" % path)
    try:
        parsed = ConfigObj(path, configspec=_SPEC.splitlines(), file_error=True,
                           raise_errors=True, list_values=True)
    except (ConfigObjError, IOError, OSError) as err:
        raise ConfigurationError("configuration file %s cannot be parsed: %s" % (path, err))
    return from_configobj(parsed, path)


def from_mapping(values, source="<defaults>"):
    """Validate a dict of raw (string or typed) values, as written in the file."""
    parsed = ConfigObj(configspec=_SPEC.splitlines())
    parsed.update(values)
    return from_configobj(parsed, source)


def from_configobj(parsed, source):
    problems = []
    known = set(KEYS) | set(["home"])
    for key in parsed.keys():
        if key not in known:
            problems.append("unknown key %s (allowed keys: %s)" % (key, ", ".join(sorted(known))))
    result = parsed.validate(Validator(), preserve_errors=True)
    if result is not True:
        for sections, key, _error in flatten_errors(parsed, result):
            name = key if not sections else sections[0]
            raw = parsed.get(name) if not sections else parsed[sections[0]].get(key)
            shown = key if not sections else "%s.%s" % (sections[0], key)
            problems.append("%s = %s is not allowed: %s" % (shown, _format(raw), ALLOWED[name]))
    if not problems:
        values = dict(parsed)
        values["home"] = dict(parsed.get("home", {}))
        problems = _check_values(values)
    if problems:
        raise ConfigurationError("%s: %s" % (source, "; ".join(problems)))
    return Configuration(values, source)


def _check_values(values):
    """Range and consistency checks configobj's spec cannot express. Normalises case."""
    problems = []

    def refuse(key, value):
        problems.append("%s = %s is not allowed: %s" % (key, _format(value), ALLOWED[key]))

    for key in ("platform", "behaviour"):
        values[key] = values[key].strip().lower()
    if values["platform"] not in PLATFORMS:
        refuse("platform", values["platform"])
    if values["behaviour"] not in BEHAVIOURS:
        refuse("behaviour", values["behaviour"])
    for key, high in (("selectedRange", 1.0), ("handMaximumRange", 1.0),
                      ("rotMaximumRange", MAX_ROTATION_RANGE)):
        if not 0.0 <= values[key] <= high:
            refuse(key, values[key])
    for key, count, high in (("armMaximumRange", 5, 1.0), ("legMaximumRange", 3, MAX_LEG_RANGE)):
        items = values[key]
        if len(items) != count or not all(0.0 <= item <= high for item in items):
            refuse(key, items)
    if not values["gestureDuration"] > 0.0:
        refuse("gestureDuration", values["gestureDuration"])
    if not 0.0 < values["maxVelocityFraction"] <= 1.0:
        refuse("maxVelocityFraction", values["maxVelocityFraction"])
    if values["numPoints"] < 1:
        refuse("numPoints", values["numPoints"])
    elif not 1 <= values["legRepeatFactor"] <= values["numPoints"]:
        refuse("legRepeatFactor", values["legRepeatFactor"])
    elif not 0 <= values["numPointsLeg"] <= values["numPoints"] // values["legRepeatFactor"]:
        refuse("numPointsLeg", values["numPointsLeg"])
    for key in ("robotJoints", "simulatorJoints"):
        bad = [name for name in values[key] if name not in joints.ANIMATED_JOINTS]
        if bad or not values[key]:
            refuse(key, values[key])
    for joint, angle in sorted(values["home"].items()):
        limit = joints.URDF_LIMITS.get(joint)
        if joint not in joints.ANIMATED_JOINTS or not limit.minimum <= angle <= limit.maximum:
            allowed = ("inside [%g, %g] rad" % (limit.minimum, limit.maximum)
                       if joint in joints.ANIMATED_JOINTS else ALLOWED["home"])
            problems.append("home.%s = %s is not allowed: %s" % (joint, angle, allowed))
    return problems
