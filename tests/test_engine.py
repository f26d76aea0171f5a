"""The motion engine against in-process ALMotion stand-ins (both lanes).

The engine runs on the stand-in's clock, so a time-scaled stand-in and the engine agree
on what a second is: durations below are simulated seconds.
"""
from __future__ import absolute_import, division, print_function

import logging
import re
import threading

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import group_calls
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.engine import ports, supervisor, switch
from animate_behaviour.naoqi import own_call, speech
from animate_behaviour.planning import joints, trajectory
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.day import PeppersDay
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion, Trajectory
from pepper_sim.virtual_clock import VirtualClock

from helpers import checks
import human_reference

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

TIMEOUT = 10.0
# 20 waypoints 0.5 s apart: 10 s trajectories sent as five 2 s calls.
FAST = {"gestureDuration": "0.5", "numPoints": "20", "legRepeatFactor": "3",
        "numPointsLeg": "2", "verboseMode": "true"}
SCALE = 0.01  # wall seconds per simulated second


class Robot(object):
    def __init__(self, behaviour="all", platform="robot", life=True, motion=None, **values):
        settings = dict(FAST, behaviour=behaviour, platform=platform)
        settings.update(values)
        self.config = config_module.from_mapping(settings)
        self.motion = motion or KinematicMotion(time_scale=SCALE)
        simulated = isinstance(self.motion, KinematicMotion)
        self.memory = (simulated and self.motion.memory) or FakeMemory(
            clock=self.motion.clock if simulated else None)
        self.life = FakeAutonomousLife(memory=self.memory) if life else None
        # ALMotion's events on the same memory, and Pepper's own day to live.
        self.day = PeppersDay(self.motion, self.memory, self.life) if simulated else None
        self.log = logging.getLogger("test.engine")
        clock = self.motion.clock if isinstance(self.motion, KinematicMotion) else None
        self.current = self.config  # what the engine goes by: retune changes it
        self.engine = engine_module.MotionEngine(
            lambda: self.current, ports.Robot(self.motion, self.memory, self.life, None, None),
            self.log, clock=clock, rng=np.random.RandomState(11))
        self.engine.start()

    def retune(self, config):
        """Go by ``config`` from now on, as a new preset or style does."""
        self.current = config

    def enable(self):
        self.engine.request("enabled")
        assert self.engine.wait_settled("enabled", TIMEOUT)

    def disable(self):
        self.engine.request("disabled")
        assert self.engine.wait_settled("disabled", TIMEOUT)

    def wait_random(self, count):
        assert self.motion.wait_for(
            lambda: len(checks.random_ones(self.motion.trajectories, self.config)) >= count,
            TIMEOUT)

    def close(self):
        assert self.engine.close(TIMEOUT)


@pytest.fixture
def robots():
    made = []

    def make(*args, **kwargs):
        robot = Robot(*args, **kwargs)
        made.append(robot)
        return robot
    yield make
    for robot in made:
        robot.close()


@pytest.fixture
def patient(monkeypatch):
    """No step-aside a loaded machine alone causes: a call whose task is not found within
    the identification's 0.26 wall s (its thread started late) is left unidentified, and
    one that returns LATE_MARGIN late (10 wall ms at SCALE) reads as postponed behind
    another app; either way the group yields. Here identification waits long enough and
    nothing reads as postponed."""
    monkeypatch.setattr(own_call, "IDENTIFY_TRIES", 14)
    monkeypatch.setattr(group_calls, "LATE_MARGIN", float("inf"))


@pytest.mark.parametrize("behaviour, platform, expected", [
    ("hands", "robot", {"LHand", "RHand"}),
    ("hands", "simulator", {"LElbowRoll", "LWristYaw", "RElbowRoll", "RWristYaw"}),
    ("body", "robot", set(joints.ANIMATED_JOINTS)),
    ("body", "simulator", set(joints.ARM_JOINTS + joints.LEG_JOINTS)),
    ("all", "robot", set(joints.ANIMATED_JOINTS)),
])
def test_joints_per_behaviour_and_never_the_head(robots, behaviour, platform, expected):
    robot = robots(behaviour, platform)
    robot.enable()
    robot.wait_random(6)
    commanded = set(name for record in robot.motion.trajectories for name in record.names)
    assert commanded == expected
    assert not commanded & set(joints.HEAD_JOINTS)
    if behaviour != "all":
        assert robot.motion.calls_to("moveTo") == []


def test_every_part_is_reported_at_home_before_the_first_enable(robots):
    report = robots("all").engine.report()
    assert report["groups"] == {"leftArm": {"state": "home"}, "rightArm": {"state": "home"},
                                "legs": {"state": "home"}}
    assert report["base"] == {"state": "home"}
    assert "base" not in robots("body").engine.report()


def test_rotation_only_turns_the_base_and_moves_no_joint(robots):
    robot = robots("rotation")
    robot.enable()
    assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 5, TIMEOUT)
    assert robot.motion.trajectories == []
    for move in robot.motion.moves:
        assert move.target[:2] == (0.0, 0.0)


def test_heading_stays_inside_the_band(robots, caplog):
    robot = robots("rotation", rotMaximumRange="0.5", gestureDuration="0.1")
    robot.enable()
    assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 40, TIMEOUT)
    with caplog.at_level(logging.WARNING, logger="test.engine"):
        robot.disable()
    assert "refused" not in caplog.text  # a move interrupted by stopMove is no refusal
    band = trajectory.heading_band(0.5)
    headings = [heading for _time, heading in robot.motion.headings]
    assert max(abs(heading) for heading in headings) <= band + 1e-9
    assert max(headings) - min(headings) > band  # it does turn both ways


