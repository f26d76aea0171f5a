"""How animate-behaviour shares a busy Pepper, against the specification's own way.

    make benchmark        (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_citizen.py)

Both run as processes against the same simulated NAOqi (pepper_sim on a loopback qi
session, a time-scaled clock shared with the runner through --time-scale), at the
specification's timing (100 waypoints 1 s apart):

* ``animate-behaviour``: the package's runner (python -m animate_behaviour);
* ``specification``: scripts/spec_baseline.py, one 100-waypoint call per trajectory
  planned at the seam, base turns regardless, disable by killTasksUsingResources.

Figures (p50 / p99 / max over the samples, count in brackets):

* seam gap per group (wall ms): from a call's return to the group's next call; the
  package's deliberate rests of the legs at home (no call holds them) are not seams;
* another app's wait (robot s): a 1 s arm gesture sent by a second qi client at a random
  moment, from its call to the moment it got its joints;
* speech gesture delay (robot s): ALAnimatedSpeech.say from a second client, to the
  moment its arm gesture got its joints;
* disable-to-kill (wall ms): setActivation("disabled") to the first kill of a running
  call;
* CPU share (% of one core) of the runner process while animating, in real time.

Figures, not assertions. Runs in about a minute and a half.
"""
import contextlib
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import qi  # noqa: E402

from animate_behaviour import joints  # noqa: E402
from pepper_sim.qi_server import SimulatedRobot  # noqa: E402

TIMEOUT = 30.0
MODES = ("animate-behaviour", "specification")
SERVICES = {"animate-behaviour": "AnimateBehaviour", "specification": "SpecificationBaseline"}
# Robot seconds per wall second differ per phase and mode so that each gets enough
# samples in little time; every figure is in robot seconds or wall ms as labelled.
SEAM_SCALE = {"animate-behaviour": 0.01, "specification": 0.002}
WAIT_SCALE = {"animate-behaviour": 0.05, "specification": 0.005}
# Slower for the speech gesture's delay, which is a few wall ms of qi round trips: at 0.05
# they would count 20 times over. The baseline's delays are whole 100 s trajectories.
SPEECH_SCALE = {"animate-behaviour": 0.2, "specification": 0.005}
SEAM_SECONDS = 8.0  # wall
WAIT_SAMPLES = 20
SPEECH_SAMPLES = 20
TOGGLES = 10
CPU_SECONDS = 10.0  # wall, at real time
# The other app's gesture: the left arm raised, far outside our random range.
GESTURE_NAMES = ["LShoulderPitch", "LElbowRoll"]
GESTURE_ANGLES = [[0.2], [-1.2]]


def percentiles(values):
    if not values:
        return "n/a"
    ordered = sorted(values)

    def at(fraction):
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
    return "%7.3f %7.3f %7.3f (%d)" % (statistics.median(ordered), at(0.99), ordered[-1],
                                       len(ordered))


