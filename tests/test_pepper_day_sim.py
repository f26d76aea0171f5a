"""Tests of Pepper's own day in the stand-ins (devtools/pepper_sim/day.py, and what it
drives in KinematicMotion and FakeAutonomousLife): each state's documented events and
keys, in order, and what the stand-ins refuse then (issue 29, part 5).

Run with PYTHONPATH=lib:devtools on Python 2.7 and 3. Nothing sleeps to synchronise:
tests wait on the stand-ins' conditions; the push's 3 robot seconds pass on a
VirtualClock (robot time passes only when every thread of the run waits) or a small
time scale.
"""
from __future__ import absolute_import, division, print_function

import sys
import threading

import pytest
import qi

from animate_behaviour.planning import joints
from pepper_sim import day as day_module
from pepper_sim import motion as motion_module
from pepper_sim.autonomous_life import FakeAutonomousLife
from pepper_sim.day import PeppersDay
from pepper_sim.memory import LIFE_STATE, FakeMemory, temperature_key
from pepper_sim.motion import (MOVE_FAILED, ROBOT_IS_WAKE_UP, KinematicMotion, WallClock)
from pepper_sim.virtual_clock import VirtualClock
from helpers.pepper_sim_fixtures import (  # noqa: F401  (fixtures)
    TIMEOUT, Background, client, robot, started)

SCALE = 0.002  # wall seconds per robot second: the push's 3 s safeguard lasts 6 ms
MOVE_FAILED_REFUSED = [["Safety", 0, [0.0, 0.0, 0.0]]]
REST = [(motion_module.REST_STARTED, True), (ROBOT_IS_WAKE_UP, False),
        (motion_module.REST_FINISHED, True)]
WAKE = [(motion_module.WAKE_UP_STARTED, True), (ROBOT_IS_WAKE_UP, True),
        (motion_module.WAKE_UP_FINISHED, True)]


def pepper(time_scale=SCALE, clock=None, life_state="solitary"):
    """(motion, memory, life, day) wired in-process, as a lib test builds them: one clock,
    the memory given to the motion, Life cleaning the motion up, the day driving all."""
    clock = WallClock(time_scale) if clock is None else clock
    memory = FakeMemory(clock=clock)
    motion = KinematicMotion(clock=clock, memory=memory)
    life = FakeAutonomousLife(memory=memory, motion=motion, state=life_state)
    return motion, memory, life, PeppersDay(motion, memory, life)


def raised(memory, action, *args):
    """The (key, value) pairs written to ``memory`` while ``action(*args)`` ran."""
    memory.reset_records()
    action(*args)
    return [(event.key, event.value) for event in memory.events]


def moving(motion, theta=100.0):
    """A moveTo long enough to be stopped, started in the background."""
    count = len(motion.moves)
    call = Background(motion.moveTo, 0.0, 0.0, theta)
    assert motion.wait_for(lambda: len(motion.moves) == count + 1, TIMEOUT)
    return call


def long_call(motion, names, angle=0.1, seconds=1000.0):
    return Background(motion.angleInterpolation, names, angle, seconds, True)


def refused(motion, memory, reasons):
    """moveTo returns False at once, raising MoveFailed [cause, 0, position]."""
    count = len(motion.moves)
    assert raised(memory, motion.moveTo, 0.0, 0.0, 0.5) == [(MOVE_FAILED, value)
                                                             for value in MOVE_FAILED_REFUSED]
    assert motion.moveTo(0.0, 0.0, 0.5) is False
    assert len(motion.moves) == count  # never started
    failure = motion.move_failures[-1]
    assert failure.reasons == tuple(reasons) and failure.status == 0
    assert failure.target == (0.0, 0.0, 0.5)


def stopped_by_refusal(motion, memory, action, reason):
    """A running move stops when ``action`` makes the base refuse: False, MoveFailed with
    status 1 after ``action``'s own events. Returns those events."""
    call = moving(motion)
    events = raised(memory, action)
    assert call.join() is False
    assert motion.moves[-1].stopped_by == reason
    assert events[-1] == (MOVE_FAILED, ["Safety", 1, [0.0, 0.0, 0.0]])
    assert motion.move_failures[-1].reasons[0] == reason
    return events[:-1]


