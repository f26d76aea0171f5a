"""The joint groups: one row of :data:`TABLE` each, and the groups built from them.

A row says which joints a group owns for a behaviour, whether it moves in the
specification's leg pattern (a few random moves at the start of each chunk, home for the
rest) or freely, what its waypoints must also respect and whether the group holds still
while the base turns. How its motion is planned is the motion style's (styles.py). The
engine makes one worker per group built by :func:`build`; nothing else names a group:
getStatus reports each by its row's name (in this table's order), and the tablet page
shows the groups it reports. Adding a group is adding a row.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import clearance, clearance_model, joints, lean, trajectory


class GroupRow(object):
    """One row of the group table.

    name: the group's name (getStatus, logs); members(behaviour, platform_joints): the
    joints it would own; chunked: it moves in the specification's leg chunk pattern
    (numPointsLeg random waypoints at the start of each chunk, home for the rest), else
    anywhere in its bounds at any time; checks: factories ``check(shape, config, limits,
    rest, selected_range)`` returning a waypoint check for the group at that rest posture
    and amplitude (acceptable(points) -> mask, convex) or None when
    it does not apply; still_while_base_turns: its calls and the base's turns never
    overlap (NAOqi allows leg motion during a move only under a strict
    HipPitch/KneePitch relation).
    """

    def __init__(self, name, members, chunked, checks, still_while_base_turns):
        self.name = name
        self.members = members
        self.chunked = chunked
        self.checks = checks
        self.still_while_base_turns = still_while_base_turns


def _arm_members(side):
    """The members of ``side``'s ("L" or "R") arm group: its arm and hand, or its hand's
    joints alone for ``hands``."""
    def members(behaviour, platform_joints):
        names = []
        if behaviour in ("body", "all"):
            names.extend(joints.ARM_JOINTS + joints.HAND_JOINTS)
        if behaviour in ("hands", "all"):
            names.extend(joints.hand_joints(platform_joints))
        return [name for name in names if name.startswith(side)]
    return members


def _leg_members(behaviour, _platform_joints):
    return list(joints.LEG_JOINTS) if behaviour in ("body", "all") else []


def _lean_check(shape, _config, _limits, rest, _selected_range):
    if any(name in joints.LEG_JOINTS for name in shape.names):
        return lean.LeanCheck(shape.names, rest)
    return None


def _clearance_check(shape, config, limits, rest, selected_range):
    """Hands clear of the pelvis, whatever the leg joints another group moves do (in
    their band at the legs' amplitude, which a calm mood may leave wider than the arm's)."""
    if not clearance.moves_an_arm(shape.names):
        return None
    moving_legs = [name for _row, members in joint_groups(config.behaviour,
                                                           config.platform_joints)
                   for name in members if name in joints.LEG_JOINTS]
    leg_bounds = dict(
        (leg, trajectory.random_bounds(rest[leg], limits.get(leg, joints.URDF_LIMITS[leg]),
                                       config.maximum_range(leg),
                                       config.legs_amplitude(selected_range)))
        for leg in moving_legs)
    return clearance.ClearanceCheck(shape.names, rest, leg_bounds, clearance_model.COEFFICIENTS)


# Each arm is a group of its own: it moves on its own timing and steps aside on its own
# (another app's right-arm gesture leaves the left arm animating).
TABLE = (
    GroupRow("leftArm", _arm_members("L"), chunked=False,
             checks=(_clearance_check,), still_while_base_turns=False),
    GroupRow("rightArm", _arm_members("R"), chunked=False,
             checks=(_clearance_check,), still_while_base_turns=False),
    GroupRow("legs", _leg_members, chunked=True,
             checks=(_lean_check,), still_while_base_turns=True),
)
ROWS = dict((row.name, row) for row in TABLE)


def joint_groups(behaviour, platform_joints):
    """The joints each group owns, as a list of (row, joints), groups owning none left
    out: no joint twice, never the head, only the platform's joints, in Pepper's order."""
    groups = []
    owned = set(joints.HEAD_JOINTS)
    for row in TABLE:
        members = row.members(behaviour, platform_joints)
        names = [name for name in joints.ALL_JOINTS
                 if name in members and name in platform_joints and name not in owned]
        owned.update(names)
        if names:
            groups.append((row, names))
    return groups


def build(config, limits):
    """The configuration's JointGroups; ``limits``: joint -> joints.JointLimit."""
    return [JointGroup(row.name, names, config, limits)
            for row, names in joint_groups(config.behaviour, config.platform_joints)]


class JointGroup(object):
    """Joints moved together by one worker (engine.group_worker), as
    configured: the row of ``name``, the joints ``names`` and arrays indexed like them:
    ``home`` (the configured home, where disabling takes them), limits and maximum
    velocities (rad, rad/s). ``yields_to_speech``: the group holds arm or hand joints,
    which it leaves free while Pepper speaks. Where it moves at a moment (its rest
    posture and Table 1's bounds at the mood) is its :meth:`shape` at the live signal's
    reading."""

    def __init__(self, name, names, config, limits):
        self.row = ROWS[name]
        self.name = name
        self.names = list(names)
        self.minimum = np.array([limits[joint].minimum for joint in names], dtype=float)
        self.maximum = np.array([limits[joint].maximum for joint in names], dtype=float)
        self.max_velocity = np.array([limits[joint].max_velocity for joint in names],
                                     dtype=float)
        self.yields_to_speech = joints.yields_to_speech(self.names)
        # Home inside the limits (the file's overrides are checked against pepper.urdf, the
        # robot's getLimits may be narrower).
        self.home = np.clip([config.home[joint] for joint in names], self.minimum,
                            self.maximum)
        self._config = config
        self._limits = limits
        self._shaped = (None, None, None)  # (rest, selectedRange, Shape) last made

    def shape(self, reading):
        """The group where the live signal's ``reading`` (live_signal.Reading) puts it: a Shape,
        made again only when its rest posture or amplitude changed."""
        cached = self._shaped
        if cached[0] is reading.rest and cached[1] == reading.selected_range:
            return cached[2]
        made = Shape(self, self._config, self._limits, reading.rest, reading.selected_range)
        self._shaped = (reading.rest, reading.selected_range, made)  # one assignment
        return made


class Shape(object):
    """``group`` (a JointGroup) at a rest posture ``rest`` (joint -> rad, every animated
    joint) and amplitude ``selected_range``: its ``home`` there (its rest, inside the
    limits), Table 1's ``lower``/``upper`` random bounds around it and the checks its
    row makes there; names, row and maximum velocities are the group's."""

    def __init__(self, group, config, limits, rest, selected_range):
        self.name = group.name
        self.row = group.row
        self.names = group.names
        self.max_velocity = group.max_velocity
        self.home = np.clip([rest[joint] for joint in group.names], group.minimum,
                            group.maximum)
        bounds = [trajectory.random_bounds(rest[joint], limits[joint],
                                           config.maximum_range(joint), selected_range)
                  for joint in group.names]
        self.lower = np.array([bound[0] for bound in bounds], dtype=float)
        self.upper = np.array([bound[1] for bound in bounds], dtype=float)
        around = dict(rest)
        around.update(zip(self.names, self.home))
        self.checks = [check for check in (make(self, config, limits, around, selected_range)
                                           for make in self.row.checks) if check is not None]

    def acceptable(self, points):
        """Boolean mask of the waypoints (rows) that pass every check."""
        mask = np.ones(len(points), dtype=bool)
        for check in self.checks:
            mask &= check.acceptable(points)
        return mask
