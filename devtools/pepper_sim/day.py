"""Pepper's own day for the stand-ins: the charging flap, the charging station, a disabled
feature or chain, a fall, a push, the battery, a slope and hot wheels, each driven by the
events and keys NAOqi 2.5 documents for it (docs/naoqi.md; issue 29).

Python 2.7/3 single-source, usable in-process and behind SimulatedRobot (``robot.day``)::

    day = PeppersDay(motion, memory, life)   # KinematicMotion, FakeMemory, FakeAutonomousLife
    day.open_flap()       # moveTo now returns False and raises ALMotion/MoveFailed
    day.close_flap()

At construction (Pepper's boot) every event below is declared on the memory, so
``getEventList`` lists it, and the keys with a value at rest are preset (AT_REST);
``motion.memory`` is set to ``memory`` if it had none. The DCM keys (the flap's, the
wheels' temperatures) are data, not events, as on NAOqi: preset, not declared.

What each method does, in order (events raised on the memory with their module as the
source; the stand-ins' state changes come first, so a client reacting to an event
finds it in force):

* ``open_flap`` / ``close_flap`` (albattery-api.html, the Pepper DCM page,
  control-walk.html "ALMotion API are prohibited if power hatch is open"):
  ``Device/SubDeviceList/Platform/ILS/Sensor/Value`` 1 / 0, ``BatteryTrapIsOpen``
  True / False. While open the base refuses to move (KinematicMotion: moveTo False and
  ALMotion/MoveFailed; a running move stops with status 1). Joint calls go on.
* ``dock`` / ``undock`` (alrecharge.html, alrecharge-api.html, albattery-api.html):
  dock raises ``ALRecharge/CloseToChargingStation`` True, then
  ``ALBattery/ConnectedToChargingStation`` True, then
  ``ALRecharge/ConnectedToChargingStation`` True (its callback has no value); undock
  raises ``ALBattery/ConnectedToChargingStation`` False, then
  ``ALRecharge/CloseToChargingStation`` False (NAOqi gives no order: ours follows Pepper
  coming close then connecting, and disconnecting then moving away). The base refuses
  to move while docked or close.
* ``set_move_disabled`` (control-stiffness-api.html): ``ALMotion/Protection/
  DisabledFeaturesChanged`` [["Move", disabled]]; the base refuses while disabled.
* ``set_chain_disabled(chain, disabled)``: ``ALMotion/Protection/DisabledDevicesChanged``
  with "the actual disabled devices status": [[chain, disabled?]] for every chain; calls on the chain raise, its tasks are killed, "Leg" and "Body"
  refuse moves, "Body" refuses wakeUp (KinematicMotion.disable_chain).
* ``fall`` (reflexes-fall-manager.html, wake_rest_pep.html, autonomouslife_advanced.html):
  ``ALMotion/RobotIsFalling`` True, ``ALMotion/RobotIsStand`` False (the weight leaves
  the feet, reflexes-fall-manager-api.html); the fall manager kills every task, stops the
  move and sets the stiffness off (``robotIsWakeUp`` False); ``robotHasFallen`` True;
  Life enters safeguard (cause RobotFell; not from disabled). wakeUp and rest raise until
  ``stand_up``, which raises ``ALMotion/RobotIsStand`` True (preset True at boot: Pepper
  stands; NAOqi does not say when it is first raised). Life stays in safeguard until ``leave_safeguard`` (the page ends
  RobotFell "After falling, the robot has been placed upright again": a scenario calls
  ``stand_up`` then ``leave_safeguard`` to follow it, a test may wait in between); Life
  then re-enters solitary and nobody wakes Pepper but a client's wakeUp.
* ``push(angle, intensity)`` (push_recovery-api.html, push_recovery.html,
  autonomouslife_advanced.html): ``ALMotion/RobotPushed`` [angle, intensity]. Push
  recovery acts only when the push is strong enough (ACTIVE_RECOVERY_INTENSITY: "around
  1.5 J") and "except when: the power hatch is opened, or the robot is in a resting
  posture" (not awake, here); then the base's move stops, ``ALMotion/Safety/
  PushRecovery`` [angle] is raised and Life enters safeguard (cause RobotPushed), which
  ends PUSH_SAFEGUARD_SECONDS robot seconds after the last push ("3 seconds later, after
  the robot has fully rebalanced") on the motion's clock (a thread waits on it), unless
  another cause keeps it. A push that could make Pepper fall does not: call ``fall``.
* ``set_battery_low(low)``: ``BatteryLowDetected`` low, then ``ALBattery/BatteryLow``
  True when low (its value is "Always True"). ``battery_nearly_empty()`` /
  ``battery_empty()``: ``BatteryNearlyEmpty`` / ``BatteryEmpty`` with a message (their
  value is a "System message"; NAOqi does not say what ends them, nor what Pepper does
  when empty: nothing here). ``set_battery_charge(percent)``:
  ``BatteryChargeChanged`` percent. ``set_charging(charging)``:
  ``BatteryChargingFlagChanged`` charging.
* ``set_on_slope(on)``: ``ALMotion/Safety/RobotOnASlope`` on (slope_compensation.html).
* ``obstacle_near(chain, position)``: ``ALMotion/Safety/ChainVelocityClipped`` [[chain,
  [x, y, z]]] (reflexes-external-collision-api.html), once: NAOqi raises it while the
  arm's velocity is clipped, which the stand-in does not simulate (calls run as sent).
* ``heat_wheel(wheel, status)`` / ``heat_joint(joint, status)``: ``Device/SubDeviceList/
  <wheel or joint>/Temperature/Sensor/Status`` status (0 regular .. 3 critical). Only the
  key: the diagnosis reflex (status 2 puts the body or the chain in safe rest,
  reflexes-diagnosis.html) is not simulated.

Records: ``log`` (Entry(time, what) per change, motion clock time) for a scenario's plot;
``status()`` the day's state now. ``wait_for(predicate, timeout)`` waits on it.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.planning import joints
from pepper_sim import motion as motion_module
from pepper_sim.memory import LIFE_STATE, temperature_key
from pepper_sim.motion import wait_until

FLAP_KEY = "Device/SubDeviceList/Platform/ILS/Sensor/Value"  # 0 closed, 1 open
BATTERY_TRAP = "BatteryTrapIsOpen"
RECHARGE_CONNECTED = "ALRecharge/ConnectedToChargingStation"
BATTERY_CONNECTED = "ALBattery/ConnectedToChargingStation"
CLOSE_TO_STATION = "ALRecharge/CloseToChargingStation"
DISABLED_DEVICES = "ALMotion/Protection/DisabledDevicesChanged"
DISABLED_FEATURES = "ALMotion/Protection/DisabledFeaturesChanged"
ROBOT_IS_FALLING = "ALMotion/RobotIsFalling"
ROBOT_HAS_FALLEN = "robotHasFallen"
ROBOT_IS_STAND = "ALMotion/RobotIsStand"
ROBOT_PUSHED = "ALMotion/RobotPushed"
PUSH_RECOVERY = "ALMotion/Safety/PushRecovery"
BATTERY_LOW_DETECTED = "BatteryLowDetected"
BATTERY_LOW = "ALBattery/BatteryLow"
BATTERY_CHARGE = "BatteryChargeChanged"
BATTERY_NEARLY_EMPTY = "BatteryNearlyEmpty"
BATTERY_EMPTY = "BatteryEmpty"
# Their value is a "System message" (albattery-api.html), its words not documented: ours.
NEARLY_EMPTY_MESSAGE = "Battery nearly empty, please charge"
EMPTY_MESSAGE = "Battery empty"
BATTERY_CHARGING = "BatteryChargingFlagChanged"
ON_A_SLOPE = "ALMotion/Safety/RobotOnASlope"
CHAIN_VELOCITY_CLIPPED = "ALMotion/Safety/ChainVelocityClipped"
WHEELS = joints.WHEELS  # the Leg chain's wheels (Pepper DCM page)
CHAINS = ("Head", "LArm", "RArm", "Leg", "Body")  # DisabledDevicesChanged's device names

EVENTS = (BATTERY_TRAP, RECHARGE_CONNECTED, BATTERY_CONNECTED, CLOSE_TO_STATION,
          DISABLED_DEVICES, DISABLED_FEATURES, ROBOT_IS_FALLING, ROBOT_HAS_FALLEN,
          ROBOT_IS_STAND, ROBOT_PUSHED, PUSH_RECOVERY, BATTERY_LOW_DETECTED, BATTERY_LOW,
          BATTERY_CHARGE, BATTERY_NEARLY_EMPTY, BATTERY_EMPTY, BATTERY_CHARGING, ON_A_SLOPE,
          CHAIN_VELOCITY_CLIPPED) + motion_module.EVENTS
# The values at rest, preset at boot (robotIsWakeUp too: the motion's awake status).
# Not preset, having no value before they are first raised: ALRecharge/
# ConnectedToChargingStation, RobotIsFalling, robotHasFallen, RobotPushed, PushRecovery,
# ALBattery/BatteryLow, BatteryChargeChanged, BatteryNearlyEmpty, BatteryEmpty,
# ChainVelocityClipped, MoveFailed and the wakeUp / rest events.
AT_REST = collections.OrderedDict(
    [(FLAP_KEY, 0), (BATTERY_TRAP, False), (BATTERY_CONNECTED, False),
     (CLOSE_TO_STATION, False), (DISABLED_DEVICES, []), (DISABLED_FEATURES, []),
     (BATTERY_LOW_DETECTED, False), (BATTERY_CHARGING, False), (ON_A_SLOPE, False),
     (ROBOT_IS_STAND, True)]
    + [(temperature_key(wheel), 0) for wheel in WHEELS])

# Robot seconds from a push to the end of its safeguard ("3 seconds later, after the robot
# has fully rebalanced", autonomouslife_advanced.html).
PUSH_SAFEGUARD_SECONDS = 3.0
# Joules from which the push recovery acts ("ALMotion will start to actively recover from
# a push when this intensity is around 1.5 J", push_recovery-api.html): our threshold.
ACTIVE_RECOVERY_INTENSITY = 1.5
TEMPERATURE_STATUSES = (0, 1, 2, 3)

Entry = collections.namedtuple("Entry", "time what")


def _start_thread(clock, target, name):
    """A started daemon thread: the clock's own where it makes them (a VirtualClock counts
    its threads), else threading's (pepper_bullet's clock)."""
    make = getattr(clock, "thread", None)
    if make is None:
        thread = threading.Thread(target=target, name=name)
        thread.daemon = True
    else:
        thread = make(target, name)
    thread.start()
    return thread


class PeppersDay(object):
    """Drives Pepper's own states on ``motion`` (a KinematicMotion), ``memory`` (a
    FakeMemory: the motion's, wired here if it has none) and ``life`` (a
    FakeAutonomousLife, or None: no safeguard). See the module for each method.
    Thread-safe; ``close()`` ends a pending push's safeguard timer."""

    def __init__(self, motion, memory, life=None):
        if motion.memory is None:
            motion.memory = memory
        elif motion.memory is not memory:
            raise ValueError("the motion raises its events on another memory")
        self._motion = motion
        self._memory = memory
        self._life = life
        self._clock = motion.clock
        self._cond = threading.Condition(threading.RLock())
        self._push = None  # the latest push's (cancel event) while its timer runs
        self._closed = False
        self._state = {"flap_open": False, "docked": False, "move_disabled": False,
                       "disabled_chains": [], "fallen": False, "battery_low": False,
                       "battery_charge": None, "charging": False, "on_slope": False,
                       "wheel_temperatures": dict((wheel, 0) for wheel in WHEELS),
                       "joint_temperatures": dict((joint, 0) for joint in joints.ALL_JOINTS)}
        self.log = []
        events = EVENTS + ((LIFE_STATE,) if life is not None else ())
        for key in events:
            memory.declare_event(key)
        for key, value in AT_REST.items():
            memory.preset(key, value)
        memory.preset(motion_module.ROBOT_IS_WAKE_UP, motion.safety_state()["awake"])

    # ----------------------------------------------------------------- records
    def status(self):
        """The day's state now: flap_open, docked, move_disabled, disabled_chains,
        fallen, battery_low, battery_charge (None before any), on_slope,
        wheel_temperatures (wheel -> status), joint_temperatures (joint -> status). Life's
        states are in its ``transitions``."""
        with self._cond:
            return dict(self._state, disabled_chains=list(self._state["disabled_chains"]),
                        wheel_temperatures=dict(self._state["wheel_temperatures"]),
                        joint_temperatures=dict(self._state["joint_temperatures"]))

    def wait_for(self, predicate, timeout):
        """Wait until ``predicate()`` is true (re-checked at each change of the day); True
        if it became true within ``timeout`` wall seconds."""
        with self._cond:
            return wait_until(self._cond, predicate, timeout)

    def close(self):
        """End a pending push's timer (its safeguard then stays). Idempotent."""
        with self._cond:
            self._closed = True
            if self._push is not None:
                self._push.set()
                self._push = None

    # ----------------------------------------------------------------- internals
    def _raise(self, key, value, source):
        self._memory.raise_event(key, value, source)

    def _note(self, what, **state):
        """Log ``what`` and update the state (lock held)."""
        self._state.update(state)
        self.log.append(Entry(self._clock.now(), what))
        self._cond.notify_all()

    def _block(self, reason, blocked, events):
        """Block or unblock the base for ``reason`` around raising ``events`` ((key,
        value, source), ...): blocked before them, unblocked before them too (a client
        hearing that the cause has gone may move at once); a move it stopped reports its
        MoveFailed after them."""
        failure = self._motion.block_moves(reason, blocked)
        for key, value, source in events:
            self._raise(key, value, source)
        self._motion.report_move_failure(failure)

    # ----------------------------------------------------------------- the day
    def open_flap(self):
        """The charging flap (power hatch) opens: the base refuses to move."""
        with self._cond:
            self._block(motion_module.FLAP_OPEN, True,
                        ((FLAP_KEY, 1, "DCM"), (BATTERY_TRAP, True, "ALBattery")))
            self._note("flap open", flap_open=True)

    def close_flap(self):
        """The charging flap closes: the base may move again."""
        with self._cond:
            self._block(motion_module.FLAP_OPEN, False,
                        ((FLAP_KEY, 0, "DCM"), (BATTERY_TRAP, False, "ALBattery")))
            self._note("flap closed", flap_open=False)

    def dock(self):
        """Pepper is on her charging station: the base refuses to move."""
        with self._cond:
            self._block(motion_module.CHARGING_STATION, True,
                        ((CLOSE_TO_STATION, True, "ALRecharge"),
                         (BATTERY_CONNECTED, True, "ALBattery"),
                         (RECHARGE_CONNECTED, True, "ALRecharge")))
            self._note("docked", docked=True)

    def undock(self):
        """Pepper is off her charging station and away from it: the base may move."""
        with self._cond:
            self._raise(BATTERY_CONNECTED, False, "ALBattery")
            self._block(motion_module.CHARGING_STATION, False,
                        ((CLOSE_TO_STATION, False, "ALRecharge"),))
            self._note("undocked", docked=False)

    def set_move_disabled(self, disabled):
        """The "Move" feature is disabled (True) or enabled again (False)."""
        disabled = bool(disabled)
        with self._cond:
            self._block(motion_module.MOVE_DISABLED, disabled,
                        ((DISABLED_FEATURES, [["Move", disabled]], "ALMotion"),))
            self._note("Move disabled" if disabled else "Move enabled",
                       move_disabled=disabled)

    def set_chain_disabled(self, chain, disabled):
        """A chain of CHAINS is disabled (True) or enabled again (False)."""
        if chain not in CHAINS:
            raise ValueError("unknown chain %r (chains: %s)" % (chain, ", ".join(CHAINS)))
        disabled = bool(disabled)
        with self._cond:
            failure = self._motion.disable_chain(chain, disabled)
            chains = [name for name in self._state["disabled_chains"] if name != chain]
            chains = chains + [chain] if disabled else chains
            # "the actual disabled devices status" (control-stiffness-api.html; its
            # example lists an enabled chain too): every chain with its flag.
            self._raise(DISABLED_DEVICES, [[name, name in chains] for name in CHAINS],
                        "ALMotion")
            self._motion.report_move_failure(failure)
            self._note("%s %s" % (chain, "disabled" if disabled else "enabled"),
                       disabled_chains=chains)

    def fall(self):
        """Pepper falls: the fall manager, stiffness off, Life in safeguard."""
        with self._cond:
            self._raise(ROBOT_IS_FALLING, True, "ALMotion")
            self._raise(ROBOT_IS_STAND, False, "ALMotion")
            self._motion.fall_manager()
            self._raise(ROBOT_HAS_FALLEN, True, "ALMotion")
            if self._life is not None:
                self._life.enter_safeguard("RobotFell")
            self._note("fell", fallen=True)

    def stand_up(self):
        """Pepper is placed upright again: wakeUp and rest are available again."""
        with self._cond:
            self._motion.set_upright()
            self._raise(ROBOT_IS_STAND, True, "ALMotion")
            self._note("upright", fallen=False)

    def leave_safeguard(self):
        """The trouble has passed: Life leaves safeguard for solitary (every cause
        ends). RuntimeError while Pepper has fallen (call ``stand_up`` first)."""
        with self._cond:
            if self._state["fallen"]:
                raise RuntimeError("Pepper has fallen: stand_up() first (RobotFell ends "
                                   "once she is upright again)")
            if self._life is not None:
                self._life.end_safeguard()
            self._note("safeguard over")

    def push(self, angle=0.5, intensity=3.0):
        """Someone pushes Pepper: ``angle`` rad (FRAME_ROBOT), ``intensity`` J."""
        angle, intensity = float(angle), float(intensity)
        with self._cond:
            self._raise(ROBOT_PUSHED, [angle, intensity], "ALMotion")
            recovers = (intensity >= ACTIVE_RECOVERY_INTENSITY and not self._state["flap_open"]
                        and self._motion.safety_state()["awake"])
            if recovers:
                self._motion.push_recovery()
                self._raise(PUSH_RECOVERY, [angle], "ALMotion")
                if self._life is not None and self._life.enter_safeguard("RobotPushed"):
                    self._start_push_timer()
            self._note("pushed %.2f rad %.1f J%s" % (angle, intensity,
                                                      "" if recovers else ", no recovery"))

    def _start_push_timer(self):
        """End the push's safeguard PUSH_SAFEGUARD_SECONDS robot seconds from now (lock
        held); a newer push restarts the wait."""
        if self._closed:
            return
        if self._push is not None:
            self._push.set()
        cancel = self._push = self._clock.event()

        def rebalanced():
            if self._clock.wait(cancel, PUSH_SAFEGUARD_SECONDS):
                return  # a newer push, or closed
            with self._cond:
                if self._push is not cancel:
                    return
                self._push = None
                left = self._life.end_safeguard("RobotPushed")
                self._note("rebalanced" + (": safeguard over" if left else ""))

        _start_thread(self._clock, rebalanced, "PeppersDay push recovery")

    def set_battery_low(self, low):
        """The battery is low (True) or no longer low (False)."""
        low = bool(low)
        with self._cond:
            self._raise(BATTERY_LOW_DETECTED, low, "ALBattery")
            if low:
                self._raise(BATTERY_LOW, True, "ALBattery")
            self._note("battery low" if low else "battery not low", battery_low=low)

    def battery_nearly_empty(self):
        """The battery is nearly empty and needs charging."""
        with self._cond:
            self._raise(BATTERY_NEARLY_EMPTY, NEARLY_EMPTY_MESSAGE, "ALBattery")
            self._note("battery nearly empty")

    def battery_empty(self):
        """The battery is empty."""
        with self._cond:
            self._raise(BATTERY_EMPTY, EMPTY_MESSAGE, "ALBattery")
            self._note("battery empty")

    def set_charging(self, charging):
        """The battery starts (True) or stops (False) charging: BatteryChargingFlagChanged
        ("Raised when the flag 'battery is charging' changes", albattery-api.html)."""
        charging = bool(charging)
        with self._cond:
            self._raise(BATTERY_CHARGING, charging, "ALBattery")
            self._note("charging" if charging else "not charging", charging=charging)

    def set_battery_charge(self, percent):
        """The battery's charge changes to ``percent`` (an int in [0, 100])."""
        if not 0 <= percent <= 100:
            raise ValueError("the charge is a percentage, got %r" % (percent,))
        percent = int(percent)
        with self._cond:
            self._raise(BATTERY_CHARGE, percent, "ALBattery")
            self._note("battery %d %%" % percent, battery_charge=percent)

    def set_on_slope(self, on):
        """Pepper is on a slope (True) or no longer (False)."""
        on = bool(on)
        with self._cond:
            self._raise(ON_A_SLOPE, on, "ALMotion")
            self._note("on a slope" if on else "off the slope", on_slope=on)

    def obstacle_near(self, chain, position=(0.3, 0.2, 0.8)):
        """Something is too close to ``chain`` ("LArm" or "RArm") at ``position`` [x, y,
        z] (m, FRAME_WORLD): its velocity is clipped."""
        if chain not in ("LArm", "RArm"):
            raise ValueError("the arms' chains only (LArm, RArm), got %r" % (chain,))
        with self._cond:
            self._raise(CHAIN_VELOCITY_CLIPPED, [[chain, [float(x) for x in position]]],
                        "ALMotion")
            self._note("obstacle near %s" % chain)

    def heat_wheel(self, wheel, status):
        """A wheel's temperature status (0 regular, 1 limit reached, 2 very hot, 3
        critically hot) is written to its DCM key."""
        self._heat("wheel", wheel, WHEELS, status)

    def heat_joint(self, joint, status):
        """A joint's temperature status (as a wheel's) is written to its DCM key."""
        self._heat("joint", joint, joints.ALL_JOINTS, status)

    def _heat(self, device, name, names, status):
        if name not in names:
            raise ValueError("unknown %s %r (%ss: %s)" % (device, name, device,
                                                           ", ".join(names)))
        if status not in TEMPERATURE_STATUSES:
            raise ValueError("a temperature status is 0, 1, 2 or 3, got %r" % (status,))
        with self._cond:
            self._raise(temperature_key(name), int(status), "DCM")
            temperatures = dict(self._state["%s_temperatures" % device])
            temperatures[name] = int(status)
            self._note("%s temperature status %d" % (name, status),
                       **{"%s_temperatures" % device: temperatures})
