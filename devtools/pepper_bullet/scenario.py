"""One run of the real runner against the simulated Pepper, as a user would do it.

Starts a BulletRobot, runs ``python -m animate_behaviour --qi-url URL --config CFG
--activate`` (PYTHONPATH=lib) with ``platform = simulator``, lets it animate for the
given simulated seconds, disables it through the ``AnimateBehaviour`` service like a
tablet would, keeps simulating for ``settle`` seconds, then stops the runner with
SIGTERM. Meanwhile it polls ``getStatus`` to record when each part yielded. The
``busy`` scenario adds another app on its own qi session: at 30 % of the run it speaks
through ALAnimatedSpeech (a 2 s right-arm wave), at 60 % it drives the base half a metre
forward with moveTo. The ``visitor`` scenario raises on the simulated ALMemory what NAOqi
2.5 raises for a visitor (pepper_sim.people): at VISITOR's fractions of the run a person
arrives, is tracked and enters engagement zone 1, Pepper listens, the person speaks,
Pepper stops listening, the person leaves; meanwhile the person's mood, as the simulated
ALMood perceives it (pepper_sim.perception.FakeMood), goes from neutral to happy and
attentive to bored and sad (PERSON_MOODS), and the runner follows it at full strength
(``followPersonMood = 1``); getStatus's context and moodNow are recorded throughout.
The ``day`` scenario plays Pepper's own day (issue 29), one state after another at DAY's
times: the charging flap, the station, a push, a rest and wake-up by another client, the
left arm's chain disabled, the battery, a slope, a fall and the owner's recovery, driven
as NAOqi announces them (``robot.day``, pepper_sim.day) and through another client's
ALMotion; it lasts DAY_SECONDS unless given longer. Every scenario records each part's
state from getStatus, and the day's events. Returns a :class:`Run` with everything
recorded.
"""
import collections
import json
import math
import os
import re
import signal
import subprocess
import sys
import threading
import time

import qi

from animate_behaviour.engine import status as status_module
from pepper_bullet.robot import BulletRobot
import pepper_sim
from pepper_sim import plot
from pepper_sim.autonomous_life import ABILITIES_BY_STATE
from pepper_sim.people import Listening, People

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CONFIG = os.path.join(ROOT, "config", "animateBehaviourConfiguration.ini")
STOP_TIMEOUT = 30.0  # s for the runner to exit after SIGTERM (its own bound is 30 s)
START_TIMEOUT = 30.0  # s for the runner to register its service
PROGRESS_PERIOD = 5.0  # s of simulated time between progress lines
STATUS_PERIOD = 0.1  # s of simulated time between getStatus polls
SCENARIOS = ("quiet", "busy", "visitor", "day")
# The busy scenario's other app: when it acts (fractions of the run) and what it does.
OTHER_APP_SPEECH_AT = 0.3
OTHER_APP_TEXT = "Hello, I am Pepper. Let me show you around, our shop is this way."
OTHER_APP_DRIVE_AT = 0.6
OTHER_APP_DRIVE = (0.5, 0.0, 0.0)  # moveTo x (m), y (m), theta (rad): 1.7 s at 0.3 m/s
OTHER_APP = "other app"
# The visitor scenario: (fraction of the run, what happens), one row per event. The rows
# "feels ..." set the person's mood as ALMood perceives it (PERSON_MOODS).
VISITOR = ((0.15, "arrives and engages"), (0.15, "feels neutral"),
           (0.3, "feels happy and attentive"), (0.35, "Pepper listens"), (0.45, "speaks"),
           (0.5, "feels bored and sad"), (0.6, "Pepper stops listening"), (0.75, "leaves"))
