"""The qiBullet simulator: the bridge's NAOqi semantics, and the real runner animating
the simulated Pepper for a minute at the default configuration. Python 3.9 with qibullet
and its meshes (scripts/setup.sh); selected with --simulator (scripts/test.sh does)."""
import math
import sys

import pytest

pytestmark = pytest.mark.simulator

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: qiBullet and pybullet are installed there (a development "
                "simulator, not what Pepper runs)", allow_module_level=True)

import qi  # noqa: E402
from PIL import Image  # noqa: E402

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.engine import base_worker  # noqa: E402
from animate_behaviour.planning import joints  # noqa: E402
from pepper_bullet import render, scenario, summary  # noqa: E402
from pepper_bullet.physics import SIMULATED_JOINTS, Sample  # noqa: E402
from pepper_bullet.robot import BulletRobot  # noqa: E402

RUN_SECONDS = 60.0
TIMEOUT = 30.0  # wall seconds for anything that should take a few simulated seconds


# ----------------------------------------------------------------- the bridge
@pytest.fixture
def robot():
    with BulletRobot() as simulated:
        yield simulated


@pytest.fixture
def motion(robot):
    client = qi.Session()
    client.connect(robot.url)
    yield client.service("ALMotion")
    client.close()


def test_angle_interpolation_blocks_for_its_simulated_duration_and_calls_overlap(robot, motion):
    arm = motion.angleInterpolation(["LShoulderPitch", "LElbowYaw"], [[1.2, 1.0], [-1.0, -0.9]],
                                    [[0.5, 1.0], [0.5, 1.0]], True, _async=True)
    legs = motion.angleInterpolation("HipRoll", [0.05], [1.0], True, _async=True)
    arm.value(int(TIMEOUT * 1000))
    legs.value(int(TIMEOUT * 1000))
    first, second = robot.motion.trajectories  # in simulated seconds
    for record in (first, second):
        assert record.finished and record.end - record.start >= 1.0
    assert first.start < second.end and second.start < first.end  # they ran together
    measured = motion.getAngles(["LShoulderPitch", "LElbowYaw", "HipRoll"], True)
    assert measured == pytest.approx([1.0, -0.9, 0.05], abs=0.02)
    assert motion.getAngles(["LShoulderPitch", "LElbowYaw", "HipRoll"], False) == \
        pytest.approx([1.0, -0.9, 0.05])


def test_a_kill_leaves_the_joint_where_it_was(robot, motion):
    clock = robot.physics.clock
    call = motion.angleInterpolation("LShoulderPitch", [0.0], [10.0], True, _async=True)
    assert clock.wait_until(clock.now() + 2.0, TIMEOUT)
    motion.killTasksUsingResources(["LShoulderPitch"])
    call.value(int(TIMEOUT * 1000))
    killed_at = motion.getAngles("LShoulderPitch", True)[0]
    assert 0.3 < killed_at < joints.STAND_POSTURE["LShoulderPitch"] - 0.1  # on its way
    assert clock.wait_until(clock.now() + 0.5, TIMEOUT)
    assert motion.getAngles("LShoulderPitch", True)[0] == pytest.approx(killed_at, abs=0.01)


def test_move_to_turns_the_simulated_base_and_stop_move_stops_it(robot, motion):
    clock = robot.physics.clock
    assert motion.moveTo(0.0, 0.0, 0.1) is True
    assert robot.physics.pose()[2] == pytest.approx(0.1, abs=0.005)
    turn = motion.moveTo(0.0, 0.0, 1.0, _async=True)  # at 0.5 rad/s: 2 s to turn 1 rad
    assert clock.wait_until(clock.now() + 0.6, TIMEOUT)
    motion.stopMove()
    assert turn.value(int(TIMEOUT * 1000)) is False
    stopped = motion.getRobotPosition(True)[2]
    assert 0.25 < stopped - 0.1 < 1.0  # part of the way
    assert clock.wait_until(clock.now() + 0.5, TIMEOUT)
    assert motion.getRobotPosition(True)[2] == pytest.approx(stopped, abs=0.005)
    assert motion.getRobotPosition(False)[2] == pytest.approx(stopped, abs=0.005)


