"""Reading and validating ``animateBehaviourConfiguration.ini``.

Keys, meanings and defaults are the specification's (its Table 5) plus ours; every key is
optional. Each key is one row of :data:`TABLE`, and everything about keys comes from
the rows: the configobj spec, the defaults, the :class:`Configuration` attributes, the
start-up banner (:meth:`Configuration.describe`), the validation and the README's key
table (``scripts/update_readme_config.py``). A bad file raises
:class:`ConfigurationError` whose message names each bad key, its value and what is
allowed: ``<source>: <key> = <value> is not allowed: <allowed>; ...``.

Each row's :class:`Kind` (Choice, Boolean, Number, WholeNumber, NumberList, JointList,
JointAngles, PresetTable, PresetName) parses, checks, shows and describes its values.

Presets override only the motion keys they name (PRESET_SETTABLE_KEYS, the rows whose
``preset_settable`` is true). Three are built in (BUILT_IN_PRESETS, the default of the
PRESETS_SECTION row); the file's ``[presets]`` section, one ``[[name]]`` subsection each,
replaces a built-in of the same name or adds one after them. Each is checked at load on
top of the file's values, its problems named ``presets.<name>.<key>``. The
START_PRESET_KEY row (``preset``) names the preset Pepper starts with.
:meth:`Configuration.with_values` gives the configuration with some values replaced,
checked the same way (presets, owner preferences).
"""
from __future__ import absolute_import, division, print_function

import collections
import math
import os
import re

from animate_behaviour.foundation.compat import INTEGER_TYPES, is_text
from animate_behaviour.planning import joints, styles
from animate_behaviour.serving import log_guard
from animate_behaviour.configuration.third_party import (ConfigObj, ConfigObjError, ValidateError, Validator,
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
PRESET_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,24}$")
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


# The names the preset machinery goes by: the key (and preference) naming the preset
# Pepper starts with, the section holding the table of presets, and the motion keys a
# preset may set (each row knows whether it is one: Key.preset_settable).
START_PRESET_KEY = "preset"
PRESETS_SECTION = "presets"
PRESET_SETTABLE_KEYS = ("rotMaximumRange", "selectedRange", "armMaximumRange",
                        "handMaximumRange", "legMaximumRange", "gestureDuration", "numPoints",
                        "numPointsLeg", "legRepeatFactor", "maxVelocityFraction",
                        "motionStyle", "breathing", "breathsPerMinute", "valence", "arousal")


class Limit(object):
    """A bound that depends on other keys: its words, the keys it needs, and how to
    compute it from their (already checked) values."""

    def __init__(self, words, needs, compute):
        self.words = words
        self.needs = needs
        self.compute = compute


class Kind(object):
    """What one kind of key accepts: how its values are parsed from the file (or a
    preference), checked, shown in the banner and described in error messages. Each row
    of :data:`TABLE` holds one (:attr:`Key.kind`); this base is a plain value that
    configobj's ``check_name`` check parses and that needs nothing more."""

    check_name = None  # the configobj check that parses a value of the kind
    is_section = False  # a [section] of the file rather than a key = value line
    splits_text = False  # a list: text is its items, comma-separated
    needs = ()  # the keys checked before (values holds them when check runs)

    def allowed(self):
        """What is allowed, as error messages quote it (no semicolons: problems are
        joined with "; ")."""
        raise NotImplementedError

    def spec(self, name, default):
        """The key's line of the configobj spec; None for a section configobj never sees."""
        if isinstance(default, tuple):
            default = "list(%s)" % ", ".join(str(item) for item in default)
        else:
            default = str(default) or '""'
        return "%s = %s(default=%s)" % (name, self.check_name, default)

    def parse(self, raw):
        """``raw`` (text as the file or a preference gives it, or an already typed value)
        as a value of the kind; ValidateError if it is none."""
        if isinstance(raw, bool):
            raw = "true" if raw else "false"
        elif isinstance(raw, INTEGER_TYPES + (float,)):
            raw = repr(raw)
        if self.splits_text and is_text(raw):
            raw = [item.strip() for item in raw.split(",")]
        return Validator().check(self.check_name, raw)

    def from_file(self, raw):
        """What :func:`from_configobj` checks, from what the parsed file holds for the key."""
        return raw

    def check(self, key, value, values, prefix):
        """(the value to keep, []) or (None, the problems), for :meth:`Key.check`."""
        return value, []

    def format(self, value):
        """The value as the start-up banner and the README show it."""
        if isinstance(value, tuple):
            return ", ".join(str(item) for item in value)
        return str(value)

    def misplaced(self, key, parsed):
        """The problems configobj cannot report with the file's ``parsed`` entry for
        ``key`` (a section where a value belongs); removes what it reports."""
        if isinstance(parsed[key.name], dict):
            del parsed[key.name]
            return ["%s is a section, not a value: %s" % (key.name, key.allowed)]
        return []