class Process(object):
    """The runner or the baseline, animating against ``robot``."""

    def __init__(self, mode, robot, config_path, time_scale, activate=True):
        # The process runs with libqi's own thread pool, as a user would start it; only
        # the stand-ins' process gets the larger pool (see pepper_sim/__init__.py).
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "lib"))
        env.pop("QI_EVENTLOOP_THREAD_COUNT", None)
        if mode == "animate-behaviour":
            command = [sys.executable, "-m", "animate_behaviour", "--log-file", os.devnull]
        else:
            command = [sys.executable, os.path.join(ROOT, "scripts", "spec_baseline.py")]
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

    def cpu_seconds(self):
        with open("/proc/%d/stat" % self.process.pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.client.close()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def is_gesture(record):
    return record.names == GESTURE_NAMES and record.angles == GESTURE_ANGLES


def seam_gaps(robot, home, rests):
    """Wall ms between a group's calls, by group. With ``rests`` (the package), a leg call
    ending at home is followed by the chunk's rest at home, not a seam."""
    gaps = {"upper": [], "legs": []}
    by_group = {}
    for record in robot.motion.trajectories:
        if record.start is None or is_gesture(record):
            continue
        group = "legs" if record.names[0] in joints.LEG_JOINTS else "upper"
        by_group.setdefault(group, []).append(record)
    for group, records in by_group.items():
        for previous, following in zip(records, records[1:]):
            if previous.killed or previous.end is None:
                continue
            at_home = all(angles[-1] == home[name]
                          for name, angles in zip(previous.names, previous.angles))
            if rests and group == "legs" and at_home:
                continue
            gaps[group].append((following.requested - previous.end) * 1000.0)
    return gaps


@contextlib.contextmanager
def animating(mode, config_path, scale):
    """(robot, runner, app): a simulated robot at ``scale``, ``mode`` animating it, and a
    second qi session to play another app; all closed at the end."""
    with SimulatedRobot(time_scale=scale) as robot:
        runner = Process(mode, robot, config_path, scale)
        app = qi.Session()
        try:
            app.connect(robot.url)
            yield robot, runner, app
        finally:
            app.close()
            runner.close()


def measure_seams(mode, config_path, home):
    with animating(mode, config_path, SEAM_SCALE[mode]) as (robot, _runner, _app):
        time.sleep(SEAM_SECONDS)  # a benchmark measures while time passes
    return seam_gaps(robot, home, rests=mode == "animate-behaviour")


def measure_waits(mode, config_path):
    """(another app's waits, disable-to-kill latencies)."""
    scale = WAIT_SCALE[mode]
    rng = random.Random(7)
    with animating(mode, config_path, scale) as (robot, runner, app):
        motion = app.service("ALMotion")
        time.sleep(3.0 * scale)  # into the first trajectories
        waits = []
        for _ in range(WAIT_SAMPLES):
            time.sleep(rng.uniform(0.0, 3.0) * scale)
            motion.angleInterpolation(GESTURE_NAMES, GESTURE_ANGLES, [[1.0], [1.0]], True)
            record = [r for r in robot.motion.trajectories if is_gesture(r)][-1]
            waits.append((record.start - record.requested) / scale)
        kills = []
        for _ in range(TOGGLES):
            runner.service.setActivation("enabled")
            robot.motion.wait_for(lambda: any(
                r.end is None and r.start is not None and not is_gesture(r)
                and len(r.times[0]) > 1 for r in robot.motion.trajectories), TIMEOUT)
            count = len(robot.motion.calls)
            asked = time.monotonic()
            runner.service.setActivation("disabled")
            robot.motion.wait_for(lambda: any(
                call.method in ("killTask", "killTasksUsingResources")
                for call in robot.motion.calls[count:]), TIMEOUT)
            first = next(call for call in robot.motion.calls[count:]
                         if call.method in ("killTask", "killTasksUsingResources"))
            kills.append((first.time - asked) * 1000.0)
    return waits, kills


def measure_speech(mode, config_path):
    """Speech gesture delays (robot s): ALAnimatedSpeech.say to its gesture's start."""
    scale = SPEECH_SCALE[mode]
    rng = random.Random(11)
    with animating(mode, config_path, scale) as (robot, _runner, app):
        speech = app.service("ALAnimatedSpeech")
        delays = []
        for _ in range(SPEECH_SAMPLES):
            time.sleep(rng.uniform(1.0, 3.0) * scale)  # the arms back at work
            speech.say("Hello, I am Pepper.")
            if robot.speech.gestures[-1].delay is not None:  # None: its gesture failed
                delays.append(robot.speech.gestures[-1].delay)
    return delays


def measure_cpu(mode, config_path):
    with animating(mode, config_path, 1.0) as (_robot, runner, _app):
        time.sleep(2.0)  # past the start-up
        cpu, wall = runner.cpu_seconds(), time.monotonic()
        time.sleep(CPU_SECONDS)
        return 100.0 * (runner.cpu_seconds() - cpu) / (time.monotonic() - wall)


def main():
    config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
    config.write("# the specification's defaults\n")
    config.close()
    home = dict(joints.STAND_POSTURE)
    rows = {}
    started = time.monotonic()
    try:
        for mode in MODES:
            seams = measure_seams(mode, config.name, home)
            waits, kills = measure_waits(mode, config.name)
            delays = measure_speech(mode, config.name)
            rows[mode] = (seams, waits, delays, kills, measure_cpu(mode, config.name))
    finally:
        os.unlink(config.name)
    print("Busy Pepper, the specification's timing (1 s x 100 waypoints), pepper_sim over qi;"
          " p50 / p99 / max (samples)")
    for label, unit, pick in (
            ("seam gap, arms+hands", "ms", lambda row: row[0]["upper"]),
            ("seam gap, legs", "ms", lambda row: row[0]["legs"]),
            ("another app's wait", "s", lambda row: row[1]),
            ("speech gesture delay", "s", lambda row: row[2]),
            ("disable-to-kill", "ms", lambda row: row[3])):
        print("  %-22s (%s)" % (label, unit))
        for mode in MODES:
            print("    %-18s %s" % (mode, percentiles(pick(rows[mode]))))
    print("  runner CPU share while animating (%% of one core, %.0f s real time)" % CPU_SECONDS)
    for mode in MODES:
        print("    %-18s %6.1f %%" % (mode, rows[mode][4]))
    print("(%.0f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
