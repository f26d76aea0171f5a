"""The people of the data (data.py), read once: each ReActIdle clip's angles mapped onto
Pepper's joints (bvh.py, mapping.py) and each BDS subject's trials (cop.py), for the
figures (measure.py).

Python 2.7/3 single-source, numpy 1.8 APIs.
"""
from __future__ import absolute_import, division, print_function

import collections
import os

from people import bvh, cop, data, mapping

# A run of angles: its ``name``, ``kind`` (data.GENUINE, data.ACTED or a motion style),
# ``rate`` (Hz) and ``angles`` (joint -> rad); for a clip, ``pose`` (bvh.Pose: the stick
# figure's joints) and ``clip`` (bvh.Clip: their names), None for Pepper.
Recording = collections.namedtuple("Recording", "name kind rate angles pose clip")
# A BDS subject: its ``name`` and its cop.Trials.
Sway = collections.namedtuple("Sway", "name trials")


def recording(path, kind):
    """The Recording of the clip at ``path``."""
    clip = bvh.read(path)
    posed = bvh.pose(clip)
    return Recording(data.clip_name(path), kind, clip.rate, mapping.angles(clip, posed), posed,
                     clip)


def recordings(folder):
    """Every clip in ``folder`` (data.folder), genuine first, as Recordings."""
    return [recording(path, kind) for kind in data.KINDS for path in data.clips(folder, kind)]


def sways(folder):
    """Every BDS subject with trials in ``folder``, in the order of their first trial's
    name."""
    subject_of = cop.subjects(os.path.join(folder, data.BDS))
    grouped = collections.OrderedDict()
    for path in data.trials(folder):
        trial = cop.read(path)
        if trial.name not in subject_of:
            raise cop.CopError("%s is not in %s" % (trial.name, os.path.join(
                folder, data.BDS, cop.TRIALS)))
        grouped.setdefault(subject_of[trial.name], []).append(trial)
    return [Sway("BDS subject %s" % subject, trials) for subject, trials in grouped.items()]
