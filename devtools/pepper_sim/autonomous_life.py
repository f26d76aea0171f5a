"""Stand-ins for ALAutonomousLife and ALRobotPosture that record every call.

Python 2.7/3 single-source (used in-process by the Python 2.7 tests).

Autonomous Life, as NAOqi 2.5 documents it (ALAutonomousLife API, "State machine
management", "Autonomous Abilities", "State change cleanup"):

* States: solitary (the default), interactive, safeguard, disabled. ``setState`` enters
  one; a manual change from interactive to solitary fails, and safeguard cannot be
  entered from disabled (both refused with RuntimeError here).
* Each time Life enters a state or reinforces the current one (whenever an activity
  starts or stops), every autonomous ability is reset to the state's configuration
  (ABILITIES_BY_STATE: BackgroundMovement back on in solitary and interactive), the
  state change cleanup runs on ALMotion (the base's move stopped and, in WAKING_STATES
  only, the robot woken up with every motor stiff:
  ``KinematicMotion.autonomous_life_cleanup``) and then ``AutonomousLife/State`` is
  raised on ALMemory with the state ("raised after Autonomous Life has completed all
  necessary internal operations"). The page describes that cleanup "when an activity
  starts"; entering safeguard or disabled starts none, so it does not wake the robot.
* Safeguard (autonomouslife_advanced.html, "Safeguard causes"): ``enter_safeguard(cause)``
  (a cause of SAFEGUARD_CAUSES, not from disabled: "Safeguard State may not be
  entered") and ``end_safeguard(cause)``; Life leaves safeguard for AFTER_SAFEGUARD
  ("After the trouble has passed, the Solitary State will be re-entered") once no cause
  is left. Leaving it starts no activity here, so no cleanup runs: the robot stays as the
  trouble left it (at rest after a fall) until a client wakes it.
* In its solitary state only, Life runs the people extractors it is given (subscribed
  under SUBSCRIBER; pepper_sim.perception.FakeExtractor).
* Not simulated: activities, focus, stopAll of the running behaviours when entering
  disabled or safeguard (recorded in ``transitions`` only: setState's page says stopAll
  is called, not that ALMotion's tasks are killed, so they are left alone), the other
  cleanups (speech, LEDs, tablet).
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.planning import joints
from animate_behaviour.planning.trajectory import PEAK_TO_MEAN_SPEED
from pepper_sim.memory import LIFE_STATE
from pepper_sim.motion import STRING_TYPES, Call, WallClock, clock

MIN_POSTURE_TIME = 0.1  # s: angleInterpolation needs positive times

STATES = ("solitary", "interactive", "safeguard", "disabled")
# The name Life subscribes the people extractors under, in its solitary state.
SUBSCRIBER = "ALAutonomousLife"
ABILITIES = ("BackgroundMovement", "BasicAwareness", "ListeningMovement", "SpeakingMovement",
             "AutonomousBlinking")


def _abilities(*enabled):
    return collections.OrderedDict(zip(ABILITIES, enabled))


# The "Autonomous Abilities" page's table. Safeguard is not in it: our choice, the
# disabled column (the robot is in trouble: nothing autonomous moves it).
ABILITIES_BY_STATE = {
    "solitary": _abilities(True, True, True, True, False),
    "interactive": _abilities(True, True, True, True, True),
    "disabled": _abilities(False, False, False, True, False),
    "safeguard": _abilities(False, False, False, True, False),
}
DEFAULT_ABILITIES = ABILITIES_BY_STATE["solitary"]
# The states whose state change cleanup wakes the robot up: the page ties the wake-up to
# an activity starting, which happens in these only.
WAKING_STATES = ("solitary", "interactive")
# The table "Safeguard causes" (autonomouslife_advanced.html).
SAFEGUARD_CAUSES = ("RobotFell", "RobotPushed", "RobotMoved", "CriticalDiagnosis",
                    "CriticalTemperature")
# The state Life re-enters when the trouble has passed (state_machine_management.html).
AFTER_SAFEGUARD = "solitary"


class Transition(collections.namedtuple("Transition", "time state cause")):
    """Life entered or reinforced ``state`` at clock ``time``; ``cause`` is "setState",
    "activity" (the test helper ``activity_changed``), a safeguard cause
    (``enter_safeguard``) or "trouble passed" (``end_safeguard``)."""

    __slots__ = ()


class FakeAutonomousLife(object):
    """ALAutonomousLife stand-in. ``state`` (default "solitary") is the state at start;
    ``abilities`` (name -> bool) overrides the state's abilities at start; ``memory`` (a
    FakeMemory) receives ``AutonomousLife/State``; ``motion`` (a KinematicMotion) gets the
    state change cleanup. ``abilities`` (an OrderedDict) is the current configuration.

    Records: ``calls`` (Call(time, method, args) for every public call), ``transitions``
    (Transition per state entered or reinforced). Test helpers (hidden over qi):
    ``set_calls``, ``activity_changed``, ``enter_safeguard``, ``end_safeguard``,
    ``safeguard_causes``.
    """

    def __init__(self, abilities=None, state="solitary", memory=None, motion=None,
                 extractors=()):
        if state not in STATES:
            raise ValueError("unknown state %r (states: %s)" % (state, ", ".join(STATES)))
        self._lock = threading.Lock()
        self._memory = memory
        self._motion = motion
        self._extractors = list(extractors)
        self.clock = motion.clock if motion is not None else WallClock()
        self._state = state
        self._causes = []  # the safeguard's causes, in order, while in safeguard
        self.abilities = collections.OrderedDict(ABILITIES_BY_STATE[state])
        if abilities:
            self.abilities.update(abilities)
        self.calls = []
        self.transitions = []
        if memory is not None:
            memory.preset(LIFE_STATE, state)
        self._run_extractors(state)

    def _run_extractors(self, state):
        """Life runs ALPeoplePerception, ALEngagementZones (``extractors``) in its solitary
        state only (docs/naoqi.md, "Extractors"), subscribed under its own name."""
        for extractor in self._extractors:
            running = SUBSCRIBER in dict((info[0], info) for info in
                                         extractor.getSubscribersInfo())
            if state == "solitary" and not running:
                extractor.subscribe(SUBSCRIBER)
            elif state != "solitary" and running:
                extractor.unsubscribe(SUBSCRIBER)

    def _record(self, method, args):
        with self._lock:
            self.calls.append(Call(self.clock.now(), method, tuple(args)))

    def _check(self, method, name):
        if name != "All" and name not in self.abilities:
            raise RuntimeError("ALAutonomousLife::%s: unknown autonomous ability %r (known: "
                               "%s, or All)" % (method, name, ", ".join(self.abilities)))

    def _enter(self, state, cause, cleanup=True):
        """Enter or reinforce ``state``: reset the abilities, clean ALMotion up (with
        ``cleanup``; waking it in WAKING_STATES), then raise AutonomousLife/State."""
        with self._lock:
            self._state = state
            if state != "safeguard":
                del self._causes[:]
            self.abilities.update(ABILITIES_BY_STATE[state])
            self.transitions.append(Transition(self.clock.now(), state, cause))
        if cleanup and self._motion is not None:
            self._motion.autonomous_life_cleanup(wake=state in WAKING_STATES)
        self._run_extractors(state)
        if self._memory is not None:
            self._memory.raise_event(LIFE_STATE, state, "ALAutonomousLife")

    # ----------------------------------------------------------------- test helpers
    def set_calls(self):
        """(name, enabled) of every setAutonomousAbilityEnabled call, in order."""
        with self._lock:
            return [call.args for call in self.calls
                    if call.method == "setAutonomousAbilityEnabled"]

    def activity_changed(self, state=None):
        """Simulate an activity starting or stopping: Life reinforces the current state
        (``state`` None) or enters ``state`` (e.g. "interactive" when an interactive
        activity starts, "solitary" when it stops; Life itself is not bound by
        setState's refusals). Abilities reset, cleanup, AutonomousLife/State event."""
        if state is None:
            state = self._state
        if state not in STATES:
            raise ValueError("unknown state %r (states: %s)" % (state, ", ".join(STATES)))
        self._enter(state, "activity")

    def enter_safeguard(self, cause):
        """Something unsafe happened (``cause``, one of SAFEGUARD_CAUSES): Life enters
        safeguard, unless it is disabled ("Safeguard State may not be entered") or already
        in safeguard (the cause joins the others: no new event, our choice). True if Life
        is in safeguard for it."""
        if cause not in SAFEGUARD_CAUSES:
            raise ValueError("unknown safeguard cause %r (causes: %s)"
                             % (cause, ", ".join(SAFEGUARD_CAUSES)))
        with self._lock:
            if self._state == "disabled":
                return False
            already = self._state == "safeguard"
            if cause not in self._causes:
                self._causes.append(cause)
        if not already:
            self._enter("safeguard", cause)
        return True

    def end_safeguard(self, cause=None):
        """The trouble of ``cause`` (None: every cause) has passed; once none is left,
        Life re-enters AFTER_SAFEGUARD, with no state change cleanup (see the module).
        True if Life left safeguard."""
        with self._lock:
            if cause is None:
                del self._causes[:]
            elif cause in self._causes:
                self._causes.remove(cause)
            leave = self._state == "safeguard" and not self._causes
        if leave:
            self._enter(AFTER_SAFEGUARD, "trouble passed", cleanup=False)
        return leave

    def safeguard_causes(self):
        """The causes keeping Life in safeguard, in order."""
        with self._lock:
            return list(self._causes)

    # ----------------------------------------------------------------- ALAutonomousLife API
    def getAutonomousAbilityEnabled(self, autonomous_ability):
        """Whether the ability is enabled ("All": whether every one is)."""
        self._record("getAutonomousAbilityEnabled", (autonomous_ability,))
        self._check("getAutonomousAbilityEnabled", autonomous_ability)
        with self._lock:
            if autonomous_ability == "All":
                return all(self.abilities.values())
            return bool(self.abilities[autonomous_ability])

    def setAutonomousAbilityEnabled(self, autonomous_ability, enabled):
        """Enable or disable one ability ("All": every one) until the next reset."""
        self._record("setAutonomousAbilityEnabled", (autonomous_ability, enabled))
        self._check("setAutonomousAbilityEnabled", autonomous_ability)
        with self._lock:
            names = list(self.abilities) if autonomous_ability == "All" else [autonomous_ability]
            for name in names:
                self.abilities[name] = bool(enabled)

    def getState(self):
        self._record("getState", ())
        with self._lock:
            return self._state

    def setState(self, state):
        """Enter ``state`` (or reinforce it if current). Refused: unknown states,
        interactive -> solitary, disabled -> safeguard (NAOqi's rules)."""
        self._record("setState", (state,))
        if not isinstance(state, STRING_TYPES) or state not in STATES:
            raise RuntimeError('ALAutonomousLife::setState: unknown state %r (states: %s)'
                               % (state, ", ".join(STATES)))
        with self._lock:
            current = self._state
        if current == "interactive" and state == "solitary":
            raise RuntimeError("ALAutonomousLife::setState: a manual change from interactive "
                               "to solitary fails (Life returns to solitary when the "
                               "interactive activity stops)")
        if current == "disabled" and state == "safeguard":
            raise RuntimeError("ALAutonomousLife::setState: safeguard cannot be entered from "
                               "disabled")
        self._enter(state, "setState")


class FakeRobotPosture(object):
    """ALRobotPosture that knows only "Stand": it moves the KinematicMotion's joints to
    Pepper's Stand posture with one angleInterpolation (killing tasks on them first),
    each joint at ``speed`` x its max velocity at the ease's peak. Records ``calls``."""

    def __init__(self, motion):
        self._motion = motion
        self._lock = threading.Lock()
        self._posture = "Stand"
        self.calls = []

    def _record(self, method, args):
        with self._lock:
            self.calls.append(Call(clock(), method, tuple(args)))

    def getPosture(self):
        self._record("getPosture", ())
        with self._lock:
            return self._posture

    def goToPosture(self, name, speed):
        """Only "Stand" is simulated; returns True."""
        self._record("goToPosture", (name, speed))
        if name != "Stand":
            raise RuntimeError("posture %s is not simulated" % name)
        if not 0.0 < speed <= 1.0:
            raise RuntimeError("goToPosture: speed must be in (0, 1], got %r" % (speed,))
        names = list(joints.ALL_JOINTS)
        self._motion.killTasksUsingResources(names)
        current = self._motion.getAngles(names, False)
        target = [joints.STAND_POSTURE[name] for name in names]
        times = [max(MIN_POSTURE_TIME, PEAK_TO_MEAN_SPEED * abs(goal - now)
                     / (speed * joints.URDF_LIMITS[name].max_velocity))
                 for name, now, goal in zip(names, current, target)]
        self._motion.angleInterpolation(names, target, times, True)
        with self._lock:
            self._posture = "Stand"
        return True
