"""Stepping aside: why a part (a joint group, the base) must not move now, and the one
state machine with which it waits that out.

A *disruption* says why: the round is stopping; a joint is hot; Pepper speaks (for the
groups that leave arms and hands to speech); another app holds or moves the joints or
the base; or an ALMotion call failed. The part then goes

    YIELDING --(nothing disrupts)--> QUIET --(quiet long enough)--> RESUMED
        ^                              |
        +-------(a new disruption)-----+            any state --(stopping)--> STOPPED

sleeping between looks until woken (speech, heat, a stop) or until ALMotion must be asked
again: nothing announces the end of another app's task.
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.engine import status as status_module
from animate_behaviour.naoqi.speech import STALE_AFTER

# Why a part must not move now.
STOPPING = "stopping"
HOT = "hot"
SPEECH = "speech"
OTHER_APP = "another app"
ERROR = "error"

# How often (s) a part yielding to another app asks ALMotion whether it is free again.
YIELD_POLL = 0.1
# After a failed ALMotion call a part waits this long (s) before trying again.
RETRY_DELAY = 2.0
# A group yielding to speech looks again after this long (s) even if no event came: a
# speech task heard of no more stops counting then (speech.STALE_AFTER).
SPEECH_RECHECK = STALE_AFTER
# How long (s) to sleep, unless woken, before looking again at a disruption (None: until
# woken; hot joints: the monitor wakes the part when they cool).
RECHECK_AFTER = {OTHER_APP: YIELD_POLL, ERROR: RETRY_DELAY, SPEECH: SPEECH_RECHECK, HOT: None}

# The recovery's states.
YIELDING = "yielding"
QUIET = "quiet"
RESUMED = "resumed"
STOPPED = "stopped"


class Disruption(collections.namedtuple("Disruption", "reason joints why")):
    """``reason`` one of STOPPING, HOT, SPEECH, OTHER_APP, ERROR; ``joints`` the hot ones;
    ``why`` what showed it, for the verbose log."""

    def __new__(cls, reason, joints=(), why=""):
        return super(Disruption, cls).__new__(cls, reason, tuple(joints), why)


STOP = Disruption(STOPPING)
YIELD_TO_SPEECH = Disruption(SPEECH, why="Pepper speaks with gestures")


class Recovery(object):
    """Waits out a disruption of ``part`` during ``round_`` (its status, log, clock and
    configuration), sleeping on ``wake``. ``part`` provides ``who`` (its name in the
    log), ``status_name`` (its name in the status), ``check()`` (the current disruption
    or None, asking ALMotion), ``yielding(disruption)`` (what the part does on each
    disruption; returns a sooner wait in s, or None) and ``resuming()`` (None when it
    may move, else the disruption found at the last moment)."""

    def __init__(self, part, round_, wake):
        self._part = part
        self._round = round_
        self._clock = round_.clock
        self._wake = wake
        self.state = YIELDING
        self._quiet_needed = 0.0
        self._quiet_since = None
        self._asking = None  # while another app is about: how often to ask ALMotion (s)

    def run(self, disruption):
        """Wait out ``disruption`` and whatever follows it: True (RESUMED) when the part
        may move again, False (STOPPED) when the round stops."""
        if disruption.reason in (SPEECH, OTHER_APP):
            self._round.status.count("yields")
            self._round.log.debug("%s steps aside: %s" % (self._part.who, disruption.why))
        while True:
            if disruption is None:
                wait = self._quiet()
                if wait is None:  # quiet long enough: a last look before moving
                    disruption = self._part.resuming()
                    if disruption is None:
                        self.state = RESUMED
                        self._round.status.set(self._part.status_name, status_module.ANIMATING)
                        return True
                    continue
            elif disruption.reason == STOPPING:
                self.state = STOPPED
                return False
            else:
                wait = self._yield(disruption)
            self._clock.wait(self._wake, wait)
            self._wake.clear()  # before looking: an event from now on wakes the next wait
            disruption = self._part.check()

    def _yield(self, disruption):
        """Enter (or stay in) YIELDING; returns how long to sleep unless woken (s, or None:
        until woken)."""
        self.state = YIELDING
        self._quiet_since = None
        if disruption.reason in (SPEECH, OTHER_APP):
            self._quiet_needed = max(self._quiet_needed, self._round.config.yield_quiet_time)
        if disruption.reason == OTHER_APP:
            self._asking = YIELD_POLL
        sooner = self._part.yielding(disruption)
        who = self._part.status_name
        if disruption.reason == HOT:
            self._round.status.set(who, status_module.HOT, hot=disruption.joints)
        else:
            self._round.status.set(who, status_module.YIELDING, yielding_to=disruption.reason)
        return sooner if sooner is not None else RECHECK_AFTER[disruption.reason]

    def _quiet(self):
        """Enter (or stay in) QUIET; returns how long to sleep before it has lasted long
        enough (s), or None once it has."""
        now = self._clock.now()
        if self.state != QUIET:
            self.state = QUIET
            self._quiet_since = now
        wait = self._quiet_needed - self._clock.elapsed(self._quiet_since, now)
        if wait <= 0:
            return None
        return wait if self._asking is None else min(wait, self._asking)
