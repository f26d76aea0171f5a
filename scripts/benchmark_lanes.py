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
  recorded them (motion commands and queries alike), and per method below the table;
* the motion calls a second (angleInterpolation, moveTo) and the round trips each carries,
  by kind (getTaskList, getAngles, areResourcesAvailable, moveIsActive; issue 37's goal:
  at most 2.2 in all), and the other round trips (the heat, Autonomous Life...) per call.

p50 / p99 / max (samples), beside the goals of issue 14, for the package in each motion
style and for the specification's way. Figures, not assertions. Runs in about six
minutes a lane; ``--quick`` shortens every phase (rougher figures), ``--toggles`` sets
how many disables and enables the latencies come from, ``--lanes 2.7`` runs one lane.
``--against COMMIT`` (22d3214, say) also runs that commit's package (from a temporary
``git worktree``) in each of the package's runs, against the same pepper_sim, and prints
this code's figures as ratios of its. ``--moods`` measures the package instead in each
style at the four corners of the mood (valence and arousal each -1 or 1): the cost at
every mood. ``--write`` also writes the figures as Markdown into
docs/measurements/sharing.md (its part "lanes", or "moods" with ``--moods``).
"""
import argparse
import collections
import contextlib
import os
import random
import shutil
import subprocess
import tempfile
import time

from bench_runs import LANES, ROOT, CpuMeter, animating, at, percentiles, seam_gaps

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


def call_running(motion, margin):
    """Whether a call of the runner's has more than ``margin`` robot s left to play (run
    under the motion's lock, by wait_for)."""
    now = motion.clock.now()
    return any(record.end is None and record.start + record.duration - now > margin
               for record in motion.trajectories)


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


def measure_real_time(mode, python, config_path, seconds, window, toggles, lib):
    """(CPU disabled % over ``seconds``, CPU animating % over ``window`` s, stop latencies
    ms, enable latencies ms, round trips per second by method while animating), the
    package from ``lib``."""
    with animating(mode, config_path, 1.0, activate=False, python=python, lib=lib) as (
            robot, runner, _app):
        motion = robot.motion
        time.sleep(2.0)  # past the start-up
        with CpuMeter(runner.process.pid) as disabled:
            time.sleep(seconds)
        runner.service.setActivation("enabled")
        time.sleep(3.0)  # past the first calls
        since = motion.clock.now()
        with CpuMeter(runner.process.pid) as animating_cpu:
            time.sleep(window)
        trips = round_trips(robot, since, motion.clock.now())
        stops, enables = [], []
        for _ in range(toggles):  # enabled, into its calls: disable, then enable at home
            # A call running, for the disable to stop: a lifelike Pepper at a calm mood
            # may rest every group at once, and then nothing is killed.
            motion.wait_for(lambda: call_running(motion, 0.2), 30.0)
            count, calls = len(motion.trajectories), len(motion.calls)
            asked = time.monotonic()
            # The specification's way goes home within this call, ours after it.
            runner.service.setActivation("disabled")
            motion.wait_for(lambda: any(call.method in KILLS[mode]
                                        for call in motion.calls[calls:]), 30.0)
            kills = [call for call in motion.calls[calls:] if call.method in KILLS[mode]]
            if not kills:
                raise RuntimeError("%s: disabled with a call running, but no %s within 30 s"
                                   % (mode, " or ".join(KILLS[mode])))
            kill = kills[0]
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


def measure_seams(mode, python, config_path, seconds, lib):
    with animating(mode, config_path, SEAM_SCALE[mode], python=python, lib=lib) as (
            robot, _runner, _app):
        time.sleep(seconds)
    return seam_gaps(robot.motion.trajectories, joints.STAND_POSTURE,
                     rests=mode == "animate-behaviour")["arms"]


# The motion commands, and the round trips a motion call carries (the questions asked
# around it), named apart in the table (issue 37): (heading, methods).
COMMANDS = ("angleInterpolation", "moveTo")
CARRIED = (("getTaskList", ("getTaskList",)), ("getAngles", ("getAngles",)),
           ("areResourcesAvailable", ("areResourcesAvailable",)),
           ("moveIsActive", ("moveIsActive",)))
