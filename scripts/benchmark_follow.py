"""The person's mood followed (issue 25, "Measure it"): a scripted 2-minute visitor.

    make benchmark      (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_follow.py
                         [--runs 1])

As a user runs it: the runner (``python -m animate_behaviour``) against pepper_sim's NAOqi
stand-ins over qi (bench_runs.animating, SCALE wall s per robot s), ``motionStyle =
lifelike``, ``behaviour = body``, ``followPersonMood = 1``, the defaults otherwise. After
WARMUP robot s a visitor arrives, enters engagement zone 1 and is tracked
(pepper_sim.people, the extractors as NAOqi runs them); for VISIT_SECONDS their mood, as
the simulated ALMood perceives it (FakeMood.feel, set_ambiance), follows SCRIPT, one row
per mood; then they leave. getStatus is read every SAMPLE_PERIOD robot s: Pepper's
``moodNow`` against the person's mood on the same axes (their valence; the room's
agitation as arousal, 2 x agitation - 1, the follow's own mapping, docs/mood.md).

Per axis: the lag, as the peak of the cross-correlation of the two series (the robot's
shifted later by 0..MAX_LAG) and as the time to 63 % of each change of the person's mood
(from the robot's value at the change to its value just before the next); the Spearman
rank correlation of the two series as sampled and at the lag (goal >= 0.8 at strength 1;
benchmark_mood's own rank correlation, numpy only). From the ALMotion calls recorded
during the visit: the largest speed any key asks of a joint (angle change over its time,
and the engine's eased peak, trajectory.PEAK_TO_MEAN_SPEED times that), as a fraction of
the joint's maximum velocity, beside maxVelocityFraction, and the keys above it (goal 0).
The lifelike figures (motion_quality.figures on the calls rebuilt at 50 Hz, benchmark_mood's
GOALS) for each mood of the script and over the whole visit. Prints Markdown; ``--write``
also writes it into docs/measurements/follow.md. Figures, not assertions; about 40 wall s
a run.
"""
from __future__ import absolute_import, division, print_function

import argparse
import collections
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import numpy as np  # noqa: E402

import motion_quality  # noqa: E402
from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.expression import live_signal  # noqa: E402
from animate_behaviour.planning import joints, trajectory  # noqa: E402
from bench_runs import animating  # noqa: E402
from benchmark_mood import GOALS  # noqa: E402
from rank_correlation import spearman  # noqa: E402
from pepper_sim.people import People  # noqa: E402
import measurement_pages  # noqa: E402  (scripts/ is on sys.path)

SCALE = 0.25  # wall s per robot s: a getStatus round trip (a few wall ms) is ~0.02 robot s
TIMEOUT = 30.0
WARMUP = 10.0  # robot s from enabling to the visitor's arrival
VISIT_SECONDS = 120.0
SAMPLE_PERIOD = 0.25  # robot s between getStatus reads
MAX_LAG = 10.0  # robot s: the cross-correlation's window
RHO_GOAL = 0.8
STEP = 0.63  # the share of a change that counts as reached (a first-order lag's time constant)
MIN_CHANGE = 0.05  # a change of the robot's mood smaller than this is not timed
SETTINGS = {"behaviour": "body", "motionStyle": "lifelike", "followPersonMood": "1"}
VISITOR = 1
# The visitor's mood as ALMood reads it: (robot s from arrival, what, valence in [-1, 1],
# attention, the room's agitation, confidence; each in [0, 1]). Confidences at or above
# ALMood's own 0.4; the follow weighs them (0.4 -> 0, 1 -> 1).
Row = collections.namedtuple("Row", "at what valence attention agitation confidence")
SCRIPT = (Row(0.0, "neutral", 0.0, 0.5, 0.5, 0.7),
          Row(20.0, "pleased", 0.4, 0.7, 0.6, 0.8),
          Row(40.0, "happy and attentive", 0.8, 0.9, 0.85, 0.9),
          Row(60.0, "bored", -0.3, 0.2, 0.3, 0.8),
          Row(80.0, "sad", -0.7, 0.2, 0.2, 0.8),
          Row(100.0, "calm and content", 0.3, 0.5, 0.35, 0.8))
AXES = ("valence", "arousal")


def person_mood(row):
    """[valence, arousal] of a row on the mood's axes, as expression/follow maps ALMood's
    reading: the person's valence, 2 x agitation - 1."""
    return [row.valence, 2.0 * row.agitation - 1.0]


