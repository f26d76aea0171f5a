"""Pepper's signs, one registry: what each fact of Pepper's own state is (FACTS: its
value at first, its name in getStatus, its log words and the hold it makes) and what
sets it (SIGNS: the ALMemory key, how its value is read, what is lost without it, and
the facts it sets). :class:`Facts`, its comparison key and its report are derived from
the registry, so a fact cannot be left out of one of them; naoqi/own_state_events.py
follows SIGNS, naoqi/contract.py and the robot check look them up from it
(docs/naoqi.md, "Pepper's own day"). No NAOqi here: the keys are names, and each value
is read by a reader of sign_values.py, which checks its documented shape."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.expression import own_state_rules as rules
from animate_behaviour.expression.own_state_rules import (BASE, CHAINS, DISABLED, EVERY,
                                                          LEGS, PAUSED, RESTING, WAITING,
                                                          Rule)
from animate_behaviour.expression.sign_values import (clipped, close, failure, flag, pairs,
                                                      raised, text)

BODY = "Body"
SAFEGUARD = "safeguard"
# A chain's "disabled" entry says which event disabled it (each event is the whole
# status of its own kind, docs/naoqi.md): the words after the chain's name in the log.
DEVICE = ""
STIFFNESS = " stiffness"


# -- what a value sets: to(value read, the facts before, clock time now) -> the new value --

def _value(value, _facts, _now):
    return value


def _always(new):
    return lambda _value, _facts, _now: new


def _when_true(new, fact):
    """``new`` when the value read is True, else ``fact`` (a row of FACTS) as it was."""
    return lambda value, facts, _now: new if value else getattr(facts, fact.name)


def _unless_false(fact):
    """False when the value read is False, else ``fact`` (a row of FACTS) as it was."""
    return lambda value, facts, _now: bool(value) and getattr(facts, fact.name)


def _now(_value, _facts, now):
    return now


def _chains(kind):
    """The chains disabled by ``kind``'s event are now those it lists disabled."""
    def to(listed, facts, _now):
        return frozenset([entry for entry in facts.disabled if entry[1] != kind]
                         + [(name, kind) for name, off in listed if off])
    return to


def _stiffness(listed):
    return [(name[:-len("Stiffness")], off) for name, off in listed
            if name.endswith("Stiffness") and len(name) > len("Stiffness")]


def _out_of_safeguard(state, facts, _now):
    """Leaving safeguard after a fall means Pepper has been placed upright again (the
    safeguard's documented end)."""
    return False if facts.life == SAFEGUARD and state != SAFEGUARD else facts.fallen


# -- log words: words(before, after) -> [(line, warn)] -------------------------------------

def _said(on, off, warn=False):
    return lambda _before, after: [(on if after else off, warn and bool(after))]


def _silent(_before, _after):
    return []


def _chain_words(before, after):
    """Each chain that changed, once (disabled: a warning)."""
    return [("%s%s %s" % (name, kind, "disabled" if (name, kind) in after else "enabled"),
             (name, kind) in after) for name, kind in sorted(before ^ after)]


# -- reports ----------------------------------------------------------------------------

def _shown(value, _since):
    return value


def _chain_names(value, _since):
    return sorted(set(name for name, _kind in value))


def _pushed(at, since):
    return at is not None and since(at) < rules.PUSH_SETTLE


def _near(value, since):
    """The chains near an obstacle now: those of the last clipping, for CLIP_SETTLE."""
    if value is None or since(value[1]) >= rules.CLIP_SETTLE:
        return []
    return sorted(value[0])


# -- holds: reason(value) -> words, or None -------------------------------------------

def _if(reason):
    return lambda value: reason if value else None


def _body(value):
    return "%s disabled" % BODY if any(name == BODY for name, _kind in value) else None


def _obstacle(value, chains):
    found = sorted(value[0] & chains)
    return "obstacle near %s" % ", ".join(found) if found else None


def _disabled(value, chains):
    found = sorted(set(name for name, _kind in value) & chains)
    return "%s disabled" % ", ".join(found) if found else None


