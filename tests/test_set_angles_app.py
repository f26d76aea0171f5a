"""Another app driving an arm with setAngles, which books no joint ("Only motion API's
blocking call takes resources"): areResourcesAvailable says the joints are free, yet the
arm steps aside within one call of ours and sends nothing while the app commands it
(issue 25; both lanes, in-process stand-ins)."""
from __future__ import absolute_import, division, print_function

import logging

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine, ports
from pepper_sim.joystick import APP_JOINTS, Joystick
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

TIMEOUT = 10.0
SCALE = 0.02
LEFT_ARM = ("LShoulderPitch", "LShoulderRoll", "LElbowYaw", "LElbowRoll", "LWristYaw", "LHand")


def started_engine(motion, config):
    """An engine animating on ``motion`` (a KinematicMotion) by ``config``, started."""
    engine = motion_engine.MotionEngine(
        lambda: config, ports.Robot(motion, FakeMemory(clock=motion.clock), None, None, None),
        logging.getLogger("test.app"), clock=motion.clock, rng=np.random.RandomState(4))
    engine.start()
    return engine


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_an_app_driving_an_arm_with_set_angles_has_it_within_one_call(style):
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": style,
                                         "gestureDuration": "0.5", "numPoints": "20",
                                         "legRepeatFactor": "3", "numPointsLeg": "2"})
    motion = KinematicMotion(time_scale=SCALE)
    engine = started_engine(motion, config)
    clock = motion.clock
    try:
        engine.request("enabled")
        assert engine.wait_settled("enabled", TIMEOUT)
        assert motion.wait_for(lambda: len(motion.trajectories) >= 6, TIMEOUT)
        app = Joystick(motion)
        app.start()
        assert motion.wait_for(lambda: len(app.commands) >= 60, TIMEOUT)  # 12 robot s
        report = engine.report()
        app.stop()
        began = app.commands[0]
        ours = [record for record in motion.trajectories
                if set(record.names) & set(APP_JOINTS) and record.requested > began]
        # The call in flight when the app began ends as planned; the next one is not sent.
        grace = config.max_call_duration + 0.5
        late = [record for record in ours
                if clock.elapsed(began, record.requested) > grace]
        assert late == [], [clock.elapsed(began, record.requested) for record in late]
        assert report["groups"]["leftArm"]["state"] == "yielding"
        assert report["groups"]["leftArm"]["yieldingTo"] == "another app"
        # The right arm and the legs go on.
        assert any(record.requested > began + grace * clock.time_scale
                   and "RElbowRoll" in record.names for record in motion.trajectories)
        # Once the app is done and the joints quiet, the left arm resumes.
        stopped = clock.now()
        assert motion.wait_for(lambda: any(
            record.requested > stopped and "LElbowRoll" in record.names
            for record in motion.trajectories), TIMEOUT)
    finally:
        engine.request("disabled")
        engine.wait_settled("disabled", TIMEOUT)
        assert engine.close(TIMEOUT)


def test_set_angles_books_nothing_and_is_listed_while_on_its_way():
    motion = KinematicMotion(time_scale=SCALE)
    motion.setAngles(["LElbowRoll"], [-1.0], 0.05)
    assert motion.areResourcesAvailable(["LElbowRoll"])
    assert [task[0] for task in motion.getTaskList()] == ["setAngles"]
    assert motion.wait_for(lambda: not motion.getTaskList(), TIMEOUT)
    assert motion.getAngles(["LElbowRoll"], False) == pytest.approx([-1.0])


class SetAnglesBetweenOurCalls(KinematicMotion):
    """Another app's setAngles that comes and goes right as our ``nth`` left-arm call
    ends: by the time that call returns, the app's command has reached its target and no
    task list shows it any more (helper-5's case: the arm went on with its next call)."""

    def __init__(self, nth, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self._left_calls = 0
        self._nth = nth
        self.commanded_at = None
        self.target = None

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        result = KinematicMotion.angleInterpolation(self, names, angleLists, timeLists,
                                                    isAbsolute)
        if "LElbowRoll" in names:
            self._left_calls += 1
            if self._left_calls == self._nth:
                # A small step, done in a few robot ms: no seam between our two calls.
                self.target = self.getAngles(["LElbowRoll"], False)[0] + 0.05
                self.setAngles(["LElbowRoll"], [self.target], 1.0)
                self.commanded_at = self.clock.now()
                assert self.wait_for(lambda: "setAngles" not in [
                    task[0] for task in self.getTaskList()], TIMEOUT)
        return result


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_a_set_angles_gone_before_our_next_call_is_still_noticed(style):
    """Between two calls of ours nothing lists the app's command: the commanded angles,
    asked before every call, show it, and the arm's next call is not sent."""
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": style,
                                         "gestureDuration": "0.5", "numPoints": "20"})
    motion = SetAnglesBetweenOurCalls(3, time_scale=0.25)
    engine = started_engine(motion, config)
    clock = motion.clock
    try:
        engine.request("enabled")
        assert engine.wait_settled("enabled", TIMEOUT)

        def after_the_app():
            return [record for record in motion.trajectories if "LElbowRoll" in record.names
                    and motion.commanded_at is not None
                    and record.requested > motion.commanded_at]
        assert motion.wait_for(after_the_app, TIMEOUT)
        # Not sent on: the arm stepped aside, then came back once the joints had been
        # quiet for yieldQuietTime, from where the app left them.
        first = after_the_app()[0]
        assert clock.elapsed(motion.commanded_at, first.requested) >= \
            config.yield_quiet_time - 0.05
        start = dict(zip(first.names, first.start_angles))
        assert start["LElbowRoll"] == pytest.approx(motion.target)
        assert engine.report()["counters"]["yields"] >= 1
    finally:
        engine.request("disabled")
        engine.wait_settled("disabled", TIMEOUT)
        assert engine.close(TIMEOUT)