class Choice(Kind):
    """One of a few words, in any case; kept as the table spells it."""

    check_name = "string"

    def __init__(self, choices):
        self.choices = choices

    def allowed(self):
        return "one of %s (any case)" % ", ".join(self.choices)

    def check(self, key, value, values, prefix):
        chosen = value.strip().lower()
        if chosen in self.choices:
            return self.choices[self.choices.index(chosen)], []
        return key.refused(value, prefix)


class Boolean(Kind):
    check_name = "boolean"

    def allowed(self):
        return "true or false"


class Number(Kind):
    """A number in ``[low, high]`` (``high`` possibly a :class:`Limit`), of ``unit``;
    ``why``: the reason for the bounds, quoted in error messages."""

    check_name = "float"
    what = "a number"

    def __init__(self, low, high, why, unit=None):
        self.bounds = (low, high)
        self.why = why
        self.unit = unit
        self.needs = high.needs if isinstance(high, Limit) else ()

    def _described(self):
        """What the value is, before its bounds."""
        return self.what

    def allowed(self):
        what = self._described()
        if self.unit:
            what += " of %s" % self.unit
        low, high = self.bounds
        high = high.words if isinstance(high, Limit) else _number(high)
        return "%s in [%s, %s]%s (%s)" % (what, _number(low), high, self._items(), self.why)

    def _items(self):
        """What the numbers of a list are, after the bounds."""
        return ""

    def inside(self, number, values):
        low, high = self.bounds
        if isinstance(high, Limit):
            high = high.compute(values)
        return _finite(number) and low <= number <= high

    def check(self, key, value, values, prefix):
        if self.inside(value, values):
            return value, []
        return key.refused(value, prefix)


class WholeNumber(Number):
    check_name = "integer"
    what = "a whole number"


class NumberList(Number):
    """One number in the bounds for each of ``items`` (their names, in order)."""

    check_name = "float_list"
    splits_text = True

    def __init__(self, items, low, high, why, unit=None):
        super(NumberList, self).__init__(low, high, why, unit)
        self.items = items

    def _described(self):
        return "%d numbers" % len(self.items)

    def _items(self):
        return " for %s" % ", ".join(self.items)

    def check(self, key, value, values, prefix):
        if len(value) == len(self.items) and all(self.inside(item, values) for item in value):
            return tuple(value), []
        return key.refused(value, prefix)


class JointList(Kind):
    """Animated joints' names, at least one; kept as a tuple."""

    check_name = "string_list"
    splits_text = True

    def allowed(self):
        return "Pepper joint names other than HeadYaw and HeadPitch, at least one"

    def check(self, key, value, values, prefix):
        if value and all(name in joints.ANIMATED_JOINTS for name in value):
            return tuple(joints.ANIMATED_JOINTS[joints.ANIMATED_JOINTS.index(name)]
                         for name in value), []
        return key.refused(value, prefix)


class PresetName(Kind):
    """The name of a preset of the ``[presets]`` section's row, or empty for none."""

    check_name = "string"
    needs = (PRESETS_SECTION,)

    def allowed(self):
        return "empty or the name of a preset (built in or of the [presets] section)"

    def check(self, key, value, values, prefix):
        chosen = value.strip()
        if chosen == "" or chosen in values[PRESETS_SECTION]:
            return chosen, []
        return key.refused(value, prefix)

    def format(self, value):
        return str(value) if value else "none (the file's values)"


class Section(Kind):
    """A [section] of the file rather than a value; ``lines``: what goes under it."""

    is_section = True
    lines = None

    def parse(self, raw):
        raise ValidateError("a section is not a value")

    def misplaced(self, key, parsed):
        if not isinstance(parsed[key.name], dict):
            del parsed[key.name]
            return ["%s is not a section: write [%s] and then %s" % (key.name, key.name,
                                                                     self.lines)]
        return []