def test_rest_lets_a_raised_arm_fall_and_stiffness_is_reported(robot, motion):
    clock = robot.physics.clock
    motion.angleInterpolation("LShoulderPitch", [0.0], [1.0], True)
    assert motion.getAngles("LShoulderPitch", True)[0] == pytest.approx(0.0, abs=0.02)
    motion.rest()
    assert motion.getStiffnesses("LShoulderPitch") == [0.0]
    assert not motion.robotIsWakeUp()
    assert clock.wait_until(clock.now() + 1.0, TIMEOUT)
    assert motion.getAngles("LShoulderPitch", True)[0] > 0.5  # gravity, nothing holding it
    motion.wakeUp()
    assert motion.getStiffnesses("LShoulderPitch") == [1.0]


def test_posture_limits_and_unsimulated_calls(robot, motion):
    client = qi.Session()
    client.connect(robot.url)
    try:
        motion.angleInterpolation(["RShoulderPitch", "HipRoll"], [[1.0], [0.1]], [[0.5], [0.5]],
                                  True)
        assert client.service("ALRobotPosture").goToPosture("Stand", 0.5) is True
        assert robot.physics.clock.wait_until(robot.physics.clock.now() + 0.5, TIMEOUT)
        stand = [joints.STAND_POSTURE[name] for name in SIMULATED_JOINTS]
        assert motion.getAngles(list(SIMULATED_JOINTS), True) == pytest.approx(stand, abs=0.02)
        limit = joints.URDF_LIMITS["KneePitch"]
        assert motion.getLimits("KneePitch")[0][:3] == pytest.approx(
            [limit.minimum, limit.maximum, limit.max_velocity])
        with pytest.raises(RuntimeError, match="ALMotion.setBreathEnabled is not simulated"):
            motion.setBreathEnabled("Arms", True)
        assert not hasattr(motion, "targets")  # the physics' hook is not an ALMotion method
    finally:
        client.close()


def test_frames_show_pepper_and_make_a_gif(tmp_path):
    with BulletRobot(camera=render.Camera(), frame_period=0.1) as simulated:
        assert simulated.physics.clock.wait_until(1.0, TIMEOUT)
        frames = list(simulated.physics.frames)
    assert len(frames) >= 10
    middle = frames[-1].convert("RGB").crop((120, 40, 200, 200))  # where Pepper stands
    assert len(set(middle.getdata())) > 20  # shaded robot, not an empty background
    path = str(tmp_path / "pepper.gif")
    render.write_gif(frames, path, 0.1)
    with Image.open(path) as gif:
        durations = []
        for index in range(gif.n_frames):  # Pillow merges identical frames, adding up times
            gif.seek(index)
            durations.append(gif.info["duration"])
    assert sum(durations) == 100 * len(frames)


def test_settle_time_is_when_pepper_is_home_and_still_for_good():
    config = config_module.from_mapping({"platform": "simulator"})
    home = [config.home.get(name, joints.STAND_POSTURE[name]) for name in SIMULATED_JOINTS]
    knee = SIMULATED_JOINTS.index("KneePitch")

    def sample(time, knee_offset):
        measured = list(home)
        measured[knee] += knee_offset
        return Sample(time, time, home, measured, [0.0, 0.0, 0.0], 0.0, ())

    run = scenario.Run("unused.ini", "unused.log")
    run.commands = {"trajectories": [{"names": ["KneePitch"], "angles": [[0.0]]}]}
    run.disabled_at = 1.0
    offsets = [0.1] * 10 + [0.05, 0.001, 0.0, 0.0, 0.0]  # home at t = 1.1 s, still from 1.2 s
    run.samples = [sample(0.1 * index, offset) for index, offset in enumerate(offsets)]
    assert summary.settle_time(run, config) == pytest.approx(0.2)
    run.samples[-1] = sample(1.4, 0.1)  # leaves home again: not settled
    assert summary.settle_time(run, config) is None


# ----------------------------------------------------------------- a minute of "all"
def summarised_run(seconds, folder, **options):
    """(run, config, figures, report) of a scenario run into ``folder``."""
    run = scenario.run(seconds, folder, report=lambda line: None, **options)
    config = config_module.load(run.config_path)
    figures = summary.summarise(run, config)
    report = "\n".join(summary.lines(figures))
    sys.stdout.write("\n%s\n" % report)  # shown with -s; also in every failure message
    return run, config, figures, report


@pytest.fixture(scope="module")
def minute(tmp_path_factory):
    return summarised_run(RUN_SECONDS, str(tmp_path_factory.mktemp("simulator")))


