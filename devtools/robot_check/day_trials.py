"""The trials of Pepper's own day (docs/naoqi.md, "Pepper's own day"; issue 30 part 3):
what NAOqi 2.5 leaves open about a chain disabled in ALMotion/Protection, the charging
flap and a rest by another client, tried on the robot.

* ChainTrial (no owner step: the check cannot disable a chain, so it is tried only when
  the robot reports an arm disabled): a 1-degree call of that arm's wrist, which raises
  or returns.
* FlapTrial (owner step "flap": OPEN_FLAP, then CLOSE_FLAP once it is over): once the
  flap reads open, moveTo(0, 0, base_trial.THETA) with ALMotion/MoveFailed followed,
  then the wrist 5 degrees and back, then the hip (LEG_JOINT) LEG_STEP and back.
* RestTrial (owner step "rest": MAKE_ROOM): rest(), then wakeUp(), with robotIsWakeUp
  and ALMotion/Stiffness/restStarted, restFinished, wakeUpStarted and wakeUpFinished
  followed. Pepper is woken up only because the check rested her.

The keys of the signs the package follows, and how their values are read, come from its
own registry (expression.own_state_signs), never copied. Each trial says what it moved
(``moved``, in words; ``base_turned``)."""
from __future__ import absolute_import, division, print_function

import collections
import math
import threading

from animate_behaviour.expression import own_state_signs as signs
from animate_behaviour.expression.sign_values import BadValue
from animate_behaviour.naoqi import memory_events
from animate_behaviour.planning.trajectory import wrap_angle
from robot_check import arm_trials, base_trial
from robot_check import timing as timings
from robot_check.facts import (CONFIRMED, CONTRADICTED, JOINT, LEG_JOINT, NOT_DECIDED,
                                NOT_TRIED)
from robot_check.tasks import Sent

CHAIN = "chain_disabled_raises"
FLAP_MOVE = "flap_move_refused"
FLAP_ARM = "flap_arms_go_on"
FLAP_LEGS = "flap_legs_go_on"
FLAP = (FLAP_MOVE, FLAP_ARM, FLAP_LEGS)
LEG_STEP = math.radians(2.0)  # about the legs' own band at the neutral mood
REST = "rest_events_raised"

OPEN_FLAP = ("Owner step 'flap': open Pepper's charging flap (the power hatch at the back "
             "of her base) and leave it open. The check then asks the base to turn by "
             "%.2f rad on the spot, which the open flap should forbid, turns %s by "
             "%.0f degrees and back, and bends %s by %.0f degrees and back; it asks you to "
             "close the flap after"
             % (base_trial.THETA, JOINT, math.degrees(arm_trials.STEP), LEG_JOINT,
                math.degrees(LEG_STEP)))
CLOSE_FLAP = "Close Pepper's charging flap now"
MAKE_ROOM = ("Owner step 'rest': the check rests Pepper (she goes to her resting posture "
             "and her motors go off), then wakes her up again (she stands up). Clear the "
             "room around her: nobody and nothing within reach of her arms")

# The wrist the chain trial calls, for each arm chain DisabledDevicesChanged may name. The
# check commands no head or leg joint; with "Body" disabled Pepper cannot be awake.
WRISTS = collections.OrderedDict([("LArm", "LWristYaw"), ("RArm", "RWristYaw")])
TINY = math.radians(1.0)  # how far the chain trial's call goes
# ALMotion's stiffness events the package does not follow (control-stiffness-api.html:
# "Raised at ALMotionProxy::rest finish.", "... wakeUp start.", "... wakeUp finish.").
REST_FINISHED = "ALMotion/Stiffness/restFinished"
WAKE_UP_STARTED = "ALMotion/Stiffness/wakeUpStarted"
WAKE_UP_FINISHED = "ALMotion/Stiffness/wakeUpFinished"

PHASES = ("before wakeUp() was sent", "after wakeUp() was sent")  # rest's, wakeUp's
NOT_AWAKE = "Pepper is not awake (robotIsWakeUp() is False): wake it and run again"


