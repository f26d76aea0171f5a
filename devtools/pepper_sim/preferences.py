"""Stand-ins for ALPreferenceManager and ALTabletService that record every call.

Python 2.7/3 single-source (used in-process by the Python 2.7 tests).

ALPreferenceManager, as NAOqi 2.5's API documents it (alpreferencemanagerproxy.h) and
apps use it: settings are (domain, setting) -> value and survive reboots;
``getValue(domain, setting)`` returns the value; ``setValue``, ``removeValue``,
``removeDomainValues``, ``getValueList(domain)`` (a list of [setting, value]) and
``getDomainList()``. Values keep the type they were set with (qicli passes numbers as
numbers; the robot's web page stores text). What ``getValue`` gives for a setting never
set is not documented: None (an empty ALValue) here by default, or "" or a RuntimeError
(``unset``); ``broken`` makes the settings it names fail alone, as a setting NAOqi cannot
read would.

ALTabletService: ``showWebview(url)`` and ``hideWebview()`` return True; the page shown
is recorded.
"""
from __future__ import absolute_import, division, print_function

import threading

from pepper_sim.motion import wait_until


# ``unset`` value that makes getValue of a setting never set raise.
RAISES = "raises"


class FakePreferenceManager(object):
    """Preferences in memory: ``values`` ((domain, setting) -> value) and ``calls``
    ([(method, args)], in order). ``fail`` (a message) makes every call raise
    RuntimeError with it, as a crashing NAOqi service would. ``unset``: what getValue
    gives for a setting never set: None (default), "" or RAISES (a RuntimeError naming
    it). ``broken`` ({(domain, setting): message}): getValue of those settings raises
    RuntimeError with the message."""

    def __init__(self, values=None, unset=None, broken=None):
        if unset not in (None, "", RAISES):
            raise ValueError("unset must be None, \"\" or RAISES, got %r" % (unset,))
        self.values = dict(values or {})
        self.calls = []
        self.fail = None
        self.unset = unset
        self.broken = dict(broken or {})
        self._lock = threading.Lock()

    def _record(self, method, *args):
        with self._lock:
            self.calls.append((method, args))
        if self.fail:
            raise RuntimeError(self.fail)

    def getValue(self, domain, setting):  # noqa: N802 (NAOqi's names)
        self._record("getValue", domain, setting)
        with self._lock:
            if (domain, setting) in self.broken:
                raise RuntimeError(self.broken[(domain, setting)])
            if (domain, setting) in self.values:
                return self.values[(domain, setting)]
            if self.unset == RAISES:
                raise RuntimeError("ALPreferenceManager::getValue: no setting %s in domain %s"
                                   % (setting, domain))
            return self.unset

    def setValue(self, domain, setting, value):  # noqa: N802
        self._record("setValue", domain, setting, value)
        with self._lock:
            self.values[(domain, setting)] = value

    def removeValue(self, domain, setting):  # noqa: N802
        self._record("removeValue", domain, setting)
        with self._lock:
            self.values.pop((domain, setting), None)

    def removeDomainValues(self, domain):  # noqa: N802
        self._record("removeDomainValues", domain)
        with self._lock:
            for key in [key for key in self.values if key[0] == domain]:
                del self.values[key]

    def getValueList(self, domain):  # noqa: N802
        self._record("getValueList", domain)
        with self._lock:
            return [[setting, value] for (owner, setting), value in sorted(self.values.items())
                    if owner == domain]

    def getDomainList(self):  # noqa: N802
        self._record("getDomainList")
        with self._lock:
            return sorted(set(domain for domain, _setting in self.values))


class FakeTablet(object):
    """Records ``calls`` ([(method, args)]) and the page ``shown`` (None when hidden);
    ``wait_for(predicate, timeout)`` waits for a call that makes it true."""

    def __init__(self):
        self.calls = []
        self.shown = None
        self._changed = threading.Condition()

    def _record(self, method, args, shown):
        with self._changed:
            self.calls.append((method, args))
            self.shown = shown
            self._changed.notify_all()

    def wait_for(self, predicate, timeout):
        with self._changed:
            return wait_until(self._changed, predicate, timeout)

    def showWebview(self, url):  # noqa: N802 (NAOqi's names)
        self._record("showWebview", (url,), url)
        return True

    def hideWebview(self):  # noqa: N802
        self._record("hideWebview", (), None)
        return True
