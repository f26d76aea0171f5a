"""A joint group's calls (engine.group_calls) against a stand-in sender: what the check
before each call compares ALMotion's commanded angles with."""
from __future__ import absolute_import, division, print_function

import collections
import logging
import threading

import numpy as np

from animate_behaviour.engine import group_calls
from animate_behaviour.engine.recovery import Backoff
from animate_behaviour.engine.worker_thread import HOLDS_FOR_TURNS
from animate_behaviour.planning import steps

from helpers.manual_clock import ManualClock

NAMES = ("LShoulderPitch", "LShoulderRoll", "LElbowYaw")
TRACKING_ERROR = 0.02  # rad: what the sensors read off the commanded angles
Group = collections.namedtuple("Group", "names")
Call = collections.namedtuple("Call", "elapsed error")


class Sender(object):
    """ALMotion as the sender shows it: every call plays out as planned; the commanded
    angles are those the calls last commanded; the sensors read TRACKING_ERROR off."""

    def __init__(self):
        self.commanded = dict((name, 0.0) for name in NAMES)
        self.looks = 0  # getAngles asked for the commanded angles

    def angles(self, names, use_sensors):
        self.looks += not use_sensors
        return [self.commanded[name] + (TRACKING_ERROR if use_sensors else 0.0)
                for name in names]

    def send_joints(self, names, angles, times, wake, thread_name, veto):
        for name, keys in zip(names, angles):
            self.commanded[name] = keys[-1]
        return Call(times[-1], None), None

    def wait(self, call, duration, veto, name):
        return None


class Status(object):
    def set(self, name, state):
        pass

    def count(self, what):
        pass


def make_calls(sender, clock=None, legs_and_base=None, hold=None):
    round_ = collections.namedtuple("Round", "sender clock status legs_and_base stop")(
        sender, clock or ManualClock(), Status(), legs_and_base, threading.Event())
    role = HOLDS_FOR_TURNS if legs_and_base is not None else None
    return group_calls.GroupCalls("leftArm", round_, group_calls.WorkerPort(
        wake=threading.Event(), backoff=Backoff("group leftArm", logging.getLogger()),
        group=lambda: Group(NAMES), role=lambda: role, known_disruption=lambda: None,
        veto=lambda: None, hold=hold))


def test_a_call_of_some_joints_expects_the_others_where_they_were_commanded():
    # After stepping aside the plan starts from the measured angles, a tracking error
    # off the commanded ones; a breath call commands only its joints and repeats the
    # others' columns where the plan believes them. Those it did not command stay where
    # they were commanded: the next check must not take the tracking error for another
    # app.
    sender = Sender()
    calls = make_calls(sender)
    calls.expected = calls.commanded()
    believed = calls.measured()
    breath = believed.copy()
    breath[0] += 0.05
    assert calls.call(steps.Move(np.array([believed, breath]), [0.0, 1.0], (0,))) is None
    assert np.allclose(calls.expected, [0.02 + 0.05, 0.0, 0.0])
    move = np.array([breath, breath + 0.1])
    assert calls.call(steps.Move(move, [0.0, 1.0])) is None


def test_a_joint_commanded_by_another_app_is_still_seen():
    sender = Sender()
    calls = make_calls(sender)
    calls.expected = calls.commanded()
    start = calls.commanded()
    assert calls.call(steps.Move(np.array([start, start + 0.05]), [0.0, 1.0], (0,))) is None
    sender.commanded["LElbowYaw"] = 0.3  # another app's setAngles
    disruption = calls.call(steps.Move(np.array([start, start + 0.1]), [0.0, 1.0]))
    assert disruption is not None and disruption.why == group_calls.MOVED_BY_ANOTHER_APP


def moved_by_another_app(disruption):
    return disruption is not None and disruption.why == group_calls.MOVED_BY_ANOTHER_APP


def test_the_commanded_angles_read_on_enabling_are_the_first_calls_look():
    # Enabling (or resuming) reads them, and the first call follows with nothing between:
    # asking again would be a round trip on the way to the first call for nothing. The
    # call after it looks again.
    sender = Sender()
    calls = make_calls(sender)
    start = calls.read_expected()
    assert sender.looks == 1
    assert calls.step(steps.Move(np.array([start, start + 0.05]), [0.0, 1.0])) is None
    assert sender.looks == 1
    sender.commanded["LElbowYaw"] = 0.3  # another app's setAngles
    assert moved_by_another_app(calls.step(steps.Move(np.array([start, start]), [0.0, 1.0])))
    assert sender.looks == 2


