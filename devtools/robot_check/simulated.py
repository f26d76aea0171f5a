"""The stand-in robot the check runs against when no URL is given: pepper_sim's NAOqi on
a loopback qi session (pepper_sim.qi_server.SimulatedRobot), whose ALMood also has the
properties NAOqi 2.5's ALMood API lists and the check follows: ``valenceLevel`` and
``attentionLevel`` ({value, confidence}), set "at each ALMood time period, every 1s by
default" while Autonomous Life runs (pepper_sim's FakeMood has methods only); whose right
arm is disabled, as after a motor fault (DISABLED), so that the chain trial is tried; and
its owner (Owner), who does the owner steps on pepper_sim's day; and the clock the check
follows its ALMood on (PacedClock)."""
from __future__ import absolute_import, division, print_function

import threading

import qi

from animate_behaviour.foundation.clock import Ticker
from animate_behaviour.foundation.registering import register
from pepper_sim import qi_server
from pepper_sim.perception import FakeMood
from robot_check import day_trials
from robot_check.consent import Consent
from robot_check.service_trials import MOOD_PROPERTIES

PERIOD = 1.0  # robot s between two updates of ALMood's properties
EXTRACTORS = ("ALPeoplePerception", "ALEngagementZones")
# The chains disabled in ALMotion/Protection from the start: no arm trial moves RArm.
DISABLED = ("RArm",)


class MoodWithProperties(FakeMood):
    """FakeMood whose ``valenceLevel`` and ``attentionLevel`` (qi.Property, one per
    instance: a class attribute would be shared by every robot of the process) are set
    from the person's state every PERIOD robot s on ``clock`` while Life is not disabled
    (ALMood: "When ALAutonomousLife is off, ALMood data is not available").
    ``start``/``close`` run its updates; ``pace`` has each reported to a PacedClock."""

    def __init__(self, life, clock):
        FakeMood.__init__(self, life)
        self.valenceLevel = qi.Property("m")
        self.attentionLevel = qi.Property("m")
        self.updates = 0  # how many times both properties were set
        self._paced = None
        self._ticker = Ticker(clock, self._update, "ALMood properties")

    def pace(self, paced):
        """Report every update to ``paced`` (a PacedClock) before the next; before start."""
        self._paced = paced

    def start(self):
        self._ticker.start()

    def _update(self):
        period = self._tick()
        if self._paced is not None:
            self._paced.updated(self.updates, period)
        return period

    def close(self, timeout):
        """Stop the updates and drop the properties (once the session is closed); whether
        the updates stopped within ``timeout`` s. libqi aborts the process when a
        qi.Property is still alive as the interpreter finalizes, and the ticker's thread
        keeps this object in a reference cycle that only the garbage collector frees."""
        stopped = self._ticker.close(timeout)
        del self.valenceLevel, self.attentionLevel
        return stopped

    def _tick(self):
        if self._on():
            state = self.currentPersonState()
            self.valenceLevel.setValue(state["valence"])
            self.attentionLevel.setValue(state["attention"])
            self.updates += 1
        return PERIOD


def served_mood(cls):
    """A ``cls`` (MoodWithProperties or a subclass) served: its test helpers hidden."""
    return qi_server.served(cls, ("feel", "set_ambiance", "pace", "start", "close"))


ServedMoodWithProperties = served_mood(MoodWithProperties)


class _Event(object):
    """An event of ``base`` (threading.Event's interface) whose ``set`` also wakes the
    PacedClock waits held on ``condition``."""

    def __init__(self, base, condition):
        self._base = base
        self._condition = condition

    def is_set(self):
        return self._base.is_set()

    def set(self):
        self._base.set()
        with self._condition:
            self._condition.notify_all()

    def clear(self):
        self._base.clear()

    def wait(self, timeout=None):
        return self._base.wait(timeout)