CARRIED_GOAL = "<= 2.2"


def per_call(trips):
    """(motion calls a second, [round trips a call of each kind of CARRIED], their sum,
    the other round trips a call) from ``trips`` (method -> per second)."""
    calls = sum(trips.get(method, 0.0) for method in COMMANDS)
    if not calls:
        return 0.0, [0.0] * len(CARRIED), 0.0, 0.0
    kinds = [sum(trips.get(method, 0.0) for method in methods) / calls
             for _name, methods in CARRIED]
    named = set(COMMANDS).union(*(methods for _name, methods in CARRIED))
    other = sum(rate for method, rate in trips.items() if method not in named) / calls
    return calls, kinds, sum(kinds), other


def markdown(columns):
    """The figures as Markdown lines: a row per run (lane, heading), a column per figure
    of GOALS (their goals in the first row), then the motion calls a second and the round
    trips each carries, by kind."""
    lines = ["| run | %s | motion calls (/s) | %s | carried a call | other a call |" % (
        " | ".join(label for label, _goal in GOALS), " | ".join(
            "%s a call" % name for name, _methods in CARRIED)),
        "| --- |%s" % (" --- |" * (len(GOALS) + len(CARRIED) + 3)),
        "| goal | %s |%s %s | |" % (" | ".join(goal for _label, goal in GOALS),
                                  " |" * (len(CARRIED) + 1), CARRIED_GOAL)]
    for name, values, trips in columns:
        calls, kinds, carried, other = per_call(trips)
        lines.append("| %s | %s | %.2f | %s | %.2f | %.2f |" % (
            name, " | ".join(values), calls, " | ".join("%.2f" % kind for kind in kinds),
            carried, other))
    return lines


def quantiles(values):
    return percentiles(values, "%.1f", " / ")


def p99_ratio_interval(new, old, draws=2000, seed=37):
    """The 90 % interval of p99(new) / p99(old) over a seeded bootstrap of both samples:
    how far the ratio of p99s would scatter between runs of as many toggles."""
    rng = random.Random(seed)
    found = sorted(p99([rng.choice(new) for _ in new]) / max(
        p99([rng.choice(old) for _ in old]), 1e-9) for _draw in range(draws))
    return at(found, 0.05), at(found, 0.95)


def ratios(columns, figures, against):
    """Markdown rows: each run's figures as ratios of the same run of commit ``against``
    (its columns named "<lane> <heading> at <against>"); ``figures``: run name -> (CPU
    animating, CPU disabled, stop latencies, enable latencies, seam p99 or None, round
    trips a second, motion calls a second, carried a call). The latencies' p99 ratios
    with their bootstrap interval (p99_ratio_interval)."""
    labels = ("CPU animating", "CPU disabled", "stop latency p99 (90 % interval)",
              "enable-to-first-call p99 (90 % interval)", "arm seam gap p99",
              "round trips (/s)", "motion calls (/s)", "carried a call")
    lines = ["| run, ratio to %s | %s |" % (against, " | ".join(labels)),
             "| --- |%s" % (" --- |" * len(labels))]
    for name, _values, _trips in columns:
        old = figures.get("%s at %s" % (name, against))
        if old is None:
            continue
        cells = []
        for index, (a, b) in enumerate(zip(figures[name], old)):
            if index in (2, 3):
                if not a or not b:
                    cells.append("n/a")
                    continue
                low, high = p99_ratio_interval(a, b)
                cells.append("x%.2f (%.2f-%.2f)" % (p99(a) / p99(b), low, high))
            else:
                cells.append("n/a" if a is None or not b else "x%.2f" % (a / b))
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    return lines


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


@contextlib.contextmanager
def checked_out(commit):
    """The lib/ folder of ``commit`` in a temporary git worktree (None: this one's),
    removed at the end."""
    if commit is None:
        yield None
        return
    folder = tempfile.mkdtemp(prefix="benchmark-lanes-")
    tree = os.path.join(folder, "tree")
    subprocess.check_call(["git", "worktree", "add", "--detach", "--quiet", tree, commit],
                          cwd=ROOT)
    try:
        yield os.path.join(tree, "lib")
    finally:
        subprocess.check_call(["git", "worktree", "remove", "--force", tree], cwd=ROOT)
        shutil.rmtree(folder, ignore_errors=True)


