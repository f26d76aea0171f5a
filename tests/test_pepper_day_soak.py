"""Pepper's own day, each state held for 10 robot minutes (both lanes): how many calls the
package sends and how many lines it logs meanwhile. No condition that lasts may loop on a
refusal or flood the log (issue 29): at most one line per episode per cause, and a call
that keeps failing tried less and less often.

In process, on a virtual clock (pepper_sim.virtual_clock): robot time passes only once
every thread of the run waits, so 10 robot minutes take a few wall seconds and the counts
do not follow the machine's load. The events come synchronously, in the thread that
raises them (the test's, while robot time is held).
"""
from __future__ import absolute_import, division, print_function

import collections
import logging

import pytest

from animate_behaviour.planning import joints
from day_run import DayRun, moves
from pepper_sim.motion import KinematicMotion

SOAK = 600.0  # robot seconds: 10 minutes
SETTINGS = {"behaviour": "all", "motionStyle": "lifelike"}
LEFT_ARM = tuple(name for name in joints.ANIMATED_JOINTS if joints.chain_of(name) == "LArm")


@pytest.fixture
def soak():
    made = []

    def make(motion_type=KinematicMotion):
        made.append(DayRun(SETTINGS, motion_type=motion_type, name="soak"))
        return made[-1]
    yield make
    for run in made:
        assert run.close()


def repeated(lines):
    """The messages logged more than once."""
    counts = collections.Counter(message for _level, message in lines)
    return [message for message, count in counts.items() if count > 1]


@pytest.mark.parametrize("state", ["open_flap", "dock", "move_disabled", "battery_low"])
def test_ten_minutes_of_a_base_that_must_wait(soak, state):
    day = soak()
    actions = {"move_disabled": lambda: day.day.set_move_disabled(True),
               "battery_low": lambda: day.day.set_battery_low(True)}
    day.let_pass(20.0)
    _start, calls, lines = day.during(actions.get(state) or getattr(day.day, state), SOAK)
    assert len(moves(calls, "moveTo")) <= 2  # a turn on its way as the sign came
    assert moves(calls, "angleInterpolation")  # the arms and the legs go on
    assert len(lines) <= 2 and not repeated(lines), lines


@pytest.mark.parametrize("state", ["fall", "rest", "body_disabled"])
def test_ten_minutes_of_a_pepper_that_must_not_move(soak, state):
    day = soak()
    actions = {"fall": day.day.fall, "rest": day.motion.rest,
               "body_disabled": lambda: day.day.set_chain_disabled("Body", True)}
    day.let_pass(20.0)
    start, calls, lines = day.during(actions[state], SOAK)
    # Our calls running then are killed (by the fall, the rest, or by us): none after.
    assert [call for call in moves(calls) if call.time > start] == []
    assert len(lines) <= 3 and not repeated(lines), lines


def test_ten_minutes_of_a_disabled_arm(soak):
    day = soak()
    day.let_pass(20.0)
    start, calls, lines = day.during(lambda: day.day.set_chain_disabled("LArm", True), SOAK)
    assert [call for call in moves(calls, chain=LEFT_ARM) if call.time > start + 1.0] == []
    assert moves(calls, chain=("RShoulderPitch",))  # the other chains keep moving
    errors = [message for level, message in lines if level >= logging.ERROR]
    assert len(errors) <= 1 and not repeated(lines), lines


def test_ten_minutes_of_an_obstacle_back_off(soak):
    """A turn refused with no sign that says why (ALMotion/MoveFailed only): tried at
    2, 4, 8... s, up to every RETRY_MAX, logged once."""
    day = soak()
    day.let_pass(20.0)
    _start, calls, lines = day.during(lambda: day.motion.block_moves("obstacle", True), SOAK)
    tries = moves(calls, "moveTo")
    # 2 + 4 + ... + 128 + 240 s: at most 9 tries in 10 minutes, pauses included.
    assert 2 <= len(tries) <= 10
    assert len([message for _level, message in lines if "refused" in message]) == 1


class RaisingMotion(KinematicMotion):
    """ALMotion raising on every call while ``broken``, as a crashed module's proxy does."""

    broken = False
    attempts = 0  # calls refused while broken

    def __getattribute__(self, name):
        attribute = KinematicMotion.__getattribute__(self, name)
        if name[0].isupper() or name.startswith("_") or not callable(attribute) or \
                not KinematicMotion.__getattribute__(self, "broken") or name in (
                    "wait_for", "calls_to", "block_moves", "report_move_failure"):
            return attribute

        def broken(*_args, **_kwargs):
            self.attempts += 1
            raise RuntimeError("ALMotion::%s: the module is not responding" % name)
        return broken


def test_a_minute_of_almotion_raising_on_every_call(soak):
    day = soak(motion_type=RaisingMotion)
    day.let_pass(20.0)
    before = len(day.motion.calls)

    def breaks():
        day.motion.broken = True
    _start, _calls, lines = day.during(breaks, 60.0)
    # Each part tried at 2, 4, 8, 16 and 32 s at most, a few round trips each: a few
    # dozen calls in all, not thousands.
    parts = len(day.engine.report()["groups"]) + 1
    assert day.motion.attempts <= parts * 6 * 5, day.motion.attempts
    errors = [message for level, message in lines if level >= logging.ERROR]
    assert len(errors) <= parts, errors
    assert not repeated(lines), lines
    with day.clock.held():
        day.motion.broken = False
    again = day.let_pass(200.0)
    # Back by itself: each part says it works again, and the joints move.
    works = [message for _level, message in day.lines.lines if "works again" in message]
    assert works and moves([call for call in day.motion.calls[before:]
                            if call.time <= again], "angleInterpolation")
