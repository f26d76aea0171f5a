# -*- coding: utf-8 -*-
"""What a caller sends cannot flood or forge the log (both lanes, no sleeping)."""
from __future__ import absolute_import, division, print_function, unicode_literals

import logging
import sys
import threading

import pytest

from animate_behaviour.engine.supervisor import EngineClosed
from animate_behaviour.foundation import shown
from animate_behaviour.serving import log_guard
from animate_behaviour.serving import service as service_module

from helpers.manual_clock import ManualClock

HUGE = "A" * 100000


class Recorder(logging.Handler):
    def __init__(self):
        logging.Handler.__init__(self)
        self.lines = []

    def emit(self, record):
        self.lines.append((record.levelno, record.getMessage()))


@pytest.fixture
def recorded():
    logger = logging.getLogger("test.log_guard")
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    recorder = Recorder()
    logger.addHandler(recorder)
    yield logger, recorder.lines
    logger.removeHandler(recorder)


class FakeTimers(object):
    """start_timer(delay, function) that runs nothing until told to."""

    def __init__(self):
        self.pending = []

    def __call__(self, delay, function):
        self.pending.append((delay, function))

    def fire_all(self):
        pending, self.pending = self.pending, []
        for _delay, function in pending:
            function()


@pytest.mark.parametrize("value, expected", [
    ("enabled", "'enabled'"),
    ("", "''"),
    (" enabled", "' enabled'"),
    ("it's", "'it\\'s'"),
    ("a\nb\r\tc\x1b[31m\x00", "'a\\nb\\r\\tc\\x1b[31m\\x00'"),
    ("caf\xe9 \u202eevil \U0001f600", "'caf\\xe9 \\u202eevil \\U0001f600'"),
    (3, "3"),
    (2 ** 70, "1180591620717411303424"),  # a long on Python 2, as libqi 1.8.3 passes integers
    (None, "None"),
    ([1, "x\ny"], "[1, 'x\\ny']" if sys.version_info[0] >= 3 else "[1, u'x\\ny']"),
])
def test_shown_is_one_printable_ascii_line_like_repr(value, expected):
    assert shown.shown(value) == expected


def test_shown_of_native_strings_is_the_same_on_both_lanes():
    assert shown.shown(str("enabled")) == "'enabled'"
    assert shown.shown(str("x\n")) == "'x\\n'"


@pytest.mark.skipif(sys.version_info[0] < 3, reason="Python 2's bytes are its str: text")
def test_shown_marks_bytes():
    assert shown.shown(b"ab\xff") == "b'ab\\xff'"


def test_shown_cuts_long_values_and_notes_their_length():
    text = shown.shown(HUGE)
    assert text == "'%s'... (100000 characters)" % ("A" * shown.SHOWN_LIMIT)
    escapes = shown.shown("\n" * 100000)
    assert escapes.endswith("... (100000 characters)")
    assert len(escapes) < shown.SHOWN_LIMIT + 40
    listed = shown.shown(list(range(100000)))
    assert listed.endswith("(repr of 688890 characters)")
    assert len(listed) < shown.SHOWN_LIMIT + 40
    assert shown.shown("A" * shown.SHOWN_LIMIT) == "'%s'" % ("A" * shown.SHOWN_LIMIT)
    assert shown.shown(HUGE, limit=4) == "'AAAA'... (100000 characters)"


def test_shown_survives_a_raising_repr():
    class Hostile(object):
        def __repr__(self):
            raise RuntimeError("no")
    assert shown.shown(Hostile()) == "<Hostile whose repr raised RuntimeError>"


def test_throttle_logs_a_burst_then_one_summary_per_period(recorded):
    logger, lines = recorded
    clock, timers = ManualClock(), FakeTimers()
    throttle = log_guard.Throttle(logger, burst=3, period=60.0, clock=clock.now,
                                  start_timer=timers)
    results = [throttle.error("refused", "line %d" % index) for index in range(10)]
    assert results == [True] * 3 + [False] * 7
    assert lines == [(logging.ERROR, "line %d" % index) for index in range(3)]
    assert len(timers.pending) == 1 and timers.pending[0][0] == 60.0
    clock.time += 60.0
    timers.fire_all()
    assert lines[3:] == [(logging.ERROR, "refused: 7 more like this in 60 s not logged "
                                         "(at most 3 every 60 s are)")]
    assert throttle.error("refused", "again") is True
    assert lines[-1] == (logging.ERROR, "again")


