"""Where the people data is (issue 32): ReActIdle's clips and BDS's trials, by default in
../shared/people beside the repository. Only the files found there are used; nothing is
fetched.

Python 2.7/3 single-source.
"""
from __future__ import absolute_import, division, print_function

import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT = os.path.normpath(os.path.join(ROOT, "..", "shared", "people"))
GENUINE, ACTED = "genuine", "acted"
KINDS = (GENUINE, ACTED)
CLIPS = os.path.join("reactidle", "%s", "*_%s.bvh.gz")
TRIALS = os.path.join("bds", "BDS*.tsv.gz")
BDS = "bds"
LAYOUT = ("reactidle/genuine/NNN_genuine.bvh.gz, reactidle/acted/NNN_acted.bvh.gz, "
          "bds/BDSnnnnn.tsv.gz and bds/trials.tsv")


class MissingData(RuntimeError):
    """The data is not where it was looked for; the message says where to put it."""


def _missing(folder, what):
    return MissingData(
        "The people data is not at %s: %s. Put ReActIdle's clips and BDS's trials there "
        "as %s (docs/people.md, \"The data\"), or say where they are: make people "
        "PEOPLE=/path/to/people, or scripts/people.py --people /path/to/people."
        % (folder, what, LAYOUT))


def folder(path=None):
    """The data's folder (``path``, by default DEFAULT), checked to hold clips of both
    kinds and trials."""
    path = os.path.abspath(path or DEFAULT)
    if not os.path.isdir(path):
        raise _missing(path, "no such folder")
    for kind in KINDS:
        if not clips(path, kind):
            raise _missing(path, "no %s clip (%s)" % (kind, CLIPS % (kind, kind)))
    if not trials(path):
        raise _missing(path, "no BDS trial (%s)" % TRIALS)
    if not os.path.isfile(os.path.join(path, BDS, "trials.tsv")):
        raise _missing(path, "no bds/trials.tsv")
    return path


def clips(path, kind):
    """The ``kind`` (GENUINE or ACTED) clips in ``path``, sorted."""
    return sorted(glob.glob(os.path.join(path, CLIPS % (kind, kind))))


def trials(path):
    """The BDS trials in ``path``, sorted."""
    return sorted(glob.glob(os.path.join(path, TRIALS)))


def clip_name(clip_path):
    """"002_genuine" for .../002_genuine.bvh.gz."""
    return os.path.basename(clip_path).split(".")[0]
