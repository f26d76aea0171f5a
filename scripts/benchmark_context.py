"""How the context's reactions show in the calls (issue 20, "Measure it"): one visitor.

    make benchmark      (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_context.py)

The real MotionEngine (its mood set and context feed its live signal, as on the robot)
runs in-process against pepper_sim's KinematicMotion and FakeMemory on one ScaledClock
(SCALE wall s per robot s), ``motionStyle = lifelike``, ``behaviour = all``,
``aloneAfter = 1`` minute, the defaults otherwise. pepper_sim.people raises the events
NAOqi 2.5 raises for a visitor (docs/naoqi.md, "People and listening events") on this
timeline (robot s from enabling): VISITOR arrives, is tracked and enters zone 1 (engaged),
Pepper listens, stops listening, the visitor leaves; a minute later Pepper is alone, and
a second visitor ends it. Then (issue 25) the second visitor enters engagement zone 1
without being tracked (engaged from ALEngagementZones' state alone: the list
EngagementZones/PeopleInZone1, read at PeopleInZonesUpdated), steps back to zone 2, is
tracked by basic awareness, which then turns to a third person; a HumanLost arrives
LATE_LOST s after that newer HumanTracked (the first tracking's, late: it must end
nothing), and a HumanLost 10 s later ends the tracking.

Per event: the time from the event to the first call that shows it (engaged, alone and
back: the first angleInterpolation sent after it, each step planned reading the live
signal, which glides from that moment; listening on: the first arm call after it, a
breath call; listening off: the first arm move after it); the largest joint speed any call sent during the reaction's
ramp asks for (the engine's own easing model: trajectory.PEAK_TO_MEAN_SPEED times a
key's mean speed), as a fraction of the joint's maximum velocity, beside
maxVelocityFraction; base turns while engaged and arm moves started while listening
(goal 0 each); for the way back from alone, how long the mood took to reach its set
arousal again (goal <= 1 s); for the late HumanLost, the context's state just before the
next event ("tracking kept": still engaged) and the base turns meanwhile (goal 0). Last, a
line on what subscribing the people extractors costs NAOqi, as docs/naoqi.md gives it.
Prints Markdown; ``--write`` also writes it into docs/measurements/context.md. Figures,
not assertions; about 15 s of wall time.
"""
from __future__ import absolute_import, division, print_function

import argparse
import logging
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import numpy as np  # noqa: E402

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.engine.motion_engine import MotionEngine  # noqa: E402
from animate_behaviour.engine.ports import Robot  # noqa: E402
from animate_behaviour.expression import context as context_module  # noqa: E402
from animate_behaviour.planning import joints, trajectory  # noqa: E402
from pepper_sim.memory import FakeMemory  # noqa: E402
from pepper_sim.motion import KinematicMotion  # noqa: E402
from pepper_sim.people import Listening, People  # noqa: E402
import measurement_pages  # noqa: E402  (scripts/ is on sys.path)

SCALE = 0.05  # wall s per robot s
SEED = 20
TIMEOUT = 30.0
SETTINGS = {"motionStyle": "lifelike", "behaviour": "all", "aloneAfter": "1"}
# The visitor's timeline: (robot s after enabling, what happens).
LATE_LOST = 0.5  # robot s after the newer HumanTracked (facts.BURST: 1 s)
VISITOR = ((10.0, "arrives"), (15.0, "engages"), (30.0, "listening on"), (33.0, "speaks"),
           (45.0, "listening off"), (55.0, "leaves"), (190.0, "second visitor"),
           (200.0, "zone 1 only"), (215.0, "zone 2"), (225.0, "tracked"),
           (235.0, "tracks another"), (235.0 + LATE_LOST, "late HumanLost"),
           (245.0, "HumanLost"), (255.0, "end"))
DOCS = os.path.join(ROOT, "docs", "naoqi.md")
ARM_MOVES = set(joints.ARM_JOINTS + joints.HAND_JOINTS) - {"LShoulderPitch", "RShoulderPitch"}


