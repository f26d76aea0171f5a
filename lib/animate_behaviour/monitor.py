"""A round's monitor: reads the motor temperatures and keeps BackgroundMovement off."""
from __future__ import absolute_import, division, print_function

# The monitor reads the motor temperatures every HEAT_PERIOD s (a motor warms over
# minutes). It checks that BackgroundMovement is still off at once when woken (on each
# AutonomousLife/State event: Autonomous Life resets its abilities when it enters or
# reinforces a state, docs/naoqi.md, "Autonomous Life and BackgroundMovement"), and also
# every LIFE_PERIOD s in case a reset came without one, or every HEAT_PERIOD s when the
# event cannot be watched: a missed reset only lets Pepper breathe between our calls.
HEAT_PERIOD = 5.0
LIFE_PERIOD = 10.0


class Monitor(object):
    """A thread of ``clock``'s, named ``name``, that runs until ``stop`` (an event of the
    clock's) is set: reads ``heat`` (heat.HeatMonitor) every HEAT_PERIOD s and calls
    ``notify()`` when a joint's heat changed; asks ``keeper``
    (life.BackgroundMovementKeeper) to keep BackgroundMovement suspended when woken and
    every ``life_period`` s. Logs failures to ``log`` and goes on."""

    def __init__(self, clock, name, stop, heat, keeper, life_period, notify, log):
        self._clock = clock
        self._stop = stop
        self._heat = heat
        self._keeper = keeper
        self._life_period = life_period
        self._notify = notify
        self._log = log
        self.wake = clock.event()
        self._thread = clock.thread(self._watch, name)

    def start(self):
        self._thread.start()

    def check_life_soon(self):
        self.wake.set()

    def join(self, timeout):
        """Whether the thread ended within ``timeout`` wall seconds (once stop is set and
        wake too)."""
        return self._thread.join(timeout)

    def _watch(self):
        clock = self._clock
        last_heat = last_life = None
        while not self._stop.is_set():
            woken = self.wake.is_set()
            self.wake.clear()
            now = clock.now()
            try:
                if woken or last_life is None or \
                        clock.elapsed(last_life, now) >= self._life_period:
                    last_life = now
                    self._keeper.keep_suspended()
                if last_heat is None or clock.elapsed(last_heat, now) >= HEAT_PERIOD:
                    last_heat = now
                    if self._heat.read():
                        self._notify()
            except Exception as err:  # noqa: the monitor must outlive a broken NAOqi
                self._log.error("monitor: %s: %s" % (type(err).__name__, err))
            now = clock.now()
            clock.wait(self.wake, min(HEAT_PERIOD - clock.elapsed(last_heat, now),
                                      self._life_period - clock.elapsed(last_life, now)))
