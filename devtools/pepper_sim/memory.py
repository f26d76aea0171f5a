"""A stand-in for NAOqi's ALMemory that records every call.

Python 2.7/3 single-source: used in-process by the Python 2.7 tests and served over
libqi by :mod:`pepper_sim.qi_server` (where each subscriber's ``signal`` is a real
``qi.Signal``, so a client does exactly what it does on NAOqi)::

    sub = memory.subscriber("ALTextToSpeech/TextDone")   # keep ``sub`` alive
    link = sub.signal.connect(callback)                   # callback(value)
    ...
    sub.signal.disconnect(link)

Semantics (NAOqi 2.5's ALMemory API page; docs/naoqi.md, "ALMemory events"):

* ``insertData(key, value)`` and ``raiseEvent(key, value)`` both store the value and
  fire every live subscriber of that key with it, every time (same value or not).
* ``getEventList()`` names the declared events: those ``declare_event`` (the stand-in
  modules, at boot) and ``declareEvent`` declared, and those ``raiseEvent`` or a
  ``subscriber`` created.
* ``subscriber(key)`` creates the key (value None) when it does not exist, as NAOqi
  documents ("If the event does not exist, it is created"), and returns an object whose ``signal`` fires on each later insertData /
  raiseEvent of the key. The caller must keep that object alive: NAOqi drops the
  connections of a subscriber nobody holds, and so does this stand-in in-process (it
  holds subscribers weakly); over qi, libqi drops a client's connections when the
  client releases its proxy.
* ``getData`` of an unknown key raises RuntimeError. NAOqi's exact wording was not found
  in public sources; ours names the method and the key. ``getListData`` (NAOqi does not
  say) raises the same way, naming every unknown key, rather than returning a
  placeholder a caller could mistake for a value.
* Notifications: NAOqi delivers them from "a threadpool (in local) or a unique
  notification thread (in remote)". Here one notification thread delivers them in the
  order the values were written, after ``raiseEvent`` returns (default), or, with
  ``synchronous=True``, in the writer's thread before it returns. A callback that raises
  is recorded in ``callback_errors`` (libqi logs it) and the others still run.

Pre-inserted: for every Pepper joint and wheel ``Device/SubDeviceList/<Joint>/Temperature/
Sensor/Status`` = 0 (0 normal, 1 hot, 2 very hot, 3 critical; tests heat a joint with
``insertData(temperature_key(joint), 2)``) and ``AutonomousLife/State`` = "solitary".
"""
from __future__ import absolute_import, division, print_function

import collections
import copy
import itertools
import threading
import weakref

from animate_behaviour.foundation.clock import monotonic
from animate_behaviour.planning import joints
from pepper_sim.motion import STRING_TYPES, Call, WallClock, clear_records, wait_until

TEMPERATURE_STATUS = "Device/SubDeviceList/%s/Temperature/Sensor/Status"
LIFE_STATE = "AutonomousLife/State"


class Event(collections.namedtuple("Event", "time key value source wall")):
    """One value written to ALMemory: clock ``time`` (``wall``: the wall's, before any
    subscriber hears it, as pepper_sim.motion.Trajectory's ``requested_wall``), ``key``,
    ``value`` and its ``source``: "insertData", "insertListData" or "raiseEvent" when a
    client called it, else the stand-in that raised it ("ALTextToSpeech",
    "ALAnimatedSpeech", "ALAutonomousLife")."""

    __slots__ = ()


def _check_key(method, key):
    if not isinstance(key, STRING_TYPES):
        raise RuntimeError("ALMemory::%s: the key must be a string, got %r" % (method, key))


def temperature_key(joint):
    """ALMemory key of a joint's temperature status (0 normal .. 3 critical)."""
    return TEMPERATURE_STATUS % joint


class _Notifier(object):
    """Delivers (callbacks, value) batches in order: from one thread started when there
    is something to deliver and ended when there is not, or in the caller's thread.
    Not callable on purpose: libqi binds an object's callable attributes as methods."""

    def __init__(self, synchronous):
        self.synchronous = bool(synchronous)
        self._cond = threading.Condition()
        self._queue = collections.deque()
        self._running = False
        self.errors = []

    def deliver(self, callbacks, value):
        """Hand ``value`` to ``callbacks`` (now, or queued for the notification thread)."""
        if self.synchronous:
            self._deliver(callbacks, value)
            return
        with self._cond:
            self._queue.append((callbacks, value))
            if not self._running:
                self._running = True
                thread = threading.Thread(target=self._run, name="FakeMemory notifications")
                thread.daemon = True
                thread.start()

    def _run(self):
        while True:
            with self._cond:
                if not self._queue:
                    self._running = False
                    self._cond.notify_all()
                    return
                callbacks, value = self._queue.popleft()
            self._deliver(callbacks, value)

    def _deliver(self, callbacks, value):
        for callback in callbacks:
            try:
                callback(value)
            except Exception as err:  # noqa: B902 - a subscriber's bug, not the writer's
                with self._cond:
                    self.errors.append((callback, value, err))

    def wait_idle(self, timeout):
        with self._cond:
            return wait_until(self._cond, lambda: not self._running and not self._queue,
                               timeout)


