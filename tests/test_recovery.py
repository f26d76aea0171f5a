"""Unit tests of the one recovery state machine (recovery.Recovery) and of the Sender's
rules (sender.Sender), with a clock that advances only when waited on."""
from __future__ import absolute_import, division, print_function

import logging
import threading
import time

import pytest

from animate_behaviour.engine import disruptions, recovery, status as status_module
from animate_behaviour.foundation.clock import ScaledClock
from animate_behaviour.naoqi import sender as sender_module
from animate_behaviour.engine.disruptions import (ERROR, HOT, OTHER_APP, PAUSED, REFUSED,
                                                  RESTING, SPEECH, WAITING, Disruption)
from animate_behaviour.engine.recovery import Backoff, Recovery

from helpers.manual_clock import ManualClock


class Config(object):
    yield_quiet_time = 1.0


class FakeRound(object):
    def __init__(self):
        self.clock = ManualClock(stepping=True, start=0.0)
        self.status = status_module.Status()
        self.log = logging.getLogger("test.recovery")
        self.config = Config()


class ScriptedPart(object):
    """What each look (check) finds, in turn; then nothing."""

    who = "group leftArm"
    status_name = "leftArm"

    def __init__(self, looks, last_moment=(), ways_home=()):
        self._looks = list(looks)
        self._last_moment = list(last_moment)
        self._ways_home = list(ways_home)  # what each way home answers; then None (home)
        self.yielded = []
        self.went_home = []
        self.resumed = 0
        self.resumed_after = None
        self.settled = []  # what had held it, each time its quiet began
        self.backoff = Backoff(self.who, logging.getLogger("test.recovery"))

    def check(self, _held):
        return self._looks.pop(0) if self._looks else None

    def yielding(self, disruption, _kind, _first):
        self.yielded.append(disruption.reason)

    def go_home(self, reason, _held):
        self.went_home.append(reason)
        return self._ways_home.pop(0) if self._ways_home else None

    def settling(self, held):
        self.settled.append(list(held))

    def resuming(self, held):
        self.resumed += 1
        self.resumed_after = list(held)
        return self._last_moment.pop(0) if self._last_moment else None


def run(part, first):
    round_ = FakeRound()
    machine = Recovery(part, round_, round_.clock.event())
    return machine, round_, machine.run(first)


def test_another_app_is_polled_until_gone_then_quiet_for_yield_quiet_time():
    part = ScriptedPart([Disruption(OTHER_APP)] * 2)
    machine, round_, resumed = run(part, Disruption(OTHER_APP, why="holds its joints"))
    assert resumed and machine.state == status_module.ANIMATING
    # Three looks while it is there, then quiet counted in polls of YIELD_POLL up to 1 s.
    assert round_.clock.waits[:3] == [disruptions.YIELD_POLL] * 3
    quiet = round_.clock.time - 3 * disruptions.YIELD_POLL
    assert 1.0 - 1e-9 <= quiet <= 1.0 + disruptions.YIELD_POLL + 1e-9
    assert all(wait <= disruptions.YIELD_POLL + 1e-9 for wait in round_.clock.waits)
    assert round_.status.snapshot()["counters"]["yields"] == 1
    assert round_.status.snapshot()["parts"]["leftArm"] == {"state": "animating"}
    assert part.yielded == [OTHER_APP] * 3 and part.resumed == 1


def test_a_disruption_during_the_quiet_starts_the_quiet_again():
    part = ScriptedPart([None, Disruption(SPEECH)])
    _machine, round_, resumed = run(part, Disruption(SPEECH))
    assert resumed
    assert part.settled == [[SPEECH], [SPEECH]]  # told as each quiet began
    # Speech: look again after SPEECH_RECHECK unless woken; the first quiet second ends
    # with speech back, so the quiet second starts over once it is gone.
    assert round_.clock.waits == [disruptions.SPEECH_RECHECK, 1.0, disruptions.SPEECH_RECHECK, 1.0]
    assert part.yielded == [SPEECH, SPEECH]


def test_hot_joints_wait_until_woken_and_need_no_quiet():
    part = ScriptedPart([Disruption(HOT, ["LElbowRoll"])])
    _machine, round_, resumed = run(part, Disruption(HOT, ["LElbowRoll"]))
    assert resumed
    assert round_.clock.waits == [None, None]  # the monitor wakes it; no quiet after
    assert round_.status.snapshot()["counters"]["yields"] == 0


