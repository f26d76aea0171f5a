"""The base's worker: small turns to random headings, never in another app's way.

A new ``moveTo`` replaces whatever move is running, whoever sent it, so the worker never
sends ``moveTo`` or ``stopMove`` while ``moveIsActive`` says a move that is not ours runs;
it then waits until no move has run for yieldQuietTime, and takes the heading it finds as
its new centre (the other app meant the robot to face there). A move another app made
during one of our pauses is found at the pause's end, where the base no longer stands
where our last turn left it: the quiet time then counts from that moment (nothing
tells when the move ended, and asking ALMotion all through every pause would cost
the robot's CPU for nothing most of the time). The legs hold still while a turn runs
(NAOqi allows leg motion during a move only under a strict HipPitch/KneePitch relation):
turns start only while the legs are between calls and free of any task, and not at all
while a leg joint is hot. While a person is engaged (the live signal's ``base_holds()``) no
turn starts at all: the gaze and basic awareness own where Pepper faces (in its
BodyRotation, WholeBody and MoveContextually tracking modes basic awareness turns the
base itself); a turn of ours already running when the person engages ends as planned (a
few hundredths of a radian), and after the person the next turn waits a whole pause.

Pepper's own state (expression.own_state) holds the turns too: paused (a fall, safeguard,
a push), resting, disabled (the Leg chain, whose wheels turn the base), and waiting
while the charging flap is open, Pepper is docked or close to its station, moves are
disabled or the battery is low; a turn running then is stopped. The first pause after
the sign clears ends in a turn. A turn refused with no sign that says why (an obstacle:
ALMotion/MoveFailed's cause) backs off, twice as long each time (recovery.Backoff), and
is logged once. A hot wheel rests the turns as a hot leg joint does.
"""
from __future__ import absolute_import, division, print_function

import math

from animate_behaviour.engine import status as status_module
from animate_behaviour.engine import disruptions
from animate_behaviour.engine.disruptions import (ERROR, HEAT, HOT, OTHER_APP, OWN_STATE,
                                                  REFUSED, ROUND_STOP, TASKS, THE_BASE,
                                                  Disruption, held, kind_of)
from animate_behaviour.engine.recovery import Backoff, Recovery
from animate_behaviour.engine.worker_thread import TURNS_BASE, WorkerThread
from animate_behaviour.planning import joints, trajectory

PART = status_module.BASE
# Pauses between turns, in multiples of gestureDuration.
PAUSE = (2.0, 5.0)
# The base stands further than this from where we last knew it ours (m, rad): another app
# moved it meanwhile (odometry at rest drifts far less).
MOVED_DISTANCE = 0.02
MOVED_HEADING = 0.02
# What the base's turns rest for when hot: the legs (held still while it turns) and the
# wheels that turn it.
HOT_WATCHED = joints.LEG_JOINTS + joints.WHEELS


class Refusal(object):
    """Why the base's turns are refused, in words when shown: the cause of the last
    ALMotion/MoveFailed heard (``own_state``) since the streak began (clock time
    ``since``: Backoff.since, when its first refused turn was sent). The event may come
    after the refused moveTo returns (NAOqi does not say which comes first), so the words
    are made when they are shown, not when it failed."""

    def __init__(self, own_state, since):
        self._own_state = own_state
        self._since = since

    def __str__(self):
        cause = self._own_state.move_failure_since(self._since)
        return "obstacle: %s" % cause if cause is not None else \
            "no ALMotion/MoveFailed said why"


