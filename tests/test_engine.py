"""The motion engine against an in-process ALMotion stand-in (both lanes)."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import numpy as np
import pytest

from animate_behaviour import config as config_module
from animate_behaviour import engine as engine_module
from animate_behaviour import joints, trajectory
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.motion import KinematicMotion

import checks

TIMEOUT = 10.0
FAST = {"gestureDuration": "0.05", "numPoints": "20", "legRepeatFactor": "3",
        "numPointsLeg": "2", "verboseMode": "true"}


class Robot(object):
    def __init__(self, behaviour="all", platform="robot", life=True, motion=None, **values):
        settings = dict(FAST, behaviour=behaviour, platform=platform)
        settings.update(values)
        self.config = config_module.from_mapping(settings)
        self.motion = motion or KinematicMotion(time_scale=0.002)
        self.life = FakeAutonomousLife() if life else None
        self.log = logging.getLogger("test.engine")
        self.engine = engine_module.MotionEngine(self.motion, self.config, self.log, self.life,
                                                 np.random.RandomState(11))
        self.engine.start()

    def enable(self):
        self.engine.request("enabled")
        assert self.engine.wait_settled("enabled", TIMEOUT)

    def disable(self):
        self.engine.request("disabled")
        assert self.engine.wait_settled("disabled", TIMEOUT)

    def wait_random(self, count):
        assert self.motion.wait_for(
            lambda: len(checks.random_ones(self.motion.trajectories)) >= count, TIMEOUT)

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


def test_rotation_only_turns_the_base_and_moves_no_joint(robots):
    robot = robots("rotation")
    robot.enable()
    assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 5, TIMEOUT)
    assert robot.motion.trajectories == []
    for move in robot.motion.moves:
        assert move.target[:2] == (0.0, 0.0)


def test_heading_stays_inside_the_band(robots, caplog):
    robot = robots("rotation", rotMaximumRange="0.5", gestureDuration="0.01")
    robot.enable()
    assert robot.motion.wait_for(lambda: len(robot.motion.moves) >= 40, TIMEOUT)
    with caplog.at_level(logging.WARNING, logger="test.engine"):
        robot.disable()
    assert "refused" not in caplog.text  # a move interrupted by stopMove is no refusal
    band = trajectory.heading_band(0.5)
    headings = [heading for _time, heading in robot.motion.headings]
    assert max(abs(heading) for heading in headings) <= band + 1e-9
    assert max(headings) - min(headings) > band  # it does turn both ways
    assert any(call.method == "stopMove" for call in robot.motion.calls)


def test_home_first_then_random_waypoints_inside_the_bounds(robots):
    robot = robots("all")
    robot.enable()
    robot.wait_random(10)
    records = list(robot.motion.trajectories)
    # The first move of each group is to home, before any random waypoint.
    first_random = next(i for i, record in enumerate(records) if not checks.is_home_move(record))
    homes = records[:first_random]
    assert sorted(name for record in homes for name in record.names) == sorted(joints.ANIMATED_JOINTS)
    for record in homes:
        checks.check_home_move(record, robot.config)
    for record in checks.random_ones(records):
        assert len(record.times[0]) == robot.config.num_points
        checks.check_angles_in_seed_bounds(record, robot.config)
        checks.check_times_strictly_increasing(record)
    assert robot.motion.limit_violations == []


def test_leg_chunk_pattern_in_the_non_divisible_case(robots):
    robot = robots("body")  # 20 points, factor 3: chunks of 6, 2 leftover points at home
    robot.enable()
    robot.wait_random(8)
    legs = [record for record in checks.random_ones(robot.motion.trajectories)
            if record.names == ["HipRoll", "HipPitch", "KneePitch"]]
    assert len(legs) >= 2
    for record in legs:
        checks.check_leg_pattern(record, robot.config)


def test_speed_limit_and_continuity_between_trajectories(robots):
    robot = robots("body", maxVelocityFraction="0.1")
    robot.enable()
    robot.wait_random(12)
    robot.disable()
    last = dict(joints.STAND_POSTURE)
    ran = [record for record in robot.motion.trajectories if record.start is not None]
    for record in ran:
        checks.check_speed(record, last, robot.config)
        if record.killed:
            break
        for joint, angles in zip(record.names, record.angles):
            last[joint] = angles[-1]
    # Each group's next trajectory is asked for as soon as its last one returned.
    by_group = {}
    for record in ran:
        by_group.setdefault(tuple(record.names), []).append(record)
    for records in by_group.values():
        for previous, following in zip(records, records[1:]):
            if previous.end is not None and not previous.killed:
                assert following.requested - previous.end < 0.5


def test_disable_kills_at_once_returns_home_and_restores_background(robots):
    robot = robots("all", gestureDuration="1.0", numPoints="100", legRepeatFactor="8")
    robot.motion.time_scale = 0.05  # a 100 s trajectory lasts 5 s of wall time
    robot.enable()
    robot.wait_random(2)
    assert robot.life.abilities["BackgroundMovement"] is False
    robot.disable()
    calls = [call.method for call in robot.motion.calls]
    kill = calls.index("killTasksUsingResources")
    assert "stopMove" in calls[kill:]
    killed = [record for record in checks.random_ones(robot.motion.trajectories) if record.killed]
    assert killed, "the running trajectories were killed, not waited for"
    assert all(record.killed_at < record.duration for record in killed)
    after = [record for record in robot.motion.trajectories if record.requested > robot.motion.calls[kill].time]
    assert after and all(checks.is_home_move(record) for record in after)
    for record in after:
        checks.check_home_move(record, robot.config)
    assert robot.motion.getAngles(list(joints.ANIMATED_JOINTS), False) == pytest.approx(
        [robot.config.home[name] for name in joints.ANIMATED_JOINTS])
    assert robot.life.set_calls() == [("BackgroundMovement", False), ("BackgroundMovement", True)]


def test_background_movement_left_alone_when_it_was_off(robots):
    robot = robots("hands")
    robot.life.abilities["BackgroundMovement"] = False
    robot.enable()
    robot.wait_random(2)
    robot.disable()
    assert robot.life.set_calls() == []


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
    with pytest.raises(engine_module.EngineClosed):
        robot.engine.request("enabled")


def test_close_while_enabled_returns_home_and_restores(robots):
    robot = robots("all")
    robot.enable()
    robot.wait_random(3)
    robot.close()
    assert robot.engine.state == "disabled"
    assert robot.life.abilities["BackgroundMovement"] is True
    assert checks.is_home_move(robot.motion.trajectories[-1])


class FailingMotion(KinematicMotion):
    """ALMotion whose angleInterpolation fails for random trajectories a few times."""

    def __init__(self, failures):
        KinematicMotion.__init__(self, time_scale=0.002)
        self.failures = failures

    def angleInterpolation(self, names, angles, times, absolute):
        if self.failures and len(times[0]) > 1:
            self.failures -= 1
            raise RuntimeError("ALMotion::angleInterpolation: simulated failure")
        return KinematicMotion.angleInterpolation(self, names, angles, times, absolute)


def test_almotion_errors_are_logged_and_retried(robots, caplog, monkeypatch):
    monkeypatch.setattr(engine_module, "RETRY_DELAY", 0.01)
    robot = robots("hands", motion=FailingMotion(failures=3))
    with caplog.at_level(logging.ERROR, logger="test.engine"):
        robot.enable()
        robot.wait_random(2)
    assert caplog.text.count("simulated failure") == 3
    robot.disable()


class RefusingMotion(KinematicMotion):
    """ALMotion refusing to move the base, as with the charging flap open (NAOqi 2.5
    returns False)."""

    def moveTo(self, x, y, theta, *config):
        self._record("moveTo", (x, y, theta))
        return False


def test_a_refused_base_move_is_logged_and_the_joints_keep_moving(robots, caplog):
    robot = robots("all", motion=RefusingMotion(time_scale=0.002))
    with caplog.at_level(logging.WARNING, logger="test.engine"):
        robot.enable()
        robot.wait_random(4)
        assert robot.motion.wait_for(lambda: len(robot.motion.calls_to("moveTo")) >= 2, TIMEOUT)
    assert "ALMotion.moveTo refused to turn the base (charging flap open?)" in caplog.text
    assert robot.engine.status().endswith("0 base turns")


class RaisingWhenKilled(KinematicMotion):
    """ALMotion whose killed calls raise instead of returning."""

    def angleInterpolation(self, names, angles, times, absolute):
        KinematicMotion.angleInterpolation(self, names, angles, times, absolute)
        if self.trajectories[-1].killed:
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
    """ALMotion whose random trajectories ignore kills, as over a dead connection."""

    def __init__(self):
        KinematicMotion.__init__(self, time_scale=0.002)
        self.release = threading.Event()

    def angleInterpolation(self, names, angles, times, absolute):
        if len(times[0]) > 1:
            self._record("angleInterpolation", (names,))
            self.release.wait(TIMEOUT)
            return None
        return KinematicMotion.angleInterpolation(self, names, angles, times, absolute)


def test_a_worker_stuck_in_almotion_does_not_block_disabling(robots, caplog, monkeypatch):
    monkeypatch.setattr(engine_module, "WORKER_STOP_TIMEOUT", 0.3)
    motion = HangingMotion()
    robot = robots("hands", motion=motion)
    try:
        robot.enable()
        assert motion.wait_for(lambda: len(motion.calls_to("angleInterpolation")) >= 2, TIMEOUT)
        with caplog.at_level(logging.ERROR, logger="test.engine"):
            robot.disable()
        assert "animateBehaviour.group upper did not return from ALMotion" in caplog.text
        checks.check_home_move(motion.trajectories[-1], robot.config)
    finally:
        motion.release.set()


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
