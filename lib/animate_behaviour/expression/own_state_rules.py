"""What Pepper's own state makes each part of the animation do: the facts NAOqi announced
(:class:`Facts`) and the rules (:data:`HOLDS`, first that applies wins) that give a part,
by its joints or the base, its state and the reason (:func:`facts_hold`, then a push's:
:func:`with_push`). Kept by own_state.OwnState; no NAOqi, no threads."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.planning import joints

PAUSED = "paused"
RESTING = "resting"
DISABLED = "disabled"
WAITING = "waiting"
STATES = (PAUSED, RESTING, DISABLED, WAITING)

# How long (robot s) after the last push Pepper counts as recovering: Autonomous Life's
# RobotPushed safeguard ends "3 seconds later, after the robot has fully rebalanced"
# (docs/naoqi.md, "Pepper's own day"); no event says the recovery is over.
PUSH_SETTLE = 3.0
BODY = "Body"
# ALMotion's names for the chains (docs/naoqi.md): the base's wheels are in "Leg".
BASE_CHAIN = "Leg"

# What a part must do: ``state`` (one of STATES), ``reason`` (in words, for the status and
# the log) and ``until``: robot s until the hold ends by itself (a push), else None (an
# event ends it).
Hold = collections.namedtuple("Hold", "state reason until")


class Facts(object):
    """What NAOqi said, as last heard. ``life``: Autonomous Life's state (None: unknown);
    ``disabled``: chains whose device or stiffness ALMotion disabled; ``pushed_at``:
    clock time of the last push."""

    def __init__(self):
        self.awake = True
        self.life = None
        self.fallen = False
        self.pushed_at = None
        self.flap_open = False
        self.docked = False
        self.near_station = False
        self.move_disabled = False
        self.disabled_devices = set()
        self.disabled_stiffness = set()
        self.battery_low = False
        self.on_slope = False

    def disabled(self):
        return self.disabled_devices | self.disabled_stiffness

    def key(self):
        """The facts as one comparable value: equal keys, nothing changed."""
        return (self.awake, self.life, self.fallen, self.pushed_at, self.flap_open,
                self.docked, self.near_station, self.move_disabled,
                frozenset(self.disabled_devices), frozenset(self.disabled_stiffness),
                self.battery_low, self.on_slope)

    def copy(self):
        copied = Facts()
        copied.__dict__.update(self.__dict__)
        copied.disabled_devices = set(self.disabled_devices)
        copied.disabled_stiffness = set(self.disabled_stiffness)
        return copied


def _chains(names, base):
    """The chains a part of joints ``names`` (and the base's wheels) uses."""
    chains = set(joints.chain_of(name) for name in names)
    if base:
        chains.add(BASE_CHAIN)
    return chains


def _disabled_chain(facts, names, base):
    found = sorted(facts.disabled() & _chains(names, base))
    return "%s disabled" % ", ".join(found) if found else None


def _when(test, reason):
    """A row's test: ``reason`` when ``test(facts)`` holds, else None."""
    return lambda facts, _names, _base: reason if test(facts) else None


def _base_only(test, reason):
    return lambda facts, _names, base: reason if base and test(facts) else None


def _legs_only(test, reason):
    return lambda facts, names, base: reason if not base and test(facts) and any(
        name in joints.LEG_JOINTS for name in names) else None


# One row a hold, first that applies wins: (state, test(facts, names, base) -> the reason
# in words or None). A push is the one hold with a time of its own (with_push() adds it).
Row = collections.namedtuple("Row", "state test")
HOLDS = (
    Row(DISABLED, _when(lambda f: BODY in f.disabled(), "Body disabled")),
    Row(PAUSED, _when(lambda f: f.fallen, "fall")),
    Row(PAUSED, _when(lambda f: f.life == "safeguard", "safeguard")),
    Row(RESTING, _when(lambda f: not f.awake, "Pepper rests")),
    Row(DISABLED, _disabled_chain),
    Row(WAITING, _base_only(lambda f: f.flap_open, "charging flap open")),
    Row(WAITING, _base_only(lambda f: f.docked, "docked")),
    Row(WAITING, _base_only(lambda f: f.near_station, "close to the charging station")),
    Row(WAITING, _base_only(lambda f: f.move_disabled, "move disabled")),
    Row(WAITING, _base_only(lambda f: f.battery_low, "battery low")),
    Row(WAITING, _legs_only(lambda f: f.on_slope, "on a slope")),
)
PUSHED = "pushed"


def facts_hold(facts, names, base):
    """The Hold for the part of joints ``names`` (the base: ``base``, with its legs'
    joints) given ``facts``: the first row of HOLDS that applies, or None. What the
    facts alone decide, the same until they change; a push adds its own (with_push)."""
    for row in HOLDS:
        reason = row.test(facts, names, base)
        if reason is not None:
            return Hold(row.state, reason, None)
    return None


def with_push(facts_held, since_push):
    """The part's Hold: ``facts_held`` (facts_hold's), else the push's ``since_push``
    robot s after it (None: none heard), else None when it may move."""
    if facts_held is None and since_push is not None and since_push < PUSH_SETTLE:
        return Hold(PAUSED, PUSHED, PUSH_SETTLE - since_push)
    return facts_held
