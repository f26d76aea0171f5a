"""How animate-behaviour shares a busy Pepper, against the specification's own way.

    make benchmark        (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_citizen.py)

Both run as processes against the same simulated NAOqi (pepper_sim on a loopback qi
session, a time-scaled clock shared with the runner through --time-scale), at the
specification's timing (100 waypoints 1 s apart):

* ``animate-behaviour``: the package's runner (python -m animate_behaviour);
* ``specification``: scripts/spec_baseline.py, one 100-waypoint call per trajectory
  planned at the seam, base turns regardless, disable by killTasksUsingResources.

Figures (p50 / p99 / max over the samples, count in brackets):

* another app's wait (robot s): a 1 s arm gesture sent by a second qi client at a random
  moment, from its call to the moment it got its joints;
* speech gesture delay (robot s): ALAnimatedSpeech.say from a second client, to the
  moment its arm gesture got its joints.

(What the runner itself costs on each lane, its seams and its reaction times:
scripts/benchmark_lanes.py.) Prints a Markdown table; ``--write`` also writes it into
docs/measurements/sharing.md. Figures, not assertions. Runs in about a minute.
"""
import argparse
import os
import random
import tempfile
import time

from bench_runs import MODES, animating, percentiles
import measurement_pages

# Robot seconds per wall second differ per phase and mode so that each gets enough
# samples in little time; every figure is in robot seconds as labelled.
WAIT_SCALE = {"animate-behaviour": 0.05, "specification": 0.005}
# Slower for the speech gesture's delay, which is a few wall ms of qi round trips: at 0.05
# they would count 20 times over. The baseline's delays are whole 100 s trajectories.
SPEECH_SCALE = {"animate-behaviour": 0.2, "specification": 0.005}
WAIT_SAMPLES = 20
SPEECH_SAMPLES = 20
# The other app's gesture: the left arm raised, far outside our random range.
GESTURE_NAMES = ["LShoulderPitch", "LElbowRoll"]
GESTURE_ANGLES = [[0.2], [-1.2]]


def is_gesture(record):
    return record.names == GESTURE_NAMES and record.angles == GESTURE_ANGLES


def measure_waits(mode, config_path):
    """Another app's waits (robot s)."""
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
    return waits


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


def markdown(rows):
    """The figures as Markdown lines; ``rows``: mode -> (waits, speech delays), robot s."""
    lines = ["Busy Pepper, the specification's timing (1 s x 100 waypoints), pepper_sim over "
             "qi; robot s, p50 / p99 / max (samples):", "",
             "| another app's | %s |" % " | ".join(MODES),
             "| --- |%s" % (" --- |" * len(MODES))]
    for label, pick in (("1 s arm gesture waits for the joints", lambda row: row[0]),
                        ("ALAnimatedSpeech gesture waits", lambda row: row[1])):
        lines.append("| %s | %s |" % (label, " | ".join(
            percentiles(pick(rows[mode]), "%.3g", " / ") for mode in MODES)))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    measurement_pages.option(parser, "sharing.md")
    args = parser.parse_args()
    config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
    config.write("# the specification's defaults\n")
    config.close()
    rows = {}
    started = time.monotonic()
    try:
        for mode in MODES:
            rows[mode] = (measure_waits(mode, config.name), measure_speech(mode, config.name))
    finally:
        os.unlink(config.name)
    lines = markdown(rows)
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("sharing.md", "benchmark_citizen.py", lines)
    print("(%.0f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
