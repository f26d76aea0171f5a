"""The main box script with the real box glue, on an in-process NAOqi (both lanes):
what Choregraphe does with it on the robot, minus Choregraphe."""
from __future__ import absolute_import, division, print_function

import inspect
import io
import logging
import os
import shutil
import sys
import xml.etree.ElementTree as ElementTree

import pytest

from helpers import qi_double
from animate_behaviour.serving import logs
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.motion import KinematicMotion
from pepper_sim.preferences import FakeTablet

from helpers import checks
pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 10.0
PACKAGE = "animate_behaviour"
REFUSED = ("Animate behaviour is already running: a second start is refused; stop the "
           "behaviour first")


def is_ours(name):
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def our_modules():
    return sorted(name for name in sys.modules if is_ours(name))


@pytest.fixture(autouse=True)
def interpreter(monkeypatch):
    """The shared interpreter state the box changes (sys.path, sys.meta_path, the package's
    cached modules), restored after each test so the other test modules keep theirs."""
    saved = dict((name, sys.modules[name]) for name in our_modules())
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    yield
    for name in our_modules():
        del sys.modules[name]
    sys.modules.update(saved)


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


def install_package_copy(package_dir):
    """Copy lib/animate_behaviour into ``package_dir``/lib, as installing the package does."""
    target = os.path.join(str(package_dir), "lib", PACKAGE)
    shutil.copytree(os.path.join(ROOT, "lib", PACKAGE), target,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "_vendor"))
    return target


def load_box(package_dir, session, activate, show_on_tablet=False):
    namespace = {"GeneratedClass": GeneratedClass, "__name__": "box"}
    with io.open(os.path.join(ROOT, "boxes", "animate_behaviour.py"), encoding="utf-8") as source:
        exec(compile(source.read(), "animate_behaviour.py", "exec"), namespace)
    box = namespace["MyClass"]()
    box.logger = BoxLogger()
    box.session = lambda: session
    box.behaviorAbsolutePath = lambda: package_dir
    box.getParameter = lambda name: {"Activate on start": activate,
                                     "Show on tablet": show_on_tablet}[name]
    return box


def start_box(package_dir, session, activate, show_on_tablet=False):
    """The real box script, loaded and started as Choregraphe does."""
    box = load_box(package_dir, session, activate, show_on_tablet)
    box.onLoad()
    box.onInput_onStart()
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
    box = start_box(str(package), session, activate=True)
    assert box.stopped == 0
    service = session.service("AnimateBehaviour")
    assert service.get_activation() == "enabled"
    assert motion.wait_for(lambda: len(checks.random_ones(motion.trajectories)) >= 4, TIMEOUT)
    assert motion.wait_for(lambda: checks.arms_moved(motion.trajectories), TIMEOUT)
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
    box = start_box(str(package), session, activate=False)
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
    box = start_box(str(package), session, activate=True)
    assert box.stopped == 1
    assert "selectedRange = 2.0 is not allowed: a number in [0, 1]" in box.logger.errors[0]
    assert "AnimateBehaviour" not in session.services_by_name
    assert motion.calls == []
    box.onUnload()


def test_box_without_almotion_logs_and_stops(package):
    session = qi_double.Session({})
    box = start_box(str(package), session, activate=True)
    assert box.stopped == 1
    assert "NAOqi has no ALMotion service" in box.logger.errors[0]


def test_second_start_while_running_is_refused_and_the_first_keeps_running(package):
    session, motion, life = naoqi()
    box = start_box(str(package), session, activate=True)
    service = session.service("AnimateBehaviour")
    box.onInput_onStart()
    assert box.logger.errors == [REFUSED]
    assert box.stopped == 0
    assert session.service("AnimateBehaviour") is service
    assert list(session.registered.values()) == ["AnimateBehaviour"]
    assert service.get_activation() == "enabled"
    assert motion.wait_for(lambda: checks.arms_moved(motion.trajectories), TIMEOUT)
    box.onInput_onStop()
    assert box.stopped == 1
    assert "AnimateBehaviour" not in session.services_by_name
    assert life.abilities["BackgroundMovement"] is True
    assert checks.is_home_move(motion.trajectories[-1])


