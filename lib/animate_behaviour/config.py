"""Reading and validating ``animateBehaviourConfiguration.ini``.

Keys, meanings and defaults are the specification's (its Table 5) plus ours; every key is
optional. Each key is one row of :data:`TABLE`, and everything about keys comes from
the rows: the configobj spec, the defaults, the :class:`Configuration` attributes, the
start-up banner (:meth:`Configuration.describe`), the validation and the README's key
table (``scripts/update_readme_config.py``). A bad file raises
:class:`ConfigurationError` whose message names each bad key, its value and what is
allowed: ``<source>: <key> = <value> is not allowed: <allowed>; ...``.

Presets override only the motion keys they name (the rows whose ``preset`` is true). Three
are built in (BUILT_IN_PRESETS, the ``presets`` row's default); the file's ``[presets]``
section, one ``[[name]]`` subsection each, replaces a built-in of the same name or adds
one after them. Each is checked at load on top of the file's values, its problems named
``presets.<name>.<key>``.
:meth:`Configuration.with_values` gives the configuration with some values replaced,
checked the same way (presets, owner preferences).
"""
from __future__ import absolute_import, division, print_function

import collections
import math
import os
import re

from animate_behaviour import joints, log_guard, styles
from animate_behaviour.compat import INTEGER_TYPES, is_text
from animate_behaviour.third_party import (ConfigObj, ConfigObjError, ValidateError, Validator,
                                           flatten_errors)

CONFIG_FILE_NAME = "animateBehaviourConfiguration.ini"
BEHAVIOURS = ("body", "hands", "rotation", "all")
PLATFORMS = ("robot", "simulator")
# The specification's stability limits.
MAX_LEG_RANGE = 0.15
MAX_ROTATION_RANGE = 0.5
# The seed's simulator has no hand actuators.
DEFAULT_SIMULATOR_JOINTS = tuple(j for j in joints.ANIMATED_JOINTS if j not in joints.HAND_JOINTS)
# The shipped file is under 4 KB; a larger one is not a configuration file.
MAX_FILE_BYTES = 64 * 1024
# Problems named in one error; the rest are counted.
MAX_PROBLEMS = 12
# Preset names: short words a tablet button and a URL can show as they are.
PRESET_NAME = re.compile(r"^[A-Za-z0-9_-]{1,24}$")
MAX_PRESETS = 12

_PLAIN = re.compile(r"^[!-~]([ -~]{0,78}[!-~])?$")
_LIST_SHOWN = 8


def shown_value(value):
    """A value as error messages quote it: plain short text as it is, anything else
    escaped on one line and cut (log_guard.shown); lists item by item, the first few."""
    if isinstance(value, (list, tuple)):
        items = [shown_value(item) for item in value[:_LIST_SHOWN]]
        if len(value) > _LIST_SHOWN:
            items.append("... (%d items)" % len(value))
        return ", ".join(items) if items else "(an empty list)"
    if is_text(value) and _PLAIN.match(value):
        return str(value)
    if isinstance(value, dict):
        return "a section"
    if isinstance(value, INTEGER_TYPES) and not isinstance(value, bool) and \
            abs(value) >= 10 ** 40:
        # Python 3.9 refuses to print whole numbers of over 4300 digits.
        return "a whole number of about %d digits" % int(abs(value).bit_length() * 0.30103 + 1)
    return log_guard.shown(value)


def _finite(number):
    """Whether a number is neither NaN nor infinite (whole numbers always are; Python 2
    cannot turn a huge one into a float to ask)."""
    return not isinstance(number, float) or not (math.isnan(number) or math.isinf(number))


def _number(value):
    return "%g" % value


# Kinds of value, each named by the configobj check that parses it.
CHOICE = "string"
BOOLEAN = "boolean"
FLOAT = "float"
INTEGER = "integer"
FLOAT_LIST = "float_list"
JOINT_LIST = "string_list"
JOINT_ANGLES = "section"
PRESETS = "presets"  # the [presets] section
PRESET = "preset name"  # the name of one of them, or empty
# Rows that are sections of the file, not values, and what goes under each.
SECTIONS = (JOINT_ANGLES, PRESETS)
_SECTION_LINES = {JOINT_ANGLES: "a Joint = angle (rad) line each",
                  PRESETS: "a [[name]] subsection of key = value lines each"}


