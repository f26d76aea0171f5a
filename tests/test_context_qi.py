"""The context over real libqi: the service hosted against the simulated NAOqi, whose
ALMemory raises the people and listening events to our subscribers as NAOqi does; each
reaction driven by its event, and getStatus's "context"."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import pytest

from animate_behaviour.expression import context, facts
from animate_behaviour.planning import joints
from pepper_sim.people import Listening, People
from helpers.service_deployment import TIMEOUT, deploy, pause, status  # noqa: F401 (the fixture)

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

ARM_MOVES = set(joints.ARM_JOINTS + joints.HAND_JOINTS) - {"LShoulderPitch", "RShoulderPitch"}


def started(deployment):
    """The service, enabled; the people raising events on its ALMemory; the context."""
    service = deployment.start()
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    return service, People(deployment.robot.memory), deployment.host.engine.context


def wait_calls_spanning(deployment, seconds):
    """Wait until our calls sent from now on reach ``seconds`` robot seconds on."""
    motion = deployment.robot.motion
    start = motion.clock.now()
    assert motion.wait_for(lambda: motion.trajectories and motion.clock.elapsed(
        start, motion.trajectories[-1].requested) >= seconds, TIMEOUT)


def test_get_status_carries_the_context_and_keeps_its_fields(deploy):
    service = deploy(behaviour="hands").start()
    report = status(service)
    assert report["context"]["state"] == "present"
    assert report["context"]["weights"] == {"engaged": 0.0, "listening": 0.0, "alone": 0.0}
    # Every input of every reaction on is there on the simulated robot.
    assert sorted(report["context"]["sources"]) == ["alone", "engaged", "listening", "speech"]
    assert all(source["live"] and not source["absent"]
               for source in report["context"]["sources"].values())
    for field in ("state", "requested", "groups", "counters", "preset", "motionStyle", "mood",
                  "moodNow"):
        assert field in report
    meta = service.metaObject()
    methods = dict((method["name"], method) for method in meta["methods"].values())
    assert "context" in methods["getStatus"]["description"]


def test_engaged_over_qi_no_base_turn_until_the_person_leaves(deploy):
    deployment = deploy(behaviour="all", motionStyle="lifelike")
    service = deployment.start()
    people = People(deployment.robot.memory)
    the_context = deployment.host.engine.context
    people.arrive(1)
    people.track(1)
    # Engaged before enabling: a turn whose check came before the event reached us
    # could otherwise still go out (NAOqi has no check-and-send).
    assert the_context.wait_state(context.ENGAGED, TIMEOUT)
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    motion = deployment.robot.motion
    wait_calls_spanning(deployment, 20.0)
    assert motion.calls_to("moveTo") == []
    assert status(service)["context"]["state"] == "engaged"
    people.leave(1)
    assert motion.wait_for(lambda: motion.calls_to("moveTo"), TIMEOUT)


def test_listening_over_qi_holds_the_arms_and_the_shoulders_breathe(deploy, monkeypatch):
    # Listening heard of no more expires after STALE_LISTENING robot s (0.3 wall s here):
    # out of reach, however slowly a loaded machine brings the breaths the test counts.
    monkeypatch.setattr(facts, "STALE_LISTENING", 1e6)
    deployment = deploy(behaviour="body", motionStyle="lifelike")
    service = deployment.start()
    listening = Listening(deployment.robot.memory)
    listening.start()
    listening.hear()
    # Listening before enabling: a move whose check came before the event reached us
    # could otherwise still go out (the call then ends as planned).
    assert deployment.host.engine.context.wait_state(context.LISTENING, TIMEOUT)
    assert service.setActivation("enabled") == 1
    assert deployment.wait_change("enabled")
    motion = deployment.robot.motion
    assert motion.wait_for(lambda: len([record for record in motion.trajectories
                                        if "LShoulderPitch" in record.names]) >= 4, TIMEOUT)
    assert [record for record in motion.trajectories if set(record.names) & ARM_MOVES] == []
    assert status(service)["context"]["weights"]["listening"] == 1.0
    listening.stop()
    assert motion.wait_for(lambda: any(set(record.names) & ARM_MOVES
                                       for record in motion.trajectories), TIMEOUT)


def test_alone_lowers_the_arousal_around_set_mood_and_a_visitor_brings_it_back(deploy):
    deployment = deploy(behaviour="hands", aloneAfter="1", aloneArousal="-0.5")
    service, people, the_context = started(deployment)
    assert service.setMood(0.5, 0.25) == 1
    people.arrive(2)
    people.leave(2)
    assert the_context.wait_state(context.ALONE, TIMEOUT)  # a minute later
    pause(deployment, context.RAMPS[context.ALONE][0])  # settled in over a minute
    report = status(service)
    assert report["context"]["state"] == "alone"
    assert report["context"]["weights"]["alone"] == 1.0
    assert report["moodNow"] == [0.5, -0.25]
    assert service.getMood() == [0.5, 0.25]  # the mood set keeps its meaning
    people.arrive(3)
    assert the_context.wait_state(context.PRESENT, TIMEOUT)
    pause(deployment, context.RAMPS[context.ALONE][1])  # back within a second
    report = status(service)
    assert report["context"]["state"] == "present"
    assert report["moodNow"] == [0.5, 0.25]


def test_react_to_absence_off_keeps_the_mood_while_alone(deploy):
    deployment = deploy(behaviour="hands", aloneAfter="1", reactToAbsence="false")
    service, people, the_context = started(deployment)
    people.arrive(2)
    people.leave(2)
    assert the_context.wait_state(context.ALONE, TIMEOUT)
    assert status(service)["moodNow"] == [0.0, 0.0]


def test_the_heartbeat_says_the_context_and_verbose_logs_its_changes(deploy, caplog):
    deployment = deploy(behaviour="hands", verboseMode="true", heartbeat_period=0.05)
    with caplog.at_level(logging.DEBUG, logger="test.service"):
        _service, people, the_context = started(deployment)
        people.arrive(4)
        people.track(4)
        assert the_context.wait_state(context.ENGAGED, TIMEOUT)
        assert deployment.host.engine.status().endswith("; context engaged")
        # The line is logged once the state has changed, on the event's thread: wait.
        pause = threading.Event()
        for _ in range(int(TIMEOUT / 0.005)):
            if "context: present -> engaged" in caplog.text:
                break
            pause.wait(0.005)
    assert "context: present -> engaged" in caplog.text