def read(memory, key, lost):
    """``key``'s value in ALMemory (``memory``), or None when getData raises because it has
    none (not written since NAOqi started); raises when the robot is ``lost()``."""
    try:
        return memory.getData(key)
    except RuntimeError:
        if lost():
            raise
        return None


Entry = collections.namedtuple("Entry", "time key value")  # time: wall s (clock.now())


class Heard(object):
    """The events of ``keys`` heard on ``memory`` (an ALMemory proxy) until ``close()``:
    ``entries()`` (Entry), in the order they arrived (libqi keeps no order between two
    events: docs/naoqi.md, "Signals' order"). ``clock``: timing.clock's."""

    def __init__(self, memory, keys, clock):
        self._clock = clock
        self._lock = threading.Lock()
        self._arrived = clock.event()
        self._entries = []
        self._held = []  # (subscriber, link): a subscriber must outlive its connection
        # An event ALMemory does not list is created by subscribing: noted, so that a
        # later check or the package does not take it for declared.
        memory_events.note_created(memory, keys, memory.getEventList())
        try:
            for key in keys:
                subscriber = memory.subscriber(key)
                self._held.append((subscriber, subscriber.signal.connect(self._callback(key))))
        except RuntimeError:
            self.close()
            raise

    def _callback(self, key):
        def heard(value):
            with self._lock:
                self._entries.append(Entry(self._clock.now(), key, value))
            self._arrived.set()
        return heard

    def entries(self, first=0):
        """What was heard so far, from the ``first``-th entry."""
        with self._lock:
            return self._entries[first:]

    def wait(self, enough, seconds, first=0):
        """Wait until ``enough(entries(first))`` is true, at most ``seconds`` robot s;
        whether it is."""
        deadline = self._clock.now() + seconds * self._clock.time_scale
        while True:
            with self._lock:
                self._arrived.clear()
                done = enough(self._entries[first:])
            left = self._clock.elapsed(self._clock.now(), deadline)
            if done or left <= 0:
                return done
            self._clock.wait(self._arrived, left)

    def close(self):
        """Disconnect every subscription (each once)."""
        held, self._held = self._held, []
        for subscriber, link in held:
            subscriber.signal.disconnect(link)


class _Trial(object):
    """What the three trials share: ``motion`` (ALMotion), ``memory`` (ALMemory),
    ``findings``, ``timing`` and ``lost()`` (run.Context's)."""

    def __init__(self, motion, memory, findings, timing, lost):
        self._motion = motion
        self._memory = memory
        self._findings = findings
        self._timing = timing
        self._clock = timings.clock(timing)
        self._lost = lost
        self.moved = []  # what it moved, in words
        self.base_turned = False

    def _since(self, start, at=None):
        """Robot s from ``start`` to ``at`` (wall s; default now)."""
        return self._clock.elapsed(start, self._clock.now() if at is None else at)

    def _heard(self, entries, since):
        """``entries`` in words, each with its robot s after ``since`` (wall s)."""
        return ", ".join("%s %r at %.2f s" % (entry.key, entry.value,
                                              self._since(since, entry.time))
                         for entry in entries) or "nothing"


# -- a call on a disabled chain ------------------------------------------------------------------