def test_home_first_then_random_waypoints_inside_the_bounds(robots):
    away = {"LShoulderPitch": 1.0, "RHand": 0.2, "HipRoll": 0.1}
    # On a virtual clock the three home moves begin in one instant, before any random
    # call: a group done first cannot start a random call while a loaded machine delays
    # another's home move (its first records are the home moves however the threads run).
    clock = VirtualClock(free=("animateBehaviour.supervisor",))
    robot = robots("all", motion=KinematicMotion(clock=clock, initial_angles=away),
                   reactToAbsence="false")
    robot.enable()
    robot.wait_random(10)
    records = list(robot.motion.trajectories)
    # Each group goes home first, before any of its random waypoints.
    for group in checks.GROUPS:
        mine = [record for record in records if record.names[0] in group]
        checks.check_home_move(mine[0], robot.config)
        assert not any(checks.is_home_move(record, robot.config) for record in mine[1:])
    assert sorted(name for record in records[:3] for name in record.names) == \
        sorted(joints.ANIMATED_JOINTS)
    for record in checks.random_ones(records, robot.config):
        checks.check_angles_in_seed_bounds(record, robot.config)
        checks.check_times_strictly_increasing(record)
    assert robot.motion.limit_violations == []


def test_enabling_at_home_sends_the_first_random_calls_before_any_robot_time_passes(robots):
    # A virtual clock: robot time stands still while held (the supervisor, which waits for
    # requests where the clock cannot see it, is free).
    clock = VirtualClock(free=("animateBehaviour.supervisor",))
    robot = robots("all", motion=KinematicMotion(clock=clock))  # in the Stand posture: home
    with clock.held():
        robot.engine.request("enabled")
        # While time stands still, a move home (or any wait) would hold every call back.
        groups = (joints.ARM_JOINTS, joints.LEG_JOINTS)
        assert robot.motion.wait_for(lambda: all(
            any(record.names[0] in names for record in robot.motion.trajectories)
            for names in groups), TIMEOUT)
        for names in groups:
            first = [record for record in robot.motion.trajectories
                     if record.names[0] in names][0]
            assert not checks.is_home_move(first, robot.config)
            checks.check_angles_in_seed_bounds(first, robot.config)
    assert robot.engine.wait_settled("enabled", TIMEOUT)


def test_calls_hold_joints_at_most_max_call_duration_and_chain_exactly(robots):
    # The specification's timing: 100 waypoints 1 s apart, here in 2 s calls.
    robot = robots("hands", gestureDuration="1.0", numPoints="100", legRepeatFactor="8")
    robot.enable()
    robot.wait_random(60)
    robot.disable()
    records = [record for record in robot.motion.trajectories if record.start is not None]
    for record in records:
        assert record.duration <= robot.config.max_call_duration + 1e-9
    randoms = checks.random_ones(records, robot.config)
    assert [len(record.times[0]) for record in randoms[:50]] == [2] * 50
    for record in randoms:
        assert record.times[0] == pytest.approx([1.0, 2.0])
    # Each call starts exactly where the one before it ended, killed ones excepted.
    checks.check_chained(records)


def test_a_segment_longer_than_max_call_duration_is_cut(robots):
    # A call returning over 1 s late reads as postponed behind another app and ends the
    # plan early, so the pieces no longer come in threes. At the usual 10 ms of wall time
    # per simulated second, Python 2.7 saw 1 s calls end 13-20 ms late on a quiet machine;
    # 50 ms per second leaves room.
    robot = robots("hands", motion=KinematicMotion(time_scale=0.05), gestureDuration="3.0",
                   maxCallDuration="1.0")
    robot.enable()
    robot.wait_random(14)
    robot.disable()
    randoms = [record for record in checks.random_ones(robot.motion.trajectories, robot.config)
               if record.names == ["LHand"]]
    for first, second, third in zip(randoms[0:6:3], randoms[1:6:3], randoms[2:6:3]):
        for record in (first, second, third):
            assert record.times[0] == pytest.approx([1.0])
        for joint in range(len(first.names)):
            start = first.start_angles[joint]
            end = third.angles[joint][0]  # three equal pieces along the segment
            assert first.angles[joint][0] == pytest.approx(start + (end - start) / 3)
            assert second.angles[joint][0] == pytest.approx(start + 2 * (end - start) / 3)


def test_leg_calls_follow_the_chunk_pattern_and_rest_without_a_call(robots):
    # Chunks of 6 waypoints 0.5 s apart: 2 random, then home. On a virtual clock: the
    # arms' planning and a loaded machine take no robot time, so the legs' timing is
    # the plan's exactly. Idle, a virtual clock jumps to the next deadline: Pepper would
    # count as alone (a calmer mood, slower legs) before she is enabled.
    clock = VirtualClock(free=("animateBehaviour.supervisor",))
    robot = robots("body", motion=KinematicMotion(clock=clock), reactToAbsence="false")
    with clock.held():
        robot.enable()
    robot.wait_random(20)
    robot.disable()
    legs = [record for record in checks.random_ones(robot.motion.trajectories, robot.config)
            if set(record.names) == set(joints.LEG_JOINTS) and not record.killed]
    assert len(legs) >= 4
    for record in legs:
        home = [robot.config.home[name] for name in record.names]
        # Two random waypoints and back home, 0.5 s apart, in one 1.5 s call.
        assert record.times[0] == pytest.approx([0.5, 1.0, 1.5])
        assert [angles[-1] for angles in record.angles] == home
        assert all(angles[0] != angles[-1] for angles in record.angles)
    for previous, following in zip(legs, legs[1:]):
        # Then the rest of the chunk at home with no call: 1.5 s (3 waypoints), or
        # 1.5 s + the 2 leftover waypoints at the end of a trajectory; a base turn due
        # at its end delays the next call by as long as it turns (the legs hold still
        # while the base turns: up to twice rotMaximumRange, 1.2 s at 0.5 rad/s).
        turning = sum(min(move.end, following.start) - max(move.start, previous.end)
                      for move in robot.motion.moves
                      if move.end is not None and move.start < following.start
                      and move.end > previous.end)
        gap = following.start - previous.end - turning
        assert 1.5 - 1e-6 <= gap <= 2.5 + 1e-6, (gap, turning)


def test_speed_limit_continuity_and_short_seams(robots):
    robot = robots("body", maxVelocityFraction="0.1")
    robot.enable()
    robot.wait_random(12)
    robot.disable()
    ran = [record for record in robot.motion.trajectories if record.start is not None]
    for record in ran:
        checks.check_speed(record, dict(zip(record.names, record.start_angles)), robot.config)
    # A group's next call leaves as soon as its last one returned: it was planned before.
    uppers = [record for record in ran if record.names[0] not in joints.LEG_JOINTS][1:]
    seams = [following.requested - previous.end
             for previous, following in zip(uppers, uppers[1:]) if not previous.killed]
    assert seams and max(seams) < 0.05  # wall seconds: a few local calls, no planning


