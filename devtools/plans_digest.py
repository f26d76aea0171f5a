"""One digest of the plans: every group's steps for both styles at the neutral mood and the
four corners, planned offline (offline_plans) from fixed seeds. A change to the generator
that was not meant to change the motion (a refactor, a CPU cut) keeps it; one that was says
so by writing it again (scripts/update_plans_digest.py). The text hashed is the same on
Python 2.7 and 3, so both lanes plan the same steps or the check fails.

Python 2.7/3 single-source, numpy 1.8 APIs.
"""
from __future__ import absolute_import, division, print_function

import hashlib

import numpy as np

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import steps

import offline_plans

MOODS = ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))
STYLES = ("specification", "lifelike")


def step_text(name, at, step):
    # Fixed-point numbers and plain joint names: Python 2's repr of a unicode name or of a
    # list would make the two lanes hash the same steps differently.
    if isinstance(step, steps.Move):
        return "%s M %.9f %s %s %s" % (
            name, at, _numbers(step.angles), _numbers(step.times),
            ",".join(str(j) for j in step.joints or ()))
    return "%s R %.9f %.9f" % (name, at, step.duration)


def _numbers(values):
    """Every number of ``values`` (an array or nested lists), row by row, fixed-point."""
    return ",".join("%.9f" % value for value in np.asarray(values, dtype=float).ravel())


def digest(style, seeds=(0,), seconds=300.0):
    """(sha1 hex, steps counted) of ``style``'s plans over MOODS x ``seeds``, ``seconds``
    of robot time each."""
    total = hashlib.sha1()
    count = 0
    for valence, arousal in MOODS:
        config = config_module.from_mapping({"motionStyle": style, "valence": str(valence),
                                             "arousal": str(arousal)})
        for seed in seeds:
            plans = offline_plans.Round(config, seed).every_group(seed, seconds)
            for name in sorted(plans):
                for at, step in plans[name].steps:
                    count += 1
                    total.update(step_text(name, at, step).encode("ascii"))
    return total.hexdigest(), count


def every_style():
    """{style: {"sha1": ..., "steps": ...}} for STYLES, as tests/data/plans_digest.json."""
    return dict((style, dict(zip(("sha1", "steps"), digest(style)))) for style in STYLES)
