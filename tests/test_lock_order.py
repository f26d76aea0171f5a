"""The package's locks are taken in one order (issue 31): no lock is held while another is
taken, except the nestings docs/architecture.md names ("Locks"), and no two locks are
ever taken in both orders. Every lock the package makes is recorded
(tests/helpers/lock_recorder.py) while the service runs as on the robot, over qi against
pepper_sim, through what takes most of them: enabling, a mood, a preset, a motion
style, a person arriving, speech, Pepper's own state changing, disabling."""
from __future__ import absolute_import, division, print_function

import io
import json
import logging
import os
import re
import sys
import threading

import numpy as np
import pytest
import qi

from helpers import lock_recorder
from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.serving import host as host_module
from pepper_sim.qi_server import SimulatedRobot

pytestmark = pytest.mark.usefixtures("no_gc_pauses")

TIMEOUT = 20.0
SCALE = 0.02 if sys.version_info[0] >= 3 else 0.05
ARCHITECTURE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "docs", "architecture.md")


def documented_order():
    """The nestings docs/architecture.md allows: the "held -> taken" lines of its "Locks"
    section, as {(held, taken)}."""
    with io.open(ARCHITECTURE, encoding="utf-8") as page:
        text = page.read()
    section = (text.split("## Locks", 1) + [""])[1].split("\n## ", 1)[0]
    return set(re.findall(r"^- `([\w.]+)` -> `([\w.]+)`", section, re.M))


def robot_seconds(seconds):
    threading.Event().wait(seconds * SCALE)


def test_the_locks_are_taken_in_the_documented_order(monkeypatch):
    recorder = lock_recorder.recording(monkeypatch)
    robot = SimulatedRobot(time_scale=SCALE)
    config = config_module.from_mapping({"behaviour": "all", "gestureDuration": "0.5"})
    session = qi.Session()
    session.connect(robot.url)

    def engine(**services):
        return engine_module.MotionEngine(rng=np.random.RandomState(31),
                                          clock=robot.motion.clock, **services)
    host = host_module.ServiceHost(session, config, logging.getLogger("test.locks"),
                                   engine_factory=engine, heartbeat_period=0.05)
    host.start(False)
    client = qi.Session()
    client.connect(robot.url)
    try:
        service = client.service("AnimateBehaviour")
        assert service.setActivation("enabled") == 1
        assert host.engine.wait_settled("enabled", TIMEOUT)
        robot_seconds(3.0)
        assert service.setMood(0.5, -0.5) == 1
        assert service.setPreset("lively") == 1
        assert service.setMotionStyle("lifelike") == 1
        json.loads(service.getStatus())
        robot_seconds(3.0)
        robot.memory.raiseEvent("PeoplePerception/JustArrived", 1)
        client.service("ALTextToSpeech").say("hello")
        robot.day.open_flap()
        robot.day.set_battery_low(True)
        robot_seconds(3.0)
        robot.day.close_flap()
        client.service("ALMotion").rest()
        robot_seconds(2.0)
        client.service("ALMotion").wakeUp()
        robot_seconds(5.0)
        json.loads(service.getStatus())
        assert service.setActivation("disabled") == 1
        assert host.engine.wait_settled("disabled", TIMEOUT)
    finally:
        host.stop()
        client.close()
        session.close()
        robot.day.close()
        robot.close()
    assert recorder.edges, "no lock was recorded: the recorder did not reach the package"
    assert recorder.inversions() == []
    undocumented = sorted(set(recorder.edges) - documented_order())
    assert undocumented == [], "nestings docs/architecture.md does not name: %s" % (
        ", ".join("%s -> %s (%d times)" % (held, taken, recorder.edges[(held, taken)])
                  for held, taken in undocumented))
