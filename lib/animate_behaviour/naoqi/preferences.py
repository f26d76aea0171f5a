"""The owner's preferences: ALPreferenceManager's settings of the package's domain, which
survive reboots and package updates (docs/naoqi.md, "Preferences"). The edge that
expression.presets.LiveConfiguration reads them through and stores the preset choice in.

ALPreferenceManager stores strings only, and NAOqi does not document what ``getValue``
gives for a setting never set: None, "" and an error count as not set, setting by
setting, so that one failing setting costs that setting only.
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.expression.presets import DOMAIN


class OwnerPreferences(object):
    """The settings of DOMAIN in ``manager`` (an ALPreferenceManager proxy)."""

    name = "ALPreferenceManager %s" % DOMAIN

    def __init__(self, manager):
        self._manager = manager

    def read(self, settings):
        """({setting: value} of those of ``settings`` that are set, {error text: [the
        settings whose getValue raised it]}), each in ``settings``' order."""
        values = collections.OrderedDict()
        failures = collections.OrderedDict()
        for setting in settings:
            try:
                value = self._manager.getValue(DOMAIN, setting)
            except RuntimeError as err:
                failures.setdefault(str(err), []).append(setting)
                continue
            if value is not None and value != "":
                values[setting] = value
        return values, failures

    def store(self, setting, value):
        """Store ``value`` (a string) as ``setting``; raises RuntimeError if
        ALPreferenceManager refuses."""
        self._manager.setValue(DOMAIN, setting, value)