class Run(object):
    """The engine (its mood set, its context) and what it did."""

    def __init__(self):
        self.config = config_module.from_mapping(SETTINGS)
        self.motion = KinematicMotion(time_scale=SCALE)
        self.clock = self.motion.clock
        self.memory = FakeMemory(clock=self.clock)
        log = logging.getLogger("benchmark.context")
        self.engine = MotionEngine(lambda: self.config,
                                   Robot(self.motion, self.memory, None, None, None), log,
                                   clock=self.clock, rng=np.random.RandomState(SEED))
        self.people = People(self.memory)
        self.listening = Listening(self.memory)
        self.back = None  # clock time the mood Pepper moves by was back at the mood set
        self.states = {}  # what -> the context's state just before it happened

    def wait_until(self, robot_seconds):
        """Let the robot clock run to ``robot_seconds`` after ``self.start``."""
        remaining = robot_seconds - self.clock.elapsed(self.start, self.clock.now())
        self.clock.wait(self.clock.event(), max(0.0, remaining))

    def play(self):
        self.engine.start()
        self.engine.request("enabled")
        assert self.engine.wait_settled("enabled", TIMEOUT)
        self.start = self.clock.now()
        self.marks = {}
        for at, what in VISITOR:
            self.wait_until(at)
            self.states[what] = self.engine.context.report()["state"]
            self.marks[what] = self.clock.now()
            if what == "arrives":
                self.people.arrive(1)
            elif what == "engages":
                self.people.approach(1)
                self.people.track(1)
            elif what == "listening on":
                self.listening.start()
            elif what == "speaks":
                self.listening.hear()
            elif what == "listening off":
                self.listening.stop()
            elif what == "leaves":
                self.people.leave(1)
            elif what == "second visitor":
                self.people.arrive(2)
                self.back = self._mood_back()
            elif what == "zone 1 only":
                self.people.approach(2)  # PeopleInZone1 [2], then PeopleInZonesUpdated
            elif what == "zone 2":
                self.people.approach(2, zone=2)
            elif what == "tracked":
                self.people.track(2)
            elif what == "tracks another":
                self.people.arrive(3)
                self.people.track(3)
            elif what in ("late HumanLost", "HumanLost"):
                self.people.lost()
        self.engine.request("disabled")
        assert self.engine.wait_settled("disabled", TIMEOUT)
        self.engine.close(TIMEOUT)

    def _mood_back(self):
        """The first clock time, looking every 0.05 robot s, at which the mood Pepper moves
        by is the mood set again."""
        while self.engine.signal.mood_now() != self.engine.mood.get():
            self.clock.wait(self.clock.event(), 0.05)
        return self.clock.now()

    # -- figures --------------------------------------------------------------------------

    def seconds(self, since, at):
        return self.clock.elapsed(since, at)

    def calls_between(self, begin, end):
        return [record for record in self.motion.trajectories
                if begin <= record.requested < end]

    def first_call_after(self, at, wanted=lambda record: True):
        later = [record for record in self.motion.trajectories
                 if record.requested > at and wanted(record)]
        return min(record.requested for record in later) if later else None

    def largest_speed(self, begin, end):
        """The largest speed a call requested in [begin, end) asks of a joint, as a
        fraction of its maximum velocity."""
        largest = 0.0
        for record in self.calls_between(begin, end):
            for name, start, angles, times in zip(record.names, record.start_angles,
                                                  record.angles, record.times):
                previous, before = start, 0.0
                for angle, time in zip(angles, times):
                    speed = trajectory.PEAK_TO_MEAN_SPEED * abs(angle - previous) / (
                        time - before)
                    largest = max(largest, speed / joints.URDF_LIMITS[name].max_velocity)
                    previous, before = angle, time
        return largest

    def turns_between(self, begin, end):
        return [call for call in self.motion.calls_to("moveTo") if begin < call.time < end]

    def alone_at(self):
        """When Pepper counted as alone: aloneAfter minutes after the visitor left (the
        context's own figure), or None if the run ended before."""
        at = self.marks["leaves"] + 60.0 * self.config.alone_after * self.clock.time_scale
        return at if at < self.marks["second visitor"] else None


