"""The base's worker: small turns to random headings, never in another app's way.

A new ``moveTo`` replaces whatever move is running, whoever sent it, so the worker never
sends ``moveTo`` or ``stopMove`` while ``moveIsActive`` says a move that is not ours runs;
it then waits until no move has run for yieldQuietTime, and takes the heading it finds as
its new centre (the other app meant the robot to face there). The legs hold still while
a turn runs (NAOqi allows leg motion during a move only under a strict HipPitch/KneePitch
relation): turns start only while the legs are between calls and free of any task, and
not at all while a leg joint is hot.
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour import joints, own_call, status as status_module, trajectory
from animate_behaviour.group_worker import (ERROR, HOT, OTHER_APP, RETRY_DELAY, STOP,
                                            STOPPING, YIELD_POLL, Disruption)
from animate_behaviour.worker_thread import WorkerThread

PART = "base"
# Pauses between turns, in multiples of gestureDuration.
PAUSE = (2.0, 5.0)
# How often (s) a pause checks for another app's move, so that the quiet time after it
# counts from its end and the next turn starts from where it left the robot.
PAUSE_POLL = 0.5
# How long (s) past its start a stopped moveTo may take to return before it is abandoned.
CALL_GRACE = 5.0


class BaseWorker(WorkerThread):
    """Turns the base during ``round_`` (see GroupWorker) with ``rng``."""

    name = PART

    def __init__(self, round_, rng):
        WorkerThread.__init__(self, round_, rng, PART, "base turns")
        self.ready.set()  # the base has no home move to wait for
        self._origin = None

    def _finished(self):
        self._round.status.set(PART, status_module.HOME)

    def _animate(self):
        while True:
            self._round.status.set(PART, status_module.ANIMATING)
            disruption = self._pause()
            if disruption is not None:
                if not self._recover(disruption):
                    return
                continue
            legs_and_base = self._round.legs_and_base
            if not legs_and_base.begin_turn():
                continue  # our legs are moving: try again after the next pause
            try:
                disruption = self._legs_taken() or self._turn(
                    trajectory.heading_band(self._config.rot_maximum_range))
            finally:
                legs_and_base.end_turn()
            if disruption is not None and not self._recover(disruption):
                return

    def _pause(self):
        """Wait between turns, watching for a disruption; returns it, or None when the
        pause is over."""
        duration = self._rng.uniform(*PAUSE) * self._config.gesture_duration
        start = self._clock.now()
        while True:
            disruption = self._disruption()
            if disruption is not None:
                return disruption
            remaining = duration - self._clock.elapsed(start, self._clock.now())
            if remaining <= 0:
                return None
            self._wait(min(remaining, PAUSE_POLL))

    def _disruption(self):
        """Why the base must not turn now, or None."""
        if self._round.stop.is_set():
            return STOP
        hot = self._round.heat.resting(joints.LEG_JOINTS)
        if hot:
            return Disruption(HOT, hot)
        try:
            if self._motion.moveIsActive():
                return Disruption(OTHER_APP, why="another app's move is active")
        except RuntimeError as err:
            self._log.error("ALMotion.moveIsActive failed: %s" % err)
            return Disruption(ERROR)
        return None

    def _legs_taken(self):
        """Disruption(OTHER_APP) if a task holds a leg joint while our legs hold none
        (called during begin_turn/end_turn, when our legs worker sends nothing)."""
        try:
            if self._motion.areResourcesAvailable(list(joints.LEG_JOINTS)):
                return None
        except RuntimeError as err:
            self._log.error("ALMotion.areResourcesAvailable (legs) failed: %s" % err)
            return Disruption(ERROR)
        return Disruption(OTHER_APP, why="another app's task holds the legs")

    def _recover(self, disruption):
        """Wait until the base may turn again (True) or the round stops (False)."""
        if disruption.reason == OTHER_APP:
            self._round.status.count("yields")
            self._log.debug("base steps aside: %s" % disruption.why)
        quiet_needed = 0.0
        quiet_since = None
        while True:
            if disruption is not None:
                if disruption.reason == STOPPING:
                    return False
                quiet_since = None
                if disruption.reason == OTHER_APP:
                    quiet_needed = max(quiet_needed, self._config.yield_quiet_time)
                    self._origin = None  # face where the other app left the robot
                elif disruption.reason == ERROR:
                    quiet_needed = max(quiet_needed, RETRY_DELAY)
                if disruption.reason == HOT:
                    self._round.status.set(PART, status_module.HOT, hot=disruption.joints)
                else:
                    self._round.status.set(PART, status_module.YIELDING,
                                           yielding_to=disruption.reason)
            else:
                now = self._clock.now()
                if quiet_since is None:
                    quiet_since = now
                if self._clock.elapsed(quiet_since, now) >= quiet_needed:
                    self._round.status.set(PART, status_module.ANIMATING)
                    return True
            self._wait(YIELD_POLL)
            disruption = self._disruption()

    def _turn(self, band):
        """One turn to a random heading inside the band; a Disruption if it was cut."""
        try:
            heading = float(self._motion.getRobotPosition(True)[2])
        except RuntimeError as err:
            self._log.error("ALMotion.getRobotPosition failed: %s" % err)
            return Disruption(ERROR)
        if self._origin is None:
            self._origin = heading
        turn = trajectory.next_turn(trajectory.wrap_angle(heading - self._origin), band,
                                    self._rng)
        if self._config.verbose:
            self._log.debug("base: turning %.3f rad" % turn)
        call = own_call.OwnCall(self._motion, "moveTo", (0.0, 0.0, turn), self.wake,
                                "animateBehaviour.base.call")
        self.wake.clear()
        if not self._round.send(call, lambda: not self._motion.moveIsActive()):
            return Disruption(OTHER_APP, why="another app's move started first")
        stopped = self._wait_for(call)
        if stopped:
            return STOP
        if call.error is not None:
            if not isinstance(call.error, RuntimeError):
                raise call.error
            self._log.error("turning the base failed: %s" % call.error)
            return Disruption(ERROR)
        if call.result is not False:
            self._round.status.count("turns")
            return None
        # NAOqi 2.5 returns False instead of raising: a newer move replaced ours, or the
        # robot refused to move.
        if self._motion.moveIsActive():
            return Disruption(OTHER_APP, why="another app's move replaced its turn")
        self._log.warning("ALMotion.moveTo refused to turn the base (charging flap open?)")
        return None

    def _wait_for(self, call):
        """Wait for the moveTo; on a stop, stop our move (only while it is the one
        running). Returns whether we stopped it."""
        while not call.done.is_set():
            self.wake.clear()
            if call.done.is_set():
                break
            if self._round.stop.is_set() and not call.stopped:
                call.stopped = True
                try:
                    if self._motion.moveIsActive():
                        self._motion.stopMove()
                except RuntimeError as err:
                    self._log.error("ALMotion.stopMove failed: %s" % err)
            if call.stopped and self._clock.elapsed(call.started,
                                                    self._clock.now()) > CALL_GRACE:
                self._log.error("ALMotion.moveTo did not return %.0f s after stopMove; "
                                "abandoned" % CALL_GRACE)
                return True
            self._clock.wait(self.wake, YIELD_POLL)
        return call.stopped