def test_disable_kills_our_calls_at_once_returns_home_and_restores_background(robots):
    robot = robots("all", gestureDuration="1.0", numPoints="100", legRepeatFactor="8",
                   motion=checks.CallHeldUntilKilled(time_scale=0.05))  # a 2 s call lasts 0.1 s
    robot.enable()
    robot.wait_random(2)
    assert robot.life.abilities["BackgroundMovement"] is False
    robot.motion.hold.set()
    assert robot.motion.wait_for(lambda: robot.motion.held is not None, TIMEOUT)
    robot.disable()
    calls = [call.method for call in robot.motion.calls]
    assert "killTasksUsingResources" not in calls and "killAll" not in calls
    held = robot.motion.held
    assert held.killed and held.killed_by == "killTask", "the running call was not killed"
    killed = [record for record in robot.motion.trajectories if record.killed]
    assert all(record.killed_by == "killTask" for record in killed)
    # Any other call running then was killed before its end too.
    assert all(record.killed_at < record.duration for record in killed if record is not held)
    last_kill = max(call.time for call in robot.motion.calls if call.method == "killTask")
    after = [record for record in robot.motion.trajectories if record.requested > last_kill]
    assert after and all(checks.is_home_move(record, robot.config) for record in after)
    for record in after:
        checks.check_home_move(record, robot.config)
    assert robot.motion.getAngles(list(joints.ANIMATED_JOINTS), False) == pytest.approx(
        [robot.config.home[name] for name in joints.ANIMATED_JOINTS])
    assert robot.life.set_calls() == [("BackgroundMovement", False), ("BackgroundMovement", True)]


class JoinedCallHeldUntilKilled(checks.CallHeldUntilKilled):
    """CallHeldUntilKilled that holds the first call of an arm with several keys (the
    lifelike style's steps joined into one call, planning.joining) to start once
    ``hold`` is set; the others play as planned."""

    def _play(self, killed, duration):
        record = self._local.record
        if len(record.times[0]) > 1 and set(record.names) & set(joints.ARM_JOINTS):
            checks.CallHeldUntilKilled._play(self, killed, duration)
        else:
            KinematicMotion._play(self, killed, duration)


@pytest.mark.parametrize("disruption", ["disable", "speech"])
def test_a_lifelike_call_of_several_keys_is_killed_at_once_by_a_stop_and_by_speech(
        robots, disruption):
    robot = robots("body", motionStyle="lifelike", gestureDuration="1.0",
                   motion=JoinedCallHeldUntilKilled(time_scale=0.05))
    robot.enable()
    robot.motion.hold.set()
    assert robot.motion.wait_for(lambda: robot.motion.held is not None, TIMEOUT)
    held = robot.motion.held
    assert len(held.times[0]) > 1
    if disruption == "disable":
        robot.disable()
    else:
        robot.memory.raiseEvent(speech.TEXT_STARTED, 1)
    # It never ends by itself: only a kill of its own task ends it.
    assert robot.motion.wait_for(lambda: held.killed, TIMEOUT)
    assert held.killed_by == "killTask"
    calls = [call.method for call in robot.motion.calls]
    assert "killTasksUsingResources" not in calls and "killAll" not in calls
    if disruption == "speech":
        robot.memory.raiseEvent(speech.TEXT_DONE, 1)


def test_background_movement_left_alone_when_it_was_off(robots):
    robot = robots("hands")
    robot.life.abilities["BackgroundMovement"] = False
    robot.enable()
    robot.wait_random(2)
    robot.disable()
    assert robot.life.set_calls() == []


def test_an_unreadable_life_state_leaves_background_movement_off_and_owed(robots, caplog):
    robot = robots("hands")
    robot.enable()
    robot.wait_random(1)

    def broken():
        raise RuntimeError("ALAutonomousLife crashed")
    robot.life.getState = broken
    with caplog.at_level(logging.ERROR, logger="test.engine"):
        robot.disable()
    assert "BackgroundMovement left off: ALAutonomousLife.getState failed (ALAutonomousLife " \
        "crashed)" in caplog.text
    assert robot.life.abilities["BackgroundMovement"] is False
    del robot.life.getState  # it answers again: the next disable restores what is owed
    robot.enable()
    robot.disable()
    assert robot.life.set_calls() == [("BackgroundMovement", False), ("BackgroundMovement", True)]


def test_enabling_a_resting_pepper_does_not_wake_it(robots):
    """The package never wakes Pepper up itself (issue 29): enabled while Pepper rests,
    every group says so and nothing is sent into its limp joints; once someone else wakes
    it, the groups go home and move."""
    motion = KinematicMotion(time_scale=SCALE)
    motion.rest()
    robot = robots("hands", motion=motion)
    robot.enable()
    groups = robot.engine.report()["groups"]
    assert groups and all(entry == {"state": "resting", "reason": "Pepper rests"}
                          for entry in groups.values()), groups
    assert "animating" not in robot.engine.status()
    motion.wakeUp()  # another client: its robotIsWakeUp event reaches the engine
    robot.wait_random(1)
    assert len(motion.calls_to("wakeUp")) == 1
    first = min(record.requested for record in motion.trajectories)
    woken = motion.calls_to("wakeUp")[0].time
    assert first > woken and not [record for record in motion.trajectories if record.limp]


def test_without_autonomous_life_the_rest_works(robots):
    robot = robots("hands", life=False)
    robot.enable()
    robot.wait_random(2)
    robot.disable()


def test_repeated_and_alternating_requests_settle_on_the_last(robots):
    robot = robots("hands")
    for state in ["enabled", "enabled", "disabled", "enabled", "disabled", "disabled", "enabled"]:
        robot.engine.request(state)
    assert robot.engine.wait_settled("enabled", TIMEOUT)
    robot.wait_random(2)
    robot.disable()
    robot.disable()
    assert robot.engine.state == "disabled"