def test_a_part_on_its_way_home_may_ask_to_look_again_sooner():
    part = ScriptedPart([], ways_home=[0.05])
    _machine, round_, _resumed = run(part, Disruption(HOT, ["LElbowRoll"]))
    assert round_.clock.waits == [0.05]


def test_an_error_is_retried_after_retry_delay():
    _machine, round_, resumed = run(ScriptedPart([]), Disruption(ERROR))
    assert resumed and round_.clock.waits == [recovery.RETRY_DELAY]


class WokenSoon(ManualClock):
    """Every wait is woken after 0.1 s, whatever its timeout: what a failed call's return
    leaves behind (its wake is the worker's), and what any event may bring."""

    def wait(self, event, seconds):
        self.waits.append(seconds)
        self.set(self.time + 0.1)
        return True


def test_a_wake_does_not_shorten_the_retry_delay():
    """After a failure the next try waits RETRY_DELAY whatever wakes the part: a call that
    fails at once sets the worker's wake as it returns, and the part used to retry at once
    (issue 29: thousands of calls on a disabled arm in 20 s)."""
    round_ = FakeRound()
    round_.clock = WokenSoon(start=0.0)
    part = ScriptedPart([])
    resumed_at = []

    def resuming(_held):
        resumed_at.append(round_.clock.time)
        return None
    part.resuming = resuming
    assert Recovery(part, round_, round_.clock.event()).run(Disruption(ERROR, why="it failed"))
    assert resumed_at and resumed_at[0] >= recovery.RETRY_DELAY - 1e-9


def test_failures_in_a_row_back_off_up_to_retry_max_and_are_logged_once(caplog):
    backoff = Backoff("group leftArm", logging.getLogger("test.recovery"))
    with caplog.at_level(logging.INFO, logger="test.recovery"):
        delays = [backoff.failed("ALMotion.angleInterpolation (leftArm) failed: disabled")
                  for _ in range(12)]
        backoff.succeeded()
        backoff.succeeded()
        assert backoff.failed("again") == recovery.RETRY_DELAY
    assert delays[:4] == [2.0, 4.0, 8.0, 16.0]
    assert delays[-1] == recovery.RETRY_MAX and max(delays) == recovery.RETRY_MAX
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 3, lines  # the first failure, the success, the next episode
    assert lines[0].startswith("ALMotion.angleInterpolation (leftArm) failed: disabled; "
                               "group leftArm tries again in 2 s")
    assert lines[1] == "group leftArm works again after 12 failed tries"


def test_an_unexplained_refusal_is_logged_when_the_part_tries_again(caplog):
    with caplog.at_level(logging.INFO, logger="test.recovery"):
        _machine, round_, resumed = run(ScriptedPart([]), Disruption(REFUSED, why="obstacle"))
    assert resumed and round_.clock.waits == [recovery.RETRY_DELAY]
    assert [record.getMessage() for record in caplog.records] == [
        "ALMotion.moveTo refused to turn the base (obstacle); group leftArm tries again in "
        "2 s, then less and less often (up to every 240 s) while it fails"]


def test_each_failure_in_a_recovery_waits_longer():
    part = ScriptedPart([], last_moment=[Disruption(ERROR), Disruption(ERROR)])
    _machine, round_, resumed = run(part, Disruption(ERROR))
    assert resumed and round_.clock.waits == [2.0, 4.0, 8.0]


def test_what_the_last_moment_finds_is_yielded_to_without_resuming():
    part = ScriptedPart([], last_moment=[Disruption(OTHER_APP)])
    machine, round_, resumed = run(part, Disruption(ERROR))
    assert resumed and part.resumed == 2 and part.yielded == [ERROR, OTHER_APP]


def test_pepper_s_own_state_waits_until_woken_then_settles():
    part = ScriptedPart([Disruption(RESTING, why="Pepper rests")])
    machine, round_, resumed = run(part, Disruption(PAUSED, why="fall"))
    assert resumed and machine.home_first
    # Until woken (the own state's change), twice; then SETTLE_TIME of quiet.
    assert round_.clock.waits == [None, None, disruptions.SETTLE_TIME]
    assert round_.status.snapshot()["counters"]["yields"] == 0


def test_a_push_is_looked_at_again_when_it_ends_by_itself():
    part = ScriptedPart([])
    machine, round_, resumed = run(part, Disruption(PAUSED, why="pushed", until=1.5))
    assert resumed and round_.clock.waits == [1.5, disruptions.SETTLE_TIME]


