"""Run animate-behaviour against a simulated Pepper and plot what it commanded.

    python devtools/pepper_sim/demo.py [--seconds N] [--out out/demo] [--config FILE]
                                       [--behaviour B]

(env SECONDS and BEHAVIOUR give the defaults of --seconds and --behaviour). Starts a
SimulatedRobot at time_scale 1.0, runs ``python -m animate_behaviour --qi-url URL
--config CFG --activate`` (PYTHONPATH=lib) for N seconds, stops it with SIGTERM (it must
exit 0 within 30 s), then writes OUT/trajectories.png, OUT/commands.json and
OUT/runner.log and prints a summary. Exits 1 if the runner failed. Python 3 + qi.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from pepper_sim import plot  # noqa: E402
from pepper_sim.motion import clock  # noqa: E402
from pepper_sim.qi_server import SimulatedRobot  # noqa: E402

DEFAULT_CONFIG = os.path.join("config", "animateBehaviourConfiguration.ini")
PROGRESS_PERIOD = 2.0
STOP_TIMEOUT = 30.0


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("SECONDS", 20)),
                        help="how long the runner animates (default $SECONDS or 20)")
    parser.add_argument("--out", default=os.path.join("out", "demo"))
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    parser.add_argument("--behaviour", default=os.environ.get("BEHAVIOUR") or None,
                        help="override the config's behaviour (default $BEHAVIOUR)")
    return parser.parse_args(argv)


def config_with_behaviour(source, behaviour, out_dir):
    """A copy of ``source`` with ``behaviour = X`` replaced (or added before any section)."""
    with open(source) as handle:
        lines = handle.read().splitlines()
    pattern = re.compile(r"^\s*behaviour\s*=")
    replaced = False
    for index, line in enumerate(lines):
        if line.lstrip().startswith("["):
            break
        if pattern.match(line):
            lines[index] = "behaviour = %s" % behaviour
            replaced = True
    if not replaced:
        lines.insert(0, "behaviour = %s" % behaviour)
    path = os.path.join(out_dir, "config_used.ini")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return path


def snapshot(robot, t0):
    """The motion's records as JSON-ready data, times relative to ``t0``."""
    motion = robot.motion
    with motion._cond:  # one consistent snapshot (the runner may still be calling)
        trajectories = []
        for record in motion.trajectories:
            item = record.as_dict()
            for key in ("requested", "start", "end"):
                if item[key] is not None:
                    item[key] -= t0
            trajectories.append(item)
        moves = []
        for move in motion.moves:
            item = move.as_dict()
            for key in ("start", "end"):
                if item[key] is not None:
                    item[key] -= t0
            moves.append(item)
        counts = {}
        for call in motion.calls:
            counts[call.method] = counts.get(call.method, 0) + 1
        return {
            "time_scale": motion.time_scale,
            "trajectories": trajectories,
            "moves": moves,
            "headings": [[t - t0, h] for t, h in motion.headings],
            "limit_violations": [dict(v._asdict(), time=v.time - t0)
                                 for v in motion.limit_violations],
            "call_counts": counts,
            "autonomous_life_sets": [list(args) for args in robot.life.set_calls()],
            "abilities_at_end": dict(robot.life.abilities),
        }


def current_heading(robot):
    with robot.motion._cond:
        return robot.motion._current_pose(clock())[2]


def run(args):
    os.makedirs(args.out, exist_ok=True)
    config_path = args.config
    if args.behaviour:
        config_path = config_with_behaviour(args.config, args.behaviour, args.out)
    log_path = os.path.join(args.out, "runner.log")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "lib")
    failed = []
    with SimulatedRobot(time_scale=1.0) as robot, open(log_path, "w") as log:
        command = [sys.executable, "-m", "animate_behaviour", "--qi-url", robot.url,
                   "--config", config_path, "--activate"]
        print("simulated robot at %s; running %s" % (robot.url, " ".join(command)), flush=True)
        t0 = clock()
        runner = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = t0 + args.seconds
        while runner.poll() is None and clock() < deadline:
            try:
                runner.wait(timeout=max(0.0, min(PROGRESS_PERIOD, deadline - clock())))
            except subprocess.TimeoutExpired:
                pass
            motion = robot.motion
            print("t=%5.1f s  trajectories=%d  moveTo=%d  heading=%+.4f rad"
                  % (clock() - t0, len(motion.trajectories), len(motion.calls_to("moveTo")),
                     current_heading(robot)), flush=True)
        if runner.poll() is not None:
            failed.append("the runner exited early with code %s" % runner.returncode)
        else:
            runner.send_signal(signal.SIGTERM)
            try:
                code = runner.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                runner.kill()
                runner.wait()
                failed.append("the runner did not exit within %.0f s of SIGTERM" % STOP_TIMEOUT)
            else:
                if code != 0:
                    failed.append("the runner exited with code %s after SIGTERM" % code)
        commands = snapshot(robot, t0)
        running = robot.motion.getTaskList()
        if running:
            failed.append("tasks still running after the runner exited: %r" % (running,))
        changed = [name for name, enabled in robot.life.abilities.items() if not enabled]
        if changed:
            failed.append("autonomous abilities left disabled: %s" % ", ".join(changed))
    with open(os.path.join(args.out, "commands.json"), "w") as handle:
        json.dump(commands, handle, indent=1)
    try:
        config = plot.load_config(config_path)
    except (ImportError, ValueError, OSError) as err:
        print("cannot load %s (%s): plotting without home overrides and bounds"
              % (config_path, err))
        config = None
    png = os.path.join(args.out, "trajectories.png")
    plotted = plot.plot_commands(commands, config, png)
    print("wrote %s (%d joints), %s/commands.json, %s"
          % (png, len(plotted), args.out, log_path))
    print("\n".join(plot.summarise(commands, config)))
    if failed:
        with open(log_path) as handle:
            tail = handle.read().splitlines()[-20:]
        print("runner log (last lines):\n  " + "\n  ".join(tail))
        for problem in failed:
            print("FAILED: %s" % problem)
        return 1
    return 0


def main(argv=None):
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
