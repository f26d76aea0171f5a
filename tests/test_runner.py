"""``python -m animate_behaviour`` as a process against a simulated NAOqi."""
from __future__ import absolute_import, division, print_function

import os
import signal
import socket
import subprocess
import sys
import threading

import pytest
import qi

import pepper_sim
from pepper_sim.qi_server import ALL_SERVICES, SimulatedRobot

from helpers import checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 20.0
FAST = "gestureDuration = 0.5\nnumPoints = 20\nlegRepeatFactor = 4\n"
SCALE = 0.005  # the simulated robot's and the runner's: 2 s calls last 10 ms


def run(tmpdir, url, config_text=FAST, activate=True, extra=()):
    config = tmpdir.join("animateBehaviourConfiguration.ini")
    config.write(config_text)
    environment = pepper_sim.runner_environment(os.path.join(ROOT, "lib"))
    command = [sys.executable, "-m", "animate_behaviour", "--qi-url", url,
               "--config", str(config), "--log-file", str(tmpdir.join("runner.log")),
               "--time-scale", str(SCALE)]
    if activate:
        command.append("--activate")
    command.extend(extra)
    return subprocess.Popen(command, env=environment, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True)


def communicate(process):
    """``process.communicate()`` within TIMEOUT: (stdout, stderr). Python 2.7's has no
    timeout, so a thread waits for it; a runner still running then is aborted (SIGABRT:
    on Python 3, PYTHONFAULTHANDLER makes it write every thread's stack first), killed
    if that does not end it, and fails the test with what it wrote."""
    finished = []
    waiter = threading.Thread(target=lambda: finished.append(process.communicate()))
    waiter.daemon = True
    waiter.start()
    waiter.join(TIMEOUT)
    if waiter.is_alive():
        process.send_signal(signal.SIGABRT)
        waiter.join(TIMEOUT)
        if waiter.is_alive():
            process.kill()
            waiter.join(TIMEOUT)
        pytest.fail("the runner did not exit within %s s (aborted); (stdout, stderr): %r"
                    % (TIMEOUT, finished))
    return finished[0]


def registered(session):
    return "AnimateBehaviour" in [info["name"] for info in session.services()]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_disables_restores_unregisters_and_exits_0(tmpdir, signum):
    with SimulatedRobot(time_scale=SCALE) as robot:
        process = run(tmpdir, robot.url)
        try:
            motion = robot.motion
            assert motion.wait_for(lambda: checks.arms_moved(motion.trajectories), TIMEOUT)
            assert robot.life.abilities["BackgroundMovement"] is False
            assert registered(robot.session)
            process.send_signal(signum)
            _out, err = communicate(process)
        finally:
            if process.poll() is None:
                process.kill()
        assert process.returncode == 0, err
        assert not registered(robot.session)
        assert robot.life.abilities["BackgroundMovement"] is True
        assert checks.is_home_move(motion.trajectories[-1])
        assert "signal %d received: stopping" % signum in err
    assert "AnimateBehaviour service stopped" in tmpdir.join("runner.log").read()


# Sends SIGINT from a thread other than the main one once the main thread waits in
# select(): the kernel may deliver a process's signal to any of its threads (libqi's).
SIGNAL_FROM_ANOTHER_THREAD = """
import signal, sys, threading, time
sys.path.insert(0, sys.argv[1])
from animate_behaviour.serving.runner import StopRequest
stop = StopRequest()
received = []
stop.set_on_signals([signal.SIGINT], received.append)
main_thread = threading.get_native_id()

def main_thread_in_select():
    with open("/proc/self/task/%d/syscall" % main_thread) as syscall:
        return syscall.read().split()[0] in ("7", "23", "270", "271")  # (p)poll, (p)select

def interrupt():
    while not main_thread_in_select():
        time.sleep(0.001)
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=interrupt).start()
stop.wait()
stop.close()
print(received)
"""


@pytest.mark.skipif(not hasattr(threading, "get_native_id"),
                    reason="sending a signal to one thread needs Python 3.8")
def test_a_signal_delivered_to_another_thread_wakes_the_waiting_runner():
    """It once went unanswered: the main thread slept on in select(), the runner killed."""
    process = subprocess.Popen([sys.executable, "-c", SIGNAL_FROM_ANOTHER_THREAD,
                                os.path.join(ROOT, "lib")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True)
    out, err = communicate(process)
    assert process.returncode == 0, err
    assert out.strip() == "[%d]" % signal.SIGINT


def test_show_on_tablet_shows_the_page_until_the_runner_stops(tmpdir):
    services = ALL_SERVICES + ("ALTabletService",)
    with SimulatedRobot(time_scale=SCALE, services=services) as robot:
        process = run(tmpdir, robot.url, activate=False, extra=["--show-on-tablet"])
        try:
            assert robot.tablet.wait_for(lambda: robot.tablet.shown is not None, TIMEOUT)
            assert robot.tablet.shown.endswith("/apps/animate-behaviour/index.html")
            process.send_signal(signal.SIGTERM)
            _out, err = communicate(process)
        finally:
            if process.poll() is None:
                process.kill()
        assert process.returncode == 0, err
        assert robot.tablet.shown is None


def test_unreachable_naoqi_exits_1_with_a_clear_message(tmpdir):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    listener.close()  # nothing listens there any more
    process = run(tmpdir, "tcp://127.0.0.1:%d" % port)
    _out, err = communicate(process)
    assert process.returncode == 1
    assert "cannot reach NAOqi at tcp://127.0.0.1:%d" % port in err


def test_bad_configuration_exits_2_naming_key_value_and_allowed(tmpdir):
    process = run(tmpdir, "tcp://127.0.0.1:1", config_text="legMaximumRange = 0.3, 0.1, 0.1\n")
    _out, err = communicate(process)
    assert process.returncode == 2
    assert "legMaximumRange = 0.3, 0.1, 0.1 is not allowed: 3 numbers in [0, 0.15]" in err


def test_runner_without_activate_waits_for_setactivation(tmpdir):
    with SimulatedRobot(time_scale=SCALE) as robot:
        process = run(tmpdir, robot.url, activate=False)
        try:
            client = qi.Session()
            client.connect(robot.url)
            client.waitForService("AnimateBehaviour", _async=True).value(int(TIMEOUT * 1000))
            service = client.service("AnimateBehaviour")
            assert service.getActivation() == "disabled"
            assert robot.motion.trajectories == []
            assert service.setActivation("enabled") == 1
            motion = robot.motion
            assert motion.wait_for(lambda: len(checks.random_ones(motion.trajectories)) >= 2,
                                   TIMEOUT)
            process.send_signal(signal.SIGTERM)
            communicate(process)
            client.close()
        finally:
            if process.poll() is None:
                process.kill()
        assert process.returncode == 0


def test_naoqi_going_away_exits_1(tmpdir):
    robot = SimulatedRobot(time_scale=SCALE)
    process = run(tmpdir, robot.url)
    try:
        motion = robot.motion
        assert motion.wait_for(lambda: len(checks.random_ones(motion.trajectories)) >= 2, TIMEOUT)
        robot.close()
        _out, err = communicate(process)
    finally:
        robot.close()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 1, err
    assert "lost the connection to NAOqi at %s" % robot.url in err
