"""The stand-in robot the check runs against when no URL is given: pepper_sim's NAOqi on
a loopback qi session (pepper_sim.qi_server.SimulatedRobot), whose ALMood also has the
properties NAOqi 2.5's ALMood API lists and the check follows: ``valenceLevel`` and
``attentionLevel`` ({value, confidence}), set "at each ALMood time period, every 1s by
default" while Autonomous Life runs (pepper_sim's FakeMood has methods only); whose right
arm is disabled, as after a motor fault (DISABLED), so that the chain trial is tried; and
its owner (Owner), who does the owner steps on pepper_sim's day."""
from __future__ import absolute_import, division, print_function

import qi

from animate_behaviour.foundation.clock import Ticker
from animate_behaviour.foundation.registering import register
from pepper_sim import qi_server
from pepper_sim.perception import FakeMood
from robot_check import day_trials
from robot_check.consent import Consent

PERIOD = 1.0  # robot s between two updates of ALMood's properties
EXTRACTORS = ("ALPeoplePerception", "ALEngagementZones")
# The chains disabled in ALMotion/Protection from the start: no arm trial moves RArm.
DISABLED = ("RArm",)


class MoodWithProperties(FakeMood):
    """FakeMood whose ``valenceLevel`` and ``attentionLevel`` (qi.Property, one per
    instance: a class attribute would be shared by every robot of the process) are set
    from the person's state every PERIOD robot s on ``clock`` while Life is not disabled
    (ALMood: "When ALAutonomousLife is off, ALMood data is not available").
    ``start``/``close`` run its updates."""

    def __init__(self, life, clock):
        FakeMood.__init__(self, life)
        self.valenceLevel = qi.Property("m")
        self.attentionLevel = qi.Property("m")
        self._ticker = Ticker(clock, self._tick, "ALMood properties")

    def start(self):
        self._ticker.start()

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
        return PERIOD


def served_mood(cls):
    """A ``cls`` (MoodWithProperties or a subclass) served: its test helpers hidden."""
    return qi_server.served(cls, ("feel", "set_ambiance", "start", "close"))


ServedMoodWithProperties = served_mood(MoodWithProperties)


class Robot(object):
    """A SimulatedRobot (``robot``: its stand-ins; ``url``) whose ALMood is a
    ``mood(life, clock)`` (a served MoodWithProperties class). ``time_scale`` and
    ``motion`` are SimulatedRobot's; the services named in ``without`` are not served;
    ``extractor`` (a served FakeExtractor class, or None: pepper_sim's own, which
    Autonomous Life subscribes in its solitary state) serves ALPeoplePerception and
    ALEngagementZones; ``memory`` (None, or ``memory(robot)``: a served object, given the
    SimulatedRobot) serves ALMemory to clients in place of the robot's own, which its
    stand-ins keep using; the chains of ``disabled`` are disabled once it runs
    (PeppersDay.set_chain_disabled). A context manager."""

    def __init__(self, time_scale=1.0, motion=None, without=(),
                 mood=ServedMoodWithProperties, extractor=None, memory=None,
                 disabled=DISABLED):
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
            self.mood.start()
            for chain in disabled:
                self.robot.day.set_chain_disabled(chain, True)
        except RuntimeError:
            self.close()
            raise

    def close(self):
        """Close the robot (its session, with every service) and stop ALMood's updates."""
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
