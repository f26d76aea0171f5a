"""Stepping aside: why a part (a joint group, the base) must not move now, and the one
state machine with which it waits that out.

A *disruption* says why, one row of KINDS each: the round is stopping; a joint is hot;
Pepper speaks (for the groups that leave arms and hands to speech); another app holds or
moves the joints or the base; an ALMotion call failed; the base's turn was refused with no
sign that says why; or Pepper's own state holds the part (expression.own_state: paused
by a fall, safeguard or a push, resting, waiting for the flap, the station, the battery or
a slope, a chain disabled). The part then goes

    animating --(a disruption)--> its kind's state: yielding, hot, paused, resting,
        ^                         waiting or disabled (getStatus: status.py)
        |                              |  (nothing disrupts any more)
        |                              v
        +---(quiet long enough)---- QUIET --(a new disruption)--> that kind's state
                                            any state --(stopping)--> STOPPED

sleeping between looks until woken (speech, heat, Pepper's own state, a stop) or until
ALMotion must be asked again (nothing announces the end of another app's task), and never
sooner than its backoff after a failure, whatever wakes it: a call that keeps failing is
tried less and less often, and logged once (Backoff).
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.engine import status as status_module
from animate_behaviour.expression.own_state_rules import DISABLED, PAUSED, RESTING, WAITING
from animate_behaviour.naoqi.speech import STALE_AFTER

# Why a part must not move now, besides Pepper's own state (PAUSED, RESTING, WAITING,
# DISABLED: own_state_signs.HOLDS).
STOPPING = "stopping"
HOT = "hot"
SPEECH = "speech"
OTHER_APP = "another app"
ERROR = "error"
REFUSED = "refused"

# How often (s) a part yielding to another app asks ALMotion whether it is free again.
YIELD_POLL = 0.1
# After a failure a part waits RETRY_DELAY (s) before trying again, twice as long after
# each further failure in a row, up to RETRY_MAX.
RETRY_DELAY = 2.0
RETRY_MAX = 240.0
# A group yielding to speech looks again after this long (s) even if no event came: a
# speech task heard of no more stops counting then (speech.STALE_AFTER).
SPEECH_RECHECK = STALE_AFTER
# Robot s a part holds still once Pepper's own state lets it move again (awake after a
# rest or a fall, out of safeguard, a push over): what woke Pepper (a person, Autonomous
# Life) moves first.
SETTLE_TIME = 3.0
# Robot s of quiet still missing that count as none: sums of float waits fall short of
# their total by a rounding error, which a clock may not be able to wait.
TOO_SHORT = 1e-6
# Kind.recheck and Kind.quiet: the part's backoff; yieldQuietTime.
BACKOFF = "backoff"
YIELD_QUIET = "yieldQuietTime"

# One row a kind of disruption. state: the part's status while it lasts; recheck: robot s
# to sleep before looking again unless woken (None: until woken); quiet: robot s nothing
# must disrupt before moving again; counted: a yield (getStatus's counter, a debug line);
# holds_home: a group goes home once, smoothly, then holds still (its joints stay
# stiff); home_after: a group goes home before moving again (from where Pepper's body
# left it); log: a failure's (level, line: the disruption's why in %s, explainable: a
# sign of Pepper's own state may explain it) logged by the part's Backoff at the first
# of a streak, else None.
Kind = collections.namedtuple("Kind", "state recheck quiet counted holds_home home_after log")
KINDS = {
    HOT: Kind(status_module.HOT, None, 0.0, False, True, False, None),
    SPEECH: Kind(status_module.YIELDING, SPEECH_RECHECK, YIELD_QUIET, True, False, False, None),
    OTHER_APP: Kind(status_module.YIELDING, YIELD_POLL, YIELD_QUIET, True, False, False, None),
    ERROR: Kind(status_module.YIELDING, BACKOFF, BACKOFF, False, False, False,
                ("error", "%s", False)),
    REFUSED: Kind(status_module.WAITING, BACKOFF, BACKOFF, False, False, False,
                  ("warning", "ALMotion.moveTo refused to turn the base (%s)", True)),
    PAUSED: Kind(status_module.PAUSED, None, SETTLE_TIME, False, False, True, None),
    RESTING: Kind(status_module.RESTING, None, SETTLE_TIME, False, False, True, None),
    WAITING: Kind(status_module.WAITING, None, 0.0, False, True, False, None),
    DISABLED: Kind(status_module.DISABLED, None, 0.0, False, False, True, None),
}


class Disruption(collections.namedtuple("Disruption", "reason joints why until")):
    """``reason`` STOPPING or a key of KINDS; ``joints`` the hot ones; ``why`` what showed
    it, in words when shown (the verbose log, the status's reason for Pepper's own state,
    the log line of a failure); ``until``: robot s until it ends by itself (a push), else
    None."""

    def __new__(cls, reason, joints=(), why="", until=None):
        return super(Disruption, cls).__new__(cls, reason, tuple(joints), why, until)


STOP = Disruption(STOPPING)
YIELD_TO_SPEECH = Disruption(SPEECH, why="Pepper speaks with gestures")


def held(own_state, names, base=False):
    """The Disruption Pepper's own state (own_state.OwnState) makes for the part of joints
    ``names`` (``base``: the base), or None."""
    hold = own_state.hold(names, base)
    if hold is None:
        return None
    return Disruption(hold.state, why=hold.reason, until=hold.until)


class Backoff(object):
    """A part's failures in a row (an episode), for ``who`` (its name in the log): each
    doubles the wait before the next try, from RETRY_DELAY up to RETRY_MAX; the first is
    logged on ``log``, the rest only counted, and the success that ends the episode says
    how many there were. A failure a sign of Pepper's own state may explain (a refused
    turn: the flap's event may come just after) is logged only once the part tries again
    unexplained (``flush``); ``explained`` drops it."""

    def __init__(self, who, log):
        self._who = who
        self._log = log
        self._pending = None  # (level, line) of an explainable first failure
        self.failures = 0

    def failed(self, why, level="error", explainable=False, line="%s"):
        """Note a failure (``why``: what failed, logged in ``line`` at ``level`` if it is
        the first in a row; put in words when it is logged, so that a cause heard after
        the failure is told); returns the robot s to wait before trying again."""
        self.failures += 1
        if self.failures == 1:
            self._pending = (level, line, why)
            if not explainable:
                self.flush()
        return min(RETRY_MAX, RETRY_DELAY * 2 ** min(self.failures - 1, 16))

    def flush(self):
        """Log the episode's first failure if it is still unlogged."""
        pending, self._pending = self._pending, None
        if pending is not None:
            level, line, why = pending
            getattr(self._log, level)("%s; %s tries again in %.0f s, then less and less "
                                      "often (up to every %.0f s) while it fails"
                                      % (line % (why,), self._who, RETRY_DELAY, RETRY_MAX))

    def explained(self):
        """A sign of Pepper's own state explains the failures so far: an unlogged one is
        not logged, and the next try does not wait for them."""
        if self._pending is not None:
            self._pending = None
            self.failures = 0

    def succeeded(self):
        self.flush()
        if self.failures:
            self._log.info("%s works again after %d failed tries" % (self._who, self.failures))
        self.failures = 0


