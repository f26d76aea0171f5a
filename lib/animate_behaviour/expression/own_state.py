"""Pepper's own state: what its body allows the animation now, a source of the live signal.

Pepper docks, rests, falls, gets pushed, has a chain or a feature disabled, runs low on
battery, stands on a slope. NAOqi announces each of these (naoqi/own_state_events.py
follows its events and keys; docs/naoqi.md, "Pepper's own day"), and each part of the
animation (a joint group, by its joints, or the base) asks :meth:`OwnState.hold` what it
must do: the first row of own_state_rules.HOLDS that applies to it gives its state and
the reason.

    paused     a fall, Autonomous Life's safeguard, a push: nothing moves
    resting    Pepper rests (someone called rest(), or a reflex did): nothing is sent
               into limp joints, and the package never wakes Pepper up itself
    disabled   ALMotion disabled the part's chain ("Body": every part)
    waiting    the base: the charging flap open, docked, close to the charging station,
               moves disabled, battery low; the legs: on a slope (NAOqi adapts the
               posture itself)

A low battery also lowers the arousal (``batteryLowArousal``), so what still moves moves
less. Facts change on ALMemory's threads, one change at a time, each replacing the facts
whole, so that readers take no lock (a sender asks as the last look before a call leaves,
holding its own); ``on_change()`` runs (no lock held) whenever one did, so that the
workers look again. No NAOqi here: the edge hands in the facts.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.expression.own_state_rules import (PUSH_SETTLE, Facts, facts_hold,
                                                         with_push)


class OwnState(object):
    """Pepper's own state on ``clock`` (foundation.clock), with ``battery_low_arousal``
    (the configuration's ``batteryLowArousal``); logs each change once on ``log``."""

    def __init__(self, battery_low_arousal, clock, log, on_change=None):
        self._battery_low_arousal = battery_low_arousal
        self._clock = clock
        self._log = log
        self._on_change = on_change
        self._lock = threading.Lock()
        self._facts = Facts()
        self._holds = (None, {})  # (the facts, {(names, base): facts_hold's}) of hold()
        self._move_failure = None  # (cause, clock time) of the last MoveFailed heard

    def set_listener(self, on_change):
        """``on_change()`` runs after each change of a fact (the engine wakes its parts)."""
        self._on_change = on_change

    # -- what NAOqi says (ALMemory's threads, and the read at enable) -------------------

    def awake(self, awake):
        """robotIsWakeUp (True: awake). Waking up after a fall ends it: Pepper is upright."""
        def change(facts):
            facts.awake = bool(awake)
            if awake:
                facts.fallen = False
        self._change(change, "awake" if awake else "resting")

    def rest_starts(self):
        """A rest began (ALMotion/Stiffness/restStarted): limp joints follow."""
        self.awake(False)

    def life(self, state):
        """Autonomous Life's state. Leaving safeguard after a fall means Pepper has been
        placed upright again (the safeguard's documented end)."""
        def change(facts):
            if facts.life == "safeguard" and state != "safeguard":
                facts.fallen = False
            facts.life = state
        self._change(change, "Autonomous Life %s" % state)

    def falling(self):
        """ALMotion/RobotIsFalling or robotHasFallen: fallen until woken or out of
        safeguard."""
        def change(facts):
            facts.fallen = True
        self._change(change, "fall", warn=True)

    def pushed(self):
        """ALMotion/RobotPushed or a push recovery: paused for PUSH_SETTLE after it."""
        now = self._clock.now()

        def change(facts):
            facts.pushed_at = now
        self._change(change, None)  # every push: a log line each would flood

    def flap(self, open_):
        self._flag("flap_open", open_, "charging flap open", "charging flap closed")

    def docked(self, docked):
        self._flag("docked", docked, "docked", "off the charging station")

    def near_station(self, near):
        self._flag("near_station", near, "close to the charging station",
                   "away from the charging station")

    def battery_low(self, low):
        self._flag("battery_low", low, "battery low", "battery no longer low")

    def charging(self, charging):
        """The battery charges: it is no longer running low."""
        if charging:
            self.battery_low(False)

    def on_slope(self, on):
        self._flag("on_slope", on, "on a slope", "off the slope")

    def devices(self, pairs):
        """ALMotion/Protection/DisabledDevicesChanged: [[device, disabled], ...], "the
        actual disabled devices status": those listed disabled, and no other."""
        self._chains_now("disabled_devices", pairs, "")

    def features(self, pairs):
        """ALMotion/Protection/DisabledFeaturesChanged: [[feature, disabled], ...], "the
        actual disabled features status": "Move" disables the base's moves,
        "<chain>Stiffness" the chain; what is not listed disabled is not."""
        self._flag("move_disabled", any(disabled for name, disabled in pairs
                                        if name == "Move"), "move disabled", "move enabled")
        self._chains_now("disabled_stiffness", [
            (name[:-len("Stiffness")], disabled) for name, disabled in pairs
            if name.endswith("Stiffness") and len(name) > len("Stiffness")], " stiffness")

    def move_failed(self, cause):
        """ALMotion/MoveFailed's cause (a refused or stopped move): kept for the base,
        which says why its turn was refused; no hold of its own (nothing says when an
        obstacle is gone)."""
        self._move_failure = (cause, self._clock.now())  # one assignment: no lock needed

    # -- reading (workers, homing, the signal, getStatus) ---------------------------------

    def move_failure_since(self, since):
        """The cause of the last ALMotion/MoveFailed heard at or after clock time
        ``since``, else None."""
        failure = self._move_failure
        if failure is None or self._clock.elapsed(since, failure[1]) < 0:
            return None
        return failure[0]

    def hold(self, names, base=False):
        """The Hold (own_state_rules.Hold) for the part of joints ``names`` (the base:
        ``base``, with its legs' joints), or None when it may move. Takes no lock (the
        facts are replaced whole, never changed): a sender asks it as the last look before
        a call leaves, holding its own."""
        facts = self._facts
        # Asked several times a call by every part: what the facts alone decide is kept
        # until they are replaced (one assignment: readers see the old pair or the new).
        kept_facts, holds = self._holds
        if kept_facts is not facts:
            holds = {}
            self._holds = (facts, holds)
        key = (tuple(names), base)
        if key not in holds:
            holds[key] = facts_hold(facts, names, base)
        return with_push(holds[key], self._since_push(facts))

    def arousal_offset(self):
        """What Pepper's state adds to the mood's arousal now: batteryLowArousal while the
        battery is low."""
        return self._battery_low_arousal if self._facts.battery_low else 0.0

    def report(self):
        """getStatus's "ownState": each fact as last heard."""
        facts = self._facts
        since = self._since_push(facts)
        pushed = since is not None and since < PUSH_SETTLE
        return collections.OrderedDict([
            ("awake", facts.awake), ("lifeState", facts.life), ("fallen", facts.fallen),
            ("pushed", pushed), ("flapOpen", facts.flap_open), ("docked", facts.docked),
            ("closeToStation", facts.near_station), ("moveDisabled", facts.move_disabled),
            ("disabled", sorted(facts.disabled())), ("batteryLow", facts.battery_low),
            ("onSlope", facts.on_slope)])

    # -- changes ------------------------------------------------------------------------

    def _flag(self, attribute, value, on_words, off_words):
        value = bool(value)

        def change(facts):
            setattr(facts, attribute, value)
        self._change(change, on_words if value else off_words)

    def _chains_now(self, attribute, pairs, what):
        """The chains of ``attribute`` are now those ``pairs`` list disabled; each chain
        that changed is logged once (a chain disabled: a warning)."""
        now = set(chain for chain, disabled in pairs if disabled)
        before = set(getattr(self._facts, attribute))
        for chain in sorted(now | before):
            disabled = chain in now
            if disabled == (chain in before):
                continue

            def change(facts, chain=chain, disabled=disabled):
                chains = getattr(facts, attribute)
                (chains.add if disabled else chains.discard)(chain)
            self._change(change, "%s%s %s" % (chain, what, "disabled" if disabled
                                              else "enabled"), warn=disabled)

    def _change(self, change, words, warn=False):
        """Apply ``change(facts)``; if it changed anything, log ``words`` once (None: not
        logged; ``warn``: at warning level) and tell the listener."""
        with self._lock:  # one change at a time; readers see the old facts or the new
            facts = self._facts.copy()
            change(facts)
            changed = facts.key() != self._facts.key()
            self._facts = facts
        if not changed:
            return
        if words is not None:
            (self._log.warning if warn else self._log.info)("Pepper's own state: %s" % words)
        if self._on_change is not None:
            self._on_change()

    def _since_push(self, facts):
        """Robot s since the last push in ``facts`` (None: none heard)."""
        if facts.pushed_at is None:
            return None
        return self._clock.elapsed(facts.pushed_at, self._clock.now())
