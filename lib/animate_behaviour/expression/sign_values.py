"""How the value of each of Pepper's signs (own_state_signs.SIGNS) is read: one reader
per shape NAOqi 2.5's pages document for it (docs/naoqi.md, "Pepper's own day"), giving
what the sign's facts are set from, or BadValue for any other shape. No NAOqi here."""
from __future__ import absolute_import, division, print_function

import numbers

from animate_behaviour.foundation.compat import is_text


class BadValue(ValueError):
    """A sign's value is not of its documented shape."""


def flag(value):
    if isinstance(value, bool) or (isinstance(value, numbers.Real) and value in (0, 1)):
        return bool(value)
    raise BadValue("not a bool")


def raised(_value):
    """An event whose value says nothing more (documented "always True", or none)."""
    return True


def text(value):
    if not is_text(value):
        raise BadValue("not a string")
    return str(value)


def close(value):
    """ALRecharge/CloseToChargingStation: raised with False when the wheels are enabled
    back; its value when they are forbidden is not documented."""
    return value is not False and value != 0


def pairs(value):
    """[[name, disabled], ...] (ALMotion/Protection/*Changed)."""
    if not isinstance(value, (list, tuple)):
        raise BadValue("not a list of [name, disabled] pairs")
    found = []
    for pair in value:
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2 and is_text(pair[0])):
            raise BadValue("not a list of [name, disabled] pairs")
        found.append((str(pair[0]), flag(pair[1])))
    return found


def clipped(value):
    """ALMotion/Safety/ChainVelocityClipped: [[chain, [x, y, z]], ...] -> the chains."""
    def position(found):
        return isinstance(found, (list, tuple)) and len(found) == 3 and all(
            isinstance(each, numbers.Real) and not isinstance(each, bool) for each in found)
    if not (isinstance(value, (list, tuple)) and all(
            isinstance(pair, (list, tuple)) and len(pair) == 2 and is_text(pair[0])
            and position(pair[1]) for pair in value)):
        raise BadValue("not a list of [chain, [x, y, z]] pairs")
    return frozenset(str(pair[0]) for pair in value)


def failure(value):
    """ALMotion/MoveFailed: [cause, status, position] -> the cause."""
    if not (isinstance(value, (list, tuple)) and len(value) >= 2 and is_text(value[0])):
        raise BadValue("not [cause, status, position]")
    return str(value[0])