VISITOR_ID = 1
# The person's mood as ALMood reads it (FakeMood.feel, set_ambiance): valence in [-1, 1],
# attention and the room's agitation in [0, 1], the confidence of the reading (ALMood
# ignores readings below 0.4; expression/follow weighs them from 0 at 0.4 to 1 at 1).
PersonMood = collections.namedtuple("PersonMood", "valence attention agitation confidence")
PERSON_MOODS = {
    "feels neutral": PersonMood(0.0, 0.5, 0.5, 0.7),
    "feels happy and attentive": PersonMood(0.8, 0.9, 0.85, 0.9),
    "feels bored and sad": PersonMood(-0.7, 0.2, 0.2, 0.8),
}
# How strongly the visitor scenario's runner follows the person's mood: all the way.
FOLLOW_STRENGTH = 1.0

# The day scenario: one row a step of Pepper's day. ``at``: simulated s; ``what``: in
# words; ``by``: PEPPER (robot.day, pepper_sim.day.PeppersDay, raises what NAOqi
# announces) or ANOTHER_CLIENT (ALMotion on a qi session of its own), which gets
# ``call(*args)``, or None (nothing is done); ``expect``: what getStatus shows, in this
# order, before the next row: (part, state, reason), part EVERY for each part (groups
# and base) the run reports, reason None for a state without one (engine/status.py).
# Each state lasts long enough to see: a push pauses for its 3 s safeguard, and Pepper
# holds still for recovery.SETTLE_TIME after a push, a rest or a fall.
DayStep = collections.namedtuple("DayStep", "at what by call args expect")
PEPPER = "robot.day"
ANOTHER_CLIENT = "another client's ALMotion"
EVERY = "every part"
_ANIMATING = ((EVERY, status_module.ANIMATING, None),)
DAY = (
    DayStep(0.0, "the day begins", None, None, (), _ANIMATING),
    DayStep(8.0, "the charging flap opens", PEPPER, "open_flap", (),
            (("base", status_module.WAITING, "charging flap open"),
             ("leftArm", status_module.ANIMATING, None))),
    DayStep(14.0, "the charging flap closes", PEPPER, "close_flap", (),
            (("base", status_module.ANIMATING, None),)),
    DayStep(20.0, "Pepper docks on her charging station", PEPPER, "dock", (),
            (("base", status_module.WAITING, "docked"),)),
    DayStep(26.0, "Pepper leaves her station", PEPPER, "undock", (),
            (("base", status_module.ANIMATING, None),)),
    DayStep(32.0, "a child pushes Pepper", PEPPER, "push", (),
            ((EVERY, status_module.PAUSED, "safeguard"),) + _ANIMATING),
    DayStep(42.0, "another app rests Pepper", ANOTHER_CLIENT, "rest", (),
            ((EVERY, status_module.RESTING, "Pepper rests"),)),
    DayStep(48.0, "another app wakes Pepper up", ANOTHER_CLIENT, "wakeUp", (), _ANIMATING),
    DayStep(56.0, "the left arm's chain is disabled", PEPPER, "set_chain_disabled",
            ("LArm", True), (("leftArm", status_module.DISABLED, "LArm disabled"),
                             ("rightArm", status_module.ANIMATING, None))),
    DayStep(62.0, "the left arm's chain is enabled", PEPPER, "set_chain_disabled",
            ("LArm", False), (("leftArm", status_module.ANIMATING, None),)),
    DayStep(68.0, "the battery runs low", PEPPER, "set_battery_low", (True,),
            (("base", status_module.WAITING, "battery low"),)),
    DayStep(74.0, "the battery charges", PEPPER, "set_charging", (True,),
            (("base", status_module.ANIMATING, None),)),
    DayStep(80.0, "Pepper stands on a slope", PEPPER, "set_on_slope", (True,),
            (("legs", status_module.WAITING, "on a slope"),)),
    DayStep(86.0, "Pepper is off the slope", PEPPER, "set_on_slope", (False,),
            (("legs", status_module.ANIMATING, None),)),
    DayStep(92.0, "Pepper falls", PEPPER, "fall", (), ((EVERY, status_module.PAUSED, "fall"),)),
    # ALMotion/RobotIsStand True ends the fall; Life's safeguard still holds.
    DayStep(97.0, "Pepper is placed upright again", PEPPER, "stand_up", (),
            ((EVERY, status_module.PAUSED, "safeguard"),)),
    DayStep(101.0, "the owner wakes Pepper up", ANOTHER_CLIENT, "wakeUp", (),
            ((EVERY, status_module.PAUSED, "safeguard"),)),
    DayStep(104.0, "Autonomous Life leaves safeguard", PEPPER, "leave_safeguard", (),
            _ANIMATING),
)
# Simulated s a day runs on after its last step: Pepper settles, then animates again.
AFTER_LAST_STEP = 10.0


