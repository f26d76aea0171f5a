"""Why a part (a joint group, the base) must not move now: the kinds of disruption, one row
each in KINDS, in the order every gate looks for them.

A *disruption* says why: the round is stopping; Pepper's own state holds the part
(expression.own_state: paused by a fall, safeguard or a push, resting, waiting for the
flap, the station, the battery or a slope, a chain disabled); a joint is hot; Pepper
speaks (for the groups that leave arms and hands to speech); another app holds or moves
the joints or the base; an ALMotion call failed; or the base's turn was refused with no
sign that says why. Each kind is found by one *look* (LOOKS): one the worker reads with
no round trip, one that asks ALMotion, or none (a call's outcome shows it).

The gates walk KINDS' order, first found wins: ``first`` (why a part must not send a call
now, with or without asking ALMotion) and ``veto`` (why its running call must stop at
once). A part gives its gates its looks (a dict from a Look to a function returning a
Disruption or None); a part without a look (the base hears no speech) skips its rows.
engine.recovery waits a disruption out as its row says.
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.engine import status as status_module
from animate_behaviour.expression.own_state_rules import (DISABLED, PAUSED, RESTING,
                                                          STATES as OWN_STATES, WAITING)
from animate_behaviour.naoqi.speech import STALE_AFTER

# Why a part must not move now, besides Pepper's own state (own_state_rules.STATES:
# own_state_rules.ordered says which holds the part).
STOPPING = "stopping"
HOT = "hot"
SPEECH = "speech"
OTHER_APP = "another app"
ERROR = "error"
REFUSED = "refused"

# How often (s) a part yielding to another app asks ALMotion whether it is free again.
YIELD_POLL = 0.1
# A group yielding to speech looks again after this long (s) even if no event came: a
# speech task heard of no more stops counting then (speech.STALE_AFTER).
SPEECH_RECHECK = STALE_AFTER
# Robot s a part holds still once Pepper's own state lets it move again (awake after a
# rest or a fall, out of safeguard, a push over): what woke Pepper (a person, Autonomous
# Life) moves first.
SETTLE_TIME = 3.0

# Kind.stops_call: the parts whose running call a kind stops at once.
A_GROUP = "a joint group"
THE_BASE = "the base"


class Seconds(collections.namedtuple("Seconds", "words of")):
    """How long (robot s) a Kind's recheck or quiet lasts, in ``words`` (the diagram);
    ``of(config, backoff)`` works it out from the round's configuration and the wait the
    part's last failure set (recovery.Backoff), None meaning until woken."""


def fixed(seconds):
    return Seconds("%g s" % seconds, lambda _config, _backoff: seconds)


UNTIL_WOKEN = Seconds("until woken", lambda _config, _backoff: None)
NO_WAIT = fixed(0.0)
YIELD_QUIET_TIME = Seconds("yieldQuietTime", lambda config, _backoff: config.yield_quiet_time)
BACKOFF = Seconds("its backoff", lambda _config, backoff: backoff)


class Look(collections.namedtuple("Look", "name asks again")):
    """Where a disruption is found: ``asks``: the look asks ALMotion (a round trip), so
    only the gates that may ask read it; ``again``: read again after a look that asked,
    as it may have changed during the round trip."""

    def __new__(cls, name, asks=False, again=False):
        return super(Look, cls).__new__(cls, name, asks, again)


ROUND_STOP = Look("the round's stop")
OWN_STATE = Look("Pepper's own state")  # own_state_rules.ordered says which of its kinds
HEAT = Look("the heat")
SPEAKING = Look("speech", again=True)
# areResourcesAvailable (a group's joints) or moveIsActive (the base); ERROR if it fails.
TASKS = Look("ALMotion's tasks", asks=True)


class FailureLog(collections.namedtuple("FailureLog", "level line explainable")):
    """How the part's Backoff logs the first failure of a streak: at ``level``, as ``line``
    (the disruption's why in %s); ``explainable``: a sign of Pepper's own state may explain
    it (recovery.Backoff)."""


class Kind(collections.namedtuple("Kind", "reason state found stops_call waited_enough "
                                          "recheck quiet counted holds_home home_after recentres "
                                          "log")):
    """One kind of disruption, ``reason`` (Disruption.reason). ``state``: the part's status
    while it lasts (HOME: the round ends); ``found``: the Look that finds it (None: only a
    call's outcome or a failed question shows it); ``stops_call``: the parts (A_GROUP,
    THE_BASE) whose running call it stops at once (else the call ends as planned);
    ``waited_enough``: what the base waited through stands for its pause between turns;
    ``recheck``: how long to sleep before looking again unless woken; ``quiet``: how long
    nothing must disrupt before moving again; ``counted``: a yield (getStatus's counter,
    a debug line); ``holds_home``: a group goes home once, smoothly, then holds still (its
    joints stay stiff); ``home_after``: a group goes home before moving again (from where
    Pepper's body left it); ``recentres``: the base's turns then centre on where it left
    the robot (something else moved it); ``log``: a failure's FailureLog, else None."""

    def __new__(cls, reason, state, found, **fields):
        """Only ``reason``, ``state`` and ``found`` by position; the rest by name, each
        left out meaning no (or the defaults of DEFAULTS)."""
        unknown = sorted(set(fields) - set(DEFAULTS))
        if unknown:
            raise TypeError("Kind has no field %s; it has %s"
                            % (", ".join(unknown), ", ".join(sorted(DEFAULTS))))
        fields = dict(DEFAULTS, **fields)
        fields["stops_call"] = tuple(fields["stops_call"])
        return super(Kind, cls).__new__(cls, reason, state, found,
                                        *[fields[name] for name in cls._fields[3:]])


