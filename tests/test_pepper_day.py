"""Pepper's own day over qi (both lanes): docked, the flap open, moves or a chain
disabled, fallen, pushed, resting, on a slope, battery low, a hot wheel. Each state is
driven by its documented event or key (pepper_sim.day; docs/naoqi.md, "Pepper's own
day"), on a simulated NAOqi served on a loopback session, our service hosted from a
second session, another client on a third; what is asserted is what was sent, what
getStatus says and the log lines. Durations are robot seconds unless said otherwise.
"""
from __future__ import absolute_import, division, print_function

import logging

import numpy as np
import pytest

from animate_behaviour.engine import disruptions
from animate_behaviour.expression import own_state_rules
from animate_behaviour.planning import joints
from helpers.pepper_day import GROUPS, PARTS, TIMEOUT, Pepper, entry

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock


@pytest.fixture
def pepper():
    made = []

    def make(**values):
        made.append(Pepper(**values))
        return made[-1]
    yield make
    for deployment in made:
        deployment.close()


LEFT_ARM = tuple(name for name in joints.ANIMATED_JOINTS if joints.chain_of(name) == "LArm")
LEGS = joints.LEG_JOINTS


# -- the base waits: the flap, the station, moves disabled, the battery ----------------


@pytest.mark.parametrize("start, end, reason", [
    ("open_flap", "close_flap", "charging flap open"),
    ("dock", "undock", "docked"),
    ("move_disabled", "move_enabled", "move disabled"),
])
def test_the_base_waits_says_why_and_turns_again_within_a_pause(pepper, start, end, reason):
    pepper = pepper()
    actions = {"move_disabled": lambda: pepper.day.set_move_disabled(True),
               "move_enabled": lambda: pepper.day.set_move_disabled(False)}
    pepper.enable()
    begun = pepper.clock.now()
    pepper.wait_calls(begun, methods=("moveTo",))
    actions.get(start, getattr(pepper.day, start, None))()
    legs = ("legs",) if start == "open_flap" else ()  # see the legs' test below
    seen = pepper.wait_parts("waiting", reason, parts=("base",) + legs)
    status = pepper.status()
    assert [group for group in GROUPS if entry(status, group)["state"] == "waiting"] == \
        list(legs)
    pepper.wait_robot_seconds(20.0)  # several pauses' worth: no turn is tried
    assert pepper.calls_after(seen, ("moveTo",)) == []
    # The arms go on (the legs too, but with the flap open: see the legs' test below).
    assert pepper.calls_after(seen, chain=LEFT_ARM)
    assert len(pepper.lines.matching(reason)) == 1  # one line for the episode
    assert not pepper.lines.matching("refused")
    cleared = pepper.clock.now()
    actions.get(end, getattr(pepper.day, end, None))()
    # Turns again by itself (within one pause: make benchmark measures how soon).
    pepper.wait_calls(cleared, methods=("moveTo",))
    pepper.disable()


def test_a_low_battery_holds_the_base_and_lowers_the_arousal(pepper):
    pepper = pepper()
    pepper.enable()
    calm = pepper.status()["moodNow"][1]
    pepper.day.set_battery_low(True)
    seen = pepper.wait_parts("waiting", "battery low", parts=("base",))
    status = pepper.status()
    assert status["ownState"]["batteryLow"] is True
    assert status["moodNow"][1] == pytest.approx(calm + pepper.config.battery_low_arousal)
    pepper.wait_robot_seconds(10.0)
    assert pepper.calls_after(seen, ("moveTo",)) == []
    pepper.day.set_battery_low(False)
    pepper.wait_status(lambda status: status["base"]["state"] == "animating")
    assert pepper.status()["moodNow"][1] == pytest.approx(calm)
    pepper.disable()


