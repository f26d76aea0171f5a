"""A clock whose robot seconds pass only when the test moves them on (unit tests of the
planners and the expression, which step through time by hand)."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.foundation.clock import ScaledClock


class ManualClock(ScaledClock):
    """Robot seconds (``time``, from 1000) that pass only when the test sets them."""

    def __init__(self):
        ScaledClock.__init__(self, 1.0)
        self.time = 1000.0

    def now(self):
        return self.time
