"""Pepper's own state (expression.own_state), its registry of signs
(expression.own_state_signs, each value read by expression.sign_values) and the edge that
follows them (naoqi.own_state_events), without a robot: which part holds for what, in
which order, and what a sign of the wrong shape does."""
from __future__ import absolute_import, division, print_function

import logging

import pytest

from animate_behaviour.expression import own_state_rules, own_state_signs
from animate_behaviour.expression.own_state import OwnState
from animate_behaviour.expression.own_state_rules import (DISABLED, PAUSED, PUSH_SETTLE,
                                                          RESTING, WAITING)
from animate_behaviour.naoqi import own_state_events
from animate_behaviour.planning import joints

from helpers.manual_clock import ManualClock

LOG = logging.getLogger("test.own_state")
ARM = ("LShoulderPitch", "LElbowRoll", "LHand")
LEGS = joints.LEG_JOINTS


def make(changes=None):
    clock = ManualClock()
    state = OwnState(-0.3, clock, LOG, (lambda: changes.append(1)) if changes is not None
                     else None)
    return state, clock


FLAP = "BatteryTrapIsOpen"
DOCKED = "ALBattery/ConnectedToChargingStation"
NEAR_STATION = "ALRecharge/CloseToChargingStation"
BATTERY_LOW = "BatteryLowDetected"
DEVICES = "ALMotion/Protection/DisabledDevicesChanged"
FEATURES = "ALMotion/Protection/DisabledFeaturesChanged"
SLOPE = "ALMotion/Safety/RobotOnASlope"
FALLING = "ALMotion/RobotIsFalling"
PUSHED = "ALMotion/RobotPushed"


def sign(key):
    found = [row for row in own_state_signs.SIGNS if row.key == key]
    assert len(found) == 1, key
    return found[0]


def hear(state, key, value=True):
    """``state`` hears ``key``'s sign with ``value`` (its event's, or a read's)."""
    state.heard(sign(key), value)


def hold(state, names, base=False):
    found = state.hold(names, base)
    return None if found is None else (found.state, found.reason)


def arousal(state, clock):
    """What Pepper's state adds to the arousal now (its part of the live signal)."""
    return state.part(clock.now()).arousal


def test_a_fresh_state_holds_nothing():
    state, clock = make()
    assert hold(state, ARM) is None and hold(state, LEGS, base=True) is None
    assert arousal(state, clock) == 0.0


@pytest.mark.parametrize("key, reason, legs_hold", [
    (FLAP, "charging flap open", True),  # the wheels unlocked and unpowered
    (DOCKED, "docked", False),
    (NEAR_STATION, "close to the charging station", False),
    (BATTERY_LOW, "battery low", False),
])
def test_the_base_waits_and_the_arms_go_on(key, reason, legs_hold):
    state, _clock = make()
    hear(state, key, True)
    assert hold(state, LEGS, base=True) == (WAITING, reason)
    assert hold(state, ARM) is None
    assert hold(state, LEGS) == ((WAITING, reason) if legs_hold else None)
    hear(state, key, False)
    assert hold(state, LEGS, base=True) is None and hold(state, LEGS) is None


def test_moves_disabled_hold_the_base_and_a_chain_s_stiffness_its_group():
    state, _clock = make()
    hear(state, FEATURES, [["Move", True], ["LArmStiffness", True]])
    assert hold(state, LEGS, base=True) == (WAITING, "move disabled")
    assert hold(state, ARM) == (DISABLED, "LArm disabled")
    assert hold(state, ("RShoulderPitch",)) is None
    hear(state, FEATURES, [["Move", True], ["LArmStiffness", False]])
    assert hold(state, ARM) is None and hold(state, LEGS, base=True) is not None


def test_each_protection_event_is_the_whole_status():
    """"An ALValue with the actual disabled devices status" (control-stiffness-api.html):
    a chain no longer listed as disabled is enabled again."""
    state, _clock = make()
    hear(state, DEVICES, [["LArm", True], ["RArm", True]])
    hear(state, DEVICES, [["RArm", True], ["Head", False]])
    assert hold(state, ARM) is None
    assert hold(state, ("RElbowRoll",)) == (DISABLED, "RArm disabled")
    hear(state, FEATURES, [["Move", True]])
    hear(state, FEATURES, [["RArmStiffness", False]])
    assert hold(state, LEGS, base=True) is None


