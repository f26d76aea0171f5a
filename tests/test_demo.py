"""``make demo``'s command line: what it asks of the runner reaches the runner's
configuration. No qiBullet: the robot is replaced by one that refuses to start, after the
configuration is written. The visitor's mood followed: the scenario's own visitor before
the real engine in-process, with pepper_sim's stand-ins. Pepper's own day: the scenario's
own steps and actor before the real service over qi, on pepper_sim."""
import math
import os
import sys
import threading

import numpy as np
import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: the demo drives qiBullet (a development simulator, not what "
                "Pepper runs)", allow_module_level=True)

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.engine import status as status_module  # noqa: E402
from pepper_bullet import demo, scenario  # noqa: E402


class NoRobot(object):
    def __init__(self, **_options):
        raise RuntimeError("no robot in this test")


def runner_configuration(tmp_path, monkeypatch, argv):
    """The configuration the runner would get from ``demo.main(argv)``."""
    monkeypatch.setattr(scenario, "BulletRobot", NoRobot)
    with pytest.raises(RuntimeError, match="no robot in this test"):
        demo.main(argv + ["--out", str(tmp_path), "--seconds", "1"])
    return config_module.load(str(tmp_path / "config_used.ini"))


@pytest.mark.parametrize("style", ["lifelike", "specification"])
def test_the_style_reaches_the_runner_s_configuration(tmp_path, monkeypatch, style):
    monkeypatch.delenv("STYLE", raising=False)
    config = runner_configuration(tmp_path, monkeypatch, ["--style", style,
                                                          "--behaviour", "body"])
    assert (config.motion_style, config.behaviour, config.platform) == (
        style, "body", "simulator")


def test_the_style_comes_from_the_environment_and_is_specification_without(
        tmp_path, monkeypatch):
    monkeypatch.setenv("STYLE", "lifelike")
    assert runner_configuration(tmp_path, monkeypatch, []).motion_style == "lifelike"
    monkeypatch.delenv("STYLE")
    assert demo.parse_args([]).style == "specification"


@pytest.mark.parametrize("argv, environment", [(["--style", "dance"], None), ([], "dance")])
def test_an_unknown_style_is_refused_with_the_known_ones(monkeypatch, capsys, argv,
                                                         environment):
    if environment is None:
        monkeypatch.delenv("STYLE", raising=False)
    else:
        monkeypatch.setenv("STYLE", environment)
    with pytest.raises(SystemExit) as exit_info:
        demo.parse_args(argv)
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "dance" in error and "specification" in error and "lifelike" in error


def test_the_visitor_scenario_is_offered_and_its_context_summarised(monkeypatch):
    monkeypatch.setenv("SCENARIO", "visitor")
    assert demo.parse_args([]).scenario == "visitor"
    from pepper_bullet import summary
    context = {"time": [0.0, 1.0, 2.0, 3.0], "state": ["present", "engaged", "engaged",
                                                       "listening"], "weights": {}}
    assert summary._context_intervals(context) == [[0.0, 0.0, "present"],
                                                   [1.0, 2.0, "engaged"],
                                                   [3.0, 3.0, "listening"]]


def test_the_visitor_raises_its_events_in_order_to_subscribers():
    from pepper_sim.memory import FakeMemory
    from animate_behaviour.naoqi import context_events
    memory = FakeMemory(synchronous=True)

    class Clock(object):
        def wait_until(self, _time, _timeout):
            return True

        def now(self):
            return 0.0
    heard = []
    subscribers = [memory.subscriber(key) for key in (context_events.HUMAN_TRACKED,
                                                     context_events.RECOGNITION_STATUS,
                                                     context_events.JUST_LEFT)]
    for subscriber in subscribers:
        subscriber.signal.connect(lambda value, key=subscriber.key: heard.append((key, value)))
    problems = []
    visitor = scenario.Visitor(memory, Clock(), 10.0, problems, lambda line: None)
    visitor.join(5.0)
    assert problems == []
    assert heard == [(context_events.HUMAN_TRACKED, 1), (context_events.RECOGNITION_STATUS, "ListenOn"),
                     (context_events.RECOGNITION_STATUS, "SpeechDetected"),
                     (context_events.RECOGNITION_STATUS, "EndOfProcess"),
                     (context_events.RECOGNITION_STATUS, "ListenOff"),
                     (context_events.RECOGNITION_STATUS, "Idle"),
                     (context_events.HUMAN_TRACKED, -1), (context_events.JUST_LEFT, 1)]