class Visit(object):
    """What one run recorded, times in robot s from the visitor's arrival: ``times``
    (each getStatus read, its round trip's middle), ``robot`` and ``lean`` ([valence,
    arousal] per read: moodNow, the follow's lean), ``states`` (the context's), ``felt``
    (the clock time each row was felt, robot s), ``records`` (the ALMotion
    Trajectory records), ``time_of`` (clock time -> robot s from arrival), ``config``."""

    def __init__(self):
        self.times, self.robot, self.lean, self.states, self.felt = [], [], [], [], []
        self.records = []
        self.time_of = None
        self.config = config_module.from_mapping(SETTINGS)

    def person(self):
        """The person's [valence, arousal] at each read: the row felt last."""
        felt = np.array(self.felt)
        rows = np.searchsorted(felt, np.array(self.times), side="right") - 1
        return np.array([person_mood(SCRIPT[max(row, 0)]) for row in rows])


def play(out_path):
    """One run (see the module's doc); returns its Visit."""
    visit = Visit()
    with open(out_path, "w") as handle:
        handle.write("".join("%s = %s\n" % item for item in SETTINGS.items()))
    with animating("animate-behaviour", out_path, SCALE) as (robot, runner, _app):
        clock = robot.motion.clock
        service = runner.service
        deadline = time.monotonic() + TIMEOUT
        while json.loads(service.getStatus())["state"] != "enabled":
            if time.monotonic() > deadline:
                raise RuntimeError("the runner did not enable within %.0f s" % TIMEOUT)
            clock.wait(clock.event(), 0.05)
        enabled = clock.now()
        clock.wait(clock.event(), WARMUP)
        arrival = clock.now()

        def robot_seconds(at):
            return clock.elapsed(arrival, at)
        visit.time_of = robot_seconds
        people = People(robot.memory, robot.perception, robot.zones)
        people.arrive(VISITOR)
        people.approach(VISITOR)
        people.track(VISITOR)
        rows = list(SCRIPT)
        sample = 0
        while True:
            due = sample * SAMPLE_PERIOD
            if due >= VISIT_SECONDS:
                break
            clock.wait(clock.event(), due - robot_seconds(clock.now()))
            while rows and rows[0].at <= robot_seconds(clock.now()) + 1e-9:
                row = rows.pop(0)
                robot.almood.set_ambiance(row.agitation)
                robot.almood.feel(row.valence, row.attention, row.confidence)
                visit.felt.append(robot_seconds(clock.now()))
            asked = clock.now()
            status = json.loads(service.getStatus())
            visit.times.append(0.5 * (robot_seconds(asked) + robot_seconds(clock.now())))
            visit.robot.append(status["moodNow"])
            follow = status["context"].get("follow") or {}
            visit.lean.append(follow.get("lean"))
            visit.states.append(status["context"]["state"])
            sample += 1
        people.leave(VISITOR)
    # The runner has exited: its records are complete.
    visit.records = [record for record in robot.motion.trajectories
                     if record.start is not None and record.requested >= enabled]
    return visit


# -- figures ------------------------------------------------------------------------------

def cross_correlation_lag(person, robot, period, max_lag=MAX_LAG):
    """The shift (s, a multiple of ``period`` in [0, max_lag]) of ``robot`` behind
    ``person`` at which their Pearson correlation peaks; NaN if either is constant."""
    best, best_lag = -np.inf, float("nan")
    for shift in range(int(round(max_lag / period)) + 1):
        first, second = person[:len(person) - shift], robot[shift:]
        if len(first) < 3 or np.std(first) == 0 or np.std(second) == 0:
            continue
        value = np.corrcoef(first, second)[0, 1]
        if value > best:
            best, best_lag = value, shift * period
    return best_lag


def times_to_step(times, robot, changes, ends, step=STEP, min_change=MIN_CHANGE):
    """For each change of the person's mood (``changes``: its times, ``ends``: the next
    change or the end), the time until ``robot`` covered ``step`` of its way from its value
    at the change to its value at the last sample before the end; None where it moved
    less than ``min_change`` or never got there."""
    times = np.asarray(times)
    found = []
    for start, end in zip(changes, ends):
        inside = np.nonzero((times >= start) & (times < end))[0]
        if len(inside) < 2:
            found.append(None)
            continue
        before = inside[0] - 1 if inside[0] > 0 else inside[0]
        origin, target = robot[before], robot[inside[-1]]
        if abs(target - origin) < min_change:
            found.append(None)
            continue
        share = (robot[inside] - origin) / (target - origin)
        reached = np.nonzero(share >= step)[0]
        found.append(float(times[inside[reached[0]]] - start) if len(reached) else None)
    return found


