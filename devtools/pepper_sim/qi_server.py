"""Serve the stand-ins over libqi as ALMotion, ALAutonomousLife, ALRobotPosture, ALMemory,
ALTextToSpeech and ALAnimatedSpeech, and on request ALPreferenceManager, ALTabletService
and ALBehaviorManager (the simulator has none of them).

Python 2.7/3 single-source: libqi 1.8.3 on the 2.7 lane, 3.1.5 on the 3.9 lane. Usage::

    with SimulatedRobot(time_scale=0.01) as robot:
        session = qi.Session(); session.connect(robot.url)
        session.service("ALMotion").angleInterpolation("HipRoll", 0.1, 1.0, True)
        robot.motion.trajectories  # what was commanded

The served classes are ``qi.multiThreaded()`` subclasses, so concurrent calls run
together (libqi objects are single-threaded by default). Test helpers of the stand-ins
(``wait_for``, ``reset_records``, ...) and every ``_private`` method (libqi, 1.8.3 and
3.1.5 alike, binds methods whose names start with one underscore too) are hidden with
``qi.nobind``. The ALMotion methods listed in ``motion.NOT_SIMULATED`` raise "... is not
simulated" on the server; any other unknown method fails on the client side: libqi raises
``AttributeError("'...' object has no attribute 'name'")`` from the proxy.

ALMemory's ``subscriber(key)`` returns a Python object whose ``signal`` is a ``qi.Signal``
made for that subscriber (an instance attribute: a ``qi.Signal`` declared on the class
would be one signal shared by every subscriber). libqi (1.8.3 and 3.1.5) sends the object
to the client as a remote object, so ``sub.signal.connect(cb)`` / ``disconnect(link)``
work from any client session exactly as on NAOqi.
"""
from __future__ import absolute_import, division, print_function

import inspect

import qi

from animate_behaviour.foundation.registering import register
from animate_behaviour.naoqi import context_events
from animate_behaviour.naoqi import speech as speech_events
from pepper_sim.autonomous_life import FakeAutonomousLife, FakeRobotPosture
from pepper_sim.behaviors import FakeBehaviorManager
from pepper_sim.day import PeppersDay
from pepper_sim.memory import LIFE_STATE, FakeMemory
from pepper_sim.motion import KinematicMotion
from pepper_sim.perception import FakeExtractor, FakeMood, FakeService
from pepper_sim.preferences import FakePreferenceManager, FakeTablet
from pepper_sim.speech import FakeAnimatedSpeech, FakeTextToSpeech

ALL_SERVICES = ("ALMotion", "ALAutonomousLife", "ALRobotPosture", "ALMemory", "ALTextToSpeech",
                "ALAnimatedSpeech", "ALPeoplePerception", "ALEngagementZones",
                "ALBasicAwareness", "ALSpeechRecognition", "ALMood")
# The events each module declares at boot (its API page's event list, the ones the
# package follows or the stand-ins raise), and the data it writes at boot.
DECLARED = {
    "ALAutonomousLife": (LIFE_STATE,),
    "ALTextToSpeech": speech_events.KEYS,
    "ALPeoplePerception": (context_events.PEOPLE_LIST, context_events.JUST_ARRIVED,
                           context_events.JUST_LEFT),
    "ALEngagementZones": (context_events.ZONES_UPDATED,) + context_events.ZONE_ENTERED,
    "ALBasicAwareness": (context_events.HUMAN_TRACKED, context_events.HUMAN_LOST),
    "ALSpeechRecognition": (context_events.RECOGNITION_STATUS,),
}
WRITTEN = {"ALEngagementZones": dict((key, []) for key in context_events.PEOPLE_IN_ZONES)}
# Served only when asked for.
OPTIONAL_SERVICES = ("ALPreferenceManager", "ALTabletService", "ALBehaviorManager")
MOTION_HELPERS = ("wait_for", "reset_records", "calls_to", "postponed", "last_trajectory",
                  "autonomous_life_cleanup", "safety_state", "block_moves", "disable_chain",
                  "report_move_failure", "fall_manager", "set_upright", "push_recovery")