def test_invalid_request_and_requests_after_close(robots):
    robot = robots("hands")
    with pytest.raises(ValueError, match="state 'on' is not one of enabled, disabled"):
        robot.engine.request("on")
    robot.close()
    with pytest.raises(supervisor.EngineClosed):
        robot.engine.request("enabled")


def test_close_while_enabled_returns_home_and_restores(robots):
    robot = robots("all")
    robot.enable()
    assert robot.motion.wait_for(
        lambda: checks.arms_moved(robot.motion.trajectories, robot.config), TIMEOUT)
    robot.close()
    assert robot.engine.state == "disabled"
    assert robot.life.abilities["BackgroundMovement"] is True
    assert checks.is_home_move(robot.motion.trajectories[-1], robot.config)


def test_a_failing_listener_neither_ends_the_supervisor_nor_the_others(robots, caplog):
    robot = robots("hands")
    heard = []

    def broken(state):
        raise RuntimeError("listener broke on %s" % state)
    robot.engine.add_listener(broken)
    robot.engine.add_listener(heard.append)
    with caplog.at_level(logging.ERROR, logger="test.engine"):
        robot.enable()
        robot.wait_random(1)
        robot.disable()  # the supervisor still answers
        robot.enable()
        assert robot.motion.wait_for(lambda: len(heard) == 3, TIMEOUT)  # woken by the calls
    assert heard == ["enabled", "disabled", "enabled"]
    assert caplog.text.count("listener broke on") == 3


def test_status_counters_match_what_alMotion_recorded(robots):
    robot = robots("all")
    robot.enable()
    robot.wait_random(30)
    assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 3, TIMEOUT)
    robot.disable()
    report = robot.engine.report()
    mine = checks.random_ones(robot.motion.trajectories, robot.config)
    counters = report["counters"]
    assert counters["calls"] == len(mine)
    assert counters["turns"] == len([move for move in robot.motion.moves if not move.stopped])
    completed = len([record for record in mine if record.finished])
    # Five calls per trajectory for the arms, three for the legs (one per chunk).
    assert 1 <= counters["trajectories"] <= completed // 3
    assert report["state"] == "disabled"
    assert set(part["state"] for part in report["groups"].values()) == {"home"}


class FailingMotion(KinematicMotion):
    """ALMotion whose angleInterpolation fails for random trajectories a few times."""

    def __init__(self, failures):
        KinematicMotion.__init__(self, time_scale=SCALE)
        self.failures = failures

    def angleInterpolation(self, names, angles, times, absolute):
        if self.failures and len(times[0]) > 1:
            self.failures -= 1
            raise RuntimeError("ALMotion::angleInterpolation: simulated failure")
        return KinematicMotion.angleInterpolation(self, names, angles, times, absolute)


class CaughtUpMotion(KinematicMotion):
    """A simulator catching up on a lag: every call plays its keys in half their time,
    so it returns early with the joints at its last key, killed by nobody."""

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        fast = [[0.5 * time for time in times] for times in timeLists]
        return KinematicMotion.angleInterpolation(self, names, angleLists, fast, isAbsolute)


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_a_call_returning_early_at_its_last_key_is_no_other_apps_kill(robots, caplog,
                                                                      patient, style):
    caplog.set_level(logging.DEBUG, logger="test.engine")
    robot = robots("body", motionStyle=style, motion=CaughtUpMotion(time_scale=SCALE))
    robot.enable()
    robot.wait_random(12)
    robot.disable()
    assert robot.engine.report()["counters"]["yields"] == 0
    assert "steps aside" not in caplog.text
    played = [record for record in robot.motion.trajectories if record.finished]
    assert len(played) >= 6