def test_a_rest_after_the_read_makes_the_next_call_look_again():
    sender = Sender()

    def rest(duration, known_disruption):
        sender.commanded["LElbowYaw"] = 0.3  # another app's setAngles while the arm rests
        return None
    calls = make_calls(sender, hold=rest)
    start = calls.read_expected()
    assert calls.step(steps.Rest(1.0)) is None
    assert moved_by_another_app(calls.step(steps.Move(np.array([start, start]), [0.0, 1.0])))


class LegsAndBase(object):
    """A turn due when the legs' first move comes: they wait until it ends."""

    def __init__(self):
        self.turns = 1

    def begin_legs_move(self):
        return self.turns == 0

    def end_legs_move(self):
        pass


class TurnClock(ManualClock):
    """The wait for the turn's end: another app commands a joint meanwhile, then the turn
    ends."""

    def __init__(self, sender, legs_and_base):
        ManualClock.__init__(self)
        self._sender = sender
        self._legs_and_base = legs_and_base

    def wait(self, event, timeout):
        self._sender.commanded["LElbowYaw"] = 0.3
        self._legs_and_base.turns = 0
        return True


def test_a_wait_for_a_turn_after_the_read_makes_the_call_look_again():
    sender = Sender()
    legs_and_base = LegsAndBase()
    calls = make_calls(sender, TurnClock(sender, legs_and_base), legs_and_base)
    start = calls.read_expected()
    assert moved_by_another_app(calls.step(steps.Move(np.array([start, start]), [0.0, 1.0])))


def test_a_group_watching_another_app_expects_the_joints_where_it_left_them():
    # While the group yields to another app, each look that finds the joints moved
    # expects them where the app left them: its way home (hot joints, a slope) is then
    # not taken for another app's move, nor is the app's old move seen again.
    sender = Sender()
    calls = make_calls(sender)
    calls.expected = calls.commanded()
    sender.commanded["LShoulderPitch"] = 0.3
    assert calls.moved_on() and np.allclose(calls.expected, [0.3, 0.0, 0.0])
    assert not calls.moved_on()
    home = np.zeros(len(NAMES))
    assert calls.call(steps.Move(np.array([calls.expected, home]), [0.0, 1.0])) is None
    assert not calls.moved_on()


class CutShort(Sender):
    """While ``cut``, each call is stopped half-way (speech, an ALMotion failure): the
    joints stay commanded where it was."""

    def __init__(self):
        Sender.__init__(self)
        self.cut = True

    def send_joints(self, names, angles, times, wake, thread_name, veto):
        if not self.cut:
            return Sender.send_joints(self, names, angles, times, wake, thread_name, veto)
        for name, keys in zip(names, angles):
            self.commanded[name] += (keys[-1] - self.commanded[name]) / 2.0
        return Call(times[-1] / 2.0, None), None

    def wait(self, call, duration, veto, name):
        if not self.cut:
            return None
        return group_calls.Disruption(group_calls.ERROR, why="ALMotion failed")


def test_resuming_where_a_call_cut_short_left_the_joints_takes_them_as_expected():
    # Half-way along our own call's path: no other app; the read is the first call's look.
    sender = CutShort()
    calls = make_calls(sender)
    start = calls.read_expected()
    assert calls.call(steps.Move(np.array([start, start + 0.2]), [0.0, 1.0])) is not None
    calls.read_expected_unless_moved()
    assert np.allclose(calls.expected, start + 0.1)
    looks = sender.looks
    sender.cut = False
    assert calls.step(steps.Move(np.array([start + 0.1, start]), [0.0, 1.0])) is None
    assert sender.looks == looks


def test_resuming_after_another_apps_set_angles_during_the_episode_steps_aside():
    # Its setAngles left the joints outside the path of our call cut short: the group
    # does not take them for its own; the first call's look finds the move.
    sender = CutShort()
    calls = make_calls(sender)
    start = calls.read_expected()
    assert calls.call(steps.Move(np.array([start, start + 0.2]), [0.0, 1.0])) is not None
    sender.commanded["LElbowYaw"] = -0.3  # another app's setAngles during the episode
    calls.read_expected_unless_moved()
    assert moved_by_another_app(calls.step(steps.Move(np.array([start, start]), [0.0, 1.0])))