def key_speeds(records):
    """{joint: (largest mean speed of a key, rad/s, as a fraction of the joint's maximum
    velocity)} over ``records`` (a key's mean: its angle change over its time, from the
    call's start angle for the first)."""
    largest = {}
    for record in records:
        for name, start, angles, times in zip(record.names, record.start_angles,
                                              record.angles, record.times):
            previous, before = start, 0.0
            for angle, at in zip(angles, times):
                if at > before:
                    fraction = abs(angle - previous) / (at - before) / \
                        joints.URDF_LIMITS[name].max_velocity
                    largest[name] = max(largest.get(name, 0.0), fraction)
                previous, before = angle, at
    return largest


def keys_above(records, fraction, factor=1.0):
    """How many keys ask a joint for more than ``fraction`` of its maximum velocity, their
    mean speed times ``factor`` (1: as the key's angle change over its time;
    PEAK_TO_MEAN_SPEED: the eased peak the engine plans by)."""
    count = 0
    for record in records:
        for name, start, angles, times in zip(record.names, record.start_angles,
                                              record.angles, record.times):
            previous, before = start, 0.0
            for angle, at in zip(angles, times):
                if at > before and factor * abs(angle - previous) / (at - before) > \
                        fraction * joints.URDF_LIMITS[name].max_velocity + 1e-9:
                    count += 1
                previous, before = angle, at
    return count


def lifelike(visit, start, end, mood):
    """motion_quality's figures of the calls rebuilt over [start, end] (robot s from the
    arrival), with the rest, gesture duration and breathing the signal has at ``mood``."""
    names = [name for name in visit.config.platform_joints
             if any(name in record.names for record in visit.records)]
    angles = motion_quality.rebuild(visit.records, names, visit.time_of, start, end, "ease")
    moving = live_signal.steady(visit.config, mood[0], mood[1]).now()
    return motion_quality.figures(angles, motion_quality.RATE, moving.rest,
                                  moving.gesture_duration, moving.breaths_per_minute)


def analyse(visit):
    """The run's figures: a dict."""
    times = np.array(visit.times)
    robot = np.array(visit.robot, dtype=float)
    person = visit.person()
    changes = visit.felt[1:]
    ends = visit.felt[2:] + [VISIT_SECONDS]
    figures = {"engaged share": float(np.mean([state in ("engaged", "listening")
                                               for state in visit.states]))}
    for axis, name in enumerate(AXES):
        lag = cross_correlation_lag(person[:, axis], robot[:, axis], SAMPLE_PERIOD)
        shift = int(round(lag / SAMPLE_PERIOD)) if lag == lag else 0
        steps = [value for value in times_to_step(times, robot[:, axis], changes, ends)
                 if value is not None]
        figures[name] = {
            "lag": lag,
            "to 63 %": steps,
            "rho": spearman(person[:, axis], robot[:, axis]),
            "rho at the lag": spearman(person[:len(person) - shift, axis],
                                       robot[shift:, axis]),
        }
    fraction = visit.config.max_velocity_fraction
    in_visit = [record for record in visit.records
                if 0.0 <= visit.time_of(record.requested) < VISIT_SECONDS]
    speeds = key_speeds(in_visit)
    worst = max(speeds, key=speeds.get)
    figures["speed"] = {"fraction": fraction, "joint": worst, "mean": speeds[worst],
                        "eased": trajectory.PEAK_TO_MEAN_SPEED * speeds[worst],
                        "keys above (mean)": keys_above(in_visit, fraction),
                        "keys above (eased)": keys_above(
                            in_visit, fraction, trajectory.PEAK_TO_MEAN_SPEED),
                        "keys": sum(len(angles) for record in in_visit
                                    for angles in record.angles)}
    phases = collections.OrderedDict()
    for row, start, end in zip(SCRIPT, visit.felt, visit.felt[1:] + [VISIT_SECONDS]):
        mood = robot[np.nonzero(times < end)[0][-1]]
        phases[row.what] = lifelike(visit, start, end, mood)
    phases["whole visit"] = lifelike(visit, 0.0, VISIT_SECONDS, robot.mean(axis=0))
    figures["lifelike"] = phases
    return figures


# -- report -------------------------------------------------------------------------------

def shown(value, form):
    return "n/a" if value is None or value != value else form % value


