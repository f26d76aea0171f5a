"""The kinds of the file's [sections] rather than values: a Section, and ``[home]``'s
Joint = angle lines (the ``[presets]`` section's kind is preset_table.py)."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.configuration.kinds import Kind, finite, shown_value
from animate_behaviour.configuration.third_party import ValidateError
from animate_behaviour.planning import joints


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
            if not (finite(angle) and limit.minimum <= angle <= limit.maximum):
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