class KilledAtStart(KinematicMotion):
    """Another app kills our first left-arm move (a call of every joint of the group, the
    hand's too: not a breath's, whose creep may move the others by less than a kill
    shows) of over a second the moment it starts (as killTasksUsingResources would) and
    sends nothing: the call returns early, its joints commanded where they were."""

    def __init__(self, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self.victim = None

    def _play(self, killed, duration):
        record = self._local.record
        with self._cond:
            chosen = self.victim is None and duration is not None and duration > 1.0 \
                and "LElbowYaw" in record.names and "LHand" in record.names
            if chosen:
                self.victim = record
        if chosen:
            self.killTask(record.task_id)
        KinematicMotion._play(self, killed, duration)


def test_a_call_killed_at_its_start_is_another_apps_and_the_arm_steps_aside(robots, caplog,
                                                                         patient):
    caplog.set_level(logging.DEBUG, logger="test.engine")
    # A slower clock: the kill lands well before the call's end however the machine's
    # load delays the stand-in's thread (a call of over 1 s lasts 0.1 wall s).
    # Moves of 0.9-2.4 s (0.3-0.8 gestureDurations): some over a second.
    robot = robots("body", motion=KilledAtStart(time_scale=0.1), motionStyle="lifelike",
                   gestureDuration="3.0")
    robot.enable()
    assert robot.motion.wait_for(lambda: robot.motion.victim is not None
                                 and robot.motion.victim.end is not None, TIMEOUT)
    assert robot.motion.wait_for(lambda: robot.engine.report()["counters"]["yields"], TIMEOUT)
    robot.disable()
    reasons = checks.stepped_aside(caplog, "group leftArm")
    assert len(reasons) == 1 and reasons[0].endswith("killed to take its joints"), reasons
    assert robot.engine.report()["counters"]["yields"] == 1


def test_almotion_errors_are_retried_and_logged_once_a_streak(robots, caplog):
    robot = robots("hands", motion=FailingMotion(failures=3))
    with caplog.at_level(logging.INFO, logger="test.engine"):
        robot.enable()
        robot.wait_random(2)

        def again():
            return [int(re.match(r"group \w+ works again after (\d+) failed tries$",
                                 record.getMessage()).group(1))
                    for record in caplog.records if "works again" in record.getMessage()]
        assert robot.motion.wait_for(lambda: sum(again()) == 3, TIMEOUT)
    failed = [record.getMessage() for record in caplog.records
              if "simulated failure" in record.getMessage()]
    # One line a group's streak, however many calls failed in it; each streak's end says
    # how many.
    assert 1 <= len(failed) <= 2 and len(set(line.split(";")[1] for line in failed)) == len(failed)
    assert len(again()) == len(failed)
    robot.disable()


class RefusingMotion(KinematicMotion):
    """ALMotion refusing to move the base, as with the charging flap open (NAOqi 2.5
    returns False)."""

    def moveTo(self, x, y, theta, *config):
        self._record("moveTo", (x, y, theta))
        return False


def test_a_refused_base_move_is_logged_and_the_joints_keep_moving(robots, caplog):
    robot = robots("all", motion=RefusingMotion(time_scale=SCALE))
    with caplog.at_level(logging.WARNING, logger="test.engine"):
        robot.enable()
        robot.wait_random(4)
        assert robot.motion.wait_for(lambda: len(robot.motion.calls_to("moveTo")) >= 2, TIMEOUT)
    refusals = [record.getMessage() for record in caplog.records
                if record.getMessage().startswith("ALMotion.moveTo refused")]
    # A refusal no sign of Pepper's own state explains backs off, logged once.
    assert refusals == ["ALMotion.moveTo refused to turn the base (no ALMotion/MoveFailed "
                        "said why); base tries again in 2 s, then less and less often (up "
                        "to every 240 s) while it fails"]
    assert robot.engine.report()["counters"]["turns"] == 0


class RaisingWhenKilled(KinematicMotion):
    """ALMotion whose killed calls raise instead of returning."""

    def angleInterpolation(self, names, angles, times, absolute):
        count = len(self.trajectories)
        KinematicMotion.angleInterpolation(self, names, angles, times, absolute)
        mine = [record for record in self.trajectories[count:] if record.names == list(names)]
        if mine[-1].killed:
            raise RuntimeError("ALMotion::angleInterpolation: task killed")

    def moveTo(self, x, y, theta, *config):
        if KinematicMotion.moveTo(self, x, y, theta) is False:
            raise RuntimeError("ALMotion::moveTo: move stopped")
        return True


def test_a_kill_that_raises_is_not_reported_as_a_failure(robots, caplog):
    robot = robots("all", motion=RaisingWhenKilled(time_scale=0.05), gestureDuration="1.0",
                   numPoints="100", legRepeatFactor="8")
    robot.enable()
    robot.wait_random(2)
    with caplog.at_level(logging.WARNING, logger="test.engine"):
        robot.disable()
    assert any(record.killed for record in robot.motion.trajectories)
    assert caplog.text == ""


class HangingMotion(KinematicMotion):
    """ALMotion whose first random call never returns until released, ignoring kills, as
    over a dead connection."""

    def __init__(self):
        KinematicMotion.__init__(self, time_scale=SCALE)
        self.release = threading.Event()
        self.hanging = threading.Event()

    def angleInterpolation(self, names, angles, times, absolute):
        if len(times[0]) > 1 and not self.hanging.is_set():
            self.hung = names
            self.hanging.set()
            self._record("angleInterpolation", (names,))
            self.release.wait(TIMEOUT)
            return None
        return KinematicMotion.angleInterpolation(self, names, angles, times, absolute)


def test_a_call_that_never_returns_does_not_block_disabling(robots, monkeypatch, caplog):
    monkeypatch.setattr(switch, "WORKER_STOP_TIMEOUT", 0.3)
    motion = HangingMotion()
    robot = robots("hands", motion=motion)
    try:
        robot.enable()
        assert motion.hanging.wait(TIMEOUT)
        with caplog.at_level(logging.ERROR, logger="test.engine"):
            robot.disable()
        group = "leftArm" if motion.hung == ["LHand"] else "rightArm"
        assert "ALMotion.angleInterpolation (%s) did not return" % group in caplog.text
        assert robot.engine.report()["groups"][group]["state"] == "home"
    finally:
        motion.release.set()


def test_reenabling_while_a_call_hangs_never_makes_a_second_sender(robots, monkeypatch):
    monkeypatch.setattr(switch, "WORKER_STOP_TIMEOUT", 0.3)
    motion = HangingMotion()
    robot = robots("hands", motion=motion)
    try:
        robot.enable()
        assert motion.hanging.wait(TIMEOUT)
        robot.disable()
        robot.enable()
        robot.wait_random(3)
    finally:
        motion.release.set()  # the stuck call returns into a stopped round
    released = len(motion.trajectories)
    assert motion.wait_for(lambda: len(motion.trajectories) >= released + 10, TIMEOUT)
    robot.disable()
    # One sender per group: each call was asked for after the group's call before it
    # returned; a second sender's call would have been asked for while another held the
    # joints.
    for group in checks.GROUPS[:2]:  # the hands: the arms' groups
        ours = [record for record in motion.trajectories
                if record.start is not None and record.names[0] in group]
        assert len(ours) > 3, group
        for previous, following in zip(ours, ours[1:]):
            assert following.requested >= previous.end, (previous, following)


class FailingMoveChecks(KinematicMotion):
    """ALMotion whose first moveIsActive calls fail, as a motion module restarting."""

    def __init__(self, failures):
        KinematicMotion.__init__(self, time_scale=SCALE)
        self.failures = failures

    def moveIsActive(self):
        if self.failures:
            self.failures -= 1
            raise RuntimeError("ALMotion is restarting")
        return KinematicMotion.moveIsActive(self)


def test_a_failing_move_check_pauses_the_base_and_it_turns_again(robots, caplog):
    robot = robots("rotation", gestureDuration="0.2", motion=FailingMoveChecks(3))
    with caplog.at_level(logging.ERROR, logger="test.engine"):
        robot.enable()
        assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 3, TIMEOUT)
        robot.disable()
    assert "ALMotion.moveIsActive failed: ALMotion is restarting" in caplog.text
    assert "base turns stopped" not in caplog.text