class JointAngles(Section):
    """The ``[home]`` section: ``Joint = angle`` lines, each inside the joint's limits."""

    lines = "a Joint = angle (rad) line each"

    def allowed(self):
        return ("Pepper joint names other than HeadYaw and HeadPitch, each = an angle in "
                "rad inside the joint's limits")

    def spec(self, name, default):
        return "[%s]\n__many__ = float" % name

    def from_file(self, raw):
        return dict(raw)

    def check(self, key, value, values, prefix):
        kept, problems = {}, []
        for joint in sorted(value):
            angle = value[joint]
            name = "%s.%s" % (key.name, shown_value(joint))
            if joint not in joints.ANIMATED_JOINTS:
                problems.append(key.refusal(angle, name=name))
                continue
            limit = joints.URDF_LIMITS[str(joint)]
            if not (_finite(angle) and limit.minimum <= angle <= limit.maximum):
                problems.append(key.refusal(angle, name=name, allowed="inside [%g, %g] rad (the "
                                            "joint's limits)" % (limit.minimum, limit.maximum)))
                continue
            kept[str(joint)] = angle
        return (kept, []) if not problems else (None, problems)

    def format(self, value):
        if not value:
            return "Stand posture"
        return "Stand posture but %s" % ", ".join(
            "%s %s" % (joint, value[joint]) for joint in sorted(value))

    def misplaced(self, key, parsed):
        problems = super(JointAngles, self).misplaced(key, parsed)
        if not problems:
            for joint in list(parsed[key.name].sections):
                problems.append("%s.%s is a section, not an angle: %s"
                                % (key.name, shown_value(joint), key.allowed))
                del parsed[key.name][joint]
        return problems


class PresetTable(Section):
    """The ``[presets]`` section: the built-in presets with the file's ``[[name]]``
    subsections over them, each a few of the PRESET_SETTABLE_KEYS checked on top of the
    file's values. configobj never sees it: it is checked preset by preset."""

    lines = "a [[name]] subsection of key = value lines each"
    needs = PRESET_SETTABLE_KEYS

    def allowed(self):
        return ("at most %d presets with the %d built-in ones: [[name]] subsections "
                "(letters, digits, _ and -, at most 24) each setting only %s"
                % (MAX_PRESETS, len(BUILT_IN_PRESETS), ", ".join(PRESET_SETTABLE_KEYS)))

    def spec(self, name, default):
        return None

    def from_file(self, raw):
        presets = collections.OrderedDict(BUILT_IN_PRESETS)  # the file's replace or add
        presets.update(_plain(raw))
        return presets

    def check(self, key, value, values, prefix):
        kept, problems = collections.OrderedDict(), []
        if len(value) > MAX_PRESETS:
            problems.append("%s holds %d presets with the %d built-in ones, more than %d" % (
                key.name, len(value), len(BUILT_IN_PRESETS), MAX_PRESETS))
        for name in list(value)[:MAX_PRESETS]:
            label = "%s.%s" % (key.name, shown_value(name))
            if not PRESET_NAME_PATTERN.match(name):
                problems.append("%s is not a preset name: letters, digits, _ and - only, at "
                                "most 24" % label)
                continue
            if not isinstance(value[name], dict):
                problems.append("%s is a value, not a preset: write [[%s]] under [%s] and "
                                "then a key = value line each" % (label, name, key.name))
                continue
            overrides, found = _parsed_preset(value[name], label + ".")
            checked, refused = _rechecked(values, overrides, label + ".",
                                          _PRESET_SETTABLE_ROWS, value[name])
            problems.extend(found + refused)
            if not found and not refused:
                kept[str(name)] = collections.OrderedDict(
                    (key, checked[key]) for key in PRESET_SETTABLE_KEYS if key in overrides)
        return (kept, []) if not problems else (None, problems)

    def format(self, value):
        return "; ".join("%s: %s" % (name, ", ".join(
            "%s = %s" % (key, ROWS[key].format(item)) for key, item in overrides.items())
            or "the file's values") for name, overrides in value.items())


