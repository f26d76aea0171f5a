"""The context (people, listening) from its stand-in events: the state machine on a clock
the test moves, and each reaction driven in the engine against in-process stand-ins
(both lanes)."""
from __future__ import absolute_import, division, print_function

import logging

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.engine import ports
from animate_behaviour.expression import context, facts, live_signal, mood
from animate_behaviour.naoqi import context_events
from animate_behaviour.naoqi.memory_events import MemorySubscriptions
from animate_behaviour.planning import joints
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion
from pepper_sim.people import Listening, People
from pepper_sim.virtual_clock import VirtualClock

from helpers.manual_clock import ManualClock

pytestmark = pytest.mark.usefixtures("no_gc_pauses")  # conftest: timed on the wall clock

TIMEOUT = 10.0
LOG = logging.getLogger("test.context")
ARM_MOVES = set(joints.ARM_JOINTS + joints.HAND_JOINTS) - {"LShoulderPitch", "RShoulderPitch"}


class Watched(object):
    """A Context on a manual clock, following a synchronous ALMemory stand-in."""

    def __init__(self, memory=True, **values):
        settings = {"aloneAfter": "1"}
        settings.update(values)
        self.config = config_module.from_mapping(settings)
        self.clock = ManualClock()
        self.changes = []
        self.context = context.Context(self.config, self.clock, LOG,
                                       lambda: self.changes.append(self.context.state))
        self.memory = FakeMemory(synchronous=True)
        self.subscriptions = MemorySubscriptions(self.memory, LOG)  # kept: they hold on
        if memory:
            context_events.subscribe(self.context, self.subscriptions, self.memory, LOG)
        self.people = People(self.memory)
        self.listening = Listening(self.memory)

    def at(self, seconds):
        """Move the clock to ``seconds`` after the start and let the context see it."""
        self.clock.time = 1000.0 + seconds
        return self.context.report()

    def reading(self):
        """What the context asks of the motion now (its signal_source.Part)."""
        return self.context.part(self.clock.now())

    def offset(self):
        """What the context adds to the mood's arousal now."""
        return self.reading().arousal

    def heard(self, fact, *values):
        self.context.heard(fact, *values)


def test_a_visitor_goes_from_present_to_engaged_and_back_with_ramped_weights():
    watched = Watched()
    assert watched.at(0)["state"] == context.PRESENT
    watched.people.arrive(7)
    assert watched.context.state == context.PRESENT
    assert not watched.reading().base_holds
    watched.people.track(7)
    assert watched.context.state == context.ENGAGED
    assert watched.reading().base_holds
    assert watched.changes == [context.ENGAGED]
    # The arousal follows the weight, moment by moment: no step.
    assert watched.offset() == 0.0
    assert watched.at(1.0)["weights"][context.ENGAGED] == 0.5
    assert watched.offset() == 0.5 * context.ENGAGED_AROUSAL
    assert watched.at(2.0)["weights"][context.ENGAGED] == 1.0
    assert watched.offset() == context.ENGAGED_AROUSAL
    watched.people.leave(7)
    assert watched.context.state == context.PRESENT  # seen less than aloneAfter ago
    assert not watched.reading().base_holds
    assert watched.at(3.0)["weights"][context.ENGAGED] == 0.5
    assert watched.offset() == 0.5 * context.ENGAGED_AROUSAL
    assert watched.at(4.0)["weights"] == {"engaged": 0.0, "listening": 0.0, "alone": 0.0}


def test_zone_one_engages_and_a_farther_zone_releases():
    watched = Watched()
    watched.people.approach(3)
    assert watched.context.state == context.ENGAGED
    watched.people.approach(3, zone=2)
    assert watched.context.state == context.PRESENT


def test_listening_lasts_from_listen_on_to_listen_off_through_end_of_process():
    watched = Watched()
    watched.listening.start()
    assert watched.context.state == context.LISTENING
    assert watched.reading().arms_hold
    watched.listening.hear()  # SpeechDetected, EndOfProcess: still listening
    assert watched.context.state == context.LISTENING
    assert watched.reading().arms_hold
    assert watched.at(0.25)["weights"][context.LISTENING] == 1.0
    watched.listening.stop()
    assert not watched.reading().arms_hold
    assert watched.context.state == context.PRESENT


