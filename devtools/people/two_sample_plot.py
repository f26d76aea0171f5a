"""The features that tell Pepper from people (issue 39), people beside Pepper: every window
of the genuine and acted people and of each style at the neutral mood, one panel per
feature, the features whose own AUC lies farthest from 0.5 for the lifelike style first.

Python 3 tooling (matplotlib).
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from people import indistinct, windows  # noqa: E402

PANELS = (2, 4)  # rows, columns
SIZE = (11.0, 5.6)  # inches
DPI = 110
SCATTER = 0.28  # of a column: how far a window's dot strays sideways, so that dots show
JITTER_SEED = 0  # the same dots every run
LOG_UNITS = ("rad", "rad/s")  # figures spanning orders of magnitude among people
LOG_FLOOR = 1e-4  # rad or rad/s: a value below it is drawn at it (a log axis has no 0)
COLOURS = ("tab:blue", "tab:green", "tab:red", "tab:purple")


def telling(found, count):
    """The indices of the ``count`` features whose own AUC for the lifelike style at the
    neutral mood lies farthest from 0.5."""
    distance = [abs(value - 0.5) if value == value else -1.0
                for value in indistinct.neutral(found).features]
    return list(np.argsort(distance)[::-1][:count])


def columns(found):
    """(name, rows) of what each panel shows, in COLOURS' order."""
    listed = [("genuine\npeople", found.genuine.rows),
              ("acted\npeople", found.comparisons[indistinct.FLOOR].second.rows)]
    listed += [("Pepper\n%s" % style, each.second.rows)
               for style, each in indistinct.neutral_styles(found).items()]
    return listed


def draw(found, path):
    """The plot of ``found`` (indistinct.Results) at ``path``; the path."""
    rng = np.random.RandomState(JITTER_SEED)
    shown = columns(found)
    fig, grid = plt.subplots(PANELS[0], PANELS[1], figsize=SIZE)
    keys = list(windows.FEATURES)
    lifelike = indistinct.neutral(found).features
    for axes, index in zip(grid.ravel(), telling(found, PANELS[0] * PANELS[1])):
        feature = windows.FEATURES[keys[index]]
        for column, ((name, rows), colour) in enumerate(zip(shown, COLOURS)):
            values = rows[:, index]
            values = values[np.isfinite(values)]
            if feature.unit in LOG_UNITS:
                values = np.maximum(values, LOG_FLOOR)
            axes.scatter(column + rng.uniform(-SCATTER, SCATTER, len(values)), values, s=7,
                         color=colour, alpha=0.6, linewidths=0)
            if len(values):
                axes.plot([column - 0.4, column + 0.4], [np.median(values)] * 2, color="k",
                          lw=1.2)
        if feature.unit in LOG_UNITS:
            axes.set_yscale("log")
        axes.set_title("%s\nAUC lifelike %.2f" % (feature.label, lifelike[index]), fontsize=7.5)
        axes.set_ylabel(feature.unit, fontsize=7)
        axes.set_xticks(range(len(shown)))
        axes.set_xticklabels([name for name, _rows in shown], fontsize=6)
        axes.tick_params(axis="y", labelsize=6)
        axes.grid(alpha=0.3)
    fig.suptitle("What tells Pepper from people: each %g s window (a dot), the median (a "
                 "line); Pepper at the neutral mood (0, 0); below %g drawn at it"
                 % (windows.SECONDS, LOG_FLOOR), fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path
