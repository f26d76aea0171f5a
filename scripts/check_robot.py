"""The NAOqi facts animate-behaviour relies on, tried on a Pepper (docs/robot_check.md).

    make robot-check URL=tcp://<pepper>:9559 [MOVE_BASE=1] [YES=1]
    .venv/bin/python scripts/check_robot.py [--url tcp://<pepper>:9559] [--move-base]
                                            [--yes] [--out out/robot_check]

Without --url it checks pepper_sim, started on a loopback qi session (--variant NAME: one
of pepper_sim's variants that each contradict one fact). It asks before moving anything
(--yes: do not ask); without a terminal to ask on and without --yes it moves nothing.
Writes report.md and report.json into --out after every finding and prints their paths;
when the robot cannot be reached or is lost, one line says so (exit status 1), and the
report says where the check stopped.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import qi.logging  # noqa: E402

from robot_check import consent, run, variants  # noqa: E402


def _steps(text):
    asked = [step for step in text.split(",") if step]
    unknown = [step for step in asked if step not in run.steps()]
    if unknown:
        raise argparse.ArgumentTypeError("unknown step %s (known: %s)" % (
            ", ".join(unknown), ", ".join(run.steps()) or "none yet"))
    return asked


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="the robot, e.g. tcp://pepper.local:9559 "
                        "(default: pepper_sim on loopback)")
    parser.add_argument("--move-base", action="store_true",
                        help="also turn the base by 0.05 rad and back (moveTo; "
                        "pepper_sim's always is)")
    parser.add_argument("--yes", action="store_true", help="move without asking")
    parser.add_argument("--steps", type=_steps, default=[],
                        help="owner steps to try, comma-separated (each asks you to do "
                        "something at a prompt)")
    parser.add_argument("--variant", choices=list(variants.VARIANTS),
                        help="without --url: a pepper_sim that contradicts one fact")
    parser.add_argument("--out", default=os.path.join(ROOT, "out", "robot_check"),
                        help="the report's folder (default: out/robot_check)")
    args = parser.parse_args(argv)
    if args.variant and args.url:
        parser.error("--variant is pepper_sim's: give it without --url")
    # libqi's own warnings (on standard output) would bury the check's one line; what it
    # saw is in the report.
    qi.logging.setLevel(qi.logging.ERROR)
    try:
        paths = run.run(args.url, args.out,
                        lambda text: consent.ask(text, args.yes, sys.stdin, sys.stdout),
                        move_base=args.move_base, asked=args.steps,
                        confirm=lambda text: consent.confirm(text, sys.stdin, sys.stdout),
                        variant=args.variant)
    except run.CheckError as err:
        sys.stderr.write("robot check: %s\n" % err)
        return 1
    except KeyboardInterrupt:
        written = os.path.join(args.out, "report.md")
        sys.stderr.write("robot check: interrupted; what it moved is back%s\n" % (
            "; the report so far: %s" % written if os.path.exists(written) else ""))
        return 130
    print("\n".join(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