def test_alone_after_the_configured_minutes_gliding_in_and_back_within_a_second():
    watched = Watched(aloneArousal="-0.6")
    watched.people.arrive(1)
    watched.people.leave(1)
    assert watched.at(59.9)["state"] == context.PRESENT
    assert watched.offset() == 0.0
    report = watched.at(60.0)
    assert report["state"] == context.ALONE
    # Settling over a minute, a little more at every moment.
    glide = []
    for seconds in (60.0, 75.0, 90.0, 105.0, 120.0, 130.0):
        watched.at(seconds)
        glide.append(watched.offset())
    assert glide == pytest.approx([0.0, -0.15, -0.3, -0.45, -0.6, -0.6])
    assert watched.context.tick() is None  # nothing more to wait for
    assert watched.at(120.0)["weights"][context.ALONE] == 1.0
    watched.people.arrive(2)
    assert watched.context.state == context.PRESENT
    assert watched.at(120.25)["weights"][context.ALONE] == 0.5
    assert watched.at(120.5)["weights"][context.ALONE] == 0.0  # back within a second
    assert watched.offset() == 0.0


def test_zone_one_is_read_from_the_zones_list_at_each_update():
    watched = Watched()
    watched.people.approach(3)
    assert watched.context.state == context.ENGAGED
    assert watched.memory.calls[-1].method == "getData"  # the documented state, once
    watched.people.approach(5)
    watched.people.approach(3, zone=2)
    assert watched.context.state == context.ENGAGED  # 5 is still near
    watched.people.approach(5, zone=3)
    assert watched.context.state == context.PRESENT
    assert [call.method for call in watched.memory.calls].count("getData") == 4


def test_a_late_human_lost_never_ends_a_newer_tracking():
    watched = Watched()
    watched.people.track(4)
    watched.at(10.0)
    watched.people.track(5)  # basic awareness turns to someone else...
    watched.people.lost()  # ...and the HumanLost raised for 4 arrives after it
    assert watched.context.state == context.ENGAGED and watched.reading().base_holds
    watched.at(10.0 + facts.BURST + 0.1)
    watched.people.lost()  # this one is 5's
    assert watched.context.state == context.PRESENT and not watched.reading().base_holds


def test_an_out_of_order_burst_does_not_bring_back_a_person_who_left():
    watched = Watched()
    watched.people.arrive(4)
    watched.people.track(4)
    # The JustLeft of person 4 overtakes the events raised before it.
    watched.heard("just_left", 4)
    watched.heard("human_tracked", 4)
    watched.heard("zone_one", [4])
    watched.heard("just_arrived", 4)
    watched.heard("people_list", [4])
    assert watched.context.state == context.PRESENT
    assert not watched.reading().base_holds
    assert watched.at(60.0)["state"] == context.ALONE  # no one brought back


def test_a_late_population_list_keeps_someone_who_just_arrived():
    watched = Watched()
    watched.heard("just_arrived", 9)
    watched.heard("people_list", [])  # raised before 9 arrived, heard after
    assert watched.at(60.0)["state"] == context.PRESENT  # 9 is still there


def test_lost_events_expire_instead_of_freezing_the_arms_or_the_base():
    watched = Watched(aloneAfter="10")
    watched.listening.start()
    watched.people.track(5)
    assert watched.reading().arms_hold and watched.reading().base_holds
    assert watched.at(facts.STALE_LISTENING + 0.1)["state"] == context.ENGAGED
    assert not watched.reading().arms_hold
    assert watched.at(facts.STALE_PEOPLE + 0.1)["state"] == context.PRESENT
    assert not watched.reading().base_holds


def test_an_unknown_value_teaches_nothing():
    watched = Watched()
    watched.heard("human_tracked", "seven")
    watched.people.arrive(6)
    watched.heard("people_list", None)
    watched.heard("people_list", "6")
    watched.heard("recognition_status", 3)
    assert watched.at(1.0)["state"] == context.PRESENT
    assert watched.at(61.0)["state"] == context.PRESENT  # 6 is still there


