"""The ALMotion commands of a seeded run, against a record kept in tests/data/ (both lanes).

Restructuring the runner must not change what it sends: with the same seed, each group's
first calls (joints, angles, times) and the base's first turns are those recorded before.
Only what the seed decides is compared: each group's and the base's own sequence (the
order between them follows the threads' timing), in the specification's style. The
lifelike style's calls follow the clock too (the breath's phase, and a plan made anew
when a move waited to keep apart from another group's), so they differ from run to run
of the same code; tests/test_lifelike.py covers its plans.

The run is on a virtual clock (pepper_sim.virtual_clock), not on wall time: robot time
passes only once every thread of the run waits. On a scaled wall clock a loaded machine
decided what the engine saw: a thread run 10 ms late made a call return a robot second
"late" at scale 0.01, which the worker rightly took for postponement by another app and
planned anew from, drawing other numbers (the legs' second call on, say); and a run
stretched past aloneAfter would have had Pepper settle as alone, another mood. Here every
call lasts exactly its plan and the round starts at one instant, whatever the load.
Regenerate the record only for an intended change of the motion: ``PYTHONPATH=lib:devtools
.venv/bin/python tests/test_recorded_calls.py``.
"""
from __future__ import absolute_import, division, print_function

import io
import json
import logging
import os
import threading

import numpy as np

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.engine import ports
from animate_behaviour.planning import groups
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion
from pepper_sim.virtual_clock import VirtualClock

RECORD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "recorded_calls.json")
SEED = 20261125
CALLS_PER_GROUP = 6
TURNS = 4
TIMEOUT = 30.0  # wall seconds
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
    # The supervisor waits for requests on a Condition of its own, where the clock cannot
    # see it wait: it is free, and the round it starts is started in one instant (held).
    clock = VirtualClock(free=("animateBehaviour.supervisor",))
    motion = KinematicMotion(clock=clock)
    memory = FakeMemory()
    engine = engine_module.MotionEngine(
        lambda: config, ports.Robot(motion, memory, FakeAutonomousLife(memory=memory), None,
                                    None),
        logging.getLogger("test.recorded"), clock=clock, rng=np.random.RandomState(SEED))
    settled = threading.Event()
    engine.add_listener(lambda state: settled.set())
    with clock.held():  # every part starts, and plans its first step, at robot time 0
        engine.start()
        engine.request("enabled")
        assert settled.wait(TIMEOUT)
    names = [row.name for row, _members in groups.joint_groups(config.behaviour,
                                                                config.platform_joints)]

    def per_group():
        calls = dict((name, []) for name in names)
        for record in motion.trajectories:
            calls[group_of(record.names, config)].append(record)
        return calls

    try:
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


def test_a_seeded_run_sends_the_recorded_calls():
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
    with io.open(RECORD, "w", encoding="utf-8") as out:
        out.write(json.dumps(record_run(), indent=1, sort_keys=True))
