"""A round's monitor: reads the motor temperatures and keeps BackgroundMovement off."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.foundation.clock import tick
from animate_behaviour.naoqi.heat import HEAT_PERIOD

# The monitor checks that BackgroundMovement is still off at once when woken (on each
# AutonomousLife/State event: Autonomous Life resets its abilities when it enters or
# reinforces a state, docs/naoqi.md, "Autonomous Life and BackgroundMovement"), and also
# every life_period s (naoqi.life.LIFE_PERIOD) in case a reset came without one, or every
# HEAT_PERIOD s when the event cannot be watched: a missed reset only lets Pepper breathe
# between our calls.


class Monitor(object):
    """Run in a round's scope (``run()``) until ``stop`` (an event) is set: reads ``heat``
    (heat.HeatMonitor) every HEAT_PERIOD s and calls ``notify()`` when a joint's heat
    changed; asks ``keeper`` (life.BackgroundMovementKeeper) to keep BackgroundMovement
    suspended at once when asked to and every ``life_period`` s. Logs failures to ``log``
    and goes on. Times in ``clock``'s robot seconds."""

    def __init__(self, clock, heat, keeper, life_period, notify, log, stop):
        self._clock = clock
        self._heat = heat
        self._keeper = keeper
        self._life_period = life_period
        self._notify = notify
        self._log = log
        self._stop = stop
        self._life_due = True
        self._last_heat = None
        self._last_life = None
        self._wake = clock.event()

    def run(self):
        tick(self._clock, self._check, self._wake, self._stop.is_set)

    def wake(self):
        """Look at once (and so see the stop)."""
        self._wake.set()

    def check_life_soon(self):
        self._life_due = True
        self._wake.set()

    def _check(self):
        """One look at what is due; returns the robot seconds until the next one."""
        clock = self._clock
        now = clock.now()
        if self._life_due or clock.elapsed(self._last_life, now) >= self._life_period:
            self._life_due = False  # before asking: a wake meanwhile asks again
            self._last_life = now
            self._guarded(self._keeper.keep_suspended)
        if self._last_heat is None or clock.elapsed(self._last_heat, now) >= HEAT_PERIOD:
            self._last_heat = now
            self._guarded(self._read_heat)
        now = clock.now()
        return min(HEAT_PERIOD - clock.elapsed(self._last_heat, now),
                   self._life_period - clock.elapsed(self._last_life, now))

    def _read_heat(self):
        if self._heat.read():
            self._notify()

    def _guarded(self, check):
        try:
            check()
        except Exception as err:  # noqa: the monitor must outlive a broken NAOqi
            self._log.error("monitor: %s: %s" % (type(err).__name__, err))