# ----------------------------------------------------------------- boot
def test_boot_declares_every_event_and_presets_the_values_at_rest():
    clock = WallClock(SCALE)
    memory = FakeMemory(clock=clock)
    motion = KinematicMotion(clock=clock)
    PeppersDay(motion, memory, FakeAutonomousLife(memory=memory, motion=motion))
    assert motion.memory is memory  # the day wires a motion that has none
    declared = memory.getEventList()
    for key in day_module.EVENTS + motion_module.EVENTS + (LIFE_STATE,):
        assert key in declared
    assert day_module.FLAP_KEY not in declared  # DCM keys are data, as on NAOqi
    assert memory.getListData([day_module.FLAP_KEY, "BatteryTrapIsOpen",
                               "ALBattery/ConnectedToChargingStation",
                               "ALRecharge/CloseToChargingStation",
                               "ALMotion/Safety/RobotOnASlope", "BatteryLowDetected",
                               "ALMotion/Protection/DisabledDevicesChanged",
                               "ALMotion/Protection/DisabledFeaturesChanged",
                               "robotIsWakeUp"]) == [0, False, False, False, False, False,
                                                     [], [], True]
    assert [memory.getData(temperature_key(wheel)) for wheel in ("WheelFL", "WheelFR",
                                                                 "WheelB")] == [0, 0, 0]
    assert memory.events == []  # preset silently, as at boot
    with pytest.raises(ValueError):
        PeppersDay(motion, FakeMemory(), None)  # the motion raises on another memory


# ----------------------------------------------------------------- stiffness
def test_rest_and_wake_up_raise_their_events_and_robot_is_wake_up_only_on_a_change():
    motion, memory, _life, _day = pepper()
    assert raised(memory, motion.rest) == REST
    assert raised(memory, motion.rest) == [REST[0], REST[2]]  # already resting
    assert memory.getData(ROBOT_IS_WAKE_UP) is False
    assert memory.getData(motion_module.REST_FINISHED) is True
    assert raised(memory, motion.wakeUp) == WAKE
    assert raised(memory, motion.wakeUp) == [WAKE[0], WAKE[2]]
    assert memory.getData(ROBOT_IS_WAKE_UP) is True
    assert set(event.source for event in memory.events) == {"ALMotion"}
    assert [call.method for call in motion.calls] == ["rest", "rest", "wakeUp", "wakeUp"]


def test_limp_joints_do_not_move_yet_calls_still_take_their_time():
    motion, _memory, _life, _day = pepper(clock=VirtualClock())  # time passes as calls wait
    motion.rest()
    before = motion.getAngles(["HipRoll", "LShoulderPitch"], False)
    motion.angleInterpolation(["HipRoll", "LShoulderPitch"], [0.2, 0.5], [1.0, 2.0], True)
    record = motion.trajectories[-1]
    assert record.finished and record.limp == ["HipRoll", "LShoulderPitch"]
    assert record.end - record.start == pytest.approx(2.0)  # it blocked its duration
    assert motion.getAngles(["HipRoll", "LShoulderPitch"], False) == before
    motion.setAngles("LShoulderPitch", 0.5, 0.5)
    motion.changeAngles("LShoulderPitch", 0.1, 0.5)
    assert motion.getAngles("LShoulderPitch", False) == before[1:]
    assert [(c.method, c.joints) for c in motion.limp_commands] == [
        ("angleInterpolation", ("HipRoll", "LShoulderPitch")),
        ("setAngles", ("LShoulderPitch",)), ("changeAngles", ("LShoulderPitch",))]
    motion.wakeUp()
    motion.setStiffnesses("LArm", 0.0)  # one limp chain, one stiff joint in the same call
    motion.angleInterpolation(["HeadYaw", "LShoulderPitch"], [0.3, 0.5], [1.0, 1.0], True)
    assert motion.getAngles(["HeadYaw", "LShoulderPitch"], False) == [0.3, before[1]]
    assert motion.trajectories[-1].limp == ["LShoulderPitch"]


def test_a_joint_set_limp_while_a_task_moves_it_stays_where_it_was():
    motion, _memory, _life, _day = pepper(time_scale=1.0)
    call = long_call(motion, "RElbowRoll", 1.5, 4000.0)
    assert motion.wait_for(started(motion, 1), TIMEOUT)
    motion.setStiffnesses("RElbowRoll", 0.0)
    frozen = motion.getAngles("RElbowRoll", False)
    motion.killAll()
    call.join()
    assert motion.getAngles("RElbowRoll", False) == frozen
    assert motion.trajectories[0].limp == ["RElbowRoll"]


