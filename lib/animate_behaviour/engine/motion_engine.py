"""The motion engine: turns "enabled"/"disabled" requests into rounds of animation.

A supervisor thread reconciles the requested state with the robot, as LIFE says (the
engine's life: one table of its states and what moves them, drawn in
docs/architecture.md). Enabling reads Pepper's own state (it may rest, be docked or in
safeguard: the parts then wait, and the package never wakes Pepper itself) and starts a
round (engine.round), whose monitor suspends BackgroundMovement as it starts. Disabling
stops the round (each worker stops exactly its own running call), takes the groups home
smoothly (engine.homing, handed what each group's worker knew of its joints: a group
another app just set stays) and restores BackgroundMovement if we turned it off. Requests
return at once; the last wins (closing is the last of all).

The engine owns what the motion reads: the configuration now (``configuration()``, the
live configuration's; tuning.Tunings builds its groups again when it changes, and each
worker plans anew from where its joints are), and its awareness (engine.awareness: the
mood set, the context from ALMemory's events, the lean toward the engaged person's mood,
and the live signal over them), which each worker's stream reads at every step.
"""
from __future__ import absolute_import, division, print_function

import itertools
import threading

import numpy as np

from animate_behaviour.engine import homing
from animate_behaviour.engine import ports
from animate_behaviour.engine import round as round_module
from animate_behaviour.engine import status as status_module
from animate_behaviour.engine.awareness import Awareness
from animate_behaviour.engine.transitions import Transition, applying
from animate_behaviour.engine.tuning import Tunings
from animate_behaviour.foundation.clock import REAL_TIME, monotonic
from animate_behaviour.naoqi import heat
from animate_behaviour.naoqi import sender as sender_module
from animate_behaviour.naoqi.life import BackgroundMovementKeeper
from animate_behaviour.planning import joints

ENABLED = "enabled"
DISABLED = "disabled"
STATES = (ENABLED, DISABLED)  # what may be requested, and what getStatus shows
# The engine's life besides those (LIFE): the supervisor switching, and done for good.
ENABLING = "enabling"
DISABLING = "disabling"
CLOSED = "closed"
# The state getStatus shows in each: the last one settled in.
SETTLED = {DISABLED: DISABLED, ENABLING: DISABLED, ENABLED: ENABLED, DISABLING: ENABLED,
           CLOSED: DISABLED}
# What moves it: the last request (ENABLED, DISABLED, or CLOSE: disable, then take no
# more), or how the supervisor's switch ended.
CLOSE = "close"
DONE = "done"
FAILED = "failed"
# How long (s) disabling waits for the workers to stop; one stuck in a call that never
# returns (a dead connection) is then abandoned: it can send nothing more.
WORKER_STOP_TIMEOUT = 10.0
# How long (s of the engine's clock) enabling waits for every group to reach home before
# announcing "enabled" anyway.
READY_TIMEOUT = 30.0


class EngineClosed(RuntimeError):
    """The engine is shutting down and takes no more requests."""


