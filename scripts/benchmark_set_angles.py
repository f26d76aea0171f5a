"""Another app's setAngles (issue 25, "Measure it"): how soon the arm steps aside, and
whether it ever fights the app.

    make benchmark      (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_set_angles.py
                         [--episodes 8])

The real MotionEngine in-process against pepper_sim's KinematicMotion on one ScaledClock
(SCALE wall s per robot s), ``behaviour = body``, each motion style at its defaults. Per
style, EPISODES times: after a seeded pause of PAUSE robot s, the stand-in app
(pepper_sim.joystick.Joystick, as tests/test_set_angles_app.py drives it) streams setAngles
to the left elbow and wrist every 0.2 robot s for APP_SECONDS, then stops; the benchmark
waits until the left arm moves again. setAngles books no joint, so the engine can only
notice it from the commanded angles (engine/group_worker.py).

Per episode, from the app's first command (robot s): our calls on its joints still
running then (0 or 1) and sent after it while it commands (goal: at most one call of ours
in all, the one in flight); when the last of them ended (the arm is the app's alone); when
getStatus first said leftArm yields to "another app" (engine.report(), read every
POLL robot s); the fights: calls of ours on its joints sent within FIGHT_WINDOW of one of
its commands (goal 0); when the arm moved again after its last command (yieldQuietTime
later at the soonest). Figures: p50 / max (episodes), as Markdown; ``--write`` also writes
them into docs/measurements/set_angles.md. Not assertions; about 30 wall s.
"""
from __future__ import absolute_import, division, print_function

import argparse
import logging
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import numpy as np  # noqa: E402

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.engine.motion_engine import MotionEngine  # noqa: E402
from animate_behaviour.engine.ports import Robot  # noqa: E402
from pepper_sim.joystick import APP_JOINTS, Joystick  # noqa: E402
from pepper_sim.memory import FakeMemory  # noqa: E402
from pepper_sim.motion import KinematicMotion  # noqa: E402
import measurement_pages  # noqa: E402  (scripts/ is on sys.path)

SCALE = 0.05  # wall s per robot s
SEED = 25
TIMEOUT = 30.0  # wall s
EPISODES = 8
PAUSE = (3.0, 8.0)  # robot s of our own animation before each episode
APP_SECONDS = 10.0  # robot s the app streams its commands
POLL = 0.05  # robot s between getStatus reads
FIGHT_WINDOW = 1.0  # robot s: a call of ours this close to one of its commands fights it
GROUP = "leftArm"
STYLES = ("specification", "lifelike")


class Episode(object):
    """One app session's record: ``commands`` (the app's clock times), ``yielding`` (the
    first clock time getStatus said GROUP yields to another app, or None), ``resumed``
    (the clock time of our first call on its joints after its last command, or None)."""

    def __init__(self, commands, yielding, resumed):
        self.commands = commands
        self.yielding = yielding
        self.resumed = resumed


def play(style, episodes, seed=SEED):
    """(the motion's trajectories, [Episode...], clock) of one engine of ``style``."""
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": style})
    motion = KinematicMotion(time_scale=SCALE)
    clock = motion.clock
    memory = FakeMemory(clock=clock)
    engine = MotionEngine(lambda: config, Robot(motion, memory, None, None, None),
                          logging.getLogger("benchmark.set_angles"), clock=clock,
                          rng=np.random.RandomState(seed))
    rng = np.random.RandomState(seed)
    played = []
    engine.start()
    try:
        engine.request("enabled")
        if not engine.wait_settled("enabled", TIMEOUT):
            raise RuntimeError("the engine did not enable in %.0f s" % TIMEOUT)
        for _ in range(episodes):
            clock.wait(clock.event(), rng.uniform(*PAUSE))
            app = Joystick(motion)
            app.start()
            began = clock.now()
            yielding = None
            while clock.elapsed(began, clock.now()) < APP_SECONDS:
                group = engine.report()["groups"][GROUP]
                if yielding is None and group.get("yieldingTo") == "another app":
                    yielding = clock.now()
                clock.wait(clock.event(), POLL)
            app.stop()
            last = app.commands[-1]

            def moved_again(last=last):  # under the motion's lock
                return any(record.requested > last and set(record.names) & set(APP_JOINTS)
                           for record in motion.trajectories)
            motion.wait_for(moved_again, TIMEOUT)
            with_joints = [record.requested for record in motion.trajectories
                           if record.requested > last and set(record.names) & set(APP_JOINTS)]
            played.append(Episode(list(app.commands), yielding,
                                  min(with_joints) if with_joints else None))
    finally:
        engine.request("disabled")
        engine.wait_settled("disabled", TIMEOUT)
        engine.close(TIMEOUT)
    return list(motion.trajectories), played, clock


