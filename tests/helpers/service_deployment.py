"""A deployment over real libqi, for the qi integration tests: a simulated NAOqi on a
loopback standalone session, our service registered from a second session as on the robot,
and a client session calling it like a tablet page or qicli would."""
from __future__ import absolute_import, division, print_function

import json
import logging
import threading

import numpy as np
import pytest
import qi

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.serving import host as host_module
from pepper_sim.motion import wait_until
from pepper_sim.qi_server import ALL_SERVICES, SimulatedRobot

from helpers import checks
TIMEOUT = 10.0
# 20 waypoints 0.5 s apart: 10 s trajectories in five 2 s calls, 50 ms of wall time each
# at the default time scale.
FAST = {"gestureDuration": "0.5", "numPoints": "20", "legRepeatFactor": "3",
        "numPointsLeg": "2"}


def seeded_engine(clock):
    """An engine factory for the host: a seeded generator, the stand-ins' clock."""
    def make(**services):
        return engine_module.MotionEngine(rng=np.random.RandomState(5), clock=clock,
                                          **services)
    return make


class Deployment(object):
    """A simulated robot, our service hosted on its own session, and a client."""

    def __init__(self, services=ALL_SERVICES, time_scale=0.005, heartbeat_period=10.0,
                 logger=None, motion=None, **values):
        settings = dict(FAST)
        settings.update(values)
        self.config = config_module.from_mapping(settings)
        self.robot = SimulatedRobot(time_scale=time_scale, services=services, motion=motion)
        self.log = logger or logging.getLogger("test.service")
        self.host_session = qi.Session()
        self.host_session.connect(self.robot.url)
        self.host = host_module.ServiceHost(self.host_session, self.config, self.log,
                                            engine_factory=seeded_engine(
                                                self.robot.motion.clock),
                                            heartbeat_period=heartbeat_period)
        self.client = qi.Session()
        self.client.connect(self.robot.url)
        self.other_clients = []
        self.changes = []
        self.preset_changes = []
        self.style_changes = []
        self._changed = threading.Condition()

    def start(self, activate=False, show_on_tablet=False):
        self.host.start(activate, show_on_tablet)
        self.service = self.client.service("AnimateBehaviour")
        self.link = self.service.activationChanged.connect(
            lambda state: self._record(self.changes, state))
        self.preset_link = self.service.presetChanged.connect(
            lambda name: self._record(self.preset_changes, name))
        self.style_link = self.service.motionStyleChanged.connect(
            lambda style: self._record(self.style_changes, style))
        return self.service

    def _record(self, received, value):
        with self._changed:
            received.append(value)
            self._changed.notify_all()

    def wait_until(self, predicate):
        """Wait until ``predicate()`` holds for the signals received; returns whether it did."""
        with self._changed:
            return wait_until(self._changed, predicate, TIMEOUT)

    def wait_change(self, state, count=1):
        """Wait until activationChanged(state) has been received ``count`` times."""
        return self.wait_until(lambda: self.changes.count(state) >= count)

    def wait_random(self, count):
        return self.robot.motion.wait_for(
            lambda: len(checks.random_ones(self.robot.motion.trajectories)) >= count, TIMEOUT)

    def more_clients(self, count):
        """``count`` more client sessions, like tablets and qicli; closed by close()."""
        sessions = []
        for _ in range(count):
            session = qi.Session()
            session.connect(self.robot.url)
            sessions.append(session)
        self.other_clients.extend(sessions)
        return sessions

    def close(self):
        for session in self.other_clients:
            session.close()
        self.host.stop()
        self.client.close()
        self.host_session.close()
        self.robot.close()


@pytest.fixture
def deploy():
    made = []

    def make(**kwargs):
        deployment = Deployment(**kwargs)
        made.append(deployment)
        return deployment
    yield make
    for deployment in made:
        deployment.close()


def status(service):
    """The service's getStatus, read."""
    return json.loads(service.getStatus())


def pause(deployment, seconds):
    """Let at least ``seconds`` robot seconds pass on the stand-ins' clock."""
    clock = deployment.robot.motion.clock
    clock.wait(clock.event(), seconds)
