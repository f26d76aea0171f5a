"""A clock on which robot time passes only when the run has nothing left to do now.

Python 2.7/3 single-source. On a :class:`~animate_behaviour.foundation.clock.ScaledClock`
wall time decides: a thread the machine runs late finds more robot time gone than its
plan allowed (a call that returns "late", a long seam between two calls), and what the
engine then does follows the machine's load. On a :class:`VirtualClock`, shared by the
stand-ins and the engine like a ScaledClock, robot time stands still while any thread of
the run runs, and jumps, once every one of them waits on the clock, to the soonest
deadline of those waits. A run then does the same however loaded the machine is; only
how long it takes in wall time changes.

The threads of the run are those made with the clock's ``thread`` (the engine's workers,
its calls' threads, its tickers), except the ones named in ``free``: a thread that also
blocks where the clock cannot see it (the engine's supervisor waits for requests on a
Condition of its own) must not hold time back. What a free thread does unseen (starting
a round, say) is held apart from time by the test: ``with clock.held(): ...``; so are
threads meant to start in one instant (time passes as soon as those started first all
wait).

Events (``event()``) have threading.Event's interface; their own ``wait(timeout)`` is a
wall-time wait (a thread's join, a moment for a call's task to appear), during which the
waiting thread counts as running. Not supported: a thread of the run blocked elsewhere
until robot time passes (KinematicMotion's postponement of a task behind another app's
waits on a Condition): time would never pass. Use it for runs where nothing waits so.
"""
from __future__ import absolute_import, division, print_function

import contextlib
import threading

from animate_behaviour.foundation.clock import Thread, monotonic


def _after(now, seconds):
    """The clock time ``seconds`` (> 0) after ``now``, rounded up: a waiter measuring its
    wait as a difference of clock times finds all of it (a float sum may fall an ulp
    short, and a wait for the rest would then never let time pass)."""
    deadline = now + seconds
    step = max(abs(deadline), 1.0) * 2.0 ** -52
    while deadline - now < seconds:
        deadline += step
    return deadline


class _Wait(object):
    """One wait on the clock: its ``deadline`` (robot s, None: until its event is set),
    whether its thread ``holds`` time back, and whether it is ``over``."""

    __slots__ = ("deadline", "holds", "over")

    def __init__(self, deadline, holds):
        self.deadline = deadline
        self.holds = holds
        self.over = False


class _Event(object):
    """threading.Event's interface on a VirtualClock: ``set`` ends the clock's waits on it
    (their threads count as running again from that instant)."""

    def __init__(self, clock):
        self._clock = clock
        self._flag = False
        self._waits = []

    def is_set(self):
        return self._flag

    def set(self):
        with self._clock._cond:
            self._flag = True
            for wait in self._waits:
                self._clock._end(wait)
            self._clock._cond.notify_all()  # settle's waiters too

    def clear(self):
        with self._clock._cond:
            self._flag = False

    def wait(self, timeout=None):
        """Wait until set, at most ``timeout`` wall seconds (None: no limit); robot time
        does not pass for it. True if it was set."""
        cond = self._clock._cond
        with cond:
            if timeout is None:
                while not self._flag:
                    cond.wait()
                return True
            deadline = monotonic() + timeout
            while not self._flag:
                remaining = deadline - monotonic()
                if remaining <= 0:
                    break
                cond.wait(remaining)
            return self._flag


class _Thread(Thread):
    """A clock's daemon thread; unless free, it holds robot time back from ``start()``
    until it waits on the clock or ends."""

    def __init__(self, clock, target, name, holds):
        self._clock = clock
        self._holds = holds

        def run():
            clock._local.holds = holds
            try:
                target()
            finally:
                if holds:
                    clock._leave()
        Thread.__init__(self, clock.event(), run, name)

    def start(self):
        if self._holds:
            self._clock._enter()
        Thread.start(self)