# The recovery's own states.
YIELDING = "yielding"
QUIET = "quiet"
RESUMED = "resumed"
STOPPED = "stopped"


class Recovery(object):
    """Waits out a disruption of ``part`` during ``round_`` (its status, log, clock and
    configuration), sleeping on ``wake``. ``part`` provides ``who`` (its name in the
    log), ``status_name`` (its name in the status), ``backoff`` (its Backoff),
    ``check()`` (the current disruption or None, asking ALMotion),
    ``yielding(disruption, kind)`` (what the part does on each disruption; returns a
    sooner wait in s, or None) and ``resuming()`` (None when it may move, else the
    disruption found at the last moment). ``home_first`` tells, once it resumed, whether
    the part must go home before moving again (Pepper's body moved it)."""

    def __init__(self, part, round_, wake):
        self._part = part
        self._round = round_
        self._clock = round_.clock
        self._wake = wake
        self.state = YIELDING
        self.home_first = False
        self._quiet_needed = 0.0
        self._quiet_since = None
        self._not_before = None  # clock time before which it may not resume (a backoff)
        self._asking = None  # while another app is about: how often to ask ALMotion (s)

    def run(self, disruption):
        """Wait out ``disruption`` and whatever follows it: True (RESUMED) when the part
        may move again, False (STOPPED) when the round stops."""
        if disruption.reason != STOPPING and KINDS[disruption.reason].counted:
            self._round.status.count("yields")
            self._round.log.debug("%s steps aside: %s" % (self._part.who, disruption.why))
        while True:
            if disruption is None:
                wait = self._quiet()
                if wait is None:  # quiet long enough: a last look before moving
                    disruption = self._part.resuming()
                    if disruption is None:
                        self._part.backoff.flush()  # tried again, unexplained
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

    def _seconds(self, value):
        """A Kind's recheck or quiet in robot s (None: until woken)."""
        if value == BACKOFF:
            return self._quiet_needed  # the delay the failure just set
        if value == YIELD_QUIET:
            return self._round.config.yield_quiet_time
        return value

    def _yield(self, disruption):
        """Enter (or stay in) the disruption's state; returns how long to sleep unless
        woken (s, or None: until woken)."""
        kind = KINDS[disruption.reason]
        self.state = YIELDING
        self._quiet_since = None
        self.home_first = self.home_first or kind.home_after
        if kind.log is not None:  # a failure: the next try waits its backoff
            self._not_before = self._clock.now()
            level, line, explainable = kind.log
            self._quiet_needed = max(self._quiet_needed, self._part.backoff.failed(
                disruption.why, level, explainable, line))
        elif kind.state in status_module.WITH_REASON:
            # Pepper's own state: it explains an earlier failure, and says when to go on.
            self._part.backoff.explained()
            self._not_before = None
            self._quiet_needed = self._seconds(kind.quiet)
        else:
            self._not_before = None
            self._quiet_needed = max(self._quiet_needed, self._seconds(kind.quiet))
        if disruption.reason == OTHER_APP:
            self._asking = YIELD_POLL
        who = self._part.status_name
        if kind.state == status_module.HOT:
            self._round.status.set(who, kind.state, hot=disruption.joints)
        elif kind.state == status_module.YIELDING:
            self._round.status.set(who, kind.state, yielding_to=disruption.reason)
        else:
            self._round.status.set(who, kind.state, reason=str(disruption.why))
        sooner = self._part.yielding(disruption, kind)  # after: the status says why
        waits = [wait for wait in (sooner, disruption.until, self._seconds(kind.recheck))
                 if wait is not None]
        return min(waits) if waits else None

    def _quiet(self):
        """Enter (or stay in) QUIET; returns how long to sleep before it has lasted long
        enough (s), or None once it has. After a failure the quiet counts from the
        failure: the backoff is the time between two tries, not a wait after the last
        look."""
        now = self._clock.now()
        if self.state != QUIET:
            self.state = QUIET
            self._quiet_since = now if self._not_before is None else self._not_before
        wait = self._quiet_needed - self._clock.elapsed(self._quiet_since, now)
        if wait <= TOO_SHORT:
            return None
        return wait if self._asking is None else min(wait, self._asking)