# A fact: ``name`` (a field of Facts), its value ``first`` until a sign sets it,
# ``report`` (its name in getStatus's "ownState"; None: not reported, nor a change: kept
# for a reader only), ``shown(value, since)`` (what getStatus shows; ``since(time)``:
# robot s since a clock time), ``words`` (its log lines when it changes) and ``holds``
# (own_state_rules.Rule, the holds it makes; own_state_rules says which wins).
Fact = collections.namedtuple("Fact", "name first report shown words holds")
DISABLED_CHAINS = Fact("disabled", frozenset(), "disabled", _chain_names, _chain_words, (
    Rule(DISABLED, EVERY, _body),
    Rule(DISABLED, CHAINS, _disabled)))
FALLEN = Fact("fallen", False, "fallen", _shown, _said("fall", None, warn=True), (
    Rule(PAUSED, EVERY, _if("fall")),))
LIFE = Fact("life", None, "lifeState", _shown,
            lambda _before, after: [("Autonomous Life %s" % after, False)], (
                Rule(PAUSED, EVERY, lambda state: state if state == SAFEGUARD else None),))
AWAKE = Fact("awake", True, "awake", _shown, _said("awake", "resting"), (
    Rule(RESTING, EVERY, lambda awake: None if awake else "Pepper rests"),))
# The wheels are then neither locked nor powered and push recovery is off: the legs go
# home and hold still rather than shift the body's weight on a base that may roll.
FLAP = Fact("flap_open", False, "flapOpen", _shown,
            _said("charging flap open", "charging flap closed"), (
                Rule(WAITING, BASE, _if("charging flap open")),
                Rule(WAITING, LEGS, _if("charging flap open"))))
DOCKED = Fact("docked", False, "docked", _shown,
              _said("docked", "off the charging station"), (
                  Rule(WAITING, BASE, _if("docked")),))
NEAR_STATION = Fact("near_station", False, "closeToStation", _shown,
                    _said("close to the charging station",
                          "away from the charging station"), (
                        Rule(WAITING, BASE, _if("close to the charging station")),))
MOVE_DISABLED = Fact("move_disabled", False, "moveDisabled", _shown,
                     _said("move disabled", "move enabled"), (
                         Rule(WAITING, BASE, _if("move disabled")),))
BATTERY_LOW = Fact("battery_low", False, "batteryLow", _shown,
                   _said("battery low", "battery no longer low"), (
                       Rule(WAITING, BASE, _if("battery low")),))
# Every part goes home and holds still until the battery charges or is no longer low.
BATTERY_EMPTY = Fact("battery_empty", False, "batteryEmpty", _shown,
                     _said("battery empty", "battery no longer empty", warn=True), (
                         Rule(WAITING, EVERY, _if("battery empty")),))
ON_SLOPE = Fact("on_slope", False, "onSlope", _shown, _said("on a slope", "off the slope"), (
    Rule(WAITING, LEGS, _if("on a slope")),))
# Every push: a log line each would flood (getStatus says it).
PUSHED = Fact("pushed_at", None, "pushed", _pushed, _silent, (
    Rule(PAUSED, EVERY, lambda _at: rules.PUSHED, lasts=rules.PUSH_SETTLE),))
# (the chains, clock time) of the last arm velocity clipping: the arm stops where it is
# for CLIP_SETTLE after it; silent, as a push (a person standing by would flood the log).
CLIPPED = Fact("clipped", None, "nearObstacle", _near, _silent, (
    Rule(PAUSED, CHAINS, _obstacle, lasts=rules.CLIP_SETTLE, at=lambda value: value[1]),))
# (cause, clock time) of the last refused or stopped move: the base says why its turn
# was refused; no hold of its own (nothing says when an obstacle is gone).
MOVE_FAILURE = Fact("move_failure", None, None, _shown, _silent, ())
FACTS = (DISABLED_CHAINS, FALLEN, LIFE, AWAKE, FLAP, DOCKED, NEAR_STATION, MOVE_DISABLED,
         BATTERY_LOW, BATTERY_EMPTY, ON_SLOPE, PUSHED, CLIPPED, MOVE_FAILURE)
