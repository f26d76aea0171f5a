"""Assertions on recorded ALMotion trajectories, and a stand-in that holds a call, shared by
the engine and qi tests."""
from __future__ import absolute_import, division, print_function

import threading

import numpy as np

from animate_behaviour.expression import live_signal
from animate_behaviour.planning import groups, joints, trajectory
from animate_behaviour.planning.steps import HOME_MIN_DURATION
from pepper_sim.motion import KinematicMotion

# A cubic ease between rests peaks at 1.5 times its mean speed (d/dt of 3t^2 - 2t^3).
PEAK_TO_MEAN_SPEED = 1.5


# The joints of each group on the robot with every behaviour, in groups.TABLE's order
# (the arms first, then the legs).
GROUPS = tuple(tuple(names) for _row, names in groups.joint_groups("all",
                                                                   joints.ANIMATED_JOINTS))


def shaped(group, config):
    """``group`` (groups.JointGroup of ``config``) where the configuration's own mood puts
    it: a groups.Shape (its rest posture, Table 1's bounds there, its checks)."""
    return group.shape(live_signal.steady(config).now())


class AtMood(object):
    """``config`` as a steady mood (``valence``, ``arousal``; the configuration's own by
    default) makes it, for the assertions that take a configuration: the figures the
    arousal gives, the rest posture the valence gives as ``home``, the rest as
    configured; ``reading`` the live signal's Reading there."""

    def __init__(self, config, valence=None, arousal=None):
        self.reading = live_signal.steady(config, valence, arousal).now()
        self._config = config
        self.selected_range = self.reading.selected_range
        self.gesture_duration = self.reading.gesture_duration
        self.rot_maximum_range = self.reading.rot_maximum_range
        self.breaths_per_minute = self.reading.breaths_per_minute
        self.home = self.reading.rest

    def __getattr__(self, name):
        return getattr(self._config, name)

    def shapes(self, limits=joints.URDF_LIMITS):
        """{group name: groups.Shape} of the configuration's groups at the mood."""
        return dict((group.name, group.shape(self.reading))
                    for group in groups.build(self._config, limits))


def is_home_move(record, config=None):
    """A home move sends one waypoint per joint, at home (``config``'s, by default the
    Stand posture); random calls never do."""
    home = config.home if config is not None else joints.STAND_POSTURE
    return all(angles == [home[joint]] for joint, angles in zip(record.names, record.angles))


def random_ones(records, config=None):
    return [record for record in records if not is_home_move(record, config)]


def arms_moved(records, config=None):
    """Whether an arm has made a random call. Its last waypoint is random, so the robot
    is then away from home for certain and stopping must send a home move; a leg
    trajectory may end at home, leaving nothing to restore."""
    return any(set(joints.ARM_JOINTS) & set(record.names)
               for record in random_ones(records, config))


def bounds(config, joint):
    """Table 1's bounds of ``joint`` at ``config``'s mood (an AtMood or a configuration):
    a leg joint's at the legs' amplitude (a calm mood may leave it the configured one)."""
    limit = joints.URDF_LIMITS[joint]
    selected_range = config.selected_range
    if joint in joints.LEG_JOINTS:
        selected_range = config.legs_amplitude(selected_range)
    return trajectory.random_bounds(config.home[joint], limit, config.maximum_range(joint),
                                    selected_range)


def check_angles_in_seed_bounds(record, config):
    for joint, angles in zip(record.names, record.angles):
        lower, upper = bounds(config, joint)
        assert all(lower - 1e-9 <= angle <= upper + 1e-9 for angle in angles), (joint, angles)


def check_times_strictly_increasing(record):
    for times in record.times:
        assert times[0] > 0
        assert all(later > earlier for earlier, later in zip(times, times[1:])), times


def check_speed(record, start_angles, config):
    """No segment, including the one from ``start_angles``, exceeds the velocity fraction."""
    for joint, angles, times in zip(record.names, record.angles, record.times):
        path = [start_angles[joint]] + list(angles)
        durations = np.diff([0.0] + list(times))
        steps = np.abs(np.diff(path))
        peak = PEAK_TO_MEAN_SPEED * steps / durations
        limit = config.max_velocity_fraction * joints.URDF_LIMITS[joint].max_velocity
        assert np.all(peak <= limit * (1 + 1e-6)), (joint, peak.max(), limit)


