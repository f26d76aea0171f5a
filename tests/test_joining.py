"""A lifelike stream's steps joined into fewer calls (planning/joining.py; both lanes)."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour.planning import joining, steps
from animate_behaviour.planning.shared import Shared

LONGEST = 2.0  # maxCallDuration, s


class Scripted(object):
    """A stream of ``script``'s steps: ("move", s[, joints]) or ("rest", s). A Move sets
    its commanded joints among the first two to its number in the script plus one and
    the third to ``mood[0]`` when it was planned; the others stay where the steps before
    left them. Remembers when each step was asked for, and tells ``shared.completed`` of
    each move once the step after it is asked for, as the lifelike planner does."""

    def __init__(self, script, shared, mood):
        self.asked = []
        self._script = list(script)
        self._shared = shared
        self._mood = mood
        self._pose = np.zeros(3)

    def next(self, at):
        index = len(self.asked)
        if index and self._script[index - 1][0] == "move":
            self._shared.completed("move %d" % (index - 1))
        self.asked.append(at)
        entry = self._script[index]
        if entry[0] == "rest":
            return steps.Rest(entry[1])
        joints = entry[2] if len(entry) > 2 else None
        for joint in range(3) if joints is None else joints:
            self._pose[joint] = index + 1 if joint < 2 else self._mood[0]
        return steps.Move(self._pose.copy()[np.newaxis, :], np.array([entry[1]]), joints)


def joined_stream(script, mood=None):
    """(the Joined stream of ``script``, the Scripted stream under it, the summaries told
    as completed)."""
    told, made = [], []
    mood = mood if mood is not None else [0.0]

    def make(shared):
        made.append(Scripted(script, shared, mood))
        return made[0]
    stream = joining.Joined(make, Shared(None, None, 0, told.append), LONGEST)
    return stream, made[0], told


def play(stream, count, at=0.0):
    """The next ``count`` steps, each asked for when the one before has played: (when it
    began, the step)."""
    found = []
    for _ in range(count):
        step = stream.next(at)
        found.append((at, step))
        at += step.duration
    return found


def test_steps_join_into_one_call_a_key_each_up_to_max_call_duration():
    stream, scripted, _told = joined_stream([
        ("move", 0.5), ("move", 0.7), ("rest", 0.3), ("move", 0.4), ("move", 0.6),
        ("rest", 1.5), ("move", 1.0), ("move", 1.0), ("move", 0.5)])
    (first_at, first), (second_at, second), (third_at, third), (fourth_at, fourth) = \
        play(stream, 4)
    # Two moves, the rest as a key repeating the one before, a move; the next does not fit.
    assert list(first.times) == pytest.approx([0.5, 1.2, 1.5, 1.9])
    assert np.array_equal(first.angles[2], first.angles[1])
    assert [row[0] for row in first.angles] == [1, 2, 2, 4]
    # The move that did not fit goes out first in the next call, which the rest after it
    # would take past maxCallDuration: the rest stays a rest, no call, the joints free.
    assert list(second.times) == pytest.approx([0.6]) and second.angles[0, 0] == 5
    assert third == steps.Rest(1.5)
    # Two moves filling a call exactly: nothing more is planned for it.
    assert list(fourth.times) == pytest.approx([1.0, 2.0])
    assert len(scripted.asked) == 8
    # Each step was planned for the robot time it begins at.
    assert scripted.asked == pytest.approx([0.0, 0.5, 1.2, 1.5, 1.9, 2.5, 4.0, 5.0])
    assert (second_at, third_at, fourth_at) == pytest.approx((1.9, 2.5, 4.0))
    assert first_at == 0.0


def test_a_rest_that_would_end_a_call_stays_a_rest_and_a_call_begins_with_a_move():
    stream, _scripted, _told = joined_stream([
        ("rest", 0.4), ("move", 0.5), ("rest", 0.5), ("move", 1.5), ("rest", 0.2),
        ("move", 0.5)])
    found = [step for _at, step in play(stream, 4)]
    assert found[0] == steps.Rest(0.4)
    assert list(found[1].times) == pytest.approx([0.5])
    assert found[2] == steps.Rest(0.5)
    assert list(found[3].times) == pytest.approx([1.5])  # the rest after it ends no call


def test_a_call_commands_the_joints_any_of_its_steps_commands():
    stream, _scripted, _told = joined_stream([
        ("move", 0.3, (0,)), ("move", 0.3, (2,)), ("move", 1.5), ("move", 0.6, (1,)),
        ("move", 0.5, (0, 2)), ("move", 1.5)])
    first, second, third = [step for _at, step in play(stream, 3)]
    assert first.joints == (0, 2) and len(first.times) == 2
    # Joint 0 holds where the first step left it while the second moves joint 2 alone.
    assert first.angles[:, 0].tolist() == [1.0, 1.0]
    assert second.joints is None and len(second.times) == 1  # the one-joint step did not fit
    assert third.joints == (0, 1, 2)


def test_completed_trajectories_are_told_once_the_call_carrying_them_has_played():
    stream, _scripted, told = joined_stream([("move", 0.5), ("move", 0.5), ("move", 1.5),
                                             ("move", 0.5)])
    stream.next(0.0)  # the first two moves, joined; the third does not fit
    # The first move was completed in the stream's eyes when the second was planned, but
    # the call carrying it has not played yet.
    assert told == []
    stream.next(1.0)
    assert told == ["move 0", "move 1"]


def test_a_mood_change_shows_in_every_step_planned_after_it():
    """The steps of a call are planned when it is asked for: a mood changed while a call
    plays shows in the next call, but for its first step if that one was planned with
    the call before (it did not fit there), and in every call after."""
    mood = [0.0]
    script = [("move", duration) for duration in (0.7, 0.6, 0.9, 0.5, 0.8, 0.4, 1.2, 0.3,
                                                   0.6, 0.9, 0.7, 0.5)]
    stream, _scripted, _told = joined_stream(script, mood)
    played = stream.next(0.0)
    assert set(played.angles[:, 2]) == {0.0}
    mood[0] = 1.0  # while that call plays
    at = played.duration
    following = stream.next(at)
    # Planned before the change: at most the first key, the step left over.
    assert list(following.angles[1:, 2]) == [1.0] * (len(following.times) - 1)
    assert following.angles[0, 2] == 0.0  # this script leaves one over
    at += following.duration
    for _ in range(3):
        later = stream.next(at)
        assert set(later.angles[:, 2]) == {1.0}
        at += later.duration


def test_rests_together_make_one_key_and_one_shorter_than_a_control_cycle_none():
    # A step planned a hair before a breath's boundary leaves a rest of a hair: a key
    # of its own would come a hair after the one before, which ALMotion cannot play.
    move = steps.Move(np.array([[1.0]]), np.array([0.5]))
    joined = joining.joined([move, steps.Rest(1e-14), move, steps.Rest(0.0004),
                             steps.Rest(0.1), move, steps.Rest(0.01), steps.Rest(0.015),
                             move])
    # Two rests of 10 and 15 ms together last more than a cycle: one key.
    assert list(joined.times) == pytest.approx([0.5, 1.0, 1.1004, 1.6004, 1.6254, 2.1254])
    assert np.all(np.diff(joined.times) >= joining.SHORTEST)


def test_joined_plays_the_steps_at_their_times_keys_and_rests_alike():
    parts = [steps.Move(np.array([[1.0, 2.0]]), np.array([0.5]), (0, 1)),
             steps.Rest(0.25),
             steps.Move(np.array([[3.0, 2.0], [4.0, 2.0]]), np.array([0.5, 1.0]), (0,))]
    move = joining.joined(parts)
    assert list(move.times) == pytest.approx([0.5, 0.75, 1.25, 1.75])
    assert move.angles.tolist() == [[1.0, 2.0], [1.0, 2.0], [3.0, 2.0], [4.0, 2.0]]
    assert move.joints == (0, 1)
    assert move.duration == pytest.approx(1.75)