def test_an_obstacle_near_an_arm_stops_that_arm_a_while_and_the_others_go_on(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3, chain=LEFT_ARM)
    pepper.day.obstacle_near("LArm")
    seen = pepper.wait_parts("paused", "obstacle near LArm", parts=("leftArm",))
    assert pepper.status()["ownState"]["nearObstacle"] == ["LArm"]
    assert entry(pepper.status(), "rightArm")["state"] == "animating"
    pepper.wait_robot_seconds(own_state_rules.CLIP_SETTLE - 1.0)
    assert pepper.calls_after(seen, chain=LEFT_ARM) == []
    # Back by itself: the clipping's settle time, then recovery's; the legs went on.
    pepper.wait_calls(seen, chain=LEFT_ARM)
    assert pepper.seconds(seen, pepper.calls_after(seen, chain=LEFT_ARM)[0].time) >= \
        own_state_rules.CLIP_SETTLE - 0.05
    assert pepper.calls_after(seen, chain=LEGS)
    assert not pepper.lines.matching("obstacle")
    pepper.disable()


def test_an_empty_battery_holds_every_part_still_until_it_charges(pepper):
    """BatteryNearlyEmpty counts as low (the base waits); BatteryEmpty takes every part
    home and holds it still, with one warning, until the battery charges."""
    pepper = pepper()
    pepper.enable()
    pepper.day.battery_nearly_empty()
    pepper.wait_parts("waiting", "battery low", parts=("base",))
    pepper.day.battery_empty()
    pepper.wait_parts("waiting", "battery empty")
    assert pepper.status()["ownState"]["batteryEmpty"] is True

    names = [name for name in joints.ANIMATED_JOINTS if name in pepper.config.home]
    home = [pepper.config.home[name] for name in names]

    def at_home():
        """No call runs, and every group was last commanded home."""
        return not [record for record in pepper.motion.trajectories
                    if record.end is None] and \
            np.allclose(pepper.motion.getAngles(names, False), home, atol=1e-6)
    assert pepper.motion.wait_for(at_home, TIMEOUT)
    held = pepper.clock.now()
    pepper.wait_robot_seconds(10.0)
    assert pepper.calls_after(held) == []
    assert len(pepper.lines.matching("Pepper's own state: battery empty",
                                     logging.WARNING)) == 1
    charging = pepper.clock.now()
    pepper.day.set_charging(True)
    pepper.wait_calls(charging, count=3)  # back by itself
    assert pepper.status()["ownState"]["batteryEmpty"] is False
    pepper.disable()


def test_a_refused_turn_with_no_sign_backs_off_and_is_logged_once(pepper):
    """An obstacle: moveTo refused with ALMotion/MoveFailed and nothing else: the base
    backs off (2, 4, 8... s) and says so once, with the cause."""
    pepper = pepper()
    # An obstacle the stand-in's other signs do not announce.
    pepper.motion.block_moves("obstacle", True)
    pepper.enable()
    begun = pepper.clock.now()
    refused = pepper.wait_calls(begun, count=3, methods=("moveTo",))
    gaps = [pepper.seconds(a.time, b.time) for a, b in zip(refused, refused[1:])]
    assert gaps[1] >= 4.0 - 1e-6 and gaps[0] >= 2.0 - 1e-6  # a backoff, each longer
    lines = pepper.lines.matching("ALMotion.moveTo refused")
    # Logged when it tries again: ALMotion/MoveFailed, which may come after moveTo
    # returned, has said why by then.
    assert lines == ["ALMotion.moveTo refused to turn the base (obstacle: Safety); base "
                     "tries again in 2 s, then less and less often (up to every 240 s) "
                     "while it fails"]
    pepper.wait_parts("waiting", "obstacle: Safety", parts=("base",))
    pepper.disable()


# -- nothing moves: a fall, safeguard, a push, a rest -------------------------------------


