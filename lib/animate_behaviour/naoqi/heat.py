"""Motor heat: which animated joints must rest.

Every few seconds one ``ALMemory.getListData`` reads each joint's
``Device/SubDeviceList/<Joint>/Temperature/Sensor/Status`` (0 normal, 1 hot, 2 very hot,
3 critical). Continuous micro-motion keeps a joint at full stiffness, so a joint at 1 or
more rests (its group goes home and holds still) until it has read 0 for
``coolDownTime``. Each change of a joint's status is logged once, as a warning.
"""
from __future__ import absolute_import, division, print_function

import numbers
import threading

STATUS_KEY = "Device/SubDeviceList/%s/Temperature/Sensor/Status"
# Robot s between two readings: a motor warms over minutes.
HEAT_PERIOD = 5.0
STATUS_NAMES = {0: "normal", 1: "hot", 2: "very hot", 3: "critical"}


def status_key(joint):
    return STATUS_KEY % joint


def _as_status(value):
    """A reading as 0..3, or None if it is not one."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or value != value:
        return None
    status = int(value)
    return status if status == value and status in STATUS_NAMES else None


class HeatMonitor(object):
    """``memory`` an ALMemory proxy (None: nothing is read, nothing rests); ``joints`` the
    joints to watch; ``cool_down_time`` in s on ``clock`` (foundation.clock)."""

    def __init__(self, memory, joints, cool_down_time, clock, log):
        self._memory = memory
        self._joints = list(joints)
        self._keys = [status_key(joint) for joint in self._joints]
        self._cool_down_time = cool_down_time
        self._clock = clock
        self._log = log
        self._lock = threading.Lock()
        self._status = dict((joint, 0) for joint in self._joints)
        # Replaced whole on each change, so that ``resting`` (asked before every call)
        # reads it without the lock.
        self._resting = frozenset()
        self._cool_since = {}
        self._failing = False

    def read(self):
        """Read every status once; returns whether the set of resting joints changed."""
        if self._memory is None:
            return False
        try:
            values = self._memory.getListData(self._keys)
        except RuntimeError as err:
            if not self._failing:  # once per failing streak: this runs every few seconds
                self._log.error("cannot read the motor temperatures from ALMemory (%s): hot "
                                "joints will not be rested" % err)
            self._failing = True
            return False
        if self._failing:
            self._log.info("motor temperatures readable again")
            self._failing = False
        now = self._clock.now()
        changed = False
        with self._lock:
            for joint, value in zip(self._joints, values):
                status = _as_status(value)
                if status is not None:  # else no reading for this joint: keep what we knew
                    changed |= self._update(joint, status, now)
        return changed

    def _update(self, joint, status, now):
        if status != self._status[joint]:
            self._log.warning("%s motor temperature status %d (%s)"
                              % (joint, status, STATUS_NAMES[status]))
            self._status[joint] = status
        if status >= 1:
            self._cool_since.pop(joint, None)
            if joint not in self._resting:
                self._resting = self._resting | frozenset([joint])
                return True
            return False
        if joint not in self._resting:
            return False
        since = self._cool_since.setdefault(joint, now)
        if self._clock.elapsed(since, now) < self._cool_down_time:
            return False
        self._resting = self._resting - frozenset([joint])
        del self._cool_since[joint]
        self._log.warning("%s has been cool for %.0f s: it may move again"
                          % (joint, self._cool_down_time))
        return True

    def resting(self, names):
        """The joints among ``names`` that must rest now."""
        resting = self._resting
        return [name for name in names if name in resting]