def test_a_disabled_leg_chain_holds_the_legs_and_the_base_whose_wheels_are_in_it():
    state, _clock = make()
    hear(state, DEVICES, [["Leg", True]])
    assert hold(state, LEGS) == (DISABLED, "Leg disabled")
    assert hold(state, (), base=True) == (DISABLED, "Leg disabled")
    assert hold(state, ARM) is None


def test_what_holds_first_wins():
    """Body disabled, then a fall, safeguard, a rest, a chain, then the waits."""
    state, _clock = make()
    hear(state, FLAP, True)
    hear(state, DEVICES, [["LArm", True]])
    assert hold(state, ARM) == (DISABLED, "LArm disabled")
    hear(state, "robotIsWakeUp", False)
    assert hold(state, ARM) == (RESTING, "Pepper rests")
    assert hold(state, LEGS, base=True) == (RESTING, "Pepper rests")
    hear(state, "AutonomousLife/State", "safeguard")
    assert hold(state, ARM) == (PAUSED, "safeguard")
    hear(state, FALLING)
    assert hold(state, ARM) == (PAUSED, "fall")
    hear(state, DEVICES, [["Body", True]])
    assert hold(state, LEGS, base=True) == (DISABLED, "Body disabled")


def test_a_fall_ends_when_pepper_is_woken_or_life_leaves_safeguard():
    state, _clock = make()
    hear(state, "AutonomousLife/State", "solitary")
    hear(state, FALLING)
    hear(state, "robotIsWakeUp", False)
    hear(state, "AutonomousLife/State", "safeguard")
    hear(state, "AutonomousLife/State", "safeguard")  # reinforced: still fallen
    assert hold(state, ARM) == (PAUSED, "fall")
    # Placed upright again, the safeguard's documented end.
    hear(state, "AutonomousLife/State", "solitary")
    assert hold(state, ARM) == (RESTING, "Pepper rests")
    hear(state, FALLING)
    hear(state, "robotIsWakeUp", True)  # woken: upright
    assert hold(state, ARM) is None


def test_the_weight_back_on_the_feet_ends_a_fall_and_its_absence_starts_none():
    """ALMotion/RobotIsStand: "True if the weight is supported by the feet, false
    otherwise" (reflexes-fall-manager-api.html)."""
    state, _clock = make()
    hear(state, "ALMotion/RobotIsStand", False)  # lifted: no fall announced
    assert hold(state, ARM) is None
    hear(state, FALLING)
    hear(state, "ALMotion/RobotIsStand", False)
    assert hold(state, ARM) == (PAUSED, "fall")
    hear(state, "AutonomousLife/State", "safeguard")
    hear(state, "ALMotion/RobotIsStand", True)
    assert hold(state, ARM) == (PAUSED, "safeguard") and not state.report()["fallen"]


def test_a_push_holds_for_its_settle_time_and_says_how_long_is_left():
    state, clock = make()
    hear(state, PUSHED, [0.5, 3.0])
    found = state.hold(ARM)
    assert (found.state, found.reason, found.until) == (PAUSED, "pushed", PUSH_SETTLE)
    clock.time += PUSH_SETTLE - 1.0
    assert state.hold(ARM).until == pytest.approx(1.0)
    hear(state, PUSHED, [0.5, 3.0])  # another push: counted from it
    assert state.hold(ARM).until == pytest.approx(PUSH_SETTLE)
    clock.time += PUSH_SETTLE
    assert state.hold(ARM) is None and state.report()["pushed"] is False


def test_the_legs_wait_on_a_slope_and_the_base_does_not():
    state, _clock = make()
    hear(state, SLOPE, True)
    assert hold(state, LEGS) == (WAITING, "on a slope")
    assert hold(state, LEGS, base=True) is None and hold(state, ARM) is None


def test_a_low_battery_lowers_the_arousal_until_it_charges():
    state, clock = make()
    hear(state, BATTERY_LOW, True)
    assert arousal(state, clock) == -0.3
    hear(state, "BatteryChargingFlagChanged", True)
    assert arousal(state, clock) == 0.0 and not state.report()["batteryLow"]