def test_the_runner_ran_a_minute_and_stopped_cleanly(minute):
    run, _config, figures, report = minute
    assert run.problems == [], report
    assert figures["simulated_seconds"] >= RUN_SECONDS
    assert figures["base_turns"] >= 5, report
    assert run.commands["autonomous_life_sets"] == [["BackgroundMovement", False],
                                                     ["BackgroundMovement", True]]


def test_the_simulator_platform_s_joints_move_within_the_seed_s_bounds(minute):
    _run, config, figures, report = minute
    assert config.platform == "simulator" and config.behaviour == "all"
    expected = [name for name in joints.ALL_JOINTS if name in config.platform_joints]
    assert list(figures["joints"]) == expected, report  # no head, no hands
    for joint, figure in figures["joints"].items():
        assert figure["commanded_within_bounds"], (joint, report)
        assert figure["commanded_offset"] > 0.3 * figure["allowed_offset"], (joint, report)


def test_pepper_stays_upright_and_her_hands_stay_off_her_pelvis(minute):
    _run, _config, figures, report = minute
    assert figures["torso_tilt_degrees"]["max"] < 5.0, report
    assert figures["seconds_touching_the_pelvis"] == {}, report


def test_the_base_heading_stays_near_where_it_started(minute):
    _run, _config, figures, report = minute
    heading = figures["base_heading"]
    assert heading["max_offset_from_centre"] < 0.1, report
    assert heading["max_offset_from_centre"] <= heading["allowed_band"] + 0.01, report


def test_no_joint_leaves_its_limits(minute):
    _run, _config, figures, report = minute
    assert figures["limit_violations"] == 0, report
    for joint, figure in figures["joints"].items():
        low, high = figure["limits"]
        measured_low, measured_high = figure["measured_extremes"]
        assert low - 0.005 <= measured_low and measured_high <= high + 0.005, (joint, report)


def test_every_moved_joint_tracks_its_commanded_trajectory(minute):
    _run, _config, figures, report = minute
    for joint, figure in figures["joints"].items():
        assert figure["tracking_error_rms"] < 0.03, (joint, report)
        assert figure["tracking_error_max"] < 0.1, (joint, report)


def test_disabled_leaves_pepper_still_at_home_within_a_second(minute):
    _run, _config, figures, report = minute
    settle = figures["still_at_home_after_disable_seconds"]
    assert settle is not None and settle < 1.0, report
    assert math.isclose(figures["disabled_at"], RUN_SECONDS, abs_tol=0.5)


# ----------------------------------------------------------------- a busy Pepper
BUSY_SECONDS = 20.0


@pytest.fixture(scope="module")
def busy(tmp_path_factory):
    return summarised_run(BUSY_SECONDS, str(tmp_path_factory.mktemp("busy")), scenario="busy")


def test_another_app_s_wave_and_drive_go_through_untouched(busy):
    run, _config, figures, report = busy
    assert run.problems == [], report
    gesture, = figures["other_app"]["gestures"]
    assert gesture["finished"] and gesture["waited"] <= 0.3, report
    assert gesture["ours_on_its_joints"] == 0, report
    drive, = figures["other_app"]["drives"]
    assert drive["stopped_by"] is None and drive["ours_meanwhile"] == 0, report
    assert figures["base_turns"] >= 1, report  # ours went on around it


def test_the_busy_run_records_when_each_part_yielded(busy):
    _run, config, figures, report = busy
    gesture, = figures["other_app"]["gestures"]
    drive, = figures["other_app"]["drives"]
    speech = [interval for interval in figures["yields"].get("rightArm", ())
              if interval[2] == "speech"]
    # getStatus is polled every 0.1 s; the wave lasts 2 s, the speech longer.
    assert speech and speech[0][0] <= gesture["start"] + 0.2, report
    assert speech[0][1] >= gesture["start"] + 2.0, report
    base = [interval for interval in figures["yields"].get("base", ())
            if interval[2] == "another app"]
    # Seen when our pause between turns ends (it asks ALMotion nothing before), so at most
    # a longest pause after the drive began; held until the quiet time after it is over.
    longest_pause = base_worker.PAUSE[1] * config.gesture_duration
    assert base and base[0][0] <= drive["start"] + longest_pause + 0.2, report
    assert base[0][1] >= drive["start"] + drive["seconds"] + 0.9, report
    assert "legs" not in figures["yields"], report  # the legs went on
    assert figures["scenario"] == "busy"