class Key(object):
    """One row of the configuration table.

    name: the key in the file; attribute: the Configuration attribute holding its value;
    default; kind: a :class:`Kind` (what the key accepts, its bounds and their reason
    included); description: what the key does (README). ``preset_settable``: whether
    presets may set it (PRESET_SETTABLE_KEYS); ``needs``: the keys checked before it;
    ``allowed``: the words error messages quote for what is allowed.
    """

    def __init__(self, name, attribute, default, kind, description):
        self.name = name
        self.attribute = attribute
        self.kind = kind
        self.default = default
        self.description = description
        self.preset_settable = name in PRESET_SETTABLE_KEYS
        self.needs = tuple(kind.needs)
        self.allowed = kind.allowed()

    def spec(self):
        """The row's configobj spec (None for a section configobj never sees)."""
        return self.kind.spec(self.name, self.default)

    def parse(self, raw, name=None):
        """(the value as its kind, None) or (None, the problem) for ``raw``: text as
        the file or a preference gives it (list items comma-separated), or an already
        typed value; the problem names the key ``name`` (by default the row's)."""
        try:
            return self.kind.parse(raw), None
        except ValidateError:
            return None, self.refusal(raw, name=name)

    def check(self, value, values, prefix=""):
        """(the value to keep, []) or (None, the problems, each naming what is allowed);
        ``values`` holds the checked values of the keys the row needs; problems name the
        key ``prefix + name``."""
        return self.kind.check(self, value, values, prefix)

    def refusal(self, value, allowed=None, name=None):
        """The problem: ``<name> = <value> is not allowed: <allowed>``."""
        return "%s = %s is not allowed: %s" % (name or self.name, shown_value(value),
                                               allowed or self.allowed)

    def refused(self, value, prefix=""):
        """What :meth:`check` returns for a value it refuses."""
        return None, [self.refusal(value, name=prefix + self.name)]

    def format(self, value):
        """The value as the start-up banner shows it."""
        return self.kind.format(value)


# Why the bounds are what they are; quoted in error messages (no semicolons: problems
# are joined with "; ").
_FRACTION = "a fraction of each joint's full range, the specification's Table 1"
_STOP_WAIT = ("above 1 a joint would exceed its maximum velocity, below 0.05 going home "
              "from the far end of HipPitch's range takes over 21 s, too near the 30 s "
              "that stopping waits for it")

_MOOD_AXIS = "-1 and 1 are the ends of the mood's axis, 0 its middle: the figures as set"


def _preset(rot_maximum_range, selected_range, gesture_duration, valence, arousal):
    return collections.OrderedDict([("rotMaximumRange", rot_maximum_range),
                                    ("selectedRange", selected_range),
                                    ("gestureDuration", gesture_duration),
                                    ("valence", valence), ("arousal", arousal)])


# Why these values: README, "Presets". In PRESET_SETTABLE_KEYS order, as loading keeps
# a preset. Each is a point of the mood space (valence, arousal) too, with its figures
# at that point: mood.py's arousal rows give these figures from neutral's at arousal
# -0.5 and 0.5, so choosing a preset and setting its mood agree.
BUILT_IN_PRESETS = collections.OrderedDict([
    ("calm", _preset(0.15, 0.3, 1.6, 0.0, -0.5)),  # the specification's "subtle" end, slower
    ("neutral", _preset(0.3, 0.5, 1.0, 0.0, 0.0)),  # the specification's defaults, by name
    ("lively", _preset(0.45, 0.7, 0.7, 0.0, 0.5)),  # the "noticeable" end, faster
])

