"""The ALMotion commands of a seeded run, against a record kept in tests/data/ (both lanes).

Restructuring the runner must not change what it sends: with the same seed, each group's
first calls (joints, angles, times) and the base's first turns are those recorded before.
Only what the seed decides is compared: each group's and the base's own sequence (the
order between them follows the threads' timing), in the specification's style. The
lifelike style's calls follow the clock too (the breath's phase, and a plan made anew
when a move waited to keep apart from another group's), so they differ from run to run
of the same code; tests/test_lifelike.py covers its plans. Regenerate the record only for an
intended change of the motion: ``PYTHONPATH=lib:devtools .venv/bin/python
tests/test_recorded_calls.py``.
"""
from __future__ import absolute_import, division, print_function

import io
import json
import logging
import os

import numpy as np

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import group_calls
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.planning import groups
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion

RECORD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "recorded_calls.json")
SEED = 20261125
CALLS_PER_GROUP = 6
TURNS = 4
TIMEOUT = 30.0
SETTINGS = {"behaviour": "all", "platform": "robot", "gestureDuration": "0.5",
            "numPoints": "20", "legRepeatFactor": "3", "numPointsLeg": "2"}
STYLE = "specification"


def group_of(names, config):
    """The name of the group (of groups.TABLE) whose joints ``names`` belong to."""
    for row, members in groups.joint_groups(config.behaviour, config.platform_joints):
        if set(names) <= set(members):
            return row.name
    raise ValueError("no group holds %s" % names)


def record_run():
    """{group: [[names, angles, times], ...], "base": [theta, ...]} of a seeded run."""
    config = config_module.from_mapping(dict(SETTINGS, motionStyle=STYLE))
    motion = KinematicMotion(time_scale=0.01)
    memory = FakeMemory()
    engine = engine_module.MotionEngine(
        motion, lambda: config, logging.getLogger("test.recorded"),
        FakeAutonomousLife(memory=memory), np.random.RandomState(SEED), memory=memory,
        clock=motion.clock)
    engine.start()
    names = [row.name for row, _members in groups.joint_groups(config.behaviour,
                                                                config.platform_joints)]

    def per_group():
        calls = dict((name, []) for name in names)
        for record in motion.trajectories:
            calls[group_of(record.names, config)].append(record)
        return calls

    try:
        engine.request("enabled")
        assert motion.wait_for(
            lambda: all(len(calls) >= CALLS_PER_GROUP for calls in per_group().values())
            and len(motion.moves) >= TURNS, TIMEOUT)
        result = {"base": [move.target[2] for move in motion.moves[:TURNS]]}
        for name, calls in per_group().items():
            result[name] = [[list(record.names), [list(angles) for angles in record.angles],
                             [list(times) for times in record.times]]
                            for record in calls[:CALLS_PER_GROUP]]
    finally:
        assert engine.close(TIMEOUT)  # its home move, all groups in one call, comes after
    return result


def load_record():
    with io.open(RECORD, encoding="utf-8") as stream:
        return json.load(stream)


def never_postponed(monkeypatch):
    """No other app runs here, so nothing postpones our calls: a call returning late means
    the machine stalled (at time scale 0.01, 10 ms of wall time is LATE_MARGIN's 1 s), and
    the worker must not take it for postponement and plan anew, which would draw other
    numbers. Postponement has its own tests (test_good_citizen, test_recovery)."""
    monkeypatch.setattr(group_calls, "LATE_MARGIN", float("inf"))


def test_a_seeded_run_sends_the_recorded_calls(monkeypatch):
    never_postponed(monkeypatch)
    expected = load_record()
    actual = record_run()
    assert sorted(actual) == sorted(expected)
    np.testing.assert_allclose(actual["base"], expected["base"], rtol=0, atol=1e-9)
    for group in sorted(name for name in expected if name != "base"):
        assert len(actual[group]) == len(expected[group]), group
        for index, (got, want) in enumerate(zip(actual[group], expected[group])):
            where = "%s call %d" % (group, index)
            assert got[0] == want[0], where
            np.testing.assert_allclose(got[1], want[1], rtol=0, atol=1e-9, err_msg=where)
            np.testing.assert_allclose(got[2], want[2], rtol=0, atol=1e-9, err_msg=where)


if __name__ == "__main__":
    group_calls.LATE_MARGIN = float("inf")  # as never_postponed does
    with io.open(RECORD, "w", encoding="utf-8") as out:
        out.write(json.dumps(record_run(), indent=1, sort_keys=True))