HOLDS = rules.ordered([(fact, rule) for fact in FACTS for rule in fact.holds])


class Facts(collections.namedtuple("Facts", [fact.name for fact in FACTS])):
    """What NAOqi said, as last heard, one field a row of FACTS; immutable: a change makes
    new Facts (``_replace``), so that readers need no lock."""

    __slots__ = ()

    def key(self):
        """The facts as one comparable value: equal keys, nothing changed (a fact kept
        for a reader only, ``report`` None, is no change)."""
        return tuple(getattr(self, fact.name) for fact in FACTS if fact.report is not None)

    def report(self, since):
        """getStatus's "ownState": each reported fact as last heard (``since(time)``:
        robot s since a clock time)."""
        return collections.OrderedDict(
            (fact.report, fact.shown(getattr(self, fact.name), since)) for fact in FACTS
            if fact.report is not None)

    def words(self, before):
        """The log lines of what changed since ``before``: [(line, warn)], in FACTS'
        order."""
        return [said for fact in FACTS if fact.report is not None
                and getattr(before, fact.name) != getattr(self, fact.name)
                for said in fact.words(getattr(before, fact.name), getattr(self, fact.name))
                if said[0] is not None]


FIRST = Facts(*[fact.first for fact in FACTS])

# A sign: its ALMemory ``key``; ``event``: followed as an event while the service runs;
# ``at_enable``: read when the animation is enabled (ALMemory keeps a value that says the
# state); ``state``: its value is the state now, read again from ALMemory when its event
# comes (libqi and ALMemory do not keep the order of events, docs/naoqi.md, "Signals'
# order": a flap opened and closed at once may be heard closed, then open; the key holds
# the last value written); ``read(value)`` (raises BadValue on another shape); ``sets``:
# the facts it sets (Set); ``without``: what is not seen without it.
Sign = collections.namedtuple("Sign", "key event at_enable state read sets without")
# ``to(value read, facts before, clock time now)``: the fact's new value.
Set = collections.namedtuple("Set", "fact to")

WAKE_UP = Sign("robotIsWakeUp", True, False, True, flag, (
    Set(AWAKE, _value), Set(FALLEN, _when_true(False, FALLEN))),
    "a rest is seen only as another app's motion")  # waking up ends a fall: she stands
REST_STARTED = Sign("ALMotion/Stiffness/restStarted", True, False, False, raised, (
    Set(AWAKE, _always(False)),), "a rest is seen only once it has finished")
_FALL = "a fall is not seen: the arms may move while people lift Pepper"
_PUSH = "the legs may move during its recovery"
# Autonomous Life's state: naoqi/robot_events.py follows it (it also drives
# BackgroundMovement, naoqi/life.py) and reads it with getState() when enabling.
LIFE_STATE = Sign("AutonomousLife/State", False, False, False, text, (
    Set(FALLEN, _out_of_safeguard), Set(LIFE, _value)), None)
FLAP_KEY = Sign("Device/SubDeviceList/Platform/ILS/Sensor/Value", False, True, True, flag, (
    Set(FLAP, _value),), None)  # a DCM key: read at enable only
DEVICES = Sign("ALMotion/Protection/DisabledDevicesChanged", True, True, True, pairs, (
    Set(DISABLED_CHAINS, _chains(DEVICE)),), "a disabled chain is seen only when its calls "
    "fail")
MOVE_FAILED = Sign("ALMotion/MoveFailed", True, False, False, failure, (
    Set(MOVE_FAILURE, lambda cause, _facts, now: (cause, now)),),
    "a refused base turn's cause is not known")