# -- the visitor whose mood changes (issue 25) ----------------------------------------------

def test_the_visitor_scenario_follows_the_person_s_mood_at_full_strength(tmp_path, monkeypatch):
    monkeypatch.delenv("STYLE", raising=False)
    assert runner_configuration(tmp_path, monkeypatch, ["--scenario", "visitor"]
                                ).follow_person_mood == scenario.FOLLOW_STRENGTH == 1.0
    assert runner_configuration(tmp_path, monkeypatch, ["--scenario", "quiet"]
                                ).follow_person_mood == 0.0


def test_the_visitor_s_moods_are_perceived_with_alMood_s_confidence():
    moods = [row for row in scenario.VISITOR if row[1] in scenario.PERSON_MOODS]
    assert [what for _, what in moods] == ["feels neutral", "feels happy and attentive",
                                           "feels bored and sad"]
    arrival = dict((what, at) for at, what in scenario.VISITOR)["arrives and engages"]
    leaving = dict((what, at) for at, what in scenario.VISITOR)["leaves"]
    assert all(arrival <= at < leaving for at, _ in moods)  # felt while engaged
    assert all(scenario.PERSON_MOODS[what].confidence >= 0.4 for _, what in moods)
    valences = [scenario.PERSON_MOODS[what].valence for _, what in moods]
    arousals = [scenario.person_mood(scenario.PERSON_MOODS[what])[1] for _, what in moods]
    assert valences[1] > valences[0] > valences[2] and arousals[1] > arousals[0] > arousals[2]


class Steps(object):
    """A clock for scenario.Visitor whose ``wait_until`` returns only when the test
    steps it: ``step()`` lets the visitor do its next row and waits until it is back
    waiting (or done). ``now`` is ``clock``'s."""

    def __init__(self, clock):
        self._clock = clock
        self._cond = threading.Condition()
        self._allowed = 0
        self._waiting = 0

    def now(self):
        return self._clock.now()

    def wait_until(self, _time, timeout):
        with self._cond:
            self._waiting += 1
            self._cond.notify_all()
            if not self._cond.wait_for(lambda: self._allowed, timeout):
                return False
            self._allowed -= 1
            return True

    def step(self, visitor, rows_done):
        """Let ``visitor`` do its next row, and wait until it has: it waits again (its
        ``rows_done`` + 2nd wait), or after its last row, it ends."""
        last = rows_done + 1 == len(scenario.VISITOR)
        with self._cond:
            self._allowed += 1
            self._cond.notify_all()
            if not last:
                assert self._cond.wait_for(lambda: self._waiting >= rows_done + 2, TIMEOUT)
        if last:
            visitor.join(TIMEOUT)


TIMEOUT = 10.0


