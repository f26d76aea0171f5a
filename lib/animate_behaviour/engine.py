"""The motion engine: turns "enabled"/"disabled" requests into ALMotion commands.

A supervisor thread reconciles the requested state with the robot: on enable it
suspends BackgroundMovement, moves smoothly to home and starts one worker per joint
group plus one for the base; on disable it kills their tasks at once, returns home
smoothly and restores BackgroundMovement exactly as it was. Workers block in ALMotion
while it executes, so the engine never busy-waits. Requests return immediately and
the last one wins.
"""
from __future__ import absolute_import, division, print_function

import threading
import time

import numpy as np

from animate_behaviour import joints, trajectory

ENABLED = "enabled"
DISABLED = "disabled"
STATES = (ENABLED, DISABLED)
BACKGROUND_MOVEMENT = "BackgroundMovement"
# After a failed ALMotion call a worker waits this long (s) before trying again.
RETRY_DELAY = 2.0
# How often (s) the supervisor re-kills tasks while waiting for workers to return, in
# case a worker sent a trajectory just after the first kill.
KILL_REPEAT = 0.2
# How long (s) disabling waits for workers whose ALMotion call does not return.
WORKER_STOP_TIMEOUT = 10.0
# Base pauses between turns, in multiples of gestureDuration.
BASE_PAUSE = (2.0, 5.0)
# Home moves go as fast as maxVelocityFraction allows (so "disabled" leaves Pepper still
# within a second at the defaults), never shorter than this (s).
HOME_MIN_DURATION = 0.25


class EngineClosed(RuntimeError):
    """The engine is shutting down and takes no more requests."""


