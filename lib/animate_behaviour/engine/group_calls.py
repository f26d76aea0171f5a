"""A joint group's calls: each step sent (a call) or held (a rest), and how it ended:
played out, stopped for speech or a stop, killed or postponed by another app, or found
moved by another app while the group held none.

A GroupWorker (engine.group_worker) holds one GroupCalls and sends every step through
it: a call that returns early without us stopping it means another app killed it to
take the joints; one that returns late waited behind another app's task; and before
every call the joints' commanded angles are checked: another app's setAngles books no
joint and shows in no answer of areResourcesAvailable (docs/naoqi.md). Each is a
disruption (engine.disruptions) the worker then steps aside for.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from animate_behaviour.engine import status as status_module
from animate_behaviour.engine.disruptions import ERROR, OTHER_APP, STOP, Disruption
from animate_behaviour.engine.worker_thread import HOLDS_FOR_TURNS
from animate_behaviour.planning import steps

# A call returning before this fraction of its duration was cut short by someone, unless
# the joints are commanded at its last key (a simulator whose clock caught up on a lag
# played it faster: a killed call leaves them elsewhere, or another app moves them); one
# returning later than its duration plus LATE_MARGIN (s) waited for joints another app
# took in the instant before we sent it (NAOqi postponed it).
EARLY_FRACTION = 0.95
LATE_MARGIN = 1.0
# Commanded angles further than this (rad) from where our last call left them: another
# app moved the joints (a setAngles books none, so nothing else tells).
MOVED_TOLERANCE = 0.01
MOVED_BY_ANOTHER_APP = "another app moved its joints since its last call"


class Left(collections.namedtuple("Left", "low high seen_ago looked_ago")):
    """What a group's calls knew of its joints when the round stopped, for the way home
    (engine.homing). Unless someone else commanded them since, ALMotion commands them
    between ``low`` and ``high`` (rad, joint by joint; None before the group first read
    them): where the group expects them (GroupCalls.expected: both the same), or, after a
    call of ours that did not play out (stopped as the round ended, say), anywhere on its
    path, whose span its start and keys bound. ``seen_ago``: robot s since the group last
    saw another app move them (not where a task of it left them), ``looked_ago`` since it
    last read where ALMotion commands them (a move found now came after), each None if
    never."""


class WorkerPort(collections.namedtuple(
        "WorkerPort", "wake backoff group role known_disruption veto hold")):
    """What a group's calls read of their worker (group_worker.GroupWorker), named:
    ``wake`` the worker's event; failures count in ``backoff`` (recovery.Backoff);
    ``group()`` gives the group as the configuration now builds it, ``role()`` whether
    its calls take turns with the base (worker_thread), ``known_disruption()`` why it must
    not move now (no round trip), ``hold(duration, known_disruption)`` holds still
    (worker_thread.WorkerThread._hold), ``veto()`` why a call must stop at once or not
    leave (disruptions.veto; it takes no lock: the sender asks it holding its own)."""


class GroupCalls(object):
    """The calls of the group ``name`` during ``round_`` (round.Round: its sender, status,
    clock, log, stop and legs_and_base), asking its ``worker`` (WorkerPort) what only the
    worker knows. ``expected``: where our last call left the joints (``read_expected``:
    as ALMotion commands them now), or, while the group yields to another app, where that
    app last commanded them (``moved_on``)."""

    def __init__(self, name, round_, worker):
        self.name = name
        self.wake = worker.wake
        self.backoff = worker.backoff
        self._expected = None
        self._path = None  # (low, high) of a call of ours that left since expected was set
        self._seen = None  # the clock time the group last saw another app move its joints
        self._looked = None  # the clock time it last read their commanded angles
        self._task_held = False  # since the last look (its end is no setAngles)
        # A look failed (ALMotion raised): home was assumed, so neither the joints' band
        # (left) nor the next move found (no setAngles seen) says anything of other apps.
        self._assumed = False
        self._just_read = False  # expected was read from ALMotion, and nothing sent since
        self._round = round_
        self._sender = round_.sender
        self._clock = round_.clock
        self._group = worker.group
        self._role = worker.role
        self._known_disruption = worker.known_disruption
        self._veto = worker.veto
        self._hold = worker.hold

    @property
    def expected(self):
        return self._expected

    @expected.setter
    def expected(self, angles):
        # Whoever sets it knows where the joints are commanded.
        self._expected = angles
        self._path = None

    def left(self):
        """What the group knew of its joints as its worker stopped (Left)."""
        low, high = (None, None) if self._assumed else \
            self._path or (self._expected, self._expected)
        now = self._clock.now()
        return Left(low, high, *[None if at is None else self._clock.elapsed(at, now)
                                 for at in (self._seen, self._looked)])

    # -- executing a step ----------------------------------------------------------------

    def step(self, step):
        """Send or hold ``step``; the Disruption that stopped it, or None once done (the
        joints then where it left them)."""
        # Whether another app holds the joints is asked just before a call is sent.
        disruption = self._known_disruption()
        if disruption is not None:
            self._just_read = False  # stale by the time the group moves again
            return disruption
        if isinstance(step, steps.Rest):
            return self._rest(step.duration)
        return self._move(step)

    def _rest(self, duration):
        """Hold still, uncommanded, for ``duration`` s; the joints are free meanwhile."""
        self._just_read = False  # another app may move them meanwhile
        self._round.status.set(self.name, status_module.ANIMATING)
        return self._hold(duration, self._known_disruption)

    def task_held(self):
        """Another app's task held the joints (ALMotion's tasks said so, or it killed or
        postponed a call of ours): the next move found is where it left them, not a
        setAngles seen (``left``)."""
        self._task_held = True

    def _moved_by_someone(self, commanded=None):
        commanded = self.commanded() if commanded is None else commanded
        moved = not np.allclose(commanded, self.expected, atol=MOVED_TOLERANCE)
        task_held, self._task_held = self._task_held, False
        assumed, self._assumed = self._assumed, False
        if moved and not task_held and not assumed:
            self._seen = self._clock.now()
        return moved

    def moved_on(self):
        """Whether another app commanded the joints away from ``expected`` since; they
        are then expected where it commands them now (a group watching the app it
        yields to)."""
        commanded = self.commanded()
        if not self._moved_by_someone(commanded):
            return False
        self.expected = commanded
        return True

    def _move(self, step):
        legs_and_base = self._round.legs_and_base if self._role() == HOLDS_FOR_TURNS \
            else None
        if legs_and_base is not None:
            while True:
                self.wake.clear()
                if legs_and_base.begin_legs_move():
                    break
                if self._round.stop.is_set():
                    return STOP
                # A turn is due or running: the legs hold still until its end_turn wakes them
                # (another app may command them meanwhile: the read taken before is stale).
                self._just_read = False
                self._clock.wait(self.wake, None)
        self._round.status.set(self.name, status_module.ANIMATING)
        try:
            return self.call(step)
        finally:
            if legs_and_base is not None:
                legs_and_base.end_legs_move()

    def call(self, step):
        """Send the Move ``step`` now; the Disruption that stopped it, or None once done.
        The status is the caller's to set: a group going home before it holds still
        (group_worker) still shows what it holds for, even when its way home is
        refused."""
        group = self._group()
        commanded = range(len(group.names)) if step.joints is None else step.joints
        names = [group.names[index] for index in commanded]
        angles = [[float(angle) for angle in step.angles[:, index]] for index in commanded]
        times = [float(time) for time in step.times]
        # One question a call, the last but the task list: where another app may have
        # commanded the joints since our last call (during it, between two, in a rest).
        # Just read (enabling, resuming), they were read for this call: no second look.
        just_read, self._just_read = self._just_read, False
        if not just_read and self._moved_by_someone():
            return Disruption(OTHER_APP, why=MOVED_BY_ANOTHER_APP)
        self.wake.clear()
        try:
            call, refused = self._sender.send_joints(names, angles, times, self.wake,
                                                     "animateBehaviour.%s.call" % self.name,
                                                     veto=self._veto)
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.areResourcesAvailable (%s) failed: %s"
                              % (self.name, err))
        if call is None:
            if isinstance(refused, Disruption):
                return refused
            self.task_held()
            return Disruption(OTHER_APP, why="another app's task holds its joints")
        self._path = _span(self.expected, step, commanded)  # until it plays out
        self._round.status.count("calls")
        stop_reason = self._sender.wait(call, step.duration, self._veto, self.name)
        if stop_reason is not None:
            return stop_reason
        if call.error is not None:
            if not isinstance(call.error, RuntimeError):
                raise call.error
            return Disruption(ERROR, why="ALMotion.angleInterpolation (%s) failed: %s"
                              % (self.name, call.error))
        elapsed = call.elapsed
        if elapsed < EARLY_FRACTION * step.duration and not np.allclose(
                self.commanded(), step.end, atol=MOVED_TOLERANCE):
            self.task_held()
            return Disruption(OTHER_APP, why="its %.2f s call ended after %.2f s: killed to "
                              "take its joints" % (step.duration, elapsed))
        if elapsed > step.duration + LATE_MARGIN:
            self.task_held()
            return Disruption(OTHER_APP, why="its %.2f s call took %.2f s: postponed behind "
                              "another app's task" % (step.duration, elapsed))
        # The joints it did not command stay where they were commanded: their columns are
        # where the plan believes them (after stepping aside, a tracking error off), which
        # the next check would take for another app's move.
        expected = np.array(self.expected, dtype=float)
        expected[list(commanded)] = step.end[list(commanded)]
        self.expected = expected
        self.backoff.succeeded()
        return None

    # -- reading the joints --------------------------------------------------------------

    def _angles(self, use_sensors):
        group = self._group()
        try:
            angles = np.array(self._sender.angles(group.names, use_sensors), dtype=float)
            if not use_sensors:
                self._looked = self._clock.now()
            return angles
        except RuntimeError as err:
            self._assumed = True
            # One line a streak of failures (Backoff): it is asked before every call.
            self.backoff.failed("ALMotion.getAngles (%s) failed (%s); assuming home"
                                % (self.name, err))
            return group.home.copy()

    def commanded(self):
        """The joints' angles as last commanded (by anyone), rad."""
        return self._angles(False)

    def expect_commanded(self):
        """Take the joints' commanded angles now as where they are expected: the next call
        looks again whether someone commanded them since."""
        self._assumed = False  # set again if this read fails too
        self.expected = self.commanded()

    def read_expected(self):
        """Take the joints' commanded angles now as where they are expected, and as the
        next call's look at them (the call follows with no rest between); returns them."""
        self.expect_commanded()
        self._just_read = True
        return self.expected

    def read_expected_unless_moved(self):
        """Resuming after an episode that did not move the joints: take their commanded
        angles as expected and as the next call's look (read_expected) if our own calls
        may have left them there (the band of a call cut short, else expected). Another
        app's setAngles during the episode left them elsewhere: expected stays, so the
        next call's look finds that move and the group steps aside for it. A read that
        fails assumes home, as read_expected does."""
        low, high = self._path or (self._expected, self._expected)
        self._assumed = False  # set again if this read fails too
        commanded = self.commanded()
        if not self._assumed and outside(commanded, low, high):
            return
        self.expected = commanded
        self._just_read = True

    def measured(self):
        """The joints' measured angles, rad."""
        return self._angles(True)


def outside(angles, low, high):
    """Whether ``angles`` (rad) left the band [``low``, ``high``] by more than
    MOVED_TOLERANCE on any joint: someone else commanded them."""
    return bool(np.any(angles < low - MOVED_TOLERANCE)
                or np.any(angles > high + MOVED_TOLERANCE))


def _span(start, step, commanded):
    """(low, high): the span of the Move ``step``'s path from ``start`` (rad), joint by
    joint; ``commanded`` the indices of the joints it commands (the others hold)."""
    low, high = np.array(start, dtype=float), np.array(start, dtype=float)
    keys = np.asarray(step.angles, dtype=float)[:, list(commanded)]
    low[list(commanded)] = np.minimum(low[list(commanded)], keys.min(axis=0))
    high[list(commanded)] = np.maximum(high[list(commanded)], keys.max(axis=0))
    return low, high
