"""The robot check (issues 25 and 30) against pepper_sim on a loopback qi session: every
fact confirmed on the stand-in robot and everything put back; against each of its
variants (robot_check.variants), exactly that variant's fact contradicted (the check's
own mutation test); nothing moved without consent; a robot that cannot be reached, is
lost or is interrupted leaves a clear line and a report that says where it stopped.

The stand-ins and the check run on one scaled clock (SCALE wall s per robot s): the check
waits and measures in robot seconds, so its trials decide as on a Pepper in real time. The
mood trial follows ALMood on the robot's paced clock (simulated.PacedClock), whose robot
time stands still while the stand-in owes an update: a loaded machine delays it, never
decides it."""
from __future__ import absolute_import, division, print_function

import io
import json
import math
import os
import socket
import subprocess
import sys
import threading

import pytest

from animate_behaviour.expression import own_state_signs
from animate_behaviour.foundation.registering import register
from animate_behaviour.naoqi import heat, own_state_events
from animate_behaviour.planning import joints
from animate_behaviour.planning.trajectory import PEAK_TO_MEAN_SPEED
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion
from pepper_sim.qi_server import ServedMotion, served, served_motion
from robot_check import (arm_trials, consent, day_trials, facts, report, run, service_trials,
                         simulated, timing, variants)
from robot_check.facts import (CONFIRMED, CONTRADICTED, JOINT, LEG_JOINT, NOT_DECIDED,
                               NOT_TRIED)
from robot_check.service_trials import TEST_SUBSCRIBER

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "check_robot.py")
SCALE = 0.2
TIMING = timing.ROBOT._replace(scale=SCALE)
# Every ALMotion method that moves something or changes its state.
MOVING = ("angleInterpolation", "setAngles", "changeAngles", "moveTo", "setStiffnesses",
          "wakeUp", "rest", "killTask", "killAll", "killTasksUsingResources", "stopMove",
          "killMove")
ALL_CONFIRMED = dict((key, CONFIRMED) for key in facts.BY_KEY)
# The wrist of the arm simulated.Robot has disabled, which the chain trial calls.
DISABLED_WRIST = day_trials.WRISTS[simulated.DISABLED[0]]


def confirmed_but_steps_not_asked(asked=()):
    """Every fact confirmed, but those of an owner step not ``asked``: not tried."""
    return dict((key, CONFIRMED if fact.step is None or fact.step in asked else NOT_TRIED)
                for key, fact in facts.BY_KEY.items())


@pytest.fixture(autouse=True)
def _quiet_collector(no_gc_pauses):
    """The check times calls on the wall clock: no long garbage collection under it."""


def _names(names):
    return [names] if isinstance(names, str) else list(names)


def _yes(_text):
    return consent.Consent(True, "the test")


def _read(folder):
    with open(os.path.join(folder, "report.json")) as stream:
        return json.load(stream)


def check(robot, move_base=True, yes=True, asked=(), confirm=None):
    """Run the check on ``robot`` (simulated.Robot), its ALMood followed on its own clock;
    its JSON report."""
    run.run(robot.url, robot.folder, lambda _text: consent.Consent(yes, "the test"),
            move_base, TIMING._replace(mood_clock=robot.mood_clock), asked, confirm)
    return _read(robot.folder)


def results(document):
    return dict((entry["fact"], entry["result"]) for entry in document["facts"])


def observed(document, key):
    return [entry["observed"] for entry in document["facts"] if entry["fact"] == key][0]


class System(object):
    """ALSystem, for its version only."""

    def systemVersion(self):
        return "2.5.5.5"


@pytest.fixture
def make_robot(tmpdir):
    robots = []

    def make(**kwargs):
        kwargs.setdefault("time_scale", SCALE)
        robot = simulated.Robot(**kwargs)
        robot.folder = str(tmpdir.join("report%d" % len(robots)))
        robots.append(robot)
        return robot
    yield make
    for robot in robots:
        robot.close()