def test_an_obstacle_near_an_arm_stops_that_arm_for_a_while_silently(caplog):
    """ALMotion/Safety/ChainVelocityClipped: [["ChainName", obstaclePosition], ...],
    "Raised when a chain velocity is clipped because an obstacle is too close"
    (reflexes-external-collision-api.html)."""
    state, clock = make()
    with caplog.at_level(logging.INFO, logger="test.own_state"):
        hear(state, "ALMotion/Safety/ChainVelocityClipped", [["LArm", [0.3, 0.2, 0.8]]])
    found = state.hold(ARM)
    assert (found.state, found.reason, found.until) == (
        PAUSED, "obstacle near LArm", own_state_rules.CLIP_SETTLE)
    assert hold(state, ("RShoulderPitch",)) is None and hold(state, LEGS, base=True) is None
    assert state.report()["nearObstacle"] == ["LArm"] and caplog.records == []
    clock.time += own_state_rules.CLIP_SETTLE
    assert hold(state, ARM) is None and state.report()["nearObstacle"] == []
    hear(state, "ALMotion/Safety/ChainVelocityClipped", [["RArm", [0.3, -0.2, 0.8]]])
    assert hold(state, ARM) is None
    assert hold(state, ("RElbowRoll",)) == (PAUSED, "obstacle near RArm")


def test_a_nearly_empty_battery_is_low_and_an_empty_one_holds_every_part(caplog):
    """BatteryNearlyEmpty and BatteryEmpty carry a "System message"
    (albattery-api.html): nearly empty is low; empty, every part waits, until the battery
    charges or is no longer low."""
    state, clock = make()
    hear(state, "BatteryNearlyEmpty", "Battery nearly empty, please charge")
    assert hold(state, LEGS, base=True) == (WAITING, "battery low")
    assert hold(state, ARM) is None and arousal(state, clock) == -0.3
    with caplog.at_level(logging.INFO, logger="test.own_state"):
        hear(state, "BatteryEmpty", "Battery empty")
    assert [(record.levelno, record.getMessage()) for record in caplog.records] == [
        (logging.WARNING, "Pepper's own state: battery empty")]
    for names, base in ((ARM, False), (LEGS, False), (LEGS, True)):
        assert hold(state, names, base) == (WAITING, "battery empty")
    hear(state, "BatteryChargingFlagChanged", True)
    assert hold(state, ARM) is None and hold(state, LEGS, base=True) is None
    assert state.report()["batteryEmpty"] is False and arousal(state, clock) == 0.0
    hear(state, "BatteryEmpty", "Battery empty")
    hear(state, BATTERY_LOW, True)  # still low: still empty
    assert hold(state, ARM) == (WAITING, "battery empty")
    hear(state, BATTERY_LOW, False)
    assert hold(state, ARM) is None and not state.report()["batteryLow"]


def test_each_change_is_logged_once_and_told_once(caplog):
    changes = []
    state, _clock = make(changes)
    with caplog.at_level(logging.INFO, logger="test.own_state"):
        for _ in range(3):
            hear(state, FLAP, True)
        hear(state, FLAP, False)
    assert [record.getMessage() for record in caplog.records] == [
        "Pepper's own state: charging flap open", "Pepper's own state: charging flap closed"]
    assert len(changes) == 2


def test_a_move_failure_is_kept_for_the_base_from_when_it_came():
    state, clock = make()
    before = clock.now()
    clock.time += 1.0
    hear(state, "ALMotion/MoveFailed", ["Safety", 0, [1.0, 0.0, 0.0]])
    assert state.move_failure_since(before) == "Safety"
    clock.time += 1.0
    assert state.move_failure_since(clock.now()) is None


# -- the edge ---------------------------------------------------------------------------


class Memory(object):
    """ALMemory answering getListData from ``data``; unknown keys make it raise, as
    pepper_sim's does (NAOqi does not say)."""

    def __init__(self, data):
        self.data = data

    def getListData(self, keys):
        missing = [key for key in keys if key not in self.data]
        if missing:
            raise RuntimeError("ALMemory::getListData: unknown keys %s" % missing)
        return [self.data[key] for key in keys]

    def getData(self, key):
        if key not in self.data:
            raise RuntimeError("ALMemory::getData: unknown key %s" % key)
        return self.data[key]


def test_the_read_at_enable_takes_what_alMemory_keeps_and_skips_unknown_keys():
    state, _clock = make()
    events = own_state_events.OwnStateEvents(Memory({
        own_state_signs.FLAP_KEY.key: 1,
        "ALMotion/Protection/DisabledDevicesChanged": [["RArm", True]],
        "ALMotion/Safety/RobotOnASlope": False}), state, LOG)
    events.read_now()
    report = state.report()
    assert report["flapOpen"] is True and report["disabled"] == ["RArm"]
    assert report["docked"] is False  # its key is unknown: left as it was