@pytest.mark.parametrize("key, drive, reading, reaction", [
    ("reactToPeople", lambda w: w.people.track(1), "base_holds", context.ENGAGED),
    ("reactToListening", lambda w: w.listening.start(), "arms_hold", context.LISTENING),
])
def test_each_key_switches_its_reaction_off(key, drive, reading, reaction):
    watched = Watched(**{key: "false"})
    drive(watched)
    assert not getattr(watched.reading(), reading)
    assert watched.at(5.0)["weights"][reaction] == 0.0
    assert watched.offset() == 0.0


def test_react_to_absence_off_leaves_the_arousal_alone():
    watched = Watched(reactToAbsence="false")
    assert watched.at(600.0)["state"] == context.ALONE
    assert watched.at(700.0)["weights"][context.ALONE] == 0.0
    assert watched.offset() == 0.0


def test_without_people_events_pepper_never_counts_as_alone():
    watched = Watched(memory=False)
    assert watched.at(3600.0)["state"] == context.PRESENT


def test_the_keys_are_checked_like_the_others():
    with pytest.raises(config_module.ConfigurationError) as refused:
        config_module.from_mapping({"aloneAfter": "0.5"})
    assert "aloneAfter = 0.5 is not allowed: a number of minutes in [1, 120]" in str(
        refused.value)
    with pytest.raises(config_module.ConfigurationError) as refused:
        config_module.from_mapping({"aloneArousal": "0.2"})
    assert "aloneArousal = 0.2 is not allowed: a number in [-1, 0]" in str(refused.value)


def test_the_mood_set_stays_what_get_mood_says_while_alone():
    watched = Watched()
    the_mood = mood.Mood(0.25, 0.5, watched.clock, LOG)
    live = live_signal.LiveSignal(lambda: watched.config, [the_mood, watched.context],
                                  watched.clock)
    watched.at(60.0)
    watched.at(120.0)
    assert watched.context.state == context.ALONE
    assert the_mood.get() == [0.25, 0.5]
    assert live.mood_now() == [0.25, 0.0]  # the mood Pepper moves by: 0.5 - 0.5
    # How alone Pepper is reaches the planners too (the fidgets, posture_changes.py).
    assert live.now().alone == 1.0
    watched.people.arrive(4)
    watched.at(120.25)
    assert live.now().alone == 0.5  # gliding back as the arousal does


# -- the reactions in the engine (in-process stand-ins) -------------------------------------

SCALE = 0.01
# Listenings that begin while the arms animate: at arousal 1 most of their calls have a
# step planned ahead, a move or a creep nearly every time.
LISTENINGS = 8
FAST = {"gestureDuration": "0.5", "numPoints": "20", "legRepeatFactor": "3",
        "numPointsLeg": "2", "motionStyle": "lifelike"}


class Robot(object):
    def __init__(self, clock=None, **values):
        settings = dict(FAST)
        settings.update(values)
        self.config = config_module.from_mapping(settings)
        self.motion = KinematicMotion(time_scale=SCALE) if clock is None else \
            KinematicMotion(clock=clock)
        self.memory = FakeMemory(clock=self.motion.clock)
        self.engine = engine_module.MotionEngine(
            lambda: self.config, ports.Robot(self.motion, self.memory, None, None, None), LOG,
            clock=self.motion.clock, rng=np.random.RandomState(3))
        self.engine.start()
        self.people = People(self.memory)
        self.listening = Listening(self.memory)

    def enable(self):
        self.engine.request("enabled")
        assert self.engine.wait_settled("enabled", TIMEOUT)

    def now(self):
        return self.motion.clock.now()

    def wait_seconds(self, seconds):
        """Wait (on the stand-in's records) until ``seconds`` robot s of calls were sent."""
        start = self.now()
        assert self.motion.wait_for(
            lambda: self.motion.trajectories and self.motion.clock.elapsed(
                start, self.motion.trajectories[-1].requested) >= seconds, TIMEOUT)

    def close(self):
        assert self.engine.close(TIMEOUT)