def day_seconds(steps=DAY):
    """The shortest run that plays ``steps`` whole."""
    return steps[-1].at + AFTER_LAST_STEP


DAY_SECONDS = day_seconds()  # the day scenario's default length


def person_mood(mood):
    """[valence, arousal] of a PersonMood on the mood's axes, as expression/follow maps
    ALMood's reading (docs/mood.md): the person's valence, and 2 x agitation - 1."""
    return [mood.valence, 2.0 * mood.agitation - 1.0]


class Run(object):
    """What a scenario recorded. Times are simulated seconds from the simulation start.

    ``config_path`` (the configuration used), ``scenario`` (one of SCENARIOS),
    ``samples`` (physics.Sample list), ``commands`` (the ALMotion records, see
    :func:`snapshot`), ``yields`` ({part: [[start, end, "speech" | "another app" |
    "error" | "hot"], ...]} from getStatus; end None if it still yielded at the last
    poll), ``context`` ({"time": [s], "state": [...], "weights": {reaction: [...]},
    "mood": [[valence, arousal]...] (moodNow), "lean": [[valence, arousal] or None...]
    (the follow's lean, None when not followed)}, getStatus at each poll; in the visitor
    scenario also "person": [[time, what, valence, arousal, confidence]...], each mood
    the visitor felt, and "left": when they left, see Visitor), ``states`` ({"time":
    [s], "parts": {part: [getStatus's entry for it, or None while not reported...]}},
    see StatusWatch), ``day_events`` ([[time, what]...]: the day scenario's events,
    robot.day's log and the other client's calls, in time order; [] in the others),
    ``memory_events`` (pepper_sim.memory.Event list: every ALMemory value written, with
    its wall time too), ``day_steps`` (day_seen's list for the day scenario, else []),
    ``disabled_at``
    (when setActivation("disabled") returned), ``frames`` and
    ``frame_period`` (GIF frames), ``wall_seconds``, ``max_lag``, ``log_path`` (the
    runner's output) and ``problems`` (what went wrong: empty on success).
    """

    def __init__(self, config_path, log_path, scenario="quiet"):
        self.config_path = config_path
        self.log_path = log_path
        self.scenario = scenario
        self.samples = []
        self.commands = None
        self.yields = {}
        self.context = None
        self.states = None
        self.day_events = []
        self.memory_events = []
        self.day_steps = []
        self.disabled_at = None
        self.frames = []
        self.frame_period = None
        self.wall_seconds = None
        self.max_lag = None
        self.problems = []


def config_with(source, settings, out_dir):
    """A copy of ``source`` in ``out_dir`` with top-level ``key = value`` settings
    replaced (or added before any section). Returns its path."""
    with open(source) as handle:
        lines = handle.read().splitlines()
    for key, value in settings.items():
        pattern = re.compile(r"^\s*%s\s*=" % re.escape(key))
        replaced = False
        for index, line in enumerate(lines):
            if line.lstrip().startswith("["):
                break
            if pattern.match(line):
                lines[index] = "%s = %s" % (key, value)
                replaced = True
        if not replaced:
            lines.insert(0, "%s = %s" % (key, value))
    path = os.path.join(out_dir, "config_used.ini")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return path


def _by(record, theirs):
    entry = record.as_dict()
    entry["by"] = OTHER_APP if record.task_id in theirs else plot.OURS
    return entry


