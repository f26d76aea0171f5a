"""Presets, owner preferences and the tablet page over real libqi: the simulated NAOqi
with recording ALPreferenceManager and ALTabletService stand-ins, our service hosted on
its own session, and clients calling it like a tablet page, another app or qicli."""
from __future__ import absolute_import, division, print_function

import json
import logging

import numpy as np
import pytest

from animate_behaviour.expression import presets
from animate_behaviour.serving import tablet
from pepper_sim.qi_server import ALL_SERVICES
from helpers.service_deployment import TIMEOUT, deploy  # noqa: F401 (the fixture)

from helpers import checks
pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

DOMAIN = presets.DOMAIN
WITH_PREFERENCES = ALL_SERVICES + ("ALPreferenceManager",)
# Distinct timings and amplitudes, told apart in the recorded calls.
PRESETS = {"calm": {"gestureDuration": "1.5", "selectedRange": "0.2"},
           "lively": {"gestureDuration": "0.5", "selectedRange": "0.8"}}


def follows(record, gesture_duration):
    """Whether the call's waypoints are ``gesture_duration`` apart (longer when stretched
    for speed) and at least one is exactly that."""
    durations = checks.segments(record)
    return bool(np.all(durations >= gesture_duration - 1e-9)
                and np.any(np.abs(durations - gesture_duration) < 1e-9))


def preset_config(deployment, name, **preferred):
    """The configuration the preset ``name`` should give, with ``preferred`` values."""
    values = dict(deployment.config.presets[name])
    values.update(preferred)
    return deployment.config.with_values(values, name)


def start(deploy, preferences=None, services=WITH_PREFERENCES, **values):
    deployment = deploy(behaviour="body", services=services, presets=PRESETS, **values)
    deployment.robot.preferences.values.update(
        ((DOMAIN, key), value) for key, value in (preferences or {}).items())
    return deployment, deployment.start()


def test_presets_and_the_start_preset_from_the_owners_preferences(deploy, caplog):
    with caplog.at_level(logging.ERROR, logger="test.service"):
        deployment, service = start(deploy, {"preset": "calm", "gestureDuration": 2.0,
                                             "selectedRange": "2"})
    assert service.getPresets() == ["calm", "neutral", "lively"]
    assert service.getPreset() == "calm"
    # The bad preference: one line with the usual message, then ignored.
    assert "ALPreferenceManager animate-behaviour: selectedRange = 2 is not allowed: a " \
           "number in [0, 1]" in caplog.text and "ignored" in caplog.text
    assert json.loads(service.getStatus())["preset"] == "calm"
    assert service.setActivation("enabled") == 1
    assert deployment.wait_random(6)
    service.setActivation("disabled")
    assert deployment.wait_change("disabled")
    effective = preset_config(deployment, "calm", gestureDuration=2.0)
    assert (effective.gesture_duration, effective.selected_range) == (2.0, 0.2)
    for record in checks.random_ones(deployment.robot.motion.trajectories, deployment.config):
        if not record.killed:
            assert follows(record, 2.0), record.times[0]  # the preference over the preset
        checks.check_angles_in_seed_bounds(record, effective)  # the preset over the file


def test_set_preset_reaches_each_groups_next_call_with_no_jump(deploy):
    deployment, service = start(deploy)
    motion = deployment.robot.motion
    assert service.getPreset() == ""
    assert service.setActivation("enabled") == 1
    assert deployment.wait_random(6)
    assert service.setPreset("calm") == 1
    switched = motion.clock.now()  # the engine was retuned before setPreset returned
    assert deployment.wait_until(lambda: deployment.preset_changes == ["calm"])
    assert service.getPreset() == "calm"
    calm = preset_config(deployment, "calm")
    assert motion.wait_for(lambda: checks.each_group_went_new(
        motion.trajectories, switched, lambda record: follows(record, 1.5), 2), TIMEOUT)
    service.setActivation("disabled")
    assert deployment.wait_change("disabled")
    # Each group's next call goes by calm: the one running at the switch (at most
    # maxCallDuration long) ends as planned, then only calm calls.
    ran = checks.random_ones(motion.trajectories, deployment.config)
    for names in checks.GROUPS:
        for record in checks.check_switch(ran, switched, names,
                                          lambda record: follows(record, 1.5)):
            if follows(record, 1.5):
                checks.check_angles_in_seed_bounds(record, calm)
    # No jump: each group's calls chain exactly across the switch.
    checks.check_chained(motion.trajectories)


def test_a_file_without_presets_offers_the_built_in_ones(deploy):
    # Issue 14 4: the tablet page showed no buttons and setPreset("calm") returned 0.
    deployment = deploy(behaviour="hands", services=WITH_PREFERENCES)
    service = deployment.start()
    assert service.getPresets() == ["calm", "neutral", "lively"]
    assert service.setPreset("calm") == 1
    assert service.getPreset() == "calm"
    assert deployment.wait_until(lambda: deployment.preset_changes == ["calm"])