class PacedClock(object):
    """The clock the check follows a Robot's ALMood on: its stand-ins' ``base`` (a
    ScaledClock), on which robot time stands still while ALMood's stand-in owes an update:
    from the moment one is due until a client of the robot has seen it (``follow``: this
    clock's own follower of ALMood's properties, over the loopback as the check's). On
    ``base`` alone a wait ends at its wall deadline; under load the stand-in's ticker
    thread and libqi's delivery run late against it, and whether the check saw the
    updates the robot owed by then was the machine's call (mood_updating read
    contradicted). Only waits are paced: ``now`` and ``elapsed`` are ``base``'s. The other
    trials keep ``base``'s time, which the motion stand-in runs on."""

    def __init__(self, base):
        self._base = base
        self._condition = threading.Condition()
        self._due = None  # now() when the stand-in's next update is due
        self._stopped = 0.0  # s of now() robot time stood still for an owed update
        self._seen = dict((name, 0) for name in MOOD_PROPERTIES)
        self._links = []
        self._follower = None
        self._closed = True  # nothing held until ``follow``

    @property
    def time_scale(self):
        return self._base.time_scale

    def now(self):
        return self._base.now()

    def elapsed(self, start, now):
        return self._base.elapsed(start, now)

    def thread(self, target, name):
        return self._base.thread(target, name)

    def event(self):
        return _Event(self._base.event(), self._condition)

    def wait(self, event, seconds):
        """Wait for ``event`` at most ``seconds`` robot s (None: until set); robot time
        passes only while the stand-in owes no update."""
        if seconds is None:
            return event.wait()
        with self._condition:
            end = self._robot_now() + max(0.0, seconds) * self.time_scale
        if self._base.wait(event, seconds):
            return True
        return self._hold(event, end)

    def _robot_now(self):
        """now() less the time robot time stood still (the caller holds the condition)."""
        now = self.now()
        if self._closed:
            return now - self._stopped
        return now - self._stopped - max(0.0, now - self._due)

    def _hold(self, event, end):
        """``event`` not set by its wall deadline: wait until it is, or until robot time
        reaches ``end`` (a _robot_now()); whether it was set."""
        while True:
            with self._condition:
                if event.is_set():
                    return True
                left = end - self._robot_now()
                if left <= 0.0:
                    return False
                if not self._closed and self.now() >= self._due:
                    self._condition.wait()  # an update is owed: until it is seen
                    continue
            if event.wait(left):
                return True

    def follow(self, url):
        """Follow ALMood's properties on the robot at ``url`` (before its updates start):
        from then on waits are held for them."""
        self._follower = qi.Session()
        self._follower.connect(url)
        almood = self._follower.service("ALMood")
        for name in MOOD_PROPERTIES:
            prop = getattr(almood, name)
            self._links.append((prop, prop.connect(self._seen_one(name))))
        with self._condition:
            self._due = self.now()  # the first update is due as the updates start
            self._closed = False

    def _seen_one(self, name):
        def seen(_value):
            with self._condition:
                self._seen[name] += 1
                self._condition.notify_all()
        return seen

    def updated(self, updates, period):
        """The stand-in's update is done (``updates``: how many times it has set its
        properties so far), its next due in ``period`` robot s: once the follower has seen
        every setting, robot time passes again, until then."""
        with self._condition:
            while not self._closed and min(self._seen.values()) < updates:
                self._condition.wait()
            now = self.now()
            if not self._closed:
                self._stopped += max(0.0, now - self._due)
            self._due = now + period * self.time_scale
            self._condition.notify_all()

    def close(self):
        """Stop following (before the robot closes): nothing is held any more."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        for prop, link in self._links:
            prop.disconnect(link)
        self._links = []
        if self._follower is not None:
            self._follower.close()
            self._follower = None


class Robot(object):
    """A SimulatedRobot (``robot``: its stand-ins; ``url``) whose ALMood is a
    ``mood(life, clock)`` (a served MoodWithProperties class). ``time_scale`` and
    ``motion`` are SimulatedRobot's; the services named in ``without`` are not served;
    ``extractor`` (a served FakeExtractor class, or None: pepper_sim's own, which
    Autonomous Life subscribes in its solitary state) serves ALPeoplePerception and
    ALEngagementZones; ``memory`` (None, or ``memory(robot)``: a served object, given the
    SimulatedRobot) serves ALMemory to clients in place of the robot's own, which its
    stand-ins keep using; the chains of ``disabled`` are disabled once it runs
    (PeppersDay.set_chain_disabled). ``mood_clock``, a ``paced(clock of the stand-ins)``
    (a PacedClock class), is the one the check follows its ALMood on (timing.Timing's
    ``mood_clock``): the other stand-ins keep wall-paced robot time. A context manager."""

    def __init__(self, time_scale=1.0, motion=None, without=(),
                 mood=ServedMoodWithProperties, extractor=None, memory=None,
                 disabled=DISABLED, paced=PacedClock):
        ours = {"ALMood": None}
        if extractor is not None:
            ours.update((name, extractor(name)) for name in EXTRACTORS)
        if memory is not None:
            ours["ALMemory"] = None
        services = [name for name in qi_server.ALL_SERVICES
                    if name not in without and name not in ours]
        self.robot = qi_server.SimulatedRobot(time_scale=time_scale, motion=motion,
                                              services=services)
        self.url = self.robot.url
        ours["ALMood"] = self.mood = mood(self.robot.life, self.robot.motion.clock)
        self.mood_clock = paced(self.robot.motion.clock)
        if memory is not None:
            ours["ALMemory"] = memory(self.robot)
        try:
            for name, service in ours.items():
                if name in without:
                    continue
                # Declared as the robot's own module would (SimulatedRobot's boot).
                for key in qi_server.DECLARED.get(name, ()):
                    self.robot.memory.declare_event(key)
                for key, value in qi_server.WRITTEN.get(name, {}).items():
                    self.robot.memory.preset(key, value)
                register(self.robot.session, name, service)
            if "ALMood" not in without:
                self.mood_clock.follow(self.url)
                self.mood.pace(self.mood_clock)
            self.mood.start()
            for chain in disabled:
                self.robot.day.set_chain_disabled(chain, True)
        except RuntimeError:
            self.close()
            raise

    def close(self):
        """Close the robot (its session, with every service) and stop ALMood's updates."""
        self.mood_clock.close()
        self.robot.close()
        self.mood.close(timeout=None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False


class Owner(object):
    """pepper_sim's owner: at each owner step's prompt (day_trials' OPEN_FLAP, CLOSE_FLAP,
    MAKE_ROOM), does it on ``day`` (pepper_sim.day.PeppersDay) and confirms; ValueError
    for a prompt it does not know."""

    def __init__(self, day):
        self._steps = {day_trials.OPEN_FLAP: day.open_flap,
                       day_trials.CLOSE_FLAP: day.close_flap,
                       day_trials.MAKE_ROOM: lambda: None}  # nobody stands near pepper_sim

    def confirm(self, prompt):
        step = self._steps.get(prompt)
        if step is None:
            raise ValueError("pepper_sim's owner knows no step %r" % (prompt,))
        step()
        return Consent(True, "pepper_sim's owner did it")
