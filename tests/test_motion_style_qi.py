"""The motion style over real libqi (issue 13): setMotionStyle, getMotionStyle,
getMotionStyles, motionStyleChanged and getStatus, called like a tablet page, another app
or qicli, with presets and the owner's preferences around them.

Most tests check what the engine is told (the configuration ServiceHost hands its
retune); the switch test checks the ALMotion calls that follow (the generator itself is
tested in test_lifelike.py and, with the engine, in test_engine.py).
"""
from __future__ import absolute_import, division, print_function

import logging

import pytest

from animate_behaviour.expression import presets
from animate_behaviour.serving import log_guard
from pepper_sim.qi_server import ALL_SERVICES
from helpers.service_deployment import TIMEOUT, deploy, status  # noqa: F401 (the fixture)

from helpers import checks
pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

DOMAIN = presets.DOMAIN
WITH_PREFERENCES = ALL_SERVICES + ("ALPreferenceManager",)
# A preset that sets the style, and one that leaves it alone.
PRESETS = {"sleepy": {"motionStyle": "lifelike", "selectedRange": "0.2"},
           "lively": {"gestureDuration": "0.5", "selectedRange": "0.8"}}


def start(deploy, preferences=None, **values):
    deployment = deploy(behaviour="body", services=WITH_PREFERENCES, presets=PRESETS, **values)
    deployment.robot.preferences.values.update(
        ((DOMAIN, key), value) for key, value in (preferences or {}).items())
    return deployment, deployment.start()


class Told(object):
    """The configurations the engine goes by, one more each time :meth:`look` finds it
    changed (the live configuration, which the engine reads, is its one holder)."""

    def __init__(self, deployment):
        self._engine = deployment.host.engine
        self._last = self._engine.configuration()
        self.handed = []

    def look(self):
        now = self._engine.configuration()
        if now is not self._last:
            self.handed.append(now)
            self._last = now
        return self.handed


def test_set_motion_style_tells_the_engine_signals_and_shows_in_status(deploy):
    deployment, service = start(deploy)
    assert service.getMotionStyles() == ["specification", "lifelike"]
    assert service.getMotionStyle() == "specification"
    assert status(service)["motionStyle"] == "specification"
    told = Told(deployment)
    assert service.setMotionStyle("lifelike") == 1
    # The engine goes by it once setMotionStyle has returned: only the style differs.
    handed = told.look()
    assert [config.motion_style for config in handed] == ["lifelike"]
    expected = deployment.config.values()
    expected["motionStyle"] = "lifelike"
    assert handed[0].values() == expected
    assert service.getMotionStyle() == "lifelike"
    assert status(service)["motionStyle"] == "lifelike"
    assert deployment.wait_until(lambda: deployment.style_changes == ["lifelike"])
    assert service.setMotionStyle("lifelike") == 1  # the style already: nothing changes
    assert len(told.look()) == 1
    assert service.setMotionStyle("specification") == 1
    told.look()
    assert [config.motion_style for config in handed] == ["lifelike", "specification"]
    assert handed[1].values() == deployment.config.values()
    # libqi may deliver signals out of order (docs/naoqi.md, "Signals' order"): one per change.
    assert deployment.wait_until(lambda: len(deployment.style_changes) == 2)
    assert sorted(deployment.style_changes) == ["lifelike", "specification"]
    assert deployment.preset_changes == []
    assert service.getPreset() == ""


def test_a_preset_chosen_after_a_run_time_style_keeps_the_style(deploy):
    deployment, service = start(deploy)
    told = Told(deployment)
    # No style chosen at run time yet: a preset that sets one changes it.
    assert service.setPreset("sleepy") == 1
    told.look()
    assert service.getMotionStyle() == "lifelike"
    assert deployment.wait_until(lambda: deployment.style_changes == ["lifelike"])
    for call in (lambda: service.setMotionStyle("specification"),
                 lambda: service.setPreset("lively"), lambda: service.setPreset("sleepy")):
        assert call() == 1
        handed = told.look()
    assert [(config.preset, config.motion_style, config.selected_range) for config in handed] \
        == [("sleepy", "lifelike", 0.2), ("sleepy", "specification", 0.2),
            ("lively", "specification", 0.8), ("sleepy", "specification", 0.2)]
    assert service.getMotionStyle() == "specification"
    assert service.getPreset() == "sleepy"
    report = status(service)
    assert (report["preset"], report["motionStyle"]) == ("sleepy", "specification")
    assert deployment.wait_until(lambda: len(deployment.style_changes) == 2
                                 and len(deployment.preset_changes) == 3)
    assert sorted(deployment.style_changes) == ["lifelike", "specification"]


