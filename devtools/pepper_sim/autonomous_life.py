"""Stand-ins for ALAutonomousLife and ALRobotPosture that record every call.

Python 2.7/3 single-source (used in-process by the Python 2.7 tests).
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour import joints
from animate_behaviour.trajectory import PEAK_TO_MEAN_SPEED
from pepper_sim.motion import Call, clock

MIN_POSTURE_TIME = 0.1  # s: angleInterpolation needs positive times

DEFAULT_ABILITIES = collections.OrderedDict([
    ("BackgroundMovement", True),
    ("BasicAwareness", True),
    ("ListeningMovement", True),
    ("SpeakingMovement", True),
    ("AutonomousBlinking", True),
])


class FakeAutonomousLife(object):
    """ALAutonomousLife in the "solitary" state. ``abilities`` (name -> bool) is the
    current state; ``calls`` lists Call(time, method, args) for every public call."""

    def __init__(self, abilities=None):
        self._lock = threading.Lock()
        self.abilities = collections.OrderedDict(DEFAULT_ABILITIES)
        if abilities:
            self.abilities.update(abilities)
        self.calls = []

    def _record(self, method, args):
        with self._lock:
            self.calls.append(Call(clock(), method, tuple(args)))

    def _check(self, method, name):
        if name not in self.abilities:
            raise RuntimeError("%s: unknown autonomous ability %r (known: %s)"
                               % (method, name, ", ".join(self.abilities)))

    def getAutonomousAbilityEnabled(self, name):
        self._record("getAutonomousAbilityEnabled", (name,))
        self._check("getAutonomousAbilityEnabled", name)
        with self._lock:
            return bool(self.abilities[name])

    def setAutonomousAbilityEnabled(self, name, enabled):
        self._record("setAutonomousAbilityEnabled", (name, enabled))
        self._check("setAutonomousAbilityEnabled", name)
        with self._lock:
            self.abilities[name] = bool(enabled)

    def getState(self):
        self._record("getState", ())
        return "solitary"

    def set_calls(self):
        """(name, enabled) of every setAutonomousAbilityEnabled call, in order."""
        with self._lock:
            return [call.args for call in self.calls
                    if call.method == "setAutonomousAbilityEnabled"]


class FakeRobotPosture(object):
    """ALRobotPosture that knows only "Stand": it moves the KinematicMotion's joints to
    Pepper's Stand posture with one angleInterpolation (killing tasks on them first),
    each joint at ``speed`` x its max velocity at the ease's peak. Records ``calls``."""

    def __init__(self, motion):
        self._motion = motion
        self._lock = threading.Lock()
        self._posture = "Stand"
        self.calls = []

    def _record(self, method, args):
        with self._lock:
            self.calls.append(Call(clock(), method, tuple(args)))

    def getPosture(self):
        self._record("getPosture", ())
        with self._lock:
            return self._posture

    def goToPosture(self, name, speed):
        """Only "Stand" is simulated; returns True."""
        self._record("goToPosture", (name, speed))
        if name != "Stand":
            raise RuntimeError("posture %s is not simulated" % name)
        if not 0.0 < speed <= 1.0:
            raise RuntimeError("goToPosture: speed must be in (0, 1], got %r" % (speed,))
        names = list(joints.ALL_JOINTS)
        self._motion.killTasksUsingResources(names)
        current = self._motion.getAngles(names, False)
        target = [joints.STAND_POSTURE[name] for name in names]
        times = [max(MIN_POSTURE_TIME, PEAK_TO_MEAN_SPEED * abs(goal - now)
                     / (speed * joints.URDF_LIMITS[name].max_velocity))
                 for name, now, goal in zip(names, current, target)]
        self._motion.angleInterpolation(names, target, times, True)
        with self._lock:
            self._posture = "Stand"
        return True
