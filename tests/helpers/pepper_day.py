"""Pepper's own day over qi, for tests: pepper_sim with its day, our service hosted from a
second session and another client on a third (``Pepper``), and what getStatus and the log
say. Used by tests/test_pepper_day.py and the day scenario's test (tests/test_demo.py).
Durations are robot seconds unless said otherwise."""
from __future__ import absolute_import, division, print_function

import json
import logging
import sys
import threading

import numpy as np
import qi

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.serving import host as host_module
from pepper_sim.qi_server import SimulatedRobot

import day_run

TIMEOUT = 20.0  # wall seconds
# Wall seconds per robot second (Python 2.7's libqi is slower to answer).
SCALE = 0.02 if sys.version_info[0] >= 3 else 0.05
SETTINGS = {"behaviour": "all", "motionStyle": "lifelike", "gestureDuration": "0.5",
            "yieldQuietTime": "1.0"}
GROUPS = ("leftArm", "rightArm", "legs")
PARTS = GROUPS + ("base",)


class Lines(day_run.Lines):
    """The package's log lines, as (level, message)."""

    def matching(self, text, level=logging.INFO):
        return [message for levelno, message in self.lines
                if levelno >= level and text in message]


class Pepper(object):
    """pepper_sim over qi with its day (``day``), our service (``service``) and another
    client's ALMotion (``theirs``); ``values`` replace SETTINGS."""

    def __init__(self, before=None, time_scale=SCALE, **values):
        settings = dict(SETTINGS)
        settings.update(values)
        self.config = config_module.from_mapping(settings)
        self.robot = SimulatedRobot(time_scale=time_scale)
        self.motion, self.day, self.life = self.robot.motion, self.robot.day, self.robot.life
        self.clock = self.motion.clock
        if before is not None:
            before(self)  # Pepper's state before the service starts
        self.log = logging.getLogger("test.day")
        self.lines = Lines()
        self.log.addHandler(self.lines)
        self.log.setLevel(logging.DEBUG)
        self.host_session = qi.Session()
        self.host_session.connect(self.robot.url)

        def engine(**services):
            return engine_module.MotionEngine(rng=np.random.RandomState(7), clock=self.clock,
                                              **services)
        self.host = host_module.ServiceHost(self.host_session, self.config, self.log,
                                            engine_factory=engine)
        self.host.start(False)
        self.client = qi.Session()
        self.client.connect(self.robot.url)
        self.service = self.client.service("AnimateBehaviour")
        self.theirs = self.client.service("ALMotion")

    def enable(self):
        assert self.service.setActivation("enabled") == 1
        assert self.host.engine.wait_settled("enabled", TIMEOUT)

    def disable(self):
        assert self.service.setActivation("disabled") == 1
        assert self.host.engine.wait_settled("disabled", TIMEOUT)

    def status(self):
        return json.loads(self.service.getStatus())

    def wait_status(self, predicate):
        """Poll getStatus (the state lives in the service: nothing to wait on) until
        ``predicate(status)``; returns that status."""
        pause = threading.Event()
        for _ in range(int(TIMEOUT / 0.01)):
            status = self.status()
            if predicate(status):
                return status
            pause.wait(0.01)
        raise AssertionError("timed out; getStatus says %r" % (self.status(),))

    def wait_parts(self, state, reason, parts=PARTS):
        """Wait until each of ``parts`` is in ``state`` for ``reason``; returns the clock
        time it was seen."""
        def all_there(status):
            return all(entry(status, part) == {"state": state, "reason": reason}
                       for part in parts)
        self.wait_status(all_there)
        return self.clock.now()

    def wait_robot_seconds(self, seconds):
        """Let ``seconds`` of robot time pass (what is checked is that nothing happens)."""
        threading.Event().wait(seconds * SCALE)

    def calls_after(self, time, methods=("angleInterpolation", "moveTo"), chain=None):
        """Calls of ``methods`` the stand-in recorded after clock ``time`` (every one is
        ours: no other app moves here), on ``chain``'s joints if given."""
        found = [call for call in self.motion.calls if call.method in methods
                 and call.time > time]
        if chain is not None:
            found = [call for call in found if call.method == "angleInterpolation"
                     and set(call.args[0]) & set(chain)]
        return found

    def wait_calls(self, after, count=1, chain=None, methods=("angleInterpolation", "moveTo")):
        """Wait until ``count`` calls (of ``chain``) came after clock time ``after``."""
        assert self.motion.wait_for(
            lambda: len(self.calls_after(after, methods, chain)) >= count, TIMEOUT)
        return self.calls_after(after, methods, chain)

    def seconds(self, start, end):
        return self.clock.elapsed(start, end)

    def close(self):
        self.host.stop()
        self.client.close()
        self.host_session.close()
        self.day.close()
        self.robot.close()
        self.log.removeHandler(self.lines)


def entry(status, part):
    return status["base"] if part == "base" else status["groups"][part]
