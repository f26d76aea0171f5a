"""One joint group's worker: random trajectories sent as short calls, stepping aside for
other apps, speech and hot motors.

The worker plans its group's moves in the configured motion style (animate_behaviour.styles:
the specification's trajectories of numPoints waypoints gestureDuration apart, or the
lifelike style's), velocity-limited, and sends each plan as consecutive calls no longer
than maxCallDuration (animate_behaviour.steps) through the round's sender, the next plan
made on another thread while the current one runs, so a seam between calls costs a
round trip only.

Before each call it checks what may forbid it (a *disruption*, animate_behaviour.recovery):
the round is stopping;
a joint of the group is hot; Pepper speaks (for groups that leave arms and hands to
speech); another app's task holds the group's joints (``areResourcesAvailable``); or, after
a pause with no call, another app moved them. A call that returns early without us
stopping it means another app killed it to take the joints: a disruption too. While
disrupted the group sends nothing (a hot group first goes home and holds still); it
resumes (recovery.Recovery) once the joints have been free for yieldQuietTime (hot
joints: cool for coolDownTime), from the joints' measured angles.

A stop (disable) or speech kills exactly the group's own running call (own_call.Sender).

While Pepper listens (the context's ``arms_hold()``), an arm or hand group starts no
move: at its next move it drops the rest of the plan and holds for LISTEN_HOLD s
(breathing on in the lifelike style), and again, until listening ends; a call running
when listening begins ends as planned.

Each plan remembers the round's tuning (configuration and groups) it was made with; when
the tuning has changed (a new preset), the worker drops the rest of the plan before its
next call and plans anew from where its last call left the joints: the change reaches
the robot within one call (maxCallDuration), with no jump.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

import numpy as np

from animate_behaviour import status as status_module, steps, styles
from animate_behaviour.recovery import (ERROR, HOT, OTHER_APP, SPEECH, STOP, STOPPING,
                                        YIELD_POLL, YIELD_TO_SPEECH, Disruption, Recovery)
from animate_behaviour.worker_thread import HOLDS_FOR_TURNS, MOVES_ALONE, WorkerThread

# A call returning before this fraction of its duration was cut short by someone, unless
# the joints are commanded at its last key (a simulator whose clock caught up on a lag
# played it faster: a killed call leaves them elsewhere, or another app moves them); one
# returning later than its duration plus LATE_MARGIN (s) waited for joints another app
# took in the instant before we sent it (NAOqi postponed it).
EARLY_FRACTION = 0.95
LATE_MARGIN = 1.0
# Commanded angles further than this (rad) from where we left them: another app moved
# the joints while we held no call.
MOVED_TOLERANCE = 0.01
# Our next call sent longer than this (robot s) after the last one's planned end (a
# round trip, a few ms, normally): there was a stall (a garbage collection in NAOqi's
# shared interpreter, a loaded robot) in which another app's short gesture may have come
# and gone unseen by areResourcesAvailable, so the commanded angles are checked first,
# as after a rest.
LONG_SEAM = 0.2
# While Pepper listens, an arm group holds this long (robot s) before it looks again.
LISTEN_HOLD = 2.0

Plan = collections.namedtuple("Plan", "kind steps end tuning")

# How a plan's execution ended: every step done; the rest of the plan must be made anew
# from where the joints are (its tuning is no longer current, a preset or a style; or a
# move began late to keep apart from another group's, and the breath of the plan's later
# keys would be out of phase); the group must hold instead of moving (Pepper listens);
# or a Disruption stopped it.
FINISHED = "finished"
REPLAN = "replan"
HOLD = "hold"
DISRUPTED = "disrupted"


class Ended(collections.namedtuple("Ended", "how disruption")):
    """How a plan's execution ended (FINISHED, REPLAN, DISRUPTED) and, if DISRUPTED,
    the Disruption."""

    def __new__(cls, how, disruption=None):
        return super(Ended, cls).__new__(cls, how, disruption)


class Prefetch(object):
    """``function(*args)`` computed on its own thread; ``result()`` waits for it."""

    def __init__(self, name, function, *args):
        self._function = function
        self._args = args
        self._value = None
        self._error = None
        self._thread = threading.Thread(target=self._run, name=name)
        self._thread.daemon = True
        self._thread.start()

    def _run(self):
        try:
            self._value = self._function(*self._args)
        except Exception as err:  # noqa: re-raised in result(), on the worker's thread
            self._error = err

    def result(self):
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value


class GroupWorker(WorkerThread):
    """Animates the group ``name`` of the round's tuning during ``round_`` (round.Round:
    sender, tuning, clock, log, stop, status, speaking, heat, legs_and_base, onsets)
    with ``rng`` (a numpy RandomState of its own)."""

    def __init__(self, round_, name, rng):
        self.name = name
        self.status_name = name
        self.who = "group %s" % name
        WorkerThread.__init__(self, round_, rng, self.name, self.who)
        self._expected = None  # where our last call left the joints
        self._verify = False  # check the joints' commanded angles before the next call
        self._last_call = None  # (clock time sent, planned s) of our last call that played out
        self._hot_logged = ()
        self._went_home = False  # while hot: whether it went home before holding still

    # -- life --------------------------------------------------------------------------

    @property
    def _group(self):
        """The group as the current tuning configures it (its joints never change; its
        ranges may, and its home with the mood's valence)."""
        return self._round.tuning.groups[self.name]

    @property
    def role(self):
        """HOLDS_FOR_TURNS if its calls and the base's turns never overlap (its group's
        row says), else MOVES_ALONE."""
        return HOLDS_FOR_TURNS if self._group.row.still_while_base_turns else MOVES_ALONE

    def _finished(self):
        self.ready.set()
        self._round.status.set(self.name, status_module.HOME)

    def _animate(self):
        start = self._commanded()
        self._expected = start
        if np.allclose(start, self._group.home, atol=MOVED_TOLERANCE):
            # Home already (enabled again, say): the first random call goes out at once.
            self.ready.set()
            plan = self._random_plan(start, self._now())
        else:
            plan = self._home_plan(start)  # the first random plan is made meanwhile
        upcoming = self._plan_after(plan)
        while True:
            ended = self._execute(plan)
            if ended.how == REPLAN:
                upcoming.result()  # planned from the dropped plan's end
                plan = self._random_plan(self._expected, self._now())
            elif ended.how == HOLD:
                upcoming.result()
                plan = self._hold_plan(self._expected, self._now())
            elif ended.how == FINISHED:
                if plan.kind == "trajectory":
                    self._round.status.count("trajectories")
                self.ready.set()
                plan = upcoming.result()
            else:
                self.ready.set()
                upcoming.result()  # one planner at a time on this group's random generator
                if not Recovery(self, self._round, self.wake).run(ended.disruption):
                    return
                start = self._measured()
                # What the next check compares ALMotion's commanded angles with: they, not
                # the measured ones a tracking error away, stay put while nobody moves.
                self._expected = self._commanded()
                self._last_call = None
                plan = self._random_plan(start, self._now())
            upcoming = self._plan_after(plan)

    # -- plans -------------------------------------------------------------------------

    def _now(self):
        """Robot seconds since the round began (the breath's phase counts from there)."""
        return self._clock.elapsed(self._round.origin, self._clock.now())

    def _plan_after(self, plan):
        """The random plan that follows ``plan``, made on a thread of its own while
        ``plan`` (about to start) plays."""
        return Prefetch("animateBehaviour.%s.plan" % self.name, self._random_plan, plan.end,
                        self._now() + steps.duration(plan.steps))

    def _random_plan(self, start, at):
        """The current style's plan from ``start`` (angles) beginning at robot time ``at``."""
        tuning = self._round.tuning
        config = tuning.config
        planned, end, summary = styles.ROWS[config.motion_style].plan(
            tuning.groups[self.name], config, self._rng, start, at, self._round.schedule_seed)
        if config.verbose:
            self._log.debug("trajectory %s: %s" % (self.name, summary))
        return Plan("trajectory", planned, end, tuning)

    def _hold_plan(self, start, at):
        """LISTEN_HOLD s holding from ``start`` at robot time ``at``: no move starts."""
        tuning = self._round.tuning
        planned, end, _summary = styles.ROWS[tuning.config.motion_style].hold(
            tuning.groups[self.name], tuning.config, start, at, LISTEN_HOLD,
            self._round.schedule_seed)
        return Plan("hold", planned, end, tuning)

    def _home_plan(self, start):
        tuning = self._round.tuning
        group = tuning.groups[self.name]
        return Plan("home", steps.home(group, start, tuning.config), group.home, tuning)

    # -- reading the joints --------------------------------------------------------------

    def _angles(self, use_sensors):
        try:
            return np.array(self._sender.angles(self._group.names, use_sensors), dtype=float)
        except RuntimeError as err:
            self._log.error("ALMotion.getAngles (%s) failed (%s); assuming home"
                            % (self.name, err))
            return self._group.home.copy()

    def _commanded(self):
        return self._angles(False)

    def _measured(self):
        return self._angles(True)

    # -- gates -------------------------------------------------------------------------

    def _disruption(self, check_resources=True):
        """Why the group must not send a call now, or None; ``check_resources``: ask
        ALMotion whether another app's task holds its joints (a round trip), else only
        what the worker knows."""
        round_ = self._round
        if round_.stop.is_set():
            return STOP
        hot = round_.heat.resting(self._group.names)
        if hot:
            return Disruption(HOT, hot)
        def speaking():
            return self._group.yields_to_speech and round_.speaking()
        if speaking():
            return YIELD_TO_SPEECH
        if check_resources and not self._sender.joints_free(self._group.names):
            return Disruption(OTHER_APP, why="another app's task holds its joints")
        if speaking():  # again: speech may have started during the round trip
            return YIELD_TO_SPEECH
        return None

    def _known_disruption(self):
        """Why the group must not send a call now, from what the worker knows (no round
        trip)."""
        return self._disruption(check_resources=False)

    # -- executing a plan ----------------------------------------------------------------

    def _execute(self, plan):
        """Run the plan's steps; returns how it Ended (after REPLAN the joints are where
        its last call left them)."""
        for step in plan.steps:
            if plan.kind == "trajectory" and plan.tuning is not self._round.tuning:
                return Ended(REPLAN)
            if plan.kind == "trajectory" and self._holds_for_listening(step):
                return Ended(HOLD)
            # Whether another app holds the joints is asked just before a call is sent.
            disruption = self._known_disruption()
            if disruption is not None:
                return Ended(DISRUPTED, disruption)
            late = False
            if isinstance(step, steps.Move) and step.starts:
                late, disruption = self._keep_apart()
            if disruption is None:
                if isinstance(step, steps.Rest):
                    disruption = self._rest(step.duration)
                else:
                    disruption = self._move(step)
            if disruption is not None:
                return Ended(DISRUPTED, disruption)
            if late:
                return Ended(REPLAN)
        return Ended(FINISHED)

    def _holds_for_listening(self, step):
        """Whether ``step`` would move the arms while Pepper listens (a breath call,
        which commands only some joints, goes on)."""
        return (isinstance(step, steps.Move) and step.joints is None
                and self._group.yields_to_speech and self._round.context.arms_hold())

    def _keep_apart(self):
        """Before a move that starts the group moving: wait (holding, as a rest) until it
        begins STAGGER s apart from every other group's (round.onsets). Returns (whether
        it waited, the Disruption that ended the wait or None)."""
        now = self._now()
        delay = self._round.onsets.claim(self.name, now) - now
        if delay <= 0.0:
            return False, None
        return True, self._rest(delay)

    def _rest(self, duration):
        """Hold still, uncommanded, for ``duration`` s; the joints are free meanwhile, so
        the next call checks first that nobody moved them."""
        self._round.status.set(self.name, status_module.ANIMATING)
        disruption = self._hold(duration, self._known_disruption)
        if disruption is None:
            self._verify = True
        return disruption

    def _moved_by_someone(self):
        commanded = self._commanded()
        return not np.allclose(commanded, self._expected, atol=MOVED_TOLERANCE)

    def _move(self, step):
        if self._last_call is not None:
            sent, duration = self._last_call
            if self._clock.elapsed(sent, self._clock.now()) - duration > LONG_SEAM:
                self._verify = True
            self._last_call = None
        if self._verify:
            self._verify = False
            if self._moved_by_someone():
                return Disruption(OTHER_APP, why="its joints were moved while it held none")
        legs_and_base = self._round.legs_and_base if self.role == HOLDS_FOR_TURNS else None
        if legs_and_base is not None:
            while True:
                self.wake.clear()
                if legs_and_base.begin_legs_move():
                    break
                if self._round.stop.is_set():
                    return STOP
                # A turn is due or running: the legs hold still until its end_turn wakes them.
                self._clock.wait(self.wake, None)
        try:
            return self._call(step)
        finally:
            if legs_and_base is not None:
                legs_and_base.end_legs_move()

    def _call(self, step):
        self._round.status.set(self.name, status_module.ANIMATING)
        commanded = range(len(self._group.names)) if step.joints is None else step.joints
        names = [self._group.names[index] for index in commanded]
        angles = [[float(angle) for angle in step.angles[:, index]] for index in commanded]
        times = [float(time) for time in step.times]
        self.wake.clear()
        try:
            call = self._sender.send_joints(names, angles, times, self.wake,
                                            "animateBehaviour.%s.call" % self.name)
        except RuntimeError as err:
            self._log.error("ALMotion.areResourcesAvailable (%s) failed: %s" % (self.name, err))
            return Disruption(ERROR)
        if call is None:
            return Disruption(OTHER_APP, why="another app's task holds its joints")
        self._round.status.count("calls")
        stop_reason = self._sender.wait(call, step.duration, self._stop_reason, self.name)
        if stop_reason is not None:
            return stop_reason
        if call.error is not None:
            if not isinstance(call.error, RuntimeError):
                raise call.error
            self._log.error("ALMotion.angleInterpolation (%s) failed: %s" % (self.name, call.error))
            return Disruption(ERROR)
        elapsed = call.elapsed
        if elapsed < EARLY_FRACTION * step.duration and not np.allclose(
                self._commanded(), step.end, atol=MOVED_TOLERANCE):
            return Disruption(OTHER_APP, why="its %.2f s call ended after %.2f s: killed to "
                              "take its joints" % (step.duration, elapsed))
        if elapsed > step.duration + LATE_MARGIN:
            return Disruption(OTHER_APP, why="its %.2f s call took %.2f s: postponed behind "
                              "another app's task" % (step.duration, elapsed))
        self._expected = step.end
        self._last_call = (call.started, step.duration)
        return None

    def _stop_reason(self):
        """Why our running call must stop at once (a stop, speech), or None."""
        disruption = self._known_disruption()
        if disruption is not None and disruption.reason in (STOPPING, SPEECH):
            return disruption
        return None

    # -- stepping aside (recovery.Recovery's part) -----------------------------------------

    def check(self):
        """The current disruption, asking ALMotion, or None."""
        try:
            return self._disruption()
        except RuntimeError as err:
            self._log.error("ALMotion.areResourcesAvailable (%s) failed: %s" % (self.name, err))
            return Disruption(ERROR)

    def yielding(self, disruption):
        """A hot group goes home once, smoothly, before it holds still; until it has, it
        looks again every YIELD_POLL s."""
        if disruption.reason != HOT:
            return None
        self._log_hot(disruption.joints)
        if not self._went_home:
            self._went_home = self._go_home_while_hot()
        return None if self._went_home else YIELD_POLL

    def resuming(self):
        self._log_hot(())
        self._went_home = False
        return None

    def _log_hot(self, joints):
        """Log the group's rest and resumption once each."""
        if joints:
            if not self._hot_logged:
                self._log.warning("group %s rests: %s too hot; it goes home and holds still "
                                  "until cool for %.0f s" % (self.name, ", ".join(joints),
                                                             self._config.cool_down_time))
            self._hot_logged = joints
        elif self._hot_logged:
            self._log.warning("group %s resumes: its joints have cooled down" % self.name)
            self._hot_logged = ()

    def _go_home_while_hot(self):
        """Take the group home smoothly before it holds still; True once there, False if
        the joints are not ours to move now (another app, speech) or the round stops."""
        plan = self._home_plan(self._measured())
        for step in plan.steps:
            if isinstance(step, steps.Rest):
                continue
            disruption = self.check()
            if disruption is not None and disruption.reason != HOT:
                return False
            if self._call(step) is not None:
                return False
        self._expected = plan.end
        return True
