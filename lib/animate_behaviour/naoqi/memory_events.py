"""ALMemory event subscriptions held together, so that each one is kept alive (its
subscriber object must outlive the connection) and disconnected exactly once; and which
events NAOqi declared, told from those a subscriber created.

``ALMemory.subscriber(key)`` creates an event it does not know ("If the event does not
exist, it is created"), and ``getEventList()`` lists it from then on, as if NAOqi had
declared it, until NAOqi restarts: on a robot where the package has run, a look-up would
read an absent event as declared. So whoever subscribes to an event ALMemory does not list
notes it first under CREATED_KEY (:func:`note_created`), and :func:`declared` leaves the
noted ones out (docs/naoqi.md, "ALMemory events").
"""
from __future__ import absolute_import, division, print_function

# The ALMemory data key noting the events subscribed to while ALMemory did not list them:
# a list of names, kept as long as the events it notes (until NAOqi restarts).
CREATED_KEY = "AnimateBehaviour/CreatedEvents"


def created(memory):
    """The events noted under CREATED_KEY in ``memory`` (an ALMemory proxy): none when it
    was never written (getData raises) or holds no list."""
    try:
        value = memory.getData(CREATED_KEY)
    except RuntimeError:
        return set()
    return set(value) if isinstance(value, (list, tuple)) else set()


def declared(memory):
    """The events NAOqi declared: ``getEventList()`` less those a subscriber created
    (raises RuntimeError when ALMemory cannot say)."""
    return set(memory.getEventList()) - created(memory)


def note_created(memory, keys, listed):
    """Before subscribing to ``keys``: note under CREATED_KEY those not in ``listed`` (the
    events ALMemory listed before anything of ours subscribed), which the subscriptions
    will create; raises RuntimeError when ALMemory refuses."""
    new = set(keys) - set(listed)
    if new:
        memory.insertData(CREATED_KEY, sorted(created(memory) | new))


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
