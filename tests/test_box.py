"""The main box script with the real box glue, on an in-process NAOqi (both lanes):
what Choregraphe does with it on the robot, minus Choregraphe."""
from __future__ import absolute_import, division, print_function

import io
import logging
import os

import pytest

import qi_double

qi_double.install()

from animate_behaviour import box_glue, logs  # noqa: E402
from pepper_sim.autonomous_life import FakeAutonomousLife  # noqa: E402
from pepper_sim.motion import KinematicMotion  # noqa: E402

import checks  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 10.0


class GeneratedClass(object):
    """What Choregraphe gives a box: session, logger, parameters, paths, outputs."""

    def __init__(self):
        self.stopped = 0

    def onStopped(self):
        self.stopped += 1


class BoxLogger(object):
    def __init__(self):
        self.errors = []

    def error(self, message):
        self.errors.append(message)


def load_box(package_dir, session, activate):
    namespace = {"GeneratedClass": GeneratedClass, "__name__": "box"}
    with io.open(os.path.join(ROOT, "boxes", "animate_behaviour.py"), encoding="utf-8") as source:
        exec(compile(source.read(), "animate_behaviour.py", "exec"), namespace)
    box = namespace["MyClass"]()
    box.logger = BoxLogger()
    box.session = lambda: session
    box.behaviorAbsolutePath = lambda: package_dir
    box.getParameter = lambda name: {"Activate on start": activate}[name]
    return box


@pytest.fixture
def package(tmpdir, monkeypatch):
    """A package folder whose configuration makes trajectories short."""
    monkeypatch.setenv(logs.LOG_DIR_VARIABLE, str(tmpdir.join("logs")))
    tmpdir.join("config", "animateBehaviourConfiguration.ini").write(
        "gestureDuration = 0.05\nnumPoints = 20\nlegRepeatFactor = 4\n", ensure=True)
    return tmpdir


def naoqi():
    motion = KinematicMotion(time_scale=0.002)
    life = FakeAutonomousLife()
    return qi_double.Session({"ALMotion": motion, "ALAutonomousLife": life}), motion, life


def test_box_start_registers_animates_and_stop_restores_and_unregisters(package):
    session, motion, life = naoqi()
    box = load_box(str(package), session, activate=True)
    box.onLoad()
    box.onInput_onStart()
    assert box.stopped == 0
    service = session.service("AnimateBehaviour")
    assert service.get_activation() == "enabled"
    assert motion.wait_for(lambda: len(checks.random_ones(motion.trajectories)) >= 4, TIMEOUT)
    assert life.abilities["BackgroundMovement"] is False
    box.onInput_onStop()
    assert box.stopped == 1
    assert "AnimateBehaviour" not in session.services_by_name
    assert life.abilities["BackgroundMovement"] is True
    assert checks.is_home_move(motion.trajectories[-1])
    log_file = package.join("logs", logs.LOG_FILE_NAME).read()
    assert "AnimateBehaviour service registered" in log_file
    assert "animate behaviour disabled; Pepper is back home" in log_file


def test_box_without_activation_waits_for_the_service(package):
    session, motion, _life = naoqi()
    box = load_box(str(package), session, activate=False)
    box.onLoad()
    box.onInput_onStart()
    service = session.service("AnimateBehaviour")
    assert service.get_activation() == "disabled"
    assert service.set_activation("enabled") == 1
    assert motion.wait_for(lambda: len(checks.random_ones(motion.trajectories)) >= 2, TIMEOUT)
    box.onUnload()
    assert "AnimateBehaviour" not in session.services_by_name


def test_box_with_a_bad_configuration_logs_and_stops(package):
    with io.open(str(package.join("config", "animateBehaviourConfiguration.ini")), "a") as ini:
        ini.write(u"selectedRange = 2\n")
    session, motion, _life = naoqi()
    box = load_box(str(package), session, activate=True)
    box.onLoad()
    box.onInput_onStart()
    assert box.stopped == 1
    assert "selectedRange = 2.0 is not allowed: a number in [0, 1]" in box.logger.errors[0]
    assert "AnimateBehaviour" not in session.services_by_name
    assert motion.calls == []
    box.onUnload()


def test_box_without_almotion_logs_and_stops(package):
    session = qi_double.Session({})
    box = load_box(str(package), session, activate=True)
    box.onLoad()
    box.onInput_onStart()
    assert box.stopped == 1
    assert "NAOqi has no ALMotion service" in box.logger.errors[0]


def test_qi_log_handler_maps_levels():
    qi_logger = qi_double.Logger("animateBehaviour")
    logger = logging.getLogger("test.qi_handler")
    logger.setLevel(logging.DEBUG)
    handler = logs.QiLogHandler(qi_logger)
    logger.addHandler(handler)
    try:
        logger.debug("d")
        logger.info("i")
        logger.warning("w")
        logger.error("e")
    finally:
        logger.removeHandler(handler)
    assert qi_logger.records == [("verbose", "d"), ("info", "i"), ("warning", "w"), ("error", "e")]


def test_log_file_that_cannot_be_written_is_reported(tmpdir):
    blocker = tmpdir.join("file")
    blocker.write("")
    qi_module = qi_double.module()
    logger = logs.make_logger(False, str(blocker.join("sub", "log.log")), qi_module)
    handler = logger.handlers[0]
    assert [record[0] for record in handler._qi_logger.records] == ["error"]
    assert "cannot write the log file" in handler._qi_logger.records[0][1]
