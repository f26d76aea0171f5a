"""A value that glides: the one ramp every source of the live signal uses (the mood set,
the context's reactions), read at any moment instead of stepped by a thread."""
from __future__ import absolute_import, division, print_function


class Ramp(object):
    """A number heading in a straight line from where it was to ``target`` over a set
    number of robot seconds, on ``clock`` (foundation.clock); it starts at
    ``value``, at rest, at clock time ``now``. Not thread-safe: its owner locks."""

    def __init__(self, value, clock, now):
        self._clock = clock
        self._from = float(value)
        self.target = float(value)
        self._since = now
        self._seconds = 0.0

    def at(self, now):
        """The value at clock time ``now``."""
        if self._seconds <= 0.0:
            return self.target
        fraction = self._clock.elapsed(self._since, now) / self._seconds
        if fraction >= 1.0:
            return self.target
        return self._from + max(0.0, fraction) * (self.target - self._from)

    def remaining(self, now):
        """Robot seconds until it reaches its target (0 once there)."""
        if self._seconds <= 0.0:
            return 0.0
        return max(0.0, self._seconds - self._clock.elapsed(self._since, now))

    def aim(self, target, now, seconds):
        """Head for ``target`` from where the value is at ``now``, reaching it ``seconds``
        robot seconds later (0: at once)."""
        target = float(target)
        if target == self.target:
            return
        self._from = self.at(now)
        self.target = target
        self._since = now
        self._seconds = float(seconds) if target != self._from else 0.0

    def aim_at_rate(self, target, now, rise, fall):
        """Head for ``target`` at 1/``rise`` per robot second upwards and 1/``fall``
        downwards (a weight in [0, 1] taking ``rise`` s to go from 0 to 1)."""
        start = self.at(now)
        self.aim(target, now, abs(float(target) - start) * (rise if target > start else fall))
