"""The distributions people would rather look at than read (issue 32): pause lengths, move
rates and arm joint speeds of the people and of Pepper's runs, as PNGs.

Python 3 tooling (matplotlib).
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from animate_behaviour.planning import styles  # noqa: E402
from people import data, figures, robot  # noqa: E402

# Pepper's runs drawn in the distributions, with their colours.
SHOWN = ((styles.LIFELIKE, robot.NEUTRAL, "tab:red"), (styles.LIFELIKE, (0.0, 1.0), "tab:orange"),
         (styles.LIFELIKE, (0.0, -1.0), "tab:brown"),
         (styles.SPECIFICATION, robot.NEUTRAL, "tab:purple"))
KIND_COLOURS = {data.GENUINE: "tab:blue", data.ACTED: "tab:green"}
SIZE = (7.0, 4.2)  # inches
MOOD_SPREAD = 0.7  # of a column: how far apart the moods of a style are drawn
DPI = 110


def _ecdf(axes, values, **style):
    values = np.sort(np.asarray(values, dtype=float))
    if len(values):
        axes.step(values, np.arange(1, len(values) + 1) / len(values), where="post", **style)


def _distributions(recordings, runs):
    people = [(each, figures.distributions(each.angles, each.rate)) for each in recordings]
    pepper = [(style, mood, colour, figures.distributions(runs[style, mood].recording.angles,
                                                           runs[style, mood].recording.rate))
              for style, mood, colour in SHOWN if (style, mood) in runs]
    return people, pepper


def _save(fig, axes, path, title, xlabel):
    axes.set_title(title, fontsize=10)
    axes.set_xlabel(xlabel)
    axes.legend(fontsize=7, loc="best")
    axes.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def _ecdf_plot(people, pepper, which, path, title, xlabel, floor):
    fig, axes = plt.subplots(figsize=SIZE)
    labelled = set()
    for each, found in people:
        label = None if each.kind in labelled else "%s people (one line each)" % each.kind
        labelled.add(each.kind)
        _ecdf(axes, np.maximum(found[which], floor), color=KIND_COLOURS[each.kind], alpha=0.6,
              lw=1, label=label)
    for style, mood, colour, found in pepper:
        _ecdf(axes, np.maximum(found[which], floor), color=colour, lw=2.2,
              label="Pepper, " + robot.label(style, mood))
    axes.set_xscale("log")
    axes.set_ylabel("share at or below")
    return _save(fig, axes, path, title, xlabel)


def _rates(people, runs, path):
    fig, axes = plt.subplots(figsize=SIZE)
    columns = [data.GENUINE, data.ACTED] + [style for style in styles.NAMES]
    for column, kind in enumerate(columns[:2]):
        values = [figures.figures(each.angles, each.rate)["moves"] for each, _found in people
                  if each.kind == kind]
        axes.scatter(np.full(len(values), column), values, color=KIND_COLOURS[kind], s=30,
                     label="%s people" % kind)
    moods = list(robot.MOODS)
    for (style, mood), run in runs.items():
        value = figures.figures(run.recording.angles, run.recording.rate)["moves"]
        # Each mood a little to the side of its column, so that equal rates stay apart.
        column = columns.index(style) + MOOD_SPREAD * (moods.index(mood) / (len(moods) - 1.0)
                                                       - 0.5)
        axes.scatter([column], [value], marker="D", s=22, color="tab:red")
        axes.annotate("(%g, %g)" % mood, (column, value), xytext=(0, 7),
                      textcoords="offset points", fontsize=5.5, ha="center", rotation=90)
    axes.set_xticks(range(len(columns)))
    axes.set_xticklabels(["genuine", "acted", "Pepper, " + columns[2], "Pepper, " + columns[3]])
    axes.set_xlim(-0.5, len(columns) - 0.2)
    axes.set_ylabel("gross moves a minute, per arm")
    axes.set_ylim(-3, max(axes.get_ylim()[1], 10.0) * 1.12)
    return _save(fig, axes, path, "Gross arm moves a minute: each person, and Pepper at each "
                 "mood (valence, arousal)", "")


def draw(recordings, runs, out_dir):
    """pauses.png, rates.png and speeds.png of ``recordings`` (the people) and ``runs``
    (robot.runs) in ``out_dir``; their paths."""
    people, pepper = _distributions(recordings, runs)
    return [
        _ecdf_plot(people, pepper, 0, os.path.join(out_dir, "pauses.png"),
                   "Pauses between an arm's gross moves", "pause (s)", 0.04),
        _rates(people, runs, os.path.join(out_dir, "rates.png")),
        _ecdf_plot(people, pepper, 1, os.path.join(out_dir, "speeds.png"),
                   "Arm joint speeds, every sample (below 1e-3 rad/s drawn at it)",
                   "speed of ShoulderPitch, ShoulderRoll, ElbowRoll (rad/s)", 1e-3),
    ]
