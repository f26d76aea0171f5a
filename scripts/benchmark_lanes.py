"""What the runner costs on Pepper's interpreter and on a PC's, beside the specification's way.

    make benchmark        (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_lanes.py)

For each lane (2.7: Pepper's Python with libqi 1.8.3 and numpy 1.8.0; 3.9: libqi 3.1.5)
and each mode (the package's runner; scripts/spec_baseline.py, the specification's way),
a process animates the same simulated NAOqi (pepper_sim over a loopback qi session,
served by this Python 3.9 process) at the specification's defaults:

* CPU (% of one core) of the process while animating and while disabled, in real time,
  from the scheduler's per-thread counters (bench_runs.CpuMeter);
* stop latency (wall ms): setActivation("disabled") to its first kill of a running call
  (killTask; the specification's way: killTasksUsingResources);
* enable-to-first-call (wall ms): setActivation("enabled"), with Pepper at home, to its
  first angleInterpolation;
* seam gap (wall ms): from an arm call's return to that arm's next call, at a faster
  time scale for enough seams (bench_runs.seam_gaps);
* NAOqi round trips per second while animating: every call the process made to the
  simulated ALMotion, ALMemory and ALAutonomousLife in the CPU window, as their stand-ins
  recorded them (motion commands and queries alike), and per method below the table.

p50 / p99 / max (samples), beside the goals of issue 14, for the package in each motion
style and for the specification's way. Figures, not assertions. Runs in about six
minutes; ``--quick`` shortens every phase (rougher figures). ``--moods`` measures the
package instead in each style at the four corners of the mood (valence and arousal
each -1 or 1): the cost at every mood. ``--write`` also writes the figures as Markdown
into docs/measurements/sharing.md (its part "lanes", or "moods" with ``--moods``).
"""
import argparse
import collections
import os
import tempfile
import time

from bench_runs import LANES, CpuMeter, animating, percentiles, seam_gaps

from animate_behaviour.planning import joints  # noqa: E402 (bench_runs puts lib/ on the path)
import measurement_pages  # noqa: E402

KILLS = {"animate-behaviour": ("killTask",), "specification": ("killTasksUsingResources",)}
# Wall s per robot s for the seams: ours seam every 2 s call (every 0.1 wall s at 0.05),
# the specification's way every 100 s trajectory (every 0.2 wall s at 0.002).
SEAM_SCALE = {"animate-behaviour": 0.05, "specification": 0.002}
GOALS = (("CPU animating (% core)", "<= 0.2"), ("CPU disabled (% core)", "<= 0.06"),
         ("stop latency (ms)", "p99 <= 10"), ("enable-to-first-call (ms)", "p99 <= 50"),
         ("arm seam gap (ms)", "p99 <= 20"), ("NAOqi round trips (/s)", "<= 2"))


def settled_home(motion, since):
    """Whether every call since record ``since`` has ended and nothing moves."""
    return all(record.end is not None for record in motion.trajectories[since:])


def round_trips(robot, since, until):
    """method -> calls per second the stand-ins of ``robot`` recorded between clock times
    ``since`` and ``until`` (the runner's: the benchmark's own app makes none)."""
    rates = collections.Counter()
    for service in (robot.motion, robot.memory, robot.life):
        for call in list(service.calls):
            if since <= call.time < until:
                rates[call.method] += 1
    seconds = robot.motion.clock.elapsed(since, until)
    return dict((method, count / seconds) for method, count in rates.items())


def measure_real_time(mode, python, config_path, seconds, toggles):
    """(CPU disabled %, CPU animating %, stop latencies ms, enable latencies ms, round
    trips per second by method while animating)."""
    with animating(mode, config_path, 1.0, activate=False, python=python) as (
            robot, runner, _app):
        motion = robot.motion
        time.sleep(2.0)  # past the start-up
        with CpuMeter(runner.process.pid) as disabled:
            time.sleep(seconds)
        runner.service.setActivation("enabled")
        time.sleep(3.0)  # past the first calls
        since = motion.clock.now()
        with CpuMeter(runner.process.pid) as animating_cpu:
            time.sleep(seconds)
        trips = round_trips(robot, since, motion.clock.now())
        stops, enables = [], []
        for _ in range(toggles):  # enabled, into its calls: disable, then enable at home
            count, calls = len(motion.trajectories), len(motion.calls)
            asked = time.monotonic()
            # The specification's way goes home within this call, ours after it.
            runner.service.setActivation("disabled")
            motion.wait_for(lambda: any(call.method in KILLS[mode]
                                        for call in motion.calls[calls:]), 30.0)
            kill = next(call for call in motion.calls[calls:] if call.method in KILLS[mode])
            stops.append((kill.time - asked) * 1000.0)
            motion.wait_for(lambda: len(motion.trajectories) > count
                            and settled_home(motion, count), 30.0)  # home, and still
            calls = len(motion.calls)
            asked = time.monotonic()
            runner.service.setActivation("enabled")
            motion.wait_for(lambda: any(call.method == "angleInterpolation"
                                        for call in motion.calls[calls:]), 30.0)
            first = next(call for call in motion.calls[calls:]
                         if call.method == "angleInterpolation")
            enables.append((first.time - asked) * 1000.0)
            motion.wait_for(lambda: False, 0.5)  # into its calls
        return disabled.percent, animating_cpu.percent, stops, enables, trips