class TurnReachedAsStopMoveArrives(KinematicMotion):
    """ALMotion whose turns after the first travel until stopMove arrives, then reach
    their heading in that instant, just before the stop takes effect (on a robot both
    can fall in one control cycle): a disable then always finds a turn running, and that
    turn always completes, however the machine's load stretches the test."""

    def __init__(self, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self._stop_asked = threading.Event()

    def _travel(self, stop, duration):
        if len(self.moves) < 2:
            KinematicMotion._travel(self, stop, duration)
        else:
            self._stop_asked.wait(TIMEOUT)

    def stopMove(self):
        self._stop_asked.set()
        self.wait_for(lambda: self._move is None, TIMEOUT)
        return KinematicMotion.stopMove(self)


def test_a_turn_that_ends_as_we_disable_still_counts(robots):
    robot = robots("rotation", gestureDuration="0.2",
                   motion=TurnReachedAsStopMoveArrives(time_scale=SCALE))
    robot.enable()
    assert robot.motion.wait_for(
        lambda: len(robot.motion.moves) >= 2 and robot.motion.moveIsActive(), TIMEOUT)
    robot.disable()  # during the second turn, which the stand-in holds until stopMove
    assert robot.motion.calls_to("stopMove")
    assert not [move for move in robot.motion.moves if move.stopped]
    assert robot.engine.report()["counters"]["turns"] == len(robot.motion.moves) == 2


class NoMotion(object):
    """ALMotion that fails every call, as when NAOqi's motion module has crashed."""

    def __getattr__(self, name):
        def fail(*_args):
            raise RuntimeError("ALMotion crashed")
        return fail


def test_a_crashing_almotion_leaves_the_engine_disabled_not_dead(robots, caplog):
    robot = robots("all", motion=NoMotion())
    with caplog.at_level(logging.ERROR, logger="test.engine"):
        robot.engine.request("enabled")
        assert robot.engine.wait_settled("disabled", TIMEOUT)
    assert "switching to enabled failed: ALMotion crashed" in caplog.text
    assert robot.life.abilities["BackgroundMovement"] is True


class BuggyMotion(KinematicMotion):
    """ALMotion whose random arm calls and turns fail with something else than NAOqi's
    RuntimeError, as a bug in our code or a broken binding would."""

    def angleInterpolation(self, names, angles, times, absolute):
        if len(times[0]) > 1 and "LShoulderPitch" in names:
            raise TypeError("broken binding")
        return KinematicMotion.angleInterpolation(self, names, angles, times, absolute)

    def moveTo(self, x, y, theta, *config):
        raise TypeError("broken binding")


def test_a_worker_that_fails_says_so_and_leaves_its_part_home(robots, caplog):
    robot = robots("all", motion=BuggyMotion(time_scale=SCALE))
    with caplog.at_level(logging.ERROR, logger="test.engine"):
        robot.enable()
        assert robot.motion.wait_for(lambda: "base turns stopped" in caplog.text
                                     and "group leftArm stopped" in caplog.text, TIMEOUT)
    assert "group leftArm stopped: TypeError: broken binding" in caplog.text
    assert "base turns stopped: TypeError: broken binding" in caplog.text

    def parts_state():
        report = robot.engine.report()
        return (report["groups"]["leftArm"]["state"], report["base"]["state"],
                report["groups"]["rightArm"]["state"], report["groups"]["legs"]["state"])
    # The right arm and the legs go on (each says so once its first call or hold begins).
    assert robot.motion.wait_for(
        lambda: parts_state() == ("home", "home", "animating", "animating"), TIMEOUT), \
        parts_state()
    robot.disable()


def test_a_new_tuning_reaches_each_groups_next_call_with_no_jump(robots):
    robot = robots("body")  # 0.5 s waypoints
    robot.enable()
    robot.wait_random(6)
    calm = robot.config.with_values({"gestureDuration": 1.5, "selectedRange": 0.2}, "calm")
    robot.retune(calm)
    switched = robot.motion.clock.now()

    def calm_timing(record):
        return all(segment >= 1.5 - 1e-9 for segment in checks.segments(record))
    assert robot.motion.wait_for(lambda: checks.each_group_went_new(
        robot.motion.trajectories, switched, calm_timing, 3), TIMEOUT)
    robot.disable()
    ran = checks.random_ones(robot.motion.trajectories, robot.config)
    # Each group's next call goes by the new tuning (the one running at the switch, at
    # most maxCallDuration long, ends as planned).
    for names in checks.GROUPS:
        for record in checks.check_switch(ran, switched, names, calm_timing):
            if calm_timing(record):
                checks.check_angles_in_seed_bounds(record, calm)
                checks.check_speed(record, dict(zip(record.names, record.start_angles)), calm)
    assert any(abs(segment - 0.5) < 1e-9 for record in ran if record.requested < switched
               for segment in checks.segments(record))
    # No jump: each group's calls chain exactly across the switch.
    checks.check_chained(robot.motion.trajectories)


@pytest.mark.parametrize("first, then", [("specification", "lifelike"),
                                         ("lifelike", "specification")])
def test_a_style_switch_reaches_each_groups_next_call_with_no_jump(robots, first, then):
    robot = robots("body", motionStyle=first)
    robot.enable()
    robot.wait_random(6)
    # Each group has called the old way (a lifelike arm may be between breaths, or still
    # planning, while the others make six calls).
    assert robot.motion.wait_for(lambda: all(
        any(record.names[0] in names for record in checks.random_ones(
            robot.motion.trajectories, robot.config)) for names in checks.GROUPS), TIMEOUT)
    retuned = robot.config.with_values({"motionStyle": then}, "switched")
    robot.retune(retuned)
    switched = robot.motion.clock.now()
    is_new = checks.specification_call if then == "specification" else (
        lambda record: not checks.specification_call(record))
    assert robot.motion.wait_for(lambda: checks.each_group_went_new(
        robot.motion.trajectories, switched, is_new, 3), TIMEOUT)
    robot.disable()
    ran = checks.random_ones(robot.motion.trajectories, robot.config)
    for names in checks.GROUPS:
        before = [record for record in ran if record.requested < switched
                  and record.names[0] in names]
        assert before and not any(is_new(record) for record in before), names
        for record in checks.check_switch(ran, switched, names, is_new):
            # Each style's own bounds (the lifelike knees bend further: styles.TABLE).
            checks.check_angles_in_seed_bounds(record,
                                               retuned if is_new(record) else robot.config)
            checks.check_speed(record, dict(zip(record.names, record.start_angles)),
                               robot.config)
    checks.check_chained(robot.motion.trajectories)  # no jump, joint by joint


def move_starts(records, names, style, time_scale):
    """Clock times (``time_scale`` per robot s) at which a group (joints ``names``) began
    to move: each call of the
    specification's way; in the lifelike style each key of a call that moves every joint
    of the group (the others are a breath's, the creep's or a fidget's, which leave the
    hand or the shoulder where it was, and a rest's, which repeat the key before)."""
    starts = []
    for record in records:
        if record.start is None or record.names[0] not in names:
            continue
        if style == "specification":
            starts.append(record.start)
            continue
        if len(record.names) < len(names):
            continue
        keys = np.array(record.angles, dtype=float).T
        before = np.vstack([record.start_angles, keys[:-1]])
        began = np.concatenate([[0.0], record.times[0][:-1]])
        starts.extend(record.start + began[index] * time_scale
                      for index in np.flatnonzero(np.all(keys != before, axis=1)))
    return starts


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_lifelike_groups_keep_time_of_their_own_where_the_specification_keeps_one(robots,
                                                                                  style):
    # A virtual clock: on a scaled wall clock a loaded machine's late threads moved the
    # onsets by more than the 5 % the specification's one clock is read by (2.7 lane,
    # 0.79 of the intervals). The supervisor waits for requests where the clock cannot see.
    # Robot time may run past aloneAfter before the test looks: Pepper alone settles
    # calmer, and the glide to the slower tempo is no clock of the style's own.
    clock = VirtualClock(free=("animateBehaviour.supervisor",))
    robot = robots("body", motionStyle=style, gestureDuration="1.0", numPoints="100",
                   legRepeatFactor="8", reactToAbsence="false",
                   motion=KinematicMotion(clock=clock))
    robot.enable()
    began = robot.motion.clock.now()
    assert robot.motion.wait_for(lambda: robot.motion.clock.elapsed(
        began, robot.motion.clock.now()) > 120.0, TIMEOUT)
    robot.disable()
    records = robot.motion.trajectories
    tempo = []
    for names in checks.GROUPS[:2]:  # the arms
        scale = robot.motion.time_scale
        starts = np.array(move_starts(records, names, style, scale)) / scale
        intervals = np.diff(starts)
        assert len(intervals) >= 8, names
        # The share of intervals within 5 % of their median: near 1 on a fixed tempo.
        median = np.median(intervals)
        tempo.append(np.mean(np.abs(intervals - median) <= 0.05 * median))
    starts = [move_starts(records, names, style, robot.motion.time_scale)
              for names in checks.GROUPS]
    window = 0.15 * robot.motion.time_scale  # 150 ms of robot time
    # The share of the groups' move onsets that another group's accompanies within 150 ms
    # (motion_quality's synchrony, pooled).
    accompanied = [any(abs(start - other) <= window
                       for later in starts[:index] + starts[index + 1:] for other in later)
                   for index, group in enumerate(starts) for start in group]
    together = np.mean(accompanied)
    if style == "specification":
        # One clock: calls of maxCallDuration (a few stretched for speed). Both arms start
        # in step, and drift apart by the seams only.
        assert min(tempo) > 0.8, tempo
    else:
        # A tempo of their own: moves and holds of random lengths, the groups setting off
        # together no more often than people standing idle do (who do so far more often
        # than one clock's never); the arms' intervals within 5 % of their median about
        # one time in five (simulated); 60 % of 16 or more is chance less than once in
        # 10^5 runs.
        assert max(tempo) < 0.6, tempo
        assert together <= human_reference.IDLE["synchrony"].high, together


def test_a_new_tuning_changes_the_base_band(robots):
    robot = robots("rotation", rotMaximumRange="0.5", gestureDuration="0.1")
    robot.enable()
    assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 10, TIMEOUT)
    robot.retune(robot.config.with_values({"rotMaximumRange": 0.05}, "narrow"))
    switched = robot.motion.clock.now()
    assert robot.motion.wait_for(
        lambda: len([move for move in robot.motion.moves if move.start > switched]) >= 10,
        TIMEOUT)
    robot.disable()
    wide, narrow = trajectory.heading_band(0.5), trajectory.heading_band(0.05)
    before = [move.end_pose[2] for move in robot.motion.moves
              if move.start < switched and move.end_pose is not None and not move.stopped]
    after = [move.end_pose[2] for move in robot.motion.moves
             if move.start > switched and move.end_pose is not None and not move.stopped]
    assert max(abs(heading) for heading in before) > narrow  # it did use the wide band
    assert before and max(abs(heading) for heading in before) <= wide + 1e-9
    assert after and max(abs(heading) for heading in after) <= narrow + 1e-9


