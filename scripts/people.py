"""Pepper beside people standing idle (issue 32): ``make people``.

    make people [PEOPLE=/path/to/people]
    (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/people.py [--people PATH]
         [--out out/people] [--minutes 10] [--seed 13] [--no-gif] [--repeats 5])

Reads the people data (by default ../shared/people beside the repository: ReActIdle's
clips and BDS's trials, devtools/people/data.py), maps each clip onto Pepper's joints and
reads the figures of devtools/people/figures.py from them; plans each motion style at
each mood of devtools/people/robot.MOODS for ``--minutes`` robot minutes and reads the
same figures from the angles commanded. Writes to OUT: figures.md (every figure, the
goals, issue 13's figures of the people and of each style at the neutral mood
(people/quality.py: the source of the lifelike goals on them), each mood among the people,
each person), figures.json and quality.json, sensitivity.md (each figure under other
filters and thresholds), pauses.png, rates.png and speeds.png, and beside.gif (a genuine
clip's stick figure beside qiBullet's Pepper posed at the commanded angles, over the same
minute); and the two-sample test of issue 39 (devtools/people/indistinct.py: can a
classifier tell 20 s windows of Pepper's from the genuine people's, each style at each
mood, and genuine from acted people, the floor; beside them each genuine person against
the others, what one individual reads): two_sample.md, two_sample.json and
two_sample.png (the features that tell them apart, people beside Pepper). ``--write``
also writes figures.md and sensitivity.md's summary, and two_sample.md, into
docs/measurements/people.md. Figures, not assertions. About four minutes, two and a half
of them the two-sample test's classifiers and most of the rest the GIF.
"""
import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

from people import (data, indistinct, plots, quality, reference, robot,  # noqa: E402
                    sensitivity, study, table, two_sample, two_sample_plot)
import measurement_pages  # noqa: E402  (scripts/ is on sys.path)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", default=None,
                        help="the people data's folder (default %s)" % data.DEFAULT)
    parser.add_argument("--out", default=os.path.join("out", "people"))
    parser.add_argument("--minutes", type=float, default=robot.MINUTES,
                        help="robot minutes per style and mood (default %g)" % robot.MINUTES)
    parser.add_argument("--seed", type=int, default=robot.pepper_traces.SEED)
    parser.add_argument("--no-gif", action="store_true", help="leave out beside.gif")
    parser.add_argument("--repeats", type=int, default=two_sample.REPEATS,
                        help="the two-sample test's dealings of the groups into folds "
                             "(default %d)" % two_sample.REPEATS)
    measurement_pages.option(parser, "people.md")
    return parser.parse_args(argv)


def write(path, lines):
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def main(argv=None):
    args = parse_args(argv)
    started = time.time()
    try:
        folder = data.folder(args.people)
    except data.MissingData as err:
        sys.stderr.write("%s\n" % err)
        return 2
    if not os.path.isdir(args.out):
        os.makedirs(args.out)
    recordings, sways = reference.recordings(folder), reference.sways(folder)
    runs = robot.runs(args.minutes, args.seed)
    found = study.results(recordings, sways, runs)
    qualities = quality.results(recordings, runs)
    lines = table.report(found, args.minutes, args.seed, qualities)
    write(os.path.join(args.out, "figures.md"), lines)
    with open(os.path.join(args.out, "figures.json"), "w") as handle:
        json.dump(dict((group, dict(("%s %s" % key if isinstance(key, tuple) else key, each)
                                    for key, each in getattr(found, group).items()))
                       for group in found._fields), handle, indent=1, sort_keys=True)
    print("\n".join(lines))
    varied = sensitivity.report(recordings, sways, runs, args.minutes, args.seed)
    write(os.path.join(args.out, "sensitivity.md"), varied)
    if args.write:
        measurement_pages.write("people.md", "people.py", table.page(lines, varied),
                                argv=sys.argv if argv is None else [sys.argv[0]] + argv)
    for path in plots.draw(recordings, runs, args.out):
        print("wrote %s" % path)
    told = indistinct.results(recordings, runs, args.repeats)
    told_lines = indistinct.report(told, args.repeats)
    write(os.path.join(args.out, "two_sample.md"), told_lines)
    with open(os.path.join(args.out, "two_sample.json"), "w") as handle:
        json.dump(indistinct.as_json(told), handle, indent=1, sort_keys=True)
    print("\n".join(told_lines))
    print("wrote %s" % two_sample_plot.draw(told, os.path.join(args.out, "two_sample.png")))
    if args.write:
        measurement_pages.write("people.md", "people.py", table.part(told_lines),
                                part="two-sample test",
                                argv=sys.argv if argv is None else [sys.argv[0]] + argv)
    if not args.no_gif:
        from people import beside  # qiBullet: the 3.9 lane's tools
        print("wrote %s" % beside.write(recordings, found, args.out, args.seed))
    print("(%.0f s)" % (time.time() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
