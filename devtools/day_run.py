"""The engine and pepper_sim's stand-ins living Pepper's own day on one virtual clock
(pepper_sim.virtual_clock), in process: robot time passes only once every thread of the
run waits, so hours of a day take seconds and what happens does not follow the machine's
load. ALMemory's events come synchronously, in the thread that raises them (the caller's,
while robot time is held). For tests/test_pepper_day_soak.py and
scripts/benchmark_day.py.

Python 2.7/3 single-source.
"""
from __future__ import absolute_import, division, print_function

import logging
import threading

import numpy as np

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.engine import ports
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.day import PeppersDay
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion
from pepper_sim.virtual_clock import VirtualClock

TIMEOUT = 60.0  # wall seconds for the engine to settle or stop
MOVES = ("angleInterpolation", "moveTo")
# The engine's supervisor waits for requests where the clock cannot see it: free.
SUPERVISOR = "animateBehaviour.supervisor"


class Lines(logging.Handler):
    """The lines a logger logs, as (level, message)."""

    def __init__(self):
        logging.Handler.__init__(self, logging.INFO)
        self.lines = []

    def emit(self, record):
        self.lines.append((record.levelno, record.getMessage()))


class DayRun(object):
    """An enabled engine (``settings``: configuration keys and values; ``seed``) on a
    KinematicMotion of ``motion_type``, with its memory, Autonomous Life and day
    (``day``: pepper_sim.day.PeppersDay), all on ``clock`` (a VirtualClock). ``lines``
    collects what the engine logs at INFO and above. ``joined``: the thread making it
    takes part in the run (VirtualClock.take_part) until ``close``: robot time passes
    only while it waits on the clock (``let_pass``), so that what it does between two
    waits takes no robot time however long it takes on the wall."""

    def __init__(self, settings, seed=29, motion_type=KinematicMotion, name="dayRun",
                 joined=False):
        self.config = config_module.from_mapping(settings)
        self.clock = VirtualClock(free=(SUPERVISOR,))
        self.memory = FakeMemory(clock=self.clock, synchronous=True)
        self.motion = motion_type(clock=self.clock, memory=self.memory)
        self.life = FakeAutonomousLife(memory=self.memory, motion=self.motion)
        self.day = PeppersDay(self.motion, self.memory, self.life)
        self.log = logging.getLogger("animateBehaviour.%s" % name)
        self.log.setLevel(logging.DEBUG)
        self.log.propagate = False
        self.lines = Lines()
        self.log.addHandler(self.lines)
        self.engine = engine_module.MotionEngine(
            lambda: self.config, ports.Robot(self.motion, self.memory, self.life, None, None),
            self.log, clock=self.clock, rng=np.random.RandomState(seed))
        self._joined = joined
        settled = self.clock.event() if joined else threading.Event()
        self.engine.add_listener(lambda _state: settled.set())
        if joined:
            # The supervisor counts as the run's while it enables, unseen.
            self.clock.take_part()
            self.clock.count_in(SUPERVISOR)
        with self.clock.held():
            self.engine.start()
            self.engine.request("enabled")
        if joined:
            self.clock.wait(settled, None)
            self.clock.count_out(SUPERVISOR)
        elif not settled.wait(TIMEOUT):
            raise RuntimeError("the engine did not settle within %.0f wall s" % TIMEOUT)

    def let_pass(self, seconds):
        """Let ``seconds`` of robot time pass; returns the clock time then."""
        self.clock.wait(self.clock.event(), seconds)
        return self.clock.now()

    def act(self, action):
        """Do ``action()`` in one robot instant; returns (that clock time, the number of
        calls and of lines recorded before it)."""
        with self.clock.held():
            start = self.clock.now()
            marks = (len(self.motion.calls), len(self.lines.lines))
            action()
        return start, marks

    def since(self, start, marks, until=None):
        """(the calls recorded from clock ``start`` to ``until``, the lines logged) after
        ``marks`` (act's)."""
        with self.clock.held():
            end = self.clock.now() if until is None else until
            return ([call for call in self.motion.calls[marks[0]:] if start <= call.time <= end],
                    list(self.lines.lines[marks[1]:]))

    def during(self, action, seconds):
        """Do ``action()`` in one instant, then let ``seconds`` pass; returns (the clock
        time of the action, the calls recorded meanwhile, the lines logged meanwhile). A
        call whose check came just before the action may still be sent in that instant:
        only later ones count as sent after it."""
        start, marks = self.act(action)
        end = self.let_pass(seconds)
        calls, lines = self.since(start, marks, end)
        return start, calls, lines

    def wait_first(self, marks, predicate=lambda call: call.method in MOVES):
        """Let robot time pass until a call matching ``predicate`` is recorded after
        ``marks`` (act's: a call in the action's own instant counts, as a worker woken by
        it may send at once); returns it."""
        found = []

        def first():
            found[:] = [call for call in self.motion.calls[marks[0]:] if predicate(call)][:1]
            return found
        if not self.motion.wait_for(first, TIMEOUT):
            raise RuntimeError("no such call within %.0f wall s" % TIMEOUT)
        return found[0]

    def close(self):
        if self._joined:
            self.clock.stop_taking_part()
            self._joined = False
        with self.clock.held():
            self.engine.request("disabled")
        closed = self.engine.close(TIMEOUT)
        self.day.close()
        self.log.removeHandler(self.lines)
        return closed


def moves(calls, method=None, chain=None):
    """The calls that move something (of ``method``; on ``chain``'s joints)."""
    found = [call for call in calls if call.method in MOVES
             and (method is None or call.method == method)]
    if chain is not None:
        found = [call for call in found if call.method == "angleInterpolation"
                 and set(call.args[0]) & set(chain)]
    return found