class GestureInASeam(KinematicMotion):
    """ALMotion on which another app's 0.5 s left-arm gesture comes and goes between the
    end of our third left-arm call and our next one, as in a stall of ours (a garbage
    collection, a loaded robot): areResourcesAvailable never sees it. Our call returns as
    the gesture ends, 0.5 s late: too little to read as postponed."""

    def __init__(self):
        KinematicMotion.__init__(self, time_scale=0.05)
        self.ours = 0
        self.wave = None

    def angleInterpolation(self, names, angles, times, absolute):
        KinematicMotion.angleInterpolation(self, names, angles, times, absolute)
        if "LShoulderPitch" in names and self.wave is None:
            self.ours += 1
            if self.ours == 3:
                self.wave = "coming"
                KinematicMotion.angleInterpolation(self, checks.WAVE_NAMES, checks.WAVE_ANGLES,
                                                   [[0.5], [0.5]], True)
                self.wave = [record for record in self.trajectories
                             if record.angles == checks.WAVE_ANGLES][0]


def test_another_apps_gesture_inside_a_stall_between_our_calls_is_noticed(robots, caplog):
    motion = GestureInASeam()
    robot = robots("body", motion=motion)
    with caplog.at_level(logging.DEBUG, logger="test.engine"):
        robot.enable()
        assert motion.wait_for(lambda: isinstance(motion.wave, Trajectory) and [
            record for record in motion.trajectories if "LShoulderPitch" in record.names
            and record.start > motion.wave.end], TIMEOUT)
        robot.disable()
    wave = motion.wave
    assert wave.finished and not wave.killed
    first = [record for record in motion.trajectories
             if "LShoulderPitch" in record.names and record.start > wave.end][0]
    # Not from the gesture's end straight on: the quiet time first, then from where it
    # left the arm.
    assert (first.start - wave.end) / motion.time_scale >= robot.config.yield_quiet_time - 0.1
    start = dict(zip(first.names, first.start_angles))
    assert [start[name] for name in checks.WAVE_NAMES] == [
        angles[-1] for angles in checks.WAVE_ANGLES]
    assert checks.stepped_aside(caplog, "group leftArm") == [
        group_calls.MOVED_BY_ANOTHER_APP]