def test_a_fall_stops_everything_until_pepper_is_up_awake_and_settled(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3)
    pepper.day.fall()
    seen = pepper.wait_parts("paused", "fall")
    assert pepper.status()["ownState"]["fallen"] is True
    pepper.wait_robot_seconds(10.0)  # people lift Pepper up
    assert pepper.calls_after(seen) == []
    pepper.day.stand_up()  # ALMotion/RobotIsStand True: the fall is over
    pepper.wait_parts("paused", "safeguard")
    assert pepper.status()["ownState"]["fallen"] is False
    pepper.wait_robot_seconds(2.0)
    assert pepper.calls_after(seen) == []  # upright, still in safeguard and limp
    pepper.theirs.wakeUp()  # the owner wakes it
    pepper.day.leave_safeguard()
    up = pepper.clock.now()
    first = pepper.wait_calls(up)[0]
    assert pepper.seconds(up, first.time) >= disruptions.SETTLE_TIME - 0.05
    # The package never woke Pepper itself: the owner's wakeUp is the only one.
    assert len(pepper.motion.calls_to("wakeUp")) == 1
    # Home first: the fall left the joints elsewhere.
    pepper.wait_status(lambda status: all(entry(status, part)["state"] == "animating"
                                          for part in GROUPS))
    assert len(pepper.lines.matching("Pepper's own state: fall", logging.WARNING)) == 1
    pepper.disable()


def test_a_push_pauses_every_part_until_the_recovery_is_over(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3)
    pepper.day.push()
    seen = pepper.wait_parts("paused", "safeguard")  # Life's RobotPushed safeguard
    pushed = pepper.day.log[-1].time if pepper.day.log else seen
    resumed = pepper.wait_calls(seen)[0]
    # Nothing during the recovery: the safeguard's 3 s and the settle time after.
    assert pepper.seconds(pushed, resumed.time) >= own_state_rules.PUSH_SETTLE + \
        disruptions.SETTLE_TIME - 0.1
    pepper.disable()


def test_a_rest_by_another_client_holds_every_part_until_woken(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3)
    pepper.theirs.rest()
    seen = pepper.wait_parts("resting", "Pepper rests")
    pepper.wait_robot_seconds(10.0)
    assert pepper.calls_after(seen) == []  # nothing into limp joints
    # Only a call that left our side as the rest began (no API makes checking and
    # sending one) went into limp joints; the package stops it by its id unless it ends
    # first.
    for record in pepper.motion.trajectories:
        if record.limp:
            assert record.requested <= seen and record.killed_by in (None, "killTask"), record
    assert "animating" not in pepper.host.engine.status()
    woken = pepper.clock.now()
    pepper.theirs.wakeUp()
    first = pepper.wait_calls(woken)[0]
    assert pepper.seconds(woken, first.time) >= disruptions.SETTLE_TIME - 0.05
    assert len(pepper.motion.calls_to("wakeUp")) == 1 and len(pepper.motion.calls_to("rest")) == 1
    pepper.disable()


def test_enabled_while_resting_docked_or_in_safeguard_it_says_so_at_once(pepper):
    def before(deployment):
        deployment.day.dock()
        deployment.motion.rest()
    pepper = pepper(before=before)
    pepper.enable()
    status = pepper.status()
    for part in PARTS:
        assert entry(status, part) == {"state": "resting", "reason": "Pepper rests"}, status
    assert status["ownState"]["docked"] is True and status["ownState"]["awake"] is False
    assert pepper.motion.calls_to("wakeUp") == [] and pepper.calls_after(0.0) == []
    pepper.theirs.wakeUp()
    seen = pepper.wait_parts("waiting", "docked", parts=("base",))
    pepper.wait_calls(seen, methods=("angleInterpolation",))
    assert pepper.calls_after(0.0, ("moveTo",)) == []
    pepper.disable()


def test_disabling_while_resting_sends_nothing_home(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3)
    pepper.theirs.rest()
    seen = pepper.wait_parts("resting", "Pepper rests")
    pepper.disable()
    assert pepper.calls_after(seen) == []
    assert len(pepper.lines.matching("left where it is: resting")) == len(GROUPS)


# -- a chain disabled ---------------------------------------------------------------------


