"""ALMemory event subscriptions held together, so that each one is kept alive (its
subscriber object must outlive the connection) and disconnected exactly once."""
from __future__ import absolute_import, division, print_function


class MemorySubscriptions(object):
    """``memory`` is an ALMemory proxy; ``log`` a logger."""

    def __init__(self, memory, log):
        self._memory = memory
        self._log = log
        self._held = []

    def subscribe(self, key, callback):
        """Call ``callback(value)`` on every event of ``key``; raises RuntimeError if
        ALMemory refuses."""
        subscriber = self._memory.subscriber(key)
        link = subscriber.signal.connect(callback)
        self._held.append((key, subscriber, link))

    def close(self):
        """Disconnect every subscription; failures are logged, the rest still go."""
        held, self._held = self._held, []
        for key, subscriber, link in held:
            try:
                subscriber.signal.disconnect(link)
            except RuntimeError as err:
                self._log.error("cannot disconnect from ALMemory event %s: %s" % (key, err))