@pytest.fixture
def robot():
    made = []

    def make(**values):
        made.append(Robot(**values))
        return made[-1]
    yield make
    for each in made:
        each.close()


def test_the_base_never_turns_while_a_person_is_engaged(robot):
    pepper = robot(behaviour="all")
    pepper.people.arrive(1)
    pepper.people.track(1)
    assert pepper.engine.context.wait_state(context.ENGAGED, TIMEOUT)
    pepper.enable()
    pepper.wait_seconds(20.0)  # 4 to 8 pauses between turns at gestureDuration 0.5
    assert pepper.motion.calls_to("moveTo") == []
    pepper.people.leave(1)
    assert pepper.motion.wait_for(lambda: pepper.motion.calls_to("moveTo"), TIMEOUT)


def test_no_arm_move_starts_while_pepper_listens_and_breathing_goes_on(robot):
    pepper = robot(behaviour="body")
    pepper.listening.start()
    pepper.listening.hear()
    # Listening before enabling: a move whose check came before the event was heard
    # could otherwise still go out (the call then ends as planned).
    assert pepper.engine.context.wait_state(context.LISTENING, TIMEOUT)
    pepper.enable()
    assert pepper.motion.wait_for(lambda: len([
        record for record in pepper.motion.trajectories
        if "LShoulderPitch" in record.names]) >= 6, TIMEOUT)  # breathing on
    records = pepper.motion.trajectories
    assert [record for record in records if set(record.names) & ARM_MOVES] == []
    assert any(set(record.names) & set(joints.LEG_JOINTS) for record in records)  # legs on
    pepper.listening.stop()
    assert pepper.motion.wait_for(lambda: any(
        set(record.names) & ARM_MOVES for record in pepper.motion.trajectories), TIMEOUT)


def test_a_step_planned_before_pepper_listens_never_goes_out_while_she_listens(robot):
    # A joined call plans the step after it ahead (planning.joining): planned before
    # Pepper listened, an arm's move or creep went out after she began to, now and then.
    # On a virtual clock each listening begins at an instant when every thread of the run
    # waits (clock.idle): whatever goes out after it was planned after it was heard.
    clock = VirtualClock(free=("animateBehaviour.supervisor",))
    pepper = robot(clock=clock, behaviour="body", arousal="1")
    pepper.enable()
    went_out = []
    for _episode in range(LISTENINGS):
        pepper.wait_seconds(3.0)
        with clock.idle(TIMEOUT):
            pepper.listening.start()
            assert pepper.memory.wait_for_notifications(TIMEOUT)
            clock.settle(TIMEOUT)
            assert pepper.engine.context.wait_state(context.LISTENING, TIMEOUT)
            sent = len(pepper.motion.trajectories)
        pepper.wait_seconds(4.0)
        went_out += [record for record in pepper.motion.trajectories[sent:]
                     if set(record.names) & ARM_MOVES]
        with clock.idle(TIMEOUT):
            pepper.listening.stop()
            assert pepper.memory.wait_for_notifications(TIMEOUT)
            over = len(pepper.motion.trajectories)
    assert went_out == []
    # Listening over, the arms move again.
    pepper.wait_seconds(10.0)
    assert any(set(record.names) & ARM_MOVES for record in pepper.motion.trajectories[over:])


@pytest.mark.parametrize("key, drive, moved", [
    ("reactToPeople", lambda pepper: (pepper.people.arrive(1), pepper.people.track(1)),
     lambda motion: motion.calls_to("moveTo")),
    ("reactToListening", lambda pepper: pepper.listening.start(),
     lambda motion: [record for record in motion.trajectories
                     if set(record.names) & ARM_MOVES]),
])
def test_with_its_key_off_the_event_changes_nothing(robot, key, drive, moved):
    pepper = robot(behaviour="all", **{key: "false"})
    drive(pepper)
    assert pepper.memory.wait_for_notifications(TIMEOUT)
    pepper.enable()
    assert pepper.motion.wait_for(lambda: moved(pepper.motion), TIMEOUT)
