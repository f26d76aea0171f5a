"""The validated configuration: one attribute per row of the key table, and the same with
some values replaced, checked as the file is (presets, owner preferences, the run-time
style)."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.configuration.checking import rechecked
from animate_behaviour.configuration.keys import MAX_LEG_RANGE, TABLE, VALUE_ROWS
from animate_behaviour.planning import joints, styles


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
        """The joint's maximum range fraction (MaxRangePercentage of the seed's Table 1)
        as the motion style moves it: the configured one, a leg joint's times the style's
        leg_range (styles.StyleRow), never beyond the specification's MAX_LEG_RANGE."""
        if joint in joints.HAND_JOINTS:
            return self.hand_maximum_range
        if joint in joints.LEG_JOINTS:
            index = joints.LEG_JOINTS.index(joint)
            return min(self.leg_maximum_range[index]
                       * styles.ROWS[self.motion_style].leg_range[index], MAX_LEG_RANGE)
        return self.arm_maximum_range[joints.ARM_SUFFIXES.index(joints.arm_suffix(joint))]

    def legs_amplitude(self, selected_range):
        """The legs' selectedRange at a mood's ``selected_range``: for a style whose legs
        keep the body's sway (styles.StyleRow), never below the configured one."""
        if styles.ROWS[self.motion_style].legs_keep_sway:
            return max(selected_range, self.selected_range)
        return selected_range

    def legs_tempo(self, gesture_duration):
        """The legs' gestureDuration (s) at a mood's ``gesture_duration``: for a style
        whose legs keep the body's sway (styles.StyleRow), the configured one."""
        if styles.ROWS[self.motion_style].legs_keep_sway:
            return self.gesture_duration
        return gesture_duration

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
        checked, problems = rechecked(values, overrides, "", VALUE_ROWS, written)
        if problems:
            raise ConfigurationError("%s: %s" % (source, "; ".join(problems)))
        values.update(checked)
        return Configuration(values, source)
