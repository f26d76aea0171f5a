"""Stand-ins for ALTextToSpeech and ALAnimatedSpeech that record what was said and when.

Python 2.7/3 single-source: used in-process by the Python 2.7 tests and served over
libqi by :mod:`pepper_sim.qi_server`. Durations run on a clock (``now``, ``elapsed``,
``wait``: the motion's, so its time scale or the physics' simulated time applies).

ALTextToSpeech (NAOqi 2.5's API page): ``say`` blocks while the text is spoken; one text
is spoken at a time, the others wait in order. On ALMemory, for each text:
``ALTextToSpeech/Status`` [taskId, "enqueued"] when asked, [taskId, "started"] and
``ALTextToSpeech/TextStarted`` 1 when it starts, ``ALTextToSpeech/TextDone`` 1 and
Status [taskId, "done"] when it ends. ``stopAll`` stops the current text and every
waiting one: the current one raises ``ALTextToSpeech/TextInterrupted`` 1 (documented
for stopAll), TextDone 1 and Status [taskId, "stopped"]; a waiting one only Status
"stopped". ``say`` returns normally after a stop (NAOqi does not say it raises).
Choices where NAOqi is silent: the rate (SECONDS_PER_CHARACTER); the task ids (our own
counter); the order of the events raised together (as listed); whether TextDone follows
TextInterrupted (by default it does; ``done_after_interruption=False`` leaves it out,
so that an engine can be tested both ways); whether TextStarted 0 /
TextDone 0 are raised too: the docs call their values "True if the speaking task is in
progress / done", so with ``falling_edges=True`` a text raises TextDone 0 before
TextStarted 1 and TextStarted 0 before TextDone 1 (default off: only the 1s). An engine
should read the value, not just the event: test it both ways. The keys exist in
ALMemory only once raised.

ALAnimatedSpeech: ``say(text)`` speaks through the ALTextToSpeech stand-in and, as a
contextual body-language animation does, plays a 2 s right-arm gesture (GESTURE_JOINTS
to a raised arm and back to Stand) through ``ALMotion.angleInterpolation``, asked when
the speech starts. Timeline animations acquire joints passively (docs/naoqi.md, "ALMotion
tasks: postponement, task lists, killing"): the gesture waits for busy joints (ALMotion
postpones it) and never kills. ``say`` returns
when both the speech and the gesture are done, then raises
``ALAnimatedSpeech/EndOfAnimatedSpeech`` with its id. ``say(text, {"bodyLanguageMode":
"disabled"})`` speaks without a gesture, as NAOqi's configuration does.
"""
from __future__ import absolute_import, division, print_function

import itertools
import threading

from animate_behaviour.planning import joints
from pepper_sim.motion import STRING_TYPES, Call, WallClock, wait_until

# Our choice (NAOqi documents no rate): 0.07 s a character, about 14 characters or 170
# words a minute, an English voice at ALTextToSpeech's default speed 100.
SECONDS_PER_CHARACTER = 0.07

STATUS = "ALTextToSpeech/Status"
TEXT_STARTED = "ALTextToSpeech/TextStarted"
TEXT_DONE = "ALTextToSpeech/TextDone"
TEXT_INTERRUPTED = "ALTextToSpeech/TextInterrupted"
END_OF_ANIMATED_SPEECH = "ALAnimatedSpeech/EndOfAnimatedSpeech"

# A raised right arm, far outside the package's random range (armMaximumRange 0.2 of a
# joint's range keeps RShoulderPitch within about 0.42 rad of Stand's 1.58).
GESTURE_JOINTS = ("RShoulderPitch", "RShoulderRoll", "RElbowYaw", "RElbowRoll", "RWristYaw",
                  "RHand")
GESTURE_RAISED = {"RShoulderPitch": -0.5, "RShoulderRoll": -0.6, "RElbowYaw": 2.0,
                  "RElbowRoll": 1.3, "RWristYaw": 1.2, "RHand": 0.98}
GESTURE_TIMES = (1.0, 2.0)  # s: raised at 1 s, back at Stand at 2 s


class _Record(object):
    """A record whose every slot is given by keyword (None when not given)."""

    __slots__ = ()

    def __init__(self, **values):
        for name in self.__slots__:
            setattr(self, name, values.pop(name, None))
        if values:
            raise TypeError("unknown fields %s" % ", ".join(sorted(values)))

    def as_dict(self):
        return dict((name, getattr(self, name)) for name in self.__slots__)


