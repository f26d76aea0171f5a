"""The angles Pepper is commanded, rebuilt at 50 Hz from a round's planned calls, for the
figures (figures.py) read from people.

Python 2.7/3 single-source, numpy 1.8 APIs. offline_plans.Round plans every group's steps
as its worker asks for them, with no engine and no clock (hours of plans in seconds); each
steps.Move becomes one call as pepper_sim records it, and motion_quality.rebuild samples
the calls at motion_quality.RATE (ALMotion's 20 ms cycle) under one of its models of
NAOqi's interpolation: "ease" comes to rest at every key (pepper_sim's own), "spline"
passes through the keys. NAOqi does not document which it does (docs/naoqi.md); the
lifelike style makes every key a rest, a turning point of the breath or a key its slow
creep drifts through, so for it they differ only in how the creep flows through its keys;
the specification's calls carry two keys or more, through which "spline" passes.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

import motion_quality
import offline_plans
from animate_behaviour import configuration as config_module
from animate_behaviour.planning import steps

# One call, as motion_quality.rebuild reads pepper_sim's records: per joint its keys'
# times (s from the call's start) and angles, and where it began.
Record = collections.namedtuple("Record", "names angles times start start_angles killed "
                                          "killed_at")
SETTINGS = {"behaviour": "body"}
SEED = 13


def configuration(style, valence=0.0, arousal=0.0):
    """The configuration of ``style`` at the mood (``valence``, ``arousal``), ``behaviour
    = body`` and the defaults otherwise."""
    return config_module.from_mapping(dict(SETTINGS, motionStyle=style, valence=str(valence),
                                           arousal=str(arousal)))


def records(plans):
    """The calls of ``plans`` ({group: offline_plans.Plan}) as Records, each starting where
    the group's calls before it left its joints."""
    found = []
    for plan in plans.values():
        names = plan.shape.names
        current = np.array(plan.shape.home, dtype=float)
        for at, step in plan.steps:
            if not isinstance(step, steps.Move):
                continue
            chosen = range(len(names)) if step.joints is None else list(step.joints)
            found.append(Record([names[which] for which in chosen],
                                [list(step.angles[:, which]) for which in chosen],
                                [list(step.times) for _which in chosen], at,
                                [float(current[which]) for which in chosen], False, None))
            current[chosen] = step.end[chosen]
    return found


def commanded(config, seconds, seed=SEED, model="ease"):
    """The angles ``config`` commands over ``seconds`` robot s of a round seeded ``seed``
    from its start, every group from its rest: an OrderedDict joint -> array at
    motion_quality.RATE."""
    plans = offline_plans.Round(config, seed).every_group(seed, seconds)
    calls = records(plans)
    names = [name for plan in plans.values() for name in plan.shape.names]
    return motion_quality.rebuild(calls, names, lambda moment: moment, 0.0, seconds, model)
