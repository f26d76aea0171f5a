"""Does a mood that keeps changing keep Pepper moving? (issue 24, "Measure it")

    make benchmark      (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_drift.py)

As a new user tries it: the runner (``python -m animate_behaviour``) against pepper_sim's
NAOqi stand-ins over qi, ``behaviour = body``, each motion style in turn. After WARMUP
robot seconds, WINDOW robot seconds under a steady mood, then WINDOW more while a client
calls ``setMood`` once a robot second, each time moving valence and arousal by at most
STEP (a random walk inside [-LIMIT, LIMIT], seeded). Per window: the arms' move onsets a
minute (motion_quality's chain onsets on the rebuilt commanded angles, ShoulderPitch left
out so that breaths do not count), both arms together; then the drifting mood's over the
steady's (goal: at least 0.9), with each walk's ratio and the pooled ratio's 90 % interval
over the walks (a bootstrap). Each seed's walk runs twice, as drawn and mirrored (valence
and arousal negated), so that the moods visited average to the steady one: a walk that
happens to stay calm moves more slowly and less, which is the mood showing, not the arms
freezing. Prints a Markdown table; ``--write`` also writes it into
docs/measurements/drift.md. Figures, not assertions.
"""
from __future__ import absolute_import, division, print_function

import argparse
import collections
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import numpy as np  # noqa: E402
import qi  # noqa: E402

import measurement_pages  # noqa: E402  (scripts/ is on sys.path)
import motion_quality  # noqa: E402
import pepper_sim  # noqa: E402
from animate_behaviour.planning import joints  # noqa: E402
from pepper_sim.qi_server import SimulatedRobot  # noqa: E402

SCALE = 0.1  # wall s per robot s
WARMUP = 10.0
WINDOW = 120.0
STEP = 0.05
LIMIT = 0.3
TIMEOUT = 30.0
STYLES = ("specification", "lifelike")
# Resamples of the walks for the pooled ratio's interval: one long hold more or less in a
# window moves a lifelike walk's ratio by a fifth, so the mean alone hides how sure it is.
BOOTSTRAP = 2000
# The arms as a watcher sees them move: every arm and hand joint but ShoulderPitch, which
# the lifelike style's breath moves slowly all the time.
ARMS = [name for name in joints.ARM_JOINTS + joints.HAND_JOINTS
        if not name.endswith("ShoulderPitch")]


def drift(rng, mood):
    """The next mood of the walk: each axis moved by at most STEP, kept in the limits."""
    return [float(np.clip(value + rng.uniform(-STEP, STEP), -LIMIT, LIMIT)) for value in mood]