# Kind's fields given by name, and what each is when left out.
DEFAULTS = dict(stops_call=(), waited_enough=False, recheck=UNTIL_WOKEN, quiet=NO_WAIT,
                counted=False, holds_home=False, home_after=False, recentres=False, log=None)


# Pepper's own state's kinds: one look finds them and says which holds the part, so they
# stand in KINDS in the order they win (own_state_rules.STATES).
_OWN_STATE_KINDS = dict((kind.reason, kind) for kind in (
    Kind(DISABLED, status_module.DISABLED, OWN_STATE, stops_call=(A_GROUP, THE_BASE),
         home_after=True),
    Kind(PAUSED, status_module.PAUSED, OWN_STATE, stops_call=(A_GROUP, THE_BASE),
         quiet=fixed(SETTLE_TIME), home_after=True, recentres=True),
    Kind(RESTING, status_module.RESTING, OWN_STATE, stops_call=(A_GROUP, THE_BASE),
         quiet=fixed(SETTLE_TIME), home_after=True, recentres=True),
    # A slope lets a group's call end (the legs then go home); NAOqi stops a move itself.
    Kind(WAITING, status_module.WAITING, OWN_STATE, stops_call=(THE_BASE,),
         waited_enough=True, holds_home=True),
))

# Every kind, in the order the gates look: the first found wins.
KINDS = ((
    Kind(STOPPING, status_module.HOME, ROUND_STOP, stops_call=(A_GROUP, THE_BASE)),
) + tuple(_OWN_STATE_KINDS[state] for state in OWN_STATES) + (
    # Hot joints let a call end as planned (at most maxCallDuration) before going home.
    Kind(HOT, status_module.HOT, HEAT, holds_home=True),
    Kind(SPEECH, status_module.YIELDING, SPEAKING, stops_call=(A_GROUP,),
         recheck=fixed(SPEECH_RECHECK), quiet=YIELD_QUIET_TIME, counted=True),
    Kind(OTHER_APP, status_module.YIELDING, TASKS, recheck=fixed(YIELD_POLL),
         quiet=YIELD_QUIET_TIME, counted=True, recentres=True),
    Kind(ERROR, status_module.YIELDING, None, recheck=BACKOFF, quiet=BACKOFF,
         log=FailureLog("error", "%s", explainable=False)),
    Kind(REFUSED, status_module.WAITING, None, waited_enough=True, recheck=BACKOFF,
         quiet=BACKOFF,
         log=FailureLog("warning", "ALMotion.moveTo refused to turn the base (%s)",
                        explainable=True)),
))


def index(kinds):
    """(``kinds`` by reason, their looks in the gates' order: each at its first row)."""
    return (dict((kind.reason, kind) for kind in kinds),
            tuple(collections.OrderedDict((kind.found, None) for kind in kinds
                                          if kind.found is not None)))


_BY_REASON, LOOKS = index(KINDS)


def kind_of(disruption):
    """The Kind (KINDS' row) of ``disruption``."""
    return kind_named(disruption.reason)


def kind_named(reason):
    """The Kind (KINDS' row) whose reason is ``reason``."""
    return _BY_REASON[reason]


class Disruption(collections.namedtuple("Disruption", "reason joints why until")):
    """``reason`` a Kind's reason; ``joints`` the hot ones; ``why`` what showed it, in
    words when shown (the verbose log, the status's reason for Pepper's own state, the log
    line of a failure); ``until``: robot s until it ends by itself (a push), else None."""

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


def group_looks(names, yields_to_speech, own_state, speaking, sender):
    """A joint group's looks that its worker and the way home share: Pepper's own state
    for the joints ``names``; speech (``speaking()``), if the group leaves arms and hands
    to it; another app's task on its joints (``sender.joints_free``: a round trip)."""
    def tasks():
        if sender.joints_free(names):
            return None
        return Disruption(OTHER_APP, why="another app's task holds its joints")
    return {OWN_STATE: lambda: held(own_state, names),
            SPEAKING: lambda: YIELD_TO_SPEECH if yields_to_speech and speaking() else None,
            TASKS: tasks}


def first(looks, asking):
    """Why a part must not send a call now, or None: the first Disruption its ``looks``
    ({Look: function returning a Disruption or None}) find in LOOKS' order. ``asking``:
    read the looks that ask ALMotion too (a round trip each), and after them read again
    those that may have changed meanwhile; else only what the worker knows."""
    asked = False
    for look in LOOKS:
        if look in looks and (asking or not look.asks):
            found = looks[look]()
            if found is not None:
                return found
            asked = asked or look.asks
    for look in LOOKS if asked else ():
        if look.again and look in looks:
            found = looks[look]()
            if found is not None:
                return found
    return None


def _may_stop(look, part):
    return any(part in kind.stops_call for kind in KINDS if kind.found == look)


def veto(looks, part):
    """Why a running call of ``part`` (A_GROUP, THE_BASE) must stop at once, or not leave,
    or None: the first Disruption its ``looks`` find in LOOKS' order whose kind stops the
    call of ``part``. Reads only looks with no round trip, and only those that may find
    such a kind: the sender asks it as the last look before a call leaves, holding its
    own lock."""
    for look in LOOKS:
        if look in looks and not look.asks and _may_stop(look, part):
            found = looks[look]()
            if found is not None and part in kind_of(found).stops_call:
                return found
    return None