# -- pepper_sim confirms every fact ---------------------------------------------------------

def test_pepper_sim_confirms_every_fact_and_everything_is_put_back(make_robot):
    """Every owner step asked for, and done by pepper_sim's owner at its prompt."""
    robot = make_robot()
    motion, day = robot.robot.motion, robot.robot.day
    motion.setStiffnesses(JOINT, 0.6)
    start = motion.getAngles(JOINT, False)[0]
    leg_start = motion.getAngles(LEG_JOINT, False)[0]
    disabled_start = motion.getAngles(DISABLED_WRIST, False)[0]
    motion.reset_records()
    owner, prompts = simulated.Owner(day), []

    def confirm(text):
        prompts.append(text)
        return owner.confirm(text)
    document = check(robot, asked=run.steps(), confirm=confirm)
    assert results(document) == ALL_CONFIRMED
    assert document["check"] == "complete"
    assert document["moves"].startswith("%s 5 degrees and back" % JOINT)
    assert document["base"] == "turned 0.05 rad and back"
    # The owner was asked to close the flap once its trial was over.
    assert prompts == [day_trials.OPEN_FLAP, day_trials.CLOSE_FLAP, day_trials.MAKE_ROOM]
    assert [entry.what for entry in day.log[-2:]] == ["flap open", "flap closed"]
    # Put back: the joint where it was, its stiffness as it was (set back by each trial
    # that raised it, before the rest: wakeUp then stiffens every motor, as NAOqi's
    # does), Pepper awake (rested and woken up once, by the check), the base's heading,
    # the extractors' subscribers (Autonomous Life's only).
    assert abs(motion.getAngles(JOINT, False)[0] - start) < 1e-3
    assert abs(motion.getAngles(LEG_JOINT, False)[0] - leg_start) < 1e-3
    assert [call.args for call in motion.calls_to("setStiffnesses")] == [
        (JOINT, 1.0), (JOINT, 0.6)] * 2
    assert [call.method for call in motion.calls if call.method in ("rest", "wakeUp")] == [
        "rest", "wakeUp"]
    assert motion.robotIsWakeUp()
    assert abs(motion.getRobotPosition(True)[2]) < 1e-3
    for extractor in (robot.robot.perception, robot.robot.zones):
        assert [row[0] for row in extractor.getSubscribersInfo()] == ["ALAutonomousLife"]
    # Safe, and as the question says: one arm joint, never faster than MAX_SPEED (an eased
    # call peaks at PEAK_TO_MEAN_SPEED times its mean), a tiny turn of the base; with the
    # flap open, the hip LEG_STEP and back.
    assert arm_trials.MAX_SPEED == math.radians(5.0)
    asked = consent.question(JOINT, 5.0, math.degrees(arm_trials.MAX_SPEED), None,
                             math.degrees(day_trials.TINY))
    assert "never faster than 5 degrees a second" in asked
    assert "1-degree call" in asked
    assert motion.trajectories
    assert [abs(record.angles[0][-1] - record.start_angles[0]) for record in
            motion.trajectories if record.names == [LEG_JOINT]] == pytest.approx(
                [day_trials.LEG_STEP] * 2)
    for record in motion.trajectories:
        assert record.names in ([JOINT], [LEG_JOINT])
        peak = PEAK_TO_MEAN_SPEED * abs(record.angles[0][-1] - record.start_angles[0]) / (
            record.times[0][-1])
        assert peak <= arm_trials.MAX_SPEED + 1e-9
    # Never the head, nor another joint; but one call of 1 degree on the wrist of the arm
    # ALMotion/Protection reports disabled (it raised: no trajectory).
    tiny = [call for call in motion.calls_to("angleInterpolation")
            if _names(call.args[0]) == [DISABLED_WRIST]]
    assert len(tiny) == 1
    assert abs(abs(tiny[0].args[1][0] - disabled_start) - day_trials.TINY) < 1e-9
    for method in ("angleInterpolation", "setAngles", "changeAngles", "setStiffnesses"):
        for call in motion.calls_to(method):
            assert call in tiny or _names(call.args[0]) in ([JOINT], [LEG_JOINT])
    speeds = [call.args[2] * joints.URDF_LIMITS[JOINT].max_velocity
              for call in motion.calls_to("setAngles")]
    assert len(speeds) == 2 and max(speeds) <= arm_trials.MAX_SPEED + 1e-9
    # The base trial's turn and back, and the turn the open flap refused.
    assert [abs(call.args[2]) <= 0.05 for call in motion.calls_to("moveTo")] == [True] * 3


