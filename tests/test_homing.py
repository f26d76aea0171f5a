"""The way home on disable (engine.homing): a group another app set within
yieldQuietTime (its setAngles books nothing) stays where it is; every other goes home."""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import homing
from animate_behaviour.engine.group_calls import MOVED_TOLERANCE, Left
from animate_behaviour.engine.tuning import Tunings
from pepper_sim.motion import KinematicMotion
from pepper_sim.virtual_clock import VirtualClock


class Sender(object):
    """The sender's questions homing asks, on the stand-in; what it sends, recorded."""

    def __init__(self, motion):
        self.motion = motion
        self.sent = []

    def joints_free(self, names):
        return self.motion.areResourcesAvailable(list(names))

    def angles(self, names, use_sensors):
        return self.motion.getAngles(list(names), use_sensors)

    def run_joints(self, names, angles, times):
        self.sent.append(list(names))


class OwnState(object):
    def hold(self, _names, _base=False):
        return None


def home_after(left_arm):
    """(the groups sent home, the log) on disabling when the left arm's worker knew
    ``left_arm(commanded)`` (a Left; ``commanded`` the joints' commanded angles now), both
    arms away from home; yieldQuietTime is 1 s."""
    clock = VirtualClock()
    motion = KinematicMotion(clock=clock, initial_angles={"LShoulderPitch": 1.0,
                                                          "RShoulderPitch": 1.0})
    config = config_module.from_mapping({"behaviour": "all", "yieldQuietTime": "1.0"})
    lines = []
    log = collections.namedtuple("Log", "info warning")(lines.append, lines.append)
    tuning = Tunings(motion, lambda: config, log).current()
    names = tuning.groups["leftArm"].names
    now = np.array(motion.getAngles(list(names), False), dtype=float)
    sender = Sender(motion)
    homing.go_home(sender, tuning, lambda: False, OwnState(), log,
                   {"leftArm": left_arm(now)})
    sent = [name for name, group in tuning.groups.items()
            if any(set(group.names) <= set(call) for call in sender.sent)]
    return sent, lines


LEFT_WHERE_IT_IS = ["group leftArm left where it is: another app moves it"]


def test_a_group_whose_worker_just_saw_another_app_set_it_stays():
    sent, lines = home_after(lambda now: Left(now, now, 0.4, 0.1))
    assert "leftArm" not in sent and "rightArm" in sent
    assert lines == LEFT_WHERE_IT_IS
    sent, lines = home_after(lambda now: Left(now, now, 1.2, 0.1))  # seen long ago
    assert "leftArm" in sent and lines == []


def test_a_group_set_since_its_worker_last_looked_stays_if_that_was_recent():
    def elsewhere(looked_ago):
        def left(now):  # the worker left them 3 * MOVED_TOLERANCE from where they are
            return Left(now + 3 * MOVED_TOLERANCE, now + 3 * MOVED_TOLERANCE, None,
                        looked_ago)
        return left
    sent, lines = home_after(elsewhere(0.7))
    assert "leftArm" not in sent and lines == LEFT_WHERE_IT_IS
    # Unseen for longer than yieldQuietTime: where a task may have left them long ago.
    sent, lines = home_after(elsewhere(1.5))
    assert "leftArm" in sent and lines == []


def test_a_call_of_ours_stopped_mid_way_leaves_them_anywhere_on_its_path():
    # The joints commanded between its start and its keys: ours, home they go.
    sent, lines = home_after(lambda now: Left(now - 0.2, now + 0.2, None, 0.3))
    assert "leftArm" in sent and lines == []
    # Off its path: another app's setAngles won.
    sent, lines = home_after(lambda now: Left(now + 0.1, now + 0.2, None, 0.3))
    assert "leftArm" not in sent and lines == LEFT_WHERE_IT_IS
