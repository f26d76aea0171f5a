"""Another app driving an arm with setAngles, as a teleoperation page or a tablet joystick
does: ALMotion's setAngles books no joint ("Only motion API's blocking call takes
resources"), so the app shows in no areResourcesAvailable answer (docs/naoqi.md).

Python 2.7/3 single-source: used in-process by tests/test_set_angles_app.py (both lanes)
and scripts/benchmark_set_angles.py::

    app = Joystick(motion)   # a KinematicMotion (or any ALMotion with a clock given)
    app.start()              # setAngles on APP_JOINTS every PERIOD robot s
    ...
    app.stop()               # app.commands: the clock time of each command sent
"""
from __future__ import absolute_import, division, print_function

import math
import threading

APP_JOINTS = ["LElbowRoll", "LWristYaw"]
JOIN_TIMEOUT = 10.0  # wall s for the app's thread to end once stopped


class Joystick(object):
    """A teleoperation app: setAngles on the left elbow and wrist every PERIOD robot s,
    from a thread of its own, until stopped; ``commands`` the clock times it sent. As a
    joystick streams targets, each is mostly sent before the arm reaches the last one (a
    step of up to 0.06 rad at SPEED of the joint's maximum velocity takes longer than
    PERIOD), so a command of it is on its way most of the time; not near the turns of its
    sines (1-2 s, 4-5 s, 7-8 s... after it began), where the steps are small and both
    joints arrive up to 0.17 s before the next command (KinematicMotion then lists no
    setAngles). ``clock`` (default ``motion.clock``) times it."""

    PERIOD = 0.2
    SPEED = 0.02

    def __init__(self, motion, clock=None):
        self._motion = motion
        self._clock = motion.clock if clock is None else clock
        self._stop = self._clock.event()
        self.commands = []
        self._thread = threading.Thread(target=self._run)
        self._thread.daemon = True

    def start(self):
        self._thread.start()

    def _run(self):
        clock = self._clock
        step = 0
        while not clock.wait(self._stop, self.PERIOD):
            step += 1
            angle = -0.6 + 0.3 * math.sin(step / 5.0)
            self._motion.setAngles(APP_JOINTS, [angle, 0.2 * math.sin(step / 7.0)],
                                   self.SPEED)
            self.commands.append(clock.now())

    def stop(self):
        self._stop.set()
        self._thread.join(JOIN_TIMEOUT)