class ChainTrial(_Trial):
    """A 1-degree angleInterpolation (TINY) of the wrist of an arm that
    ALMotion/Protection/DisabledDevicesChanged's last value reports disabled."""

    def run(self):
        devices = signs.DEVICES
        value = read(self._memory, devices.key, self._lost)
        if value is None:
            self._findings.record(CHAIN, NOT_TRIED, "no chain is reported disabled: %s "
                                  "has no value (NAOqi has not raised it since it started)"
                                  % devices.key)
            return
        try:
            disabled = [name for name, off in devices.read(value) if off]
        except BadValue as err:
            self._findings.record(CHAIN, NOT_TRIED, "%s's last value %r is %s"
                                  % (devices.key, value, err))
            return
        arms = [name for name in disabled if name in WRISTS]
        if not arms:
            self._findings.record(CHAIN, NOT_TRIED, "%s's last value %r reports no arm "
                                  "disabled (the check calls only an arm's wrist: it "
                                  "commands no head or leg joint)" % (devices.key, value))
            return
        if not self._motion.robotIsWakeUp():
            self._findings.record(CHAIN, NOT_TRIED, NOT_AWAKE)
            return
        self._try(arms[0], WRISTS[arms[0]], "%s = %r" % (devices.key, value))

    def _try(self, chain, joint, reported):
        motion, timing = self._motion, self._timing
        start = arm_trials.joint_angle(motion, joint, sensors=True)
        minimum, maximum = motion.getLimits(joint)[0][:2]
        target = start + (TINY if start < (minimum + maximum) / 2.0 else -TINY)
        seconds = arm_trials.slowest(TINY, timing.short_call)
        self.moved.append("%s: a %.0f-degree call on its disabled chain %s"
                          % (joint, math.degrees(TINY), chain))
        call = Sent(self._clock, motion, "angleInterpolation", [joint], [float(target)],
                    [float(seconds)], True)
        turned = None
        try:
            call.wait(seconds + timing.grace)
            turned = abs(arm_trials.joint_angle(motion, joint, sensors=True) - start)
        finally:
            # The call ran after all: the chain takes calls, so this one goes too.
            if turned is not None and turned > arm_trials.TOLERANCE:
                arm_trials.back(motion, joint, start, timing, sensors=True)
        said = ("angleInterpolation([%s], %.0f degree in %.1f s) on %s, reported disabled "
                "(%s)" % (joint, math.degrees(TINY), seconds, chain, reported))
        if not call.done:
            self._findings.record(CHAIN, NOT_DECIDED, "%s had neither raised nor returned "
                                  "%.1f s after it was sent" % (said, seconds + timing.grace))
        elif call.failed:
            self._findings.record(CHAIN, CONFIRMED, "%s %s" % (said, call.outcome()))
        else:
            self._findings.record(CHAIN, CONTRADICTED, "%s %s %.2f s after it was sent; "
                                  "the joint's sensor turned %.4f rad of %.4f"
                                  % (said, call.outcome(), call.took(), turned, TINY))


# -- the charging flap open ----------------------------------------------------------------------

