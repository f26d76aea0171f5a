"""One run of the real runner against the simulated Pepper, as a user would do it.

Starts a BulletRobot, runs ``python -m animate_behaviour --qi-url URL --config CFG
--activate`` (PYTHONPATH=lib) with ``platform = simulator``, lets it animate for the
given simulated seconds, disables it through the ``AnimateBehaviour`` service like a
tablet would, keeps simulating for ``settle`` seconds, then stops the runner with
SIGTERM. Returns a :class:`Run` with everything recorded.
"""
import os
import re
import signal
import subprocess
import sys
import time

import qi

from pepper_bullet.robot import BulletRobot
from pepper_sim.autonomous_life import ABILITIES_BY_STATE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CONFIG = os.path.join(ROOT, "config", "animateBehaviourConfiguration.ini")
STOP_TIMEOUT = 30.0  # s for the runner to exit after SIGTERM (its own bound is 30 s)
START_TIMEOUT = 30.0  # s for the runner to register its service
PROGRESS_PERIOD = 5.0  # s of simulated time between progress lines


class Run(object):
    """What a scenario recorded. Times are simulated seconds from the simulation start.

    ``config_path`` (the configuration used), ``samples`` (physics.Sample list),
    ``commands`` (the ALMotion records, see :func:`snapshot`), ``disabled_at`` (when
    setActivation("disabled") returned), ``frames`` and ``frame_period`` (GIF frames),
    ``wall_seconds``, ``max_lag``, ``log_path`` (the runner's output) and ``problems``
    (what went wrong: empty on success).
    """

    def __init__(self, config_path, log_path):
        self.config_path = config_path
        self.log_path = log_path
        self.samples = []
        self.commands = None
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


def snapshot(robot):
    """The motion's records as JSON-ready data (times in simulated seconds)."""
    motion = robot.motion
    with motion._cond:  # one consistent snapshot
        counts = {}
        for call in motion.calls:
            counts[call.method] = counts.get(call.method, 0) + 1
        return {
            "trajectories": [record.as_dict() for record in motion.trajectories],
            "moves": [move.as_dict() for move in motion.moves],
            "headings": [list(sample) for sample in motion.headings],
            "limit_violations": [violation._asdict() for violation in
                                 motion.limit_violations],
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


def run(seconds, out_dir, config=DEFAULT_CONFIG, behaviour=None, settle=2.0, camera=None,
        frame_period=None, report=print):
    """Animate for ``seconds`` of simulated time, disable, settle, stop. See Run."""
    os.makedirs(out_dir, exist_ok=True)
    settings = {"platform": "simulator"}
    if behaviour:
        settings["behaviour"] = behaviour
    result = Run(config_with(config, settings, out_dir), os.path.join(out_dir, "runner.log"))
    result.frame_period = frame_period
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "lib"))
    wall0 = time.monotonic()
    with BulletRobot(camera=camera, frame_period=frame_period) as robot, \
            open(result.log_path, "w") as log:
        command = [sys.executable, "-m", "animate_behaviour", "--qi-url", robot.url,
                   "--config", result.config_path, "--activate"]
        report("simulated Pepper (qiBullet) at %s; running %s" % (robot.url, " ".join(command)))
        runner = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        client = qi.Session()
        try:
            client.connect(robot.url)
            client.waitForService("AnimateBehaviour", _async=True).value(
                int(START_TIMEOUT * 1000))
            service = client.service("AnimateBehaviour")
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