def _class_attribute(cls, name):
    """``name`` as ``cls`` or its nearest base class defines it (a staticmethod stays one)."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    raise AttributeError("%s has no attribute %r to hide" % (cls.__name__, name))


def _hidden(function):
    """A function forwarding to ``function``, marked qi.nobind (the stand-in's own stays
    as it is, served or not)."""
    def hidden(*args, **kwargs):
        return function(*args, **kwargs)
    hidden.__name__ = function.__name__
    hidden.__doc__ = function.__doc__
    return qi.nobind(hidden)


def _hide(cls, names):
    """Make ``names`` (methods of ``cls`` or of a base class) invisible over qi."""
    for name in names:
        attribute = _class_attribute(cls, name)
        if isinstance(attribute, staticmethod):
            setattr(cls, name, staticmethod(_hidden(attribute.__func__)))
        else:
            setattr(cls, name, _hidden(attribute))
    return cls


def _private_methods(cls):
    return [name for name, value in inspect.getmembers(cls, callable)
            if name.startswith("_") and not name.startswith("__") and not inspect.isclass(value)]


def served(cls, hidden=()):
    """A ``qi.multiThreaded()`` subclass of ``cls`` whose ``_private`` methods and the
    methods named in ``hidden`` (test helpers) are hidden from qi."""
    subclass = qi.multiThreaded()(type("Served" + cls.__name__, (cls,), {
        "__doc__": "%s served multi-threaded." % cls.__name__}))
    return _hide(subclass, tuple(hidden) + tuple(_private_methods(cls)))


def served_motion(cls, hidden=()):
    """``served`` for KinematicMotion or a subclass of it: its test helpers, and the
    public methods named in ``hidden``, are hidden from qi."""
    return served(cls, MOTION_HELPERS + tuple(hidden))


class QiMemory(FakeMemory):
    """FakeMemory whose subscribers carry a real qi.Signal (dynamic: any value);
    ``release_signals`` drops them once the session serving them is closed."""

    def _make_signal(self):
        return qi.Signal("(m)")

    def release_signals(self):
        """Drop every subscriber's qi.Signal (the subscriber then hears nothing), once the
        session serving the subscribers is closed: libqi keeps the objects it served alive
        after that, and a qi.Signal still alive as the interpreter finalizes aborts the
        process ("terminate called without an active exception": about 1 robot check in
        20 that subscribed from another session of the same process)."""
        with self._cond:
            for references in self._subscribers.values():
                for reference in references:
                    subscriber = reference()
                    if subscriber is not None:
                        subscriber.signal = None


ServedMotion = served_motion(KinematicMotion)
ServedAutonomousLife = served(FakeAutonomousLife, ("set_calls", "activity_changed",
                                                    "enter_safeguard", "end_safeguard",
                                                    "safeguard_causes"))
ServedRobotPosture = served(FakeRobotPosture)
ServedMemory = served(QiMemory, ("wait_for", "wait_for_notifications", "reset_records",
                                 "values_of", "preset", "raise_event", "declare_event",
                                 "release_signals"))
ServedTextToSpeech = served(FakeTextToSpeech, ("wait_for", "said"))
ServedAnimatedSpeech = served(FakeAnimatedSpeech, ("wait_for",))
ServedPreferenceManager = served(FakePreferenceManager)
ServedTablet = served(FakeTablet, ("wait_for",))
ServedBehaviorManager = served(FakeBehaviorManager)
ServedExtractor = served(FakeExtractor, ("publishing",))
ServedMood = served(FakeMood, ("feel", "set_ambiance"))
ServedService = served(FakeService)


class SimulatedRobot(object):
    """A standalone qi session serving the stand-ins on tcp://127.0.0.1:<free port>.

    Attributes: ``url`` (for ``--qi-url``), ``session`` (the serving session), ``motion``
    (KinematicMotion), ``life`` (FakeAutonomousLife), ``posture`` (FakeRobotPosture),
    ``memory`` (FakeMemory), ``tts`` (FakeTextToSpeech), ``speech`` (FakeAnimatedSpeech),
    ``preferences`` (FakePreferenceManager), ``tablet`` (FakeTablet), ``behaviors``
    (FakeBehaviorManager: what starting a behaviour does is the test's), ``perception``
    and ``zones`` (FakeExtractor: ALPeoplePerception, ALEngagementZones, which Life runs
    in its solitary state), ``almood`` (FakeMood) and ``awareness``, ``recognition``
    (ALBasicAwareness, ALSpeechRecognition: presence), and ``day`` (pepper_sim.day's
    PeppersDay: the flap, the station, a fall, a push... driven on these stand-ins).
    Each served module declares its events on the memory at boot (DECLARED), and
    ALEngagementZones writes its zones' lists (WRITTEN); the day declares Pepper's own
    and presets their values at rest.
    They are wired together: one memory for all (ALMotion raises its events on it, Life
    AutonomousLife/State, the speech stand-ins theirs), Life's state changes clean
    ALMotion up, speech and memory records run on the motion's clock, and
    ALAnimatedSpeech gestures through the motion. ``services`` selects which of ALL_SERVICES and OPTIONAL_SERVICES to
    register (the objects exist anyway). ``motion`` replaces the kinematic ALMotion (a ``served_motion`` class
    instance, e.g. the qiBullet bridge's); ``time_scale``, ``initial_angles`` and
    ``list_postponed`` (KinematicMotion's) then do not apply. ``falling_edges`` goes to
    FakeTextToSpeech.
    """

    def __init__(self, time_scale=1.0, initial_angles=None, services=ALL_SERVICES,
                 motion=None, list_postponed=True, falling_edges=False):
        unknown = sorted(set(services) - set(ALL_SERVICES + OPTIONAL_SERVICES))
        if unknown:
            raise ValueError("unknown services %s (known: %s)"
                             % (", ".join(unknown), ", ".join(ALL_SERVICES + OPTIONAL_SERVICES)))
        if motion is None:
            motion = ServedMotion(time_scale=time_scale, initial_angles=initial_angles,
                                  list_postponed=list_postponed)
        self.motion = motion
        self.memory = ServedMemory(clock=motion.clock)
        motion.memory = self.memory
        self.perception = ServedExtractor("ALPeoplePerception")
        self.zones = ServedExtractor("ALEngagementZones")
        self.life = ServedAutonomousLife(memory=self.memory, motion=motion,
                                         extractors=(self.perception, self.zones))
        self.almood = ServedMood(self.life)
        self.awareness = ServedService("ALBasicAwareness")
        self.recognition = ServedService("ALSpeechRecognition")
        self.day = PeppersDay(motion, self.memory, self.life)
        self.posture = ServedRobotPosture(motion)
        self.tts = ServedTextToSpeech(clock=motion.clock, memory=self.memory,
                                      falling_edges=falling_edges)
        self.speech = ServedAnimatedSpeech(self.tts, motion)
        self.preferences = ServedPreferenceManager()
        self.tablet = ServedTablet()
        self.behaviors = ServedBehaviorManager()
        self.session = qi.Session()
        self.session.listenStandalone("tcp://127.0.0.1:0")
        self.url = self._tcp_url()
        self._service_ids = []
        objects = {"ALMotion": self.motion, "ALAutonomousLife": self.life,
                   "ALRobotPosture": self.posture, "ALMemory": self.memory,
                   "ALTextToSpeech": self.tts, "ALAnimatedSpeech": self.speech,
                   "ALPreferenceManager": self.preferences, "ALTabletService": self.tablet,
                   "ALBehaviorManager": self.behaviors, "ALPeoplePerception": self.perception,
                   "ALEngagementZones": self.zones, "ALBasicAwareness": self.awareness,
                   "ALSpeechRecognition": self.recognition, "ALMood": self.almood}
        for name in services:
            for key in DECLARED.get(name, ()):
                self.memory.declare_event(key)
            for key, value in WRITTEN.get(name, {}).items():
                self.memory.preset(key, value)
        try:
            for name in services:
                self._service_ids.append(register(self.session, name, objects[name]))
        except RuntimeError:
            self.close()
            raise

    def _tcp_url(self):
        for endpoint in self.session.endpoints():
            if endpoint.startswith("tcp://127.0.0.1:"):
                return endpoint
        raise RuntimeError("the standalone session listens on no tcp://127.0.0.1 endpoint: %r"
                           % (self.session.endpoints(),))

    def close(self):
        """Unregister the services (stopping speech, the base and every joint task first,
        so no served call stays blocked) and close the session. Idempotent."""
        if self.session is None:
            return
        self.day.close()
        self.tts.stopAll()
        self.motion.killAll()
        self.motion.stopMove()
        for service_id in reversed(self._service_ids):
            try:
                self.session.unregisterService(service_id)
            except RuntimeError:
                pass  # already gone with the session: nothing left to release
        self._service_ids = []
        self.session.close()
        self.memory.release_signals()
        self.session = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False
