"""A round: one enabled period, its workers (one per joint group, one for the base), its
monitor, and what they share: the tunings, the live signal, the breath, the sender, the
status, Pepper's own state and the legs' and the base's turn-taking.

A round owns its threads' life in one scope (engine.scope): its workers and its monitor
start in it, and stop together on its stop signal, never reused (a worker abandoned in a
call that never returned sees its round stopped when the call finally returns, and
sends nothing more). While it runs it hears the engine's bell (engine.bell).
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.engine.base_worker import HOT_WATCHED, BaseWorker
from animate_behaviour.engine.group_worker import GroupWorker
from animate_behaviour.engine.monitor import Monitor
from animate_behaviour.engine.scope import Scope
from animate_behaviour.engine.shared_breath import SharedBreath
from animate_behaviour.engine.worker_thread import HOLDS_FOR_TURNS, TURNS_BASE
from animate_behaviour.naoqi import heat as heat_module
from animate_behaviour.planning import groups as groups_module
from animate_behaviour.planning import joints
from animate_behaviour.planning.breath import pace

# What every round of an engine shares: ``runtime`` (ports.Runtime: clock, log),
# ``sender`` (sender.Sender), ``status`` (status.Status), ``tunings`` (tuning.Tunings: the
# configuration now and its groups), ``senses`` (ports.Senses: the live signal, Pepper's
# own state, speech, the bell) and ``watch`` (ports.Watch: what its monitors watch).
RoundParts = collections.namedtuple("RoundParts", "runtime sender status tunings senses watch")

class LegsAndBase(object):
    """Keeps the legs still while the base turns: a legs call and a base turn never run
    together. A turn that falls due takes the next gap between the legs' calls (the legs
    then wait for it), so the legs' calls, however frequent, never keep the base from
    turning. Whoever finishes wakes the other (``legs_wake``, ``base_wake``: events of
    ``clock``, the workers' own once they are added to the round).

        FREE --begin_legs_move--> LEGS_MOVING --end_legs_move--> FREE
        FREE --begin_turn--> TURNING --end_turn--> FREE
        LEGS_MOVING --begin_turn (refused)--> TURN_DUE --end_legs_move--> FREE, the turn
            first: begin_legs_move is refused until it has been made (or given up)
    """

    FREE = "free"
    LEGS_MOVING = "legs moving"
    TURN_DUE = "turn due"  # the legs still move; they start no new call
    TURN_DUE_FREE = "turn due, legs free"
    TURNING = "turning"

    def __init__(self, clock):
        self._lock = threading.Lock()
        self.state = self.FREE
        self.legs_wake = clock.event()
        self.base_wake = clock.event()

    def begin_legs_move(self):
        with self._lock:
            if self.state != self.FREE:
                return False
            self.state = self.LEGS_MOVING
            return True

    def end_legs_move(self):
        with self._lock:
            self.state = self.TURN_DUE_FREE if self.state == self.TURN_DUE else self.FREE
        self.base_wake.set()

    def begin_turn(self):
        """Start a turn if the legs are between calls; else mark it due, so that they
        stay between calls once their call ends, and return False."""
        with self._lock:
            if self.state in (self.LEGS_MOVING, self.TURN_DUE):
                self.state = self.TURN_DUE
                return False
            self.state = self.TURNING
            return True

    def end_turn(self):
        """The turn is over, or will not be made after all: the legs may move."""
        with self._lock:
            self.state = self.FREE
        self.legs_wake.set()


class Round(object):
    """One enabled period, numbered ``number``: its stop signal, its workers, its monitor
    of ``heat`` (heat.HeatMonitor), ``schedule_seed``, the seed of what its plans share
    (the breath, the posture shifts: shared.Shared), and its breath; ``parts``
    (RoundParts) what it shares with the engine's other rounds."""

    def __init__(self, number, parts, heat, schedule_seed):
        self.number = number
        self.schedule_seed = schedule_seed
        self.clock = parts.runtime.clock
        self.origin = self.clock.now()  # the round's start: the breath's time counts from it
        self._scope = Scope(self.clock)
        self.stop = self._scope.stop
        self._bell = parts.senses.bell
        self.sender = parts.sender
        self.tunings = parts.tunings
        self.signal = parts.senses.signal
        self.own_state = parts.senses.own_state
        self.log = parts.runtime.log
        self.status = parts.status
        self.speaking = parts.senses.speaking
        self.heat = heat
        self.breath = SharedBreath(self._pace, schedule_seed)
        self.legs_and_base = LegsAndBase(self.clock)
        self.workers = []
        self._monitor = Monitor(self.clock, heat, parts.watch.keeper,
                                parts.watch.life_period(), self.notify, self.log, self.stop)

    @property
    def config(self):
        """The configuration the workers go by now."""
        return self.tunings.current().config

    def _pace(self):
        """The breath's pace now (breath.Pace: the signal's and the configuration's)."""
        return pace(self.signal.now(), self.config)

    def add(self, worker):
        """Add ``worker``; its role says whether it takes turns with the base."""
        self.workers.append(worker)
        if worker.role == TURNS_BASE:
            self.legs_and_base.base_wake = worker.wake
        elif worker.role == HOLDS_FOR_TURNS:
            self.legs_and_base.legs_wake = worker.wake

    def start(self):
        """Hear the bell, and start the monitor and the workers in the round's scope."""
        self._bell.listen(self)
        self._scope.spawn("animateBehaviour.monitor#%d" % self.number, self._monitor.run,
                          self._monitor.wake)
        for worker in self.workers:
            self._scope.spawn(worker.thread_name, worker.run, worker.wake.set)

    def notify(self):
        """Wake every worker to re-check what it may do."""
        for worker in self.workers:
            worker.wake.set()

    def check_life_soon(self):
        self._monitor.check_life_soon()

    def finish(self, timeout):
        """Hear the bell no more, stop, and wait up to ``timeout`` wall seconds for the
        workers and the monitor; return the names of the threads still running."""
        self._bell.quiet(self)
        return self._scope.close(timeout)

    def left(self):
        """{group name: what its worker knew of its joints (group_calls.Left)}: for the
        way home once the round has finished."""
        return dict((worker.name, worker.left()) for worker in self.workers
                    if isinstance(worker, GroupWorker))


def part_names(config):
    """The names of the parts a round of ``config`` animates: its joint groups (groups.TABLE's
    order), then the base if it turns."""
    return ([row.name for row, _names in groups_module.joint_groups(
        config.behaviour, config.platform_joints)]
        + ([BaseWorker.name] if joints.moves_base(config.behaviour) else []))


def build(number, parts, moves_base, child_rng):
    """Round ``number``: a worker per joint group of the tuning now, and one for the base if
    ``moves_base``, each drawing from ``child_rng()`` (a generator of its own), and a
    schedule seed of its own from one more, so that no two rounds breathe or shift
    posture alike; the status lists its parts, all at home. Not started."""
    tuning = parts.tunings.current()
    groups = list(tuning.groups.values())
    watched = [name for group in groups for name in group.names]
    if moves_base:
        watched.extend(name for name in HOT_WATCHED if name not in watched)
    heat = heat_module.HeatMonitor(parts.watch.memory, watched,
                                   tuning.config.cool_down_time, parts.runtime.clock,
                                   parts.runtime.log, parts.watch.heat)
    # The workers' generators first, as before the schedule seed: a seeded engine still
    # plans the same moves.
    rngs = [child_rng() for _group in groups]
    base_rng = child_rng() if moves_base else None
    round_ = Round(number, parts, heat, int(child_rng().randint(0, 2 ** 31 - 1)))
    parts.status.reset(part_names(tuning.config))
    for group, rng in zip(groups, rngs):
        round_.add(GroupWorker(round_, group.name, rng))
    if moves_base:
        round_.add(BaseWorker(round_, base_rng))
    return round_