def measure_seams(mode, python, config_path, seconds):
    with animating(mode, config_path, SEAM_SCALE[mode], python=python) as (
            robot, _runner, _app):
        time.sleep(seconds)
    return seam_gaps(robot.motion.trajectories, joints.STAND_POSTURE,
                     rests=mode == "animate-behaviour")["arms"]


# The round trips docs/measurements/sharing.md names apart: (heading, methods).
NAMED_TRIPS = (("motion commands", ("angleInterpolation", "moveTo")),
               ("getTaskList", ("getTaskList",)), ("getAngles", ("getAngles",)))


def markdown(columns):
    """The figures as Markdown lines: a row per run (lane, heading), a column per figure
    of GOALS (their goals in the first row), then the round trips named apart."""
    lines = ["| run | %s | %s |" % (" | ".join(label for label, _goal in GOALS), " | ".join(
        "of which %s" % name for name, _methods in NAMED_TRIPS)),
        "| --- |%s" % (" --- |" * (len(GOALS) + len(NAMED_TRIPS))),
        "| goal | %s |%s" % (" | ".join(goal for _label, goal in GOALS),
                             " |" * len(NAMED_TRIPS))]
    for name, values, trips in columns:
        lines.append("| %s | %s | %s |" % (name, " | ".join(values), " | ".join(
            "%.2f" % sum(trips.get(method, 0.0) for method in methods)
            for _name, methods in NAMED_TRIPS)))
    return lines


def quantiles(values):
    return percentiles(values, "%.1f", " / ")


# The columns of each lane: (heading, mode, configuration file text, whether its calls
# have seams: every lifelike call ends at a rest or a turn of the breath).
RUNS = (("ours", "animate-behaviour", "# the specification's defaults\n", True),
        ("ours lifelike", "animate-behaviour", "motionStyle = lifelike\n", False),
        ("spec", "specification", "# the specification's defaults\n", True))
CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
MOOD_RUNS = tuple(
    ("%s v%+d a%+d" % (name, valence, arousal), "animate-behaviour",
     "%svalence = %d\narousal = %d\n" % (style, valence, arousal), seamed)
    for name, style, seamed in (("ours", "", True), ("lifelike", "motionStyle = lifelike\n",
                                                        False))
    for valence, arousal in CORNERS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter phases, rougher figures")
    parser.add_argument("--moods", action="store_true",
                        help="the package at the mood's four corners, in both styles")
    measurement_pages.option(parser, "sharing.md")
    arguments = parser.parse_args()
    runs = MOOD_RUNS if arguments.moods else RUNS
    seconds, toggles, seam_seconds = (4.0, 8, 3.0) if arguments.quick else (12.0, 20, 8.0)
    started = time.monotonic()
    columns = []
    for lane, python in LANES:
        if not os.path.exists(python):
            print("lane %s: %s is missing (run scripts/setup.sh)" % (lane, python))
            continue
        for heading, mode, text, seamed in runs:
            config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
            config.write(text)
            config.close()
            try:
                disabled, animating_cpu, stops, enables, trips = measure_real_time(
                    mode, python, config.name, seconds, toggles)
                seams = quantiles(measure_seams(mode, python, config.name, seam_seconds)) \
                    if seamed else "n/a: rest to rest"
            finally:
                os.unlink(config.name)
            columns.append(("%s %s" % (lane, heading),
                            ["%.3f" % animating_cpu, "%.3f" % disabled, quantiles(stops),
                             quantiles(enables), seams, "%.2f" % sum(trips.values())],
                            trips))
    print("Runner cost per lane (2.7: libqi 1.8.3 + numpy 1.8.0 as on Pepper; 3.9: libqi "
          "3.1.5), the specification's defaults, pepper_sim over qi; latencies p50 / p99 / max "
          "(samples); ours = animate-behaviour (in the lifelike style: motionStyle = "
          "lifelike), spec = the specification's way")
    width = max(len(values[index]) for _name, values, _trips in columns
                for index in range(len(GOALS))) + 2
    print("  %-26s %-10s" % ("", "goal") + "".join("%-*s" % (width, name)
                                                   for name, _values, _trips in columns))
    for index, (label, goal) in enumerate(GOALS):
        print("  %-26s %-10s" % (label, goal) + "".join(
            "%-*s" % (width, values[index]) for _name, values, _trips in columns))
    print("NAOqi round trips per second while animating, by method:")
    for name, _values, trips in columns:
        print("  %-18s %s" % (name, ", ".join(
            "%s %.2f" % (method, rate) for method, rate in
            sorted(trips.items(), key=lambda item: -item[1]))))
    if arguments.write:
        measurement_pages.write("sharing.md", "benchmark_lanes.py", [
            "Runner cost per lane (2.7: libqi 1.8.3 + numpy 1.8.0 as on Pepper; 3.9: libqi "
            "3.1.5), pepper_sim over qi, %.0f s windows; latencies p50 / p99 / max (samples); "
            "ours = animate-behaviour (lifelike: motionStyle = lifelike), spec = the "
            "specification's way:" % seconds, ""] + markdown(columns),
            part="moods" if arguments.moods else "lanes")
    print("(%.0f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
