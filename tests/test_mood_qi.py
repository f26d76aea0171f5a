"""The mood over real libqi: setMood, getMood, moodChanged and getStatus on the service
hosted against the simulated NAOqi, and a mood change reaching each group's next call
with no jump in both motion styles."""
from __future__ import absolute_import, division, print_function

import logging
import random
import threading

import pytest

from animate_behaviour.foundation.clock import monotonic
from pepper_sim.motion import wait_until
from pepper_sim.qi_server import ALL_SERVICES
from helpers.service_deployment import TIMEOUT, deploy, status  # noqa: F401 (the fixture)

from helpers import checks
pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

WITH_PREFERENCES = ALL_SERVICES + ("ALPreferenceManager",)
# The arm moves each arm makes while the mood drifts (0 before the live signal).
MOVES = 3


class Heard(object):
    """The moodChanged signals a client received."""

    def __init__(self, service):
        self.moods = []
        self._cond = threading.Condition()
        self.link = service.moodChanged.connect(self._record)

    def _record(self, value):
        with self._cond:
            self.moods.append([float(item) for item in value])
            self._cond.notify_all()

    def wait(self, predicate):
        with self._cond:
            return wait_until(self._cond, predicate, TIMEOUT)


def test_the_mood_api_as_qicli_and_qimessaging_see_it(deploy):
    service = deploy(behaviour="hands").start()
    meta = service.metaObject()
    methods = dict((method["name"], method) for method in meta["methods"].values())
    assert methods["setMood"]["returnSignature"] == "i"
    assert methods["setMood"]["parametersSignature"] == "(mm)"  # checked by us, not libqi
    assert "[-1, 1]" in methods["setMood"]["description"]
    assert "maxVelocityFraction" in methods["setMood"]["description"]
    assert methods["getMood"]["returnSignature"] == "[d]"
    assert "valence" in methods["getMood"]["description"]
    signals = dict((signal["name"], signal) for signal in meta["signals"].values())
    assert signals["moodChanged"]["signature"] == "([d])"
    assert "moodNow" in methods["getStatus"]["description"]


def test_set_mood_is_read_back_announced_and_reported(deploy):
    deployment = deploy(behaviour="hands")
    service = deployment.start()
    heard = Heard(service)
    assert service.getMood() == [0.0, 0.0]
    assert status(service)["mood"] == [0.0, 0.0]
    assert service.setMood(0.5, -0.25) == 1
    assert service.getMood() == [0.5, -0.25]
    assert heard.wait(lambda: heard.moods == [[0.5, -0.25]])
    assert status(service)["mood"] == [0.5, -0.25]
    assert deployment.host.engine.mood.wait_reached(TIMEOUT)
    assert status(service)["moodNow"] == [0.5, -0.25]
    assert service.setMood(1, 0) == 1  # whole numbers are numbers
    assert service.getMood() == [1.0, 0.0]


@pytest.mark.parametrize("valence, arousal, words", [
    (float("nan"), 0.0, "valence = nan is not allowed: a number in [-1, 1]"),
    (0.0, 1.01, "arousal = 1.01 is not allowed: a number in [-1, 1]"),
    (-3, 0.0, "valence = -3.0 is not allowed: a number in [-1, 1]"),
    ("happy", 0.0, "valence must be a number in [-1, 1], got happy"),
    (0.0, True, "arousal must be a number in [-1, 1], got True"),
    (0.0, [0.5], "arousal must be a number in [-1, 1]"),
])
def test_bad_moods_are_refused_logged_and_change_nothing(deploy, caplog, valence, arousal,
                                                         words):
    deployment = deploy(behaviour="hands")
    service = deployment.start()
    heard = Heard(service)
    with caplog.at_level(logging.ERROR, logger="test.service"):
        assert service.setMood(valence, arousal) == 0
    assert "setMood(" in caplog.text and "refused: " in caplog.text
    assert words in caplog.text
    assert service.getMood() == [0.0, 0.0]
    assert status(service)["moodNow"] == [0.0, 0.0]
    assert heard.moods == []


