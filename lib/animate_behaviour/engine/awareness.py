"""What the engine perceives and feels, and the live signal over it: the mood set, the
robot's events with the context they feed (naoqi.robot_events), the people extractors
subscribed while the animation runs (naoqi.extractors), the engaged person's mood read
from ALMood (naoqi.person_mood) for the lean toward it (expression.follow), and what the
robot provides for each of them (naoqi.contract, looked up by the host at start)."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.expression.context import Context
from animate_behaviour.expression.follow import Follow
from animate_behaviour.expression.live_signal import LiveSignal
from animate_behaviour.expression.mood import Mood
from animate_behaviour.expression.own_state import OwnState
from animate_behaviour.naoqi.extractors import PeopleExtractors
from animate_behaviour.naoqi.person_mood import MoodReader
from animate_behaviour.naoqi.robot_events import RobotEvents

ENGAGED_STATES = ("engaged", "listening")
# The contract's name for Pepper's own state's inputs (naoqi.contract.NEEDS).
OWN_STATE = "ownState"


class Awareness(object):
    """For ``configuration()`` (its keys that never change at run time: behaviour, the
    reactions, followPersonMood), on ``runtime`` (ports.Runtime: its clock and log):
    ``robot`` (ports.Robot) gives ALMemory, the perception services, what the robot
    provides for each reaction, and ALMotion and ALAutonomousLife, read for Pepper's own
    state when the animation is enabled. It rings ``bell`` (bell.Bell): ``round()`` when
    the context, Pepper's own state or speech changed, ``life_state()`` on each Autonomous
    Life state event and each change of Pepper's own state."""

    def __init__(self, configuration, robot, runtime, bell):
        config = configuration()
        clock, log, services = runtime.clock, runtime.log, robot.services or {}
        self._sources = robot.sources
        self._bell = bell
        self.own_state = OwnState(config.battery_low_arousal, clock, log, self._on_own_state)
        self.events = RobotEvents(robot.memory, config, clock, log, bell.round,
                                  bell.life_state, Context(config, clock, log,
                                                            self._on_context),
                                  self.own_state, robot.motion, robot.life)
        self.mood = Mood(config.valence, config.arousal, clock, log)
        self._follow = None
        self._reader = None
        if config.follow_person_mood > 0.0:
            self._follow = Follow(config.follow_person_mood, clock)
            if services.get("ALMood") is not None:
                self._reader = MoodReader(services["ALMood"], self._follow, self._engaged,
                                          clock, log)
        # The live signal's sources, in the order their parts add up.
        self.signal = LiveSignal(configuration, [
            source for source in (self.mood, self.events.context, self.own_state, self._follow)
            if source is not None], clock)
        self._extractors = PeopleExtractors(
            services if config.subscribe_extractors and (config.react_to_people or
                                                         config.react_to_absence) else {},
            log)

    @property
    def context(self):
        return self.events.context

    def _engaged(self):
        return self.events.context.state in ENGAGED_STATES

    def _on_own_state(self):
        self._bell.round()
        self._bell.life_state()

    def _on_context(self):
        self._bell.round()
        if self._reader is not None:
            self._reader.wake()

    def start(self):
        """Subscribe to ALMemory's events; start the context's and the reader's threads."""
        self.events.start()
        self.events.context.start()
        if self._reader is not None:
            self._reader.start()

    def read_own_state(self):
        """The animation starts: Pepper's own state is read (it may already rest, be docked
        or in safeguard), before anything moves."""
        self.events.read_own_state()

    def animating(self):
        """The animation has started: the people extractors are subscribed (their round
        trips need not delay the first call)."""
        self._extractors.subscribe()

    def resting(self):
        """The animation stopped: the people extractors are unsubscribed."""
        self._extractors.unsubscribe()

    def report(self):
        """getStatus's "context": the context's state and weights, the sources of each
        reaction ({"live": [...], "absent": [...]}), the people extractors subscribed
        now, and the follow when it is on."""
        report = self.events.context.report()
        report["sources"] = collections.OrderedDict(
            (reaction, found) for reaction, found in (self._sources or {}).items()
            if reaction != OWN_STATE)
        report["extractors"] = self._extractors.subscribed
        if self._follow is not None:
            report["follow"] = self._follow.report()
        return report

    def own_state_report(self):
        """getStatus's "ownState": each fact of Pepper's own state as last heard, and
        "sources": the events it follows that this robot declares ("live") and those it
        does not ("absent"), as found at start."""
        report = self.own_state.report()
        report["sources"] = (self._sources or {}).get(OWN_STATE, {})
        return report

    def close(self, timeout):
        """Unsubscribe everything; whether the threads ended within ``timeout``."""
        self._extractors.unsubscribe()
        self.events.close()
        ended = self.events.context.close(timeout)
        if self._reader is not None:
            ended = self._reader.close(timeout) and ended
        return ended