class MotionEngine(object):
    """The request state machine and its report.

    ``motion`` is an ALMotion proxy (or stand-in): every command goes out through one
    naoqi.sender.Sender, and Pepper's own state asks it whether Pepper is awake. ``configuration()``
    gives the configuration to go by now (presets.LiveConfiguration's); its behaviour and
    platform never change. ``autonomous_life`` an ALAutonomousLife proxy, ``memory`` an
    ALMemory proxy, each None when the robot has none; ``services`` the perception
    services ({name: proxy or None}: ALPeoplePerception, ALEngagementZones, ALMood) and
    ``sources`` what the robot provides for each reaction (naoqi.contract.look_up), as
    engine.awareness takes them; ``rng`` a numpy.random.RandomState; ``clock`` the time
    source (foundation.clock).
    """

    def __init__(self, motion, configuration, logger, autonomous_life=None, rng=None,
                 memory=None, clock=None, services=None, sources=None):
        self._motion = motion
        self._log = logger
        self._rng = rng if rng is not None else np.random.RandomState()
        self._clock = clock if clock is not None else REAL_TIME
        self._condition = threading.Condition()
        self._requested = DISABLED  # the last request: what moves LIFE next
        self._life = DISABLED  # the engine's state in LIFE
        self._listeners = []
        self.configuration = configuration  # what the engine goes by now: configuration()
        self._tunings = Tunings(motion, configuration, logger)
        self._round = None
        self._left = {}  # what the last round's groups knew of their joints (homing)
        self._rounds = itertools.count(1)
        self._status = status_module.Status()
        # Every part at home from the start: getStatus names them before the first enable.
        self._status.reset(round_module.part_names(configuration()))
        self._keeper = BackgroundMovementKeeper(autonomous_life, logger)
        # The one place the engine's parts are wired, through named ports.
        runtime = ports.Runtime(self._clock, logger)
        self._awareness = Awareness(
            configuration, ports.Robot(motion, memory, autonomous_life, services or {},
                                       sources),
            runtime, ports.Wakes(self._notify_round, self._on_life_state))
        self.mood = self._awareness.mood
        self.signal = self._awareness.signal
        events = self._awareness.events
        self._speaking = events.speaking
        self._sender = sender_module.Sender(motion, self._clock, logger)
        self.own_state = self._awareness.own_state
        self._parts = round_module.RoundParts(
            runtime, self._sender, self._status, self._tunings,
            ports.Senses(self.signal, self.own_state, events.speaking),
            ports.Watch(self._keeper, lambda: events.life_period, memory,
                        heat.HeatRecord()))
        self._supervisor = self._clock.thread(self._supervise, "animateBehaviour.supervisor")

    # -- requests (any thread) ---------------------------------------------------------

    def start(self):
        """Subscribe to ALMemory's events and start the awareness's and the supervisor's
        threads."""
        self._awareness.start()
        self._supervisor.start()

    def request(self, state):
        """Ask for ``state`` ("enabled" or "disabled"); returns at once."""
        if state not in STATES:
            raise ValueError("state %r is not one of %s" % (state, ", ".join(STATES)))
        with self._condition:
            if self._requested == CLOSE:
                raise EngineClosed("the animate behaviour is shutting down")
            self._requested = state
            self._condition.notify_all()

    @property
    def clock(self):
        """The engine's time source (robot seconds): what the mood's glide counts in."""
        return self._clock

    @property
    def context(self):
        """What happens around Pepper (context.Context): a source of the live signal."""
        return self._awareness.context

    @property
    def requested(self):
        """The last requested state."""
        with self._condition:
            return self._shown()[1]

    @property
    def state(self):
        """The state the robot has settled in."""
        with self._condition:
            return self._shown()[0]

    def _shown(self):
        """(the state settled in, the last requested) as getStatus shows them; under the
        condition's lock."""
        return SETTLED[self._life], DISABLED if self._requested == CLOSE else self._requested

    def wait_settled(self, state, timeout):
        """Wait until the robot has settled in ``state``; returns whether it did within
        ``timeout`` wall seconds (for tests and tools: it waits on a Condition; counted
        on the wall, not the engine's clock, whose robot seconds a simulation may run
        far faster)."""
        deadline = monotonic() + timeout
        with self._condition:
            while self._shown() != (state, state):
                remaining = deadline - monotonic()
                if remaining <= 0:
                    return False
                self._condition.wait(remaining)
            return True

    def add_listener(self, callback):
        """Call ``callback(state)`` each time the robot settles in a new state."""
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    def report(self):
        """What the engine is doing: {"state", "requested", "groups": {name: {"state",
        ...}}, "base": {...} (when the base turns), "counters": {...}} (see status), and
        "context" (engine.awareness.Awareness.report)."""
        report = status_module.report(self.state, self.requested, self._status.snapshot())
        report["context"] = self._awareness.report()
        report["ownState"] = self._awareness.own_state_report()
        return report

    def status(self):
        """A one-line summary for the heartbeat."""
        return status_module.summary(self.report())

    def close(self, timeout):
        """Disable, return home, restore what was changed, stop the supervisor and
        unsubscribe. Returns whether it finished within ``timeout`` seconds."""
        with self._condition:
            self._requested = CLOSE
            self._condition.notify_all()
        finished = self._supervisor.join(timeout)
        if not finished:
            self._log.error("animate behaviour did not stop within %.1f s" % timeout)
        return self._awareness.close(timeout) and finished

    # -- events (ALMemory's threads) ---------------------------------------------------

    def _notify_round(self):
        round_ = self._round
        if round_ is not None:
            round_.notify()

    def _on_life_state(self):
        round_ = self._round
        if round_ is not None:
            round_.check_life_soon()

    # -- supervisor --------------------------------------------------------------------

    def _supervise(self):
        """Follow LIFE: wait for a request it moves on (the last), switch, and say when
        the settled state changes; until CLOSED."""
        event = None  # what moves LIFE next: None, the last request
        while True:
            with self._condition:
                row = None
                while row is None:
                    row = applying(LIFE, self, self._life,
                                   self._requested if event is None else event)
                    if row is None:
                        self._condition.wait()
                changed = SETTLED[row.target] != SETTLED[self._life]
                self._life = row.target
                self._condition.notify_all()
            if changed:
                self._announce(SETTLED[row.target])
            if row.target == CLOSED:
                return
            event = self._switch(row.actions) if row.actions else None

    def _switch(self, actions):
        """Run the switch's ``actions`` (enable, disable): DONE, or FAILED once one failed
        and what still works was undone (the animate behaviour is then disabled, and a
        request to enable withdrawn)."""
        try:
            for action in actions:
                action(self)
            return DONE
        except Exception as err:  # noqa: the supervisor must survive anything NAOqi raises
            self._log.error("switching to %s failed: %s; the animate behaviour is disabled"
                            % (applying(LIFE, self, self._life, DONE).target, err))
            self._safe_disable()
            with self._condition:
                if self._requested == ENABLED:
                    self._requested = DISABLED
            return FAILED

    def _announce(self, state):
        for callback in list(self._listeners):
            try:
                callback(state)
            except Exception as err:  # noqa: a listener's failure must not end the supervisor
                self._log.error("announcing %s failed in %r: %s: %s"
                                % (state, callback, type(err).__name__, err))

    def _enable(self):
        """Only what the first call needs comes before the round starts: Pepper's own
        state (she may rest, be docked or in safeguard: no call must go out then). The
        round's monitor suspends BackgroundMovement as it starts, beside the first calls,
        and the people extractors are subscribed after that."""
        behaviour = self._tunings.current().config.behaviour
        self._awareness.read_own_state()  # first: the parts follow it
        held = self.own_state.hold(joints.ANIMATED_JOINTS)
        if held is not None:
            self._log.info("animate behaviour enabled while Pepper is %s (%s): it moves "
                           "once that is over (the package never wakes Pepper up itself)"
                           % (held.state, held.reason))
        round_ = round_module.build(next(self._rounds), self._parts,
                                    joints.moves_base(behaviour), self._child_rng)
        self._round = round_
        round_.start()
        self._awareness.animating()
        start = self._clock.now()
        for worker in round_.workers:
            remaining = READY_TIMEOUT - self._clock.elapsed(start, self._clock.now())
            if not self._clock.wait(worker.ready, max(0.0, remaining)):
                self._log.warning("group %s has not reached home within %.0f s"
                                  % (worker.name, READY_TIMEOUT))
        self._log.info("animate behaviour enabled (%s)" % behaviour)

    def _child_rng(self):
        """A generator of its own for a worker (numpy's are not shared across threads)."""
        return np.random.RandomState(self._rng.randint(0, 2 ** 31 - 1))

    def _disable(self):
        self._stop_round()
        self._go_home()
        self._keeper.restore()
        self._awareness.resting()
        self._log.info("animate behaviour disabled; Pepper is back home")

    def _safe_disable(self):
        """Best effort after a failure: stop, go home and restore; log what fails."""
        for step in (self._stop_round, self._go_home, self._keeper.restore,
                     self._awareness.resting):
            try:
                step()
            except Exception as err:  # noqa: keep restoring whatever still works
                self._log.error("while recovering: %s" % err)

    def _stop_round(self):
        round_, self._round = self._round, None
        if round_ is None:
            return
        stuck = round_.finish(WORKER_STOP_TIMEOUT)
        if stuck:
            self._log.error("%s did not stop within %.0f s; going on without (they can send "
                            "nothing more)" % (", ".join(w.name for w in stuck),
                                               WORKER_STOP_TIMEOUT))
        self._left = round_.left()
        self._status.all_home()

    def _go_home(self):
        left, self._left = self._left, {}
        homing.go_home(self._sender, self._tunings.latest, self._speaking, self.own_state,
                       self._log, left)


# The engine's life, first row that applies wins: the supervisor switches in ENABLING
# and DISABLING, running the row's actions, and waits in the other states until a
# request moves it (the diagram in docs/architecture.md is drawn from it:
# scripts/update_architecture.py).
LIFE = (
    Transition((DISABLED,), ENABLED, None, ENABLING, (MotionEngine._enable,)),
    Transition((ENABLED,), DISABLED, None, DISABLING, (MotionEngine._disable,)),
    Transition((ENABLED,), CLOSE, None, DISABLING, (MotionEngine._disable,)),
    Transition((DISABLED,), CLOSE, None, CLOSED, ()),
    Transition((ENABLING,), DONE, None, ENABLED, ()),
    Transition((DISABLING,), DONE, None, DISABLED, ()),
    Transition((ENABLING, DISABLING), FAILED, None, DISABLED, ()),
)
