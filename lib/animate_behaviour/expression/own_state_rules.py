"""What Pepper's own state makes each part of the animation do: the states of a held part,
the parts a hold applies to, and which hold wins (:func:`ordered`). The facts and the
holds each makes are rows of own_state_signs' registry; no NAOqi, no threads."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.planning import joints

PAUSED = "paused"
RESTING = "resting"
DISABLED = "disabled"
WAITING = "waiting"
# A held part's states, in the order they win when several hold it (see ordered).
STATES = (DISABLED, PAUSED, RESTING, WAITING)

# How long (robot s) after the last push Pepper counts as recovering: Autonomous Life's
# RobotPushed safeguard ends "3 seconds later, after the robot has fully rebalanced"
# (docs/naoqi.md, "Pepper's own day"); no event says the recovery is over.
PUSH_SETTLE = 3.0
PUSHED = "pushed"
# How long (robot s) after ALMotion/Safety/ChainVelocityClipped an arm counts as near an
# obstacle: nothing says the obstacle is gone, and the event comes only while the arm
# moves; as long as a push, our choice.
CLIP_SETTLE = 3.0
# ALMotion's names for the chains (docs/naoqi.md): the base's wheels are in "Leg".
BASE_CHAIN = "Leg"

# The parts a hold applies to: every part; the base only; the legs' group (not the base,
# which turns on wheels); the parts using a chain of those a fact names.
EVERY = "every part"
BASE = "the base"
LEGS = "the legs"
CHAINS = "its chains"

# What a part must do: ``state`` (one of STATES), ``reason`` (in words, for the status and
# the log) and ``until``: robot s until the hold ends by itself (a push), else None (an
# event ends it).
Hold = collections.namedtuple("Hold", "state reason until")


class Rule(collections.namedtuple("Rule", "state scope reason lasts at")):
    """A hold a fact makes: ``state`` for the parts of ``scope``; ``reason(value)``: its
    words while the fact's value holds the part, else None (CHAINS: ``reason(value,
    chains)``, with the chains of the part); ``lasts``: robot s it holds after the clock
    time ``at(value)`` (the value itself by default; a value None holds nothing), None:
    until the fact changes."""

    __slots__ = ()

    def __new__(cls, state, scope, reason, lasts=None, at=lambda value: value):
        return super(Rule, cls).__new__(cls, state, scope, reason, lasts, at)


def ordered(rules):
    """``rules`` ([(fact, Rule)], in the registry's order) in the order they win when
    several apply to a part: one of every part before one of some parts (Pepper's body as
    a whole says more), then by state in STATES' order, then in the registry's order; a
    hold that ends by itself (a push) comes last, since any other would outlast it."""
    return tuple(item for _rank, item in sorted(
        ((rule.lasts is not None, rule.scope != EVERY, STATES.index(rule.state), index),
         (fact, rule)) for index, (fact, rule) in enumerate(rules)))


def _chains(names, base):
    """The chains a part of joints ``names`` (and the base's wheels) uses."""
    chains = set(joints.chain_of(name) for name in names)
    if base:
        chains.add(BASE_CHAIN)
    return chains


def applies(rule, value, names, base, since):
    """The Hold ``rule`` makes, its fact at ``value``, for the part of joints ``names``
    (the base: ``base``), or None; ``since(time)``: robot s since a clock time."""
    if rule.scope == BASE and not base:
        return None
    if rule.scope == LEGS and (base or not any(name in joints.LEG_JOINTS for name in names)):
        return None
    until = None
    if rule.lasts is not None:
        if value is None or since(rule.at(value)) >= rule.lasts:
            return None
        until = rule.lasts - since(rule.at(value))
    reason = rule.reason(value, _chains(names, base)) if rule.scope == CHAINS \
        else rule.reason(value)
    return None if reason is None else Hold(rule.state, reason, until)
