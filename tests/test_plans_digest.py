"""The plans are what tests/data/plans_digest.json says, on both lanes: a refactor or a CPU
cut leaves the motion as it was, and a change to the motion writes the digest again
(scripts/update_plans_digest.py) in the commit that says why."""
from __future__ import absolute_import, division, print_function

import json

import plans_digest
from helpers import script_modules
from animate_behaviour.planning import steps

update_plans_digest = script_modules.load("update_plans_digest")


def test_the_plans_are_the_recorded_ones():
    with open(update_plans_digest.DIGEST) as stream:
        recorded = json.load(stream)
    assert plans_digest.every_style() == recorded, (
        "the plans changed: if on purpose, run scripts/update_plans_digest.py and say why in "
        "the commit; if not, the change moved the motion")


def test_a_step_a_micro_radian_away_reads_differently():
    move = steps.Move([[0.1, 0.2]], [[0.5, 1.0]], ["LShoulderPitch"])
    nudged = steps.Move([[0.1, 0.200001]], [[0.5, 1.0]], ["LShoulderPitch"])
    later = steps.Move([[0.1, 0.2]], [[0.5, 1.000001]], ["LShoulderPitch"])
    texts = set(plans_digest.step_text("LArm", 3.0, step) for step in (move, nudged, later))
    assert len(texts) == 3
    assert plans_digest.step_text("LArm", 3.0, steps.Rest(1.0)) != \
        plans_digest.step_text("LArm", 3.0, steps.Rest(1.000001))