def test_a_disabled_chain_stands_its_group_down_and_the_others_go_on(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3)
    pepper.day.set_chain_disabled("LArm", True)
    seen = pepper.wait_parts("disabled", "LArm disabled", parts=("leftArm",))
    pepper.wait_robot_seconds(20.0)
    assert pepper.calls_after(seen, chain=LEFT_ARM) == []
    # The other chains go on (their state may be anything but disabled: a call of theirs
    # that a loaded machine returned late reads as postponed, say).
    assert entry(pepper.status(), "rightArm")["state"] != "disabled"
    assert pepper.calls_after(seen, chain=("RShoulderPitch", "RElbowRoll", "RWristYaw",
                                           "RHand", "RShoulderRoll", "RElbowYaw"))
    errors = [message for level, message in pepper.lines.lines if level >= logging.ERROR]
    assert len(errors) <= 1, errors  # a call sent just before the event may fail, once
    assert len(pepper.lines.matching("LArm disabled", logging.WARNING)) == 1
    enabled = pepper.clock.now()
    pepper.day.set_chain_disabled("LArm", False)
    pepper.wait_calls(enabled, chain=LEFT_ARM)
    pepper.disable()


def test_body_disabled_stops_everything(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3)
    pepper.day.set_chain_disabled("Body", True)
    seen = pepper.wait_parts("disabled", "Body disabled")
    pepper.wait_robot_seconds(10.0)
    assert pepper.calls_after(seen) == []
    pepper.day.set_chain_disabled("Body", False)
    pepper.wait_status(lambda status: entry(status, "leftArm")["state"] == "animating")
    pepper.disable()


# -- the legs: a slope; the base: hot wheels -----------------------------------------------


@pytest.mark.parametrize("start, end, reason", [
    ("on_slope", "off_slope", "on a slope"),
    # The wheels neither locked nor powered, push recovery off (docs/naoqi.md, "The
    # charging flap"): the legs do not shift the weight on a base that may roll.
    ("open_flap", "close_flap", "charging flap open"),
])
def test_on_a_slope_or_the_flap_open_the_legs_go_home_and_hold_while_the_arms_go_on(
        pepper, start, end, reason):
    pepper = pepper()
    actions = {"on_slope": lambda: pepper.day.set_on_slope(True),
               "off_slope": lambda: pepper.day.set_on_slope(False)}
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), count=3, chain=LEGS)
    actions.get(start, getattr(pepper.day, start, None))()
    pepper.wait_parts("waiting", reason, parts=("legs",))
    home = [pepper.config.home[name] for name in LEGS]

    def at_home():
        """No call of the legs runs, and they were last commanded home (the one they
        had running ends as planned, then the move home, if they were not there)."""
        return not [record for record in pepper.motion.trajectories
                    if set(record.names) & set(LEGS) and record.end is None] and \
            np.allclose(pepper.motion.getAngles(list(LEGS), False), home, atol=1e-6)
    assert pepper.motion.wait_for(at_home, TIMEOUT)
    held = pepper.clock.now()
    pepper.wait_robot_seconds(10.0)
    assert pepper.calls_after(held, chain=LEGS) == []
    assert pepper.calls_after(held, chain=LEFT_ARM)
    off = pepper.clock.now()
    actions.get(end, getattr(pepper.day, end, None))()
    pepper.wait_calls(off, chain=LEGS)
    pepper.disable()


def test_a_hot_wheel_rests_the_base(pepper):
    pepper = pepper()
    pepper.enable()
    pepper.wait_calls(pepper.clock.now(), methods=("moveTo",))
    pepper.day.heat_wheel("WheelB", 2)
    status = pepper.wait_status(lambda status: status["base"]["state"] == "hot")
    assert status["base"]["hot"] == ["WheelB"]
    seen = pepper.clock.now()
    pepper.wait_robot_seconds(10.0)
    assert pepper.calls_after(seen, ("moveTo",)) == []
    pepper.disable()
