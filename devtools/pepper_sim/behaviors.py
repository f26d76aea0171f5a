"""A stand-in for ALBehaviorManager that records every call.

Python 2.7/3 single-source. As NAOqi 2.5 documents it: ``startBehavior(name)`` starts an
installed behaviour ("<package uuid>/<behaviour path>") and returns without waiting for
it; ``isBehaviorRunning(name)`` and ``isBehaviorInstalled(name)`` say what they say;
``stopBehavior(name)`` stops it. Starting a behaviour that is not installed raises
RuntimeError. What starting does is the test's: ``installed`` maps each name to a
function that starts it (on its own thread) and one that stops it.
"""
from __future__ import absolute_import, division, print_function

import threading


class FakeBehaviorManager(object):
    """``installed``: {name: (start(), stop())}; ``calls``: [(method, args)], in order."""

    def __init__(self, installed=None):
        self.installed = dict(installed or {})
        self.calls = []
        self._running = set()
        self._lock = threading.Lock()

    def _record(self, method, *args):
        with self._lock:
            self.calls.append((method, args))

    def _known(self, name):
        if name not in self.installed:
            raise RuntimeError("Behavior %s is not installed" % name)

    def startBehavior(self, name):  # noqa: N802 (NAOqi's names)
        self._record("startBehavior", name)
        self._known(name)
        with self._lock:
            if name in self._running:
                return
            self._running.add(name)
        starter = threading.Thread(target=self.installed[name][0])
        starter.daemon = True
        starter.start()

    def stopBehavior(self, name):  # noqa: N802
        self._record("stopBehavior", name)
        self._known(name)
        with self._lock:
            if name not in self._running:
                return
            self._running.discard(name)
        self.installed[name][1]()

    def isBehaviorRunning(self, name):  # noqa: N802
        self._record("isBehaviorRunning", name)
        with self._lock:
            return name in self._running

    def isBehaviorInstalled(self, name):  # noqa: N802
        self._record("isBehaviorInstalled", name)
        return name in self.installed