class FlapTrial(_Trial):
    """Once the charging flap reads open (its signs: BatteryTrapIsOpen and the DCM key),
    moveTo(0, 0, THETA) with ALMotion/MoveFailed followed, then JOINT STEP and back, then
    LEG_JOINT LEG_STEP and back; each fact is decided only if the flap still reads open
    after its try."""

    def run(self):
        opened, reading = self._flap()
        if not opened:
            self._findings.not_decided(FLAP, "the charging flap did not read open after "
                                       "the owner's step (%s): nothing was tried" % reading)
            return
        if not self._motion.robotIsWakeUp():
            self._findings.not_tried(FLAP, NOT_AWAKE)
            return
        for key, attempt in ((FLAP_MOVE, self._move_to),
                             (FLAP_ARM, lambda: self._joint(FLAP_ARM, JOINT, arm_trials.STEP)),
                             (FLAP_LEGS, lambda: self._joint(FLAP_LEGS, LEG_JOINT, LEG_STEP))):
            self._findings.start((key,))
            found = attempt()
            if found is None:
                continue
            opened, reading = self._flap()
            if opened:
                self._findings.record(key, found[0], "%s; the flap read open (%s)"
                                      % (found[1], reading))
            else:
                self._findings.record(key, NOT_DECIDED, "%s; but then the charging flap no "
                                      "longer read open (%s)" % (found[1], reading))

    def _flap(self):
        """(whether the flap reads open: each flap sign with a value says so, and one
        has; the readings in words)."""
        readings, said = [], []
        for row in signs.setting(signs.FLAP):
            value = read(self._memory, row.key, self._lost)
            if value is None:
                said.append("%s: no value" % row.key)
                continue
            try:
                readings.append(row.read(value))
                said.append("%s = %r" % (row.key, value))
            except BadValue as err:
                readings.append(False)
                said.append("%s = %r (%s)" % (row.key, value, err))
        return bool(readings) and all(readings), ", ".join(said)

    def _move_to(self):
        """(result, observed) of FLAP_MOVE, or None when it is recorded not tried."""
        motion, timing = self._motion, self._timing
        if motion.moveIsActive():
            self._findings.record(FLAP_MOVE, NOT_TRIED, "another app's move was running")
            return None
        failed = signs.MOVE_FAILED
        heard = Heard(self._memory, [failed.key], self._clock)
        try:
            heading = base_trial.heading_of(motion)
            self.moved.append("moveTo(0, 0, %.2f) sent with the charging flap open"
                              % base_trial.THETA)
            call = Sent(self._clock, motion, "moveTo", 0.0, 0.0, base_trial.THETA)
            try:
                call.wait(timing.grace)
                turned = wrap_angle(base_trial.heading_of(motion) - heading)
                self.base_turned = abs(turned) > base_trial.HEADING_TOLERANCE
            finally:
                base_trial.turn_back(motion, call, heading)
            heard.wait(bool, timing.heard)  # MoveFailed may come after moveTo returns
            failures = heard.entries()
        finally:
            heard.close()
        observed = ("moveTo(0, 0, %.2f) %s; the base then turned %.3f rad; %s" % (
            base_trial.THETA, "%s %.2f s after it was sent" % (call.outcome(), call.took())
            if call.done else "had not returned %.0f s after it was sent" % timing.grace,
            turned, self._failures(failed, failures, call.sent)))
        moved = abs(turned) >= base_trial.THETA / 2.0
        if moved or (call.done and not call.failed and call.value() is not False):
            return CONTRADICTED, observed
        if not call.done:
            return NOT_DECIDED, observed + "; not decided: neither refused nor turning"
        return CONFIRMED, observed

    def _failures(self, failed, entries, sent):
        """What ALMotion/MoveFailed said (``entries``), in words."""
        if not entries:
            return "%s not raised within %.0f s" % (failed.key, self._timing.heard)
        causes = []
        for entry in entries:
            try:
                causes.append("cause %r" % failed.read(entry.value))
            except BadValue as err:
                causes.append(str(err))
        return "%s raised: %s (%s)" % (failed.key, self._heard(entries, sent),
                                        ", ".join(causes))

    def _joint(self, key, joint, distance):
        """(result, observed) of ``key``: ``joint`` ``distance`` rad and back, or None when
        it is recorded not tried."""
        motion, timing = self._motion, self._timing
        why = arm_trials.cannot_move(motion, joint)
        if why is not None:
            self._findings.record(key, NOT_TRIED, why)
            return None
        with arm_trials.Held(motion, timing, joint, distance) as held:
            sensed = arm_trials.joint_angle(motion, joint, sensors=True)
            seconds = arm_trials.slowest(distance, timing.short_call)
            self.moved.append("%s %.0f degrees and back with the charging flap open"
                              % (joint, math.degrees(distance)))
            call = Sent(self._clock, motion, "angleInterpolation", [joint],
                        [float(held.start + held.step)], [float(seconds)], True)
            call.wait(seconds + timing.grace)
            turned = abs(arm_trials.joint_angle(motion, joint, sensors=True) - sensed)
        said = ("angleInterpolation([%s], %.0f degrees in %.1f s)"
                % (joint, math.degrees(distance), seconds))
        if not call.done:
            return NOT_DECIDED, "%s had not returned %.1f s after it was sent" % (
                said, seconds + timing.grace)
        observed = "%s %s %.2f s after it was sent; the joint's sensor turned %.4f rad" % (
            said, call.outcome(), call.took(), turned)
        if call.failed or turned < distance / 2.0:
            return CONTRADICTED, observed
        return CONFIRMED, observed


# -- a rest and a wake-up by another client -------------------------------------------------------

def _says(entries, key, row=None, value=None):
    """Whether ``entries`` hold ``key`` (with ``value``, read by ``row``'s read)."""
    for entry in entries:
        if entry.key != key:
            continue
        if row is None:
            return True
        try:
            if row.read(entry.value) == value:
                return True
        except BadValue:
            pass
    return False


