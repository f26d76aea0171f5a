"""What the benchmarks that run the package as a process share (Python 3.9 + qi).

A simulated robot (pepper_sim served over libqi on loopback) with a runner process
animating it: the package's (``python -m animate_behaviour``) or the specification's
way (scripts/spec_baseline.py), on the interpreter of either lane, and a second qi
session playing another app. Also how figures are summarised, how a process's CPU is
read (the scheduler's per-thread counters) and where a group's calls seam.
Benchmark tooling: never shipped.
"""
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import qi  # noqa: E402

import pepper_sim  # noqa: E402
from pepper_sim.qi_server import SimulatedRobot  # noqa: E402

TIMEOUT = 30.0
MODES = ("animate-behaviour", "specification")
SERVICES = {"animate-behaviour": "AnimateBehaviour", "specification": "SpecificationBaseline"}
# The lanes: Pepper's interpreter (Python 2.7, libqi 1.8.3, numpy 1.8.0) and the PC's.
LANES = (("2.7", os.path.join(ROOT, ".venv27", "bin", "python")), ("3.9", sys.executable))


def percentiles(values, number="%7.3f", between=" "):
    """"p50 p99 max (count)" of ``values``, each as ``number``."""
    if not values:
        return "n/a"
    ordered = sorted(values)
    figures = [number % value for value in (statistics.median(ordered), at(ordered, 0.99),
                                            ordered[-1])]
    return "%s (%d)" % (between.join(figures), len(ordered))


def at(ordered, fraction):
    """The ``fraction`` quantile of sorted ``ordered`` (nearest rank below)."""
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Process(object):
    """The runner or the baseline (``mode``), on ``python``, animating ``robot``; a qi
    client with the service's proxy (``service``). ``lib``: the runner's package folder
    (another commit's, say; default: this one's)."""

    def __init__(self, mode, robot, config_path, time_scale, activate=True,
                 python=sys.executable, lib=None):
        env = pepper_sim.runner_environment(lib or os.path.join(ROOT, "lib"))
        if mode == "animate-behaviour":
            command = [python, "-m", "animate_behaviour", "--log-file", os.devnull]
        else:
            command = [python, os.path.join(ROOT, "scripts", "spec_baseline.py")]
        command += ["--qi-url", robot.url, "--config", config_path,
                    "--time-scale", repr(time_scale)]
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.client = qi.Session()
        self.client.connect(robot.url)
        name = SERVICES[mode]
        self.client.waitForService(name, _async=True).value(int(TIMEOUT * 1000))
        self.service = self.client.service(name)
        if activate:
            self.service.setActivation("enabled")

    def close(self):
        self.client.close()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def animating(mode, config_path, scale, activate=True, python=sys.executable, lib=None):
    """(robot, runner, app): a simulated robot at ``scale``, ``mode`` on ``python`` (the
    package from ``lib``, see Process) animating it (or not, without ``activate``), and a
    second qi session to play another app; all closed at the end."""
    with SimulatedRobot(time_scale=scale) as robot:
        runner = Process(mode, robot, config_path, scale, activate, python, lib)
        app = qi.Session()
        try:
            app.connect(robot.url)
            yield robot, runner, app
        finally:
            app.close()
            runner.close()


class CpuMeter(object):
    """CPU seconds a process spends, from the scheduler's per-thread counters
    (/proc/<pid>/task/*/schedstat, ns: clock ticks are too coarse at a few ms a second),
    read every ``period`` s by a thread of the benchmark so that threads that start and
    end meanwhile count too (at most one period of a dying thread's time is missed)."""

    def __init__(self, pid, period=0.2):
        self._pid = pid
        self._period = period
        self._first = None
        self._last = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _read(self):
        times = {}
        task_dir = "/proc/%d/task" % self._pid
        for tid in os.listdir(task_dir):
            try:
                with open(os.path.join(task_dir, tid, "schedstat")) as stat:
                    times[tid] = int(stat.read().split()[0])
            except OSError:
                continue  # the thread ended between the listing and the read
        return times

    def _run(self):
        while not self._stop.wait(self._period):
            self._last.update(self._read())

    def __enter__(self):
        self._first = self._read()
        self._last = dict(self._first)
        self._started = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._stop.set()
        self._thread.join()
        self._last.update(self._read())
        self.wall = time.monotonic() - self._started
        self.seconds = sum(ns - self._first.get(tid, 0) for tid, ns in self._last.items()) / 1e9
        return False

    @property
    def percent(self):
        """CPU share over the window, in % of one core."""
        return 100.0 * self.seconds / self.wall


def seam_gaps(records, home, rests, skip=lambda record: False):
    """Wall ms from a call's return to the next call of the same joints, by joint group
    ("arms" for the calls moving arm joints, "legs"); killed calls and the records
    ``skip`` accepts (another app's) are left out. With ``rests`` (the package), a call
    that ends with its joints at home and is followed by a rest there (the legs' chunk
    pattern) is no seam."""
    by_joints = {}
    for record in records:
        if record.start is None or skip(record):
            continue
        by_joints.setdefault(tuple(record.names), []).append(record)
    gaps = {"arms": [], "legs": []}
    for names, calls in by_joints.items():
        kind = "legs" if all(name in ("HipRoll", "HipPitch", "KneePitch") for name in names) \
            else "arms"
        for previous, following in zip(calls, calls[1:]):
            if previous.killed or previous.end is None:
                continue
            at_home = all(angles[-1] == home[name]
                          for name, angles in zip(previous.names, previous.angles))
            if rests and at_home:
                continue
            gaps[kind].append((following.requested - previous.end) * 1000.0)
    return gaps
