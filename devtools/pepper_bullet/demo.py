"""``make demo``: watch animate-behaviour drive qiBullet's simulated Pepper.

    python devtools/pepper_bullet/demo.py [--seconds N] [--behaviour B] [--out out/demo]
                                          [--config FILE] [--scenario quiet|busy|visitor|day]
                                          [--style specification|lifelike]

(env SECONDS, BEHAVIOUR, SCENARIO and STYLE give the defaults of --seconds, --behaviour,
--scenario and --style; without either, 30 s, or the day's DAY_SECONDS for "day").
Runs pepper_bullet.scenario (the real runner against the simulated robot, ``platform =
simulator``, ``motionStyle`` = the style; "busy": another app speaks with a gesture and
drives the base mid-run; "visitor": a person arrives and engages, Pepper listens to
them, they leave; "day": Pepper's own day, one state after another), then writes to
OUT: pepper.gif (rendered headless, 10 frames per second of simulated time),
trajectories.png (commanded waypoints and measured angles per moved joint, home, the
seed's bounds, limits, base heading, the other app's motions in brown, shading where a
part yielded, a row with each part's state from getStatus, the reason written in, and
the day's events marked, and a row with getStatus's context: its state and the
reactions' weights),
summary.json (see pepper_bullet.summary), commands.json (every ALMotion record) and
runner.log. Prints the summary. Exits 1 if the run had a problem.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.planning import styles  # noqa: E402
from pepper_sim import plot  # noqa: E402

from pepper_bullet import render, scenario, summary  # noqa: E402
from pepper_bullet.physics import SIMULATED_JOINTS  # noqa: E402

FRAME_PERIOD = 0.1  # s of simulated time per GIF frame: 10 frames per second
SECONDS = 30.0  # the run's default length but for the day scenario's


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=os.environ.get("SECONDS") or None,
                        help="simulated seconds of animation (default $SECONDS, else %g, "
                             "or %g for the day)" % (SECONDS, scenario.DAY_SECONDS))
    parser.add_argument("--behaviour", default=os.environ.get("BEHAVIOUR") or None,
                        help="override the configuration's behaviour (default $BEHAVIOUR)")
    parser.add_argument("--out", default=os.path.join("out", "demo"))
    parser.add_argument("--config", default=scenario.DEFAULT_CONFIG)
    parser.add_argument("--scenario", choices=scenario.SCENARIOS,
                        default=os.environ.get("SCENARIO") or "quiet",
                        help="busy: another app speaks and drives mid-run; visitor: a person "
                             "comes, is listened to and goes; day: Pepper's own day (docked, "
                             "pushed, resting, fallen...) (default $SCENARIO or quiet)")
    parser.add_argument("--style", choices=styles.NAMES,
                        default=os.environ.get("STYLE") or styles.SPECIFICATION,
                        help="the motion style (default $STYLE or %s)" % styles.SPECIFICATION)
    args = parser.parse_args(argv)
    if args.style not in styles.NAMES:  # argparse checks the choices of typed values only
        parser.error("STYLE=%s is not a motion style: one of %s"
                     % (args.style, ", ".join(styles.NAMES)))
    if args.scenario not in scenario.SCENARIOS:
        parser.error("SCENARIO=%s is not a scenario: one of %s"
                     % (args.scenario, ", ".join(scenario.SCENARIOS)))
    if args.seconds is None:
        args.seconds = scenario.DAY_SECONDS if args.scenario == "day" else SECONDS
    if args.scenario == "day" and args.seconds < scenario.DAY_SECONDS:
        parser.error("the day scenario needs at least %g s (its last step is at %g s), "
                     "got %g" % (scenario.DAY_SECONDS, scenario.DAY[-1].at, args.seconds))
    return args


def measured_series(samples):
    """What plot.plot_commands draws as measured."""
    return {"time": [sample.time for sample in samples],
            "angles": dict((joint, [sample.measured[index] for sample in samples])
                           for index, joint in enumerate(SIMULATED_JOINTS)),
            "heading": [sample.pose[2] for sample in samples]}


def write_outputs(run, config, out_dir):
    """pepper.gif, trajectories.png, summary.json and commands.json; returns the
    summary dict."""
    render.write_gif(run.frames, os.path.join(out_dir, "pepper.gif"), run.frame_period)
    plot.plot_commands(run.commands, config, os.path.join(out_dir, "trajectories.png"),
                       measured_series(run.samples), run.yields, run.context, run.states,
                       run.day_events)
    figures = summary.summarise(run, config)
    with open(os.path.join(out_dir, "summary.json"), "w") as handle:
        json.dump(figures, handle, indent=1)
    with open(os.path.join(out_dir, "commands.json"), "w") as handle:
        json.dump(run.commands, handle, indent=1)
    return figures


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    run = scenario.run(args.seconds, args.out, config=args.config, behaviour=args.behaviour,
                       camera=render.Camera(), frame_period=FRAME_PERIOD,
                       scenario=args.scenario, style=args.style)
    config = config_module.load(run.config_path)
    if run.samples and run.commands is not None:
        figures = write_outputs(run, config, args.out)
        print("\n".join(summary.lines(figures)))
        print("wrote %s: pepper.gif (%d frames), trajectories.png, summary.json, "
              "commands.json, runner.log" % (args.out, len(run.frames)))
    if run.problems:
        with open(run.log_path) as handle:
            tail = handle.read().splitlines()[-20:]
        print("runner log (last lines):\n  " + "\n  ".join(tail))
        for problem in run.problems:
            print("FAILED: %s" % problem)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