def test_life_wakes_pepper_only_outside_safeguard_and_disabled_and_leaves_tasks_alone():
    motion, memory, life, _day = pepper(time_scale=1.0)
    motion.rest()
    call = long_call(motion, "HeadYaw")
    assert motion.wait_for(started(motion, 1), TIMEOUT)
    assert raised(memory, life.setState, "safeguard") == [(LIFE_STATE, "safeguard")]
    assert raised(memory, life.setState, "disabled") == [(LIFE_STATE, "disabled")]
    assert motion.robotIsWakeUp() is False
    assert motion.getStiffnesses("Body") == [0.0] * len(joints.ALL_JOINTS)
    assert motion.trajectories[0].end is None  # still running: stopAll is not ALMotion's
    assert raised(memory, life.setState, "solitary") == WAKE + [(LIFE_STATE, "solitary")]
    motion.killAll()
    call.join()


# ----------------------------------------------------------------- the base refuses
def test_the_charging_flap_stops_and_refuses_the_base_and_spares_the_joints():
    motion, memory, _life, day = pepper(time_scale=1.0)
    events = stopped_by_refusal(motion, memory, day.open_flap, motion_module.FLAP_OPEN)
    assert events == [(day_module.FLAP_KEY, 1), ("BatteryTrapIsOpen", True)]
    assert [event.source for event in memory.events][:2] == ["DCM", "ALBattery"]
    assert memory.getData(day_module.FLAP_KEY) == 1
    refused(motion, memory, [motion_module.FLAP_OPEN])
    motion.angleInterpolation("LHand", 0.4, 0.001, True)  # joint calls are unaffected
    assert motion.trajectories[-1].finished
    assert raised(memory, day.close_flap) == [(day_module.FLAP_KEY, 0),
                                              ("BatteryTrapIsOpen", False)]
    assert motion.moveTo(0.0, 0.0, 0.001) is True


def test_the_charging_station_refuses_the_base_until_pepper_is_away():
    motion, memory, _life, day = pepper(time_scale=1.0)
    events = stopped_by_refusal(motion, memory, day.dock, motion_module.CHARGING_STATION)
    assert events == [("ALRecharge/CloseToChargingStation", True),
                      ("ALBattery/ConnectedToChargingStation", True),
                      ("ALRecharge/ConnectedToChargingStation", True)]
    refused(motion, memory, [motion_module.CHARGING_STATION])
    assert raised(memory, day.undock) == [("ALBattery/ConnectedToChargingStation", False),
                                          ("ALRecharge/CloseToChargingStation", False)]
    assert memory.getData("ALRecharge/ConnectedToChargingStation") is True  # docking only
    assert motion.moveTo(0.0, 0.0, 0.001) is True


def test_move_disabled_refuses_the_base():
    motion, memory, _life, day = pepper(time_scale=1.0)
    events = stopped_by_refusal(motion, memory, lambda: day.set_move_disabled(True),
                                motion_module.MOVE_DISABLED)
    assert events == [("ALMotion/Protection/DisabledFeaturesChanged", [["Move", True]])]
    day.open_flap()
    refused(motion, memory, [motion_module.MOVE_DISABLED, motion_module.FLAP_OPEN])
    day.close_flap()
    assert raised(memory, day.set_move_disabled, False) == [
        ("ALMotion/Protection/DisabledFeaturesChanged", [["Move", False]])]
    assert motion.moveTo(0.0, 0.0, 0.001) is True


def test_resting_legs_refuse_the_base():
    motion, memory, _life, _day = pepper()
    motion.rest()
    refused(motion, memory, [motion_module.LEGS_LIMP])
    motion.wakeUp()
    assert motion.moveTo(0.0, 0.0, 0.001) is True


# ----------------------------------------------------------------- disabled chains
def status_of(disabled):
    """DisabledDevicesChanged's value: "the actual disabled devices status", each chain
    with its flag."""
    return [[chain, chain in disabled] for chain in day_module.CHAINS]