def snapshot(robot):
    """The motion's records as JSON-ready data (times in simulated seconds). Each
    trajectory and move says ``by`` whom: "animate-behaviour", or "other app" for the
    ALAnimatedSpeech gestures and the busy scenario's drive."""
    motion = robot.motion
    gestures = set(gesture.trajectory.task_id for gesture in robot.speech.gestures
                   if gesture.trajectory is not None)
    with motion._cond:  # one consistent snapshot
        counts = {}
        for call in motion.calls:
            counts[call.method] = counts.get(call.method, 0) + 1
        drives = set(move.task_id for move in motion.moves if move.target == OTHER_APP_DRIVE)
        return {
            "trajectories": [_by(record, gestures) for record in motion.trajectories],
            "moves": [_by(move, drives) for move in motion.moves],
            "headings": [list(sample) for sample in motion.headings],
            "limit_violations": [violation._asdict() for violation in
                                 motion.limit_violations],
            "limp_commands": [command._asdict() for command in motion.limp_commands],
            "call_counts": counts,
            "autonomous_life_sets": [list(args) for args in robot.life.set_calls()],
            "abilities_at_end": dict(robot.life.abilities),
        }


def _wait_simulated(robot, until, report):
    """Wait for simulated time ``until``, reporting progress; False if the physics
    stalled (no progress for a whole wall-clock minute)."""
    clock = robot.physics.clock
    while clock.now() < until:
        step_to = min(until, clock.now() + PROGRESS_PERIOD)
        if not clock.wait_until(step_to, 60.0):
            return False
        motion = robot.motion
        report("t=%5.1f s  trajectories=%d  moveTo=%d  heading=%+.4f rad"
               % (clock.now(), len(motion.trajectories), len(motion.moves),
                  robot.physics.pose()[2]))
    return True


class StatusWatch(object):
    """Polls AnimateBehaviour.getStatus every ``period`` simulated seconds on a thread
    (``clock``: ``now()`` and ``wait_until(time, timeout)`` in simulated seconds) and
    records the intervals each part (group or base) spent yielding or hot (``yields``),
    the context (``context``) and each part's entry at each poll (``states``, see Run)."""

    def __init__(self, service, clock, problems, period=STATUS_PERIOD):
        self.yields = {}
        self.context = {"time": [], "state": [], "weights": {}, "mood": [], "lean": []}
        self.states = {"time": [], "parts": {}}
        self._open = {}
        self._service = service
        self._clock = clock
        self._problems = problems
        self._period = period
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="status watch")
        self._thread.daemon = True
        self._thread.start()

    def _run(self):
        try:
            while not self._stop.is_set():
                self._poll()
                self._clock.wait_until(self._clock.now() + self._period, 5.0)
        except Exception as err:  # noqa: any failure of the watch is a problem of the run
            self._problems.append("watching getStatus failed: %r" % err)

    def _poll(self):
        status = json.loads(self._service.getStatus())
        now = self._clock.now()
        self.context["time"].append(now)
        self.context["state"].append(status["context"]["state"])
        for reaction, weight in status["context"]["weights"].items():
            self.context["weights"].setdefault(reaction, []).append(weight)
        self.context["mood"].append(status["moodNow"])
        follow = status["context"].get("follow")
        self.context["lean"].append(None if follow is None else follow["lean"])
        parts = dict(status["groups"])
        if "base" in status:  # only while the behaviour turns the base
            parts["base"] = status["base"]
        self._record_states(now, parts)
        for part, entry in parts.items():
            why = (entry.get("yieldingTo") if entry["state"] == "yielding" else
                   "hot" if entry["state"] == "hot" else None)
            opened = self._open.get(part)
            if opened is not None and opened[2] != why:
                opened[1] = now
                self._open.pop(part)
            if why is not None and part not in self._open:
                self._open[part] = [now, None, why]
                self.yields.setdefault(part, []).append(self._open[part])

    def _record_states(self, now, parts):
        """Each part's entry at this poll; a part first reported now had None before."""
        polls = len(self.states["time"])
        self.states["time"].append(now)
        for part in parts:
            self.states["parts"].setdefault(part, [None] * polls)
        for part, entries in self.states["parts"].items():
            entries.append(parts.get(part))

    def stop(self):
        self._stop.set()
        self._thread.join(self._period * 10 + 5.0)


