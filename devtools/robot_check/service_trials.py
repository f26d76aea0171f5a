"""The trials that move nothing: ALMood updating (docs/naoqi.md, "ALMood"), the
extractors' subscribers counted by name ("Extractors") and, while the check has the
extractors subscribed, the followed ALMemory keys declared ("ALMemory events"); the
shapes of the values the signs of Pepper's own state hold ("Pepper's own day")."""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.expression import own_state_signs
from animate_behaviour.expression.sign_values import BadValue
from animate_behaviour.naoqi import extractors, memory_events
from robot_check import followed
from robot_check import timing as timings
from robot_check.day_trials import read
from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_DECIDED, NOT_TRIED

# The name the check subscribes the extractors under (never the package's own).
TEST_SUBSCRIBER = "AnimateBehaviourRobotCheck"
MOOD_PROPERTIES = ("valenceLevel", "attentionLevel")
UPDATES = 2  # settings of one property that show ALMood updating
SUBSCRIBED = ("extractor_subscribers", "events_declared")


class _Updates(object):
    """Counts the settings of each property; ``wait`` until one was set UPDATES times."""

    def __init__(self, clock):
        self._lock = threading.Lock()
        self._clock = clock
        self._enough = clock.event()
        self.counts = dict((name, 0) for name in MOOD_PROPERTIES)
        self.last = {}

    def callback(self, name):
        def updated(value):
            with self._lock:
                self.counts[name] += 1
                self.last[name] = value
                if self.counts[name] >= UPDATES:
                    self._enough.set()
        return updated

    def wait(self, seconds):
        return self._clock.wait(self._enough, seconds)


def mood_updating(almood, life, findings, timing):
    """ALMood's MOOD_PROPERTIES followed for at most ``timing.mood`` s, unless ``life``
    (ALAutonomousLife, or None) says Autonomous Life is disabled."""
    key = "mood_updating"
    if almood is None:
        findings.record(key, CONTRADICTED, "ALMood is not served")
        return
    if life is not None and life.getState() == "disabled":
        findings.record(key, NOT_TRIED, "Autonomous Life is disabled: ALMood has no data "
                        "until it runs")
        return
    try:
        properties = [(name, getattr(almood, name)) for name in MOOD_PROPERTIES]
    except AttributeError as err:
        findings.record(key, CONTRADICTED, "ALMood lacks a property: %s" % err)
        return
    clock = timings.mood_clock(timing)
    updates = _Updates(clock)
    links = []
    started = clock.now()
    try:
        for name, prop in properties:
            links.append((prop, prop.connect(updates.callback(name))))
        updated = updates.wait(timing.mood)
    finally:
        for prop, link in links:
            prop.disconnect(link)
    observed = "set %s in %.1f s; last values %s" % (
        ", ".join("%s %d times" % item for item in sorted(updates.counts.items())),
        clock.elapsed(started, clock.now()), updates.last or "none")
    findings.record(key, CONFIRMED if updated else CONTRADICTED, observed)


def _names(extractor):
    return sorted(row[0] for row in extractor.getSubscribersInfo())


def subscribed_trials(service, findings, timing):
    """The extractors of extractors.NAMES (``service(name)``: its proxy or None)
    subscribed under TEST_SUBSCRIBER in the package's order; while they are, their
    subscribers read and the followed keys looked up; then unsubscribed, last first."""
    found = [(name, service(name)) for name in extractors.NAMES]
    absent = [name for name, extractor in found if extractor is None]
    before, during, done = {}, {}, []
    try:
        for name, extractor in found:
            if extractor is None:
                continue
            if TEST_SUBSCRIBER in _names(extractor):
                extractor.unsubscribe(TEST_SUBSCRIBER)  # left by a check that was cut short
            before[name] = _names(extractor)
            extractor.subscribe(TEST_SUBSCRIBER, extractors.PERIOD, extractors.PRECISION)
            done.append(extractor)
        for name, extractor in found:
            if extractor is not None:
                during[name] = _names(extractor)
        events_declared(service("ALMemory"), findings, timing)
    finally:
        for extractor in reversed(done):
            extractor.unsubscribe(TEST_SUBSCRIBER)
    if absent:
        findings.record("extractor_subscribers", NOT_TRIED, "not served: %s"
                        % ", ".join(absent))
        return
    after = dict((name, _names(extractor)) for name, extractor in found)
    counted = all(during[name] == sorted(before[name] + [TEST_SUBSCRIBER])
                  and after[name] == before[name] for name in before)
    findings.record("extractor_subscribers", CONFIRMED if counted else CONTRADICTED,
                    "; ".join("%s: %s, subscribed %s, then %s" % (
                        name, before[name], during[name], after[name])
                        for name in extractors.NAMES))


def events_declared(memory, findings, timing):
    """Every key of followed.events() declared (in ``memory.getEventList()`` and not
    noted as created by a subscriber of the package's or the check's,
    memory_events.declared: getEventList alone lists those too), every key of
    followed.data() in ``getDataList(key)`` within ``timing.data`` s (an extractor writes
    its keys once it runs: the check has them subscribed by then)."""
    key = "events_declared"
    if memory is None:
        findings.record(key, NOT_TRIED, "ALMemory is not served")
        return
    listed = set(memory.getEventList())
    created = memory_events.created(memory)
    missing = [name for name in followed.events() if name not in listed]
    made = [name for name in followed.events() if name in listed and name in created]
    unwritten = _unwritten(memory, followed.data(), timings.clock(timing), timing.data)
    if missing or made or unwritten:
        findings.record(key, CONTRADICTED, "; ".join(
            ["events not declared: %s" % ", ".join(missing)] * bool(missing)
            + ["events listed only because a subscriber created them (%s notes them): %s"
               % (memory_events.CREATED_KEY, ", ".join(made))] * bool(made)
            + ["data keys not in getDataList %.1f s after the check subscribed the "
               "extractors: %s" % (timing.data, ", ".join(unwritten))] * bool(unwritten)))
    else:
        findings.record(key, CONFIRMED, "%d events and %d data keys, all declared"
                        % (len(followed.events()), len(followed.data())))


def _unwritten(memory, keys, clock, seconds):
    """The keys of ``keys`` not in getDataList(key) within ``seconds`` robot s."""
    began = clock.now()
    pause = clock.event()
    while True:
        left = [name for name in keys if name not in memory.getDataList(name)]
        if not left or clock.elapsed(began, clock.now()) >= seconds:
            return left
        clock.wait(pause, seconds / 10.0)


def sign_values(memory, findings, lost):
    """The last value ``memory`` (ALMemory) keeps of each sign of own_state_signs.SIGNS,
    read by the sign's own reader; a key with no value (never raised since NAOqi
    started) says nothing. ``lost()``: whether the robot is gone."""
    key = "sign_values_shaped"
    if memory is None:
        findings.record(key, NOT_TRIED, "ALMemory is not served")
        return
    held, wrong = [], []
    for sign in own_state_signs.SIGNS:
        value = read(memory, sign.key, lost)
        if value is None:
            continue
        try:
            sign.read(value)
            held.append("%s = %r" % (sign.key, value))
        except BadValue as err:
            wrong.append("%s = %r (%s)" % (sign.key, value, err))
    if wrong:
        findings.record(key, CONTRADICTED, "of another shape: %s; as documented: %s"
                        % ("; ".join(wrong), ", ".join(held) or "none"))
    elif held:
        findings.record(key, CONFIRMED, "as documented: %s" % ", ".join(held))
    else:
        findings.record(key, NOT_DECIDED, "no sign holds a value yet (none raised since "
                        "NAOqi started)")
