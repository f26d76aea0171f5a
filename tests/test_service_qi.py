"""The AnimateBehaviour service over real libqi: a simulated NAOqi on a loopback
standalone session, our service registered from a second session as on the robot,
and a third client session calling it like a tablet page or qicli would."""
from __future__ import absolute_import, division, print_function

import logging
import os
import random
import threading

import pytest
from helpers import qi_double
from animate_behaviour.planning import joints
from animate_behaviour.serving import host as host_module
from animate_behaviour.serving import log_guard, logs
from pepper_sim.qi_server import served_motion

from helpers import checks
from helpers.service_deployment import TIMEOUT, deploy  # noqa: F401 (the fixture)

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock


def test_enable_moves_every_joint_but_the_head_within_bounds(deploy):
    deployment = deploy(behaviour="all")
    service = deployment.start()
    assert service.getActivation() == "disabled"
    assert service.setActivation("enabled") == 1
    assert service.getActivation() == "enabled"
    assert deployment.wait_change("enabled")
    assert deployment.wait_random(8)
    motion = deployment.robot.motion
    commanded = set(name for record in motion.trajectories for name in record.names)
    assert commanded == set(joints.ANIMATED_JOINTS)
    for record in checks.random_ones(motion.trajectories):
        checks.check_angles_in_seed_bounds(record, deployment.config)
        checks.check_times_strictly_increasing(record)
    assert motion.wait_for(lambda: len(motion.moves) >= 1, TIMEOUT)
    assert deployment.robot.life.abilities["BackgroundMovement"] is False


def test_typed_api_as_qicli_and_qimessaging_see_it(deploy):
    service = deploy().start()
    meta = service.metaObject()
    methods = dict((method["name"], method) for method in meta["methods"].values())
    assert (methods["setActivation"]["parametersSignature"],
            methods["setActivation"]["returnSignature"]) == ("(s)", "i")
    assert (methods["getActivation"]["parametersSignature"],
            methods["getActivation"]["returnSignature"]) == ("()", "s")
    assert "rad/s" in methods["setActivation"]["description"]
    signals = dict((signal["name"], signal) for signal in meta["signals"].values())
    assert signals["activationChanged"]["signature"] == "(s)"
    ours = set(name for name in methods if not name[0].isupper() and name not in
               ("registerEvent", "unregisterEvent", "metaObject", "terminate", "property",
                "setProperty", "properties", "registerEventWithSignature", "isStatsEnabled",
                "enableStats", "stats", "clearStats", "isTraceEnabled", "enableTrace"))
    assert ours == set(["setActivation", "getActivation", "getStatus", "getPresets", "getPreset",
                        "setPreset", "storePreset", "setMotionStyle", "getMotionStyle",
                        "getMotionStyles", "setMood", "getMood"])
    assert methods["getStatus"]["returnSignature"] == "s"
    assert "maxCallDuration" in methods["getStatus"]["description"]
    assert methods["getPresets"]["returnSignature"] == "[s]"
    assert methods["getPreset"]["returnSignature"] == "s"
    for name in ("setPreset", "storePreset"):
        assert (methods[name]["parametersSignature"], methods[name]["returnSignature"]) == \
            ("(s)", "i")
        assert "maxCallDuration" in methods[name]["description"] or \
            "ALPreferenceManager" in methods[name]["description"]
    assert signals["presetChanged"]["signature"] == "(s)"
    assert (methods["setMotionStyle"]["parametersSignature"],
            methods["setMotionStyle"]["returnSignature"]) == ("(s)", "i")
    assert "lifelike" in methods["setMotionStyle"]["description"]
    assert "maxCallDuration" in methods["setMotionStyle"]["description"]
    assert methods["getMotionStyle"]["returnSignature"] == "s"
    assert methods["getMotionStyles"]["returnSignature"] == "[s]"
    assert signals["motionStyleChanged"]["signature"] == "(s)"
    assert "motionStyle" in methods["getStatus"]["description"]


@pytest.mark.parametrize("state", ["Enabled", "on", "", " enabled", 3])
def test_invalid_states_are_refused_and_change_nothing(deploy, caplog, state):
    deployment = deploy(behaviour="hands")
    service = deployment.start()
    with caplog.at_level(logging.ERROR, logger="test.service"):
        assert service.setActivation(state) == 0
    assert "setActivation(%r) refused" % (state,) in caplog.text
    assert 'must be "enabled" or "disabled"' in caplog.text
    assert service.getActivation() == "disabled"
    assert deployment.robot.motion.trajectories == []