def test_a_sign_that_explains_a_refusal_replaces_its_backoff(caplog):
    """A refused turn backs off; the flap's event that comes just after explains it: once
    the flap closes the base goes on at once (no quiet), not after the backoff, and the
    refusal is not logged (the flap's own line says why)."""
    part = ScriptedPart([Disruption(WAITING, why="charging flap open")])
    with caplog.at_level(logging.INFO, logger="test.recovery"):
        machine, round_, resumed = run(part, Disruption(REFUSED, why="moveTo refused"))
    assert not caplog.records and part.backoff.failures == 0
    assert resumed and not machine.home_first
    assert round_.clock.waits == [recovery.RETRY_DELAY, None]
    statuses = [part.yielded]
    assert statuses == [[REFUSED, WAITING]]


def test_the_status_gives_the_state_and_reason_of_pepper_s_own_state():
    part = ScriptedPart([disruptions.STOP])
    _machine, round_, resumed = run(part, Disruption(WAITING, why="charging flap open"))
    assert not resumed
    assert round_.status.snapshot()["parts"]["leftArm"] == {
        "state": "waiting", "reason": "charging flap open"}


def test_a_stop_ends_the_recovery():
    part = ScriptedPart([Disruption(OTHER_APP), disruptions.STOP])
    machine, round_, resumed = run(part, Disruption(OTHER_APP))
    assert not resumed and machine.state == status_module.HOME
    assert round_.status.snapshot()["parts"]["leftArm"]["state"] == "yielding"


# -- Sender --------------------------------------------------------------------------


class TaskMotion(object):
    """ALMotion's task rules, enough for the Sender: calls block until released, each a
    task in getTaskList; killTask ends one."""

    def __init__(self, busy=False):
        self.busy = busy
        self.calls = []
        self._tasks = {}
        self._next = 100
        self._lock = threading.Lock()

    def areResourcesAvailable(self, names):
        self.calls.append(("areResourcesAvailable", names))
        return not self.busy

    def getTaskList(self):
        # Busy joints are held by another app's task, listed like ours (id 1).
        with self._lock:
            return [["angleInterpolation", task]
                    for task in ([1] if self.busy else []) + list(self._tasks)]

    def angleInterpolation(self, names, angles, times, absolute):
        done = threading.Event()
        with self._lock:
            self._next += 1
            self._tasks[self._next] = done
        self.calls.append(("angleInterpolation", names))
        done.wait(10)

    def killTask(self, task):
        self.calls.append(("killTask", task))
        with self._lock:
            self._tasks.pop(task).set()
        return True


def sender_for(motion):
    clock = ScaledClock(libqi=False)
    return sender_module.Sender(motion, clock, logging.getLogger("test.sender")), clock


def test_the_sender_sends_nothing_to_busy_joints():
    motion = TaskMotion(busy=True)
    sender, clock = sender_for(motion)
    assert sender.send_joints(["LElbowRoll"], [[0.1]], [1.0], clock.event(), "t") == (
        None, sender_module.BUSY)
    assert [name for name, _args in motion.calls] == ["areResourcesAvailable"]


def test_the_sender_asks_for_the_joints_only_when_a_task_not_its_own_is_listed():
    """While nobody else moves, the task list read to find each call's task shows only
    ours: areResourcesAvailable is not asked (docs/naoqi.md, "ALMotion tasks:
    postponement, task lists, killing": a task holding joints is listed)."""
    motion = TaskMotion()
    sender, clock = sender_for(motion)
    first, _ = sender.send_joints(["LElbowRoll"], [[0.1]], [1.0], clock.event(), "left")
    second, _ = sender.send_joints(["RElbowRoll"], [[0.1]], [1.0], clock.event(), "right")
    assert (first.task_id, second.task_id) == (101, 102)
    assert [name for name, _args in motion.calls] == ["angleInterpolation"] * 2
    motion.busy = True  # another app's task appears: the joints are asked about again
    assert sender.send_joints(["LWristYaw"], [[0.1]], [1.0], clock.event(), "t") == (
        None, sender_module.BUSY)
    assert [name for name, _args in motion.calls][-1] == "areResourcesAvailable"
    for call in (first, second):
        assert sender.wait(call, 1.0, lambda: "stop", "t") == "stop"


