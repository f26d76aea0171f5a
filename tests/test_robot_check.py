"""The robot check (issue 25, item 5) against pepper_sim on a loopback qi session: every
fact confirmed on the stand-in robot, each fact that can be contradicted reported so by a
stand-in that contradicts it, nothing moved without consent, everything put back.

The check's slow calls last 1000 robot s here (20 s of wall time at SCALE) and each is
killed by its id as soon as getTaskList lists it, so none comes near its end while the
check reads where it stopped; the calls it lets run are 2 robot s."""
from __future__ import absolute_import, division, print_function

import io
import json
import os
import subprocess
import sys

import pytest

if sys.version_info[0] < 3:
    pytest.skip("the robot check runs on the owner's PC under Python 3 only "
                "(devtools/robot_check)", allow_module_level=True)

from animate_behaviour.planning import joints  # noqa: E402
from pepper_sim.motion import KinematicMotion  # noqa: E402
from pepper_sim.perception import FakeExtractor  # noqa: E402
from pepper_sim.qi_server import ServedMotion, served, served_motion  # noqa: E402
from robot_check import consent, facts, run, simulated, timing  # noqa: E402
from robot_check.facts import CONFIRMED, CONTRADICTED, JOINT, NOT_TRIED  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCALE = 0.02
TIMING = timing.ROBOT._replace(slow_call=1000.0)
# Nothing ever comes from ALMood that never updates: the check need not wait long.
SHORT_MOOD = TIMING._replace(mood=0.5)
# Every ALMotion method that moves something or changes its state.
MOVING = ("angleInterpolation", "setAngles", "changeAngles", "moveTo", "setStiffnesses",
          "wakeUp", "rest", "killTask", "killAll", "killTasksUsingResources", "stopMove",
          "killMove")


def _names(names):
    return [names] if isinstance(names, str) else list(names)


# -- stand-ins that contradict one fact each ------------------------------------------------

class Refusing(KinematicMotion):
    """Refuses a call on a busy joint instead of postponing it."""

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        if not self.areResourcesAvailable(names):
            raise RuntimeError("ALMotion: %s busy, task refused" % (names,))
        return KinematicMotion.angleInterpolation(self, names, angleLists, timeLists,
                                                  isAbsolute)


class OtherShape(KinematicMotion):
    """Lists its tasks as [motionId, name] rows."""

    def getTaskList(self):
        return [[motion_id, name] for name, motion_id in KinematicMotion.getTaskList(self)]


class Decreasing(KinematicMotion):
    """Gives its tasks decreasing ids."""

    TOP = 10 ** 6

    def getTaskList(self):
        return [[name, self.TOP - motion_id]
                for name, motion_id in KinematicMotion.getTaskList(self)]

    def killTask(self, motionTaskID):
        return KinematicMotion.killTask(self, self.TOP - motionTaskID)


class KillKeepsMoving(KinematicMotion):
    """killTask ends the call, but its joints go on to the call's last key."""

    def killTask(self, motionTaskID):
        keys = [(record.names, [angles[-1] for angles in record.angles])
                for record in list(self.trajectories) if record.task_id == motionTaskID]
        found = KinematicMotion.killTask(self, motionTaskID)
        for names, angles in keys:
            self.setAngles(names, angles, 0.1)
        return found


class ReturnsAtOnce(KinematicMotion):
    """moveTo returns True at once, the base not moved."""

    def moveTo(self, x, y, theta, *moveConfig):
        return True