def figures(records, episode, clock):
    """The episode's figures (robot s from its first command; see the module's doc)."""
    first, last = episode.commands[0], episode.commands[-1]
    ours = [record for record in records if set(record.names) & set(APP_JOINTS)]
    in_flight = [record for record in ours if record.start is not None
                 and record.start <= first and (record.end is None or record.end > first)]
    sent = [record for record in ours if first < record.requested <= last]
    commands = np.array(episode.commands)
    fights = [record for record in ours if record.requested >= first and np.min(
        np.abs([clock.elapsed(at, record.requested) for at in commands])) < FIGHT_WINDOW]
    ends = [record.end for record in in_flight + sent if record.end is not None]
    return {
        "calls": len(in_flight) + len(sent),
        "in flight": len(in_flight),
        "sent after": len(sent),
        "aside": max([clock.elapsed(first, end) for end in ends] + [0.0]),
        "yielding": None if episode.yielding is None else clock.elapsed(first,
                                                                         episode.yielding),
        "fights": len(fights),
        "resumed": None if episode.resumed is None else clock.elapsed(last, episode.resumed),
    }


def p50_max(values, form="%.2f"):
    values = sorted(value for value in values if value is not None)
    if not values:
        return "n/a"
    return "%s / %s" % (form % float(np.median(values)), form % values[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=EPISODES,
                        help="app sessions per style (default %d)" % EPISODES)
    measurement_pages.option(parser, "set_angles.md")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    started = time.monotonic()
    results = {}
    for style in STYLES:
        records, episodes, clock = play(style, args.episodes)
        results[style] = [figures(records, episode, clock) for episode in episodes]
    quiet = config_module.from_mapping({}).yield_quiet_time
    lines = ["Another app's setAngles (a joystick streaming the left elbow and wrist every "
             "%.1f robot s for %.0f s), behaviour = body, in-process; p50 / max over %d "
             "episodes per style (robot s from its first command):"
             % (Joystick.PERIOD, APP_SECONDS, args.episodes), "",
             "| figure | %s | goal |" % " | ".join(STYLES),
             "| --- | %s | --- |" % " | ".join("---" for _ in STYLES)]
    for label, key, form, goal in (
            ("calls of ours on its joints once it began (in flight + sent)", "calls", "%d",
             "<= 1"),
            ("of which sent after it began", "sent after", "%d", "0"),
            ("the arm is the app's alone after (s)", "aside", "%.2f", ""),
            ("getStatus says yielding to another app after (s)", "yielding", "%.2f", ""),
            ("fights: calls of ours within %.0f s of its commands" % FIGHT_WINDOW, "fights",
             "%d", "0"),
            ("the arm moves again after its last command (s)", "resumed", "%.2f",
             ">= yieldQuietTime %.1f" % quiet)):
        lines.append("| %s | %s | %s |" % (label, " | ".join(
            p50_max([row[key] for row in results[style]], form) for style in STYLES), goal))
    lines.append("")
    for style in STYLES:
        rows = results[style]
        lines.append("%s: within one call of ours in %d of %d episodes, no fight in %d of %d."
                     % (style, sum(row["calls"] <= 1 for row in rows), len(rows),
                        sum(row["fights"] == 0 for row in rows), len(rows)))
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("set_angles.md", "benchmark_set_angles.py", lines)
    print("(%.0f s)" % (time.monotonic() - started))

if __name__ == "__main__":
    main()