class Actor(object):
    """Someone acting during a scenario on a thread of its own (``self._run``), named
    ``name``; what fails goes to ``problems``."""

    def __init__(self, name, problems):
        self._name = name
        self._problems = problems
        self._thread = threading.Thread(target=self._run, name=name)
        self._thread.daemon = True
        self._thread.start()

    def join(self, timeout):
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._problems.append("the %s was still busy at the end" % self._name)


class OtherApp(Actor):
    """The busy scenario's other app, on its own qi session: speaks with a gesture
    through ALAnimatedSpeech at ``speech_at``, then drives the base with moveTo at
    ``drive_at`` (simulated seconds). Anything that fails goes to ``problems``."""

    def __init__(self, url, clock, speech_at, drive_at, problems, report):
        self._url = url
        self._clock = clock
        self._at = (speech_at, drive_at)
        self._report = report
        Actor.__init__(self, "other app", problems)

    def _run(self):
        session = qi.Session()
        try:
            session.connect(self._url)
            speech_at, drive_at = self._at
            if self._clock.wait_until(speech_at, 60.0):
                self._report("t=%5.1f s  another app speaks with a gesture through "
                             "ALAnimatedSpeech" % self._clock.now())
                session.service("ALAnimatedSpeech").say(OTHER_APP_TEXT)
            if self._clock.wait_until(drive_at, 60.0):
                self._report("t=%5.1f s  another app drives the base: moveTo%r"
                             % ((self._clock.now(),) + (OTHER_APP_DRIVE,)))
                if session.service("ALMotion").moveTo(*OTHER_APP_DRIVE) is not True:
                    self._problems.append("the other app's moveTo was cut short")
        except RuntimeError as err:
            self._problems.append("the other app failed: %s" % err)
        finally:
            session.close()


class Visitor(Actor):
    """The visitor scenario's person and speech recognition, raising on ``memory`` (the
    simulated ALMemory) at VISITOR's fractions of ``seconds``, and the person's mood told
    to ``mood`` (the simulated ALMood, a FakeMood; None: only recorded); failures go to
    ``problems``. ``felt`` records [time, what, valence, arousal, confidence] for each
    mood (see person_mood), ``left`` when the person left (None before)."""

    def __init__(self, memory, clock, seconds, problems, report, mood=None):
        self._people = People(memory)
        self._listening = Listening(memory)
        self._mood = mood
        self._clock = clock
        self._seconds = seconds
        self._report = report
        self.felt = []
        self.left = None
        Actor.__init__(self, "visitor", problems)

    def _run(self):
        actions = {"arrives and engages": self._arrive, "Pepper listens": self._listening.start,
                   "speaks": self._listening.hear, "Pepper stops listening":
                   self._listening.stop, "leaves": self._leave}
        for fraction, what in VISITOR:
            if not self._clock.wait_until(fraction * self._seconds, 60.0):
                self._problems.append("the visitor's time never came: %s" % what)
                return
            if what in PERSON_MOODS:
                mood = PERSON_MOODS[what]
                self._report("t=%5.1f s  visitor: %s (valence %+.2f, attention %.2f, "
                             "agitation %.2f, confidence %.2f)"
                             % ((self._clock.now(), what) + tuple(mood)))
                self._feel(what, mood)
            else:
                self._report("t=%5.1f s  visitor: %s" % (self._clock.now(), what))
                actions[what]()

    def _arrive(self):
        self._people.arrive(VISITOR_ID)
        self._people.approach(VISITOR_ID)
        self._people.track(VISITOR_ID)

    def _feel(self, what, mood):
        if self._mood is not None:
            self._mood.set_ambiance(mood.agitation)
            self._mood.feel(mood.valence, mood.attention, mood.confidence)
        self.felt.append([self._clock.now(), what] + person_mood(mood) + [mood.confidence])

    def _leave(self):
        self._people.leave(VISITOR_ID)
        self.left = self._clock.now()