# -- the check's own mutation test ----------------------------------------------------------

# What the observed value of a contradicted fact names, where two variants share a fact
# or it says what the robot did.
SAYS = {"preempts": "preempted", "refuses": "refused", "disabled-chain-returns": "returned",
        "flap-moves": "returned True", "flap-stops-arms": "raised",
        "silent-rest": "robotIsWakeUp False not heard before wakeUp() was sent",
        "created-event": "listed only because a subscriber created them"}


@pytest.mark.parametrize("name", list(variants.VARIANTS))
def test_each_variant_contradicts_exactly_its_fact(tmpdir, name):
    """The fact the variant contradicts reads contradicted, the facts tried only through
    it not decided, and every other fact keeps pepper_sim's result: confirmed, or not
    tried for the owner steps the variant does not need (asked only for its own, done by
    pepper_sim's owner: the run stays short)."""
    variant = variants.VARIANTS[name]
    folder = str(tmpdir)
    run.run(None, folder, None, move_base=True, timing=TIMING, asked=variant.steps,
            variant=name)
    document = _read(folder)
    expected = confirmed_but_steps_not_asked(variant.steps)
    expected.update((key, NOT_DECIDED) for key in variant.undecided)
    expected[variant.fact] = CONTRADICTED
    assert results(document) == expected
    assert SAYS.get(name, "") in observed(document, variant.fact)
    assert ("variant %r" % name) in document["robot"]


# -- what the trials tell apart --------------------------------------------------------------

class ZoneWrittenWhenSubscribed(variants.MemoryView):
    """ALEngagementZones' data keys exist only while the check has it subscribed (as on a
    robot where it never ran since boot)."""

    def getDataList(self, filterName):
        names = self.memory.getDataList(filterName)
        if TEST_SUBSCRIBER in self.robot.zones.subscribers:
            return names
        return [name for name in names if not name.startswith("EngagementZones/")]


def test_zone_data_is_looked_up_while_the_check_has_the_extractors_subscribed(make_robot):
    document = check(make_robot(memory=served(ZoneWrittenWhenSubscribed)), move_base=False)
    assert results(document)["events_declared"] == CONFIRMED


def test_a_robot_without_almood_contradicts_it(make_robot):
    document = check(make_robot(without=("ALMood",)), move_base=False)
    assert (results(document)["mood_updating"], observed(document, "mood_updating")) == (
        CONTRADICTED, "ALMood is not served")


class LateMood(simulated.MoodWithProperties):
    """ALMood whose updates wait until the test lets them go (``go``): its ticker runs
    late, as under a loaded machine."""

    def __init__(self, life, clock):
        simulated.MoodWithProperties.__init__(self, life, clock)
        self.go = threading.Event()

    def _tick(self):
        self.go.wait()
        return simulated.MoodWithProperties._tick(self)


class Watched(simulated.PacedClock):
    """A PacedClock that says when a wait has outlived its wall deadline
    (``past_deadline``)."""

    def __init__(self, base):
        simulated.PacedClock.__init__(self, base)
        self.past_deadline = threading.Event()

    def _hold(self, event, deadline):
        self.past_deadline.set()
        return simulated.PacedClock._hold(self, event, deadline)