class BookingSetAngles(KinematicMotion):
    """setAngles books the joints it commands: areResourcesAvailable is False on them."""

    def __init__(self, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self.set_joints = set()

    def setAngles(self, names, angles, fractionMaxSpeed):
        KinematicMotion.setAngles(self, names, angles, fractionMaxSpeed)
        self.set_joints.update(_names(names))

    def areResourcesAvailable(self, resourceNames):
        return (KinematicMotion.areResourcesAvailable(self, resourceNames)
                and not self.set_joints.intersection(_names(resourceNames)))


class StillMood(simulated.MoodWithProperties):
    """An ALMood whose properties are never set."""

    def _tick(self):
        return simulated.PERIOD


class DeafExtractor(FakeExtractor):
    """An extractor whose subscribers never change."""

    def subscribe(self, subscribedName, period=30, precision=1.0):
        pass

    def unsubscribe(self, subscribedName):
        pass


class System(object):
    """ALSystem, for its version only."""

    def systemVersion(self):
        return "2.5.5.5"


def motion(cls, **kwargs):
    return served_motion(cls)(time_scale=SCALE, **kwargs)


def check(robot, move_base=True, timings=TIMING, yes=True, folder=None):
    """Run the check on ``robot`` (simulated.Robot); (its JSON report, the folder)."""
    folder = folder or robot.folder
    run.run(robot.url, folder, lambda _text: consent.Consent(yes, "the test"), move_base,
            timings)
    with open(os.path.join(folder, "report.json")) as stream:
        return json.load(stream)


def results(document):
    return dict((entry["fact"], entry["result"]) for entry in document["facts"])


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


# -- the stand-in robot confirms every fact ---------------------------------------------------

def test_pepper_sim_confirms_every_fact_and_everything_is_put_back(make_robot):
    robot = make_robot()
    motion = robot.robot.motion
    motion.setStiffnesses(JOINT, 0.6)
    start = motion.getAngles(JOINT, False)[0]
    motion.reset_records()
    document = check(robot)
    assert results(document) == dict((key, CONFIRMED) for key in facts.BY_KEY)
    # Put back: the joint where it was, its stiffness as it was, the base's heading, the
    # extractors' subscribers (Autonomous Life's only).
    assert abs(motion.getAngles(JOINT, False)[0] - start) < 1e-3
    assert motion.getStiffnesses(JOINT) == [0.6]
    assert abs(motion.getRobotPosition(True)[2]) < 1e-3
    for extractor in (robot.robot.perception, robot.robot.zones):
        assert [row[0] for row in extractor.getSubscribersInfo()] == ["ALAutonomousLife"]
    # Safe: one arm joint, at a small fraction of its maximum speed, a tiny turn.
    limit = joints.URDF_LIMITS[JOINT]
    for record in motion.trajectories:
        assert record.names == [JOINT]
        assert abs(record.angles[0][-1] - record.start_angles[0]) <= (
            0.1 * limit.max_velocity * record.times[0][-1])
    for method in ("angleInterpolation", "setAngles", "changeAngles", "setStiffnesses"):
        for call in motion.calls_to(method):
            assert _names(call.args[0]) == [JOINT]  # never the head, nor another joint
    assert [call.args[2] for call in motion.calls_to("setAngles")] == [0.05, 0.05]
    assert [abs(call.args[2]) <= 0.05 for call in motion.calls_to("moveTo")] == [True, True]


def test_the_report_names_the_robot_its_version_and_every_fact(make_robot):
    robot = make_robot()
    robot.robot.session.registerService("ALSystem", System())
    document = check(robot, move_base=False)
    assert document["robot"] == robot.url
    assert document["naoqi"] == "2.5.5.5 (ALSystem.systemVersion)"
    assert document["date"] and document["client"].startswith("Python 3")
    assert document["base"] == "not moved"
    assert results(document)["move_to_blocks"] == NOT_TRIED
    assert [entry["fact"] for entry in document["facts"]] == list(facts.BY_KEY)
    for entry in document["facts"]:
        assert entry["section"] == 'docs/naoqi.md, "%s"' % facts.BY_KEY[entry["fact"]].section
        assert entry["observed"]
    with open(os.path.join(robot.folder, "report.md")) as stream:
        markdown = stream.read()
    assert robot.url in markdown and "2.5.5.5" in markdown
    rows = [line for line in markdown.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + len(facts.FACTS)  # the heading, its rule, one row per fact
    for fact in facts.FACTS:
        assert any(fact.name in row for row in rows)


# -- a stand-in contradicting each fact ------------------------------------------------------

CONTRADICTING = [
    ("task_list_shape", lambda: {"motion": motion(OtherShape)}, TIMING, ()),
    ("busy_joint_postponed", lambda: {"motion": motion(Refusing)}, TIMING,
     ("postponed_listed",)),
    ("postponed_listed", lambda: {"motion": motion(KinematicMotion, list_postponed=False)},
     TIMING, ()),
    ("task_ids_increase", lambda: {"motion": motion(Decreasing)}, TIMING, ()),
    ("kill_by_id", lambda: {"motion": motion(KillKeepsMoving)}, TIMING, ()),
    ("move_to_blocks", lambda: {"motion": motion(ReturnsAtOnce)}, TIMING, ()),
    ("set_angles_books_nothing", lambda: {"motion": motion(BookingSetAngles)}, TIMING, ()),
    ("events_declared", lambda: {"without": ("ALSpeechRecognition",)}, TIMING, ()),
    ("mood_updating", lambda: {"mood": simulated.served_mood(StillMood)}, SHORT_MOOD, ()),
    ("extractor_subscribers", lambda: {"extractor": served(DeafExtractor)}, TIMING, ()),
]


@pytest.mark.parametrize("fact, robot_kwargs, timings, not_tried", CONTRADICTING,
                         ids=[case[0] for case in CONTRADICTING])
def test_a_stand_in_contradicting_a_fact_is_reported(make_robot, fact, robot_kwargs,
                                                     timings, not_tried):
    """The fact contradicted, the facts tried only through it not tried, the others
    confirmed."""
    document = check(make_robot(**robot_kwargs()), timings=timings)
    expected = dict((key, CONFIRMED) for key in facts.BY_KEY)
    expected.update((key, NOT_TRIED) for key in not_tried)
    expected[fact] = CONTRADICTED
    assert results(document) == expected


def test_a_robot_without_almood_contradicts_it(make_robot):
    document = check(make_robot(without=("ALMood",)), move_base=False)
    entry = [entry for entry in document["facts"] if entry["fact"] == "mood_updating"][0]
    assert (entry["result"], entry["observed"]) == (CONTRADICTED, "ALMood is not served")


def test_with_autonomous_life_disabled_almood_is_not_tried(make_robot):
    robot = make_robot()
    robot.robot.life.setState("disabled")
    document = check(robot, move_base=False)
    assert results(document)["mood_updating"] == NOT_TRIED


# -- consent -------------------------------------------------------------------------------

def test_without_yes_and_no_terminal_nothing_moves(make_robot):
    """The script, as an owner runs it, with no terminal on its standard input."""
    robot = make_robot(motion=ServedMotion(time_scale=SCALE))
    subprocess.check_call([sys.executable, os.path.join(ROOT, "scripts", "check_robot.py"),
                           "--url", robot.url, "--move-base", "--out", robot.folder],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    assert robot.robot.motion.calls == []  # not one ALMotion call, moving or not
    with open(os.path.join(robot.folder, "report.json")) as stream:
        document = json.load(stream)
    assert document["moves"] == "none (no terminal to ask on and no --yes)"
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


@pytest.mark.parametrize("answer, granted", [("y\n", True), ("Yes\n", True), ("\n", False),
                                             ("n\n", False), ("", False)])
def test_the_owner_is_asked_on_a_terminal(answer, granted):
    shown = io.StringIO()
    assert consent.ask("Move?", False, Terminal(answer), shown).granted is granted
    assert shown.getvalue() == "Move? [y/N] "


def test_yes_grants_without_asking_and_no_terminal_refuses():
    shown = io.StringIO()
    assert consent.ask("Move?", True, Terminal(""), shown) == (True, "--yes")
    assert not consent.ask("Move?", False, io.StringIO("y\n"), shown).granted
    assert shown.getvalue() == ""


def test_docs_describe_every_fact():
    with open(os.path.join(ROOT, "docs", "robot_check.md")) as stream:
        page = stream.read()
    assert [fact.name for fact in facts.FACTS if fact.name not in page] == []


def test_every_fact_cites_a_section_of_naoqi_md():
    with open(os.path.join(ROOT, "docs", "naoqi.md")) as stream:
        headings = [line[3:].strip() for line in stream if line.startswith("## ")]
    assert [fact.section for fact in facts.FACTS if fact.section not in headings] == []
