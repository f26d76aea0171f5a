"""The motion engine: turns "enabled"/"disabled" requests into ALMotion commands.

A supervisor thread reconciles the requested state with the robot. Enabling wakes Pepper
if it rests, then suspends BackgroundMovement (waking is documented to resume Autonomous
Life), and starts a *round*: one worker per joint group (group_worker), one for the base
(base_worker) and a monitor that reads motor temperatures and keeps BackgroundMovement
suspended after Autonomous Life resets it. Disabling stops the round (each worker kills
exactly its own running call), returns the joints that are ours to move home smoothly and
restores BackgroundMovement if we turned it off. Requests return at once; the last wins.

A new configuration (a preset) replaces the round's :class:`Tuning` whole; each worker
plans with the tuning current when it plans, and drops a plan made with an older one
before its next call.

Each round has its own stop signal, never reused: a worker abandoned in a call that never
returned sees its round stopped when the call finally returns, and sends nothing more.
"""
from __future__ import absolute_import, division, print_function

import collections
import itertools
import threading

import numpy as np

from animate_behaviour import heat as heat_module
from animate_behaviour import groups as groups_module
from animate_behaviour import joints, own_call, steps, trajectory
from animate_behaviour import status as status_module
from animate_behaviour.base_worker import BaseWorker
from animate_behaviour.clock import REAL_TIME
from animate_behaviour.group_worker import HOME_MIN_DURATION, GroupWorker
from animate_behaviour.life import STATE_KEY, BackgroundMovementKeeper
from animate_behaviour.memory_events import MemorySubscriptions
from animate_behaviour.speech import SpeechWatch

ENABLED = "enabled"
DISABLED = "disabled"
STATES = (ENABLED, DISABLED)
# How long (s) disabling waits for the workers to stop; one stuck in a call that never
# returns (a dead connection) is then abandoned: it can send nothing more.
WORKER_STOP_TIMEOUT = 10.0
# Robot seconds that keep two groups' moves from rest apart: more than the 150 ms within
# which a watcher sees two onsets as one.
STAGGER = 0.25
# How long (s of the engine's clock) enabling waits for every group to reach home before
# announcing "enabled" anyway.
READY_TIMEOUT = 30.0
# The monitor reads the motor temperatures every HEAT_PERIOD s (a motor warms over
# minutes). It checks that BackgroundMovement is still off at once on each
# AutonomousLife/State event (Autonomous Life resets its abilities when it enters or
# reinforces a state), and also every LIFE_PERIOD s in case a reset came without one, or
# every HEAT_PERIOD s when the event cannot be watched: a missed reset only lets Pepper
# breathe between our calls.
HEAT_PERIOD = 5.0
LIFE_PERIOD = 10.0


class EngineClosed(RuntimeError):
    """The engine is shutting down and takes no more requests."""


class LegsAndBase(object):
    """Keeps the legs still while the base turns: a legs call and a base turn never run
    together. A turn that falls due takes the next gap between the legs' calls (the legs
    then wait for it), so the legs' calls, however frequent, never keep the base from
    turning. Whoever finishes wakes the other (``legs_wake``, ``base_wake``: events of
    ``clock``, the workers' own once they are added to the round)."""

    def __init__(self, clock):
        self._lock = threading.Lock()
        self._legs_moving = False
        self._turn_due = False
        self._turning = False
        self.legs_wake = clock.event()
        self.base_wake = clock.event()

    def begin_legs_move(self):
        with self._lock:
            if self._turning or self._turn_due:
                return False
            self._legs_moving = True
            return True

    def end_legs_move(self):
        with self._lock:
            self._legs_moving = False
        self.base_wake.set()

    def begin_turn(self):
        """Start a turn if the legs are between calls; else mark it due, so that they
        stay between calls once their call ends, and return False."""
        with self._lock:
            if self._legs_moving:
                self._turn_due = True
                return False
            self._turning = True
            self._turn_due = False
            return True

    def end_turn(self):
        """The turn is over, or will not be made after all: the legs may move."""
        with self._lock:
            self._turning = False
            self._turn_due = False
        self.legs_wake.set()


