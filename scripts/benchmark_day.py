"""Pepper's own day (issue 29): what the package sends and logs in each of Pepper's own
states, with behaviour `all` at the defaults, in both motion styles.

    make benchmark    # runs it on the Python 2.7 lane (Pepper's interpreter)
    .venv27/bin/python scripts/benchmark_day.py [--seed N]

In process, on a virtual clock (devtools/day_run.py): robot time passes only once every
thread of the run waits, so the figures are the engine's, not the machine's load. Each
state starts after 30 robot seconds of animation. Prints a Markdown table: figure, goal,
then each style's value; ``--write`` also writes it into docs/measurements/day.md.
Figures, not assertions (tests/test_pepper_day.py and tests/test_pepper_day_soak.py assert
the behaviour).
"""
from __future__ import absolute_import, division, print_function

import argparse
import collections
import logging
import os
import platform
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    sys.path.insert(0, _path)

import numpy as np  # noqa: E402

from animate_behaviour.engine import disruptions  # noqa: E402
from animate_behaviour.engine.base_worker import PAUSE  # noqa: E402
from animate_behaviour.planning import joints, styles  # noqa: E402
from day_run import DayRun, moves  # noqa: E402
import measurement_pages  # noqa: E402  (scripts/ is on sys.path)

WARM_UP = 30.0
TEN_MINUTES = 600.0
LEFT_ARM = tuple(name for name in joints.ANIMATED_JOINTS if joints.chain_of(name) == "LArm")
OTHER_CHAINS = tuple(name for name in joints.ANIMATED_JOINTS
                     if joints.chain_of(name) in ("RArm", "Leg"))


def run(style, seed, measure):
    """``measure(run)`` on a fresh enabled run of ``style``; its figures."""
    day = DayRun({"behaviour": "all", "motionStyle": style}, seed=seed, name="bench")
    try:
        day.let_pass(WARM_UP)
        return measure(day)
    finally:
        day.close()


def flap(day):
    _start, calls, lines = day.during(day.day.open_flap, TEN_MINUTES)
    opened = len(moves(calls, "moveTo")), len(lines)
    closed, marks = day.act(day.day.close_flap)
    turn = day.wait_first(marks, lambda call: call.method == "moveTo")
    pause = PAUSE[1] * day.engine.signal.now().gesture_duration
    return collections.OrderedDict([
        ("flap open for 10 min: moveTo attempts; log lines", "%d; %d" % opened),
        ("flap closed again: time to the next base turn (s; the longest pause)",
         "%.1f (%.1f)" % (day.clock.elapsed(closed, turn.time), pause))])


def fall(day):
    fell, marks = day.act(day.day.fall)
    day.let_pass(10.0)  # people lift Pepper up
    day.act(day.day.stand_up)
    day.let_pass(5.0)
    day.act(day.motion.wakeUp)  # the owner wakes it
    up, settled = day.act(day.day.leave_safeguard)
    calls, _lines = day.since(fell, marks, up)
    first = day.wait_first(settled)
    return collections.OrderedDict([
        ("fall: calls sent after RobotIsFalling until Life leaves safeguard and Pepper is "
         "awake", "%d" % len([call for call in moves(calls) if call.time > fell])),
        ("after a fall: time to the first call once upright and awake (s; settle %.0f)"
         % disruptions.SETTLE_TIME, "%.2f" % day.clock.elapsed(up, first.time))])


def rest(day):
    rested, calls, _lines = day.during(day.motion.rest, 60.0)
    report = day.engine.report()
    says = all(entry["state"] == "resting" for entry in report["groups"].values())
    return {"rest by another client: calls sent while resting (60 s); getStatus":
            "%d; %s" % (len([call for call in moves(calls) if call.time > rested]),
                        "resting" if says else "not resting")}


def push(day):
    pushed, calls, _lines = day.during(day.day.push, 3.0)
    legs_or_base = [call for call in moves(calls) if call.time > pushed and (
        call.method == "moveTo" or set(call.args[0]) & set(joints.LEG_JOINTS))]
    return {"push: leg or base calls during the recovery (3 s)": "%d" % len(legs_or_base)}


def chain(day):
    start, calls, lines = day.during(lambda: day.day.set_chain_disabled("LArm", True),
                                     TEN_MINUTES)
    late = [call for call in moves(calls, chain=LEFT_ARM) if call.time > start + 1.0]
    errors = [message for level, message in lines if level >= logging.ERROR]
    others = moves(calls, chain=OTHER_CHAINS)
    return collections.OrderedDict([
        ("a chain disabled (LArm, 10 min): calls on it after 1 s; error lines",
         "%d; %d" % (len(late), len(errors))),
        ("the other chains keep moving (calls in 10 min)", "%d" % len(others))])


def move_disabled(day):
    _start, calls, lines = day.during(lambda: day.day.set_move_disabled(True), TEN_MINUTES)
    return {"Move disabled for 10 min: moveTo attempts; log lines":
            "%d; %d" % (len(moves(calls, "moveTo")), len(lines))}


MEASURES = (flap, fall, rest, push, chain, move_disabled)
GOALS = {
    "flap open for 10 min: moveTo attempts; log lines": "<= 2; <= 2",
    "fall: calls sent after RobotIsFalling until Life leaves safeguard and Pepper is "
    "awake": "0",
    "rest by another client: calls sent while resting (60 s); getStatus": "0; resting",
    "push: leg or base calls during the recovery (3 s)": "0",
    "a chain disabled (LArm, 10 min): calls on it after 1 s; error lines": "0; <= 1",
    "the other chains keep moving (calls in 10 min)": "> 0",
    "Move disabled for 10 min: moveTo attempts; log lines": "<= 2; <= 2",
}


def goal_of(figure):
    if figure.startswith("flap closed again"):
        return "<= 1 pause"
    if figure.startswith("after a fall"):
        return "settle + one step"
    return GOALS[figure]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=29)
    measurement_pages.option(parser, "day.md")
    args = parser.parse_args()
    figures = collections.OrderedDict()
    for style in styles.NAMES:
        for measure in MEASURES:
            for figure, value in run(style, args.seed, measure).items():
                figures.setdefault(figure, {})[style] = value
    lines = ["Python %s, numpy %s: Pepper's own day, behaviour all, defaults, seed %d."
             % (platform.python_version(), np.__version__, args.seed), "",
             "| state: figure | goal | %s |" % " | ".join(styles.NAMES),
             "| --- | --- |%s" % (" --- |" * len(styles.NAMES))]
    for figure, values in figures.items():
        lines.append("| %s | %s | %s |" % (figure, goal_of(figure),
                                           " | ".join(values[style] for style in styles.NAMES)))
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("day.md", "benchmark_day.py", lines)


if __name__ == "__main__":
    main()