@pytest.mark.parametrize("key, value", [
    ("ALMotion/Protection/DisabledDevicesChanged", "LArm"),
    ("ALMotion/Protection/DisabledDevicesChanged", [["LArm"]]),
    ("ALMotion/Protection/DisabledFeaturesChanged", [[1, True]]),
    ("BatteryTrapIsOpen", "open"),
    ("ALMotion/MoveFailed", 7),
    ("BatteryEmpty", True),
    ("ALMotion/Safety/ChainVelocityClipped", [["LArm", "close"]]),
])
def test_a_sign_of_another_shape_is_logged_once_and_ignored(caplog, key, value):
    state, _clock = make()
    before = state.report()
    with caplog.at_level(logging.ERROR, logger="test.own_state"):
        for _ in range(3):
            hear(state, key, value)
    assert state.report() == before
    assert len(caplog.records) == 1 and caplog.records[0].getMessage().startswith(key)


class Subscriptions(object):
    """memory_events.MemorySubscriptions' interface: the callbacks, by key."""

    def __init__(self):
        self.callbacks = {}

    def subscribe(self, key, callback):
        self.callbacks[key] = callback


def test_a_state_s_event_is_read_again_so_their_order_does_not_matter():
    """libqi does not keep the order of events: a flap opened then closed at once may be
    heard closed, then open. ALMemory holds the last value: that is what counts."""
    state, _clock = make()
    memory = Memory({"BatteryTrapIsOpen": False})
    events = own_state_events.OwnStateEvents(memory, state, LOG)
    subscriptions = Subscriptions()
    events.subscribe(subscriptions)
    subscriptions.callbacks["BatteryTrapIsOpen"](False)
    subscriptions.callbacks["BatteryTrapIsOpen"](True)  # the older event, heard last
    assert state.report()["flapOpen"] is False
    subscriptions.callbacks["ALMotion/RobotPushed"]([0.5, 3.0])  # no state to read
    assert state.report()["pushed"] is True


# -- the registry -------------------------------------------------------------------------


def _other(fact):
    """A value of ``fact`` other than its first."""
    if fact is own_state_signs.CLIPPED:
        return (frozenset(["LArm"]), 12.5)
    return {bool: lambda first: not first, frozenset: lambda _first: frozenset(
        [("LArm", own_state_signs.DEVICE)])}.get(type(fact.first), lambda _first: 12.5)(
            fact.first)


def test_facts_are_the_registry_s_and_each_change_is_reported_and_compared():
    """Facts, their key and their report come from FACTS: a fact cannot be left out of
    one of them, and a change of any reported fact is a change (logged, told)."""
    facts = own_state_signs.FIRST
    assert facts._fields == tuple(fact.name for fact in own_state_signs.FACTS)
    reports = [fact.report for fact in own_state_signs.FACTS if fact.report is not None]
    assert list(facts.report(lambda _time: 0.0)) == reports and len(set(reports)) == len(reports)
    for fact in own_state_signs.FACTS:
        changed = facts._replace(**{fact.name: _other(fact)})
        assert (changed.key() != facts.key()) == (fact.report is not None), fact.name
        if fact.report is not None:
            assert changed.report(lambda _time: 0.0) != facts.report(lambda _time: 0.0), \
                fact.name
        else:  # kept for a reader only: it may hold nothing, or a hold would go unsaid
            assert fact.holds == (), fact.name
    with pytest.raises(AttributeError):
        facts.awake = False  # immutable: readers take no lock


def test_every_sign_sets_a_fact_of_the_registry_and_says_what_is_lost_without_it():
    facts = set(id(fact) for fact in own_state_signs.FACTS)
    for row in own_state_signs.SIGNS:
        assert row.sets and all(id(each.fact) in facts for each in row.sets), row.key
        assert (row.without is not None) == row.event, row.key
    keys = [row.key for row in own_state_signs.SIGNS]
    assert len(set(keys)) == len(keys)
    assert own_state_rules.STATES == (DISABLED, PAUSED, RESTING, WAITING)
    assert set(rule.state for _fact, rule in own_state_signs.HOLDS) <= set(
        own_state_rules.STATES)