def test_a_disabled_chain_kills_its_tasks_and_refuses_every_call_on_it():
    motion, memory, _life, day = pepper(time_scale=1.0)
    motion.setStiffnesses("LArm", 0.5)
    arm = long_call(motion, "LElbowRoll", -0.5)
    head = long_call(motion, "HeadYaw")
    assert motion.wait_for(started(motion, 2), TIMEOUT)
    assert raised(memory, day.set_chain_disabled, "LArm", True) == [
        ("ALMotion/Protection/DisabledDevicesChanged", status_of(["LArm"]))]
    arm.join()
    killed = [(record.names, record.killed_by) for record in motion.trajectories]
    assert killed == [(["LElbowRoll"], motion_module.BY_PROTECTION), (["HeadYaw"], None)]
    for method, args in (("angleInterpolation", (["LHand", "RHand"], 0.5, 1.0, True)),
                         ("setAngles", ("LArm", 0.0, 0.5)),
                         ("changeAngles", ("LShoulderPitch", 0.1, 0.5)),
                         ("setStiffnesses", ("Body", 1.0))):
        with pytest.raises(RuntimeError) as info:
            getattr(motion, method)(*args)
        assert "%s: the chain LArm is disabled" % method in str(info.value)
        assert motion.calls[-1].method == method  # sent, and recorded
    motion.angleInterpolation("RHand", 0.5, 0.001, True)  # the other chains go on
    assert motion.moveTo(0.0, 0.0, 0.001) is True
    motion.wakeUp()  # stiffens the other chains only
    assert motion.getStiffnesses("LArm") == [0.5] * len(motion_module.CHAINS["LArm"])
    assert motion.getStiffnesses("RArm") == [1.0] * len(motion_module.CHAINS["RArm"])
    day.set_chain_disabled("LArm", False)
    motion.angleInterpolation("LHand", 0.5, 0.001, True)
    motion.killAll()
    head.join()
    assert day.status()["disabled_chains"] == []


def test_a_disabled_leg_stops_the_base_and_a_disabled_body_forbids_waking_up():
    motion, memory, _life, day = pepper(time_scale=1.0)
    events = stopped_by_refusal(motion, memory, lambda: day.set_chain_disabled("Leg", True),
                                motion_module.LEG_DISABLED)
    assert events == [("ALMotion/Protection/DisabledDevicesChanged", status_of(["Leg"]))]
    refused(motion, memory, [motion_module.LEG_DISABLED])
    day.set_chain_disabled("Leg", False)
    day.set_chain_disabled("Body", True)
    refused(motion, memory, [motion_module.BODY_DISABLED])
    motion.rest()  # rest is still available
    with pytest.raises(RuntimeError) as info:
        motion.wakeUp()
    assert "wakeUp: the chain Body is disabled" in str(info.value)
    with pytest.raises(RuntimeError):
        motion.angleInterpolation("HeadYaw", 0.1, 1.0, True)
    day.set_chain_disabled("Body", False)
    motion.wakeUp()
    assert motion.safety_state() == {"awake": True, "fallen": False, "disabled_chains": [],
                                     "move_refusals": []}
    with pytest.raises(ValueError):
        day.set_chain_disabled("Tail", True)


# ----------------------------------------------------------------- fall
def test_a_fall_stops_everything_rests_pepper_and_holds_life_in_safeguard():
    motion, memory, life, day = pepper(time_scale=1.0)
    arm = long_call(motion, "RShoulderPitch")
    base = moving(motion)
    assert motion.wait_for(started(motion, 1), TIMEOUT)
    assert raised(memory, day.fall) == [("ALMotion/RobotIsFalling", True),
                                        ("ALMotion/RobotIsStand", False),
                                        (ROBOT_IS_WAKE_UP, False), ("robotHasFallen", True),
                                        (LIFE_STATE, "safeguard")]
    arm.join()
    assert base.join() is False
    assert motion.trajectories[0].killed_by == motion_module.BY_FALL
    assert motion.moves[-1].stopped_by == motion_module.BY_FALL
    assert motion.getStiffnesses("Body") == [0.0] * len(joints.ALL_JOINTS)
    assert life.transitions[-1].cause == "RobotFell" and life.safeguard_causes() == [
        "RobotFell"]
    for method in ("wakeUp", "rest"):
        with pytest.raises(RuntimeError) as info:
            getattr(motion, method)()
        assert "neither Wake up nor Rest are available" in str(info.value)
    with pytest.raises(RuntimeError):
        day.leave_safeguard()  # not upright yet
    assert raised(memory, day.stand_up) == [("ALMotion/RobotIsStand", True)]
    assert life.getState() == "safeguard" and motion.robotIsWakeUp() is False
    assert raised(memory, day.leave_safeguard) == [(LIFE_STATE, "solitary")]  # nobody woke her
    assert motion.robotIsWakeUp() is False
    assert raised(memory, motion.wakeUp) == WAKE
    assert [entry.what for entry in day.log] == ["fell", "upright", "safeguard over"]


