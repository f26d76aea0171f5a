"""What the engine is doing, read by getStatus, the heartbeat and tests.

Each part (a joint group, or the base) is in one state of STATES: ``home`` (not
animating: disabled, or holding home), ``animating``, ``yielding`` (to ``yieldingTo``:
"speech", "another app" or "error"), ``hot`` (resting because of the joints in ``hot``),
or held by Pepper's own state (expression.own_state), with its ``reason``: ``paused`` (a
fall, safeguard, a push, an obstacle near an arm), ``resting`` (Pepper rests),
``waiting`` (the charging flap, the station, moves disabled, the battery low or empty, a
slope, or a refused turn) or ``disabled`` (its chain). engine.disruptions says which
disruption puts a part in which state. Counters add up over the engine's life:
trajectories completed, ALMotion calls sent, base turns completed, yields to another app
or to speech. Thread-safe: every worker reports here.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.expression import own_state_rules

HOME = "home"
ANIMATING = "animating"
YIELDING = "yielding"
HOT = "hot"
PAUSED = own_state_rules.PAUSED
RESTING = own_state_rules.RESTING
WAITING = own_state_rules.WAITING
DISABLED = own_state_rules.DISABLED
# A part's states, and those that give a reason (Pepper's own state's).
WITH_REASON = own_state_rules.STATES
STATES = (HOME, ANIMATING, YIELDING, HOT) + WITH_REASON
COUNTERS = ("trajectories", "calls", "turns", "yields")
# The base's part; every other part is a joint group (groups.TABLE names them).
BASE = "base"


class Status(object):
    """The parts' states and the counters."""

    def __init__(self):
        self._lock = threading.Lock()
        self._parts = collections.OrderedDict()
        self._counters = collections.OrderedDict((name, 0) for name in COUNTERS)

    def count(self, counter, amount=1):
        with self._lock:
            self._counters[counter] += amount

    def reset(self, parts):
        """The parts of a new round, all at home."""
        with self._lock:
            self._parts = collections.OrderedDict((part, {"state": HOME}) for part in parts)

    def set(self, part, state, yielding_to=None, hot=(), reason=None):
        with self._lock:
            entry = {"state": state}
            if state == YIELDING:
                entry["yieldingTo"] = yielding_to
            if state == HOT:
                entry["hot"] = sorted(hot)
            if state in WITH_REASON:
                entry["reason"] = reason
            self._parts[part] = entry

    def all_home(self):
        with self._lock:
            for part in self._parts:
                self._parts[part] = {"state": HOME}

    def snapshot(self):
        """{"parts": {part: {"state": ..., ...}}, "counters": {...}} (copies)."""
        with self._lock:
            return {"parts": collections.OrderedDict(
                        (part, dict(entry)) for part, entry in self._parts.items()),
                    "counters": collections.OrderedDict(self._counters)}


def describe_part(entry):
    """One part's state in words: "animating", "yielding to speech", "hot (RHand)",
    "paused (fall)"."""
    if entry["state"] == YIELDING:
        return "yielding to %s" % entry["yieldingTo"]
    if entry["state"] == HOT:
        return "hot (%s)" % ", ".join(entry["hot"])
    if entry["state"] in WITH_REASON:
        return "%s (%s)" % (entry["state"], entry["reason"])
    return entry["state"]


def report(state, requested, snapshot):
    """getStatus's answer: {"state", "requested", "groups": {name: {"state", ...}},
    "base": {...} (when the base turns), "counters": {...}} from a Status snapshot."""
    parts = snapshot["parts"]
    result = collections.OrderedDict([("state", state), ("requested", requested)])
    result["groups"] = collections.OrderedDict(
        (name, entry) for name, entry in parts.items() if name != BASE)
    if BASE in parts:
        result["base"] = parts[BASE]
    result["counters"] = snapshot["counters"]
    return result


def summary(report):
    """A report in one line, for the heartbeat."""
    parts = list(report["groups"].items())
    if "base" in report:
        parts.append(("base", report["base"]))
    line = "state %s (requested %s); %s; %s" % (
        report["state"], report["requested"],
        ", ".join("%s %s" % (name, describe_part(entry)) for name, entry in parts)
        or "nothing to animate",
        ", ".join("%d %s" % (count, name) for name, count in report["counters"].items()))
    if "context" in report:
        line += "; context %s" % report["context"]["state"]
    return line
