"""Shared by the stand-ins' tests: a blocking call run in the background, and pepper_sim
served over libqi with a client session on it."""
from __future__ import absolute_import, division, print_function

import threading

import pytest
import qi

from pepper_sim.qi_server import SimulatedRobot

TIMEOUT = 10.0  # generous upper bound for anything that should take well under a second


class Background(object):
    """Run a blocking call in a thread; keep its result or exception."""

    def __init__(self, function, *args):
        self.result = self.error = None
        self.done = threading.Event()

        def run():
            try:
                self.result = function(*args)
            except Exception as err:  # noqa: B902 - handed to the test thread
                self.error = err
            finally:
                self.done.set()

        self.thread = threading.Thread(target=run)
        self.thread.daemon = True
        self.thread.start()

    def join(self, timeout=TIMEOUT):
        assert self.done.wait(timeout), "the call did not return within %s s" % timeout
        if self.error is not None:
            raise self.error
        return self.result


def started(motion, count):
    return lambda: len([t for t in motion.trajectories if t.start is not None]) >= count


@pytest.fixture
def robot():
    with SimulatedRobot(time_scale=0.01) as simulated:
        yield simulated


@pytest.fixture
def client(robot):
    session = qi.Session()
    session.connect(robot.url)
    yield session
    session.close()