class VirtualClock(object):
    """Robot time (s, from ``start``) that passes only while no thread of the run runs;
    ``free``: names of the clock's threads that never hold it back."""

    time_scale = 1.0  # robot seconds are its own: no wall time to scale

    def __init__(self, start=0.0, free=()):
        self._cond = threading.Condition(threading.Lock())
        self._local = threading.local()
        self._free = frozenset(free)
        self._now = float(start)
        self._running = 0  # threads of the run not waiting on the clock, plus holds
        self._waits = []
        self._idle_waiters = 0  # tests in settle(), told each time a thread of the run waits
        self._counted = set()  # free threads that count as the run's for now (count_in)

    # -- the clock's interface (foundation.clock) --------------------------------------

    def now(self):
        with self._cond:
            return self._now

    @staticmethod
    def elapsed(start, now):
        return now - start

    def event(self):
        return _Event(self)

    def wait(self, event, seconds):
        """Wait until ``event`` is set or ``seconds`` robot seconds have passed (None:
        until set); True if it was set."""
        with self._cond:
            if event.is_set():
                return True
            if seconds is not None and seconds <= 0:
                return False
            wait = _Wait(None if seconds is None else _after(self._now, seconds),
                         getattr(self._local, "holds", False)
                         or threading.current_thread().name in self._counted)
            event._waits.append(wait)
            self._waits.append(wait)
            if wait.holds:
                self._running -= 1
                self._tell_idle_waiters()
                self._advance()
            elif wait.deadline is not None:
                self._advance()
            while not wait.over:
                self._cond.wait()
            event._waits.remove(wait)
            self._waits.remove(wait)
            return event.is_set()

    def thread(self, target, name):
        """A daemon thread (not started) running ``target()``, one of the run's unless
        ``name`` is free."""
        return _Thread(self, target, name, name not in self._free)

    # -- for tests ---------------------------------------------------------------------

    @contextlib.contextmanager
    def held(self):
        """No robot time passes inside: what a free thread does meanwhile (a request
        taken up by the engine's supervisor) happens in the same instant."""
        self._hold()
        try:
            yield self
        finally:
            self._unhold()

    def count_in(self, name):
        """The free thread ``name``, which runs now (a test just woke it: a request for
        the engine's supervisor), counts as one of the run's until ``count_out``: robot
        time passes only while it waits on the clock, as for the others."""
        with self._cond:
            self._counted.add(name)
            self._running += 1

    def count_out(self, name):
        """The free thread ``name`` no longer counts; call it while the thread does not
        wait on the clock (it is back waiting for requests where the clock cannot see
        it)."""
        with self._cond:
            self._counted.discard(name)
            self._running -= 1
            self._tell_idle_waiters()
            self._advance()

    def take_part(self):
        """The calling thread is one of the run's until ``stop_taking_part``: robot time
        passes only while it waits on the clock too (a test stepping the run: between
        its steps no time passes, however long it takes to decide the next one)."""
        self._hold()
        self._local.holds = True

    def stop_taking_part(self):
        self._local.holds = False
        self._unhold()

    @contextlib.contextmanager
    def idle(self, timeout):
        """Hold robot time inside, from an instant at which every other thread of the run
        waits on the clock (``settle``): what a test does there comes between two steps
        of every thread, none of them half-way between a look and what it does after it
        (between asking ALMotion whether joints are free and sending a call on them)."""
        with self.held():
            self.settle(timeout)
            yield self

    def settle(self, timeout):
        """While holding time (``held``, ``idle``, ``take_part``): wait until every
        other thread of the run waits on the clock (what a test's action woke has done
        what it does in that instant). RuntimeError if that does not come within
        ``timeout`` wall seconds (a thread of the run blocked elsewhere, which no robot
        time would end)."""
        with self._cond:
            mine = getattr(self._local, "holding", 0)
            self._idle_waiters += 1
            try:
                deadline = monotonic() + timeout
                while self._running > mine:
                    remaining = deadline - monotonic()
                    if remaining <= 0:
                        raise RuntimeError("the run's threads did not all wait on the "
                                           "clock within %s wall s" % timeout)
                    self._cond.wait(remaining)
            finally:
                self._idle_waiters -= 1

    def _hold(self):
        """The calling thread holds time back (once more)."""
        self._local.holding = getattr(self._local, "holding", 0) + 1
        self._enter()

    def _unhold(self):
        self._local.holding -= 1
        self._leave()

    # -- time --------------------------------------------------------------------------

    def _tell_idle_waiters(self):
        """A thread of the run stopped running (lock held): wake the tests in idle()."""
        if self._idle_waiters:
            self._cond.notify_all()

    def _enter(self):
        with self._cond:
            self._running += 1

    def _leave(self):
        with self._cond:
            self._running -= 1
            self._tell_idle_waiters()
            self._advance()

    def _end(self, wait):
        """End ``wait`` (lock held): its thread runs again."""
        if not wait.over:
            wait.over = True
            if wait.holds:
                self._running += 1

    def _advance(self):
        """While nothing of the run runs, move time to the soonest deadline and end the
        waits due then (lock held)."""
        while self._running == 0:
            due = [wait.deadline for wait in self._waits
                   if not wait.over and wait.deadline is not None]
            if not due:
                return
            self._now = max(self._now, min(due))
            for wait in self._waits:
                if not wait.over and wait.deadline is not None \
                        and wait.deadline <= self._now:
                    self._end(wait)
            self._cond.notify_all()