def test_disable_kills_our_running_call_and_returns_home(deploy):
    motion = served_motion(checks.CallHeldUntilKilled)(time_scale=0.05)
    deployment = deploy(behaviour="all", gestureDuration="1.0", numPoints="100",
                        legRepeatFactor="8", motion=motion)
    service = deployment.start()
    service.setActivation("enabled")
    assert deployment.wait_random(2)
    motion.hold.set()  # the next call of ours to start plays until it is killed
    assert motion.wait_for(lambda: motion.held is not None, TIMEOUT)
    assert service.setActivation("disabled") == 1
    assert deployment.wait_change("disabled")
    assert motion.held.killed and motion.held.killed_by == "killTask"
    killed = [record for record in motion.trajectories if record.killed]
    assert all(record.killed_by == "killTask" for record in killed)
    assert all(record.killed_at < record.duration for record in killed
               if record is not motion.held)
    checks.check_home_move(motion.trajectories[-1], deployment.config)
    angles = motion.getAngles(list(joints.ANIMATED_JOINTS), False)
    assert angles == pytest.approx([deployment.config.home[n] for n in joints.ANIMATED_JOINTS])
    assert deployment.robot.life.abilities["BackgroundMovement"] is True


def test_setting_the_same_state_twice_is_fine(deploy):
    deployment = deploy(behaviour="hands")
    service = deployment.start()
    assert service.setActivation("disabled") == 1
    assert service.setActivation("enabled") == 1
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    assert service.setActivation("disabled") == 1
    assert service.setActivation("disabled") == 1
    assert deployment.wait_change("disabled")
    assert deployment.changes == ["enabled", "disabled"]


def test_concurrent_toggles_from_many_clients_never_deadlock_and_the_last_wins(deploy):
    deployment = deploy(behaviour="body")
    deployment.start()
    clients = deployment.more_clients(6)
    rng = random.Random(3)
    futures = []
    for round_ in range(10):
        for session in clients:
            state = rng.choice(["enabled", "disabled"])
            futures.append(session.service("AnimateBehaviour").setActivation(state, _async=True))
    assert all(future.value(int(TIMEOUT * 1000)) == 1 for future in futures)
    final = deployment.client.service("AnimateBehaviour")
    assert final.setActivation("enabled") == 1
    assert deployment.host.engine.wait_settled("enabled", TIMEOUT)
    assert final.getActivation() == "enabled"
    assert deployment.wait_random(2)
    assert final.setActivation("disabled") == 1
    assert deployment.host.engine.wait_settled("disabled", TIMEOUT)


def test_stop_unregisters_and_restores(deploy):
    deployment = deploy(behaviour="all")
    service = deployment.start(activate=True)
    motion = deployment.robot.motion
    # activationChanged may fire before the client connects to it: wait on the motion.
    assert motion.wait_for(lambda: checks.arms_moved(motion.trajectories), TIMEOUT)
    assert service.getActivation() == "enabled"
    deployment.host.stop()
    names = [info["name"] for info in deployment.client.services()]
    assert "AnimateBehaviour" not in names
    assert deployment.robot.life.abilities["BackgroundMovement"] is True
    checks.check_home_move(motion.trajectories[-1], deployment.config)
    at_rest = motion.getAngles(list(joints.ANIMATED_JOINTS), False)
    assert at_rest == pytest.approx([deployment.config.home[name]
                                     for name in joints.ANIMATED_JOINTS])
    deployment.host.stop()  # idempotent


def test_second_instance_is_refused_and_the_first_keeps_running(deploy):
    first = deploy(behaviour="hands")
    service = first.start()
    second = host_module.ServiceHost(first.host_session, first.config, first.log)
    with pytest.raises(host_module.HostError, match="cannot register the AnimateBehaviour service"):
        second.start(True)
    assert service.setActivation("enabled") == 1
    assert first.wait_change("enabled")


def test_missing_autonomous_life_is_logged_and_the_rest_works(deploy, caplog):
    deployment = deploy(behaviour="hands", services=("ALMotion",))
    with caplog.at_level(logging.WARNING, logger="test.service"):
        service = deployment.start()
    assert "ALAutonomousLife is missing" in caplog.text
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    assert deployment.wait_random(2)


