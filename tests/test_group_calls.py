"""A joint group's calls (engine.group_calls) against a stand-in sender: what the check
before each call compares ALMotion's commanded angles with."""
from __future__ import absolute_import, division, print_function

import collections
import logging
import threading

import numpy as np

from animate_behaviour.engine import group_calls
from animate_behaviour.engine.recovery import Backoff
from animate_behaviour.planning import steps

NAMES = ("LShoulderPitch", "LShoulderRoll", "LElbowYaw")
TRACKING_ERROR = 0.02  # rad: what the sensors read off the commanded angles
Group = collections.namedtuple("Group", "names")
Call = collections.namedtuple("Call", "elapsed error")


class Sender(object):
    """ALMotion as the sender shows it: every call plays out as planned; the commanded
    angles are those the calls last commanded; the sensors read TRACKING_ERROR off."""

    def __init__(self):
        self.commanded = dict((name, 0.0) for name in NAMES)

    def angles(self, names, use_sensors):
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


def make_calls(sender):
    round_ = collections.namedtuple("Round", "sender clock status legs_and_base stop")(
        sender, None, Status(), None, threading.Event())
    return group_calls.GroupCalls(
        "leftArm", round_, threading.Event(), Backoff("group leftArm", logging.getLogger()),
        lambda: Group(NAMES), lambda: None, lambda: None, lambda: None, None)


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