def show(run):
    """The run's figures: Markdown lines."""
    marks = run.marks
    ramp_end = dict((name, rise) for name, (rise, _fall) in context_module.RAMPS.items())
    alone = run.alone_at()
    rows = []


    def window(at, seconds):
        return run.largest_speed(at, at + (seconds + run.config.max_call_duration)
                                 * run.clock.time_scale)

    def delta(at, then):
        return "-" if then is None else "%.2f" % run.seconds(at, then)

    engaged = marks["engages"]
    turns = [call for call in run.motion.calls_to("moveTo")
             if engaged < call.time < marks["leaves"]]
    rows.append(("engaged (tracked, zone 1)", delta(engaged, run.first_call_after(engaged)),
                 window(engaged, ramp_end[context_module.ENGAGED]), "%d" % len(turns), ""))
    listening = marks["listening on"]
    arm_moves = [record for record in run.calls_between(listening, marks["listening off"])
                 if set(record.names) & ARM_MOVES]
    rows.append(("listening on", delta(listening, run.first_call_after(
        listening, lambda record: set(record.names) & set(joints.ARM_JOINTS))),
        window(listening, ramp_end[context_module.LISTENING]), "", "%d" % len(arm_moves)))
    off = marks["listening off"]
    rows.append(("listening off", delta(off, run.first_call_after(
        off, lambda record: set(record.names) & ARM_MOVES)),
        window(off, ramp_end[context_module.LISTENING]), "", ""))
    if alone is not None:
        rows.append(("alone (%.0f min after leaving)" % run.config.alone_after,
                     delta(alone, run.first_call_after(alone)),
                     window(alone, ramp_end[context_module.ALONE]), "", ""))
    back = marks["second visitor"]
    rows.append(("someone appears (alone ends)", delta(back, run.first_call_after(back)),
                 window(back, context_module.RAMPS[context_module.ALONE][1]), "", ""))
    zone = marks["zone 1 only"]
    rows.append(("engaged (zone 1 only: PeopleInZone1, not tracked)",
                 delta(zone, run.first_call_after(zone)),
                 window(zone, ramp_end[context_module.ENGAGED]),
                 "%d" % len(run.turns_between(zone, marks["zone 2"])), ""))
    late = marks["late HumanLost"]
    kept = run.states["HumanLost"] == context_module.ENGAGED
    rows.append(("late HumanLost (%.1f s after a newer HumanTracked)" % LATE_LOST,
                 "none: tracking kept" if kept else "tracking ENDED (%s); %s" % (
                     run.states["HumanLost"], delta(late, run.first_call_after(late))),
                 window(late, ramp_end[context_module.ENGAGED]),
                 "%d" % len(run.turns_between(late, marks["HumanLost"])), ""))
    lost = marks["HumanLost"]
    rows.append(("HumanLost (%.0f s into the tracking: it ends)" % (
        run.seconds(marks["tracks another"], lost)),
        "%s (%s)" % (delta(lost, run.first_call_after(lost)), run.states["end"]),
        window(lost, context_module.RAMPS[context_module.ENGAGED][1]), "", ""))
    lines = ["Context reactions (lifelike, behaviour = all, in-process, %.0f robot s; "
             "maxVelocityFraction %.2f):" % (VISITOR[-1][0], run.config.max_velocity_fraction),
             "",
             "| event | first changed call (s) | largest joint speed during the ramp (x max) "
             "| base turns while engaged (goal 0) | arm move onsets while listening (goal 0) |",
             "| --- | --- | --- | --- | --- |"]
    for label, first, speed, turns_cell, onsets in rows:
        lines.append("| %s | %s | %.3f | %s | %s |" % (label, first, speed, turns_cell, onsets))
    lines += ["", "Alone: %s; the mood back at its set arousal %s s after someone appeared "
              "(goal <= 1); the largest joint speed of the whole run %.3f x max."
              % ("reached" if alone is not None else "not reached",
                 delta(back, run.back), run.largest_speed(run.start, run.clock.now())),
              "", extractor_cost() + "."]
    return lines


def extractor_cost(docs=DOCS):
    """The line on what subscribing the people extractors costs NAOqi, cited from
    docs/naoqi.md: the bold lead of its bullet on their cost ("**What it costs: ...**") and
    the section holding it; "not published" when the page has no such bullet (NAOqi 2.5's
    pages give no CPU or camera figure for either extractor)."""
    with open(docs) as handle:
        text = handle.read()
    heading, said = None, None
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        found = re.search(r"\*\*(What it costs[^*]*)\*\*", section)
        if found:
            heading, said = section.partition("\n")[0].strip(), found.group(1)
            break
    where = ("docs/naoqi.md, \"%s\": \"%s\"" % (heading, said) if said else
             "docs/naoqi.md gives no figure")
    return ("What subscribing ALPeoplePerception and ALEngagementZones costs NAOqi (camera "
            "work, while enabled; key subscribeExtractors): %s (%s)"
            % ("not published" if said is None or "not published" in said else said, where))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    measurement_pages.option(parser, "context.md")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    run = Run()
    run.play()
    lines = show(run)
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("context.md", "benchmark_context.py", lines)


if __name__ == "__main__":
    main()