def check_home_move(record, config):
    """One waypoint per joint, at home, reached as fast as the velocity limit allows
    (each duration is the minimum or some joint sharing it is at the limit)."""
    assert is_home_move(record, config)
    for joint, angles in zip(record.names, record.angles):
        assert angles == [config.home[joint]], (joint, angles)
    start = dict(zip(record.names, record.start_angles))
    check_speed(record, start, config)
    needed = dict((joint, PEAK_TO_MEAN_SPEED * abs(config.home[joint] - start[joint])
                   / (config.max_velocity_fraction * joints.URDF_LIMITS[joint].max_velocity))
                  for joint in record.names)
    for duration in set(times[0] for times in record.times):
        sharing = [joint for joint, times in zip(record.names, record.times)
                   if times[0] == duration]
        assert duration >= HOME_MIN_DURATION - 1e-9
        if duration > HOME_MIN_DURATION + 1e-9:
            assert abs(max(needed[joint] for joint in sharing) - duration) < 1e-6, sharing


def segments(record):
    """The durations (simulated s) between a call's waypoints, first joint's timing."""
    return np.diff([0.0] + list(record.times[0]))


def specification_call(record, gesture_duration=0.5, max_velocity_fraction=0.2):
    """Whether a call is the specification's way: each waypoint ``gesture_duration`` (s)
    after the one before (the first after where the call found the joints), or stretched
    to just what the velocity limit needs (trajectory.segment_duration). A lifelike
    call's keys fall at its steps' own ends (a move's drawn time, a breath's phases),
    none of them on that grid (none of 9954 lifelike calls planned at gestureDuration 0.5
    over 20 seeds); a call whose every segment is stretched has no gap on the grid, and
    is the specification's all the same."""
    path = np.vstack([record.start_angles, np.transpose(record.angles)])
    top = max_velocity_fraction * np.array([joints.URDF_LIMITS[name].max_velocity
                                            for name in record.names])
    needed = np.max(PEAK_TO_MEAN_SPEED * np.abs(np.diff(path, axis=0)) / top, axis=1)
    return bool(np.all(np.abs(segments(record) - np.maximum(needed, gesture_duration))
                       < 1e-6))


def calls_since(records, switched, names):
    """The calls of a group (``names[0]`` in ``names``) requested after clock time
    ``switched``, in order."""
    return [record for record in records if record.start is not None
            and record.requested > switched and record.names[0] in names]


def each_group_went_new(records, switched, is_new, count):
    """Whether each group has made ``count`` calls the new way since ``switched``."""
    return all(len([record for record in calls_since(records, switched, names)
                    if is_new(record)]) >= count for names in GROUPS)


def check_switch(records, switched, names, is_new):
    """A group's calls (``names[0]`` in ``names``) requested after a switch made at
    ``switched`` (clock time) go the new way (``is_new(record)``) from the group's next
    call on: at most one old call, sent in the instant of the switch, then only new
    ones. Returns the group's calls after the switch."""
    mine = calls_since(records, switched, names)
    new = [is_new(record) for record in mine]
    assert True in new, names
    first = new.index(True)
    assert first <= 1 and all(new[first:]), (names, new)
    return mine


def check_chained(records, names=None):
    """Each call starts every joint (of ``names``, if given) exactly where the last call
    moving that joint left it, unless that call was killed: no jump. Joint by joint, since a
    home move may take several groups at once."""
    left = {}  # joint -> (the last call moving it, where that call ended)
    for record in records:
        if record.start is None:
            continue
        for joint, start, angles in zip(record.names, record.start_angles, record.angles):
            if names is not None and joint not in names:
                continue
            previous = left.get(joint)
            if previous is not None and not previous[0].killed:
                assert start == previous[1], (joint, previous[0].as_dict(), record.as_dict())
            left[joint] = (record, angles[-1])


# Another app's gesture: the left arm raised, far outside our random range.
WAVE_NAMES = ["LShoulderPitch", "LElbowRoll"]
WAVE_ANGLES = [[0.2], [-1.2]]


def stepped_aside(caplog, part):
    """The reasons the verbose log gave for ``part`` ("group leftArm", "base") stepping
    aside."""
    prefix = "%s steps aside: " % part
    return [record.getMessage()[len(prefix):] for record in caplog.records
            if record.getMessage().startswith(prefix)]


class CallHeldUntilKilled(KinematicMotion):
    """ALMotion whose first call to start once ``hold`` is set plays until it is killed
    (``held``: its record): a disable then always finds a call of ours running, however
    the machine's load stretches the test, and a call that never ends can only be
    killed, not waited for."""

    def __init__(self, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self.hold = threading.Event()
        self.held = None

    def _play(self, killed, duration):
        with self._cond:
            holding = self.hold.is_set() and self.held is None
            if holding:
                self.held = self._local.record
                self._cond.notify_all()
        KinematicMotion._play(self, killed, None if holding else duration)
