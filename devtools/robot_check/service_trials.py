"""The trials that move nothing: the followed ALMemory keys declared (docs/naoqi.md,
"ALMemory events"), ALMood updating ("ALMood") and the extractors' subscribers counted by
name ("Extractors")."""
import threading
import time

from animate_behaviour.naoqi import extractors
from robot_check import followed
from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_TRIED

# The name the check subscribes the extractors under (never the package's own).
TEST_SUBSCRIBER = "AnimateBehaviourRobotCheck"
MOOD_PROPERTIES = ("valenceLevel", "attentionLevel")
UPDATES = 2  # settings of one property that show ALMood updating


def events_declared(memory, findings):
    """Every key of followed.events() in ``memory.getEventList()``, every key of
    followed.data() in ``getDataList(key)``."""
    key = "events_declared"
    if memory is None:
        findings.record(key, NOT_TRIED, "ALMemory is not served")
        return
    declared = set(memory.getEventList())
    missing = [name for name in followed.events() if name not in declared]
    missing += [name for name in followed.data() if name not in memory.getDataList(name)]
    if missing:
        findings.record(key, CONTRADICTED, "not declared: %s" % ", ".join(missing))
    else:
        findings.record(key, CONFIRMED, "%d events and %d data keys, all declared"
                        % (len(followed.events()), len(followed.data())))


class _Updates(object):
    """Counts the settings of each property; ``wait`` until one was set UPDATES times."""

    def __init__(self):
        self._cond = threading.Condition()
        self.counts = dict((name, 0) for name in MOOD_PROPERTIES)
        self.last = {}

    def callback(self, name):
        def updated(value):
            with self._cond:
                self.counts[name] += 1
                self.last[name] = value
                self._cond.notify_all()
        return updated

    def wait(self, seconds):
        with self._cond:
            return self._cond.wait_for(lambda: max(self.counts.values()) >= UPDATES,
                                       seconds)


def mood_updating(almood, life, findings, seconds):
    """ALMood's MOOD_PROPERTIES followed for at most ``seconds``, unless ``life``
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
    updates = _Updates()
    links = []
    started = time.monotonic()
    try:
        for name, prop in properties:
            links.append((prop, prop.connect(updates.callback(name))))
        updated = updates.wait(seconds)
    finally:
        for prop, link in links:
            prop.disconnect(link)
    observed = "set %s in %.1f s; last values %s" % (
        ", ".join("%s %d times" % item for item in sorted(updates.counts.items())),
        time.monotonic() - started, updates.last or "none")
    findings.record(key, CONFIRMED if updated else CONTRADICTED, observed)


def _names(extractor):
    return sorted(row[0] for row in extractor.getSubscribersInfo())


def extractor_subscribers(service, findings):
    """Subscribe each extractor of extractors.NAMES (``service(name)``: its proxy or
    None) under TEST_SUBSCRIBER, read its subscribers, unsubscribe."""
    key = "extractor_subscribers"
    seen = []
    counted = True
    for name in extractors.NAMES:
        extractor = service(name)
        if extractor is None:
            findings.record(key, NOT_TRIED, "%s is not served" % name)
            return
        if TEST_SUBSCRIBER in _names(extractor):
            extractor.unsubscribe(TEST_SUBSCRIBER)  # left by a check that was cut short
        before = _names(extractor)
        extractor.subscribe(TEST_SUBSCRIBER, extractors.PERIOD, extractors.PRECISION)
        try:
            during = _names(extractor)
        finally:
            extractor.unsubscribe(TEST_SUBSCRIBER)
        after = _names(extractor)
        counted = counted and during == sorted(before + [TEST_SUBSCRIBER]) and after == before
        seen.append("%s: %s, subscribed %s, then %s" % (name, before, during, after))
    findings.record(key, CONFIRMED if counted else CONTRADICTED, "; ".join(seen))