def span(values, form):
    """"a" or "a-b" (min-max) of the runs' values."""
    values = [value for value in values if value is not None and value == value]
    if not values:
        return "n/a"
    low, high = min(values), max(values)
    return form % low if form % low == form % high else "%s-%s" % (form % low, form % high)


def report(runs):
    """The runs' figures: Markdown lines."""
    lines = ["The person's mood followed: followPersonMood = 1, lifelike, behaviour = body; "
             "the runner over qi against pepper_sim at %.2f wall s per robot s; a %.0f robot s "
             "visitor (%d moods: %s), moodNow from getStatus every %.2f robot s; %d run(s), "
             "ranges over them." % (SCALE, VISIT_SECONDS, len(SCRIPT),
                                    ", ".join(row.what for row in SCRIPT), SAMPLE_PERIOD,
                                    len(runs)),
             "", "| figure | valence | arousal | goal |", "| --- | --- | --- | --- |"]
    for label, pick, form, goal in (
            ("lag, cross-correlation peak (s)", lambda axis: axis["lag"], "%.2f", ""),
            ("time to 63 % of a change, median (s)",
             lambda axis: float(np.median(axis["to 63 %"])) if axis["to 63 %"] else None,
             "%.2f", ""),
            ("time to 63 % of a change, max (s)",
             lambda axis: max(axis["to 63 %"]) if axis["to 63 %"] else None, "%.2f", ""),
            ("Spearman rho, as sampled", lambda axis: axis["rho"], "%.2f",
             ">= %.1f" % RHO_GOAL),
            ("Spearman rho, the robot's series shifted by the lag",
             lambda axis: axis["rho at the lag"], "%.2f", "")):
        lines.append("| %s | %s | %s | %s |" % (
            label, span([pick(run[AXES[0]]) for run in runs], form),
            span([pick(run[AXES[1]]) for run in runs], form), goal))
    met = all(run[name]["rho"] >= RHO_GOAL for run in runs for name in AXES)
    speed = [run["speed"] for run in runs]
    lines += [
        "", "rho >= %.1f on both axes in every run: %s; the visitor engaged in %s of the reads."
        % (RHO_GOAL, "yes" if met else "NO",
           span([100 * run["engaged share"] for run in runs], "%.0f %%")),
        "", "Joint speeds over the visit (the calls' keys, x the joint's maximum velocity; "
        "maxVelocityFraction %.2f): largest key's angle change / time %s (%s), its eased "
        "peak (x %.1f) %s; keys above the fraction: %s as angle change / time, %s eased, "
        "of %s keys." % (speed[0]["fraction"], span([s["mean"] for s in speed], "%.3f"),
                         ", ".join(sorted(set(s["joint"] for s in speed))),
                         trajectory.PEAK_TO_MEAN_SPEED,
                         span([s["eased"] for s in speed], "%.3f"),
                         span([s["keys above (mean)"] for s in speed], "%d"),
                         span([s["keys above (eased)"] for s in speed], "%d"),
                         span([s["keys"] for s in speed], "%d")),
        "", "Lifelike figures per mood (robot s of calls rebuilt at %.0f Hz; the clock line "
        "reads low below 40 s):" % motion_quality.RATE,
        "", "| mood | %s | move onsets (synchrony's count) | goals met |"
        % " | ".join(label for label, _key, _holds in GOALS),
        "| --- | %s | --- | --- |" % " | ".join("---" for _ in GOALS)]
    for phase in runs[0]["lifelike"]:
        onsets = span([sum(run["lifelike"][phase]["onsets per chain"].values())
                       for run in runs], "%d")
        cells = []
        met = []
        for label, key, holds in GOALS:
            values = [run["lifelike"][phase][key] for run in runs]
            cells.append(span(values, "%.2f"))
            met.append(all(holds(value) for value in values if value == value))
        lines.append("| %s | %s | %s | %s |" % (
            phase, " | ".join(cells), onsets, "all" if all(met) else "NOT: " + ", ".join(
                label for (label, _k, _h), ok in zip(GOALS, met) if not ok)))
    return lines

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="visits played (default 1)")
    measurement_pages.option(parser, "follow.md")
    args = parser.parse_args(argv)
    started = time.monotonic()
    handle, path = tempfile.mkstemp(suffix=".ini")
    os.close(handle)
    try:
        runs = [analyse(play(path)) for _ in range(args.runs)]
    finally:
        os.unlink(path)
    lines = report(runs)
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("follow.md", "benchmark_follow.py", lines)
    print("(%.0f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