def p99(values):
    return at(sorted(values), 0.99) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter phases, rougher figures")
    parser.add_argument("--moods", action="store_true",
                        help="the package at the mood's four corners, in both styles")
    parser.add_argument("--against", metavar="COMMIT",
                        help="also run this commit's package, and print ratios to it")
    parser.add_argument("--lanes", nargs="+", choices=[lane for lane, _python in LANES],
                        default=[lane for lane, _python in LANES], help="the lanes to run")
    parser.add_argument("--toggles", type=int,
                        help="disables and enables the latencies come from (default: 20, "
                             "8 with --quick)")
    parser.add_argument("--window", type=float,
                        help="robot s of the CPU and round trips window while animating "
                             "(default: 12, 4 with --quick; 110 takes a whole 100 s "
                             "trajectory of the specification's way at 22d3214, which "
                             "planned each at once)")
    measurement_pages.option(parser, "sharing.md")
    arguments = parser.parse_args()
    runs = MOOD_RUNS if arguments.moods else RUNS
    seconds, toggles, seam_seconds = (4.0, 8, 3.0) if arguments.quick else (12.0, 20, 8.0)
    toggles = arguments.toggles or toggles
    window = arguments.window or seconds
    started = time.monotonic()
    columns, figures = [], {}
    with checked_out(arguments.against) as old_lib:
        for lane, python in LANES:
            if lane not in arguments.lanes:
                continue
            if not os.path.exists(python):
                print("lane %s: %s is missing (run scripts/setup.sh)" % (lane, python))
                continue
            for heading, mode, text, seamed in runs:
                versions = [("", None)]
                if old_lib is not None and mode == "animate-behaviour":
                    versions.append((" at %s" % arguments.against, old_lib))
                for suffix, lib in versions:
                    config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
                    config.write(text)
                    config.close()
                    try:
                        disabled, animating_cpu, stops, enables, trips = measure_real_time(
                            mode, python, config.name, seconds, window, toggles, lib)
                        seam_gaps_ms = measure_seams(mode, python, config.name,
                                                     seam_seconds, lib) if seamed else None
                    finally:
                        os.unlink(config.name)
                    name = "%s %s%s" % (lane, heading, suffix)
                    seams = "n/a: rest to rest" if seam_gaps_ms is None else \
                        quantiles(seam_gaps_ms)
                    columns.append((name, ["%.3f" % animating_cpu, "%.3f" % disabled,
                                           quantiles(stops), quantiles(enables), seams,
                                           "%.2f" % sum(trips.values())], trips))
                    calls, _kinds, carried, _other = per_call(trips)
                    figures[name] = (animating_cpu, disabled, stops, enables,
                                     p99(seam_gaps_ms), sum(trips.values()), calls, carried)
    lines = markdown(columns)
    if arguments.against:
        lines += ["", "This code's figures as ratios of %s's, the same run (lower is "
                  "cheaper or faster):" % arguments.against, ""] + ratios(
                      columns, figures, arguments.against)
    heading = ("Runner cost per lane (2.7: libqi 1.8.3 + numpy 1.8.0 as on Pepper; 3.9: libqi "
               "3.1.5), pepper_sim over qi, %.0f s windows animating (%.0f s disabled), %d "
               "toggles; latencies p50 / p99 / max (samples); ours = animate-behaviour "
               "(lifelike: motionStyle = lifelike), spec = the specification's way; a call: "
               "per motion call (angleInterpolation, moveTo):" % (window, seconds, toggles))
    print(heading)
    print("\n".join(lines))
    print("NAOqi round trips per second while animating, by method:")
    for name, _values, trips in columns:
        print("  %-26s %s" % (name, ", ".join(
            "%s %.2f" % (method, rate) for method, rate in
            sorted(trips.items(), key=lambda item: -item[1]))))
    if arguments.write:
        measurement_pages.write("sharing.md", "benchmark_lanes.py", [heading, ""] + lines,
            part="moods" if arguments.moods else "lanes")
    print("(%.0f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
