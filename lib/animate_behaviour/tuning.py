"""What the workers plan with: a configuration and the joint groups built from it,
replaced whole when a preset or a motion style changes the configuration."""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour import groups as groups_module
from animate_behaviour import joints


class Tuning(object):
    """A configuration and the joint groups built from it (group name -> JointGroup);
    replaced whole, never changed."""

    def __init__(self, config, groups):
        self.config = config
        self.groups = collections.OrderedDict((group.name, group) for group in groups)


class Tunings(object):
    """The current Tuning of ``motion`` (an ALMotion proxy, asked for the joints' limits
    once, the first time a tuning is built) under the latest configuration; ``log`` says
    what the limits' reading found wrong."""

    def __init__(self, motion, config, log):
        self._motion = motion
        self._log = log
        self._lock = threading.Lock()
        self._config = config
        self._limits = None
        self._tuning = None

    @property
    def latest(self):
        """The tuning of the latest configuration, or None if never built."""
        with self._lock:
            return self._tuning

    def current(self):
        """The tuning of the latest configuration, built (and ALMotion's limits read) the
        first time."""
        with self._lock:
            if self._tuning is None:
                config = self._config
                names = [name for _row, members in groups_module.joint_groups(
                    config.behaviour, config.platform_joints) for name in members]
                self._limits = joints.limits_from_motion(self._motion, names, self._log)
                self._tuning = Tuning(config, groups_module.build(config, self._limits))
            return self._tuning

    def retune(self, config):
        """Go by ``config`` from now on; returns the new tuning, or None while none was
        ever built (the first current() builds it)."""
        with self._lock:
            self._config = config
            if self._tuning is not None:
                self._tuning = Tuning(config, groups_module.build(config, self._limits))
            return self._tuning