def test_almood_updates_late_on_the_wall_still_confirm_it(make_robot):
    """The robot owes its updates by the trial's deadline in robot time: when its ticker
    runs past the wall deadline, the trial waits for them (on a plain ScaledClock it read
    contradicted whenever the machine was loaded enough)."""
    robot = make_robot(mood=simulated.served_mood(LateMood), paced=Watched)
    session = run.connect(robot.url)
    findings = facts.Findings()
    trial = robot.mood_clock.thread(lambda: service_trials.mood_updating(
        session.service("ALMood"), None, findings, TIMING._replace(mood_clock=robot.mood_clock)),
        "mood trial")
    try:
        trial.start()
        robot.mood_clock.past_deadline.wait()
        assert trial.is_alive()
    finally:
        robot.mood.go.set()
        trial.join()
        session.close()
    found = [entry for entry in findings.all() if entry.fact.key == "mood_updating"][0]
    assert found.result == CONFIRMED, found.observed


def test_with_autonomous_life_disabled_almood_is_not_tried(make_robot):
    robot = make_robot()
    robot.robot.life.setState("disabled")
    document = check(robot, move_base=False)
    assert results(document)["mood_updating"] == NOT_TRIED


def test_a_resting_robot_moves_nothing_and_the_header_says_so(make_robot):
    """Nor is she rested and woken up by the rest step: the check wakes only a Pepper it
    rested."""
    robot = make_robot()
    robot.robot.motion.rest()
    robot.robot.motion.reset_records()
    document = check(robot, asked=run.steps(), confirm=simulated.Owner(robot.robot.day).confirm)
    assert [call for call in robot.robot.motion.calls if call.method in MOVING] == []
    assert document["moves"] == "none (allowed: the test)"
    assert document["base"] == "not moved"
    for key in facts.MOVING:
        assert results(document)[key] == NOT_TRIED
    assert "not awake" in observed(document, "kill_by_id")
    assert "found awake" in observed(document, day_trials.REST)
    assert not robot.robot.motion.robotIsWakeUp()