class RestTrial(_Trial):
    """rest(), then wakeUp(), with robotIsWakeUp and the four stiffness events followed;
    decided from what was heard before wakeUp was sent and after."""

    def __init__(self, *args):
        _Trial.__init__(self, *args)
        awake, started = signs.WAKE_UP, signs.REST_STARTED
        self._awake = awake
        # Each phase: the events it should raise and robotIsWakeUp's value.
        self._phases = (((started.key, REST_FINISHED), False),
                        ((WAKE_UP_STARTED, WAKE_UP_FINISHED), True))
        self._rest = self._wake = None

    def run(self):
        motion, timing = self._motion, self._timing
        if not motion.robotIsWakeUp():
            self._findings.record(REST, NOT_TRIED, "%s; the check rests only a Pepper it "
                                  "found awake, so that it can wake her again" % NOT_AWAKE)
            return
        keys = (self._awake.key,) + self._phases[0][0] + self._phases[1][0]
        heard = Heard(self._memory, keys, self._clock)
        try:
            self._rest = self._send("rest")
            self._rest.wait(timing.posture)
            heard.wait(lambda entries: self._complete(entries, 0), timing.heard)
            first = len(heard.entries())
            still_awake = motion.robotIsWakeUp()
            if not still_awake:
                self._wake = self._send("wakeUp")
                self._wake.wait(timing.posture)
                heard.wait(lambda entries: self._complete(entries, 1), timing.heard, first)
            entries = heard.entries()
        finally:
            try:
                heard.close()
            finally:
                self._wake_if_rested()
        self._decide(entries[:first], entries[first:], still_awake)

    def _send(self, method):
        call = Sent(self._clock, self._motion, method)
        self.moved.append("Pepper %s (%s)" % ({"rest": "rested", "wakeUp": "woken up"}[method],
                                              method))
        return call

    def _complete(self, entries, phase):
        keys, awake = self._phases[phase]
        return (all(_says(entries, key) for key in keys)
                and _says(entries, self._awake.key, self._awake, awake))

    def _wake_if_rested(self):
        """Pepper woken up if the check rested her and sent no wakeUp (it stopped on the
        way); the report says whether she is awake."""
        if self._rest is None:
            return
        if self._wake is None:
            self._rest.wait(self._timing.posture)
            if not self._motion.robotIsWakeUp():
                self._wake = self._send("wakeUp")
                self._wake.wait(self._timing.posture)
        if not self._motion.robotIsWakeUp():
            self.moved.append("Pepper is left resting: wakeUp %s" % (
                self._wake.outcome() if self._wake.done else "had not returned"))

    def _decide(self, resting, waking, still_awake):
        rest, wake = self._rest, self._wake
        said = ["rest() %s" % (
            "%s %.2f s after it was sent" % (rest.outcome(), rest.took())
            if rest.done else "had not returned %.0f s after it was sent"
            % self._timing.posture),
            "heard before wakeUp() was sent: %s" % self._heard(resting, rest.sent)]
        if wake is not None:
            said += ["wakeUp() %s" % (
                "%s %.2f s after it was sent" % (wake.outcome(), wake.took())
                if wake.done else "had not returned %.0f s after it was sent"
                % self._timing.posture),
                "heard after: %s" % self._heard(waking, wake.sent)]
        observed = "; ".join(said)
        if still_awake or not rest.done or rest.failed or not (wake.done and not wake.failed):
            why = ("robotIsWakeUp() still answered True after rest()" if still_awake else
                   "rest() or wakeUp() did not return without error")
            self._findings.record(REST, NOT_DECIDED, "%s; not decided: %s" % (observed, why))
            return
        wrong = []
        for phase, (entries, other) in enumerate(((resting, waking), (waking, resting))):
            keys, awake = self._phases[phase]
            when, otherwise = PHASES[phase], PHASES[1 - phase]
            wrong += ["%s not heard %s" % (key, when) for key in keys
                      if not _says(entries, key)]
            if not _says(entries, self._awake.key, self._awake, awake):
                wrong.append("%s %r not heard %s" % (self._awake.key, awake, when))
            if _says(entries, self._awake.key, self._awake, not awake):
                wrong.append("%s %r heard %s" % (self._awake.key, not awake, when))
            wrong += ["%s heard %s" % (key, otherwise) for key in keys if _says(other, key)]
        if wrong:
            self._findings.record(REST, CONTRADICTED, "%s; %s" % (observed, "; ".join(wrong)))
        else:
            self._findings.record(REST, CONFIRMED, observed)