class Limit(object):
    """A bound that depends on other keys: its words, the keys it needs, and how to
    compute it from their (already checked) values."""

    def __init__(self, words, needs, compute):
        self.words = words
        self.needs = needs
        self.compute = compute


class Key(object):
    """One row of the configuration table.

    name: the key in the file; attribute: the Configuration attribute holding its value;
    kind: CHOICE, BOOLEAN, FLOAT, INTEGER, FLOAT_LIST, JOINT_LIST or JOINT_ANGLES (the
    ``[home]`` section); default; bounds: (low, high) for numbers and each number of a
    list, high possibly a :class:`Limit`; choices for CHOICE; items: the names of a
    FLOAT_LIST's numbers, in order; unit: of a number ("seconds"); why: the reason for
    the bounds; description: what the key does (README); needs: keys checked before it,
    beyond its bounds' needs. ``preset``: whether presets may set it (the motion keys,
    _PRESET_KEYS).
    ``allowed``, the words quoted in error messages, is made from them.
    """

    def __init__(self, name, attribute, kind, default, description, bounds=None,
                 choices=None, items=None, unit=None, why=None, needs=()):
        self.name = name
        self.attribute = attribute
        self.kind = kind
        self.default = default
        self.description = description
        self.bounds = bounds
        self.choices = choices
        self.items = items
        self.unit = unit
        self.why = why
        self.preset = name in _PRESET_KEYS
        high = bounds[1] if bounds else None
        self.needs = (high.needs if isinstance(high, Limit) else ()) + tuple(needs)
        self.allowed = self._allowed()

    def _allowed(self):
        if self.kind == CHOICE:
            return "one of %s (any case)" % ", ".join(self.choices)
        if self.kind == BOOLEAN:
            return "true or false"
        if self.kind == JOINT_LIST:
            return "Pepper joint names other than HeadYaw and HeadPitch, at least one"
        if self.kind == JOINT_ANGLES:
            return ("Pepper joint names other than HeadYaw and HeadPitch, each = an angle in "
                    "rad inside the joint's limits")
        if self.kind == PRESETS:
            return ("at most %d presets with the %d built-in ones: [[name]] subsections "
                    "(letters, digits, _ and -, at most 24) each setting only %s"
                    % (MAX_PRESETS, len(BUILT_IN_PRESETS), ", ".join(_PRESET_KEYS)))
        if self.kind == PRESET:
            return "empty or the name of a preset (built in or of the [presets] section)"
        what = {FLOAT: "a number", INTEGER: "a whole number",
                FLOAT_LIST: "%d numbers" % len(self.items or ())}[self.kind]
        if self.unit:
            what += " of %s" % self.unit
        low, high = self.bounds
        high = high.words if isinstance(high, Limit) else _number(high)
        text = "%s in [%s, %s]" % (what, _number(low), high)
        if self.items:
            text += " for %s" % ", ".join(self.items)
        return "%s (%s)" % (text, self.why)

    @property
    def check_name(self):
        """The configobj check that parses a value of the row."""
        return CHOICE if self.kind == PRESET else self.kind

    def spec(self):
        """The row's line of the configobj spec (the [presets] section has none: it is
        checked preset by preset)."""
        if self.kind == JOINT_ANGLES:
            return "[%s]\n__many__ = float" % self.name
        if isinstance(self.default, tuple):
            default = "list(%s)" % ", ".join(str(item) for item in self.default)
        else:
            default = str(self.default) or '""'
        return "%s = %s(default=%s)" % (self.name, self.check_name, default)

    def parse(self, raw, name=None):
        """(the value as its kind, None) or (None, the problem) for ``raw``: text as
        the file or a preference gives it (list items comma-separated), or an already
        typed value."""
        if isinstance(raw, bool):
            raw = "true" if raw else "false"
        elif isinstance(raw, INTEGER_TYPES + (float,)):
            raw = repr(raw)
        if self.kind in (FLOAT_LIST, JOINT_LIST) and is_text(raw):
            raw = [item.strip() for item in raw.split(",")]
        try:
            return Validator().check(self.check_name, raw), None
        except ValidateError:
            return None, self.refusal(raw, name=name)

    def check(self, value, values, prefix=""):
        """(the value to keep, []) or (None, the problems, each naming what is allowed);
        ``values`` holds the checked values of the keys the row needs; problems name the
        key ``prefix + name``."""
        if self.kind == CHOICE:
            chosen = value.strip().lower()
            if chosen in self.choices:
                return self.choices[self.choices.index(chosen)], []
        elif self.kind == JOINT_LIST:
            if value and all(name in joints.ANIMATED_JOINTS for name in value):
                return tuple(joints.ANIMATED_JOINTS[joints.ANIMATED_JOINTS.index(name)]
                             for name in value), []
        elif self.kind == JOINT_ANGLES:
            return _check_home(self, value)
        elif self.kind == PRESETS:
            return _check_presets(self, value, values)
        elif self.kind == PRESET:
            chosen = value.strip()
            if chosen == "" or chosen in values[PRESETS_KEY]:
                return chosen, []
        elif self.kind in (FLOAT, INTEGER):
            if self._inside(value, values):
                return value, []
        elif self.kind == FLOAT_LIST:
            if len(value) == len(self.items) and all(self._inside(item, values)
                                                     for item in value):
                return tuple(value), []
        else:
            return value, []
        return None, [self.refusal(value, name=prefix + self.name)]

    def _inside(self, number, values):
        low, high = self.bounds
        if isinstance(high, Limit):
            high = high.compute(values)
        return _finite(number) and low <= number <= high

    def refusal(self, value, allowed=None, name=None):
        return "%s = %s is not allowed: %s" % (name or self.name, shown_value(value),
                                               allowed or self.allowed)

    def format(self, value):
        """The value as the start-up banner shows it."""
        if self.kind == JOINT_ANGLES:
            if not value:
                return "Stand posture"
            return "Stand posture but %s" % ", ".join(
                "%s %s" % (joint, value[joint]) for joint in sorted(value))
        if self.kind == PRESETS:
            return "; ".join("%s: %s" % (name, ", ".join(
                "%s = %s" % (key, ROWS[key].format(item)) for key, item in overrides.items())
                or "the file's values") for name, overrides in value.items())
        if self.kind == PRESET and not value:
            return "none (the file's values)"
        if isinstance(value, tuple):
            return ", ".join(str(item) for item in value)
        return str(value)