class Day(Actor):
    """The day scenario's course: each row of ``steps`` (DAY's) at its time on ``clock``
    (``now()`` and ``wait_until(time, timeout)``, simulated seconds), through ``day``
    (robot.day) or another client's ALMotion, on a qi session of its own to ``url``.
    ``calls`` records [time, "<call>() by another client"] for each of the latter
    (robot.day logs its own changes). Failures go to ``problems``."""

    def __init__(self, url, day, clock, problems, report, steps=DAY):
        self._url = url
        self._day = day
        self._clock = clock
        self._report = report
        self._steps = steps
        self.calls = []
        Actor.__init__(self, "day", problems)

    def _run(self):
        session = qi.Session()
        step = None
        try:
            session.connect(self._url)
            theirs = session.service("ALMotion")
            for step in self._steps:
                if not self._clock.wait_until(step.at, 60.0):
                    self._problems.append("the day's time never came: %s" % step.what)
                    return
                self._report("t=%5.1f s  the day: %s" % (self._clock.now(), step.what))
                if step.by == PEPPER:
                    getattr(self._day, step.call)(*step.args)
                elif step.by == ANOTHER_CLIENT:
                    getattr(theirs, step.call)(*step.args)
                    self.calls.append([self._clock.now(), "%s() by another client"
                                       % step.call])
        except RuntimeError as err:
            self._problems.append("the day failed at %r: %s"
                                  % (step.what if step else "connecting", err))
        finally:
            session.close()


def _matches(entry, state, reason):
    return entry is not None and entry["state"] == state and entry.get("reason") == reason


def day_seen(states, steps=DAY, end=None):
    """Whether getStatus showed each step's ``expect``, in order, from the step's time to
    the next step's (the last: to ``end``, by default the last poll). ``states`` as
    Run's. A list per step of {"at", "what", "missing": [[part, state, reason]...] not
    seen, "unreported": parts the run never reported (behaviours without them)}."""
    times, parts = states["time"], states["parts"]
    ends = [step.at for step in steps[1:]] + [times[-1] if end is None and times else end]
    seen = []
    for step, stop in zip(steps, ends):
        window = [index for index, time in enumerate(times) if step.at <= time <= stop]
        after = dict((part, 0) for part in parts)  # each part's next poll in the window
        missing, unreported = [], []
        for part, state, reason in step.expect:
            for name in sorted(parts) if part == EVERY else [part]:
                if name not in parts:
                    unreported.append(name)
                    continue
                found = [offset for offset in range(after[name], len(window))
                         if _matches(parts[name][window[offset]], state, reason)]
                if found:
                    after[name] = found[0]
                else:
                    missing.append([name, state, reason])
        seen.append({"at": step.at, "what": step.what, "missing": missing,
                     "unreported": unreported})
    return seen



# Closer than this (in the mood's units) to the person's mood, the robot had nothing to
# follow at a mood's start.
ALREADY_THERE = 0.05


def _at(context, series, when):
    """``context[series]`` at the last poll at or before ``when`` (the first poll if
    none was)."""
    times = context["time"]
    index = max([i for i, time in enumerate(times) if time <= when] or [0])
    return context[series][index]


