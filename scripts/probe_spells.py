"""Issue 39's probe: would spells of amplitude and tempo, and arms that hang from the
trunk, let a classifier no longer tell Pepper from people, and what would they cost the
mood? (devtools/people/what_if.py; docs/people.md, "Individuals by the minute, with arms
that hang").

    PYTHONPATH=lib:devtools .venv/bin/python scripts/probe_spells.py [--people PATH]
        [--seeds 13 14] [--repeats 2] [--trials 20] [--minutes 10]

For each row of ROWS, the lifelike style at the neutral mood over ``--minutes``, each seed
of ``--seeds``, held against the genuine people as ``make people``'s two-sample test holds
a run (``--repeats`` dealings): the AUCs' means over the seeds, whole linear / whole trees
/ robust linear / robust trees. Then the synchrony of arms that hang at each mood of
SYNCHRONY_MOODS, and, for each row of ORDERS, how many of ``--trials`` mood grids (two
minutes at each arousal) read the arms' RMS offset, speed peaks and mean hold in the
arousal's order (what_if.ORDERS).
Figures, not assertions; about four minutes at the defaults.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import numpy as np  # noqa: E402

import motion_quality  # noqa: E402
from animate_behaviour.planning import styles  # noqa: E402
from people import data, indistinct, pepper_traces, reference, robot  # noqa: E402
from people import what_if, windows  # noqa: E402

# (label, spells: (mean length s, amplitude sigma, tempo sigma) or None, the arms' share
# of the trunk's tilt, whether the legs follow the spells).
ROWS = (
    ("main", None, 0.0, True),
    ("arms that hang", None, 1.0, True),
    ("amplitude 0.7, tempo 0.5, spells of 60 s", (60.0, 0.7, 0.5), 0.0, True),
    ("the same, with arms that hang", (60.0, 0.7, 0.5), 1.0, True),
    ("amplitude 1.0, tempo 0.7, spells of 60 s", (60.0, 1.0, 0.7), 0.0, True),
    ("the same, with arms that hang", (60.0, 1.0, 0.7), 1.0, True),
    ("amplitude 1.0, tempo 0.7, spells of 40 s, arms that hang", (40.0, 1.0, 0.7), 1.0, True),
    ("amplitude 1.0, tempo 0.7, spells of 120 s, arms that hang", (120.0, 1.0, 0.7), 1.0,
     True),
    ("tempo 1.0 only, spells of 40 s, arms that hang", (40.0, 0.0, 1.0), 1.0, True),
    ("amplitude 1.0 only, spells of 40 s, arms that hang", (40.0, 1.0, 0.0), 1.0, True),
    ("amplitude 1.0, tempo 0.7, spells of 20 s", (20.0, 1.0, 0.7), 0.0, True),
    ("the same, the legs keeping the configured sway", (20.0, 1.0, 0.7), 0.0, False),
)
# (label, spells) of the mood's order.
ORDERS = (
    ("no spells", None),
    ("amplitude 0.7, tempo 0.5, spells of 60 s", (60.0, 0.7, 0.5)),
    ("amplitude 1.0, tempo 0.7, spells of 40 s", (40.0, 1.0, 0.7)),
    ("amplitude 1.0, tempo 0.7, spells of 20 s", (20.0, 1.0, 0.7)),
    ("tempo 1.0 only, spells of 40 s", (40.0, 0.0, 1.0)),
    ("amplitude 1.0 only, spells of 40 s", (40.0, 1.0, 0.0)),
)
# The moods the synchrony of arms that hang is read at, and the shares.
SYNCHRONY_MOODS = ((-1.0, -1.0), (0.0, -1.0), (0.0, -0.5), (0.0, 0.0), (0.0, 1.0))
SHARES = (0.0, 0.5, 1.0)
SETS = ("whole linear", "whole trees", "robust linear", "robust trees")
ORDER_SECONDS = 120.0  # the mood grid's (benchmark_mood.py --seconds 120)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", default=None,
                        help="the people data's folder (default %s)" % data.DEFAULT)
    parser.add_argument("--seeds", type=int, nargs="+", default=[13, 14])
    parser.add_argument("--repeats", type=int, default=2,
                        help="the classifiers' dealings per seed (make people: 5)")
    parser.add_argument("--trials", type=int, default=20, help="mood grids per order row")
    parser.add_argument("--minutes", type=float, default=robot.MINUTES)
    return parser.parse_args(argv)


def aucs(genuine, angles, repeats):
    """{"set classifier": AUC} of ``angles`` held against ``genuine`` (indistinct.Source)
    as make people holds a run: cut into as many blocks as there are people."""
    rows = windows.of_recording(angles, motion_quality.RATE)
    source = indistinct.in_blocks([("probe", rows)], len(set(genuine.groups)))
    return dict(("%s %s" % (name, classifier), answer.auc)
                for name, byclass in indistinct.answers(genuine, source, repeats).items()
                for classifier, answer in byclass.items())


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        folder = data.folder(args.people)
    except data.MissingData as err:
        sys.exit(str(err))
    genuine = indistinct.of_clips(indistinct.clips(reference.recordings(folder),
                                                   data.GENUINE))
    config = pepper_traces.configuration(styles.LIFELIKE, *robot.NEUTRAL)
    print("| lifelike (0, 0), seeds %s | %s |" % (" and ".join(map(str, args.seeds)),
                                                  " / ".join(SETS)))
    print("| --- | --- |")
    for label, spells, share, legs_follow in ROWS:
        found = [aucs(genuine, what_if.hanging(what_if.commanded(
            config, args.minutes * 60.0, seed, spells, legs_follow), share), args.repeats)
            for seed in args.seeds]
        print("| %s | %s |" % (label, " / ".join("%.2f" % np.mean([each[name] for each in found])
                                                 for name in SETS)))
    print()
    print("| lifelike, seed %d | synchrony with the arms' share of the trunk's tilt %s |"
          % (args.seeds[0], " / ".join("%g" % share for share in SHARES)))
    print("| --- | --- |")
    for mood in SYNCHRONY_MOODS:
        angles = pepper_traces.commanded(pepper_traces.configuration(styles.LIFELIKE, *mood),
                                         args.minutes * 60.0, args.seeds[0])
        print("| (%g, %g) | %s |" % (mood + (" / ".join(
            "%.2f" % what_if.synchrony(what_if.hanging(angles, share)) for share in SHARES),)))
    print()
    print("| the mood's order, of %d grids | %s |" % (
        args.trials, " | ".join("arms' %s" % name for name, _sign, _figure in what_if.ORDERS)))
    print("| --- |%s" % (" --- |" * len(what_if.ORDERS)))
    for label, spells in ORDERS:
        counts, rhos = what_if.mood_order(styles.LIFELIKE, args.trials, ORDER_SECONDS, spells)
        medians = np.median(np.array(rhos), axis=0)
        print("| %s | %s |" % (label, " | ".join("%d (median rho %.2f)" % each
                                                 for each in zip(counts, medians))))

if __name__ == "__main__":
    main()