def test_a_fall_while_life_is_disabled_leaves_life_disabled():
    motion, memory, life, day = pepper(life_state="disabled")
    assert raised(memory, day.fall) == [("ALMotion/RobotIsFalling", True),
                                        ("ALMotion/RobotIsStand", False),
                                        (ROBOT_IS_WAKE_UP, False), ("robotHasFallen", True)]
    assert life.getState() == "disabled"


# ----------------------------------------------------------------- push
def test_a_push_stops_the_base_and_its_safeguard_ends_3_robot_seconds_later():
    clock = VirtualClock()  # robot time passes once the push's timer waits
    motion, memory, life, day = pepper(clock=clock)
    with clock.held():  # the move waits for the push
        base = moving(motion)
        events = raised(memory, day.push, 0.25, 3.0)
    assert events == [("ALMotion/RobotPushed", [0.25, 3.0]),
                      ("ALMotion/Safety/PushRecovery", [0.25]), (LIFE_STATE, "safeguard")]
    assert base.join() is False and motion.moves[-1].stopped_by == motion_module.BY_PUSH
    assert memory.wait_for(lambda: memory.values_of(LIFE_STATE) == ["safeguard", "solitary"],
                           TIMEOUT)
    pushed, rebalanced = life.transitions[-2:]
    assert (pushed.cause, rebalanced.cause) == ("RobotPushed", "trouble passed")
    assert rebalanced.time - pushed.time == pytest.approx(day_module.PUSH_SAFEGUARD_SECONDS)
    assert motion.robotIsWakeUp() is True
    assert [entry.what for entry in day.log] == ["pushed 0.25 rad 3.0 J",
                                                 "rebalanced: safeguard over"]


def test_a_second_push_restarts_the_3_seconds_on_the_robot_clock():
    clock = VirtualClock()  # robot time passes once the pushes' threads all wait
    _motion, memory, life, day = pepper(clock=clock)

    def push_again():
        clock.wait(clock.event(), 1.0)
        day.push()

    with clock.held():
        day.push()
        first = clock.now()
        clock.thread(push_again, "the second push").start()
    assert memory.wait_for(lambda: memory.values_of(LIFE_STATE) == ["safeguard", "solitary"],
                           TIMEOUT)
    assert life.transitions[-1].time - first == pytest.approx(
        1.0 + day_module.PUSH_SAFEGUARD_SECONDS)
    assert [entry.what for entry in day.log] == ["pushed 0.50 rad 3.0 J"] * 2 + [
        "rebalanced: safeguard over"]


def test_a_push_with_no_recovery_only_raises_robot_pushed():
    motion, memory, life, day = pepper()
    assert raised(memory, day.push, 0.1, 1.0) == [("ALMotion/RobotPushed", [0.1, 1.0])]
    day.open_flap()
    assert raised(memory, day.push) == [("ALMotion/RobotPushed", [0.5, 3.0])]
    day.close_flap()
    motion.rest()
    assert raised(memory, day.push) == [("ALMotion/RobotPushed", [0.5, 3.0])]
    assert life.getState() == "solitary"


# ----------------------------------------------------------------- battery, slope, heat
def test_battery_slope_and_heat_raise_their_keys():
    _motion, memory, _life, day = pepper()
    assert raised(memory, day.set_battery_low, True) == [("BatteryLowDetected", True),
                                                         ("ALBattery/BatteryLow", True)]
    assert raised(memory, day.set_battery_low, False) == [("BatteryLowDetected", False)]
    assert raised(memory, day.set_battery_charge, 42) == [("BatteryChargeChanged", 42)]
    assert raised(memory, day.set_on_slope, True) == [("ALMotion/Safety/RobotOnASlope", True)]
    key = "Device/SubDeviceList/WheelB/Temperature/Sensor/Status"
    assert raised(memory, day.heat_wheel, "WheelB", 2) == [(key, 2)]
    assert memory.getData(key) == 2 and memory.getData("BatteryChargeChanged") == 42
    status = day.status()
    assert status["battery_charge"] == 42 and status["on_slope"] is True
    assert status["wheel_temperatures"] == {"WheelFL": 0, "WheelFR": 0, "WheelB": 2}
    for bad in (("WheelX", 1), ("WheelB", 4)):
        with pytest.raises(ValueError):
            day.heat_wheel(*bad)
    joint_key = "Device/SubDeviceList/LElbowRoll/Temperature/Sensor/Status"
    assert raised(memory, day.heat_joint, "LElbowRoll", 1) == [(joint_key, 1)]
    assert memory.getData(joint_key) == 1
    assert day.status()["joint_temperatures"]["LElbowRoll"] == 1
    assert day.status()["joint_temperatures"]["KneePitch"] == 0
    for bad in (("WheelB", 1), ("KneePitch", -1)):
        with pytest.raises(ValueError):
            day.heat_joint(*bad)


