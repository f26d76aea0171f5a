"""The NAOqi facts animate-behaviour relies on, tried on a Pepper (docs/robot_check.md).

    make robot-check URL=tcp://<pepper>:9559 [MOVE_BASE=1] [YES=1]
    .venv/bin/python scripts/check_robot.py [--url tcp://<pepper>:9559] [--move-base]
                                            [--yes] [--out out/robot_check]

Without --url it checks pepper_sim, started on a loopback qi session. It asks before
moving anything (--yes: do not ask); without a terminal to ask on and without --yes it
moves nothing. Writes report.md and report.json into --out and prints their paths.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from robot_check import consent, run  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="the robot, e.g. tcp://pepper.local:9559 "
                        "(default: pepper_sim on loopback)")
    parser.add_argument("--move-base", action="store_true",
                        help="also turn the base by 0.05 rad and back (moveTo)")
    parser.add_argument("--yes", action="store_true", help="move without asking")
    parser.add_argument("--out", default=os.path.join(ROOT, "out", "robot_check"),
                        help="the report's folder (default: out/robot_check)")
    args = parser.parse_args(argv)
    paths = run.run(args.url, args.out,
                    lambda text: consent.ask(text, args.yes, sys.stdin, sys.stdout),
                    move_base=args.move_base)
    print("\n".join(paths))


if __name__ == "__main__":
    main()