def test_pepper_s_mood_moves_toward_the_visitor_s_as_each_mood_is_felt():
    """The scenario's visitor (its own table and actor) before the real engine in-process,
    with ALMood's stand-in: after each mood the visitor feels, Pepper's moodNow comes at
    least a third nearer to it; after the visitor leaves, back to the mood set."""
    import logging

    import numpy as np

    from animate_behaviour import configuration as config_module
    from animate_behaviour.engine.motion_engine import MotionEngine
    from animate_behaviour.engine.ports import Robot
    from pepper_sim.memory import FakeMemory
    from pepper_sim.motion import KinematicMotion
    from pepper_sim.perception import FakeMood

    config = config_module.from_mapping({"followPersonMood": str(scenario.FOLLOW_STRENGTH),
                                         "behaviour": "body"})
    motion = KinematicMotion(time_scale=0.05)
    clock = motion.clock
    memory, almood = FakeMemory(clock=clock), FakeMood()
    engine = MotionEngine(lambda: config, Robot(motion, memory, None, {"ALMood": almood},
                                                None),
                          logging.getLogger("test.visitor"), clock=clock,
                          rng=np.random.RandomState(5))
    steps = Steps(clock)
    problems = []
    engine.start()
    try:
        engine.request("enabled")
        assert engine.wait_settled("enabled", TIMEOUT)
        visitor = scenario.Visitor(memory, steps, 10.0, problems, lambda line: None, almood)
        mood_set = engine.mood.get()
        for done, (_fraction, what) in enumerate(scenario.VISITOR):
            before = engine.signal.mood_now()
            steps.step(visitor, done)
            if what not in scenario.PERSON_MOODS:
                continue
            person = scenario.person_mood(scenario.PERSON_MOODS[what])
            start = math.hypot(before[0] - person[0], before[1] - person[1])
            if start < scenario.ALREADY_THERE:
                continue  # nothing to follow (the neutral visitor and Pepper at rest)

            def nearer(person=person, start=start):  # re-checked at each ALMotion call
                now = engine.signal.mood_now()
                return math.hypot(now[0] - person[0], now[1] - person[1]) < start * 2 / 3
            assert motion.wait_for(nearer, TIMEOUT), (what, before, engine.signal.mood_now())
        assert problems == [] and visitor.left is not None
        assert motion.wait_for(lambda: engine.signal.mood_now() == mood_set, TIMEOUT)
        assert [row[1] for row in visitor.felt] == [
            what for _, what in scenario.VISITOR if what in scenario.PERSON_MOODS]
    finally:
        engine.request("disabled")
        engine.wait_settled("disabled", TIMEOUT)
        assert engine.close(TIMEOUT)


def context_of(felt, polls, left):
    """A recorded context: ``polls`` [(time, [valence, arousal])...]."""
    return {"time": [time for time, _ in polls], "state": ["engaged"] * len(polls),
            "weights": {}, "mood": [mood for _, mood in polls],
            "lean": [None] * len(polls), "person": felt, "left": left}


def test_the_mood_follow_is_summarised_per_mood_felt():
    felt = [[1.0, "feels neutral", 0.0, 0.0, 0.7], [3.0, "feels happy", 0.8, 0.7, 0.9],
            [5.0, "feels sad", -0.7, -0.6, 0.8]]
    polls = [(0.5, [0.0, 0.0]), (2.5, [0.0, -0.5]), (4.5, [0.6, 0.1]), (6.0, [0.7, 0.1])]
    phases = scenario.mood_follow(context_of(felt, polls, 6.0))
    assert [(phase["what"], phase["start"], phase["end"]) for phase in phases] == [
        ("feels neutral", 1.0, 3.0), ("feels happy", 3.0, 5.0), ("feels sad", 5.0, 6.0)]
    assert [phase["moved_toward"] for phase in phases] == [None, True, False]
    assert phases[1]["robot_start"] == [0.0, -0.5] and phases[1]["robot_end"] == [0.6, 0.1]
    lines = scenario.mood_lines(phases)
    assert "already there" in lines[0] and "toward theirs" in lines[1]
    assert "NOT toward theirs" in lines[2]
    assert scenario.mood_follow(context_of([], polls, None)) == []


def test_the_plot_gains_a_mood_row_with_the_visitor_s_mood(tmp_path):
    from pepper_sim import plot
    felt = [[1.0, "feels happy", 0.8, 0.7, 0.9]]
    context = context_of(felt, [(0.5, [0.0, 0.0]), (2.5, [0.5, 0.3])], 3.0)
    assert plot.has_mood_row(context)
    assert not plot.has_mood_row(context_of([], [(0.5, [0.0, 0.0]), (2.5, [0.0, 0.0])], None))
    commands = {"trajectories": [{"names": ["HeadYaw"], "angles": [[0.1]], "times": [[1.0]],
                                  "start": 0.0, "end": 1.0, "killed": False,
                                  "start_angles": [0.0]}], "headings": [], "moves": []}
    path = str(tmp_path / "plot.png")
    assert plot.plot_commands(commands, None, path, context=context) == ["HeadYaw"]
    assert os.path.getsize(path) > 0



