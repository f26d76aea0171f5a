"""The key table: one row per key of ``animateBehaviourConfiguration.ini`` (its name, the
Configuration attribute, its default, its kind and what it does), and the built-in presets.

Keys, meanings and defaults are the specification's (its Table 5) plus ours; every key is
optional. Everything about keys comes from the rows: the configobj spec, the defaults,
the Configuration attributes, the start-up banner, the validation and the key table of
docs/configuration.md (``scripts/update_config_table.py``). Presets override only the
motion keys they name (PRESET_SETTABLE_KEYS); three are built in (BUILT_IN_PRESETS), and
the START_PRESET_KEY row (``preset``) names the preset Pepper starts with.
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.configuration.checking import checking_order
from animate_behaviour.configuration.kinds import (Boolean, Choice, JointList, Limit, Number,
                                                   NumberList, PresetName, WholeNumber,
                                                   shown_value)
from animate_behaviour.configuration.preset_table import PresetTable
from animate_behaviour.configuration.sections import JointAngles
from animate_behaviour.configuration.third_party import ValidateError
from animate_behaviour.planning import joints, styles

BEHAVIOURS = ("body", "hands", "rotation", "all")
PLATFORMS = ("robot", "simulator")
# The specification's stability limits.
MAX_LEG_RANGE = 0.15
MAX_ROTATION_RANGE = 0.5
# The seed's simulator has no hand actuators.
DEFAULT_SIMULATOR_JOINTS = tuple(joint for joint in joints.ANIMATED_JOINTS
                                 if joint not in joints.HAND_JOINTS)

# The names the preset machinery goes by: the key (and preference) naming the preset
# Pepper starts with, the section holding the table of presets, and the motion keys a
# preset may set (each row knows whether it is one: Key.preset_settable).
START_PRESET_KEY = "preset"
PRESETS_SECTION = "presets"
PRESET_SETTABLE_KEYS = ("rotMaximumRange", "selectedRange", "armMaximumRange",
                        "handMaximumRange", "legMaximumRange", "gestureDuration", "numPoints",
                        "numPointsLeg", "legRepeatFactor", "maxVelocityFraction",
                        "motionStyle", "breathing", "breathsPerMinute", "valence", "arousal")


class Key(object):
    """One row of the configuration table.

    name: the key in the file; attribute: the Configuration attribute holding its value;
    default; kind: a :class:`Kind` (what the key accepts, its bounds and their reason
    included); description: what the key does (docs/configuration.md's table).
    ``preset_settable``: whether presets may set it (PRESET_SETTABLE_KEYS); ``needs``: the
    keys checked before it; ``allowed``: the words error messages quote for what is
    allowed.
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


# Why these values: docs/configuration.md, "Presets". In PRESET_SETTABLE_KEYS order, as
# loading keeps a preset. Each is a point of the mood space (valence, arousal) too, with
# its figures at that point: mood_table.py's arousal rows give these figures from
# neutral's at arousal -0.5 and 0.5, so choosing a preset and setting its mood agree
# (docs/mood.md).
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
                    "below (docs/mood.md). 0 with `arousal` 0: the figures as set."),
    Key("arousal", "arousal", 0.0, Number(-1.0, 1.0, why=_MOOD_AXIS),
        description="Mood: how energetic Pepper feels, -1 (low) .. 1 (high); above 0 larger "
                    "(`selectedRange`), faster and more frequent moves (`gestureDuration`), "
                    "shorter holds, wider turns and faster breathing (`breathsPerMinute`), "
                    "below 0 the reverse (docs/mood.md)."),
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
        description="Maximum range of each leg joint; `lifelike` bends the knee half "
                    "again as far, never beyond 0.15."),
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
                    "often and less far (docs/context.md)."),
    Key("reactToListening", "react_to_listening", True, Boolean(),
        description="`true`: while Pepper listens (speech recognition on) the arms and "
                    "hands start no move; breathing goes on (docs/context.md)."),
    Key("reactToAbsence", "react_to_absence", True, Boolean(),
        description="`true`: after `aloneAfter` minutes with no one seen Pepper settles "
                    "gradually to `aloneArousal` below its mood's arousal, and is back "
                    "within a second of someone appearing (docs/context.md)."),
    Key("subscribeExtractors", "subscribe_extractors", True, Boolean(),
        description="`true`: while enabled with `reactToPeople` or `reactToAbsence`, "
                    "subscribe ALPeoplePerception and ALEngagementZones (camera work) so "
                    "that people's events come in every Autonomous Life state, not only "
                    "in its solitary one (docs/context.md); `false`: only while another app "
                    "or Autonomous Life runs them."),
    Key("followPersonMood", "follow_person_mood", 0.0, Number(
        0.0, 1.0, why="0 does not follow, 1 leans all the way to the person's mood"),
        description="While a person is engaged, Pepper's mood leans toward theirs as "
                    "ALMood perceives it (their valence, the room's agitation as arousal), "
                    "this far around the mood set; needs Autonomous Life on (docs/mood.md)."),
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
    Key("batteryLowArousal", "battery_low_arousal", -0.3, Number(
        -1.0, 0.0, why="an offset on the mood's arousal axis, which spans 2, and a low "
                       "battery lowers it only"),
        description="What a low battery (NAOqi's BatteryLowDetected) adds to the mood's "
                    "arousal until it charges, the sum kept in [-1, 1]: smaller, rarer "
                    "moves; base turns wait meanwhile. 0 turns the lean off "
                    "(docs/pepper_day.md)."),
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
    Key(PRESETS_SECTION, "presets", BUILT_IN_PRESETS,
        PresetTable(BUILT_IN_PRESETS, PRESET_SETTABLE_KEYS,
                    lambda: (ROWS, PRESET_SETTABLE_ROWS)),
        description="Named sets of motion keys; a preset overrides only the keys it names, "
                    "the others keep the file's values. `calm`, `neutral` and `lively` are "
                    "built in; a `[[name]]` subsection of the file replaces the built-in "
                    "of that name or adds a preset after them. Chosen by `preset`, the "
                    "owner's preferences or `setPreset`."),
    Key(START_PRESET_KEY, "preset", "", PresetName(PRESETS_SECTION),
        description="The preset Pepper starts with; empty: none, the file's values (the "
                    "owner's `preset` preference comes first)."),
)
ROWS = dict((row.name, row) for row in TABLE)
# The keys in the order of the table (and of the banner).
KEYS = tuple(row.name for row in TABLE)
# The rows in checking order, those holding values (not sections), and the ones presets
# may set.
CHECKING_ORDER = checking_order(TABLE, ROWS)
VALUE_ROWS = [row for row in CHECKING_ORDER if not row.kind.is_section]
PRESET_SETTABLE_ROWS = [row for row in CHECKING_ORDER if row.preset_settable]
