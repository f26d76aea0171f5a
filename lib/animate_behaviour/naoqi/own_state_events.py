"""The ALMemory events and keys that say what Pepper's body allows (docs/naoqi.md,
"Pepper's own day"), handed to expression.own_state.OwnState: one row of SIGNS each.

Each sign is followed as an event while the service runs; those whose last value ALMemory
keeps (a data key, or an event carrying a value) are also read once when the animation is
enabled, since Pepper may already be docked, resting or in safeguard. ALMotion has no
getter for its disabled devices and features: their events' last values are all there is.
A value of the wrong shape is logged once per sign and ignored.
"""
from __future__ import absolute_import, division, print_function

import collections
import numbers

from animate_behaviour.foundation.compat import is_text
from animate_behaviour.foundation.shown import shown

FLAP_KEY = "Device/SubDeviceList/Platform/ILS/Sensor/Value"
MOVE_FAILED = "ALMotion/MoveFailed"


class BadValue(ValueError):
    """A sign's value is not of its documented shape."""


def _flag(value):
    if isinstance(value, bool) or (isinstance(value, numbers.Real) and value in (0, 1)):
        return bool(value)
    raise BadValue("not a bool")


def _raised(_value):
    """An event whose value says nothing more (documented "always True", or none)."""
    return None


def _close(value):
    """ALRecharge/CloseToChargingStation: raised with False when the wheels are enabled
    back; its value when they are forbidden is not documented."""
    return value is not False and value != 0


def _pairs(value):
    """[[name, disabled], ...] (ALMotion/Protection/*Changed)."""
    if not isinstance(value, (list, tuple)):
        raise BadValue("not a list of [name, disabled] pairs")
    pairs = []
    for pair in value:
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2
                and is_text(pair[0])):
            raise BadValue("not a list of [name, disabled] pairs")
        pairs.append((str(pair[0]), _flag(pair[1])))
    return pairs


def _failure(value):
    """ALMotion/MoveFailed: [cause, status, position] -> the cause."""
    if not (isinstance(value, (list, tuple)) and len(value) >= 2 and is_text(value[0])):
        raise BadValue("not [cause, status, position]")
    return str(value[0])


# One row a sign: its ALMemory name; whether it is read at enable (ALMemory keeps a value
# that says the state); whether its value is the state now, read again from ALMemory when
# its event comes (libqi and ALMemory do not keep the order of events, docs/naoqi.md,
# "Signals' order": a flap opened and closed at once may be heard closed, then open; the
# key holds the last value written); how its value is read; the OwnState method it goes
# to (called with the value read, or without one for _raised); and what is not seen
# without it.
Sign = collections.namedtuple("Sign", "key read_at_enable state parse method without")
SIGNS = (
    Sign("robotIsWakeUp", False, True, _flag, "awake",
         "a rest is seen only as another app's motion"),
    Sign("ALMotion/Stiffness/restStarted", False, False, _raised, "rest_starts",
         "a rest is seen only once it has finished"),
    Sign("ALMotion/RobotIsFalling", False, False, _raised, "falling",
         "a fall is not seen: the arms may move while people lift Pepper"),
    Sign("robotHasFallen", False, False, _raised, "falling",
         "a fall is not seen: the arms may move while people lift Pepper"),
    Sign("ALMotion/RobotPushed", False, False, _raised, "pushed",
         "a push is not seen: the legs may move during its recovery"),
    Sign("ALMotion/Safety/PushRecovery", False, False, _raised, "pushed",
         "a push recovery is not seen: the legs may move during it"),
    Sign("BatteryTrapIsOpen", False, True, _flag, "flap",
         "the charging flap is seen only when enabling"),
    Sign(FLAP_KEY, True, True, _flag, "flap", None),  # a DCM key: read at enable only
    Sign("ALBattery/ConnectedToChargingStation", True, True, _flag, "docked",
         "docking is not seen: base turns are tried and refused"),
    Sign("ALRecharge/CloseToChargingStation", False, True, _close, "near_station",
         "the charging station's wheel lock is not seen: base turns are tried and refused"),
    Sign("ALMotion/Protection/DisabledDevicesChanged", True, True, _pairs, "devices",
         "a disabled chain is seen only when its calls fail"),
    Sign("ALMotion/Protection/DisabledFeaturesChanged", True, True, _pairs, "features",
         "disabled moves are seen only when base turns are refused"),
    Sign("BatteryLowDetected", True, True, _flag, "battery_low", "a low battery is not seen"),
    Sign("ALBattery/BatteryLow", False, False, lambda _value: True, "battery_low",
         "a low battery is not seen"),
    Sign("BatteryChargingFlagChanged", True, True, _flag, "charging",
         "charging does not end a low battery"),
    Sign("ALMotion/Safety/RobotOnASlope", True, True, _flag, "on_slope",
         "a slope is not seen: the legs' lean adds to it"),
    Sign(MOVE_FAILED, False, False, _failure, "move_failed",
         "a refused base turn's cause is not known"),
)
EVENTS = tuple(sign.key for sign in SIGNS if sign.without is not None)


class OwnStateEvents(object):
    """Hands ``memory``'s (an ALMemory proxy) signs to ``own_state`` (own_state.OwnState);
    logs on ``log``."""

    def __init__(self, memory, own_state, log):
        self._memory = memory
        self._own_state = own_state
        self._log = log
        self._bad = set()  # the signs whose bad value was logged

    def subscribe(self, subscriptions):
        """Follow every event sign through ``subscriptions`` (memory_events); what cannot
        be followed is logged, with what it costs."""
        for sign in SIGNS:
            if sign.without is None:
                continue
            try:
                subscriptions.subscribe(sign.key, lambda value, sign=sign: self._event(sign, value))
            except RuntimeError as err:
                self._log.error("cannot watch %s (%s): %s" % (sign.key, err, sign.without))

    def read_now(self):
        """Read the signs ALMemory keeps a value of (one round trip; a key it does not have
        is left as it was: NAOqi has not announced that state since it started)."""
        signs = [sign for sign in SIGNS if sign.read_at_enable]
        try:
            values = self._memory.getListData([sign.key for sign in signs])
        except RuntimeError:
            values = [self._get(sign.key) for sign in signs]
        for sign, value in zip(signs, values):
            if value is not None:
                self.heard(sign, value)

    def _get(self, key):
        try:
            return self._memory.getData(key)
        except RuntimeError:
            return None  # never raised since NAOqi started: nothing to say

    def _event(self, sign, value):
        """``sign``'s event: a state's value as ALMemory holds it now (the event's if it
        cannot say), whatever order the events came in."""
        if sign.state:
            now = self._get(sign.key)
            value = now if now is not None else value
        self.heard(sign, value)

    def heard(self, sign, value):
        """``sign``'s ``value``, from its event or the read at enable."""
        try:
            parsed = sign.parse(value)
        except BadValue as err:
            if sign.key not in self._bad:
                self._bad.add(sign.key)
                self._log.error("%s: %s is %s, ignored (NAOqi 2.5 documents another shape)"
                                % (sign.key, shown(value), err))
            return
        method = getattr(self._own_state, sign.method)
        if sign.parse is _raised:
            method()
        else:
            method(parsed)