def test_throttle_summarises_when_a_line_comes_after_the_period(recorded):
    logger, lines = recorded
    clock, timers = ManualClock(), FakeTimers()
    throttle = log_guard.Throttle(logger, burst=1, period=10.0, clock=clock.now,
                                  start_timer=timers)
    throttle.error("refused", "first")
    clock.time += 4.0
    throttle.error("refused", "second")
    assert timers.pending[0][0] == 6.0  # the period's end, not 10 s from now
    clock.time += 20.0
    throttle.error("refused", "third")
    assert [line for _level, line in lines] == [
        "first", "refused: 1 more like this in 24 s not logged (at most 1 every 10 s are)",
        "third"]
    timers.fire_all()  # the old period's timer: already summarised, says nothing more
    assert len(lines) == 3


def test_throttle_counts_kinds_apart_and_quiet_periods_log_no_summary(recorded):
    logger, lines = recorded
    clock, timers = ManualClock(), FakeTimers()
    throttle = log_guard.Throttle(logger, burst=1, period=10.0, clock=clock.now,
                                  start_timer=timers)
    assert throttle.error("a", "a1") and throttle.error("b", "b1")
    assert not throttle.error("a", "a2")
    clock.time += 10.0
    assert throttle.error("b", "b2")
    timers.fire_all()
    assert [line for _level, line in lines] == [
        "a1", "b1", "b2", "a: 1 more like this in 10 s not logged (at most 1 every 10 s are)"]


def test_throttle_counts_every_line_from_many_threads(recorded):
    logger, lines = recorded
    clock, timers = ManualClock(), FakeTimers()
    throttle = log_guard.Throttle(logger, burst=5, period=60.0, clock=clock.now,
                                  start_timer=timers)

    def flood():
        for _ in range(500):
            throttle.error("refused", "bad")
    threads = [threading.Thread(target=flood) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10.0)
    assert not any(thread.is_alive() for thread in threads)
    timers.fire_all()
    assert lines[:5] == [(logging.ERROR, "bad")] * 5
    assert lines[5:] == [(logging.ERROR, "refused: 3995 more like this in 0 s not logged "
                                         "(at most 5 every 60 s are)")]


def test_throttle_refuses_nonsense_settings(recorded):
    with pytest.raises(ValueError, match="burst >= 1 and period > 0 s"):
        log_guard.Throttle(recorded[0], burst=0)
    with pytest.raises(ValueError, match="period=nan"):
        log_guard.Throttle(recorded[0], period=float("nan"))


class StubEngine(object):
    def __init__(self, closed=False):
        self.requested = "disabled"
        self.closed = closed

    def request(self, state):
        if self.closed:
            raise EngineClosed("the animate behaviour is shutting down")
        self.requested = state


def test_a_flood_of_hostile_calls_logs_a_few_short_lines(recorded, monkeypatch):
    logger, lines = recorded
    timers = FakeTimers()
    monkeypatch.setattr(log_guard, "start_daemon_timer", timers)
    service = service_module.AnimateBehaviourService(StubEngine(), None, logger)
    hostile = [HUGE, HUGE + "\nERROR forged line", "\x1b[2J" * 1000, 7, ["enabled"]]
    for index in range(1000):
        assert service.set_activation(hostile[index % len(hostile)]) == 0
    assert service.set_activation("enabled") == 1
    assert 1 <= len(lines) <= log_guard.BURST
    for level, line in lines:
        assert level == logging.ERROR
        assert len(line) < 200 and "\n" not in line and "\x1b" not in line
    assert lines[0][1] == ("setActivation('%s'... (100000 characters)) refused: state must be "
                           "\"enabled\" or \"disabled\"" % ("A" * shown.SHOWN_LIMIT))
    timers.fire_all()
    assert lines[-1][1].startswith("setActivation refused: %d more like this in "
                                   % (1000 - log_guard.BURST))


def test_refusals_while_shutting_down_are_throttled_too(recorded):
    logger, lines = recorded
    clock, timers = ManualClock(), FakeTimers()
    throttle = log_guard.Throttle(logger, burst=2, clock=clock.now, start_timer=timers)
    service = service_module.AnimateBehaviourService(StubEngine(closed=True), None, logger,
                                                     throttle)
    assert [service.set_activation("enabled") for _ in range(5)] == [0] * 5
    assert [line for _level, line in lines] == [
        "setActivation('enabled') refused: the animate behaviour is shutting down"] * 2


def test_the_default_timer_runs_the_summary_from_a_daemon_thread():
    ran = threading.Event()
    timer = log_guard.start_daemon_timer(0.0, ran.set)
    assert timer.daemon
    assert ran.wait(5.0)
