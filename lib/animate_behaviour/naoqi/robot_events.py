"""The ALMemory events the engine follows: Autonomous Life's state (it resets
BackgroundMovement on entering a state, docs/naoqi.md, "Autonomous Life and
BackgroundMovement"; its safeguard is part of Pepper's own state), for the groups that
leave arms and hands to speech, ALTextToSpeech's progress (docs/naoqi.md, "Speech
events"), who is around and whether Pepper listens (the context, docs/naoqi.md, "People
and listening events"), and what Pepper's body allows (its own state,
naoqi/own_state_events.py; docs/naoqi.md, "Pepper's own day")."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.expression import own_state_signs
from animate_behaviour.naoqi import context_events
from animate_behaviour.naoqi.heat import HEAT_PERIOD
from animate_behaviour.naoqi.life import LIFE_PERIOD, STATE_KEY
from animate_behaviour.naoqi.memory_events import MemorySubscriptions
from animate_behaviour.naoqi.own_state_events import OwnStateEvents
from animate_behaviour.naoqi.speech import SpeechWatch


class RobotEvents(object):
    """Follows ``memory`` (an ALMemory proxy, or None when the robot has none) for the
    engine: ``on_speech()`` runs when Pepper starts or stops speaking (when ``config``
    yields to speech), ``on_life_state()`` on each Autonomous Life state event; the
    people and listening events go to ``context`` (context.Context), Pepper's own state
    to ``own_state`` (own_state.OwnState), which ``motion`` (ALMotion) and ``life``
    (ALAutonomousLife, or None) also tell when the animation is enabled; all on ALMemory's
    threads. Events are timed on ``clock``; problems go to ``log``."""

    def __init__(self, memory, config, clock, log, on_speech, on_life_state, context,
                 own_state, motion=None, life=None):
        self._log = log
        self._on_life_state = on_life_state
        self._memory = memory
        self._motion = motion
        self._life = life
        self._subscriptions = MemorySubscriptions(memory, log) if memory is not None else None
        # How often (s) BackgroundMovement is checked without an AutonomousLife/State event.
        self.life_period = LIFE_PERIOD if memory is not None else HEAT_PERIOD
        self._speech = None
        if memory is not None and config.yield_to_speech:
            self._speech = SpeechWatch(clock, on_speech)
        self.context = context
        self.own_state = own_state
        self._own_events = OwnStateEvents(memory, own_state, log) if memory is not None \
            else None

    def start(self):
        """Subscribe; what cannot be watched is logged and left out."""
        if self._subscriptions is None:
            self._log.warning("ALMemory is missing: speech, motor heat, Autonomous Life "
                              "resets, people, listening and Pepper's own state (docked, "
                              "fallen, pushed...) are not watched")
            return
        try:
            self._subscriptions.subscribe(STATE_KEY, self._life_state)
        except RuntimeError as err:
            self._log.error("cannot watch %s (%s): BackgroundMovement is re-checked every "
                            "%.0f s only" % (STATE_KEY, err, HEAT_PERIOD))
            self.life_period = HEAT_PERIOD
        if self._speech is not None:
            try:
                self._speech.subscribe(self._subscriptions)
            except RuntimeError as err:
                self._log.error("cannot watch ALTextToSpeech's events (%s): the arms will not "
                                "step aside for speech" % err)
                self._speech = None
        context_events.subscribe(self.context, self._subscriptions, self._memory, self._log)
        self._own_events.subscribe(self._subscriptions)

    def _life_state(self, state):
        self.own_state.heard(own_state_signs.LIFE_STATE, state)
        self._on_life_state()

    def read_own_state(self):
        """Read Pepper's own state now (enabling: it may already rest, be docked or in
        safeguard): whether it is awake, Autonomous Life's state, and the signs ALMemory
        keeps a value of. What cannot be read is logged and left as it was, but ALMotion:
        raises RuntimeError if it cannot say whether Pepper is awake (nothing could move)."""
        if self._motion is not None:
            self.own_state.heard(own_state_signs.WAKE_UP, self._motion.robotIsWakeUp())
        if self._life is not None:
            try:
                self.own_state.heard(own_state_signs.LIFE_STATE, self._life.getState())
            except RuntimeError as err:
                self._log.error("ALAutonomousLife.getState failed (%s): safeguard is seen "
                                "only from its event" % err)
        if self._own_events is not None:
            self._own_events.read_now()

    def speaking(self):
        """Whether Pepper speaks (always False when speech is not followed)."""
        return self._speech is not None and self._speech.speaking

    def close(self):
        """Disconnect every subscription."""
        if self._subscriptions is not None:
            self._subscriptions.close()