@pytest.mark.parametrize("name", ["wild", "", "Calm", " calm", 7, ["calm"]])
def test_unknown_presets_are_refused_and_change_nothing(deploy, caplog, name):
    deployment, service = start(deploy)
    with caplog.at_level(logging.ERROR, logger="test.service"):
        assert service.setPreset(name) == 0
        assert service.storePreset(name) == 0
    assert "setPreset(%r) refused" % (name,) in caplog.text
    assert "storePreset(%r) refused" % (name,) in caplog.text
    assert service.getPreset() == ""
    assert deployment.preset_changes == []
    assert (DOMAIN, "preset") not in deployment.robot.preferences.values


def test_set_preset_from_many_clients_at_once_settles_on_one(deploy):
    deployment, service = start(deploy)
    service.setActivation("enabled")
    clients = deployment.more_clients(6)
    futures = []
    for round_ in range(10):
        for index, session in enumerate(clients):
            name = ["calm", "lively"][(index + round_) % 2]
            futures.append(session.service("AnimateBehaviour").setPreset(name, _async=True))
    assert all(future.value(int(TIMEOUT * 1000)) == 1 for future in futures)
    final = service.getPreset()
    assert final in ("calm", "lively")
    # libqi may deliver a burst of signals out of order (docs/naoqi.md, "Signals' order"), so
    # a client re-reads getPreset on presetChanged, as the tablet page does: it ends on the
    # preset that stayed.
    assert deployment.wait_until(lambda: deployment.preset_changes)
    assert set(deployment.preset_changes) <= set(["calm", "lively"])
    # And the robot goes by it.
    motion = deployment.robot.motion
    settled = motion.clock.now()
    gesture = float(PRESETS[final]["gestureDuration"])
    assert motion.wait_for(lambda: len(
        [record for record in motion.trajectories
         if record.requested > settled + 0.05 and follows(record, gesture)]) >= 3, TIMEOUT)
    service.setActivation("disabled")
    assert deployment.wait_change("disabled")


def test_store_preset_survives_a_restart(deploy):
    deployment, service = start(deploy)
    assert service.storePreset("lively") == 1
    assert deployment.robot.preferences.values[(DOMAIN, "preset")] == "lively"
    assert deployment.wait_until(lambda: deployment.preset_changes == ["lively"])
    assert ("setValue", (DOMAIN, "preset", "lively")) in deployment.robot.preferences.calls
    # The package restarts (a reboot, an update): it begins with the stored preset.
    deployment.host.stop()
    _again, service = start(deploy, preferences=dict(
        (key[1], value) for key, value in deployment.robot.preferences.values.items()))
    assert service.getPreset() == "lively"


def test_without_preference_manager_presets_work_and_storing_says_why_not(deploy, caplog):
    with caplog.at_level(logging.WARNING, logger="test.service"):
        deployment, service = start(deploy, services=ALL_SERVICES)
    assert "ALPreferenceManager is unavailable" in caplog.text
    assert service.setPreset("lively") == 1
    with caplog.at_level(logging.ERROR, logger="test.service"):
        assert service.storePreset("calm") == 0
    assert "preset calm not stored: NAOqi has no ALPreferenceManager" in caplog.text
    assert service.getPreset() == "lively"


def test_the_tablet_page_is_shown_while_running_and_hidden_on_stop(deploy):
    services = ALL_SERVICES + ("ALTabletService",)
    quiet = deploy(behaviour="hands", services=services, presets=PRESETS)
    quiet.start()
    quiet.host.stop()
    assert quiet.robot.tablet.calls == []  # not asked for: the tablet is left alone
    shown = deploy(behaviour="hands", services=services, presets=PRESETS)
    shown.start(show_on_tablet=True)
    assert shown.robot.tablet.shown == tablet.PAGE_URL
    assert tablet.PAGE_URL == "http://198.18.0.1/apps/animate-behaviour/index.html"
    shown.host.stop()
    assert shown.robot.tablet.calls == [("showWebview", (tablet.PAGE_URL,)),
                                        ("hideWebview", ())]


def test_a_missing_tablet_is_logged_and_ignored(deploy, caplog):
    deployment = deploy(behaviour="hands", presets=PRESETS)
    with caplog.at_level(logging.WARNING, logger="test.service"):
        service = deployment.start(show_on_tablet=True)
    assert "no ALTabletService: the page %s is not shown" % tablet.PAGE_URL in caplog.text
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    deployment.host.stop()  # nothing to hide, nothing raised