class Utterance(_Record):
    """One text spoken (or asked): ``task_id`` (the Status events' id), ``text``, ``via``
    ("say" or "ALAnimatedSpeech"), clock times ``requested``, ``start`` (None if stopped
    while waiting) and ``end``, ``duration`` (planned, simulated seconds), ``stopped``."""

    __slots__ = ("task_id", "text", "via", "requested", "start", "end", "duration", "stopped")


class Gesture(_Record):
    """One animated-speech gesture: ``speech_id`` (the EndOfAnimatedSpeech id), ``text``,
    clock times ``requested`` (its angleInterpolation call) and ``start`` (when it got
    its joints: its Trajectory's start), ``trajectory`` (the motion's record), ``delay``
    (simulated seconds it waited for the joints), ``error`` (if ALMotion refused it)."""

    __slots__ = ("speech_id", "text", "requested", "start", "trajectory", "delay", "error")


class FakeTextToSpeech(object):
    """ALTextToSpeech stand-in. ``clock`` (default wall time) times speech and records;
    ``memory`` (a FakeMemory) receives the events; ``seconds_per_character`` sets the
    rate; ``falling_edges`` also raises the 0 values; ``done_after_interruption`` False
    raises no TextDone after TextInterrupted (see the module). Both are attributes a test
    may change.

    Records: ``calls`` (Call(time, method, args)), ``utterances`` (Utterance per text,
    in request order). Test helpers (hidden over qi): ``wait_for``, ``said``.
    """

    def __init__(self, clock=None, memory=None, seconds_per_character=SECONDS_PER_CHARACTER,
                 falling_edges=False, done_after_interruption=True):
        if not seconds_per_character >= 0.0:
            raise ValueError("seconds_per_character must be >= 0, got %r"
                             % (seconds_per_character,))
        self.clock = WallClock() if clock is None else clock
        self.memory = memory
        self.seconds_per_character = float(seconds_per_character)
        self.falling_edges = bool(falling_edges)
        self.done_after_interruption = bool(done_after_interruption)
        self._cond = threading.Condition(threading.RLock())
        self._ids = itertools.count(1)
        self._waiting = []  # Utterances asked and not started, oldest first
        self._speaking = None
        self._stops = {}  # task id -> Event set by stopAll
        self.calls = []
        self.utterances = []

    # ----------------------------------------------------------------- test helpers
    def wait_for(self, predicate, timeout):
        """Wait until ``predicate()`` is true (re-checked at every call and at each
        utterance's start and end); True if it did within ``timeout`` seconds."""
        with self._cond:
            return wait_until(self._cond, predicate, timeout)

    def said(self):
        """The texts spoken to the end, in order."""
        with self._cond:
            return [u.text for u in self.utterances if u.end is not None and not u.stopped]

    # ----------------------------------------------------------------- internals
    def _record(self, method, args):
        with self._cond:
            self.calls.append(Call(self.clock.now(), method, tuple(args)))
            self._cond.notify_all()

    def _raise(self, key, value):
        if self.memory is not None:
            self.memory.raise_event(key, value, "ALTextToSpeech")

    def _speak(self, text, via, on_start=None):
        """Queue ``text``, speak it when its turn comes, raise the events; returns the
        Utterance. ``on_start()`` runs right after TextStarted."""
        if not isinstance(text, STRING_TYPES):
            raise RuntimeError("ALTextToSpeech::say: the text must be a string, got %r"
                               % (text,))
        stop = self.clock.event()
        with self._cond:
            utterance = Utterance(task_id=next(self._ids), text=text, via=via,
                                  requested=self.clock.now(), stopped=False,
                                  duration=len(text) * self.seconds_per_character)
            self.utterances.append(utterance)
            self._waiting.append(utterance)
            self._stops[utterance.task_id] = stop
            self._cond.notify_all()
        task = utterance.task_id
        self._raise(STATUS, [task, "enqueued"])
        with self._cond:
            while not stop.is_set() and (self._speaking is not None
                                         or self._waiting[0] is not utterance):
                self._cond.wait()
            self._waiting.remove(utterance)
            if stop.is_set():
                utterance.stopped = True
                utterance.end = self.clock.now()
                del self._stops[task]
            else:  # in the same critical section: no other text can start meanwhile
                self._speaking = utterance
                utterance.start = self.clock.now()
            self._cond.notify_all()
        if utterance.stopped:
            self._raise(STATUS, [task, "stopped"])
            return utterance
        stopped = False
        try:
            self._raise(STATUS, [task, "started"])
            if self.falling_edges:
                self._raise(TEXT_DONE, 0)
            self._raise(TEXT_STARTED, 1)
            if on_start is not None:
                on_start()
            stopped = self.clock.wait(stop, utterance.duration)
            if self.falling_edges:
                self._raise(TEXT_STARTED, 0)
            if stopped:
                self._raise(TEXT_INTERRUPTED, 1)
            if self.done_after_interruption or not stopped:
                self._raise(TEXT_DONE, 1)
            self._raise(STATUS, [task, "stopped" if stopped else "done"])
        finally:  # the next text starts only after this one's events
            with self._cond:
                utterance.stopped = stopped
                utterance.end = self.clock.now()
                self._speaking = None
                del self._stops[task]
                self._cond.notify_all()
        return utterance

    # ----------------------------------------------------------------- ALTextToSpeech API
    def say(self, stringToSay):
        """Speak ``stringToSay``; blocks until it is spoken or stopped. Returns None."""
        self._record("say", (stringToSay,))
        self._speak(stringToSay, "say")

    def stopAll(self):
        """Stop the text being spoken and every waiting one, at once."""
        self._record("stopAll", ())
        with self._cond:
            for stop in self._stops.values():
                stop.set()
            self._cond.notify_all()