class MotionEngine(object):
    """Owns every ALMotion command of the package.

    ``motion`` is an ALMotion proxy (or stand-in); ``autonomous_life`` an
    ALAutonomousLife proxy or None when the robot has none; ``rng`` a
    numpy.random.RandomState.
    """

    def __init__(self, motion, config, logger, autonomous_life=None, rng=None):
        self._motion = motion
        self._config = config
        self._log = logger
        self._life = autonomous_life
        self._rng = rng if rng is not None else np.random.RandomState()
        self._condition = threading.Condition()
        self._requested = DISABLED
        self._state = DISABLED
        self._closing = False
        self._listeners = []
        self._stop_motion = threading.Event()
        self._workers = []
        self._groups = None
        self._suspended_background = False
        self._trajectories = 0
        self._turns = 0
        self._heading_origin = None
        self._supervisor = threading.Thread(target=self._supervise,
                                            name="animateBehaviour.supervisor")
        self._supervisor.daemon = True

    # -- requests (any thread) ---------------------------------------------------------

    def start(self):
        """Start the supervisor thread."""
        self._supervisor.start()

    def request(self, state):
        """Ask for ``state`` ("enabled" or "disabled"); returns at once."""
        if state not in STATES:
            raise ValueError("state %r is not one of %s" % (state, ", ".join(STATES)))
        with self._condition:
            if self._closing:
                raise EngineClosed("the animate behaviour is shutting down")
            self._requested = state
            self._condition.notify_all()

    @property
    def requested(self):
        """The last requested state."""
        with self._condition:
            return self._requested

    @property
    def state(self):
        """The state the robot has settled in."""
        with self._condition:
            return self._state

    def wait_settled(self, state, timeout):
        """Wait until the robot has settled in ``state``; returns whether it did."""
        deadline = time.time() + timeout
        with self._condition:
            while self._state != state or self._requested != state:
                remaining = deadline - time.time()
                if remaining <= 0:
                    return False
                self._condition.wait(remaining)
            return True

    def add_listener(self, callback):
        """Call ``callback(state)`` each time the robot settles in a new state."""
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    def status(self):
        """A one-line summary for the heartbeat."""
        return ("state %s (requested %s), %d trajectories, %d base turns"
                % (self.state, self.requested, self._trajectories, self._turns))

    def close(self, timeout):
        """Disable, return home, restore what was changed and stop the supervisor.

        Returns whether it finished within ``timeout`` seconds.
        """
        with self._condition:
            self._requested = DISABLED
            self._closing = True
            self._condition.notify_all()
        if self._supervisor.is_alive():
            self._supervisor.join(timeout)
            if self._supervisor.is_alive():
                self._log.error("animate behaviour did not stop within %.1f s" % timeout)
                return False
        return True

    # -- supervisor --------------------------------------------------------------------

    def _supervise(self):
        while True:
            with self._condition:
                while self._requested == self._state and not self._closing:
                    self._condition.wait()
                if self._requested == self._state:
                    return
                target = self._requested
            try:
                if target == ENABLED:
                    self._enable()
                else:
                    self._disable()
            except Exception as err:  # noqa: the supervisor must survive anything ALMotion raises
                self._log.error("switching to %s failed: %s; the animate behaviour is disabled"
                                % (target, err))
                self._safe_disable()
                target = DISABLED
                with self._condition:
                    if self._requested == ENABLED:
                        self._requested = DISABLED
            with self._condition:
                changed = target != self._state
                self._state = target
                self._condition.notify_all()
            if changed:
                for callback in list(self._listeners):
                    callback(target)

    def _enable(self):
        self._stop_motion.clear()
        self._suspend_background()
        groups = self._joint_groups()
        if not self._motion.robotIsWakeUp():
            self._log.info("Pepper is resting: waking it up to animate it")
            self._motion.wakeUp()
        self._go_home(groups)
        self._heading_origin = None
        self._workers = [self._spawn("group " + group.name, self._run_group, group)
                         for group in groups]
        if joints.moves_base(self._config.behaviour):
            self._workers.append(self._spawn("base", self._run_base))
        self._log.info("animate behaviour enabled (%s)" % self._config.behaviour)

    def _disable(self):
        self._stop_workers()
        groups = self._joint_groups()
        self._go_home(groups)
        self._restore_background()
        self._log.info("animate behaviour disabled; Pepper is back home")

    def _safe_disable(self):
        """Best effort after a failure: stop, go home and restore; log what fails."""
        steps = (self._stop_workers, lambda: self._go_home(self._groups or []),
                 self._restore_background)
        for step in steps:
            try:
                step()
            except Exception as err:  # noqa: keep restoring whatever still works
                self._log.error("while recovering: %s" % err)

    def _spawn(self, name, target, *args):
        worker = threading.Thread(target=target, args=args, name="animateBehaviour." + name)
        worker.daemon = True
        worker.start()
        return worker

    def _stop_workers(self):
        """Stop every trajectory and base move at once and wait for the workers.

        A worker stuck in an ALMotion call that never returns (a dead connection) is
        abandoned after WORKER_STOP_TIMEOUT s, so disabling still goes on.
        """
        self._stop_motion.set()
        names = self._all_joint_names()
        deadline = time.time() + WORKER_STOP_TIMEOUT
        while self._workers:
            if time.time() > deadline:
                self._log.error("%s did not return from ALMotion within %.0f s; going on"
                                % (", ".join(worker.name for worker in self._workers),
                                   WORKER_STOP_TIMEOUT))
                self._workers = []
                return
            self._kill(names)
            for worker in self._workers:
                worker.join(KILL_REPEAT)
            self._workers = [worker for worker in self._workers if worker.is_alive()]

    def _kill(self, names):
        calls = [("stopMove", ())]
        if names:
            calls.insert(0, ("killTasksUsingResources", (names,)))
        for method, args in calls:
            try:
                getattr(self._motion, method)(*args)
            except RuntimeError as err:
                self._log.error("ALMotion.%s failed: %s" % (method, err))

    # -- joints ------------------------------------------------------------------------

    def _joint_groups(self):
        if self._groups is None:
            plan = joints.joint_groups(self._config.behaviour, self._config.platform_joints)
            names = [name for _group, members in plan for name in members]
            limits = joints.limits_from_motion(self._motion, names, self._log)
            self._groups = [trajectory.JointGroup(group, members, self._config, limits)
                            for group, members in plan]
        return self._groups

    def _all_joint_names(self):
        return [name for group in (self._groups or []) for name in group.names]

    def _current_angles(self, group):
        """Commanded angles of the group's joints; home if ALMotion cannot say."""
        try:
            return np.array(self._motion.getAngles(group.names, False), dtype=float)
        except RuntimeError as err:
            self._log.error("ALMotion.getAngles failed (%s); assuming home" % err)
            return group.home.copy()

    def _go_home(self, groups):
        """Move every group's joints to home smoothly, as fast as the velocity limit
        allows: one call, so all groups travel together, each with its own duration."""
        names, angles, times = [], [], []
        for group in groups:
            group_times, _stretched = trajectory.timed(
                group.home[np.newaxis, :], self._current_angles(group), group,
                HOME_MIN_DURATION, self._config.max_velocity_fraction)
            names.extend(group.names)
            angles.extend([float(home)] for home in group.home)
            times.extend([[float(group_times[0])]] * len(group.names))
        if names:
            self._motion.angleInterpolation(names, angles, times, True)

    def _interpolate(self, names, points, times):
        """One angleInterpolation: ``points`` (waypoints, joints) at ``times`` (s)."""
        times_list = [float(t) for t in times]
        self._motion.angleInterpolation(
            list(names), [[float(a) for a in column] for column in points.T],
            [times_list] * len(names), True)

    # -- workers -----------------------------------------------------------------------

    def _plan(self, group, start):
        config = self._config
        if group.name == "legs":
            return trajectory.leg_points(group, config.num_points, config.leg_chunk_size,
                                         config.num_points_leg, config.leg_repeat_factor,
                                         self._rng)
        return trajectory.random_points(group, config.num_points, self._rng, start)

    def _run_group(self, group):
        """Send trajectory after trajectory, each starting where the last one ended."""
        while not self._stop_motion.is_set():
            start = self._current_angles(group)
            points = self._plan(group, start)
            times, stretched = trajectory.timed(
                points, start, group, self._config.gesture_duration,
                self._config.max_velocity_fraction)
            if self._config.verbose:
                self._log.debug("trajectory %s: %d waypoints over %.1f s, %d stretched for speed"
                                % (group.name, len(points), times[-1], stretched))
            if self._stop_motion.is_set():
                return
            try:
                self._interpolate(group.names, points, times)
            except RuntimeError as err:
                if self._stop_motion.is_set():
                    return  # killed on purpose: some NAOqi versions raise instead of returning
                self._log.error("ALMotion.angleInterpolation (%s) failed: %s"
                                % (group.name, err))
                self._stop_motion.wait(RETRY_DELAY)
                continue
            self._trajectories += 1

    def _heading(self):
        """Pepper's heading (rad) from odometry."""
        return float(self._motion.getRobotPosition(True)[2])

    def _run_base(self):
        """Small turns to random headings inside the band around the start heading."""
        band = trajectory.heading_band(self._config.rot_maximum_range)
        while not self._stop_motion.is_set():
            try:
                heading = self._heading()
                if self._heading_origin is None:
                    self._heading_origin = heading
                turn = trajectory.next_turn(
                    trajectory.wrap_angle(heading - self._heading_origin), band, self._rng)
                if self._config.verbose:
                    self._log.debug("base: turning %.3f rad" % turn)
                reached = self._motion.moveTo(0.0, 0.0, turn)
                if reached is not False:
                    self._turns += 1
                elif not self._stop_motion.is_set():
                    # NAOqi 2.5 returns False instead of raising; stopMove does too.
                    self._log.warning("ALMotion.moveTo refused to turn the base "
                                      "(charging flap open?)")
            except RuntimeError as err:
                if self._stop_motion.is_set():
                    return
                self._log.error("turning the base failed: %s" % err)
            pause = self._rng.uniform(*BASE_PAUSE) * self._config.gesture_duration
            self._stop_motion.wait(pause)

    # -- autonomous life ---------------------------------------------------------------

    def _suspend_background(self):
        """Turn BackgroundMovement off if it is on; its breathing would fight our motions."""
        if self._life is None or self._suspended_background:
            return
        try:
            if self._life.getAutonomousAbilityEnabled(BACKGROUND_MOVEMENT):
                self._life.setAutonomousAbilityEnabled(BACKGROUND_MOVEMENT, False)
                self._suspended_background = True
                self._log.info("suspended ALAutonomousLife's %s" % BACKGROUND_MOVEMENT)
        except RuntimeError as err:
            self._log.error("cannot suspend %s: %s" % (BACKGROUND_MOVEMENT, err))

    def _restore_background(self):
        """Turn BackgroundMovement back on if this engine turned it off."""
        if not self._suspended_background:
            return
        self._life.setAutonomousAbilityEnabled(BACKGROUND_MOVEMENT, True)
        self._suspended_background = False
        self._log.info("restored ALAutonomousLife's %s" % BACKGROUND_MOVEMENT)
