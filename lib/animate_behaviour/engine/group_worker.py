"""One joint group's worker: random trajectories sent as short calls, stepping aside for
other apps, speech and hot motors.

The worker asks its group's stream (planning.styles: the specification's
trajectories of numPoints waypoints gestureDuration apart, or the lifelike style's) for
one step at a time, a call no longer than maxCallDuration or a rest, planned from where
the last call left the joints with what the live signal says then (the mood, the
context: live_signal.py), and sends each call through the round's sender.

Before each call it checks what may forbid it (a *disruption*, engine.disruptions): the
round is stopping; Pepper's own state holds the group (expression.own_state: a fall,
safeguard, a push, a rest, its chain disabled, a slope for the legs); a joint of the
group is hot; Pepper speaks (for groups that leave arms and hands to speech); another
app's task holds the group's joints (``areResourcesAvailable``); or (engine.group_calls)
another app moved them, or killed or postponed a call of ours. While disrupted the group
sends nothing (a hot group, and the legs on a slope, first go home and hold still); it
resumes (recovery.Recovery) once the joints have been free for yieldQuietTime (hot
joints: cool for coolDownTime; Pepper's body: settled for SETTLE_TIME), from the joints'
measured angles, or home first after Pepper's own state held it (a rest or a fall left
the joints elsewhere), unless another app commanded them during the settle time.

A stop (disable), speech or Pepper's own state kills exactly the group's own running call
(sender.Sender).

While Pepper listens (the signal's ``arms_hold()``), the streams plan no arm or hand
move (shared.LISTEN_HOLD); a call running when listening begins ends as planned.

Each stream remembers the tuning (configuration and groups) it was made with, and
whether its group held for listening then; when the configuration has changed (a
preset, a motion style) or an arm's listening began or ended, the worker makes a new
stream before its next step, from where its last call left the joints: the change
reaches the robot within one call (maxCallDuration), with no jump. So a step planned
before Pepper listened (the one a joined call had planned ahead of it: planning.joining)
never goes out while she listens. Any other change of mood or context changes no
configuration: the stream reads it at its next step.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.engine import status as status_module
from animate_behaviour.engine import disruptions
from animate_behaviour.engine.disruptions import (A_GROUP, ERROR, HEAT, HOT, OTHER_APP,
                                                  ROUND_STOP, YIELD_POLL, Disruption)
from animate_behaviour.engine.group_calls import MOVED_TOLERANCE, GroupCalls, WorkerPort
from animate_behaviour.engine.recovery import Backoff, Recovery
from animate_behaviour.engine.worker_thread import HOLDS_FOR_TURNS, MOVES_ALONE, WorkerThread
from animate_behaviour.planning import steps, styles
from animate_behaviour.planning.shared import Shared

class GroupWorker(WorkerThread):
    """Animates the group ``name`` of the round's tuning during ``round_`` (round.Round:
    sender, tuning, clock, log, stop, status, speaking, heat, legs_and_base, onsets)
    with ``rng`` (a numpy RandomState of its own)."""

    def __init__(self, round_, name, rng):
        self.name = name
        self.status_name = name
        self.who = "group %s" % name
        WorkerThread.__init__(self, round_, rng, self.name, self.who)
        self.backoff = Backoff(self.who, self._log)
        group = self._group
        self._names = tuple(group.names)  # the group's joints never change
        # What its gates read (disruptions.first, disruptions.veto).
        self._looks = disruptions.group_looks(self._names, group.yields_to_speech,
                                              round_.own_state, round_.speaking,
                                              round_.sender)
        self._looks.update({ROUND_STOP: self._stopping, HEAT: self._hot})
        self._calls = GroupCalls(name, round_, WorkerPort(
            wake=self.wake, backoff=self.backoff, group=lambda: self._group,
            role=lambda: self.role, known_disruption=self._known_disruption,
            veto=self._veto, hold=self._hold))

    # -- life --------------------------------------------------------------------------

    @property
    def _group(self):
        """The group as the configuration now builds it (its joints never change)."""
        return self._round.tunings.current().groups[self.name]

    @property
    def role(self):
        """HOLDS_FOR_TURNS if its calls and the base's turns never overlap (its group's
        row says), else MOVES_ALONE."""
        return HOLDS_FOR_TURNS if self._group.row.still_while_base_turns else MOVES_ALONE

    def left(self):
        """What the group knew of its joints as it stopped (group_calls.Left): the way
        home on disable reads it."""
        return self._calls.left()

    def _finished(self):
        self.ready.set()
        self._round.status.set(self.name, status_module.HOME)

    def _animate(self):
        calls = self._calls
        start = calls.read_expected()
        home = self._group.shape(self._round.signal.now()).home
        # Home first (enabling, say): the first random call waits for it.
        going_home = [] if np.allclose(start, home, atol=MOVED_TOLERANCE) else \
            steps.home(self._group, start, self._config, home)
        stream, made_for = None, None
        while True:
            if going_home:
                step = going_home.pop(0)
            else:
                # Home: enabling is done, unless the group is held still (its recovery
                # says ready once the status says why).
                if not self.ready.is_set() and self._known_disruption() is None:
                    self.ready.set()
                if not self._goes_on(made_for):
                    # The first, the configuration changed or listening began or ended:
                    # from where the joints are.
                    stream, made_for = self._stream(calls.expected)
                step = stream.next(self._now())
            disruption = calls.step(step)
            if disruption is None:
                continue
            recovery = Recovery(self, self._round, self.wake)
            if not recovery.run(disruption):
                return
            start = calls.measured()
            going_home = []
            if recovery.home_first:
                # The way home's first call looks whether another app commanded the
                # joints since Pepper's body let them go (``settling``): it steps aside
                # for that app rather than go home over its setAngles.
                home = self._group.shape(self._round.signal.now()).home
                going_home = steps.home(self._group, start, self._config, home)
                start = home
            else:
                # What the next check compares ALMotion's commanded angles with: they,
                # not the measured ones a tracking error away, stay put while nobody
                # moves; unless another app set them during the episode.
                calls.read_expected_unless_moved()
            stream, made_for = self._stream(start)

    # -- plans -------------------------------------------------------------------------

    def _now(self):
        """Robot seconds since the round began (the breath's time counts from there)."""
        return self._clock.elapsed(self._round.origin, self._clock.now())

    def _stream(self, start):
        """(the current style's stream from ``start`` (angles), what it is made for: the
        tuning it goes by, and whether the group holds for listening)."""
        tuning = self._round.tunings.current()
        round_ = self._round
        shared = Shared(round_.signal, round_.breath, round_.schedule_seed, self._completed)
        return styles.ROWS[tuning.config.motion_style].stream(
            tuning.groups[self.name], tuning.config, self._rng, start, shared), (
                tuning, self._listening())

    def _listening(self):
        """Whether the group holds still for listening now (an arm while Pepper listens)."""
        return self._group.yields_to_speech and self._round.signal.arms_hold()

    def _goes_on(self, made_for):
        """Whether a stream made for ``made_for`` (:meth:`_stream`; None: none yet) still
        goes: the same tuning, and the group's listening as it was."""
        return made_for is not None and made_for[0] is self._round.tunings.current() \
            and made_for[1] == self._listening()

    def _completed(self, summary):
        self._round.status.count("trajectories")
        if self._config.verbose:
            self._log.debug("trajectory %s: %s" % (self.name, summary))

    # -- gates -------------------------------------------------------------------------

    def _hot(self):
        hot = self._round.heat.resting(self._group.names)
        return Disruption(HOT, hot) if hot else None

    def _veto(self):
        """Why a call of the group must stop at once, or not leave (disruptions.veto).
        Takes no lock: the sender asks it as the last look before a call leaves, holding
        its own."""
        return disruptions.veto(self._looks, A_GROUP)

    def _known_disruption(self):
        """Why the group must not send a call now, from what the worker knows (no round
        trip)."""
        return disruptions.first(self._looks, asking=False)

    # -- stepping aside (recovery.Recovery's part) -----------------------------------------

    def check(self, held):
        """The current disruption, asking ALMotion, or None. Once another app held the
        group this episode (``held``), its joints must also keep their commanded angles:
        a task that books none (setAngles) leaves them free for areResourcesAvailable, but
        moves them."""
        try:
            disruption = disruptions.first(self._looks, asking=True)
            if disruption is not None and disruption.reason == OTHER_APP:
                self._calls.task_held()
            if disruption is None and OTHER_APP in held and self._calls.moved_on():
                disruption = Disruption(OTHER_APP, why="another app still moves its joints")
            return disruption
        except RuntimeError as err:
            return Disruption(ERROR, why="ALMotion.areResourcesAvailable (%s) failed: %s"
                              % (self.name, err))

    def yielding(self, disruption, _kind, first):
        """A group held still counts as ready (enabling does not wait for it), its status
        saying why. Yielding to another app, it watches its joints' commanded angles from
        now on (its calls' ``expected``); hot, it says so once an episode."""
        self.ready.set()
        if first and disruption.reason == OTHER_APP:
            self._calls.expected = self._calls.commanded()
        if first and disruption.reason == HOT:
            self._log.warning("group %s rests: %s too hot; it goes home and holds still "
                              "until cool for %.0f s"
                              % (self.name, ", ".join(disruption.joints),
                                 self._config.cool_down_time))

    def settling(self, held):
        """Pepper's body let the group go (a kind that moved its joints held it,
        Kind.home_after): where ALMotion commands them now is where the way home's first
        call expects them, so that another app's setAngles during the settle time shows
        (its setAngles books nothing) and the group does not go home over it."""
        if any(disruptions.kind_named(reason).home_after for reason in held):
            self._calls.expect_commanded()

    def resuming(self, held):
        if HOT in held:
            self._log.warning("group %s resumes: its joints have cooled down" % self.name)
        return None

    def go_home(self, reason, held):
        """Take the group home smoothly before it holds still (for ``reason``: hot
        joints, a slope, an empty battery); None once there, else the robot s to wait
        before trying again: YIELD_POLL if the joints are not ours to move now (another
        app, speech, Pepper's body) or the round stops, the backoff if ALMotion refused
        the call (its chain disabled, say: a way home tried again at once would loop on
        the refusal), none if what holds the group now is no longer ``reason`` (a rest,
        a fall: its status must say so at once)."""
        home = self._group.shape(self._round.signal.now()).home
        for step in steps.home(self._group, self._calls.measured(), self._config, home):
            if isinstance(step, steps.Rest):
                continue
            disruption = self.check(held)
            if disruption is not None and disruption.reason != reason:
                return YIELD_POLL
            disruption = self._calls.call(step)
            if disruption is not None:
                # Our own call's end set the wake: no news. What else woke the worker
                # meanwhile (Pepper's rest killing the call) is read after the clear.
                self.wake.clear()
                known = self._known_disruption()
                if known is not None and known.reason != reason:
                    return 0.0
                if disruption.reason == ERROR:
                    return self.backoff.failed(disruption.why)
                return YIELD_POLL
        self._calls.expected = home
        return None