class FakeAnimatedSpeech(object):
    """ALAnimatedSpeech stand-in speaking through ``tts`` (FakeTextToSpeech; events go to
    its memory) and gesturing through ``motion`` (KinematicMotion or a subclass).

    Records: ``calls``, ``gestures`` (Gesture per gesture asked, in order). Test helper
    (hidden over qi): ``wait_for``.
    """

    def __init__(self, tts, motion):
        self._tts = tts
        self._motion = motion
        self._cond = threading.Condition(threading.RLock())
        self._ids = itertools.count(1)
        self.calls = []
        self.gestures = []

    def wait_for(self, predicate, timeout):
        """Wait until ``predicate()`` is true (re-checked at each call and at each
        gesture's request, start and end); True if it did within ``timeout`` seconds."""
        with self._cond:
            return wait_until(self._cond, predicate, timeout)

    def _gesture(self, gesture):
        names = list(GESTURE_JOINTS)
        angles = [[GESTURE_RAISED[name], joints.STAND_POSTURE[name]] for name in names]
        try:
            self._motion.angleInterpolation(names, angles, list(GESTURE_TIMES), True)
        except RuntimeError as err:  # recorded for the test; NAOqi would log it
            gesture.error = err
        record = self._motion.last_trajectory()
        with self._cond:
            gesture.trajectory = record
            if record is not None and record.start is not None:
                gesture.start = record.start
                gesture.delay = self._motion.clock.elapsed(gesture.requested, record.start)
            self._cond.notify_all()

    def say(self, text, *configuration):
        """Speak ``text`` with a gesture; blocks until both are done. An optional
        configuration {"bodyLanguageMode": "disabled" | "random" | "contextual"} is
        accepted; "disabled" speaks without gesture."""
        self._record("say", (text,) + configuration)
        if len(configuration) > 1 or (configuration and not isinstance(configuration[0],
                                                                        dict)):
            raise RuntimeError("ALAnimatedSpeech::say: takes a text and an optional "
                               "configuration map, got %r" % (configuration,))
        gesturing = not configuration or configuration[0].get(
            "bodyLanguageMode", "contextual") != "disabled"
        speech_id = next(self._ids)
        threads = []

        def start_gesture():
            gesture = Gesture(speech_id=speech_id, text=text,
                              requested=self._motion.clock.now())
            with self._cond:
                self.gestures.append(gesture)
                self._cond.notify_all()
            thread = threading.Thread(target=self._gesture, args=(gesture,),
                                      name="ALAnimatedSpeech gesture")
            thread.daemon = True
            thread.start()
            threads.append(thread)

        self._tts._speak(text, "ALAnimatedSpeech", start_gesture if gesturing else None)
        for thread in threads:
            thread.join()
        if self._tts.memory is not None:
            self._tts.memory.raise_event(END_OF_ANIMATED_SPEECH, speech_id, "ALAnimatedSpeech")

    def _record(self, method, args):
        with self._cond:
            self.calls.append(Call(self._motion.clock.now(), method, tuple(args)))
            self._cond.notify_all()