def test_missing_almotion_refuses_to_start(deploy):
    deployment = deploy(services=("ALAutonomousLife",))
    with pytest.raises(host_module.HostError, match="no ALMotion service"):
        deployment.host.start(True)
    names = [info["name"] for info in deployment.client.services()]
    assert "AnimateBehaviour" not in names


class LineWaiter(logging.Handler):
    """Sets ``seen`` when a record containing ``text`` is logged, keeping its level.

    caplog's handler sits on the root logger and runs after this one, in the
    logging thread, so the waiter (not caplog) is what proves the line came.
    """

    def __init__(self, text):
        logging.Handler.__init__(self)
        self.text = text
        self.levels = []
        self.seen = threading.Event()

    def emit(self, record):
        if self.text in record.getMessage():
            self.levels.append(record.levelno)
            self.seen.set()


def test_banner_heartbeat_and_verbose_lines(deploy, caplog):
    deployment = deploy(behaviour="hands", verboseMode="true", heartbeat_period=0.05)
    beat = LineWaiter("heartbeat: state enabled")
    played = LineWaiter("trajectory leftArm: 20 waypoints over")  # once it has played
    deployment.log.addHandler(beat)
    deployment.log.addHandler(played)
    try:
        with caplog.at_level(logging.DEBUG, logger="test.service"):
            service = deployment.start()
            service.setActivation("enabled")
            assert deployment.wait_random(3)
            assert beat.seen.wait(TIMEOUT) and played.seen.wait(TIMEOUT)
    finally:
        deployment.log.removeHandler(beat)
        deployment.log.removeHandler(played)
    assert "AnimateBehaviour service registered" in caplog.text
    for line in deployment.config.describe():
        assert line in caplog.text
    assert beat.levels[0] == logging.INFO
    assert played.levels[0] == logging.DEBUG


@pytest.fixture
def package_logger(tmpdir):
    """The package's own logger writing to a fresh log file, as on the robot, and what
    it sends NAOqi's log (a stand-in ``qi`` module keeps it)."""
    path = str(tmpdir.join(logs.LOG_FILE_NAME))
    naoqi = qi_double.module()
    logger = logs.make_logger(False, log_path=path, qi_module=naoqi)
    yield logger, path, naoqi.logging.records
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()


def test_a_flood_of_hostile_calls_keeps_the_log_small_and_its_history(deploy, package_logger,
                                                                      monkeypatch):
    # Issue 7: 4,800 hostile calls from 8 clients wrote each 100 KB argument whole and
    # rotated the banner and the rest of the log file's history away within seconds.
    logger, path, naoqi_records = package_logger
    summaries = []  # the service's summary timer, run by the test instead of in 60 s
    monkeypatch.setattr(log_guard, "start_daemon_timer",
                        lambda delay, function: summaries.append((delay, function)))
    deployment = deploy(behaviour="hands", logger=logger)
    deployment.start()
    clients = deployment.more_clients(8)
    hostile = ["A" * 100000, "enabled\n" + "B" * 100000, "\x1b[2J" + "C" * 100000]
    futures = []
    for round_ in range(300):
        for index, session in enumerate(clients):
            argument = hostile[(round_ + index) % len(hostile)]
            futures.append(session.service("AnimateBehaviour").setActivation(
                argument, _async=True))
    assert [future.value(int(TIMEOUT * 1000)) for future in futures] == [0] * 2400
    assert len(summaries) == 1 and 0 < summaries[0][0] <= log_guard.PERIOD
    summaries[0][1]()
    for handler in logger.handlers:
        handler.flush()
    with open(path) as stream:
        text = stream.read()
    assert "setActivation refused: %d more like this in " % (2400 - log_guard.BURST) in text
    assert "AnimateBehaviour service registered" in text
    for line in deployment.config.describe():
        assert line in text
    assert os.path.getsize(path) < 8000, "the log grew to %d bytes" % os.path.getsize(path)
    assert not os.path.exists(path + ".1"), "the flood rotated the log file"
    refusals = [line for line in text.splitlines() if "refused" in line]
    assert len(refusals) == log_guard.BURST + 1
    assert all(len(line) < 250 for line in refusals)
    forwarded = [message for _level, message in naoqi_records() if "refused" in message]
    assert len(forwarded) == log_guard.BURST + 1
    assert deployment.client.service("AnimateBehaviour").setActivation("enabled") == 1