@pytest.mark.parametrize("style", ["lifelike", "specification"])
def test_the_band_reported_is_the_planner_s_at_the_moods_the_run_read(style):
    """A lively mood widens the band the planner allows (the lifelike legs' too), a valence
    moves its rest: the report's allowed offset and LB..UB follow the moods read, and with
    none read are the seed's Table 1 at the configured mood."""
    from pepper_sim import plot
    from animate_behaviour.expression import mood_table
    from animate_behaviour.planning import joints, trajectory
    config = config_module.from_mapping({"motionStyle": style})
    for joint in ("KneePitch", "LShoulderPitch"):
        home, lower, upper, allowed = plot.joint_bounds(config, joint)
        limit, widest = joints.URDF_LIMITS[joint], config.maximum_range(joint)
        assert allowed == pytest.approx(trajectory.random_offset(limit, widest, 0.5))
        assert (lower, upper) == pytest.approx(trajectory.random_bounds(home, limit, widest, 0.5))
        lively = plot.joint_bounds(config, joint, plot.mood_readings(
            config, [[0.0, 0.0], [0.0, 1.0], [0.0, 0.5]]))
        wider = mood_table.figures(config, 1.0)["selectedRange"]
        assert lively[3] == pytest.approx(trajectory.random_offset(limit, widest, wider))
        assert lively[1] < lower and lively[2] > upper
    # A valence moves the arm's rest (mood_table's ShoulderPitch row: -0.12 rad at 1).
    home, _lower, _upper, allowed = plot.joint_bounds(config, "LShoulderPitch")
    glad = plot.joint_bounds(config, "LShoulderPitch", plot.mood_readings(config, [[1.0, 0.0]]))
    assert glad[1] < home - allowed and glad[3] > allowed
    # The base's heading band widens with rotMaximumRange's arousal row.
    assert plot.heading_band(config) == pytest.approx(trajectory.heading_band(0.3))
    lively = plot.mood_readings(config, [[0.0, 0.0], [0.0, 1.0]])
    assert plot.heading_band(config, lively) == pytest.approx(
        trajectory.heading_band(mood_table.figures(config, 1.0)["rotMaximumRange"]))


def test_the_heading_reported_is_our_turns_from_where_they_centre():
    """Our turns centre on the start, then on where another app's drive left the base
    (base_worker): the drive itself, and the heading it changed, are not ours."""
    from pepper_bullet import summary
    times = np.arange(0.0, 10.0, 0.5)
    headings = np.zeros(len(times))
    headings[(times >= 1.0) & (times < 4.0)] = 0.05  # our turn
    headings[times >= 4.0] = -0.2  # the other app drives from 4 to 5 s
    headings[times >= 7.0] = -0.15  # our turn, 0.05 from where the drive left the base
    drives = [{"start": 4.0, "end": 5.0}]
    offsets = summary.heading_offsets(times, headings, drives)
    assert np.all(np.isnan(offsets[(times >= 4.0) & (times <= 5.0)]))
    assert np.nanmin(offsets) == pytest.approx(0.0)
    assert np.nanmax(offsets) == pytest.approx(0.05)
    # Another app still driving at the end: the rest of the run is theirs.
    assert np.all(np.isnan(summary.heading_offsets(times, headings,
                                                   [{"start": 4.0, "end": None}])[8:]))

# -- Pepper's own day (issue 29) ------------------------------------------------------------

class SecondsSince(object):
    """Robot seconds since it was made on ``clock`` (pepper_sim's scaled clock), with the
    ``now()`` and ``wait_until(time, timeout)`` of the simulator's clock that the
    scenario's actors and StatusWatch wait with."""

    def __init__(self, clock):
        self._clock = clock
        self._start = clock.now()

    def now(self):
        return self.of(self._clock.now())

    def of(self, time):
        """A time of ``clock`` in robot seconds since this was made."""
        return self._clock.elapsed(self._start, time)

    def wait_until(self, time, _timeout):
        left = time - self.now()
        if left > 0:
            self._clock.wait(self._clock.event(), left)
        return True


# Wall seconds per robot second: the day's 114 robot seconds in about 6 wall seconds, each
# state's few robot seconds still tens of polls.
DAY_SCALE = 0.05
DAY_POLL = 0.25  # robot s between getStatus polls
IN_FLIGHT = 0.5  # robot s around Pepper going limp a call sent before may still arrive


