"""Motor heat: which animated joints must rest.

Every few seconds one ``ALMemory.getListData`` reads each joint's
``Device/SubDeviceList/<Joint>/Temperature/Sensor/Status`` (0 normal, 1 hot, 2 very hot,
3 critical). Continuous micro-motion keeps a joint at full stiffness, so a joint at 1 or
more rests (its group goes home and holds still) until it has read 0 for
``coolDownTime``. Each change of a joint's status is logged once, as a warning.

NAOqi keeps no history of a status: what was read lives in a HeatRecord the engine keeps
from one round to the next, so that a cool-down in progress outlives a disable and an
enable (a joint still cooling would else be driven again at once).
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


class HeatRecord(object):
    """What the engine has read of its motors' heat, across its rounds: each joint's last
    status (0 until read), the joints resting, and since when each resting joint has read
    0 (on the rounds' clock)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.status = {}
        # Replaced whole on each change, so that ``resting`` (asked before every call)
        # reads it without the lock.
        self.resting = frozenset()
        self.cool_since = {}

    def unwatched(self):
        """Nothing read the temperatures for a while (the engine was disabled): a resting
        joint's cool-down counts again from its next reading of 0."""
        with self.lock:
            self.cool_since.clear()


class HeatMonitor(object):
    """A round's reader of the temperatures. ``memory`` an ALMemory proxy (None: nothing
    is read, nothing rests); ``joints`` the joints to watch; ``cool_down_time`` in s on
    ``clock`` (foundation.clock); ``record`` (HeatRecord) what the engine's earlier rounds
    read, which this one goes on from."""

    def __init__(self, memory, joints, cool_down_time, clock, log, record):
        self._memory = memory
        self._joints = list(joints)
        self._keys = [status_key(joint) for joint in self._joints]
        self._cool_down_time = cool_down_time
        self._clock = clock
        self._log = log
        self._record = record
        record.unwatched()  # a new round: nothing read since the last one ended
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
        with self._record.lock:
            for joint, value in zip(self._joints, values):
                status = _as_status(value)
                if status is not None:  # else no reading for this joint: keep what we knew
                    changed |= self._update(joint, status, now)
        return changed

    def _update(self, joint, status, now):
        record = self._record
        if status != record.status.get(joint, 0):
            self._log.warning("%s motor temperature status %d (%s)"
                              % (joint, status, STATUS_NAMES[status]))
            record.status[joint] = status
        if status >= 1:
            record.cool_since.pop(joint, None)
            if joint not in record.resting:
                record.resting = record.resting | frozenset([joint])
                return True
            return False
        if joint not in record.resting:
            return False
        since = record.cool_since.setdefault(joint, now)
        if self._clock.elapsed(since, now) < self._cool_down_time:
            return False
        record.resting = record.resting - frozenset([joint])
        del record.cool_since[joint]
        self._log.warning("%s has been cool for %.0f s: it may move again"
                          % (joint, self._cool_down_time))
        return True

    def resting(self, names):
        """The joints among ``names`` that must rest now."""
        resting = self._record.resting
        return [name for name in names if name in resting]