class BaseWorker(WorkerThread):
    """Turns the base during ``round_`` (see GroupWorker) with ``rng``."""

    name = PART
    status_name = PART
    who = PART
    role = TURNS_BASE

    def __init__(self, round_, rng):
        WorkerThread.__init__(self, round_, rng, PART, "base turns")
        self.backoff = Backoff(self.who, self._log)
        self._origin = None  # the heading the turns centre on; None: the next turn's
        self._left = None  # [x, y, theta] where the base stood when we last knew it ours
        # What its gates read (disruptions.first, disruptions.veto).
        self._looks = {ROUND_STOP: self._stopping, OWN_STATE: self._held, HEAT: self._hot,
                       TASKS: self._move_active}

    def _finished(self):
        self._round.status.set(PART, status_module.HOME)

    def _animate(self):
        # The base has no home move to wait for: it is ready once its status says what it
        # does (held by Pepper's own state, say, its recovery says so first).
        disruption = self._disruption(ask_motion=False) or self._note_pose()
        if disruption is not None and not self._recover(disruption):
            return
        self.ready.set()
        while True:
            self._round.status.set(PART, status_module.ANIMATING)
            disruption = self._pause()
            while True:
                if disruption is None:
                    disruption = self._next_turn()
                    if disruption is None:
                        break  # turned, or held for a person: a pause first
                if not self._recover(disruption):
                    return
                if not kind_of(disruption).waited_enough:
                    break
                disruption = None  # what the base waited through stands for its pause

    def _recover(self, disruption):
        """Wait until the base may turn again (True) or the round stops (False)."""
        return Recovery(self, self._round, self.wake).run(disruption)

    def _pause(self):
        """Wait between turns (woken early by a stop or a hot leg); returns the disruption
        that ended it, or None when the pause is over."""
        duration = self._rng.uniform(*PAUSE) * self._round.signal.now().gesture_duration
        return self._hold(duration, lambda: self._disruption(ask_motion=False))

    def _next_turn(self):
        """A turn, unless a person is engaged: it then holds until they are not, and a
        whole pause comes before the next turn. The disruption that came, or None."""
        if self._round.signal.base_holds():
            return self._while_engaged()
        legs_and_base = self._round.legs_and_base
        try:
            disruption = self._claim_turn() or self._legs_taken()
            # A person may have engaged while the legs finished their call.
            if disruption is None and not self._round.signal.base_holds():
                disruption = self._turn(trajectory.heading_band(
                    self._round.signal.now().rot_maximum_range))
        finally:
            legs_and_base.end_turn()
        return disruption

    def _while_engaged(self):
        """Hold, sending nothing, while a person is engaged (the context wakes the round
        when that changes); returns the disruption that ended the wait, or None."""
        while True:
            self.wake.clear()
            disruption = self._disruption(ask_motion=False)
            if disruption is not None or not self._round.signal.base_holds():
                return disruption
            self._clock.wait(self.wake, None)

    def _disruption(self, ask_motion=True):
        """Why the base must not turn now, or None; ``ask_motion``: ask ALMotion whether
        another app's move runs (a round trip), else only what the worker knows."""
        return disruptions.first(self._looks, asking=ask_motion)

    def _held(self):
        return held(self._round.own_state, joints.LEG_JOINTS, base=True)

    def _hot(self):
        hot = self._round.heat.resting(HOT_WATCHED)
        return Disruption(HOT, hot) if hot else None

    def _move_active(self):
        """Another app's move runs (asks ALMotion: moveIsActive)."""
        try:
            if self._sender.move_active():
                return Disruption(OTHER_APP, why="another app's move is active")
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.moveIsActive failed: %s" % err)
        return None

    def _claim_turn(self):
        """Wait until our legs are between calls (a call lasts at most maxCallDuration),
        keeping them there for the turn; the disruption that comes meanwhile (a stop,
        Pepper's own state: the status then says why at once), if any."""
        while True:
            self.wake.clear()
            if self._round.legs_and_base.begin_turn():
                return None
            disruption = self._disruption(ask_motion=False)
            if disruption is not None:
                return disruption
            self._clock.wait(self.wake, None)  # end_legs_move wakes us

    def _legs_taken(self):
        """Disruption(OTHER_APP) if a task holds a leg joint while our legs hold none
        (called during begin_turn/end_turn, when our legs worker sends nothing)."""
        try:
            if self._sender.joints_free(joints.LEG_JOINTS):
                return None
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.areResourcesAvailable (legs) failed: %s"
                              % err)
        return Disruption(OTHER_APP, why="another app's task holds the legs")

    # -- stepping aside (recovery.Recovery's part) -----------------------------------------

    def check(self, _held):
        """The current disruption, asking ALMotion, or None."""
        return self._disruption()

    def yielding(self, _disruption, kind, _first):
        """After another app's move, a push or a rest, the turns centre on where it left
        the robot. Held still, the base counts as ready (enabling does not wait for it)."""
        self.ready.set()
        if kind.recentres:
            self._origin = None

    def go_home(self, _reason, _held):
        """The base holds still where it stands: it has no home to go to."""
        return None

    def settling(self, _held):
        """Nothing to note yet: where the base stands is read as it resumes."""

    def resuming(self, _held):
        """Note where the other app left the base, say."""
        return self._note_pose()

    # -- turning -----------------------------------------------------------------------

    def _note_pose(self):
        """Remember where the base stands now that nothing else moves it; a Disruption
        if ALMotion cannot say."""
        try:
            self._left = self._sender.position()
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.getRobotPosition failed: %s" % err)
        return None

    def _moved_since_noted(self, pose):
        left = self._left
        return left is not None and (
            math.hypot(pose[0] - left[0], pose[1] - left[1]) > MOVED_DISTANCE
            or abs(trajectory.wrap_angle(pose[2] - left[2])) > MOVED_HEADING)

    def _turn(self, band):
        """One turn to a random heading inside the band; a Disruption if the base was
        moved since our last turn, or if the turn was refused or cut."""
        try:
            pose = self._sender.position()
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.getRobotPosition failed: %s" % err)
        if self._moved_since_noted(pose):
            return Disruption(OTHER_APP, why="another app moved the base during its pause")
        heading = pose[2]
        if self._origin is None:
            self._origin = heading
        turn = trajectory.next_turn(trajectory.wrap_angle(heading - self._origin), band,
                                    self._rng)
        if self._config.verbose:
            self._log.debug("base: turning %.3f rad" % turn)
        self.wake.clear()
        try:
            call, refused = self._sender.send_turn(
                turn, self.wake, "animateBehaviour.base.call",
                veto=self._stop_reason)
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.moveIsActive failed: %s" % err)
        if call is None:
            return refused if isinstance(refused, Disruption) else Disruption(
                OTHER_APP, why="another app's move started first")
        stopped = self._sender.wait(call, None, self._stop_reason, PART)
        completed = call.done.is_set() and call.error is None and call.result is not False
        if completed:  # counted even when our stop came as it reached its heading
            self._round.status.count("turns")
            self.backoff.succeeded()
        if stopped is not None:
            return stopped
        if call.error is not None:
            if not isinstance(call.error, RuntimeError):
                raise call.error
            return Disruption(ERROR, why="turning the base failed: %s" % call.error)
        if completed:
            return self._note_pose()
        # NAOqi 2.5 returns False instead of raising: a newer move replaced ours, or the
        # robot refused to move (a sign of Pepper's own state may come just after).
        try:
            if self._sender.move_active():
                return Disruption(OTHER_APP, why="another app's move replaced its turn")
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.moveIsActive failed: %s" % err)
        since = self.backoff.since(call.started)
        return self._disruption(ask_motion=False) or Disruption(
            REFUSED, why=Refusal(self._round.own_state, since))

    def _stop_reason(self):
        """Why our running turn must stop (disruptions.veto; NAOqi stops a move itself for
        most of Pepper's own states: stopping ours is then harmless)."""
        return disruptions.veto(self._looks, THE_BASE)