@pytest.mark.parametrize("already_on_path", [False, True])
def test_stop_removes_what_start_added_to_sys_path_and_the_package_modules(
        package, already_on_path):
    lib_dir = os.path.join(str(package), "lib")
    if already_on_path:
        sys.path.append(lib_dir)
    before = list(sys.path)
    session, _motion, _life = naoqi()
    box = start_box(str(package), session, activate=False)
    assert lib_dir in sys.path
    assert "animate_behaviour.serving.box_glue" in sys.modules
    box.onInput_onStop()
    assert sys.path == before
    assert our_modules() == []
    assert [finder for finder in sys.meta_path
            if type(finder).__module__.startswith(PACKAGE + ".")] == []
    box.onUnload()  # Choregraphe unloads after stopping: nothing left to undo
    assert sys.path == before


def test_an_updated_package_runs_its_new_code(package):
    installed = install_package_copy(package)
    session, _motion, _life = naoqi()
    # The test module imported the package from the repository: a copy cached by an
    # earlier run must not be what this package's box runs.
    box = start_box(str(package), session, activate=False)
    assert sys.modules["animate_behaviour.serving.box_glue"].__file__.startswith(installed)
    assert sys.modules["animate_behaviour"].__version__ == ElementTree.parse(
        os.path.join(ROOT, "manifest.xml")).getroot().get("version")
    box.onInput_onStop()
    with io.open(os.path.join(installed, "__init__.py"), "a", encoding="utf-8") as init:
        init.write(u'__version__ = "1.0.1-updated"\n')
    box.onInput_onStart()
    assert box.logger.errors == []
    assert sys.modules["animate_behaviour"].__version__ == "1.0.1-updated"
    assert sys.modules["animate_behaviour.serving.box_glue"].__file__.startswith(installed)
    box.onInput_onStop()
    assert box.stopped == 2
    assert "AnimateBehaviour" not in session.services_by_name


def test_box_without_configobj_logs_one_clear_error_and_does_not_start(package, monkeypatch):
    # Neither the vendored copy (absent outside a built package) nor an installed one.
    monkeypatch.setitem(sys.modules, "configobj", None)
    monkeypatch.setitem(sys.modules, "validate", None)
    session, motion, _life = naoqi()
    box = start_box(str(package), session, activate=True)
    assert box.stopped == 1
    assert len(box.logger.errors) == 1
    message = box.logger.errors[0]
    assert message.startswith("animate behaviour not started: cannot import configobj")
    assert "lib/animate_behaviour/_vendor/" in message
    assert "make package" in message and "make choregraphe" in message
    assert "AnimateBehaviour" not in session.services_by_name
    assert motion.calls == []
    assert our_modules() == []


def test_the_staged_choregraphe_folder_plays_without_an_installed_configobj(
        tmpdir, monkeypatch):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import build_package
    folder = str(tmpdir.join("choregraphe"))
    build_package.stage(folder)
    monkeypatch.setenv(logs.LOG_DIR_VARIABLE, str(tmpdir.join("logs")))
    for name in ("configobj", "validate", "six"):
        monkeypatch.setitem(sys.modules, name, None)
    session, motion, _life = naoqi()
    box = start_box(folder, session, activate=False)
    assert box.logger.errors == [] and box.stopped == 0
    vendor = os.path.join(folder, "lib", PACKAGE, "_vendor")
    third_party = sys.modules["animate_behaviour.configuration.third_party"]
    assert third_party.configobj.__file__.startswith(vendor)
    assert session.service("AnimateBehaviour").get_activation() == "disabled"
    box.onInput_onStop()
    assert "AnimateBehaviour" not in session.services_by_name
    assert our_modules() == [] and sys.modules["six"] is None