TABLE = (
    Key("platform", "platform", "robot", Choice(PLATFORMS),
        description="Which joints Pepper has: `robotJoints` or `simulatorJoints`."),
    Key("behaviour", "behaviour", "all", Choice(BEHAVIOURS),
        description="What moves: `body` (arms, hands, hips and knee), `hands`, `rotation` "
                    "(the base) or `all`."),
    Key("motionStyle", "motion_style", styles.SPECIFICATION, Choice(styles.NAMES),
        description="How the motion is planned. %s. Presets scale amplitude and tempo in "
                    "either style." % ". ".join("`%s`: %s" % (name, words)
                                                 for name, words in styles.DESCRIPTIONS)),
    Key("breathing", "breathing", True, Boolean(),
        description="`lifelike` only: a slow, small rise and fall of both ShoulderPitch "
                    "at `breathsPerMinute`, kept through holds and moves; `false`: holds "
                    "send no call at all."),
    Key("breathsPerMinute", "breaths_per_minute", 14.0, Number(
        8.0, 20.0, unit="breaths per minute",
        why="people at rest breathe about 12-20 times a minute and NAOqi's own breathing "
            "defaults to 12, below 8 a breath no longer reads as breathing, above 20 it "
            "reads as panting"),
        description="How fast Pepper breathes in `lifelike` with `breathing`."),
    Key("valence", "valence", 0.0, Number(-1.0, 1.0, why=_MOOD_AXIS),
        description="Mood: how pleasant Pepper feels, -1 (low) .. 1 (high); it moves the "
                    "rest posture: arms higher and more open and hands more open above 0, "
                    "arms closer in and lower, hands more closed and a slight forward slump "
                    "below (README, \"Mood\"). 0 with `arousal` 0: the figures as set."),
    Key("arousal", "arousal", 0.0, Number(-1.0, 1.0, why=_MOOD_AXIS),
        description="Mood: how energetic Pepper feels, -1 (low) .. 1 (high); above 0 larger "
                    "(`selectedRange`), faster and more frequent moves (`gestureDuration`), "
                    "shorter holds, wider turns and faster breathing (`breathsPerMinute`), "
                    "below 0 the reverse (README, \"Mood\")."),
    Key("verboseMode", "verbose", False, Boolean(),
        description="`true`: debug log lines per trajectory and per step aside (why: "
                    "speech, another app's task or move)."),
    Key("rotMaximumRange", "rot_maximum_range", 0.3, Number(
        0.0, MAX_ROTATION_RANGE, why="the specification's limit, more may make Pepper unstable"),
        description="Base rotation: the base turns to headings within +-(0.5 rad x "
                    "rotMaximumRange / 2) of where it started."),
    Key("selectedRange", "selected_range", 0.5, Number(
        0.0, 1.0, why="a fraction of each joint's maximum range, Table 1"),
        description="Scale of every movement but rotation (0.3 subtle .. 0.7 noticeable)."),
    Key("armMaximumRange", "arm_maximum_range", (0.2, 0.2, 0.2, 0.35, 0.2), NumberList(
        joints.ARM_SUFFIXES, 0.0, 1.0, why=_FRACTION),
        description="Maximum range of each arm joint, both arms."),
    Key("handMaximumRange", "hand_maximum_range", 0.7, Number(0.0, 1.0, why=_FRACTION),
        description="Maximum range of LHand and RHand."),
    Key("legMaximumRange", "leg_maximum_range", (0.1, 0.1, 0.08), NumberList(
        joints.LEG_JOINTS, 0.0, MAX_LEG_RANGE, why="the specification's limit for balance"),
        description="Maximum range of each leg joint."),
    Key("gestureDuration", "gesture_duration", 1.0, Number(
        0.01, 60.0, unit="seconds",
        why="below 10 ms a waypoint is shorter than half of ALMotion's 20 ms cycle, "
            "above a minute a waypoint no longer looks alive"),
        description="Seconds between consecutive waypoints; a waypoint that would ask a "
                    "joint for more than `maxVelocityFraction` of its speed takes longer."),
    Key("numPoints", "num_points", 100, WholeNumber(
        1, 10000,
        why="a trajectory is planned at once while the last one plays, 10000 waypoints "
            "take 1.3 s to plan on a PC's Python 2.7, several times that on Pepper"),
        description="Waypoints per trajectory."),
    Key("numPointsLeg", "num_points_leg", 2, WholeNumber(
        0, Limit("numPoints // legRepeatFactor", ("numPoints", "legRepeatFactor"),
                 lambda values: values["numPoints"] // values["legRepeatFactor"]),
        why="the leg chunk size"),
        description="Random leg waypoints at the start of each leg chunk; the rest of the "
                    "chunk is home."),
    Key("legRepeatFactor", "leg_repeat_factor", 8, WholeNumber(
        1, Limit("numPoints", ("numPoints",), lambda values: values["numPoints"]),
        why="each leg chunk holds at least one waypoint"),
        description="Leg chunks per trajectory: chunk size = numPoints // legRepeatFactor, "
                    "leftover waypoints stay home."),
    Key("maxVelocityFraction", "max_velocity_fraction", 0.2, Number(0.05, 1.0, why=_STOP_WAIT),
        description="No waypoint asks a joint for more than this fraction of its maximum "
                    "velocity; the waypoint's time is stretched instead."),
    Key("maxCallDuration", "max_call_duration", 2.0, Number(
        0.1, 10.0, unit="seconds",
        why="below 0.1 s ALMotion's 20 ms cycle and the call's round trip dominate, above "
            "10 s other apps wait too long behind us"),
        description="No ALMotion call of the package holds joints longer than this."),
    Key("yieldQuietTime", "yield_quiet_time", 1.0, Number(
        0.0, 60.0, unit="seconds",
        why="0 resumes as soon as the joints are free, above a minute Pepper would stand "
            "still long after the other app is done"),
        description="After another app moved a group's joints, the group resumes only once "
                    "they have been free this long."),
    Key("yieldToSpeech", "yield_to_speech", True, Boolean(),
        description="`true`: leave the arms and hands free while Pepper speaks."),
    Key("reactToPeople", "react_to_people", True, Boolean(),
        description="`true`: while a person is engaged (tracked by basic awareness or in "
                    "engagement zone 1) the base makes no turn and the arms move less "
                    "often and less far (README, \"Context\")."),
    Key("reactToListening", "react_to_listening", True, Boolean(),
        description="`true`: while Pepper listens (speech recognition on) the arms and "
                    "hands start no move; breathing goes on (README, \"Context\")."),
    Key("reactToAbsence", "react_to_absence", True, Boolean(),
        description="`true`: after `aloneAfter` minutes with no one seen Pepper settles "
                    "gradually to `aloneArousal` below its mood's arousal, and is back "
                    "within a second of someone appearing (README, \"Context\")."),
    Key("aloneAfter", "alone_after", 5.0, Number(
        1.0, 120.0, unit="minutes",
        why="below a minute a visitor stepping out of view would already count as gone, "
            "above two hours the reaction would hardly ever show"),
        description="Minutes with no one seen before Pepper counts as alone."),
    Key("aloneArousal", "alone_arousal", -0.5, Number(
        -1.0, 0.0, why="an offset on the mood's arousal axis, which spans 2, and alone "
                       "lowers it only"),
        description="What being alone adds to the mood's arousal (the sum kept in [-1, 1]); "
                    "getMood still says the mood set."),
    Key("coolDownTime", "cool_down_time", 60.0, Number(
        0.0, 3600.0, unit="seconds",
        why="0 resumes at the first cool reading, above an hour a group would stay still "
            "for most of a session"),
        description="A hot joint's group resumes once its joints have read temperature "
                    "status 0 this long."),
    Key("robotJoints", "robot_joints", joints.ANIMATED_JOINTS, JointList(),
        description="The joints the robot has."),
    Key("simulatorJoints", "simulator_joints", DEFAULT_SIMULATOR_JOINTS, JointList(),
        description="The joints the simulator has; without LHand/RHand the hands flex "
                    "through ElbowRoll and WristYaw."),
    Key("home", "home_overrides", {}, JointAngles(),
        description="`Joint = angle` lines (rad) overriding Pepper's Stand posture, the "
                    "default home."),
    Key(PRESETS_SECTION, "presets", BUILT_IN_PRESETS, PresetTable(),
        description="Named sets of motion keys; a preset overrides only the keys it names, "
                    "the others keep the file's values. `calm`, `neutral` and `lively` are "
                    "built in; a `[[name]]` subsection of the file replaces the built-in "
                    "of that name or adds a preset after them. Chosen by `preset`, the "
                    "owner's preferences or `setPreset`."),
    Key(START_PRESET_KEY, "preset", "", PresetName(),
        description="The preset Pepper starts with; empty: none, the file's values (the "
                    "owner's `preset` preference comes first)."),
)
ROWS = dict((row.name, row) for row in TABLE)
# The keys in the order of the table (and of the banner).
KEYS = tuple(row.name for row in TABLE)
# configobj's spec: the values' lines, then the sections' (none for [presets]).
_SPEC = "\n".join(spec for spec in (row.spec() for row in sorted(
    TABLE, key=lambda row: row.kind.is_section)) if spec is not None).splitlines()


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
_VALUE_ROWS = [row for row in _CHECKING_ORDER if not row.kind.is_section]
_PRESET_SETTABLE_ROWS = [row for row in _CHECKING_ORDER if row.preset_settable]


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
    """The validated configuration: one attribute per row of :data:`TABLE`, plus ``home``
    (Stand posture with the overrides: where disabling takes Pepper, and the rest posture
    the mood moves) and ``platform_joints``. Angles in rad, durations in s, ranges as
    fractions."""

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
            if written and row.name in written and not row.kind.is_section:
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
        if row is None or not row.preset_settable:
            problems.append("%s%s is not a key it may set (a preset sets only %s)"
                            % (prefix, shown_value(key), ", ".join(PRESET_SETTABLE_KEYS)))
            continue
        value, refused = row.parse(raw[key], name=prefix + row.name)
        if refused:
            problems.append(refused)
        else:
            overrides[row.name] = value
    return overrides, problems


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
    # The sections configobj has no spec for ([presets]) leave before it validates.
    unseen = dict((row.name, parsed.pop(row.name, {})) for row in TABLE if row.spec() is None)
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
        if row.name not in failed:
            raw[row.name] = row.kind.from_file(unseen[row.name] if row.name in unseen
                                               else parsed[row.name])
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
        else:
            problems.extend(row.kind.misplaced(row, parsed))
    return problems
