"""The motors' heat (naoqi.heat), read on a hand-moved clock: a joint read hot rests until
it has read 0 for coolDownTime, and a cool-down in progress outlives the round (a disable
then an enable) that began it."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.naoqi import heat
from helpers.manual_clock import ManualClock
from pepper_sim.memory import FakeMemory

COOL_DOWN = 10.0  # robot s
JOINTS = ("LElbowRoll", "LWristYaw")


class Lines(object):
    """A logger keeping its lines."""

    def __init__(self):
        self.lines = []

    def __getattr__(self, level):
        return lambda message: self.lines.append((level, message))


def monitor(memory, clock, log, record):
    """A round's monitor of JOINTS."""
    return heat.HeatMonitor(memory, JOINTS, COOL_DOWN, clock, log, record)


def test_a_hot_joint_rests_until_it_has_read_cool_for_the_cool_down():
    clock, log, memory = ManualClock(), Lines(), FakeMemory()
    watching = monitor(memory, clock, log, heat.HeatRecord())
    assert not watching.read() and watching.resting(JOINTS) == []
    memory.insertData(heat.status_key("LElbowRoll"), 2)
    assert watching.read() and watching.resting(JOINTS) == ["LElbowRoll"]
    memory.insertData(heat.status_key("LElbowRoll"), 0)
    assert not watching.read()  # the cool-down begins
    clock.set(clock.now() + COOL_DOWN - 1.0)
    assert not watching.read() and watching.resting(JOINTS) == ["LElbowRoll"]
    clock.set(clock.now() + 1.0)
    assert watching.read() and watching.resting(JOINTS) == []
    assert log.lines == [
        ("warning", "LElbowRoll motor temperature status 2 (very hot)"),
        ("warning", "LElbowRoll motor temperature status 0 (normal)"),
        ("warning", "LElbowRoll has been cool for 10 s: it may move again")]


def test_a_cool_down_in_progress_outlives_its_round():
    """Hot, then cool for less than the cool-down, then disabled and enabled again: the
    new round's monitor still rests the joint, from the start, and logs no change it
    already logged. Nothing read the temperatures while disabled: the cool-down counts
    again from the new round's first reading."""
    clock, log, memory = ManualClock(), Lines(), FakeMemory()
    record = heat.HeatRecord()
    first = monitor(memory, clock, log, record)
    memory.insertData(heat.status_key("LElbowRoll"), 1)
    assert first.read()
    memory.insertData(heat.status_key("LElbowRoll"), 0)
    first.read()
    clock.set(clock.now() + COOL_DOWN / 2)
    assert not first.read()
    logged = list(log.lines)
    clock.set(clock.now() + 1.0)  # disabled, then enabled: a new round, a new monitor
    second = monitor(memory, clock, log, record)
    assert second.resting(JOINTS) == ["LElbowRoll"]  # before its first reading
    assert not second.read()
    clock.set(clock.now() + COOL_DOWN - 1.0)
    assert not second.read() and second.resting(JOINTS) == ["LElbowRoll"]
    clock.set(clock.now() + 1.0)
    assert second.read() and second.resting(JOINTS) == []
    assert log.lines == logged + [
        ("warning", "LElbowRoll has been cool for 10 s: it may move again")]


def test_a_joint_hot_as_its_round_ends_rests_in_the_next_until_cool():
    clock, log, memory = ManualClock(), Lines(), FakeMemory()
    record = heat.HeatRecord()
    memory.insertData(heat.status_key("LWristYaw"), 3)
    assert monitor(memory, clock, log, record).read()
    second = monitor(memory, clock, log, record)
    assert second.resting(JOINTS) == ["LWristYaw"]
    assert not second.read()
    assert log.lines == [("warning", "LWristYaw motor temperature status 3 (critical)")]