class Onsets(object):
    """When each group of a round began, or is to begin, its latest move from rest (robot
    seconds since the round began): a group about to begin one waits until STAGGER after
    any other group's. Groups moving on timings of their own would otherwise set off
    together now and then by chance (each about twice a minute), which a watcher reads
    as one mechanism."""

    def __init__(self):
        self._lock = threading.Lock()
        self._starts = {}

    def claim(self, name, now):
        """When (robot s) group ``name``, ready at ``now``, may begin its move; booked."""
        with self._lock:
            start = now
            for other in sorted(at for group, at in self._starts.items() if group != name):
                if other - STAGGER < start < other + STAGGER:
                    start = other + STAGGER
            self._starts[name] = start
            return start


class Tuning(object):
    """A configuration and the joint groups built from it (group name -> JointGroup);
    replaced whole, never changed."""

    def __init__(self, config, groups):
        self.config = config
        self.groups = collections.OrderedDict((group.name, group) for group in groups)


class Round(object):
    """One enabled period: its stop signal, its workers, its monitor, and the tuning its
    workers plan with (``tuning``, replaced by MotionEngine.retune)."""

    def __init__(self, number, motion, tuning, clock, log, status, heat, speech, keeper,
                 life_period):
        self.number = number
        self.origin = clock.now()  # when the round began: the breath's phase counts from it
        self.stop = clock.event()
        self.motion = motion
        self.tuning = tuning
        self.clock = clock
        self.log = log
        self.status = status
        self.heat = heat
        self.legs_and_base = LegsAndBase(clock)
        self.onsets = Onsets()
        self.workers = []
        self._send_lock = threading.Lock()
        self._unidentified = []  # our calls sent for identification, task not found
        self._speech = speech
        self._keeper = keeper
        self._life_period = life_period
        self._monitor_wake = clock.event()
        self._monitor = clock.thread(self._watch, "animateBehaviour.monitor#%d" % number)

    def send(self, call, free=None, registered=None):
        """Send ``call`` (own_call.OwnCall) and find its task id, one call at a time: the
        new id in getTaskList is then never another of our own calls (nor looked for
        while one of ours whose task was not found in time may still appear). With
        ``free`` (a callable asking ALMotion whether what the call needs is free: its
        joints, or no move running), first ask once more, so that as little time as
        possible is left for another app to start before our call arrives; returns False
        (and sends nothing) if it is not free. With ``registered`` (a callable asking
        ALMotion whether the call's task exists), the call is one never stopped by its
        id: it is not looked for, only waited for, so that the next call's search does
        not take its task for its own."""
        with self._send_lock:
            known = None
            # An earlier call of ours whose task was not found in time may still appear
            # in the list, and its id would pass for this call's: this one is then not
            # looked for either (it cannot be stopped early, but nothing else is killed).
            self._unidentified = [earlier for earlier in self._unidentified
                                  if not earlier.done.is_set()]
            if registered is None and not self._unidentified:
                try:
                    known = own_call.task_ids(self.motion)
                except RuntimeError:
                    pass  # the robot cannot list tasks: the call cannot be stopped early
            if free is not None and not free():
                return False
            call.start(known)
            if registered is not None:
                registered()  # its answer comes once ALMotion has the call: it is not used
            elif call.task_id is None and not call.done.is_set():
                self._unidentified.append(call)
            return True

    def speech_active(self):
        return self._speech is not None and self._speech.speaking

    @property
    def config(self):
        """The configuration the workers go by now."""
        return self.tuning.config

    def add(self, worker):
        self.workers.append(worker)
        if worker.name == BaseWorker.name:
            self.legs_and_base.base_wake = worker.wake
        elif worker.still_while_base_turns:
            self.legs_and_base.legs_wake = worker.wake

    def start(self):
        self._monitor.start()
        for worker in self.workers:
            worker.start()

    def notify(self):
        """Wake every worker to re-check what it may do."""
        for worker in self.workers:
            worker.wake.set()

    def check_life_soon(self):
        self._monitor_wake.set()

    def finish(self, timeout):
        """Stop; wait up to ``timeout`` s of wall time for the workers and the monitor;
        return the workers still running."""
        self.stop.set()
        self.notify()
        self._monitor_wake.set()
        deadline = self.clock.now() + timeout
        left = [worker for worker in self.workers
                if not worker.join(max(0.0, deadline - self.clock.now()))]
        self._monitor.join(max(0.0, deadline - self.clock.now()))
        return left

    def _watch(self):
        """Read the motor temperatures every HEAT_PERIOD s; keep BackgroundMovement off
        when woken (an Autonomous Life state event) and every life period."""
        clock = self.clock
        last_heat = last_life = None
        while not self.stop.is_set():
            woken = self._monitor_wake.is_set()
            self._monitor_wake.clear()
            now = clock.now()
            try:
                if woken or last_life is None or \
                        clock.elapsed(last_life, now) >= self._life_period:
                    last_life = now
                    self._keeper.keep_suspended()
                if last_heat is None or clock.elapsed(last_heat, now) >= HEAT_PERIOD:
                    last_heat = now
                    if self.heat.read():
                        self.notify()
            except Exception as err:  # noqa: the monitor must outlive a broken NAOqi
                self.log.error("monitor: %s: %s" % (type(err).__name__, err))
            now = clock.now()
            clock.wait(self._monitor_wake, min(HEAT_PERIOD - clock.elapsed(last_heat, now),
                                               self._life_period - clock.elapsed(last_life, now)))