# Why the bounds are what they are; quoted in error messages (no semicolons: problems
# are joined with "; ").
_FRACTION = "a fraction of each joint's full range, the specification's Table 1"
_STOP_WAIT = ("above 1 a joint would exceed its maximum velocity, below 0.05 going home "
              "from the far end of HipPitch's range takes over 21 s, too near the 30 s "
              "that stopping waits for it")

PRESETS_KEY = "presets"
# The motion keys presets may set.
_PRESET_KEYS = ("rotMaximumRange", "selectedRange", "armMaximumRange", "handMaximumRange",
                "legMaximumRange", "gestureDuration", "numPoints", "numPointsLeg",
                "legRepeatFactor", "maxVelocityFraction", "motionStyle", "breathing",
                "breathsPerMinute")


def _preset(rot_maximum_range, selected_range, gesture_duration):
    return collections.OrderedDict([("rotMaximumRange", rot_maximum_range),
                                    ("selectedRange", selected_range),
                                    ("gestureDuration", gesture_duration)])


# Why these values: README, "Presets". In _PRESET_KEYS order, as loading keeps a preset.
BUILT_IN_PRESETS = collections.OrderedDict([
    ("calm", _preset(0.15, 0.3, 1.6)),  # the specification's "subtle" end, slower
    ("neutral", _preset(0.3, 0.5, 1.0)),  # the specification's defaults, by name
    ("lively", _preset(0.45, 0.7, 0.7)),  # the "noticeable" end, faster
])

