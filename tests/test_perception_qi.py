"""Pepper's perception as NAOqi 2.5 documents it (issue 25), over real libqi against the
simulated NAOqi: the people extractors subscribed while the animation runs, what the
robot provides looked up at start, and the mood that follows the engaged person."""
from __future__ import absolute_import, division, print_function

import logging
import time

import pytest

from animate_behaviour.engine import awareness
from animate_behaviour.expression import context, follow
from animate_behaviour.naoqi import (context_events, contract, extractors, memory_events,
                                     person_mood)
from pepper_sim.memory import FakeMemory
from pepper_sim.people import People
from pepper_sim.qi_server import ALL_SERVICES
from helpers.service_deployment import TIMEOUT, deploy, pause, status  # noqa: F401 (the fixture)

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock


def settles(deployment, service, expected):
    """Whether getStatus's "moodNow" comes to ``expected`` within TIMEOUT wall s, asked
    every tenth of a robot second: the follow's reader and its glide decide when, not a
    fixed wait."""
    clock = deployment.robot.motion.clock
    deadline = time.time() + TIMEOUT
    while time.time() < deadline:
        if status(service)["moodNow"] == pytest.approx(expected):
            return True
        clock.wait(clock.event(), 0.1)
    return False


def subscribers(extractor):
    return [info[0] for info in extractor.getSubscribersInfo()]


# -- the people extractors ----------------------------------------------------------------

def test_the_extractors_are_ours_only_while_enabled_and_never_anothers(deploy):
    deployment = deploy(behaviour="hands")
    robot = deployment.robot
    robot.life.activity_changed("interactive")  # Life runs them in solitary only
    robot.zones.subscribe("OtherApp")
    service = deployment.start()
    assert subscribers(robot.perception) == [] and subscribers(robot.zones) == ["OtherApp"]
    assert service.setActivation("enabled") == 1 and deployment.wait_change("enabled")
    assert subscribers(robot.perception) == [extractors.SUBSCRIBER]
    assert sorted(subscribers(robot.zones)) == sorted([extractors.SUBSCRIBER, "OtherApp"])
    assert robot.zones.getSubscribersInfo()[0][1] == extractors.PERIOD
    assert status(service)["context"]["extractors"] == list(extractors.NAMES)
    assert service.setActivation("disabled") == 1 and deployment.wait_change("disabled")
    assert subscribers(robot.perception) == [] and subscribers(robot.zones) == ["OtherApp"]
    assert service.setActivation("enabled") == 1 and deployment.wait_change("enabled", 2)
    deployment.host.stop()  # the stop path unsubscribes too
    assert subscribers(robot.perception) == [] and subscribers(robot.zones) == ["OtherApp"]


def test_zones_engage_pepper_in_any_life_state_while_it_subscribes_them(deploy):
    deployment = deploy(behaviour="hands")
    robot = deployment.robot
    robot.life.activity_changed("interactive")
    service = deployment.start()
    people = People(robot.memory, robot.perception, robot.zones)
    the_context = deployment.host.engine.context
    people.arrive(1)
    people.approach(1)  # nobody runs the extractors: nothing is raised
    assert robot.memory.values_of(context_events.ZONES_UPDATED) == []
    assert the_context.state == context.PRESENT
    assert service.setActivation("enabled") == 1 and deployment.wait_change("enabled")
    people.approach(1)
    assert the_context.wait_state(context.ENGAGED, TIMEOUT)


def test_with_the_key_off_nothing_is_subscribed(deploy):
    deployment = deploy(behaviour="hands", subscribeExtractors="false")
    robot = deployment.robot
    robot.life.activity_changed("interactive")
    service = deployment.start()
    assert service.setActivation("enabled") == 1 and deployment.wait_change("enabled")
    assert subscribers(robot.perception) == subscribers(robot.zones) == []


def test_a_failing_enable_unsubscribes_on_its_way_out(deploy, monkeypatch):
    deployment = deploy(behaviour="hands")
    robot = deployment.robot
    robot.life.activity_changed("interactive")
    service = deployment.start()

    subscribe = awareness.Awareness.animating

    def crash(self):
        subscribe(self)  # the extractors are subscribed once the round has started
        raise RuntimeError("ALMotion crashed")
    monkeypatch.setattr(awareness.Awareness, "animating", crash)
    assert service.setActivation("enabled") == 1
    assert deployment.host.engine.wait_settled("disabled", TIMEOUT)
    assert service.getActivation() == "disabled"
    assert [call for call in robot.perception.calls if extractors.SUBSCRIBER in call] == [
        ("subscribe", extractors.SUBSCRIBER), ("unsubscribe", extractors.SUBSCRIBER)]
    assert subscribers(robot.perception) == subscribers(robot.zones) == []


# -- what the robot provides ---------------------------------------------------------------

def test_a_robot_without_engagement_zones_says_which_reaction_loses_what(deploy, caplog):
    services = tuple(name for name in ALL_SERVICES if name != "ALEngagementZones")
    with caplog.at_level(logging.WARNING, logger="test.service"):
        deployment = deploy(behaviour="hands", services=services)
        service = deployment.start()
    sources = status(service)["context"]["sources"]
    assert sorted(sources["engaged"]["absent"]) == sorted([
        "ALEngagementZones", context_events.ZONES_UPDATED])
    assert context_events.HUMAN_TRACKED in sources["engaged"]["live"]
    assert sources["alone"]["absent"] == [] and sources["listening"]["absent"] == []
    lines = [record.getMessage() for record in caplog.records
             if record.getMessage().startswith("engaged:")]
    assert len(lines) == 1
    assert "ALEngagementZones" in lines[0] and "a person near (engagement zone 1) is not " \
        "known" in lines[0]
    # Looked up before anything subscribed: a subscriber would have created the keys.
    methods = [call.method for call in deployment.robot.memory.calls]
    assert methods.index("getEventList") < methods.index("subscriber")