SIGNS = (
    WAKE_UP,
    REST_STARTED,
    LIFE_STATE,
    Sign("ALMotion/RobotIsFalling", True, False, False, raised, (
        Set(FALLEN, _always(True)),), _FALL),
    Sign("robotHasFallen", True, False, False, raised, (Set(FALLEN, _always(True)),), _FALL),
    # The weight back on the feet ends a fall; its False (lifted, or falling) starts none:
    # the fall manager's events say a fall.
    Sign("ALMotion/RobotIsStand", True, False, True, flag, (
        Set(FALLEN, _when_true(False, FALLEN)),), "a fall ends only when Pepper is woken "
        "or Autonomous Life leaves safeguard"),
    Sign("ALMotion/RobotPushed", True, False, False, raised, (Set(PUSHED, _now),),
         "a push is not seen: " + _PUSH),
    Sign("ALMotion/Safety/PushRecovery", True, False, False, raised, (Set(PUSHED, _now),),
         "a push recovery is not seen: " + _PUSH),
    Sign("ALMotion/Safety/ChainVelocityClipped", True, False, False, clipped, (
        Set(CLIPPED, lambda chains, _facts, now: (chains, now)),),
        "an obstacle near an arm is not seen: the arm moves on, only slower"),
    Sign("BatteryTrapIsOpen", True, False, True, flag, (Set(FLAP, _value),),
         "the charging flap is seen only when enabling"),
    FLAP_KEY,
    Sign("ALBattery/ConnectedToChargingStation", True, True, True, flag, (
        Set(DOCKED, _value),), "docking is not seen: base turns are tried and refused"),
    Sign("ALRecharge/CloseToChargingStation", True, False, True, close, (
        Set(NEAR_STATION, _value),), "the charging station's wheel lock is not seen: base "
        "turns are tried and refused"),
    DEVICES,
    Sign("ALMotion/Protection/DisabledFeaturesChanged", True, True, True, pairs, (
        Set(MOVE_DISABLED, lambda listed, _facts, _now: any(
            off for name, off in listed if name == "Move")),
        Set(DISABLED_CHAINS, lambda listed, facts, now: _chains(STIFFNESS)(
            _stiffness(listed), facts, now))),
        "disabled moves are seen only when base turns are refused"),
    # A battery no longer low is not empty either.
    Sign("BatteryLowDetected", True, True, True, flag, (
        Set(BATTERY_LOW, _value), Set(BATTERY_EMPTY, _unless_false(BATTERY_EMPTY))),
        "a low battery is not seen"),
    Sign("ALBattery/BatteryLow", True, False, False, raised, (Set(BATTERY_LOW, _value),),
         "a low battery is not seen"),
    # Nearly empty: low. Its value, "System message", says nothing more.
    Sign("BatteryNearlyEmpty", True, False, False, text, (
        Set(BATTERY_LOW, _always(True)),), "a nearly empty battery is not seen"),
    Sign("BatteryEmpty", True, False, False, text, (
        Set(BATTERY_LOW, _always(True)), Set(BATTERY_EMPTY, _always(True))),
        "an empty battery is not seen: the arms go on until Pepper shuts down"),
    # The battery charges: it is no longer running low, nor empty.
    Sign("BatteryChargingFlagChanged", True, True, True, flag, (
        Set(BATTERY_LOW, _when_true(False, BATTERY_LOW)),
        Set(BATTERY_EMPTY, _when_true(False, BATTERY_EMPTY))),
        "charging does not end a low or empty battery"),
    Sign("ALMotion/Safety/RobotOnASlope", True, True, True, flag, (Set(ON_SLOPE, _value),),
         "a slope is not seen: the legs' lean adds to it"),
    MOVE_FAILED,
)

def setting(fact):
    """The signs that set ``fact`` (a row of FACTS)."""
    return tuple(sign for sign in SIGNS if any(each.fact is fact for each in sign.sets))


def hold(facts, names, base, since):
    """The own_state_rules.Hold for the part of joints ``names`` (the base: ``base``, with
    its legs' joints) given ``facts``, ``since(time)`` robot s since a clock time, or None
    when it may move: the first of HOLDS that applies."""
    for fact, rule in HOLDS:
        found = rules.applies(rule, getattr(facts, fact.name), names, base, since)
        if found is not None:
            return found
    return None