def test_the_owners_motion_style_preference_and_the_run_time_choice_over_it(deploy, caplog):
    with caplog.at_level(logging.INFO, logger="test.service"):
        deployment, service = start(deploy, {"motionStyle": "lifelike"})
    assert service.getMotionStyle() == "lifelike"
    assert "  motionStyle = lifelike\n" in caplog.text  # the banner: what the engine began with
    told = Told(deployment)
    assert service.setPreset("lively") == 1  # the preference counts for every preset
    told.look()
    assert service.setMotionStyle("specification") == 1  # and the run-time choice over it
    handed = told.look()
    assert [(config.preset, config.motion_style) for config in handed] == [
        ("lively", "lifelike"), ("lively", "specification")]


def test_a_bad_motion_style_preference_is_logged_and_ignored(deploy, caplog):
    with caplog.at_level(logging.ERROR, logger="test.service"):
        deployment, service = start(deploy, {"motionStyle": "natural"}, motionStyle="lifelike")
    lines = [record.getMessage() for record in caplog.records
             if record.levelno == logging.ERROR]
    assert len(lines) == 1 and "ALPreferenceManager animate-behaviour" in lines[0]
    assert lines[0].endswith("motionStyle = natural is not allowed: one of specification, "
                             "lifelike (any case); ignored, the file's value is kept")
    assert service.getMotionStyle() == "lifelike"  # the file's


@pytest.mark.parametrize("style", ["Lifelike", "", "natural", " lifelike", 7, ["lifelike"]])
def test_unknown_styles_are_refused_logged_and_change_nothing(deploy, caplog, style):
    deployment, service = start(deploy)
    told = Told(deployment)
    with caplog.at_level(logging.ERROR, logger="test.service"):
        assert service.setMotionStyle(style) == 0
    lines = [record.getMessage() for record in caplog.records
             if record.levelno == logging.ERROR]
    assert len(lines) == 1 and lines[0].startswith("setMotionStyle(%r) refused: " % (style,))
    assert "specification, lifelike" in lines[0]  # what is allowed
    assert service.getMotionStyle() == "specification"
    assert told.look() == [] and deployment.style_changes == []


def test_a_flood_of_bad_styles_is_throttled(deploy, caplog, monkeypatch):
    summaries = []  # the throttle's summary timer, run by the test instead of in 60 s
    monkeypatch.setattr(log_guard, "start_daemon_timer",
                        lambda delay, function: summaries.append(function))
    deployment, service = start(deploy)
    with caplog.at_level(logging.ERROR, logger="test.service"):
        futures = [service.setMotionStyle("x" * 1000, _async=True) for _ in range(40)]
        assert [future.value(10000) for future in futures] == [0] * 40
        assert len(summaries) == 1
        summaries[0]()
        assert service.setPreset("wild") == 0  # another kind: still logged
    lines = [record.getMessage() for record in caplog.records
             if record.levelno == logging.ERROR]
    refused = [line for line in lines if line.startswith("setMotionStyle(")]
    assert len(refused) == log_guard.BURST
    assert all(len(line) < 300 for line in refused)  # the value is cut, twice
    assert any(line.startswith("setMotionStyle refused: %d more like this in "
                               % (40 - log_guard.BURST)) for line in lines)
    assert any(line.startswith("setPreset('wild') refused") for line in lines)
    assert service.setMotionStyle("lifelike") == 1


def test_set_motion_style_reaches_each_groups_next_call_with_no_jump(deploy):
    deployment, service = start(deploy)  # 0.5 s waypoints: 3 or more keys a call
    motion = deployment.robot.motion
    assert service.setActivation("enabled") == 1
    assert deployment.wait_random(6)
    assert service.setMotionStyle("lifelike") == 1
    switched = motion.clock.now()  # the engine was retuned before setMotionStyle returned

    def lifelike(record):
        return not checks.specification_call(record)
    assert motion.wait_for(lambda: checks.each_group_went_new(
        motion.trajectories, switched, lifelike, 2), TIMEOUT)
    assert service.setActivation("disabled") == 1
    assert deployment.wait_change("disabled")
    ran = checks.random_ones(motion.trajectories, deployment.config)
    # Each call in its own style's bounds: the lifelike knees bend half again as far
    # (styles.ROWS' leg_range), which a joined call's several visits reach more often.
    styled = deployment.config.with_values({"motionStyle": "lifelike"}, "the switch")
    for names in checks.GROUPS:
        for record in checks.check_switch(ran, switched, names, lifelike):
            checks.check_angles_in_seed_bounds(
                record, styled if lifelike(record) else deployment.config)
    checks.check_chained(motion.trajectories)  # no jump, joint by joint
