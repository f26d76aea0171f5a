"""The motion engine: the one place its parts are wired (the composition root), and
what callers ask of it.

Requests go to the supervisor (engine.supervisor: the engine's life, LIFE), which
switches with engine.switch: enabling starts a round (engine.round), disabling stops it
and takes the groups home. Requests return at once; the last wins.

The engine owns what the motion reads: the configuration now (``configuration()``, the
live configuration's; tuning.Tunings builds its groups again when it changes, and each
worker plans anew from where its joints are), and its awareness (engine.awareness: the
mood set, the context from ALMemory's events, the lean toward the engaged person's mood,
and the live signal over them), which each worker's stream reads at every step. What the
awareness perceives rings the bell (engine.bell) that the running round hears.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.engine import ports
from animate_behaviour.engine import round as round_module
from animate_behaviour.engine import status as status_module
from animate_behaviour.engine.awareness import Awareness
from animate_behaviour.engine.bell import Bell
from animate_behaviour.engine.supervisor import Supervisor
from animate_behaviour.engine.switch import Switch
from animate_behaviour.engine.tuning import Tunings
from animate_behaviour.foundation.clock import REAL_TIME
from animate_behaviour.naoqi import heat
from animate_behaviour.naoqi import sender as sender_module
from animate_behaviour.naoqi.life import BackgroundMovementKeeper


class MotionEngine(object):
    """The engine, wired for ``robot`` (ports.Robot: ALMotion, through which every command
    goes out with one naoqi.sender.Sender and which Pepper's own state asks whether
    Pepper is awake; ALMemory and ALAutonomousLife, each None when the robot has none;
    the perception services, {name: proxy or None}: ALPeoplePerception,
    ALEngagementZones, ALMood; and what the robot provides for each reaction,
    naoqi.contract.look_up's). ``configuration()`` gives the configuration to go by now
    (presets.LiveConfiguration's); its behaviour and platform never change. ``logger``
    takes what it says; ``clock`` is the time source (foundation.clock; REAL_TIME when
    None); ``rng`` a numpy.random.RandomState (a fresh one when None).
    """

    def __init__(self, configuration, robot, logger, clock=None, rng=None):
        clock = clock if clock is not None else REAL_TIME
        self._clock = clock
        self._log = logger
        self.configuration = configuration  # what the engine goes by now: configuration()
        tunings = Tunings(robot.motion, configuration, logger)
        self._status = status_module.Status()
        # Every part at home from the start: getStatus names them before the first enable.
        self._status.reset(round_module.part_names(configuration()))
        keeper = BackgroundMovementKeeper(robot.life, logger)
        runtime = ports.Runtime(clock, logger)
        bell = Bell()
        self._awareness = Awareness(configuration, robot, runtime, bell)
        self.mood = self._awareness.mood
        self.signal = self._awareness.signal
        self.own_state = self._awareness.own_state
        events = self._awareness.events
        parts = round_module.RoundParts(
            runtime, sender_module.Sender(robot.motion, clock, logger), self._status,
            tunings, ports.Senses(self.signal, self.own_state, events.speaking, bell),
            ports.Watch(keeper, lambda: events.life_period, robot.memory,
                        heat.HeatRecord()))
        self._supervisor = Supervisor(
            Switch(parts, self._awareness,
                   rng if rng is not None else np.random.RandomState()),
            clock, logger)

    # -- requests (any thread) ---------------------------------------------------------

    def start(self):
        """Subscribe to ALMemory's events and start the awareness's and the supervisor's
        threads."""
        self._awareness.start()
        self._supervisor.start()

    def request(self, state):
        """Ask for ``state`` ("enabled" or "disabled"); returns at once. Raises ValueError
        for another state, supervisor.EngineClosed once closing."""
        self._supervisor.request(state)

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
        return self._supervisor.requested

    @property
    def state(self):
        """The state the robot has settled in."""
        return self._supervisor.state

    def wait_settled(self, state, timeout):
        """Wait until the robot has settled in ``state``; whether it did within
        ``timeout`` wall seconds (supervisor.Supervisor.wait_settled)."""
        return self._supervisor.wait_settled(state, timeout)

    def add_listener(self, callback):
        """Call ``callback(state)`` each time the robot settles in a new state."""
        self._supervisor.add_listener(callback)

    def remove_listener(self, callback):
        self._supervisor.remove_listener(callback)

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
        finished = self._supervisor.close(timeout)
        if not finished:
            self._log.error("animate behaviour did not stop within %.1f s" % timeout)
        return self._awareness.close(timeout) and finished