def mood_follow(context):
    """Per mood the visitor felt, how the robot's moodNow moved: a list of {"what",
    "start", "end" (the next mood's start, or when the visitor left, or the last poll),
    "person" ([valence, arousal]), "robot_start", "robot_end" (moodNow at the polls at or
    just before start and end), "lean_end" (the follow's lean then, or None),
    "distance_start", "distance_end" (between the robot's mood and the person's),
    "moved_toward" (the end nearer than the start; None when the start was within
    ALREADY_THERE: nothing to follow)}; [] without a visitor's mood."""
    felt = (context or {}).get("person") or []
    if not felt or not context["time"]:
        return []
    ends = [row[0] for row in felt[1:]] + [context.get("left") or context["time"][-1]]
    phases = []
    for (start, what, valence, arousal, _confidence), end in zip(felt, ends):
        person = [valence, arousal]
        robot_start, robot_end = _at(context, "mood", start), _at(context, "mood", end)
        before = math.hypot(*[a - b for a, b in zip(robot_start, person)])
        after = math.hypot(*[a - b for a, b in zip(robot_end, person)])
        phases.append({"what": what, "start": start, "end": end, "person": person,
                       "robot_start": robot_start, "robot_end": robot_end,
                       "lean_end": _at(context, "lean", end),
                       "distance_start": before, "distance_end": after,
                       "moved_toward": None if before < ALREADY_THERE else after < before})
    return phases


def mood_lines(phases):
    """What the run reports of mood_follow's phases."""
    lines = []
    for phase in phases:
        moved = phase["moved_toward"]
        lean = phase["lean_end"]
        lines.append(
            "visitor %s from %.1f s (valence %+.2f, arousal %+.2f): Pepper's moodNow "
            "(%+.2f, %+.2f) -> (%+.2f, %+.2f) by %.1f s, %s (distance %.2f -> %.2f; the "
            "follow's lean %s)"
            % ((phase["what"], phase["start"]) + tuple(phase["person"])
               + tuple(phase["robot_start"]) + tuple(phase["robot_end"])
               + (phase["end"], "already there at the start" if moved is None else
                  "toward theirs" if moved else "NOT toward theirs",
                  phase["distance_start"], phase["distance_end"],
                  "none" if lean is None else "(%+.2f, %+.2f)" % tuple(lean))))
    return lines


def runner_config(config, out_dir, behaviour=None, style=None, scenario="quiet"):
    """The configuration the runner gets: ``config`` with ``platform = simulator`` and,
    when given, ``behaviour`` and ``motionStyle`` = ``style``; in the visitor scenario,
    ``followPersonMood`` = FOLLOW_STRENGTH. Written to ``out_dir`` (see config_with).
    Returns its path."""
    settings = {"platform": "simulator"}
    if scenario == "visitor":
        settings["followPersonMood"] = FOLLOW_STRENGTH
    if behaviour:
        settings["behaviour"] = behaviour
    if style:
        settings["motionStyle"] = style
    return config_with(config, settings, out_dir)


