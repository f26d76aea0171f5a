"""A lifelike stream's present, shared by its moves (lifelike.py) and its holds
(lifelike_hold.py): the robot time its step begins, where its steps leave the group's
joints, the live signal read there, and the calls that move the joints. Angles in rad,
times in robot seconds since the round began."""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import steps, trajectory


class Now(object):
    """The present of a stream of ``group`` (groups.JointGroup) from ``start`` (its
    commanded angles), reading ``shared``'s live signal (shared.Shared) with ``config``'s
    keys that no mood changes, each Reading as ``reading(Reading)`` gives it for the
    group (the legs' sway at a calm mood: lifelike_legs.py).

    ``at``: the robot time the step being planned begins. ``pose``: where the steps leave
    the joints, breath left out; ``commanded``: the same, breath included; ``anchor``:
    where the hold began, breath left out (the creep's centre)."""

    def __init__(self, group, config, shared, start, reading):
        self._group = group
        self._reading = reading
        self._config = config
        self._shared = shared
        self._start = np.asarray(start, dtype=float)
        self._breathings = (None, None)  # (shape, its Breathing) last made
        self.at = None
        self.pose = None
        self.commanded = None
        self.anchor = None

    def look(self):
        """(the signal's Reading, the group's Shape there, its Breathing) now."""
        reading = self._reading(self._shared.signal.now())
        shape = self._group.shape(reading)
        if self._breathings[0] is not shape:
            self._breathings = (shape, breath_module.Breathing(shape, self._config))
        return reading, shape, self._breathings[1]

    def begin(self):
        """Where the group is at the first step: the start, the breath there taken out of
        the pose. Returns the Shape and Breathing read then."""
        _reading, shape, breathing = self.look()
        self.pose = self._start - breathing.offsets * self._shared.breath.depth_at(self.at)
        self.commanded = self._start.copy()
        self.anchor = self.pose.copy()
        return shape, breathing

    def settle(self, target):
        """The pose is ``target`` from now on, and a hold begins there."""
        self.pose = np.array(target, dtype=float)
        self.anchor = self.pose.copy()

    def needed(self, change, shape):
        """The s a call changing the joints by ``change`` (rad) needs to respect the
        velocity limit."""
        return trajectory.needed_time(change, shape, self._config.max_velocity_fraction)

    def key(self, angles, joints=None, start=None):
        """What a call of ``angles`` (rad, a column per joint of the group) commands from
        ``start`` (by default the commanded angles): its columns of ``joints`` (None: all),
        and where ``start`` has them in the others, which hold. The one place that says
        it, for the call sent (:meth:`call`) and the call checked (:meth:`clear`)."""
        key = np.array(self.commanded if start is None else start, dtype=float)
        chosen = slice(None) if joints is None else list(joints)
        key[chosen] = np.asarray(angles, dtype=float)[chosen]
        return key

    def clear(self, angles, shape, joints=None, start=None):
        """Whether a call of ``angles`` from ``start`` (:meth:`key`) passes the checks of
        ``shape`` (groups.Shape) with what it commands, the breath included: at its key
        and, where a check is not convex (the hands' clearance), SEGMENT_FRACTIONS of the
        way there, as trajectory.random_points checks a waypoint. A call from a start
        that fails them (another app left the joints there) is not held to them: the
        stream's own calls begin where they pass, and the arm's next move, to a target
        drawn where they do, takes it out."""
        start = np.asarray(self.commanded if start is None else start, dtype=float)
        key = self.key(angles, joints, start)
        points = [start[np.newaxis, :], key[np.newaxis, :]]
        if trajectory.draw_mode(shape) == trajectory.SEQUENTIAL:
            points.append(trajectory.way(start, key))
        passed = shape.acceptable(np.vstack(points))
        return bool(passed[1:].all() or not passed[0])

    def call(self, angles, duration, joints=None):
        """A call of one key, what :meth:`key` says ``angles`` commands with ``joints``,
        reached in ``duration`` s, remembered as what the joints are commanded."""
        self.commanded = self.key(angles, joints)
        return steps.Move(self.commanded.copy()[np.newaxis, :], np.array([duration]), joints)
