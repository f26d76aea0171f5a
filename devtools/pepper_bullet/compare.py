"""``make compare``: the two motion styles side by side in qiBullet (issue 13).

    python devtools/pepper_bullet/compare.py [--seconds N] [--behaviour B] [--out out/compare]

Runs pepper_bullet.scenario once per motion style, specification then lifelike, each for
the same simulated seconds (then disabled, 2 s to settle) at the same ``behaviour``
(``body`` by default) and the specification's defaults otherwise, and writes to OUT:
styles.gif (the runs side by side, specification left, lifelike right, the same
simulated second in both halves of each frame, 10 frames per second), speed_traces.png
(pepper_bullet.speed_traces: each style's measured joint speeds per chain, stacked) and,
per style, a folder with its config_used.ini and runner.log. Exits 1 if a run had a
problem.

``body`` rather than ``all``: the styles differ in how the arms and legs move; the base
turns the same way in both, and a turn swings the whole robot in the frame, which would
hide the rests that set the styles apart.
"""
import argparse
import collections
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from animate_behaviour.planning import styles  # noqa: E402

from pepper_bullet import demo, render, scenario, speed_traces  # noqa: E402

DEFAULT_SECONDS = 25.0  # of animation per style: 270 frames, about 2 MB
# Closer than the demo's camera, and more from the front: head to hips, both arms clear
# of the torso, so that small arm moves and rests show at a GIF's size (the legs show as
# the torso's lean).
EYE = (2.0, -0.8, 1.3)  # m
TARGET = (0.0, 0.0, 0.78)  # m
FIELD_OF_VIEW = 30.0  # degrees, vertical
FRAME_SIZE = (240, 270)  # px per style
DEFAULT_BEHAVIOUR = "body"
GIF = "styles.gif"
PLOT = "speed_traces.png"


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help="simulated seconds of animation per style (default %.0f)"
                             % DEFAULT_SECONDS)
    parser.add_argument("--behaviour", default=DEFAULT_BEHAVIOUR,
                        help="the configuration's behaviour in both runs (default %s)"
                             % DEFAULT_BEHAVIOUR)
    parser.add_argument("--out", default=os.path.join("out", "compare"))
    return parser.parse_args(argv)


def camera():
    return render.Camera(FRAME_SIZE[0], FRAME_SIZE[1], EYE, TARGET, FIELD_OF_VIEW)


def run_styles(seconds, out_dir, behaviour, report=print):
    """An OrderedDict style -> scenario.Run, one run per style into ``out_dir``/style."""
    runs = collections.OrderedDict()
    for style in styles.NAMES:
        runs[style] = scenario.run(
            seconds, os.path.join(out_dir, style), behaviour=behaviour, style=style,
            camera=camera(), frame_period=demo.FRAME_PERIOD,
            report=lambda line, style=style: report("%s: %s" % (style, line)))
    return runs


def write_outputs(runs, behaviour, out_dir):
    """styles.gif and speed_traces.png of ``runs`` (style -> scenario.Run of
    ``behaviour``); returns the GIF's frame count."""
    frames = render.side_by_side([run.frames for run in runs.values()], list(runs),
                                 demo.FRAME_PERIOD)
    render.write_gif(frames, os.path.join(out_dir, GIF), demo.FRAME_PERIOD)
    speed_traces.draw(collections.OrderedDict(
        (style, speed_traces.trace(run, behaviour)) for style, run in runs.items()),
        dict((style, styles.ROWS[style].description) for style in runs),
        os.path.join(out_dir, PLOT))
    return len(frames)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    runs = run_styles(args.seconds, args.out, args.behaviour)
    problems = ["%s: %s (see %s)" % (style, problem, run.log_path)
                for style, run in runs.items() for problem in run.problems]
    if problems:
        for problem in problems:
            print("FAILED: %s" % problem)
        return 1
    count = write_outputs(runs, args.behaviour, args.out)
    print("wrote %s: %s (%d frames, %.1f MB), %s in %.0f s"
          % (args.out, GIF, count, os.path.getsize(os.path.join(args.out, GIF)) / 1e6, PLOT,
             time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