def run(seconds, out_dir, config=DEFAULT_CONFIG, behaviour=None, settle=2.0, camera=None,
        frame_period=None, report=print, scenario="quiet", style=None, day=DAY):
    """Animate for ``seconds`` of simulated time, disable, settle, stop; ``scenario`` is
    "quiet", "busy" (another app speaks and drives meanwhile), "visitor" (a person
    comes, talks and goes) or "day" (Pepper's own day: the steps ``day``, DAY's rows,
    at least day_seconds(day) long); ``behaviour`` and ``style`` (a motion style)
    replace the configuration's. See Run."""
    if scenario not in SCENARIOS:
        raise ValueError("unknown scenario %r (known: %s)" % (scenario, ", ".join(SCENARIOS)))
    if scenario == "day" and seconds < day_seconds(day):
        raise ValueError("the day scenario plays its steps until %.0f s and needs %.0f s, "
                         "got %g s" % (day[-1].at, day_seconds(day), seconds))
    os.makedirs(out_dir, exist_ok=True)
    result = Run(runner_config(config, out_dir, behaviour, style, scenario),
                 os.path.join(out_dir, "runner.log"), scenario)
    result.frame_period = frame_period
    env = pepper_sim.runner_environment(os.path.join(ROOT, "lib"))
    wall0 = time.monotonic()
    with BulletRobot(camera=camera, frame_period=frame_period) as robot, \
            open(result.log_path, "w") as log:
        command = [sys.executable, "-m", "animate_behaviour", "--qi-url", robot.url,
                   "--config", result.config_path, "--activate"]
        report("simulated Pepper (qiBullet) at %s; running %s" % (robot.url, " ".join(command)))
        if scenario == "visitor":
            report("followPersonMood = %g: while the visitor is engaged, Pepper's mood leans "
                   "all the way toward theirs as ALMood perceives it (weighted by its "
                   "confidence)" % FOLLOW_STRENGTH)
        runner = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        client = qi.Session()
        watch = other_app = visitor = days = None
        try:
            client.connect(robot.url)
            client.waitForService("AnimateBehaviour", _async=True).value(
                int(START_TIMEOUT * 1000))
            service = client.service("AnimateBehaviour")
            clock = robot.physics.clock
            watch = StatusWatch(service, clock, result.problems)
            if scenario == "busy":
                other_app = OtherApp(robot.url, clock, OTHER_APP_SPEECH_AT * seconds,
                                     OTHER_APP_DRIVE_AT * seconds, result.problems, report)
            elif scenario == "visitor":
                visitor = Visitor(robot.memory, clock, seconds, result.problems, report,
                                  robot.almood)
            elif scenario == "day":
                days = Day(robot.url, robot.day, clock, result.problems, report, day)
            if not _wait_simulated(robot, seconds, report):
                result.problems.append("the simulation stalled")
            if runner.poll() is not None:
                result.problems.append("the runner exited early with code %s"
                                       % runner.returncode)
            else:
                if service.setActivation("disabled") != 1:
                    result.problems.append('setActivation("disabled") did not return 1')
                result.disabled_at = robot.physics.clock.now()
                report("t=%5.1f s  disabled through AnimateBehaviour.setActivation"
                       % result.disabled_at)
                _wait_simulated(robot, result.disabled_at + settle, report)
        except RuntimeError as err:
            result.problems.append("talking to the runner's service failed: %s" % err)
        finally:
            if other_app is not None:
                other_app.join(STOP_TIMEOUT)
            if visitor is not None:
                visitor.join(STOP_TIMEOUT)
            if days is not None:
                days.join(STOP_TIMEOUT)
                result.day_events = sorted([[entry.time, entry.what] for entry in robot.day.log]
                                    + days.calls)
            if watch is not None:
                watch.stop()
                result.yields = watch.yields
                result.context = watch.context
                result.states = watch.states
                if days is not None:
                    result.day_steps = day_seen(result.states, day, result.disabled_at)
                if visitor is not None:
                    result.context["person"] = list(visitor.felt)
                    result.context["left"] = visitor.left
                    for line in mood_lines(mood_follow(result.context)):
                        report(line)
            client.close()
            _stop(runner, result.problems)
        result.commands = snapshot(robot)
        running = robot.motion.getTaskList()
        if running:
            result.problems.append("tasks still running after the runner exited: %r"
                                   % (running,))
        defaults = ABILITIES_BY_STATE[robot.life.getState()]
        changed = [name for name, enabled in robot.life.abilities.items()
                   if enabled != defaults[name]]
        if changed:
            result.problems.append("autonomous abilities left changed: %s"
                                   % ", ".join(changed))
    if robot.physics.error is not None:
        result.problems.append("the physics thread failed: %s" % robot.physics.error)
    result.samples = list(robot.physics.samples)
    result.memory_events = list(robot.memory.events)
    result.frames = list(robot.physics.frames)
    result.max_lag = robot.physics.max_lag
    result.wall_seconds = time.monotonic() - wall0
    return result


def _stop(runner, problems):
    if runner.poll() is not None:
        return
    runner.send_signal(signal.SIGTERM)
    try:
        code = runner.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        runner.kill()
        runner.wait()
        problems.append("the runner did not exit within %.0f s of SIGTERM" % STOP_TIMEOUT)
    else:
        if code != 0:
            problems.append("the runner exited with code %s after SIGTERM" % code)