# ----------------------------------------------------------------- over libqi
def test_qi_a_client_meets_the_flap_a_disabled_chain_and_a_fall(robot, client):
    motion = client.service("ALMotion")
    memory = client.service("ALMemory")
    failed = memory.subscriber(MOVE_FAILED)
    heard = []
    got = threading.Event()

    def on_failed(value):
        heard.append(value)
        got.set()

    failed.signal.connect(on_failed)
    assert "BatteryTrapIsOpen" in memory.getEventList()
    robot.day.open_flap()
    assert memory.getData("Device/SubDeviceList/Platform/ILS/Sensor/Value") == 1
    assert motion.moveTo(0.0, 0.0, 0.5) is False
    assert got.wait(TIMEOUT) and heard == MOVE_FAILED_REFUSED
    robot.day.close_flap()
    assert motion.moveTo(0.0, 0.0, 0.001) is True
    robot.day.set_chain_disabled("RArm", True)
    with pytest.raises(RuntimeError) as info:
        motion.angleInterpolation("RHand", 0.5, 1.0, True)
    assert "the chain RArm is disabled" in str(info.value)
    robot.day.set_chain_disabled("RArm", False)
    robot.day.fall()
    assert memory.getData("robotHasFallen") is True
    assert client.service("ALAutonomousLife").getState() == "safeguard"
    with pytest.raises(RuntimeError) as info:
        motion.wakeUp()
    assert "neither Wake up nor Rest" in str(info.value)
    before = motion.getAngles("LShoulderPitch", False)
    motion.angleInterpolation("LShoulderPitch", 0.0, 0.5, True)  # into limp joints
    assert motion.getAngles("LShoulderPitch", False) == before
    robot.day.stand_up()
    robot.day.leave_safeguard()
    motion.wakeUp()
    assert memory.getData("robotIsWakeUp") is True


def test_qi_the_push_safeguard_ends_by_itself(robot, client):
    states = []
    over = threading.Event()
    subscriber = client.service("ALMemory").subscriber(LIFE_STATE)

    def on_state(state):
        states.append(state)
        if state == "solitary":
            over.set()

    subscriber.signal.connect(on_state)
    robot.day.push()
    assert over.wait(TIMEOUT)
    assert states == ["safeguard", "solitary"]


@pytest.mark.parametrize("service, name", [
    ("ALMotion", name) for name in ("safety_state", "block_moves", "disable_chain",
                                    "report_move_failure", "fall_manager", "set_upright",
                                    "push_recovery", "memory")] + [
    ("ALAutonomousLife", name) for name in ("enter_safeguard", "end_safeguard",
                                            "safeguard_causes")])
def test_qi_hides_the_days_helpers(robot, client, service, name):
    with pytest.raises(AttributeError):
        getattr(client.service(service), name)


@pytest.mark.simulator
@pytest.mark.skipif(sys.version_info[0] < 3, reason="qiBullet is on the 3.9 lane only")
def test_simulator_limp_joints_are_commanded_nowhere():
    from pepper_bullet.robot import BulletRobot
    with BulletRobot() as simulated:
        session = qi.Session()
        session.connect(simulated.url)
        try:
            motion = session.service("ALMotion")
            motion.rest()
            commanded = motion.getAngles("LShoulderPitch", False)
            motion.angleInterpolation("LShoulderPitch", 0.0, 0.5, True)
            assert motion.getAngles("LShoulderPitch", False) == commanded
            assert simulated.motion.trajectories[-1].limp == ["LShoulderPitch"]
            simulated.day.open_flap()
            motion.wakeUp()
            assert motion.moveTo(0.0, 0.0, 0.3) is False
        finally:
            session.close()
