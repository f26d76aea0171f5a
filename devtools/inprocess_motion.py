"""The real MotionEngine in-process against pepper_sim's KinematicMotion, both on one
ScaledClock, and its commanded trajectories rebuilt at motion_quality.RATE: the
in-process source of scripts/benchmark_motion.py and scripts/benchmark_mood.py.
Python 3 tooling (never shipped)."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import numpy as np

import motion_quality
from animate_behaviour.engine.motion_engine import MotionEngine
from animate_behaviour.engine.ports import Robot
from animate_behaviour.foundation.clock import ScaledClock
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import KinematicMotion

SCALE = 0.15  # wall s per robot s: 3 ms of thread jitter is 20 ms of robot time
SEED = 13
TIMEOUT = 30.0  # wall s for the engine to settle or close


def settled_at(calls):
    """When every joint had ended its first call (home, or the first random one when the
    joints start at home): ``calls`` are (names, end) in the order they started, ``end``
    None while a call runs. None until then."""
    first_end = {}
    for names, end in calls:
        for name in names:
            first_end.setdefault(name, end)
    if not first_end or None in first_end.values():
        return None
    return max(first_end.values())


def commanded(config, seconds, models=motion_quality.MODELS, seed=SEED):
    """{model: angles rebuilt from the calls of an engine run by ``config``} over
    ``seconds`` robot seconds from the moment every animated joint has ended its first
    call (the move home)."""
    clock = ScaledClock(SCALE)
    motion = KinematicMotion(clock=clock)
    memory = FakeMemory()
    engine = MotionEngine(lambda: config,
                          Robot(motion, memory, FakeAutonomousLife(memory=memory), None, None),
                          logging.getLogger("inprocess_motion"), clock=clock,
                          rng=np.random.RandomState(seed))
    origin = clock.now()

    def time_of(clock_time):
        return clock.elapsed(origin, clock_time)
    settled = []

    def first_calls_ended():  # runs under the motion's lock
        settled[:] = [settled_at((record.names, record.end) for record in motion.trajectories)]
        return settled[0] is not None
    engine.start()
    try:
        engine.request("enabled")
        if not motion.wait_for(first_calls_ended, TIMEOUT):
            raise RuntimeError("the engine's first calls did not end in %.0f s" % TIMEOUT)
        start = time_of(settled[0])
        clock.wait(threading.Event(), start + seconds + 1.0 - time_of(clock.now()))
    finally:
        closed = engine.close(TIMEOUT)
    if not closed:
        raise RuntimeError("the engine did not close in %.0f s" % TIMEOUT)
    records = [record for record in motion.trajectories if record.start is not None]
    names = [name for name in config.platform_joints
             if any(name in record.names for record in records)]
    return dict(
        (model, motion_quality.rebuild(records, names, time_of, start, start + seconds, model))
        for model in models)