class MotionEngine(object):
    """Owns every ALMotion command of the package.

    ``motion`` is an ALMotion proxy (or stand-in); ``autonomous_life`` an ALAutonomousLife
    proxy, ``memory`` an ALMemory proxy, each None when the robot has none; ``rng`` a
    numpy.random.RandomState; ``clock`` the time source (animate_behaviour.clock).
    """

    def __init__(self, motion, config, logger, autonomous_life=None, rng=None, memory=None,
                 clock=None):
        self._motion = motion
        self._config = config
        self._log = logger
        self._memory = memory
        self._rng = rng if rng is not None else np.random.RandomState()
        self._clock = clock if clock is not None else REAL_TIME
        self._condition = threading.Condition()
        self._requested = DISABLED
        self._state = DISABLED
        self._closing = False
        self._listeners = []
        self._limits = None
        self._tuning = None
        self._tuning_lock = threading.Lock()
        self._round = None
        self._rounds = itertools.count(1)
        self._status = status_module.Status()
        self._keeper = BackgroundMovementKeeper(autonomous_life, logger)
        self._subscriptions = MemorySubscriptions(memory, logger) if memory is not None else None
        # How often BackgroundMovement is checked without an AutonomousLife/State event.
        self._life_period = LIFE_PERIOD if memory is not None else HEAT_PERIOD
        self._speech = None
        if memory is not None and config.yield_to_speech:
            self._speech = SpeechWatch(self._clock, self._notify_round)
        self._supervisor = self._clock.thread(self._supervise, "animateBehaviour.supervisor")

    # -- requests (any thread) ---------------------------------------------------------

    def start(self):
        """Subscribe to ALMemory's events and start the supervisor thread."""
        if self._subscriptions is not None:
            self._subscribe()
        else:
            self._log.warning("ALMemory is missing: speech, motor heat and Autonomous Life "
                              "resets are not watched")
        self._supervisor.start()

    def _subscribe(self):
        try:
            self._subscriptions.subscribe(STATE_KEY, self._on_life_state)
        except RuntimeError as err:
            self._log.error("cannot watch %s (%s): BackgroundMovement is re-checked every "
                            "%.0f s only" % (STATE_KEY, err, HEAT_PERIOD))
            self._life_period = HEAT_PERIOD
        if self._speech is not None:
            try:
                self._speech.subscribe(self._subscriptions)
            except RuntimeError as err:
                self._log.error("cannot watch ALTextToSpeech's events (%s): the arms will not "
                                "step aside for speech" % err)
                self._speech = None

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
        """Wait until the robot has settled in ``state``; returns whether it did within
        ``timeout`` wall seconds (for tests and tools: it waits on a Condition)."""
        deadline = self._clock.now() + timeout
        with self._condition:
            while self._state != state or self._requested != state:
                remaining = deadline - self._clock.now()
                if remaining <= 0:
                    return False
                self._condition.wait(remaining)
            return True

    def retune(self, config):
        """Go by ``config`` from now on (a preset or a motion style: the same behaviour,
        platform and home, other motion keys): each group's next call follows it, planned
        from where the call before left the joints, and the base's next pause and turn."""
        with self._tuning_lock:
            self._config = config
            if self._tuning is None:
                return  # never enabled: the first enable builds the tuning
            self._tuning = Tuning(config, groups_module.build(config, self._limits))
            round_ = self._round
            if round_ is not None:
                round_.tuning = self._tuning

    def add_listener(self, callback):
        """Call ``callback(state)`` each time the robot settles in a new state."""
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    def report(self):
        """What the engine is doing: {"state", "requested", "groups": {name: {"state",
        ...}}, "base": {...} (when the base turns), "counters": {...}} (see status)."""
        snapshot = self._status.snapshot()
        parts = snapshot["parts"]
        result = collections.OrderedDict([("state", self.state), ("requested", self.requested)])
        result["groups"] = collections.OrderedDict(
            (name, entry) for name, entry in parts.items() if name != BaseWorker.name)
        if BaseWorker.name in parts:
            result["base"] = parts[BaseWorker.name]
        result["counters"] = snapshot["counters"]
        return result

    def status(self):
        """A one-line summary for the heartbeat."""
        report = self.report()
        parts = list(report["groups"].items())
        if "base" in report:
            parts.append(("base", report["base"]))
        return "state %s (requested %s); %s; %s" % (
            report["state"], report["requested"],
            ", ".join("%s %s" % (name, status_module.describe_part(entry))
                      for name, entry in parts) or "nothing to animate",
            ", ".join("%d %s" % (count, name) for name, count in report["counters"].items()))

    def close(self, timeout):
        """Disable, return home, restore what was changed, stop the supervisor and
        unsubscribe. Returns whether it finished within ``timeout`` seconds."""
        with self._condition:
            self._requested = DISABLED
            self._closing = True
            self._condition.notify_all()
        finished = self._supervisor.join(timeout)
        if not finished:
            self._log.error("animate behaviour did not stop within %.1f s" % timeout)
        if self._subscriptions is not None:
            self._subscriptions.close()
        return finished

    # -- events (ALMemory's threads) ---------------------------------------------------

    def _notify_round(self):
        round_ = self._round
        if round_ is not None:
            round_.notify()

    def _on_life_state(self, _state):
        round_ = self._round
        if round_ is not None:
            round_.check_life_soon()

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
            except Exception as err:  # noqa: the supervisor must survive anything NAOqi raises
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
                self._announce(target)

    def _announce(self, state):
        for callback in list(self._listeners):
            try:
                callback(state)
            except Exception as err:  # noqa: a listener's failure must not end the supervisor
                self._log.error("announcing %s failed in %r: %s: %s"
                                % (state, callback, type(err).__name__, err))

    def _enable(self):
        tuning = self._current_tuning()
        groups = list(tuning.groups.values())
        if not self._motion.robotIsWakeUp():
            self._log.info("Pepper is resting: waking it up to animate it")
            self._motion.wakeUp()  # first: waking up resumes Autonomous Life's abilities
        self._keeper.keep_suspended()
        moves_base = joints.moves_base(self._config.behaviour)
        watched = [name for group in groups for name in group.names]
        if moves_base:
            watched.extend(name for name in joints.LEG_JOINTS if name not in watched)
        heat = heat_module.HeatMonitor(self._memory, watched, tuning.config.cool_down_time,
                                       self._clock, self._log)
        round_ = Round(next(self._rounds), self._motion, tuning, self._clock, self._log,
                       self._status, heat, self._speech, self._keeper,
                       self._life_period)
        self._status.reset([group.name for group in groups]
                           + ([BaseWorker.name] if moves_base else []))
        for group in groups:
            round_.add(GroupWorker(round_, group.name, self._child_rng()))
        if moves_base:
            round_.add(BaseWorker(round_, self._child_rng()))
        with self._tuning_lock:
            round_.tuning = self._tuning  # a retune while the round was being made
            self._round = round_
        round_.start()
        start = self._clock.now()
        for worker in round_.workers:
            remaining = READY_TIMEOUT - self._clock.elapsed(start, self._clock.now())
            if not self._clock.wait(worker.ready, max(0.0, remaining)):
                self._log.warning("group %s has not reached home within %.0f s"
                                  % (worker.name, READY_TIMEOUT))
        self._log.info("animate behaviour enabled (%s)" % self._config.behaviour)

    def _child_rng(self):
        """A generator of its own for a worker (numpy's are not shared across threads)."""
        return np.random.RandomState(self._rng.randint(0, 2 ** 31 - 1))

    def _disable(self):
        self._stop_round()
        self._go_home()
        self._keeper.restore()
        self._log.info("animate behaviour disabled; Pepper is back home")

    def _safe_disable(self):
        """Best effort after a failure: stop, go home and restore; log what fails."""
        for step in (self._stop_round, self._go_home, self._keeper.restore):
            try:
                step()
            except Exception as err:  # noqa: keep restoring whatever still works
                self._log.error("while recovering: %s" % err)

    def _stop_round(self):
        round_, self._round = self._round, None
        if round_ is None:
            return
        left = round_.finish(WORKER_STOP_TIMEOUT)
        if left:
            self._log.error("%s did not stop within %.0f s; going on without (they can send "
                            "nothing more)" % (", ".join(w.name for w in left),
                                               WORKER_STOP_TIMEOUT))
        self._status.all_home()

    # -- joints ------------------------------------------------------------------------

    def _current_tuning(self):
        """The tuning of the current configuration; ALMotion's limits are read the first
        time."""
        with self._tuning_lock:
            if self._tuning is None:
                config = self._config
                names = [name for _row, members in groups_module.joint_groups(
                    config.behaviour, config.platform_joints) for name in members]
                self._limits = joints.limits_from_motion(self._motion, names, self._log)
                self._tuning = Tuning(config, groups_module.build(config, self._limits))
            return self._tuning

    def _go_home(self):
        """Take every group home smoothly, as fast as the velocity limit allows, in calls
        no longer than maxCallDuration (the groups travel together). A group whose joints
        another app holds, or that leaves them to speech, is left where it is."""
        plans = []
        tuning = self._tuning
        for group in (tuning.groups.values() if tuning is not None else ()):
            if group.yields_to_speech and self._speech is not None and self._speech.speaking:
                self._log.info("group %s left where it is: Pepper is speaking" % group.name)
                continue
            if not self._motion.areResourcesAvailable(group.names):
                self._log.info("group %s left where it is: another app moves it" % group.name)
                continue
            start = np.array(self._motion.getAngles(group.names, False), dtype=float)
            times, _stretched = trajectory.timed(
                group.home[np.newaxis, :], start, group, HOME_MIN_DURATION,
                tuning.config.max_velocity_fraction)
            moves = [step for step in steps.cut(start, group.home[np.newaxis, :], times,
                                                tuning.config.max_call_duration)
                     if isinstance(step, steps.Move)]
            plans.append((group, moves))
        for index in range(max([len(moves) for _group, moves in plans] or [0])):
            names, angles, times = [], [], []
            for group, moves in plans:
                if index < len(moves):
                    move = moves[index]
                    names.extend(group.names)
                    angles.extend([float(a) for a in column] for column in move.angles.T)
                    times.extend([[float(t) for t in move.times]] * len(group.names))
            self._motion.angleInterpolation(names, angles, times, True)