def test_a_host_closes_only_its_own_log_handlers(package):
    other = logging.Handler()
    shared = logging.getLogger(logs.CATEGORY)
    shared.addHandler(other)
    try:
        session, _motion, _life = naoqi()
        box = start_box(str(package), session, activate=False)
        run_logger = box.run.logger
        assert run_logger is not shared and run_logger.handlers
        box.onInput_onStop()
        assert run_logger.handlers == []
        assert shared.handlers == [other]
    finally:
        shared.removeHandler(other)


def test_each_logger_has_its_own_handlers(tmpdir):
    first = logs.make_logger(False, str(tmpdir.join("first.log")))
    second = logs.make_logger(True, str(tmpdir.join("second.log")))
    assert first is not second
    assert first.name == second.name == logs.CATEGORY
    first_handlers = list(first.handlers)
    assert len(first_handlers) == 1 and len(second.handlers) == 1
    logs.close_logger(second)
    assert second.handlers == []
    assert first.handlers == first_handlers
    first.info("still logging")
    logs.close_logger(first)
    assert "still logging" in tmpdir.join("first.log").read()


def test_qi_log_handler_maps_levels():
    qi_logging = qi_double.Logging()
    logger = logging.getLogger("test.qi_handler")
    logger.setLevel(logging.DEBUG)
    handler = logs.QiLogHandler(qi_logging, "animateBehaviour")
    logger.addHandler(handler)
    try:
        logger.debug("d")
        logger.info("i")
        logger.warning("w")
        logger.error("e")
    finally:
        logger.removeHandler(handler)
    assert qi_logging.records() == [("verbose", "d"), ("info", "i"), ("warning", "w"),
                                    ("error", "e")]
    assert set(call[1] for call in qi_logging.calls) == set(["animateBehaviour"])


def test_unicode_lines_reach_qi_as_utf8_text():
    qi_logging = qi_double.Logging()
    logger = logging.getLogger("test.qi_unicode")
    handler = logs.QiLogHandler(qi_logging, "animateBehaviour")
    logger.addHandler(handler)
    try:
        logger.error(u"preset %s refused", u"caf\xe9")
    finally:
        logger.removeHandler(handler)
    text = u"preset caf\xe9 refused"
    assert qi_logging.records() == [("error", text if sys.version_info[0] >= 3
                                     else text.encode("utf-8"))]


def test_qi_log_lines_carry_their_place_without_walking_the_stack(tmpdir, monkeypatch):
    # Issue 14 e: qi.Logger walks inspect.stack() for every line, slow on Pepper's Atom.
    import qi  # libqi on the 3.9 lane, the double on 2.7's
    calls = []
    monkeypatch.setattr(qi.logging, "pylog", lambda *args: calls.append(args))

    def no_stack(*_args):
        raise RuntimeError("inspect.stack() was called")
    monkeypatch.setattr(inspect, "stack", no_stack)
    logger = logs.make_logger(False, str(tmpdir.join("log.log")), qi)
    try:
        line = sys._getframe().f_lineno + 1
        logger.warning("joint %s is hot", "RHand")
    finally:
        logs.close_logger(logger)
    assert calls == [(qi.logging.WARNING, "animateBehaviour", "joint RHand is hot",
                      sys._getframe().f_code.co_filename,
                      "test_qi_log_lines_carry_their_place_without_walking_the_stack", line)]


def test_log_file_that_cannot_be_written_is_reported(tmpdir):
    blocker = tmpdir.join("file")
    blocker.write("")
    qi_module = qi_double.module()
    logs.make_logger(False, str(blocker.join("sub", "log.log")), qi_module)
    assert [record[0] for record in qi_module.logging.records()] == ["error"]
    assert "cannot write the log file" in qi_module.logging.records()[0][1]


def test_show_on_tablet_shows_the_page_while_the_box_runs(package):
    session, _motion, _life = naoqi()
    tablet = FakeTablet()
    session.services_by_name["ALTabletService"] = tablet
    box = start_box(str(package), session, activate=False, show_on_tablet=True)
    assert tablet.shown == "http://198.18.0.1/apps/animate-behaviour/index.html"
    box.onInput_onStop()
    assert tablet.shown is None
    assert [method for method, _args in tablet.calls] == ["showWebview", "hideWebview"]
