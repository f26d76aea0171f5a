"""Stepping aside: the one state machine with which a part (a joint group, the base)
waits out a disruption (engine.disruptions: why it must not move now, one row of KINDS a
kind). The part goes

    animating --(a disruption)--> its kind's state --(nothing disrupts)--> QUIET
        --(quiet long enough)--> RESUMING --(nothing disrupts)--> animating

as TRANSITIONS say (the diagram in docs/architecture.md is drawn from them), any state going
home when the round stops. An episode remembers the kinds that held the part (``held``,
which the part reads) and whether a part held still at home went there. It sleeps between
looks until woken (speech, heat, Pepper's own state, a stop) or until ALMotion must be asked
again (nothing announces the end of another app's task), and never sooner than its backoff
after a failure, whatever wakes it: a call that keeps failing is tried less and less often,
and logged once (Backoff).
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.engine import status as status_module
from animate_behaviour.engine.disruptions import KINDS, kind_named, kind_of
from animate_behaviour.engine.transitions import Transition, applying

# After a failure a part waits RETRY_DELAY (s) before trying again, twice as long after
# each further failure in a row, up to RETRY_MAX.
RETRY_DELAY = 2.0
RETRY_MAX = 240.0
# Robot s of quiet still missing that count as none: sums of float waits fall short of
# their total by a rounding error, which a clock may not be able to wait.
TOO_SHORT = 1e-6


class Backoff(object):
    """A part's failures in a row (an episode), for ``who`` (its name in the log): each
    doubles the wait before the next try, from RETRY_DELAY up to RETRY_MAX; the first is
    logged on ``log``, the rest only counted, and the success that ends the episode says
    how many there were. A failure a sign of Pepper's own state may explain (a refused
    turn: the flap's event may come just after) is logged only once the part tries again
    unexplained (``flush``); ``explained`` drops it. ``since`` says when the failures
    since the last success began."""

    def __init__(self, who, log):
        self._who = who
        self._log = log
        self._pending = None  # (level, line) of an explainable first failure
        self._since = None  # the clock time since, or None
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

    def since(self, at):
        """When the failures since the last success began (the clock time a refused
        turn's words read the obstacle from, base_worker.Refusal): ``at``, when the one
        that just failed was tried, if it is the first. Unlike ``failures``, what
        ``explained`` drops still counts."""
        if self._since is None:
            self._since = at
        return self._since

    def succeeded(self):
        self._since = None
        self.flush()
        if self.failures:
            self._log.info("%s works again after %d failed tries" % (self._who, self.failures))
        self.failures = 0


# A part's states while it steps aside: the kinds' (HELD: the status's held states,
# disruptions.KINDS says which), and two of its own, which the status does not show (it
# still shows what the part waits out):
QUIET = "quiet"  # nothing disrupts, not yet for long enough
RESUMING = "resuming"  # quiet long enough: the part's last look before it moves
HELD = tuple(collections.OrderedDict(
    (kind.state, None) for kind in KINDS if kind.state != status_module.HOME))
# It starts ANIMATING (the part was moving, or about to), and ends ANIMATING again (it
# may move) or HOME (the round stops).
FINAL = (status_module.ANIMATING, status_module.HOME)
STATES = (status_module.ANIMATING,) + HELD + (QUIET, RESUMING, status_module.HOME)

# What moves it: what the part's look found.
DISRUPTED = "a disruption"
CLEARED = "nothing disrupts"
LONG_ENOUGH = "quiet long enough"  # no look: the quiet's time is up
# Transition.target: the state of the disruption's kind.
ITS_KIND = "its kind's state"


class Recovery(object):
    """Waits out a disruption of ``part`` during ``round_`` (its status, log, clock and
    configuration), sleeping on ``wake``, as TRANSITIONS say: one episode, from the
    disruption until the part moves again or the round stops. ``part`` provides ``who``
    (its name in the log), ``status_name`` (its name in the status), ``backoff`` (its
    Backoff), ``check(held)`` (the current disruption or None, asking ALMotion),
    ``yielding(disruption, kind, first)`` (what the part does on each disruption,
    ``first`` of its kind in the episode),
    ``go_home(reason, held)`` (a part held still at home, Kind.holds_home, goes there:
    None once there, else the s to wait before trying again), ``settling(held)`` (nothing
    holds it any more: its quiet begins) and ``resuming(held)`` (None when it may move,
    else the disruption found at the last moment); ``held`` is
    the episode's: the reasons (disruptions.Kind.reason) that held the part so far,
    first first. ``state``: one of STATES."""

    def __init__(self, part, round_, wake):
        self._part = part
        self._round = round_
        self._clock = round_.clock
        self._wake = wake
        self.state = status_module.ANIMATING
        self.held = []
        self._at_home = False  # held still at home (Kind.holds_home): its way home done
        self._wait = None  # held: how long to sleep before looking again (None: until woken)
        self._quiet_needed = 0.0
        self._quiet_since = None
        self._not_before = None  # clock time before which it may not resume (a backoff)
        self._asking = None  # while another app is about: how often to ask ALMotion (s)

    @property
    def home_first(self):
        """Whether, once it resumed, the part must go home before moving again: a kind
        that held it says so (Pepper's body moved it)."""
        return any(kind_named(reason).home_after for reason in self.held)

    def run(self, disruption):
        """Wait out ``disruption`` and whatever follows it: True when the part may move
        again (ANIMATING), False when the round stops (HOME)."""
        event, found = DISRUPTED, disruption
        while True:
            self._follow(event, found)
            if self.state in FINAL:
                return self.state == status_module.ANIMATING
            event, found = self._next_event()

    def _follow(self, event, found):
        """Take the first transition of TRANSITIONS that applies: its guard and actions
        read ``found`` (the disruption or None); the actions run before the state
        changes."""
        row = applying(TRANSITIONS, self, self.state, event, found)
        if row is None:
            raise RuntimeError("recovery: no transition from %s on %s" % (self.state, event))
        for action in row.actions:
            action(self, found)
        self.state = kind_of(found).state if row.target == ITS_KIND else row.target

    def _next_event(self):
        """Wait for what moves the part next, as its state does: held, sleep until woken
        or for its wait, then look; quiet, the same until it lasted long enough; resuming,
        the part's last look, at once. Returns (event, disruption found or None)."""
        if self.state == RESUMING:
            found = self._part.resuming(self.held)
        else:
            if self.state == QUIET:
                wait = self._quiet_left()
                if wait is None:
                    return LONG_ENOUGH, None
            else:
                wait = self._wait
            self._clock.wait(self._wake, wait)
            self._wake.clear()  # before looking: an event from now on wakes the next wait
            found = self._part.check(self.held)
        return (CLEARED if found is None else DISRUPTED), found

    def _seconds(self, value):
        """A Kind's recheck or quiet (disruptions.Seconds) in robot s (None: until woken);
        a backoff is the delay the failure just set."""
        return value.of(self._round.config, self._quiet_needed)

    # -- guards and actions (TRANSITIONS) ------------------------------------------------

    def _ends_the_round(self, found):
        return kind_of(found).state == status_module.HOME

    def _a_yield(self, found):
        return kind_of(found).counted

    def _count_the_yield(self, found):
        self._round.status.count("yields")
        self._round.log.debug("%s steps aside: %s" % (self._part.who, found.why))

    def _hold(self, disruption):
        """Show the disruption's state and note what it asks: how long to stay quiet after
        it, how long to sleep before looking again unless woken."""
        kind = kind_of(disruption)
        first = kind.reason not in self.held
        if first:
            self.held.append(kind.reason)
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
        if kind.found is not None and kind.found.asks:
            # It may be back unannounced (nothing announces the end of another app's
            # task): keep asking ALMotion at its recheck, even while quiet.
            self._asking = self._seconds(kind.recheck)
        who = self._part.status_name
        if kind.state == status_module.HOT:
            self._round.status.set(who, kind.state, hot=disruption.joints)
        elif kind.state == status_module.YIELDING:
            self._round.status.set(who, kind.state, yielding_to=disruption.reason)
        else:
            self._round.status.set(who, kind.state, reason=str(disruption.why))
        self._part.yielding(disruption, kind, first)  # after: the status says why
        waits = [wait for wait in (disruption.until, self._seconds(kind.recheck))
                 if wait is not None]
        self._wait = min(waits) if waits else None

    def _away_from_home(self, found):
        """Held still at home (Kind.holds_home), and not yet there this episode."""
        return kind_of(found).holds_home and not self._at_home

    def _go_home(self, found):
        """Go home before holding still (once an episode); until there, look again no
        later than the part asks."""
        again = self._part.go_home(found.reason, self.held)
        self._at_home = again is None
        if again is not None:
            self._wait = again if self._wait is None else min(self._wait, again)

    def _begin_quiet(self, _found):
        """After a failure the quiet counts from the failure (the backoff is the time
        between two tries, not a wait after the last look), else from its first look."""
        self._quiet_since = self._not_before
        self._part.settling(self.held)

    def _quiet_left(self):
        """How long (s) to sleep before the quiet has lasted long enough, or None once it
        has; another app about, no longer than ALMotion is asked again."""
        now = self._clock.now()
        if self._quiet_since is None:
            self._quiet_since = now
        wait = self._quiet_needed - self._clock.elapsed(self._quiet_since, now)
        if wait <= TOO_SHORT:
            return None
        return wait if self._asking is None else min(wait, self._asking)

    def _resume(self, _found):
        self._part.backoff.flush()  # tried again, unexplained
        self._round.status.set(self._part.status_name, status_module.ANIMATING)


# A part's life while it steps aside, first row that applies wins (the diagram in
# docs/architecture.md is drawn from it: scripts/update_architecture.py).
TRANSITIONS = (
    Transition(STATES, DISRUPTED, Recovery._ends_the_round, status_module.HOME, ()),
    Transition((status_module.ANIMATING,), DISRUPTED, Recovery._a_yield, ITS_KIND,
               (Recovery._count_the_yield, Recovery._hold)),
    Transition(STATES, DISRUPTED, Recovery._away_from_home, ITS_KIND,
               (Recovery._hold, Recovery._go_home)),
    Transition(STATES, DISRUPTED, None, ITS_KIND, (Recovery._hold,)),
    Transition(HELD, CLEARED, None, QUIET, (Recovery._begin_quiet,)),
    Transition((QUIET,), CLEARED, None, QUIET, ()),
    Transition((QUIET,), LONG_ENOUGH, None, RESUMING, ()),
    Transition((RESUMING,), CLEARED, None, status_module.ANIMATING, (Recovery._resume,)),
)