def run(style, seed, sign):
    """(onsets a minute under the steady mood, while it drifts) for one runner, the walk
    of ``seed`` times ``sign`` (1 or -1)."""
    config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
    config.write("behaviour = body\nmotionStyle = %s\n" % style)
    config.close()
    rng = np.random.RandomState(seed)
    with SimulatedRobot(time_scale=SCALE) as robot:
        runner = subprocess.Popen(
            [sys.executable, "-m", "animate_behaviour", "--qi-url", robot.url,
             "--config", config.name, "--log-file", os.devnull, "--activate",
             "--time-scale", str(SCALE)],
            env=pepper_sim.runner_environment(os.path.join(ROOT, "lib")),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = qi.Session()
        client.connect(robot.url)
        clock = robot.motion.clock
        try:
            client.waitForService("AnimateBehaviour", _async=True).value(int(TIMEOUT * 1000))
            service = client.service("AnimateBehaviour")
            deadline = time.monotonic() + TIMEOUT
            while service.getStatus().find('"state": "enabled"') < 0:
                if time.monotonic() > deadline:
                    raise RuntimeError("the runner did not enable within %.0f s" % TIMEOUT)
                time.sleep(0.05)
            begin = clock.now()

            def wait_until(robot_seconds):
                remaining = robot_seconds - clock.elapsed(begin, clock.now())
                clock.wait(clock.event(), max(0.0, remaining))
            wait_until(WARMUP + WINDOW)
            mood = [0.0, 0.0]
            for second in range(int(WINDOW)):
                mood = drift(rng, mood)
                service.setMood(sign * mood[0], sign * mood[1])
                wait_until(WARMUP + WINDOW + second + 1.0)
            end = clock.now()
        finally:
            client.close()
            runner.send_signal(signal.SIGTERM)
            runner.wait(TIMEOUT)
        records = [record for record in robot.motion.trajectories if record.start is not None]
    os.unlink(config.name)

    def robot_seconds(at):
        return clock.elapsed(begin, at)
    angles = motion_quality.rebuild(records, ARMS, robot_seconds, WARMUP,
                                    robot_seconds(end), "ease")
    onsets = motion_quality.chain_onsets(motion_quality.speeds(angles, motion_quality.RATE),
                                         motion_quality.RATE)
    times = np.concatenate([np.zeros(0)] + list(onsets.values())) + WARMUP
    steady = np.count_nonzero(times < WARMUP + WINDOW)
    drifting = np.count_nonzero(times >= WARMUP + WINDOW)
    return 60.0 * steady / WINDOW, 60.0 * drifting / WINDOW


def walk_ratios(figures):
    """Each walk's drifting / steady onsets, its drawn and mirrored runs pooled;
    ``figures``: [(steady, drifting)] of each run, a walk's two runs one after the other."""
    pairs = np.array(figures, dtype=float).reshape(-1, 2, 2).sum(axis=1)
    return pairs[:, 1] / np.maximum(pairs[:, 0], 1e-9)


def interval(figures, draws=BOOTSTRAP, seed=0):
    """The 90 % interval of the pooled drifting / steady ratio, the walks resampled with
    replacement ``draws`` times (seeded: the same figures print the same interval)."""
    pairs = np.array(figures, dtype=float).reshape(-1, 2, 2).sum(axis=1)
    chosen = np.random.RandomState(seed).randint(0, len(pairs), (draws, len(pairs)))
    sums = pairs[chosen].sum(axis=1)
    ratios = sums[:, 1] / np.maximum(sums[:, 0], 1e-9)
    return np.percentile(ratios, 5), np.percentile(ratios, 95)


def markdown(results, seeds):
    """The figures as Markdown lines; ``results``: style -> [(steady, drifting) onsets a
    minute of each run, each walk's drawn and mirrored runs one after the other]."""
    lines = ["A drifting mood (setMood once a robot second, steps <= %.2f inside +-%.1f) "
             "against a steady one, over qi, behaviour = body, %d robot s each, %d walk(s) per "
             "style, each as drawn and mirrored; the arms' move onsets a minute; each walk's "
             "ratio, and the pooled ratio's 90 %% interval over the walks (resampled %d "
             "times):" % (STEP, LIMIT, WINDOW, seeds, BOOTSTRAP), "",
             "| style | steady | drifting | drifting / steady (goal >= 0.9) | walks: median "
             "(range) | 90 % interval |",
             "| --- | --- | --- | --- | --- | --- |"]
    for style, figures in results.items():
        steady = np.mean([figure[0] for figure in figures])
        drifting = np.mean([figure[1] for figure in figures])
        walks = walk_ratios(figures)
        low, high = interval(figures)
        lines.append("| %s | %.1f | %.1f | %.2f | %.2f (%.2f-%.2f) | %.2f-%.2f |" % (
            style, steady, drifting, drifting / steady if steady else float("nan"),
            np.median(walks), walks.min(), walks.max(), low, high))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1,
                        help="walks per style, each run as drawn and mirrored")
    parser.add_argument("--styles", nargs="+", default=list(STYLES), choices=STYLES)
    measurement_pages.option(parser, "drift.md")
    args = parser.parse_args(argv)
    results = collections.OrderedDict()
    for style in args.styles:
        results[style] = [run(style, seed, sign) for seed in range(args.seeds)
                          for sign in (1, -1)]
    lines = markdown(results, args.seeds)
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("drift.md", "benchmark_drift.py", lines)


if __name__ == "__main__":
    main()