TABLE = (
    Key("platform", "platform", CHOICE, "robot", choices=PLATFORMS,
        description="Which joints Pepper has: `robotJoints` or `simulatorJoints`."),
    Key("behaviour", "behaviour", CHOICE, "all", choices=BEHAVIOURS,
        description="What moves: `body` (arms, hands, hips and knee), `hands`, `rotation` "
                    "(the base) or `all`."),
    Key("motionStyle", "motion_style", CHOICE, styles.SPECIFICATION, choices=styles.NAMES,
        description="How the motion is planned. %s. Presets scale amplitude and tempo in "
                    "either style." % ". ".join("`%s`: %s" % (name, words)
                                                 for name, words in styles.DESCRIPTIONS)),
    Key("breathing", "breathing", BOOLEAN, True,
        description="`lifelike` only: a slow, small rise and fall of both ShoulderPitch "
                    "at `breathsPerMinute`, kept through holds and moves; `false`: holds "
                    "send no call at all."),
    Key("breathsPerMinute", "breaths_per_minute", FLOAT, 14.0, bounds=(8.0, 20.0),
        unit="breaths per minute",
        why="people at rest breathe about 12-20 times a minute and NAOqi's own breathing "
            "defaults to 12, below 8 a breath no longer reads as breathing, above 20 it "
            "reads as panting",
        description="How fast Pepper breathes in `lifelike` with `breathing`."),
    Key("verboseMode", "verbose", BOOLEAN, False,
        description="`true`: debug log lines per trajectory and per step aside (why: "
                    "speech, another app's task or move)."),
    Key("rotMaximumRange", "rot_maximum_range", FLOAT, 0.3, bounds=(0.0, MAX_ROTATION_RANGE),
        why="the specification's limit, more may make Pepper unstable",
        description="Base rotation: the base turns to headings within +-(0.5 rad x "
                    "rotMaximumRange / 2) of where it started."),
    Key("selectedRange", "selected_range", FLOAT, 0.5, bounds=(0.0, 1.0),
        why="a fraction of each joint's maximum range, Table 1",
        description="Scale of every movement but rotation (0.3 subtle .. 0.7 noticeable)."),
    Key("armMaximumRange", "arm_maximum_range", FLOAT_LIST, (0.2, 0.2, 0.2, 0.35, 0.2),
        bounds=(0.0, 1.0), items=joints.ARM_SUFFIXES, why=_FRACTION,
        description="Maximum range of each arm joint, both arms."),
    Key("handMaximumRange", "hand_maximum_range", FLOAT, 0.7, bounds=(0.0, 1.0),
        why=_FRACTION, description="Maximum range of LHand and RHand."),
    Key("legMaximumRange", "leg_maximum_range", FLOAT_LIST, (0.1, 0.1, 0.08),
        bounds=(0.0, MAX_LEG_RANGE), items=joints.LEG_JOINTS,
        why="the specification's limit for balance",
        description="Maximum range of each leg joint."),
    Key("gestureDuration", "gesture_duration", FLOAT, 1.0, bounds=(0.01, 60.0), unit="seconds",
        why="below 10 ms a waypoint is shorter than half of ALMotion's 20 ms cycle, "
            "above a minute a waypoint no longer looks alive",
        description="Seconds between consecutive waypoints; a waypoint that would ask a "
                    "joint for more than `maxVelocityFraction` of its speed takes longer."),
    Key("numPoints", "num_points", INTEGER, 100, bounds=(1, 10000),
        why="a trajectory is planned at once while the last one plays, 10000 waypoints "
            "take 1.3 s to plan on a PC's Python 2.7, several times that on Pepper",
        description="Waypoints per trajectory."),
    Key("numPointsLeg", "num_points_leg", INTEGER, 2,
        bounds=(0, Limit("numPoints // legRepeatFactor", ("numPoints", "legRepeatFactor"),
                         lambda values: values["numPoints"] // values["legRepeatFactor"])),
        why="the leg chunk size",
        description="Random leg waypoints at the start of each leg chunk; the rest of the "
                    "chunk is home."),
    Key("legRepeatFactor", "leg_repeat_factor", INTEGER, 8,
        bounds=(1, Limit("numPoints", ("numPoints",), lambda values: values["numPoints"])),
        why="each leg chunk holds at least one waypoint",
        description="Leg chunks per trajectory: chunk size = numPoints // legRepeatFactor, "
                    "leftover waypoints stay home."),
    Key("maxVelocityFraction", "max_velocity_fraction", FLOAT, 0.2, bounds=(0.05, 1.0),
        why=_STOP_WAIT,
        description="No waypoint asks a joint for more than this fraction of its maximum "
                    "velocity; the waypoint's time is stretched instead."),
    Key("maxCallDuration", "max_call_duration", FLOAT, 2.0, bounds=(0.1, 10.0), unit="seconds",
        why="below 0.1 s ALMotion's 20 ms cycle and the call's round trip dominate, above "
            "10 s other apps wait too long behind us",
        description="No ALMotion call of the package holds joints longer than this."),
    Key("yieldQuietTime", "yield_quiet_time", FLOAT, 1.0, bounds=(0.0, 60.0), unit="seconds",
        why="0 resumes as soon as the joints are free, above a minute Pepper would stand "
            "still long after the other app is done",
        description="After another app moved a group's joints, the group resumes only once "
                    "they have been free this long."),
    Key("yieldToSpeech", "yield_to_speech", BOOLEAN, True,
        description="`true`: leave the arms and hands free while Pepper speaks."),
    Key("coolDownTime", "cool_down_time", FLOAT, 60.0, bounds=(0.0, 3600.0), unit="seconds",
        why="0 resumes at the first cool reading, above an hour a group would stay still "
            "for most of a session",
        description="A hot joint's group resumes once its joints have read temperature "
                    "status 0 this long."),
    Key("robotJoints", "robot_joints", JOINT_LIST, joints.ANIMATED_JOINTS,
        description="The joints the robot has."),
    Key("simulatorJoints", "simulator_joints", JOINT_LIST, DEFAULT_SIMULATOR_JOINTS,
        description="The joints the simulator has; without LHand/RHand the hands flex "
                    "through ElbowRoll and WristYaw."),
    Key("home", "home_overrides", JOINT_ANGLES, {},
        description="`Joint = angle` lines (rad) overriding Pepper's Stand posture, the "
                    "default home."),
    Key(PRESETS_KEY, "presets", PRESETS, BUILT_IN_PRESETS,
        needs=_PRESET_KEYS,
        description="Named sets of motion keys; a preset overrides only the keys it names, "
                    "the others keep the file's values. `calm`, `neutral` and `lively` are "
                    "built in; a `[[name]]` subsection of the file replaces the built-in "
                    "of that name or adds a preset after them. Chosen by `preset`, the "
                    "owner's preferences or `setPreset`."),
    Key("preset", "preset", PRESET, "", needs=[PRESETS_KEY],
        description="The preset Pepper starts with; empty: none, the file's values (the "
                    "owner's `preset` preference comes first)."),
)
ROWS = dict((row.name, row) for row in TABLE)
# The keys in the order of the table (and of the banner).
KEYS = tuple(row.name for row in TABLE)
_SPEC = "\n".join([row.spec() for row in TABLE if row.kind not in SECTIONS]
                  + [row.spec() for row in TABLE if row.kind == JOINT_ANGLES]).splitlines()


def _checking_order(table):
    """The rows with each after the rows its bounds need."""
    order = []

    def visit(row):
        if row not in order:
            for need in row.needs:
                visit(ROWS[need])
            order.append(row)
    for row in table:
        visit(row)
    return order


_CHECKING_ORDER = _checking_order(TABLE)
# The rows holding values (not sections), and the ones presets may set.
_VALUE_ROWS = [row for row in _CHECKING_ORDER if row.kind not in SECTIONS]
_PRESET_ROWS = [row for row in _CHECKING_ORDER if row.preset]


def _plain(section):
    """A configobj section (or a dict) as nested ordered dicts, in the file's order."""
    keys = list(section.scalars) + list(section.sections) if hasattr(section, "scalars") \
        else list(section)
    return collections.OrderedDict(
        (key, _plain(section[key]) if isinstance(section[key], dict) else section[key])
        for key in keys)


class ConfigurationError(ValueError):
    """The configuration file cannot be used; the message says why."""


class Configuration(object):
    """The validated configuration: one attribute per row of :data:`TABLE`, plus
    ``home`` (Stand posture with the overrides) and ``platform_joints``. Angles in rad,
    durations in s, ranges as fractions."""

    def __init__(self, values, source):
        self.source = source
        for row in TABLE:
            setattr(self, row.attribute, values[row.name])
        self.platform_joints = values["%sJoints" % self.platform]
        self.home = dict(joints.STAND_POSTURE)
        self.home.update(self.home_overrides)

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
        return ["%s = %s" % (row.name, row.format(getattr(self, row.attribute)))
                for row in TABLE]

    def values(self):
        """{key: value} for every row of the table."""
        return dict((row.name, getattr(self, row.attribute)) for row in TABLE)

    def with_values(self, overrides, source, written=None):
        """This configuration with ``overrides`` ({key: value of its kind}, see
        Key.parse) in place of the file's values, checked like the file (bounds that
        depend on other keys included); ConfigurationError("<source>: <problems>") if
        they do not fit, quoting the values as ``written`` ({key: text}) if given."""
        values = self.values()
        checked, problems = _rechecked(values, overrides, "", _VALUE_ROWS, written)
        if problems:
            raise ConfigurationError("%s: %s" % (source, "; ".join(problems)))
        values.update(checked)
        return Configuration(values, source)


def _rechecked(values, overrides, prefix, rows, written=None):
    """Check ``rows`` (in checking order) on ``values`` with ``overrides`` in place:
    ({key: checked value}, problems named ``prefix + key``, quoting the value as
    ``written`` ({key: text}) where it gives one). A row with no value, or needing one
    that has none or was refused, is left unchecked."""
    merged = dict(values)
    merged.update(overrides)
    checked, problems = {}, []
    for row in rows:
        if row.name not in merged or any(need not in merged for need in row.needs):
            continue
        value, refused = row.check(merged[row.name], merged, prefix)
        if refused:
            if written and row.name in written and row.kind not in SECTIONS:
                refused = [row.refusal(written[row.name], name=prefix + row.name)]
            problems.extend(refused)
            del merged[row.name]  # the rows that need it are not checked against it
        else:
            checked[row.name] = merged[row.name] = value
    return checked, problems


def _parsed_preset(raw, prefix):
    """Parse a preset's {key: text} into {key: value of its kind}; returns (overrides,
    problems named ``prefix + key``: keys a preset may not set, values of the wrong kind)."""
    overrides, problems = {}, []
    for key in raw:
        row = ROWS.get(key)
        if row is None or not row.preset:
            problems.append("%s%s is not a key it may set (a preset sets only %s)"
                            % (prefix, shown_value(key), ", ".join(_PRESET_KEYS)))
            continue
        value, refused = row.parse(raw[key], name=prefix + row.name)
        if refused:
            problems.append(refused)
        else:
            overrides[row.name] = value
    return overrides, problems


def _check_presets(row, section, values):
    """The presets (the built-in ones with the file's [presets] section over them): each
    [[name]] parsed and checked on top of ``values``."""
    kept, problems = collections.OrderedDict(), []
    if len(section) > MAX_PRESETS:
        problems.append("%s holds %d presets with the %d built-in ones, more than %d" % (
            row.name, len(section), len(BUILT_IN_PRESETS), MAX_PRESETS))
    for name in list(section)[:MAX_PRESETS]:
        label = "%s.%s" % (row.name, shown_value(name))
        if not PRESET_NAME.match(name):
            problems.append("%s is not a preset name: letters, digits, _ and - only, at most "
                            "24" % label)
            continue
        if not isinstance(section[name], dict):
            problems.append("%s is a value, not a preset: write [[%s]] under [%s] and then "
                            "a key = value line each" % (label, name, row.name))
            continue
        overrides, found = _parsed_preset(section[name], label + ".")
        checked, refused = _rechecked(values, overrides, label + ".", _PRESET_ROWS,
                                      section[name])
        problems.extend(found + refused)
        if not found and not refused:
            kept[str(name)] = collections.OrderedDict(
                (key, checked[key]) for key in _PRESET_KEYS if key in overrides)
    return (kept, []) if not problems else (None, problems)


def _check_home(row, overrides):
    kept, problems = {}, []
    for joint in sorted(overrides):
        angle = overrides[joint]
        name = "%s.%s" % (row.name, shown_value(joint))
        if joint not in joints.ANIMATED_JOINTS:
            problems.append(row.refusal(angle, name=name))
            continue
        limit = joints.URDF_LIMITS[str(joint)]
        if not (_finite(angle) and limit.minimum <= angle <= limit.maximum):
            problems.append(row.refusal(angle, name=name, allowed="inside [%g, %g] rad (the "
                                        "joint's limits)" % (limit.minimum, limit.maximum)))
            continue
        kept[str(joint)] = angle
    return (kept, []) if not problems else (None, problems)


def load(path):
    """Read and validate the file at ``path``; raise ConfigurationError if it is unusable."""
    if not os.path.isfile(path):
        raise ConfigurationError("configuration file %s does not exist" % path)
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except (IOError, OSError) as err:
        raise ConfigurationError("configuration file %s cannot be read: %s" % (path, err))
    if len(data) > MAX_FILE_BYTES:
        raise ConfigurationError("configuration file %s is larger than %d bytes; a "
                                 "configuration file is a few KB" % (path, MAX_FILE_BYTES))
    lines = _decoded_lines(data, path)
    try:
        parsed = ConfigObj(lines, configspec=_SPEC, raise_errors=True, list_values=True,
                           interpolation=False)
    except ConfigObjError as err:
        raise ConfigurationError("configuration file %s cannot be parsed: %s" % (path, err))
    return from_configobj(parsed, path)


def _decoded_lines(data, path):
    """The file's lines as text: UTF-8, with or without a byte order mark."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = []
    for number, line in enumerate(data.splitlines(), 1):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError as err:
            raise ConfigurationError(
                "configuration file %s cannot be parsed: line %d is not UTF-8 text (byte %s "
                "at column %d); save it as UTF-8" % (path, number, shown_value(
                    line[err.start:err.start + 1]), err.start + 1))
    return lines


def from_mapping(values, source="<defaults>"):
    """Validate a dict of raw (string or typed) values, as written in the file."""
    parsed = ConfigObj(configspec=_SPEC, interpolation=False)
    parsed.update(values)
    return from_configobj(parsed, source)


def from_configobj(parsed, source):
    """Validate a parsed ConfigObj; return the Configuration or raise ConfigurationError."""
    problems = _misplaced(parsed)
    presets = collections.OrderedDict(BUILT_IN_PRESETS)  # the file's replace or add to them
    presets.update(_plain(parsed.pop(PRESETS_KEY, {})))
    result = parsed.validate(Validator(), preserve_errors=True)
    failed = set()
    if result is not True:
        for sections, key, _error in flatten_errors(parsed, result):
            name = sections[0] if sections else key
            failed.add(name)
            if sections:
                problems.append(ROWS[name].refusal(parsed[name].get(key), name="%s.%s" % (
                    name, shown_value(key))))
            else:
                problems.append(ROWS[name].refusal(parsed.get(name)))
    raw = {}
    for row in TABLE:
        if row.name in failed:
            continue
        if row.kind == PRESETS:
            raw[row.name] = presets
        elif row.kind == JOINT_ANGLES:
            raw[row.name] = dict(parsed[row.name])
        else:
            raw[row.name] = parsed[row.name]
    values, refused = _rechecked({}, raw, "", _CHECKING_ORDER)
    problems.extend(refused)
    if problems:
        if len(problems) > MAX_PROBLEMS:
            problems[MAX_PROBLEMS:] = ["and %d more problems" % (len(problems) - MAX_PROBLEMS)]
        raise ConfigurationError("%s: %s" % (source, "; ".join(problems)))
    return Configuration(values, source)


def _misplaced(parsed):
    """Unknown keys, and sections where values belong or the reverse: reported and
    removed before configobj validates (it cannot validate them)."""
    problems = []
    unknown = [key for key in parsed if key not in ROWS]
    if unknown:
        problems.append("unknown key%s %s (allowed keys: %s)" % (
            "s" if len(unknown) > 1 else "", shown_value(unknown), ", ".join(KEYS)))
    for key in list(parsed):
        row = ROWS.get(key)
        if row is None:
            del parsed[key]
        elif row.kind in SECTIONS and not isinstance(parsed[key], dict):
            problems.append("%s is not a section: write [%s] and then %s"
                            % (key, key, _SECTION_LINES[row.kind]))
            del parsed[key]
        elif row.kind not in SECTIONS and isinstance(parsed[key], dict):
            problems.append("%s is a section, not a value: %s" % (key, row.allowed))
            del parsed[key]
        elif row.kind == JOINT_ANGLES:
            for joint in list(parsed[key].sections):
                problems.append("%s.%s is a section, not an angle: %s"
                                % (key, shown_value(joint), row.allowed))
                del parsed[key][joint]
    return problems