class Signal(object):
    """In-process stand-in of the ``qi.Signal`` of an ALMemory subscriber:
    ``connect(callback) -> link`` (an int), ``disconnect(link) -> bool``; calling the
    signal with a value hands it to every connected callback through the notifier."""

    def __init__(self, notify):
        self._notify = notify
        self._lock = threading.Lock()
        self._links = collections.OrderedDict()
        self._ids = itertools.count(1)

    def connect(self, callback):
        if not callable(callback):
            raise RuntimeError("signal.connect: %r is not callable" % (callback,))
        with self._lock:
            link = next(self._ids)
            self._links[link] = callback
            return link

    def disconnect(self, link):
        with self._lock:
            return self._links.pop(link, None) is not None

    def __call__(self, value):
        with self._lock:
            callbacks = list(self._links.values())
        if callbacks:
            self._notify(callbacks, value)


class Subscriber(object):
    """What ``ALMemory.subscriber(key)`` returns: ``signal`` fires with the new value of
    ``key`` at each insertData / raiseEvent. Keep it alive while connected."""

    def __init__(self, key, signal):
        self.key = key
        self.signal = signal


class FakeMemory(object):
    """ALMemory stand-in. ``clock`` (an object with ``now()``; default wall time) times
    the records: give it the motion's clock to compare them with motion records.
    ``synchronous`` delivers notifications in the writer's thread (see the module).
    ``data`` (key -> value) adds or overrides pre-inserted keys.

    Records: ``calls`` (Call(time, method, args) for every public call),
    ``events`` (Event(time, key, value, source, wall) for every value written, in order),
    ``callback_errors`` ((callback, value, exception) of subscriber callbacks that raised).

    Test helpers (snake_case, hidden over qi): ``wait_for``, ``wait_for_notifications``,
    ``reset_records``, ``values_of(key)``; for the other stand-ins ``raise_event(key,
    value, source)`` (store and notify, not a client call), ``preset(key, value)``
    (store silently, as at boot) and ``declare_event(key)`` (a module declaring it at
    boot).
    """

    def __init__(self, clock=None, synchronous=False, data=None):
        self.clock = WallClock() if clock is None else clock
        self._cond = threading.Condition(threading.RLock())
        self._emit_lock = threading.RLock()  # emissions leave in the order values arrive
        self._data = collections.OrderedDict()
        self._events = set()  # the declared events
        self._subscribers = {}  # key -> [weakref to Subscriber]
        self._notifier = _Notifier(synchronous)
        self.calls = []
        self.events = []
        self.callback_errors = self._notifier.errors
        for joint in joints.ALL_JOINTS + joints.WHEELS:
            self._data[temperature_key(joint)] = 0
        self._data[LIFE_STATE] = "solitary"
        if data:
            for key, value in data.items():
                self.preset(key, value)

    # ----------------------------------------------------------------- test helpers
    def wait_for(self, predicate, timeout):
        """Wait until ``predicate()`` is true (re-checked at every call and write);
        True if it became true within ``timeout`` seconds. Runs under the memory's lock."""
        with self._cond:
            return wait_until(self._cond, predicate, timeout)

    def wait_for_notifications(self, timeout):
        """Wait until every notification queued so far reached its callbacks."""
        return self._notifier.wait_idle(timeout)

    def reset_records(self):
        """Forget ``calls``, ``events`` and ``callback_errors`` (the data is kept)."""
        clear_records(self._cond, self.calls, self.events, self.callback_errors)

    def values_of(self, key):
        """Every value written to ``key`` (from ``events``), in order."""
        with self._cond:
            return [event.value for event in self.events if event.key == key]

    def preset(self, key, value):
        """Store a value without an event or notification (state at boot)."""
        _check_key("preset", key)
        with self._cond:
            self._data[key] = copy.deepcopy(value)
            self._cond.notify_all()

    def declare_event(self, key):
        """Declare an event, as its module does at boot (no value, no notification)."""
        _check_key("declare_event", key)
        with self._cond:
            self._events.add(key)
            self._cond.notify_all()

    def raise_event(self, key, value, source):
        """Store ``value`` and notify the subscribers of ``key``, recorded in ``events``
        with ``source`` (the stand-in raising it) but not in ``calls``."""
        _check_key(source, key)
        with self._emit_lock:
            with self._cond:
                self._data[key] = copy.deepcopy(value)
                self.events.append(Event(self.clock.now(), key, copy.deepcopy(value), source,
                                         monotonic()))
                signals = self._live_signals(key)
                self._cond.notify_all()
            for signal in signals:
                signal(copy.deepcopy(value))

    # ----------------------------------------------------------------- internals
    def _record(self, method, args):
        with self._cond:
            self.calls.append(Call(self.clock.now(), method, tuple(args)))
            self._cond.notify_all()

    def _live_signals(self, key):
        """Signals of the subscribers of ``key`` still held by someone (lock held); a
        subscriber whose signal was released (None) hears nothing."""
        alive = []
        references = []
        for reference in self._subscribers.get(key, ()):
            subscriber = reference()
            if subscriber is not None:
                if subscriber.signal is not None:
                    alive.append(subscriber.signal)
                references.append(reference)
        if key in self._subscribers:
            self._subscribers[key] = references
        return alive

    def _make_signal(self):
        """The signal of a new subscriber (qi_server returns a qi.Signal instead)."""
        return Signal(self._notifier.deliver)

    def _write(self, method, key, value):
        self._record(method, (key, value))
        self.raise_event(key, value, method)

    # ----------------------------------------------------------------- ALMemory API
    def getData(self, key):
        """The value of ``key``; RuntimeError if no such key was ever written."""
        self._record("getData", (key,))
        _check_key("getData", key)
        with self._cond:
            if key not in self._data:
                raise RuntimeError('ALMemory::getData: no data named "%s" in ALMemory '
                                   '(insertData or raiseEvent creates it)' % key)
            return copy.deepcopy(self._data[key])

    def getListData(self, keyList):
        """The values of a list of keys, in order; RuntimeError naming every unknown
        key if any is unknown (NAOqi does not document this case)."""
        self._record("getListData", (keyList,))
        if not isinstance(keyList, (list, tuple)) or not all(
                isinstance(key, STRING_TYPES) for key in keyList):
            raise RuntimeError("ALMemory::getListData: give a list of key names, got %r"
                               % (keyList,))
        with self._cond:
            unknown = [key for key in keyList if key not in self._data]
            if unknown:
                raise RuntimeError('ALMemory::getListData: no data named %s in ALMemory'
                                   % ", ".join('"%s"' % key for key in unknown))
            return [copy.deepcopy(self._data[key]) for key in keyList]

    def insertData(self, key, value):
        """Store ``value`` under ``key`` and notify its subscribers."""
        self._write("insertData", key, value)

    def insertListData(self, keyValueList):
        """Insert each [key, value] pair of a list, in order."""
        self._record("insertListData", (keyValueList,))
        if not isinstance(keyValueList, (list, tuple)) or not all(
                isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in keyValueList):
            raise RuntimeError("ALMemory::insertListData: give a list of [key, value] "
                               "pairs, got %r" % (keyValueList,))
        for key, value in keyValueList:
            self.raise_event(key, value, "insertListData")

    def raiseEvent(self, name, value):
        """Store ``value`` under ``name`` and notify its subscribers."""
        self.declare_event(name)
        self._write("raiseEvent", name, value)

    def declareEvent(self, eventName):
        """Declare an event, to allow future subscriptions to it."""
        self._record("declareEvent", (eventName,))
        self.declare_event(eventName)

    def getEventList(self):
        """The names of every declared event."""
        self._record("getEventList", ())
        with self._cond:
            return sorted(self._events)

    def getDataListName(self):
        """Every key in memory."""
        self._record("getDataListName", ())
        with self._cond:
            return list(self._data)

    def getDataList(self, filterName):
        """The keys containing ``filterName``."""
        self._record("getDataList", (filterName,))
        _check_key("getDataList", filterName)
        with self._cond:
            return [key for key in self._data if filterName in key]

    def subscriber(self, name):
        """An object whose ``signal`` fires with each new value of ``name`` (created with
        value None if it does not exist). Keep it alive while connected."""
        self._record("subscriber", (name,))
        _check_key("subscriber", name)
        subscriber = Subscriber(name, self._make_signal())
        with self._cond:
            self._data.setdefault(name, None)
            self._events.add(name)
            self._subscribers.setdefault(name, []).append(weakref.ref(subscriber))
            self._cond.notify_all()
        return subscriber