class LaggingSensors(KinematicMotion):
    """ALMotion whose sensors read 0.02 rad off the commanded angles, as a real arm's do
    under gravity (a tracking error)."""

    def getAngles(self, names, useSensors):
        angles = KinematicMotion.getAngles(self, names, useSensors)
        return [angle + 0.02 for angle in angles] if useSensors else angles


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_after_stepping_aside_a_tracking_error_is_not_taken_for_another_app(robots, caplog,
                                                                            style):
    motion = LaggingSensors(time_scale=0.05)
    robot = robots("body", motion=motion, motionStyle=style)
    with caplog.at_level(logging.DEBUG, logger="test.engine"):
        robot.enable()
        threading.Event().wait(3.0 * motion.time_scale)
        motion.angleInterpolation(checks.WAVE_NAMES, checks.WAVE_ANGLES, [[1.0], [1.0]], True)
        wave = [record for record in motion.trajectories if record.angles == checks.WAVE_ANGLES][0]
        # Several holds and calls after the wave: each hold ends by comparing the
        # commanded angles with those the group expects.
        assert motion.wait_for(lambda: len(
            [record for record in motion.trajectories if "LShoulderPitch" in record.names
             and record.start > wave.end and record.end is not None]) >= 3, TIMEOUT)
        robot.disable()
    # The wave is seen once: our call waited behind it, or (when a loaded machine ran
    # ours late enough to read as postponed before the wave began) the wave moved the
    # joints. The tracking error is never taken for a move, before or after stepping
    # aside: the arm would step aside again at every call (and never make the calls
    # above), and the groups the wave does not touch would too.
    moved = group_calls.MOVED_BY_ANOTHER_APP
    left = checks.stepped_aside(caplog, "group leftArm")
    assert left and left.count(moved) <= 1, left
    for group in ("rightArm", "legs"):
        assert moved not in checks.stepped_aside(caplog, "group %s" % group)


class LateRegistration(KinematicMotion):
    """ALMotion whose first task (of a call of ours) appears only once our second call is
    sent, too late for the first to be found, and the second's only after two task
    listings have shown the first's (or once the first has ended, if nobody lists): the
    second call's search sees one new id, twice, and it is not its own."""

    def __init__(self):
        KinematicMotion.__init__(self, time_scale=0.25)
        self.arrivals = []
        self._second_sent = threading.Event()

    def angleInterpolation(self, names, angles, times, absolute):
        self.arrivals.append(list(names))
        if len(self.arrivals) == 1:
            self._second_sent.wait(TIMEOUT)
        elif len(self.arrivals) == 2:
            self._second_sent.set()
            assert self.wait_for(lambda: len(self._listings_after(self.arrivals[0])) >= 2
                                 or self._ended(self.arrivals[0]), TIMEOUT)
        return KinematicMotion.angleInterpolation(self, names, angles, times, absolute)

    def _ended(self, names):
        return [record for record in self.trajectories
                if record.names == names and record.end is not None]

    def _listings_after(self, names):
        started = [record.start for record in self.trajectories if record.names == names]
        return [call for call in self.calls if call.method == "getTaskList"
                and started and call.time > started[0]]


def test_a_call_whose_task_appears_late_is_never_taken_for_the_next_ones(robots, caplog):
    motion = LateRegistration()
    robot = robots("hands", motion=motion)
    with caplog.at_level(logging.INFO, logger="test.engine"):
        robot.enable()
        assert motion.wait_for(lambda: len(motion.trajectories) >= 2, TIMEOUT)
        robot.disable()
    first, second = [[record for record in motion.trajectories if record.names == names][0]
                     for names in motion.arrivals[:2]]
    # Neither task could be told: each was left to end, and the second call's stop did
    # not kill the first's task in its place.
    assert not first.killed and not second.killed
    assert "rightArm: its running call cannot be told apart" in caplog.text or \
        "leftArm: its running call cannot be told apart" in caplog.text


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_while_nobody_else_moves_a_joint_call_costs_at_most_its_task_listings(
        robots, style, patient):
    """Each joint call reads the task list once before it (to find its task afterwards)
    and until two listings agree after it; while that list shows only our own tasks it
    answers whether the joints are free too, so areResourcesAvailable is never asked
    for an arm (the legs are asked about before a base turn, when none of our leg calls
    runs). Counted by the stand-in, with no other app on the robot."""
    # A yield would ask areResourcesAvailable, as it must: patient keeps the load's out.
    robot = robots("body", motionStyle=style)
    robot.enable()
    robot.wait_random(12)
    calls = list(robot.motion.calls)  # up to here: the homing on disable asks once more
    robot.disable()
    joint_calls = [call for call in calls if call.method == "angleInterpolation"]
    listings = [call for call in calls if call.method == "getTaskList"]
    asked = [call for call in calls if call.method == "areResourcesAvailable"]
    assert len(joint_calls) >= 12
    assert not [call for call in asked if set(call.args[0]) - set(joints.LEG_JOINTS)]
    turns = [call for call in calls if call.method == "moveTo"]
    assert len(asked) <= len(turns) + 1  # the legs, before each turn (and one coming)
    # One listing before and two after (a retry if the first finds nothing yet).
    assert len(listings) <= 4 * len(joint_calls)
