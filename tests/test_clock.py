"""The package's clock: monotonic seconds, and waits that block in libqi (both lanes)."""
from __future__ import absolute_import, division, print_function

import os
import threading

import pytest

from animate_behaviour.foundation import clock as clock_module
from animate_behaviour.foundation.clock import REAL_TIME, ScaledClock, Ticker

from helpers.manual_clock import ManualClock, ManualEvent

TIMEOUT = 10.0


@pytest.mark.skipif(not os.path.exists("/proc/uptime"), reason="needs Linux's /proc/uptime")
def test_the_clock_is_the_systems_monotonic_clock_not_the_wall_clock():
    # NTP corrects the robot's wall clock (time.time); elapsed times (call lengths, quiet
    # and cool-down times) must not jump with it. CLOCK_MONOTONIC counts from the boot,
    # as /proc/uptime does (they differ only across a suspend).
    with open("/proc/uptime") as uptime:
        since_boot = float(uptime.read().split()[0])
    assert abs(REAL_TIME.now() - since_boot) < 1.0


def test_events_wait_in_libqi_on_both_lanes():
    assert isinstance(REAL_TIME.event(), clock_module.Wakeup)


@pytest.mark.parametrize("libqi", [True, False], ids=["libqi", "threading"])
def test_an_event_wakes_its_waiter_when_set_and_only_then(libqi):
    clock = ScaledClock(0.01, libqi=libqi)
    event = clock.event()
    assert not event.is_set()
    assert clock.wait(event, 1.0) is False  # 1 robot s = 10 ms: the timeout ends it
    woken = []
    waiter = clock.thread(lambda: woken.append(clock.wait(event, None)), "waiter")
    waiter.start()
    assert not waiter.join(0.05)  # an untimed wait does not end by itself
    event.set()
    assert waiter.join(TIMEOUT) and woken == [True]
    assert event.is_set() and clock.wait(event, 1000.0) is True
    event.clear()
    assert not event.is_set() and clock.wait(event, 0.0) is False
    event.set()
    event.set()  # setting twice is fine (a qi.Promise is set only once)
    assert event.wait(0.0)


@pytest.mark.parametrize("libqi", [True, False], ids=["libqi", "threading"])
def test_a_clock_thread_runs_its_target_and_join_tells_whether_it_ended(libqi):
    clock = ScaledClock(1.0, libqi=libqi)
    release = threading.Event()
    thread = clock.thread(release.wait, "held")
    assert thread.join(0.0)  # never started: nothing to wait for
    thread.start()
    assert thread.daemon and thread.is_alive()
    assert not thread.join(0.02)
    release.set()
    assert thread.join(TIMEOUT) and not thread.is_alive()
    assert thread.finished.is_set()


def test_a_scaled_clock_counts_robot_seconds():
    clock = ScaledClock(0.5)
    assert clock.elapsed(10.0, 11.0) == 2.0
    with pytest.raises(ValueError, match="time_scale must be a positive number"):
        ScaledClock(0.0)


class ClosedAsItClears(ManualEvent):
    """A Ticker's wake on which ``close`` comes just before the ticker's thread clears it
    after a ``wake()``: its second clear holds that thread until ``closing()``, run in a
    thread of its own, has set it (the interleaving a loaded machine makes now and then:
    test_random_days' teardown, an engine's context ticker)."""

    def __init__(self, clock):
        ManualEvent.__init__(self, clock)
        self.closing = None
        self._clears = 0

    def clear(self):
        self._clears += 1
        if self._clears == 2:
            closer = threading.Thread(target=self.closing)
            closer.daemon = True
            closer.start()
            with self._clock.changed:
                while not self.is_set():
                    self._clock.changed.wait()
        ManualEvent.clear(self)


class ClosingClock(ManualClock):
    """A ManualClock whose first event (a Ticker's wake) is ``wake``, a ClosedAsItClears."""

    def __init__(self):
        ManualClock.__init__(self)
        self.wake = None

    def event(self):
        if self.wake is None:
            self.wake = ClosedAsItClears(self)
            return self.wake
        return ManualClock.event(self)


def test_a_ticker_closed_as_it_clears_its_wake_still_ends():
    """A step that says "until woken" (the context's, with nothing due): the wake-up that
    ``close`` sends must not be cleared unseen, or the thread waits for ever."""
    clock = ClosingClock()
    stepped = threading.Event()
    closed, done = [], threading.Event()

    def step():
        stepped.set()
        return None  # until woken

    ticker = Ticker(clock, step, "ticker")

    def closing():
        closed.append(ticker.close(TIMEOUT))
        done.set()
    clock.wake.closing = closing
    ticker.start()
    assert stepped.wait(TIMEOUT)
    ticker.wake()
    assert done.wait(2 * TIMEOUT) and closed == [True]
