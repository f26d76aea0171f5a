"""The engine's life: one table of its states and what moves them (LIFE, drawn in
docs/architecture.md), and the supervisor thread that follows it.

Requests return at once; the last wins (closing is the last of all). The supervisor
reconciles the requested state with the robot: it switches (the engine's ``enable()``
or ``disable()``), and says when the state the robot has settled in changes.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.engine.transitions import Transition, applying
from animate_behaviour.foundation.clock import monotonic

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


class EngineClosed(RuntimeError):
    """The engine is shutting down and takes no more requests."""


def _enable(switch):
    switch.enable()


def _disable(switch):
    switch.disable()


# The engine's life, first row that applies wins: the supervisor switches in ENABLING
# and DISABLING, running the row's actions on the switch, and waits in the other states
# until a request moves it (the diagram in docs/architecture.md is drawn from it:
# scripts/update_architecture.py).
LIFE = (
    Transition((DISABLED,), ENABLED, None, ENABLING, (_enable,)),
    Transition((ENABLED,), DISABLED, None, DISABLING, (_disable,)),
    Transition((ENABLED,), CLOSE, None, DISABLING, (_disable,)),
    Transition((DISABLED,), CLOSE, None, CLOSED, ()),
    Transition((ENABLING,), DONE, None, ENABLED, ()),
    Transition((DISABLING,), DONE, None, DISABLED, ()),
    Transition((ENABLING, DISABLING), FAILED, None, DISABLED, ()),
)


class Supervisor(object):
    """Follows LIFE on a thread of ``clock``'s. ``switch`` does the switching:
    ``enable()``, ``disable()``, and ``recover()`` after either failed (best effort: stop,
    go home, restore; it logs what fails). ``log`` takes the failures."""

    def __init__(self, switch, clock, log):
        self._switch_with = switch
        self._log = log
        self._condition = threading.Condition()
        self._requested = DISABLED  # the last request: what moves LIFE next
        self._life = DISABLED  # the engine's state in LIFE
        self._listeners = []
        self._thread = clock.thread(self._supervise, "animateBehaviour.supervisor")

    def start(self):
        self._thread.start()

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

    def close(self, timeout):
        """Disable, then take no more requests; whether the supervisor ended within
        ``timeout`` wall seconds."""
        with self._condition:
            self._requested = CLOSE
            self._condition.notify_all()
        return self._thread.join(timeout)

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
                action(self._switch_with)
            return DONE
        except Exception as err:  # noqa: the supervisor must survive anything NAOqi raises
            self._log.error("switching to %s failed: %s; the animate behaviour is disabled"
                            % (applying(LIFE, self, self._life, DONE).target, err))
            self._switch_with.recover()
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
