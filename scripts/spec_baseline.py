"""The specification's own way of driving Pepper, for `make benchmark`'s baseline row.

    python scripts/spec_baseline.py --qi-url URL [--config FILE] [--time-scale S]

What the seed's ROS node does, on the package's own planning (animate_behaviour.planning.trajectory):
each group plans its numPoints waypoints when the last trajectory returns (at the seam)
and sends them as one angleInterpolation call holding the joints for the whole
trajectory; the base turns with moveTo whatever else moves; "disabled" kills every task
using the animated joints (killTasksUsingResources) and stops any move (stopMove), then
goes home. No yielding, no speech, no heat. Registers the qi service
``SpecificationBaseline`` with ``setActivation(string) -> int`` like AnimateBehaviour's.
Runs until SIGINT/SIGTERM, on Python 2.7 or 3 (make benchmark runs it on both lanes),
waiting as the package does (animate_behaviour.foundation.clock, the runner's StopRequest) so that
both ways pay the same for their waits. Benchmark tooling: never shipped.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import signal
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

import numpy as np  # noqa: E402
import qi  # noqa: E402

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.expression import live_signal# noqa: E402
from animate_behaviour.foundation import clock as clock_module  # noqa: E402
from animate_behaviour.foundation.registering import register  # noqa: E402
from animate_behaviour.planning import groups, joints, specification, trajectory  # noqa: E402
from animate_behaviour.serving.runner import StopRequest  # noqa: E402

SERVICE_NAME = "SpecificationBaseline"
BASE_PAUSE = (2.0, 5.0)  # s, in multiples of gestureDuration, as the package's


class Baseline(object):
    """setActivation("enabled" | "disabled") -> 1, else 0."""

    def __init__(self, motion, config, clock):
        self._motion = motion
        self._config = config
        self._clock = clock
        self._rng = np.random.RandomState(1)
        # The groups where the configuration's mood puts them (it never changes here).
        reading = live_signal.steady(config).now()
        self._groups = [group.shape(reading)
                        for group in groups.build(config, joints.URDF_LIMITS)]
        self._stop = clock.event()
        self._stop.set()
        self._threads = []
        self._lock = threading.Lock()

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="setActivation")
    def set_activation(self, state):
        """Enable or disable, like AnimateBehaviour.setActivation."""
        with self._lock:
            if state == "enabled" and self._stop.is_set():
                self._stop.clear()
                self._threads = [threading.Thread(target=self._run_group, args=(group,))
                                 for group in self._groups]
                self._threads.append(threading.Thread(target=self._run_base))
                for thread in self._threads:
                    thread.start()
            elif state == "disabled" and not self._stop.is_set():
                self._stop.set()
                names = [name for group in self._groups for name in group.names]
                self._motion.killTasksUsingResources(names)
                self._motion.stopMove()
                for thread in self._threads:
                    thread.join()
                self._motion.angleInterpolation(names, [[self._config.home[n]] for n in names],
                                                [[1.0]] * len(names), True)
            elif state not in ("enabled", "disabled"):
                return 0
        return 1

    def _run_group(self, group):
        start = group.home
        while not self._stop.is_set():
            # Planned at the seam, while the joints stand still.
            points, times = specification.trajectory_of(group, self._config, self._rng, start)
            if self._stop.is_set():
                return
            self._motion.angleInterpolation(
                group.names, [[float(a) for a in column] for column in points.T],
                [[float(t) for t in times]] * len(group.names), True)
            start = points[-1]

    def _run_base(self):
        if not joints.moves_base(self._config.behaviour):
            return
        band = trajectory.heading_band(self._config.rot_maximum_range)
        origin = float(self._motion.getRobotPosition(True)[2])
        while not self._stop.is_set():
            heading = float(self._motion.getRobotPosition(True)[2])
            self._motion.moveTo(0.0, 0.0, trajectory.next_turn(
                trajectory.wrap_angle(heading - origin), band, self._rng))
            self._clock.wait(self._stop, self._rng.uniform(*BASE_PAUSE)
                             * self._config.gesture_duration)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qi-url", required=True)
    parser.add_argument("--config", default=os.path.join(ROOT, "config",
                                                         config_module.CONFIG_FILE_NAME))
    parser.add_argument("--time-scale", type=float, default=1.0)
    arguments = parser.parse_args()
    config = config_module.load(arguments.config)
    application = qi.Application([sys.argv[0], "--qi-url", arguments.qi_url])
    application.start()
    session = application.session
    baseline = Baseline(session.service("ALMotion"), config,
                        clock_module.ScaledClock(arguments.time_scale))
    service_id = register(session, SERVICE_NAME, baseline)
    stop = StopRequest()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_args: stop.set())
    stop.wait()
    baseline.set_activation("disabled")
    session.unregisterService(service_id)
    session.close()


if __name__ == "__main__":
    main()