def test_the_sender_stops_its_own_call_by_its_task_id_once():
    motion = TaskMotion()
    sender, clock = sender_for(motion)
    call, _ = sender.send_joints(["LElbowRoll"], [[0.1]], [1.0], clock.event(), "t")
    assert call.task_id == 101
    assert sender.wait(call, 1.0, lambda: "stop", "leftArm") == "stop"
    assert [c for c in motion.calls if c[0] == "killTask"] == [("killTask", 101)]


class SharedMotion(TaskMotion):
    """TaskMotion on a Pepper another app shares: ``another_app(names)`` starts its task
    (an id of the same counter, listed like ours) holding ``names`` until ``end_another``;
    a call of ours on joints it holds waits unlisted (NAOqi may leave postponed tasks out
    of getTaskList: robot check), and each call of ours is registered only once a listing
    that came after it has been answered (NAOqi may create the task a moment after the
    call arrives): the stand-in holds it until that listing, never on a timer."""

    def __init__(self):
        TaskMotion.__init__(self)
        self._cond = threading.Condition(self._lock)
        self._held = {}  # joint -> another app's task id
        self._listings = 0  # listings answered
        self.killed = []

    def another_app(self, names):
        with self._lock:
            self._next += 1
            self._tasks[self._next] = threading.Event()
            for name in names:
                self._held[name] = self._next
            return self._next

    def end_another(self, task):
        with self._cond:
            self._tasks.pop(task, None)
            self._held = dict((k, v) for k, v in self._held.items() if v != task)
            self._cond.notify_all()

    def areResourcesAvailable(self, names):
        self.calls.append(("areResourcesAvailable", names))
        with self._lock:
            return not [name for name in names if name in self._held]

    def getTaskList(self):
        with self._cond:
            listed = [["angleInterpolation", task] for task in self._tasks]
            self._listings += 1
            self._cond.notify_all()
            return listed

    def angleInterpolation(self, names, angles, times, absolute):
        self.calls.append(("angleInterpolation", names))
        deadline = time.time() + 10  # wall seconds: a sender that never lists again
        with self._cond:
            arrived = self._listings
            while self._listings == arrived or [n for n in names if n in self._held]:
                if time.time() >= deadline:
                    return
                self._cond.wait(deadline - time.time())
            self._next += 1
            done = self._tasks[self._next] = threading.Event()
        done.wait(10)

    def killTask(self, task):
        self.calls.append(("killTask", task))
        with self._cond:
            self.killed.append(task)
            found = self._tasks.pop(task, None)
            self._held = dict((k, v) for k, v in self._held.items() if v != task)
            self._cond.notify_all()
        if found is not None:
            found.set()
        return found is not None


def test_another_app_s_task_begun_since_the_last_listing_is_never_taken_for_our_call():
    """Another app's task that starts between two calls of ours (after the listing around
    the first, before the second is sent) and our second call, registered a moment after
    the listing that follows it, make a listing whose only new id is the other app's.
    One listing after a send, read against the one around the call before, cannot tell
    that from our own call's task (issue 37): the stop must still kill our call only."""
    motion = SharedMotion()
    sender, clock = sender_for(motion)
    first, _ = sender.send_joints(["LElbowRoll"], [[0.1]], [1.0], clock.event(), "left")
    wave = motion.another_app(["RElbowRoll"])
    second, _ = sender.send_joints(["LWristYaw"], [[0.1]], [1.0], clock.event(), "wrist")
    for call in (second, first):
        assert sender.wait(call, 1.0, lambda: "stop", "t") == "stop"
    assert wave not in motion.killed
    assert second.task_id is None or second.task_id != wave
    motion.end_another(wave)


def test_our_call_waiting_unlisted_behind_another_app_s_new_task_never_kills_it():
    """Another app's task takes a group's joints after the listing around our last call;
    our next call on them would wait behind it, unlisted, so that the only new id after
    sending it is the other app's: the call is not sent, or its stop kills nothing of the
    other app's."""
    motion = SharedMotion()
    sender, clock = sender_for(motion)
    first, _ = sender.send_joints(["LElbowRoll"], [[0.1]], [1.0], clock.event(), "left")
    gesture = motion.another_app(["LWristYaw"])
    second, refused = sender.send_joints(["LWristYaw"], [[0.1]], [1.0], clock.event(), "w")
    if second is not None:
        assert second.task_id != gesture
        stopping = threading.Thread(target=sender.wait,
                                    args=(second, 1.0, lambda: "stop", "wrist"))
        stopping.start()
    assert sender.wait(first, 1.0, lambda: "stop", "left") == "stop"
    assert gesture not in motion.killed
    motion.end_another(gesture)
    if second is None:
        assert refused == sender_module.BUSY
    else:
        stopping.join(10)
        assert gesture not in motion.killed