class Reactions(object):
    """A configuration with every reaction off: the look-up checks Pepper's own state's
    events only."""

    react_to_people = react_to_absence = react_to_listening = False
    yield_to_speech = follow_person_mood = False


def test_an_event_our_subscription_created_still_reads_absent_at_the_next_start():
    """ALMemory's subscriber() creates an event it does not know, and getEventList lists
    it from then on: the first look-up notes the absent events before anything subscribes,
    so that the next one (the package run again, NAOqi not restarted) still finds them
    absent; an event NAOqi declares stays live."""
    memory = FakeMemory()
    memory.declare_event("robotIsWakeUp")
    log = logging.getLogger("test.contract")
    first = contract.look_up(Reactions(), memory, lambda _name: None, None, log)["ownState"]
    assert first["live"] == ["robotIsWakeUp"] and len(first["absent"]) > 1
    links = [memory.subscriber(key) for key in first["absent"]]  # as the package does
    assert set(first["absent"]) <= set(memory.getEventList())
    again = contract.look_up(Reactions(), memory, lambda _name: None, None, log)["ownState"]
    assert again == first and links
    assert memory_events.created(memory) == set(first["absent"])


@pytest.mark.parametrize("state", ["disabled", "safeguard"])
def test_following_without_autonomous_life_says_almood_has_no_data(deploy, caplog, state):
    """ALMood runs in Life's solitary and interactive states only."""
    with caplog.at_level(logging.WARNING, logger="test.service"):
        deployment = deploy(behaviour="hands", followPersonMood="1")
        deployment.robot.life.setState(state)
        service = deployment.start()
    assert status(service)["context"]["sources"]["followMood"]["absent"] == [
        "Autonomous Life"]
    assert "Autonomous Life is not solitary or interactive: ALMood has no data" in caplog.text


# -- the mood that follows the person -------------------------------------------------------

def test_the_mood_leans_toward_the_engaged_persons_and_back_when_they_leave(deploy):
    deployment = deploy(behaviour="hands", motionStyle="lifelike", followPersonMood="1",
                        reactToPeople="false")  # the engaged reaction's own arousal aside
    robot = deployment.robot
    service = deployment.start()
    assert service.setMood(0.2, -0.2) == 1  # the centre the lean moves around
    robot.almood.feel(0.5, confidence=1.0)
    robot.almood.set_ambiance(0.75)  # 2 x 0.75 - 1 = 0.5
    people = People(robot.memory)
    people.arrive(3)
    people.track(3)
    assert service.setActivation("enabled") == 1 and deployment.wait_change("enabled")
    assert deployment.host.engine.context.wait_state(context.ENGAGED, TIMEOUT)
    assert settles(deployment, service, [0.7, 0.3])
    report = status(service)
    assert report["mood"] == [0.2, -0.2]  # getMood keeps the mood set
    assert report["context"]["follow"]["person"] == [0.5, 0.75, 1.0]
    robot.almood.feel(-0.5, confidence=0.7)  # half-weight (0.7 - 0.4) / 0.6
    assert settles(deployment, service, [0.2 - 0.25, -0.2 + 0.25])
    robot.almood.feel(0.9, confidence=0.3)  # below ALMood's own 0.4: nothing
    assert settles(deployment, service, [0.2, -0.2])
    robot.almood.feel(0.5, confidence=1.0)
    assert settles(deployment, service, [0.7, 0.3])
    people.leave(3)
    assert deployment.host.engine.context.wait_state(context.PRESENT, TIMEOUT)
    assert settles(deployment, service, [0.2, -0.2])
    asked = len(robot.almood.calls)
    pause(deployment, 5 * person_mood.PERIOD)
    assert len(robot.almood.calls) == asked  # nobody engaged: ALMood is not asked


def test_without_almood_following_says_so_and_does_nothing(deploy, caplog):
    services = tuple(name for name in ALL_SERVICES if name != "ALMood")
    with caplog.at_level(logging.WARNING, logger="test.service"):
        deployment = deploy(behaviour="hands", followPersonMood="1", services=services)
        service = deployment.start()
    assert "followMood: ALMood missing on this robot: the person's mood is not followed" \
        in caplog.text
    People(deployment.robot.memory).track(2)
    assert deployment.host.engine.context.wait_state(context.ENGAGED, TIMEOUT)
    assert status(service)["context"]["follow"]["lean"] == [0.0, 0.0]


@pytest.mark.parametrize("state, ambiance, expected", [
    ({"valence": {"value": -0.4, "confidence": 0.9}}, {"agitationLevel": 0.2,
                                                      "calmLevel": 0.8},
     follow.Perceived(-0.4, 0.2, 0.9)),
    ({"valence": [0.3, 0.5]}, [0.6, 0.4], follow.Perceived(0.3, 0.6, 0.5)),
])
def test_almoods_structs_are_read_as_a_mapping_or_a_pair(state, ambiance, expected):
    assert person_mood.perceived(state, ambiance) == expected


@pytest.mark.parametrize("state, ambiance", [
    ({}, {"agitationLevel": 0.2}), ({"valence": "positive"}, {"agitationLevel": 0.2}),
    ({"valence": [0.3, 0.5]}, {"calmLevel": 0.2}), ({"valence": [True, 0.5]}, [0.1]),
])
def test_an_almood_answer_of_another_shape_is_refused(state, ambiance):
    with pytest.raises(ValueError):
        person_mood.perceived(state, ambiance)