def test_the_report_names_the_robot_its_version_and_every_fact(make_robot):
    """And without --steps, no owner step is tried: the owner is asked nothing."""
    robot = make_robot()
    register(robot.robot.session, "ALSystem", System())
    prompts = []
    document = check(robot, move_base=False, confirm=lambda text: prompts.append(text))
    assert prompts == []
    for key, fact in facts.BY_KEY.items():
        if fact.step is not None:
            assert results(document)[key] == NOT_TRIED
            assert "--steps %s" % fact.step in observed(document, key)
    assert document["robot"] == robot.url
    assert document["naoqi"] == "2.5.5.5 (ALSystem.systemVersion)"
    assert document["date"] and document["client"].startswith("Python %d" % sys.version_info[0])
    assert document["base"] == "not moved"
    assert results(document)["move_to_blocks"] == NOT_TRIED
    assert [entry["fact"] for entry in document["facts"]] == list(facts.BY_KEY)
    for entry in document["facts"]:
        assert entry["section"] == 'docs/naoqi.md, "%s"' % facts.BY_KEY[entry["fact"]].section
        assert entry["observed"]
    with open(os.path.join(robot.folder, "report.md")) as stream:
        markdown = stream.read()
    assert robot.url in markdown and "2.5.5.5" in markdown and "- Check: complete" in markdown
    rows = [line for line in markdown.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + len(facts.FACTS)  # the heading, its rule, one row per fact
    for fact in facts.FACTS:
        assert any(fact.name in row for row in rows)


# -- consent -------------------------------------------------------------------------------

def test_without_yes_and_no_terminal_nothing_moves(make_robot):
    """The script, as an owner runs it, with no terminal on its standard input."""
    robot = make_robot(motion=ServedMotion(time_scale=SCALE))
    with open(os.devnull, "r+") as null:
        subprocess.check_call([sys.executable, SCRIPT, "--url", robot.url, "--move-base",
                               "--out", robot.folder], stdin=null, stdout=null)
    assert robot.robot.motion.calls == []  # not one ALMotion call, moving or not
    document = _read(robot.folder)
    assert document["moves"] == "none (no consent: no terminal to ask on and no --yes)"
    for key, result in results(document).items():
        assert result == (NOT_TRIED if facts.BY_KEY[key].moves else CONFIRMED), key


def test_a_declined_question_moves_nothing(make_robot):
    robot = make_robot()
    document = check(robot, yes=False)
    assert [call for call in robot.robot.motion.calls if call.method in MOVING] == []
    assert set(results(document)[key] for key in facts.MOVING) == set([NOT_TRIED])


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("answer, granted", [(u"y\n", True), (u"Yes\n", True),
                                             (u"\n", False), (u"n\n", False), (u"", False)])
def test_the_owner_is_asked_on_a_terminal(answer, granted):
    shown = io.StringIO()
    assert consent.ask(u"Move?", False, Terminal(answer), shown).granted is granted
    assert shown.getvalue() == u"Move? [y/N] "


def test_yes_grants_without_asking_and_no_terminal_refuses():
    shown = io.StringIO()
    assert consent.ask(u"Move?", True, Terminal(u""), shown) == (True, "--yes")
    assert not consent.ask(u"Move?", False, io.StringIO(u"y\n"), shown).granted
    assert shown.getvalue() == u""


# -- an owner step is one row in each table ---------------------------------------------------

def only_the_trial_of(monkeypatch, key):
    """The check tries only the trial of ``key`` (the other facts: not reached)."""
    monkeypatch.setattr(run, "TRIALS", tuple(trial for trial in run.TRIALS
                                             if key in trial.keys))


def test_an_owner_step_asked_for_is_prompted_and_the_flap_must_read_open(make_robot,
                                                                         monkeypatch):
    """With --steps flap the owner is asked to open the flap, then to close it, but an
    owner who pressed Enter without opening it leaves both flap facts not decided, with
    no moveTo sent. (Without --steps: see the report's test.)"""
    assert run.steps() == ["flap", "rest"]
    only_the_trial_of(monkeypatch, day_trials.FLAP_MOVE)
    prompts = []

    def confirm(text):  # presses Enter, does nothing
        prompts.append(text)
        return consent.Consent(True, "the test")
    robot = make_robot()
    tried = check(robot, move_base=False, asked=("flap",), confirm=confirm)
    assert prompts == [day_trials.OPEN_FLAP, day_trials.CLOSE_FLAP]
    for key in day_trials.FLAP:
        assert results(tried)[key] == NOT_DECIDED
        assert "did not read open" in observed(tried, key)
    assert robot.robot.motion.calls_to("moveTo") == []


def test_an_owner_step_is_confirmed_at_a_prompt():
    shown = io.StringIO()
    assert consent.confirm(u"Open the flap", Terminal(u"\n"), shown).granted
    assert shown.getvalue() == u"Open the flap (press Enter when done) "
    assert not consent.confirm(u"Open the flap", Terminal(u""), io.StringIO()).granted
    assert not consent.confirm(u"Open the flap", io.StringIO(u"\n"), io.StringIO()).granted


# -- Pepper's own day: what each trial tells apart --------------------------------------------

class Keys(object):
    """An ALMemory that declares the events of ``events`` and holds the data of ``data``."""

    def __init__(self, events=(), data=()):
        self._events, self._data = list(events), list(data)

    def getEventList(self):
        return list(self._events)

    def getDataList(self, filterName):
        return [key for key in self._data if filterName in key]

    def getData(self, key):
        if key not in self._data:
            raise RuntimeError("ALMemory::getData: unknown key %s" % key)
        return None


def test_every_key_followed_for_peppers_own_state_is_looked_up():
    findings = facts.Findings()
    service_trials.events_declared(Keys(), findings, TIMING._replace(data=0.0))
    found = findings.all()[list(facts.BY_KEY).index("events_declared")]
    assert found.result == CONTRADICTED
    for key in own_state_events.EVENTS + (own_state_signs.FLAP_KEY.key,) + tuple(
            heat.status_key(wheel) for wheel in joints.WHEELS):
        assert key in found.observed


@pytest.mark.parametrize("value, why", [
    (None, "has no value"), ([], "reports no arm disabled"),
    ([["Leg", True], ["LArm", False]], "reports no arm disabled"),
    ("LArm", "is not a list of [name, disabled] pairs"), ([["LArm", "yes"]], "not a bool")])
def test_the_chain_trial_is_not_tried_without_an_arm_reported_disabled(value, why):
    """Nothing is sent to ALMotion: the check cannot disable a chain itself."""
    motion = KinematicMotion()
    memory = FakeMemory()
    if value is not None:
        memory.preset(own_state_signs.DEVICES.key, value)
    findings = facts.Findings()
    day_trials.ChainTrial(motion, memory, findings, TIMING, lambda: False).run()
    assert findings.result(day_trials.CHAIN) == NOT_TRIED
    assert why in findings.all()[list(facts.BY_KEY).index(day_trials.CHAIN)].observed
    assert motion.calls == []


def test_ctrl_c_while_pepper_rests_wakes_her_up_and_the_report_says_so(make_robot,
                                                                        monkeypatch):
    """The check rested Pepper, so it wakes her up, even when interrupted before it would
    have."""
    only_the_trial_of(monkeypatch, day_trials.REST)
    robot = make_robot()
    motion = robot.robot.motion

    def interrupted(*_args):
        raise KeyboardInterrupt()
    monkeypatch.setattr(day_trials.Heard, "wait", interrupted)
    session = run.connect(robot.url)
    try:
        with pytest.raises(KeyboardInterrupt):
            run.check(session, robot.url, _yes, False, TIMING, report.Writer(robot.folder),
                      ("rest",), simulated.Owner(robot.robot.day).confirm)
    finally:
        session.close()
    assert [call.method for call in motion.calls if call.method in ("rest", "wakeUp")] == [
        "rest", "wakeUp"]
    assert motion.robotIsWakeUp()
    document = _read(robot.folder)
    assert document["check"] == "interrupted (Ctrl-C) while trying %s" % facts.BY_KEY[
        day_trials.REST].name
    assert "Pepper rested (rest); Pepper woken up (wakeUp)" in document["moves"]


# -- the network, and a check cut short ------------------------------------------------------

def test_an_unreachable_robot_gets_one_line_naming_it_and_what_to_try(tmpdir):
    url = "tcp://127.0.0.1:1"
    process = subprocess.Popen([sys.executable, SCRIPT, "--url", url, "--yes", "--out",
                                str(tmpdir)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate()
    lines = [line for line in err.decode("utf-8").splitlines() if line.startswith("robot check")]
    assert process.returncode == 1 and out == b""
    assert len(lines) == 1 and url in lines[0] and "chest button" in lines[0], err
    assert "Traceback" not in err.decode("utf-8")
    assert not os.path.exists(str(tmpdir.join("report.md")))


def test_a_port_that_does_not_speak_qi_times_out_with_a_clear_line():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)  # the kernel accepts the connection; nothing ever answers
    url = "tcp://127.0.0.1:%d" % listener.getsockname()[1]
    try:
        with pytest.raises(run.CheckError) as raised:
            run.connect(url, timeout=0.5)
    finally:
        listener.close()
    assert str(raised.value).startswith("no qi answer from %s within" % url)
    assert run.CONNECT_TIMEOUT < 10.0


class LostAtKill(KinematicMotion):
    """A robot lost as the check first kills a call: killTask waits until the test has
    closed the robot's session (``asked``, then ``release``). The kill trial kills first;
    on a loaded machine it may leave its fact not decided without a kill (its call ended,
    or its task was not found alone), and the postponement trial's kill comes first."""

    def __init__(self, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self.asked = threading.Event()
        self.release = threading.Event()

    def killTask(self, motionTaskID):
        self.asked.set()
        self.release.wait(60.0)
        return KinematicMotion.killTask(self, motionTaskID)


def test_a_robot_lost_mid_check_leaves_a_report_that_says_where_it_stopped(make_robot):
    robot = make_robot(motion=served_motion(LostAtKill)(time_scale=SCALE))
    motion = robot.robot.motion

    def cut():
        if motion.asked.wait(60.0):
            robot.robot.session.close()
        motion.release.set()
    thread = threading.Thread(target=cut)
    thread.daemon = True
    thread.start()
    with pytest.raises(run.CheckError) as raised:
        check(robot)
    assert motion.release.wait(60.0)
    document = _read(robot.folder)
    killing = [[facts.BY_KEY["kill_by_id"].name],
               [facts.BY_KEY[key].name for key in arm_trials.POSTPONEMENT]]
    trying = [", ".join(names) for names in killing
              if document["check"].startswith("stopped while trying %s: " % ", ".join(names))]
    assert trying, document["check"]
    assert "lost the robot at %s while trying %s" % (robot.url, trying[0]) in \
        str(raised.value)
    found = results(document)
    assert [key for key in facts.BY_KEY if found[key] == CONFIRMED] == [
        "events_declared", "sign_values_shaped", "mood_updating", "extractor_subscribers"]
    assert observed(document, "move_to_blocks") == "not reached: the check stopped"


class InterruptedAfter(report.Writer):
    """Ctrl-C as the check writes the report next after ``key`` was decided: as the
    next trial starts (once only)."""

    def __init__(self, folder, key):
        report.Writer.__init__(self, folder)
        self._key = key
        self._decided = self._interrupted = False

    def write(self, header, findings):
        report.Writer.write(self, header, findings)
        if self._decided and not self._interrupted:
            self._interrupted = True
            raise KeyboardInterrupt()
        self._decided = any(f.fact.key == self._key and not f.observed.startswith(
            "not reached") for f in findings)


def test_ctrl_c_puts_everything_back_and_the_report_says_so(make_robot):
    robot = make_robot()
    motion = robot.robot.motion
    motion.setStiffnesses(JOINT, 0.6)
    start = motion.getAngles(JOINT, False)[0]
    writer = InterruptedAfter(robot.folder, "kill_by_id")
    session = run.connect(robot.url)
    try:
        with pytest.raises(KeyboardInterrupt):
            run.check(session, robot.url, _yes, True, TIMING, writer)
    finally:
        session.close()
    assert abs(motion.getAngles(JOINT, False)[0] - start) < 1e-3
    assert motion.getStiffnesses(JOINT) == [0.6]
    assert motion.postponed() == [] and motion.getTaskList() == []
    document = _read(robot.folder)
    assert document["check"] == "interrupted (Ctrl-C) while trying %s" % ", ".join(
        facts.BY_KEY[key].name for key in arm_trials.POSTPONEMENT)
    assert results(document)["kill_by_id"] == CONFIRMED
    assert observed(document, "move_to_blocks") == "not reached: the check was interrupted"


# -- the docs ----------------------------------------------------------------------------------

def test_docs_describe_every_fact_and_every_variant():
    with open(os.path.join(ROOT, "docs", "robot_check.md")) as stream:
        page = stream.read()
    assert [fact.name for fact in facts.FACTS if fact.name not in page] == []
    assert [name for name in variants.VARIANTS if "`%s`" % name not in page] == []


def test_every_fact_cites_a_section_of_naoqi_md():
    with open(os.path.join(ROOT, "docs", "naoqi.md")) as stream:
        headings = [line[3:].strip() for line in stream if line.startswith("## ")]
    assert [fact.section for fact in facts.FACTS if fact.section not in headings] == []