def test_presets_are_mood_points_and_the_owners_mood_comes_first(deploy):
    deployment = deploy(behaviour="hands", services=WITH_PREFERENCES)
    deployment.robot.preferences.values[("animate-behaviour", "valence")] = "0.5"
    service = deployment.start()
    heard = Heard(service)
    assert service.getMood() == [0.5, 0.0]  # the owner's preference
    assert service.setPreset("lively") == 1
    assert service.getMood() == [0.5, 0.5]  # lively's arousal, the owner's valence
    assert heard.wait(lambda: heard.moods == [[0.5, 0.5]])
    assert service.setMood(-0.5, 0.25) == 1
    assert service.setMotionStyle("lifelike") == 1  # a style keeps the mood set
    assert service.getMood() == [-0.5, 0.25]
    assert service.setPreset("calm") == 1  # another preset: its mood
    assert service.getMood() == [0.5, -0.5]


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_a_mood_change_reaches_each_groups_next_calls_with_no_jump(deploy, style):
    deployment = deploy(behaviour="body", motionStyle=style)
    service = deployment.start()
    motion = deployment.robot.motion
    assert service.setActivation("enabled") == 1
    assert deployment.wait_random(6)
    for target in ([1.0, 1.0], [-1.0, -1.0]):
        assert service.setMood(*target) == 1
        assert deployment.host.engine.mood.wait_reached(TIMEOUT)
        assert status(service)["moodNow"] == target
        reached = motion.clock.now()
        assert motion.wait_for(lambda: checks.each_group_went_new(
            motion.trajectories, reached, lambda record: True, 2), TIMEOUT)
        effective = checks.AtMood(deployment.config, *target)
        for names in checks.GROUPS:
            # Planned after the glide's end: inside the mood's bounds (its posture, its
            # amplitude), every joint of the group. A call's waypoints are drawn as the
            # call before goes out: the first two calls since may hold older ones.
            for record in checks.calls_since(motion.trajectories, reached, names)[2:]:
                checks.check_angles_in_seed_bounds(record, effective)
    service.setActivation("disabled")
    assert deployment.wait_change("disabled")
    # "disabled" restores what was changed: the configured home, not the mood's posture.
    names = [joint for group in checks.GROUPS for joint in group]
    for joint, angle in zip(names, motion.getAngles(names, False)):
        assert abs(angle - deployment.config.home[joint]) < 1e-6, joint
    assert deployment.config.home != checks.AtMood(deployment.config, -1.0, -1.0).home
    records = [record for record in motion.trajectories if record.start is not None]
    # No jump: every call starts where the last one left its joints, and no call asks a
    # joint for more than maxVelocityFraction of its speed, glides included.
    checks.check_chained(records)
    for record in records:
        checks.check_speed(record, dict(zip(record.names, record.start_angles)),
                           deployment.config)


def arm_moves(records, names):
    """The calls that move the arm of joints ``names`` (a breath moves its ShoulderPitch
    alone)."""
    return [record for record in records
            if record.names[0] in names and len(record.names) > 1]


@pytest.mark.parametrize("style", ["specification", "lifelike"])
def test_a_mood_set_every_second_keeps_the_arms_moving(deploy, style):
    """Issue 24: a client moving the mood a little every second, as a show or an app
    following the conversation would, kept every arm in a hold (each step of the mood
    made the groups plan anew, and a lifelike plan begins with a hold). Each move now
    reads the mood as it is when planned.

    The mood drifts until each arm has made MOVES moves, however long that takes in robot
    time: on the scaled clock a loaded machine's wall time passes as robot time too, so
    a count in a fixed robot window would follow the machine's load (the rate is
    benchmark_drift's). Before the live signal no arm moves at all: TIMEOUT fails it."""
    deployment = deploy(behaviour="body", motionStyle=style, gestureDuration="1.0")
    service = deployment.start()
    motion = deployment.robot.motion
    clock = motion.clock
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    rng = random.Random(24)
    mood, began = [0.0, 0.0], clock.now()
    arms = checks.GROUPS[:2]

    def moves():
        drifting = [record for record in motion.trajectories if record.requested >= began]
        return [len(arm_moves(drifting, names)) for names in arms]
    deadline = monotonic() + TIMEOUT
    while min(moves()) < MOVES:
        assert monotonic() < deadline, "arm moves while the mood drifts: %s" % moves()
        mood = [min(0.3, max(-0.3, value + rng.uniform(-0.05, 0.05))) for value in mood]
        assert service.setMood(*mood) == 1
        clock.wait(clock.event(), 1.0)  # a robot second
    checks.check_chained([record for record in motion.trajectories if record.start is not None])
