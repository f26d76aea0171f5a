"""Reading BDS's centre-of-pressure trials (Santos & Duarte 2016): ``BDSnnnnn.tsv.gz``
(tab-separated, a header line ``time_s cop_x_cm cop_y_cm``, 100 samples a second) and
``trials.tsv`` (each trial's subject).

Python 2.7/3 single-source, numpy 1.8 APIs. The x axis is read as anterior-posterior
and y as medio-lateral: in every trial here x's mean lies several cm from the plate's
centre (where the feet stand on it) and x sways more, as a standing person sways more
front to back than side to side.
"""
from __future__ import absolute_import, division, print_function

import collections
import gzip
import io
import os

import numpy as np

COLUMNS = ("time_s", "cop_x_cm", "cop_y_cm")
TRIALS = "trials.tsv"
# The time step may vary by this fraction of its mean (the files' times are rounded to
# the ms).
STEP_TOLERANCE = 0.01

# One trial: its name (BDSnnnnn), rate (Hz) and centre of pressure (cm): ``ap`` front to
# back, ``ml`` side to side.
Trial = collections.namedtuple("Trial", "name rate ap ml")


class CopError(ValueError):
    """A file that is not a BDS trial as this reader understands it; the message says
    which and why."""


def _text(path):
    opener = gzip.open if path.endswith(".gz") else io.open
    with opener(path, "rb") as handle:
        return handle.read().decode("ascii")


def parse(text, name="<text>"):
    """The Trial that ``text`` (a whole trial file) holds; ``name`` names it."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or tuple(lines[0].split("\t")) != COLUMNS:
        raise CopError("%s: the header must be %s, got %r"
                       % (name, "\\t".join(COLUMNS), lines[0] if lines else ""))
    try:
        values = np.array([[float(cell) for cell in line.split("\t")] for line in lines[1:]])
    except ValueError as err:
        raise CopError("%s: a value is not a number (%s)" % (name, err))
    if values.ndim != 2 or values.shape[1] != len(COLUMNS):
        raise CopError("%s: every line needs %d values" % (name, len(COLUMNS)))
    if len(values) < 3:
        raise CopError("%s: %d samples, too few to be a trial" % (name, len(values)))
    step = np.diff(values[:, 0])
    mean = step.mean()
    if not mean > 0.0 or np.max(np.abs(step - mean)) > STEP_TOLERANCE * mean:
        raise CopError("%s: the samples are not evenly spaced in time (steps %.4f-%.4f s)"
                       % (name, step.min(), step.max()))
    return Trial(name, 1.0 / mean, values[:, 1], values[:, 2])


def read(path):
    """The Trial in ``path`` (gzip-compressed if it ends in .gz)."""
    return parse(_text(path), os.path.basename(path).split(".")[0])


def subjects(folder):
    """{trial name: subject} from ``folder``'s trials.tsv."""
    path = os.path.join(folder, TRIALS)
    lines = [line.split("\t") for line in _text(path).splitlines() if line.strip()]
    if not lines or lines[0][:2] != ["trial", "subject"]:
        raise CopError("%s: the header must begin with trial, subject" % path)
    return collections.OrderedDict((line[0], line[1]) for line in lines[1:])