def test_the_machine_follows_its_table(monkeypatch):
    # Without the row that leaves QUIET once it lasted long enough, nothing resumes.
    monkeypatch.setattr(recovery, "TRANSITIONS", tuple(
        row for row in recovery.TRANSITIONS if row.event != recovery.LONG_ENOUGH))
    round_ = FakeRound()
    part = ScriptedPart([None])
    machine = Recovery(part, round_, round_.clock.event())
    with pytest.raises(RuntimeError) as raised:
        machine.run(Disruption(HOT, ("RHand",)))
    assert "no transition from quiet on quiet long enough" in str(raised.value)


def test_every_state_is_left_for_home_when_the_round_stops():
    stops = [row for row in recovery.TRANSITIONS if row.target == status_module.HOME]
    assert [row.sources for row in stops] == [recovery.STATES]
    assert recovery.STATES == ((status_module.ANIMATING,) + recovery.HELD
                               + (recovery.QUIET, recovery.RESUMING, status_module.HOME))
    # One vocabulary: the kinds' states are the status's.
    assert set(recovery.HELD) == set(status_module.STATES) - {status_module.ANIMATING,
                                                              status_module.HOME}


def test_a_part_held_still_at_home_goes_there_once_an_episode():
    """Hot, then on a slope: its way home is tried again until there, and not again."""
    part = ScriptedPart([Disruption(HOT, ["LKneePitch"]),
                         Disruption(WAITING, why="on a slope")], ways_home=[0.05])
    machine, round_, resumed = run(part, Disruption(HOT, ["LKneePitch"]))
    assert resumed and part.went_home == [HOT, HOT]
    assert part.yielded == [HOT, HOT, WAITING]
    assert round_.clock.waits == [0.05, None, None]
    assert machine.held == part.resumed_after == [HOT, WAITING]


def test_a_streak_begins_at_its_first_failure_and_ends_with_a_success():
    backoff = Backoff("base", logging.getLogger("test.recovery"))
    assert backoff.since(1.0) == 1.0
    backoff.failed("refused", explainable=True)
    backoff.explained()  # the flap's sign: no backoff, the same streak
    assert backoff.since(5.0) == 1.0
    backoff.succeeded()
    assert backoff.since(9.0) == 9.0


class ReturnsAsLookedAt(object):
    """A call's ``done`` whose call returns right after the worker's first look at it
    (``is_set``): the call's thread then sets ``done`` and wakes the worker (OwnCall's
    _finish). Holds that interleaving for the test, which a loaded machine makes now and
    then: NAOqi's rest kills our task and raises restStarted on another thread, and
    both come between the sender's look at the call and its clear of the wake."""

    def __init__(self, clock, wake):
        self._done = clock.event()
        self._wake = wake
        self.looks = 0

    def is_set(self):
        self.looks += 1
        found = self._done.is_set()
        if self.looks == 1:
            self._done.set()
            self._wake.set()
        return found


def test_a_stop_reason_that_woke_the_sender_as_the_call_returned_is_not_lost():
    """Pepper rests: her rest kills our call, and her own state, heard on another thread,
    wakes the worker, both after the sender's look at whether the call had returned. The
    sender's wait clears the wake (which now carries both): it must still ask why to stop,
    or the group takes the rest's kill for another app's, says "yielding to another app"
    and looks again only at its next poll (test_random_days, the 2.7 lane, one run in
    four)."""
    clock = ManualClock(stepping=True, start=0.0)
    sender = sender_module.Sender(TaskMotion(), clock, logging.getLogger("test.sender"))
    wake = clock.event()
    wake.set()  # Pepper's own state changed: the worker looks again
    call = sender_module.JointCall(TaskMotion(), "angleInterpolation", ([], [], [], True),
                                   wake, "leftArm.call", clock)
    call.started = clock.now()
    call.done = ReturnsAsLookedAt(clock, wake)
    rests = Disruption(RESTING, why="Pepper rests")
    assert sender.wait(call, 1.0, lambda: rests, "leftArm") == rests
    assert not clock.waits  # the call had returned: no wait for it