def test_the_day_scenario_s_steps_are_rows_of_its_own():
    assert [step.at for step in scenario.DAY] == sorted(step.at for step in scenario.DAY)
    for step in scenario.DAY:
        assert step.by in (None, scenario.PEPPER, scenario.ANOTHER_CLIENT), step
        assert step.expect, step  # each says what getStatus shows
        for _part, state, reason in step.expect:
            assert state in status_module.STATES, step
            assert (reason is None) == (state not in status_module.WITH_REASON), step
    # Pepper's day names what PeppersDay can do, another client's what ALMotion serves.
    from pepper_sim.day import PeppersDay
    from pepper_sim.motion import KinematicMotion
    assert all(callable(getattr(PeppersDay, step.call)) for step in scenario.DAY
               if step.by == scenario.PEPPER)
    assert all(callable(getattr(KinematicMotion, step.call)) for step in scenario.DAY
               if step.by == scenario.ANOTHER_CLIENT)
    assert scenario.DAY_SECONDS == scenario.DAY[-1].at + scenario.AFTER_LAST_STEP
    assert demo.parse_args(["--scenario", "day"]).seconds == scenario.DAY_SECONDS


def test_a_day_shorter_than_its_steps_is_refused(monkeypatch, capsys):
    monkeypatch.setenv("SECONDS", "30")
    with pytest.raises(SystemExit):
        demo.parse_args(["--scenario", "day"])
    assert "the day scenario needs at least 114 s" in capsys.readouterr().err
    with pytest.raises(ValueError, match="the day scenario plays its steps until 104 s"):
        scenario.run(30.0, "unused", scenario="day")


@pytest.mark.usefixtures("no_gc_pauses")  # timed on the wall clock, scaled
def test_each_step_of_the_day_shows_its_documented_state():
    """The day scenario's own table and actor before the real service on pepper_sim (over
    qi, on a scaled clock): getStatus shows each step's state in order before the next
    step, and nothing is sent into limp joints all day."""
    from helpers.pepper_day import Pepper
    pepper = Pepper(time_scale=DAY_SCALE)
    try:
        pepper.enable()
        clock = SecondsSince(pepper.clock)
        problems = []
        watch = scenario.StatusWatch(pepper.service, clock, problems, DAY_POLL)
        day = scenario.Day(pepper.robot.url, pepper.day, clock, problems, lambda line: None)
        day.join(scenario.DAY_SECONDS * DAY_SCALE + TIMEOUT)
        clock.wait_until(scenario.DAY_SECONDS, None)
        watch.stop()
        assert problems == []
        from pepper_bullet import summary
        seen = scenario.day_seen(watch.states)
        assert [step for step in seen if step["missing"] or step["unreported"]] == [], \
            "\n".join(summary.day_lines(seen))
        assert len(day.calls) == 3
        # A call sent as Pepper went limp may reach ALMotion just after (the event takes a
        # round trip to reach the package: a tenth of a robot second at this scale, 20
        # times what it is on a robot); none later.
        limp = [clock.of(entry.time) for entry in pepper.day.log if entry.what == "fell"] + [
            time for time, what in day.calls if what.startswith("rest()")]
        assert [(clock.of(command.time), command) for command in pepper.motion.limp_commands
                if not any(abs(clock.of(command.time) - time) < IN_FLIGHT for time in limp)
                ] == [], limp
        pepper.disable()
    finally:
        pepper.close()


def test_the_plot_gains_a_row_of_each_part_s_state_with_the_day_s_events(tmp_path):
    from pepper_sim import plot
    states = {"time": [0.0, 1.0, 2.0, 3.0],
              "parts": {"base": [None, {"state": "animating"},
                                 {"state": "waiting", "reason": "docked"},
                                 {"state": "waiting", "reason": "docked"}],
                        "leftArm": [{"state": "home"}, {"state": "animating"},
                                    {"state": "paused", "reason": "fall"},
                                    {"state": "yielding", "yieldingTo": "speech"}]}}
    commands = {"trajectories": [{"names": ["HeadYaw"], "angles": [[0.1]], "times": [[1.0]],
                                  "start": 0.0, "end": 1.0, "killed": False,
                                  "start_angles": [0.0]}], "headings": [], "moves": []}
    path = str(tmp_path / "plot.png")
    assert plot.plot_commands(commands, None, path, states=states,
                              events=[[1.5, "docked"], [2.0, "fell"]]) == ["HeadYaw"]
    assert os.path.getsize(path) > 0
    assert set(plot.STATE_COLOURS) == set(status_module.STATES)
