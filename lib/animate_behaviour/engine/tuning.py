"""What the workers plan with: the configuration now and the joint groups built from it,
built again only when the configuration changes (a preset, a motion style)."""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.naoqi.limits import read_limits
from animate_behaviour.planning import groups as groups_module


class Tuning(object):
    """A configuration and the joint groups built from it (group name -> JointGroup);
    replaced whole, never changed."""

    def __init__(self, config, groups):
        self.config = config
        self.groups = collections.OrderedDict((group.name, group) for group in groups)


class Tunings(object):
    """The Tuning of the configuration ``configuration()`` returns now (the live
    configuration's, its one holder), for ``motion`` (an ALMotion proxy, asked for the
    joints' limits once, the first time a tuning is built); ``log`` says what the
    limits' reading found wrong."""

    def __init__(self, motion, configuration, log):
        self._motion = motion
        self._configuration = configuration
        self._log = log
        self._lock = threading.Lock()
        self._limits = None
        self._tuning = None

    @property
    def latest(self):
        """The tuning last built, or None if never built."""
        with self._lock:
            return self._tuning

    def current(self):
        """The tuning of the configuration now, built again if it changed (ALMotion's
        limits read the first time)."""
        config = self._configuration()
        tuning = self._tuning  # asked at every step: no lock while the configuration holds
        if tuning is not None and tuning.config is config:
            return tuning
        with self._lock:
            if self._tuning is None or self._tuning.config is not config:
                if self._limits is None:
                    names = [name for _row, members in groups_module.joint_groups(
                        config.behaviour, config.platform_joints) for name in members]
                    self._limits = read_limits(self._motion, names, self._log)
                self._tuning = Tuning(config, groups_module.build(config, self._limits))
            return self._tuning
