"""A kinematic (no physics) stand-in for NAOqi's ALMotion on Pepper that records every call.

Python 2.7/3 single-source: used in-process by the Python 2.7 tests and served over
libqi by :mod:`pepper_sim.qi_server`. Public methods carry NAOqi's camelCase names so
they are served as-is; snake_case helpers (``wait_for``, ``reset_records``) are for tests.

Semantics simulated (see docs/naoqi.md, "ALMotion tasks: postponement, task lists, killing"):

* ``angleInterpolation`` validates like NAOqi, books its joints (a call on a busy joint
  waits until the joint is free, as NAOqi postpones it), then blocks until the last
  waypoint time has passed on the motion's clock. Joints ease between waypoints (a cubic
  with zero velocity at each waypoint, so C1-smooth) starting from their angle at the
  call start. Kills freeze them where they are.
* Postponement is fair (NAOqi documents postponement, not its order: this is our
  choice): a task starts only when none of its joints is booked and no older waiting
  task needs any of them, so freed joints go to the waiting tasks in the order they
  were asked, and a newer call on those joints waits behind them.
* The task API (NAOqi's "Motion task API" page): ``areResourcesAvailable`` (False while
  a running task books one of the joints; waiting tasks book nothing), ``getTaskList``
  ([[name, motionId], ...]: running angleInterpolation tasks and the running moveTo,
  plus the waiting tasks unless ``list_postponed=False``: NAOqi does not say whether
  postponed tasks are listed), ``killTask`` (a joint task, running or waiting, or the
  move by its id), ``killTasksUsingResources``, ``killAll`` (joint tasks only, as
  before: the base keeps moving), ``killMove``, ``moveIsActive``. Resource names are a
  joint, a chain or a list, and "JointActuators", "Joints" or "Actuators" for all.
* Every kill is recorded: ``Trajectory.killed_by`` / ``Move.stopped_by`` name the
  method (or the stand-in) that ended it.
* Angles outside the joint's URDF limits are clamped (as NAOqi does) and recorded in
  ``limit_violations``.
* ``moveTo`` turns at 0.5 rad/s and translates at 0.3 m/s at the same time; it returns
  True when the pose is reached and False when ``stopMove``, ``killMove``, ``killTask``
  of its id, ``rest``, Autonomous Life's state change cleanup or a newer ``moveTo``
  (whoever sent it) interrupted it, like NAOqi 2.5's boolean result.
* The other ALMotion methods a Pepper app commonly calls (NOT_SIMULATED) raise
  "... is not simulated", so a client learns at once what the stand-in cannot do.

Pepper's own states (docs/naoqi.md; pepper_sim.day.PeppersDay drives them), with the
events ALMotion raises on ``memory`` (a FakeMemory, optional) as NAOqi 2.5 does:

* Stiffness (control-stiffness-api.html): ``wakeUp`` raises
  ``ALMotion/Stiffness/wakeUpStarted``, ``robotIsWakeUp`` True, ``.../wakeUpFinished``;
  ``rest`` raises ``.../restStarted``, ``robotIsWakeUp`` False, ``.../restFinished``
  (``robotIsWakeUp`` only when the awake status changes: "Raised when the awake status of
  the robot changes"). The stand-in changes the state first and then raises the three.
* Zero stiffness (control-stiffness.html: "When at zero Stiffness, you can send any
  commands to the motors, but he will not move"): a joint at stiffness 0 when a task
  starts, or set to 0 while it runs, stays where it is; the call still blocks for its
  duration. setAngles / changeAngles on it are dropped. Each is recorded
  (``limp_commands``, ``Trajectory.limp``).
* Disabled chains (ALMotion/Protection/DisabledDevicesChanged: "stiffness and movement on
  this device are prohibited"; "Body": wakeUp prohibited): a call commanding a joint of a
  disabled chain raises RuntimeError naming the chain (NAOqi's wording is not documented:
  ours is CHAIN_DISABLED), tasks on it are killed ("ALMotion/Protection"), and a disabled
  "Leg" (the wheels are in it, DCM page) or "Body" refuses moves. Disabling leaves the
  chain's stiffness as it is (NAOqi does not say); wakeUp does not stiffen it.
* Refused moves: while a reason blocks the base (``block_moves``: the power hatch open,
  the charging station, "Move" disabled; a disabled Leg or Body; a leg joint at stiffness
  <= WALK_MIN_LEG_STIFFNESS, control-walk.html), ``moveTo`` returns False at once and
  raises ``ALMotion/MoveFailed`` [cause, 0, position]; a move running when a reason comes
  stops with [cause, 1, position]. NAOqi documents MoveFailed for obstacles only and
  names the causes "Safety", "Internal stop", ...: the cause of each reason is our
  choice, MOVE_FAILED_CAUSES, and the position NO_OBSTACLE. A move stopped by rest, the
  fall manager, the push recovery or Life raises none.
* The fall (reflexes-fall-manager.html, wake_rest_pep.html): ``fall_manager`` kills every
  task, stops the move, sets the stiffness off; while fallen, wakeUp and rest raise
  RuntimeError ("neither Wake up nor Rest are available") until ``set_upright``.

Time comes from a clock object (``now``, ``elapsed``, ``wait``): :class:`WallClock`
scales wall time; a physics simulation passes its own simulated clock.
"""
from __future__ import absolute_import, division, print_function

import bisect
import collections
import itertools
import math
import numbers
import threading

from animate_behaviour.foundation.clock import ScaledClock, monotonic
from animate_behaviour.planning import joints
from animate_behaviour.planning.trajectory import ease, wrap_angle

try:
    STRING_TYPES = (basestring,)  # noqa: F821  (Python 2)
except NameError:
    STRING_TYPES = (str,)

# Wall clock for every record: the package's monotonic clock.
clock = monotonic

TURN_SPEED = 0.5  # rad/s
WALK_SPEED = 0.3  # m/s
MAX_TORQUE = 0.0  # getLimits' fourth column; unused by the project
# NAOqi chain names accepted wherever a joint list is.
CHAINS = collections.OrderedDict([
    ("Body", tuple(joints.ALL_JOINTS)),
    ("Head", tuple(j for j in joints.ALL_JOINTS if j in joints.HEAD_JOINTS)),
    ("LArm", tuple(j for j in joints.ALL_JOINTS if j.startswith("L"))),
    ("RArm", tuple(j for j in joints.ALL_JOINTS if j.startswith("R"))),
    ("Leg", tuple(j for j in joints.ALL_JOINTS if j in joints.LEG_JOINTS)),
])
# Names the task API also accepts for every joint ("Motion task API": resourceNames).
ALL_RESOURCES = ("JointActuators", "Joints", "Actuators")

# ALMemory events ALMotion raises (control-stiffness-api.html,
# reflexes-external-collision-api.html), with SOURCE in FakeMemory.events.
SOURCE = "ALMotion"
ROBOT_IS_WAKE_UP = "robotIsWakeUp"
WAKE_UP_STARTED = "ALMotion/Stiffness/wakeUpStarted"
WAKE_UP_FINISHED = "ALMotion/Stiffness/wakeUpFinished"
REST_STARTED = "ALMotion/Stiffness/restStarted"
REST_FINISHED = "ALMotion/Stiffness/restFinished"
MOVE_FAILED = "ALMotion/MoveFailed"
EVENTS = (ROBOT_IS_WAKE_UP, WAKE_UP_STARTED, WAKE_UP_FINISHED, REST_STARTED, REST_FINISHED,
          MOVE_FAILED)

# Why the base refuses to move (``block_moves`` reasons, and the ones motion finds itself).
FLAP_OPEN = "power hatch open"
CHARGING_STATION = "charging station"
MOVE_DISABLED = "Move disabled"
LEG_DISABLED = "Leg disabled"
BODY_DISABLED = "Body disabled"
LEGS_LIMP = "leg stiffness too low"
# ALMotion/MoveFailed's cause for each reason: NAOqi names only "Safety", "Internal
# stop", ... and ties none to these reasons, so this is our choice, kept here to follow a
# real robot once one is seen.
MOVE_FAILED_CAUSES = {FLAP_OPEN: "Safety", CHARGING_STATION: "Safety", MOVE_DISABLED: "Safety",
                      LEG_DISABLED: "Safety", BODY_DISABLED: "Safety", LEGS_LIMP: "Safety"}
# MoveFailed's "Obstacle position" (FRAME_WORLD) when no obstacle caused it: our choice.
NO_OBSTACLE = (0.0, 0.0, 0.0)
MOVE_NOT_STARTED, MOVE_STOPPED = 0, 1  # MoveFailed's Status
# control-walk.html: "the move process will be killed or prevented from launching, if one
# joint of the legs has a stiffness equal or less than 0,6".
WALK_MIN_LEG_STIFFNESS = 0.6
# The RuntimeError of a call on a disabled chain (NAOqi's wording is not documented).
CHAIN_DISABLED = ("%s: the chain %s is disabled (ALMotion/Protection/DisabledDevicesChanged): "
                  "stiffness and movement on it are prohibited")
# The RuntimeError of wakeUp or rest while fallen (wake_rest_pep.html's words; NAOqi's
# own error is not documented).
FALLEN = "%s: Pepper has fallen: neither Wake up nor Rest are available until she is upright"
# What ended a task or a move, in the records, when no client method did.
BY_PROTECTION = "ALMotion/Protection"
BY_FALL = "fall manager"
BY_PUSH = "push recovery"

# ALMotion methods that exist on NAOqi but not here: each raises a clear error.
NOT_SIMULATED = (
    "angleInterpolationBezier", "angleInterpolationWithSpeed", "getBodyNames",
    "getMoveArmsEnabled", "getPosition", "getRobotVelocity", "getSummary", "getTransform",
    "move", "moveInit", "moveToward", "positionInterpolations",
    "setBreathEnabled", "setCollisionProtectionEnabled",
    "setExternalCollisionProtectionEnabled", "setIdlePostureEnabled", "setMoveArmsEnabled",
    "setPositions", "stiffnessInterpolation", "waitUntilMoveIsFinished")

Call = collections.namedtuple("Call", "time method args")
LimitViolation = collections.namedtuple("LimitViolation", "time joint angle minimum maximum")


class LimpCommand(collections.namedtuple("LimpCommand", "time method joints")):
    """A command sent into joints at stiffness 0 (they did not move): clock ``time``, the
    ``method`` (angleInterpolation when its task started, setAngles, changeAngles) and
    the limp ``joints``."""

    __slots__ = ()


class MoveFailure(collections.namedtuple("MoveFailure", "time reasons cause status target")):
    """A refused or stopped move: clock ``time``, the ``reasons`` blocking the base then,
    MoveFailed's ``cause`` and ``status`` (0 not started, 1 stopped) and the moveTo's
    ``target`` (x, y, theta)."""

    __slots__ = ()


class Trajectory(object):
    """One angleInterpolation call as it ran.

    ``requested`` is the clock time of the call (``requested_wall``: the wall's,
    foundation.clock.monotonic: the robot's own time, which a client counts its waits in,
    where a physics simulation's clock lags it whenever its stepping falls behind),
    ``start`` the clock time it began moving (after waiting for its joints), ``end`` the
    clock time it released its joints (finished or killed; None while running). ``names``
    the joints, ``angles``/``times`` one list per joint (the angles as commanded, before
    clamping; times in simulated seconds from ``start``; ``start_angles`` one angle per
    joint at ``start``, the interpolation's origin). ``killed`` with ``killed_at``
    (simulated seconds from ``start``) and ``killed_by`` (the method that killed it:
    "killTask", "killTasksUsingResources", "killAll", "rest"; None unless killed), or
    ``finished``. A task killed while it waited has ``start`` = ``end`` = the kill time and
    ``killed_at`` 0. ``limp``: the joints that did not move because their stiffness was 0
    when the task started or was set to 0 while it ran. The record joins
    ``KinematicMotion.trajectories`` when the task gets its joints (or is killed waiting),
    so ``start - requested`` is how long it was postponed (clock units).
    """

    __slots__ = ("task_id", "requested", "requested_wall", "start", "end", "names", "angles",
                 "times", "start_angles", "killed", "killed_at", "killed_by", "finished",
                 "limp")

    def __init__(self, task_id, requested, names, angles, times):
        self.task_id = task_id
        self.requested = requested
        self.requested_wall = monotonic()
        self.start = None
        self.end = None
        self.names = list(names)
        self.angles = [list(a) for a in angles]
        self.times = [list(t) for t in times]
        self.start_angles = None
        self.killed = False
        self.killed_at = None
        self.killed_by = None
        self.finished = False
        self.limp = []

    @property
    def duration(self):
        """Simulated seconds to the last waypoint of any joint."""
        return max(t[-1] for t in self.times)

    def as_dict(self):
        return dict((name, getattr(self, name)) for name in self.__slots__)

    def __repr__(self):
        state = ("killed at %.3f by %s" % (self.killed_at, self.killed_by) if self.killed else
                 "finished" if self.finished else "running")
        return "Trajectory(#%s %s, %.3f s, %s)" % (self.task_id, ",".join(self.names),
                                                   self.duration, state)


class Move(object):
    """One moveTo call: start clock time (the call's; ``start_wall`` the wall's, as
    Trajectory's ``requested_wall``), target (x, y, theta in the robot frame at the start),
    start and end world poses [x, y, theta], whether it was ``stopped`` and by what
    (``stopped_by``: "stopMove", "killMove", "killTask", "rest", "moveTo" when a newer move
    replaced it, "ALAutonomousLife" for the state change cleanup; None when it reached its
    target or still runs)."""

    __slots__ = ("task_id", "start", "start_wall", "end", "target", "start_pose", "end_pose",
                 "stopped", "stopped_by")

    def __init__(self, task_id, start, target, start_pose):
        self.task_id = task_id
        self.start = start
        self.start_wall = monotonic()
        self.end = None
        self.target = tuple(target)
        self.start_pose = list(start_pose)
        self.end_pose = None
        self.stopped = False
        self.stopped_by = None

    def as_dict(self):
        return dict((name, getattr(self, name)) for name in self.__slots__)


def _is_number(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _is_sequence(value):
    return isinstance(value, (list, tuple))


def _normalise(names, angle_lists, time_lists):
    """NAOqi's number / list / list-of-lists forms -> (angles, times), one list per joint."""
    count = len(names)

    def per_joint(value, what, template):
        if _is_number(value):
            return [[float(value)] for _ in range(count)]
        if not _is_sequence(value) or not value:
            raise RuntimeError("angleInterpolation: %s must be a number, a list or a list of "
                               "lists, got %r" % (what, value))
        if all(_is_sequence(item) for item in value):
            if len(value) != count:
                raise RuntimeError("angleInterpolation: %d %s for %d joints (%s)"
                                   % (len(value), what, count, ", ".join(names)))
            lists = [list(item) for item in value]
        elif all(_is_number(item) for item in value):
            if count == 1:
                lists = [list(value)]
            elif template is not None and all(len(t) == len(value) for t in template):
                lists = [list(value) for _ in range(count)]  # one time list shared by all
            elif len(value) == count:
                lists = [[item] for item in value]  # one value per joint
            else:
                raise RuntimeError("angleInterpolation: %d %s for %d joints (%s)"
                                   % (len(value), what, count, ", ".join(names)))
        else:
            raise RuntimeError("angleInterpolation: %s mixes numbers and lists: %r"
                               % (what, value))
        for name, items in zip(names, lists):
            if not items or not all(_is_number(item) for item in items):
                raise RuntimeError("angleInterpolation: %s of %s must be a non-empty list of "
                                   "numbers, got %r" % (what, name, items))
        return [[float(item) for item in items] for items in lists]

    angles = per_joint(angle_lists, "angle lists", None)
    times = per_joint(time_lists, "time lists", angles)
    for name, joint_angles, joint_times in zip(names, angles, times):
        if len(joint_angles) != len(joint_times):
            raise RuntimeError("angleInterpolation: %s has %d angles but %d times"
                               % (name, len(joint_angles), len(joint_times)))
        if joint_times[0] <= 0.0:
            raise RuntimeError("angleInterpolation: times of %s must be positive, the first "
                               "is %r" % (name, joint_times[0]))
        for index in range(1, len(joint_times)):
            if not joint_times[index] > joint_times[index - 1]:
                raise RuntimeError("angleInterpolation: times of %s must be strictly "
                                   "increasing: time[%d] = %r after time[%d] = %r"
                                   % (name, index, joint_times[index], index - 1,
                                      joint_times[index - 1]))
    return angles, times


def wait_until(cond, predicate, timeout):
    """Wait on ``cond`` (a Condition the caller holds) until ``predicate()`` is true;
    True if it became true within ``timeout`` wall seconds. The stand-ins' ``wait_for``."""
    deadline = clock() + timeout
    while not predicate():
        remaining = deadline - clock()
        if remaining <= 0.0:
            return False
        cond.wait(remaining)
    return True


def clear_records(cond, *records):
    """Empty each record list under ``cond`` and wake its waiters (``reset_records``)."""
    with cond:
        for record in records:
            del record[:]
        cond.notify_all()




def eased_angle(times, angles, start_angle, sim_time):
    """The angle ``sim_time`` s after a call's start along its keys (``times`` s from the
    start, ``angles``), easing from ``start_angle`` to each key in turn and resting there:
    how the stand-in moves a joint (devtools/motion_quality.py rebuilds commanded motion
    with it)."""
    index = bisect.bisect_right(times, sim_time)  # a physics loop asks 240 times a second
    if index == len(times):
        return angles[-1]
    if index == 0:
        previous_time, previous_angle = 0.0, start_angle
    else:
        previous_time, previous_angle = times[index - 1], angles[index - 1]
    fraction = (sim_time - previous_time) / (times[index] - previous_time)
    return previous_angle + ease(fraction) * (angles[index] - previous_angle)


# Wall time scaled to simulated time: the package's own clock, so that the stand-ins and
# an engine handed the same clock agree on what a second is.
WallClock = ScaledClock


class _Task(object):
    """A running (or waiting) angleInterpolation: its joints and clamped waypoints."""

    def __init__(self, task_id, names, clamped, times, record, kill_event):
        self.task_id = task_id
        self.names = list(names)
        self.clamped = dict(zip(names, clamped))
        self.times = dict(zip(names, times))
        self.record = record
        self.start = None
        self.start_angles = {}
        self.killed = False
        self.killed_by = None
        self.kill_event = kill_event
        self.frozen = {}  # joint -> angle: limp joints stay where they were

    def angle_at(self, joint, sim_time):
        """Eased interpolation along the joint's waypoints from its start angle (a limp
        joint's frozen angle)."""
        if joint in self.frozen:
            return self.frozen[joint]
        return eased_angle(self.times[joint], self.clamped[joint], self.start_angles[joint],
                           sim_time)

    def final_angle(self, joint):
        """Where the joint is when the task has played to its end."""
        return self.frozen.get(joint, self.clamped[joint][-1])


class _Setting(object):
    """A joint on its way to a setAngles target, at ``speed`` rad/s from ``start``
    (clock time) and ``start_angle``: linear, as NAOqi does not say how setAngles
    interpolates."""

    def __init__(self, task_id, start, start_angle, target, speed):
        self.task_id = task_id
        self.start = start
        self._start_angle = start_angle
        self._target = target
        self._seconds = abs(target - start_angle) / speed

    def angle_at(self, sim_time):
        """(the angle ``sim_time`` s after the call, whether it has arrived)."""
        if sim_time >= self._seconds:
            return self._target, True
        return self._start_angle + (self._target - self._start_angle) * (
            sim_time / self._seconds), False


class KinematicMotion(object):
    """ALMotion stand-in. ``time_scale`` multiplies every duration in wall time (0.002
    plays a 100 s trajectory in 0.2 s) unless a ``clock`` (see WallClock) is given;
    ``initial_angles`` (joint -> rad) defaults to Pepper's Stand posture;
    ``list_postponed`` (default True) makes ``getTaskList`` list the tasks waiting for
    their joints too (NAOqi does not document it: test the engine both ways).
    ``memory`` (a FakeMemory; assignable later, as SimulatedRobot does) receives the
    events ALMotion raises (see the module); without it none is raised.
    Thread-safe: the qi wrapper calls it from many threads.

    Records (times from the clock's ``now``):
    ``calls`` (Call(time, method, args) for every public call, valid or not),
    ``trajectories`` (Trajectory per angleInterpolation that ran), ``moves`` (Move per
    moveTo), ``headings`` ((time, heading rad) at each moveTo start and end),
    ``limit_violations`` (LimitViolation(time, joint, angle, minimum, maximum)),
    ``limp_commands`` (LimpCommand(time, method, joints): commands into joints at
    stiffness 0), ``move_failures`` (MoveFailure per refused or stopped move, as raised
    in ALMotion/MoveFailed).

    Test helpers (snake_case, hidden over qi): ``wait_for``, ``reset_records``,
    ``calls_to``, ``postponed`` (ids of the waiting tasks), ``last_trajectory`` (the
    record of this thread's latest angleInterpolation) and ``autonomous_life_cleanup``
    (what a state change of Autonomous Life does to ALMotion; FakeAutonomousLife calls
    it). For Pepper's own states (pepper_sim.day drives them): ``block_moves``,
    ``disable_chain``, ``report_move_failure``, ``fall_manager``, ``set_upright``,
    ``push_recovery`` and ``safety_state``.
    """

    def __init__(self, time_scale=1.0, initial_angles=None, clock=None, list_postponed=True,
                 memory=None):
        self.clock = WallClock(time_scale) if clock is None else clock
        self.memory = memory
        self._cond = threading.Condition(threading.RLock())
        self._ids = itertools.count(1)
        self._angles = dict(joints.STAND_POSTURE)
        if initial_angles:
            unknown = sorted(set(initial_angles) - set(joints.ALL_JOINTS))
            if unknown:
                raise ValueError("unknown joints in initial_angles: %s" % ", ".join(unknown))
            self._angles.update((name, float(value)) for name, value in initial_angles.items())
        self._stiffness = dict((name, 1.0) for name in joints.ALL_JOINTS)
        self._awake = True
        self._bookings = {}  # joint -> running _Task
        self._tasks = collections.OrderedDict()  # id -> running _Task
        self._pending = []  # _Tasks waiting for their joints, oldest first
        self._list_postponed = bool(list_postponed)
        self._local = threading.local()  # last_trajectory's record, per calling thread
        self._pose = [0.0, 0.0, 0.0]
        self._move = None  # (Move, stop Event) while a moveTo runs
        self._setting = {}  # joint -> _Setting: a setAngles/changeAngles on its way
        self._blocked = []  # reasons blocking the base (block_moves), in order
        self._disabled = set()  # disabled chains
        self._fallen = False
        self.calls = []
        self.trajectories = []
        self.moves = []
        self.headings = []
        self.limit_violations = []
        self.limp_commands = []
        self.move_failures = []

    # ----------------------------------------------------------------- test helpers
    def wait_for(self, predicate, timeout):
        """Wait until ``predicate()`` is true (re-checked at every recorded event: each
        call, task waiting, trajectory start and end, kill, move start and end); True if
        it became true within ``timeout`` seconds. The predicate runs under the motion's
        lock."""
        with self._cond:
            return wait_until(self._cond, predicate, timeout)

    def reset_records(self):
        """Forget every record (the simulated state is kept)."""
        clear_records(self._cond, self.calls, self.trajectories, self.moves, self.headings,
                      self.limit_violations, self.limp_commands, self.move_failures)

    def calls_to(self, method):
        """The recorded calls of one method."""
        with self._cond:
            return [call for call in self.calls if call.method == method]

    @property
    def time_scale(self):
        """Wall seconds per simulated second: the clock's, read-only (assigning it here
        would leave the clock, which times everything, unchanged)."""
        return getattr(self.clock, "time_scale", 1.0)

    def postponed(self):
        """Ids of the angleInterpolation tasks waiting for their joints, oldest first."""
        with self._cond:
            return [task.task_id for task in self._pending if not task.killed]

    def last_trajectory(self):
        """The Trajectory of the latest angleInterpolation called from this thread (None
        before any): lets an in-process caller (ALAnimatedSpeech's stand-in) find its
        own record among other apps' ones."""
        return getattr(self._local, "record", None)

    def autonomous_life_cleanup(self, wake=True):
        """What NAOqi 2.5's Autonomous Life does to ALMotion at a state change or
        reinforcement ("State change cleanup", autonomouslife_advanced.html): with
        ``wake``, the robot is woken up with every motor stiff (raising the wakeUp events
        when it was not awake: our choice, as if Life called wakeUp), unless it has
        fallen or "Body" is disabled (wakeUp is not available then); and the base's move
        is stopped (``stopped_by`` "ALAutonomousLife"). Joint tasks are not touched.
        Life passes ``wake`` False for safeguard and disabled. Not recorded in ``calls``
        (no client called it)."""
        with self._cond:
            woke = wake and self._may_wake() and self._wake()
            self._stop_move(self.clock.now(), "ALAutonomousLife")
            self._cond.notify_all()
        if woke:
            self._raise_stiffness_events(WAKE_UP_STARTED, True, WAKE_UP_FINISHED)

    # ----------------------------------------------------------------- Pepper's own states
    def safety_state(self):
        """What Pepper's own states do to ALMotion now: a dict with ``awake``,
        ``fallen``, ``disabled_chains`` (sorted) and ``move_refusals`` (the reasons the
        base refuses to move, in order)."""
        with self._cond:
            return {"awake": self._awake, "fallen": self._fallen,
                    "disabled_chains": sorted(self._disabled),
                    "move_refusals": self._refusals()}

    def block_moves(self, reason, blocked):
        """Block (or unblock) the base for ``reason`` (FLAP_OPEN, CHARGING_STATION,
        MOVE_DISABLED, or any string: its MoveFailed cause is MOVE_FAILED_CAUSES' or
        "Safety"). A move running when the base gets blocked stops (``stopped_by`` the
        reason). Returns that move's MoveFailure (status 1) or None; the caller raises it
        with ``report_move_failure`` once it has raised the event that blocked the base,
        so subscribers hear the cause first."""
        with self._cond:
            if blocked and reason not in self._blocked:
                self._blocked.append(reason)
            elif not blocked and reason in self._blocked:
                self._blocked.remove(reason)
            failure = self._stop_refused_move(reason) if blocked else None
            self._cond.notify_all()
        return failure

    def disable_chain(self, chain, disabled):
        """Disable (or enable) a chain of CHAINS: calls commanding its joints raise, its
        tasks (running or waiting) are killed (``killed_by`` BY_PROTECTION), its
        setAngles stop where they are, and a disabled "Leg" or "Body" stops the move.
        Returns that move's MoveFailure (status 1) or None (see ``block_moves``)."""
        if chain not in CHAINS:
            raise ValueError("unknown chain %r (chains: %s)" % (chain, ", ".join(CHAINS)))
        with self._cond:
            if not disabled:
                self._disabled.discard(chain)
                self._cond.notify_all()
                return None
            self._disabled.add(chain)
            members = set(CHAINS[chain])
            self._kill_matching(lambda task: members.intersection(task.names), BY_PROTECTION)
            now = self.clock.now()
            for joint in members:
                self._settle(joint, now)
            failure = self._stop_refused_move({"Leg": LEG_DISABLED,
                                               "Body": BODY_DISABLED}.get(chain))
            self._cond.notify_all()
        return failure

    def report_move_failure(self, failure):
        """Raise ALMotion/MoveFailed [cause, status, position] for a MoveFailure (None:
        nothing)."""
        if failure is not None:
            self._raise(MOVE_FAILED, [failure.cause, failure.status, list(NO_OBSTACLE)])

    def fall_manager(self):
        """The fall manager's process (reflexes-fall-manager.html: "priority over all
        other motion tasks", "a stiffness off command"): every task is killed
        (``killed_by`` BY_FALL), the move stopped, the stiffness off (robotIsWakeUp
        False if the robot was awake), and wakeUp and rest raise until ``set_upright``."""
        with self._cond:  # one hold: no call starts stiff between the kills and the limp
            self._kill_matching(lambda task: True, BY_FALL)
            self._fallen = True
            self._stop_move(self.clock.now(), BY_FALL)
            changed = self._limp()
            self._cond.notify_all()
        if changed:
            self._raise(ROBOT_IS_WAKE_UP, False)

    def set_upright(self):
        """Pepper is on her wheels again: wakeUp and rest are available again (she stays
        at stiffness 0 until a client wakes her)."""
        with self._cond:
            self._fallen = False
            self._cond.notify_all()

    def push_recovery(self):
        """The push recovery uses "the acceleration of its wheels" (push_recovery.html):
        the base's move stops (``stopped_by`` BY_PUSH). Joint tasks are left alone (the
        page lists no joint)."""
        with self._cond:
            self._stop_move(self.clock.now(), BY_PUSH)
            self._cond.notify_all()

    # ----------------------------------------------------------------- internals
    def _record(self, method, args):
        with self._cond:
            self.calls.append(Call(self.clock.now(), method, tuple(args)))
            self._cond.notify_all()

    def _raise(self, key, value):
        """Raise an ALMotion event on the memory, if there is one (outside the lock)."""
        memory = self.memory
        if memory is not None:
            memory.raise_event(key, value, SOURCE)

    def _raise_stiffness_events(self, started, awake, finished):
        """wakeUp's or rest's events: started, robotIsWakeUp ``awake`` when it changed
        (``awake`` None: it did not), finished."""
        self._raise(started, True)
        if awake is not None:
            self._raise(ROBOT_IS_WAKE_UP, awake)
        self._raise(finished, True)

    def _may_wake(self):
        """Whether wakeUp is available (lock held): not fallen, "Body" not disabled."""
        return not self._fallen and "Body" not in self._disabled

    def _wake(self):
        """Awake, every joint stiff but those of disabled chains (lock held); True if the
        awake status changed."""
        disabled = set()
        for chain in self._disabled:
            disabled.update(CHAINS[chain])
        for joint in self._stiffness:
            if joint not in disabled:
                self._stiffness[joint] = 1.0
        changed = not self._awake
        self._awake = True
        return changed

    def _limp(self):
        """Not awake, every joint at stiffness 0 (lock held); True if the awake status
        changed."""
        now = self.clock.now()
        for joint in self._stiffness:
            self._stiffness[joint] = 0.0
            self._settle(joint, now)
        changed = self._awake
        self._awake = False
        return changed

    def _check_chains(self, method, joint_names):
        """RuntimeError naming the first disabled chain among the joints' (lock held)."""
        for chain in CHAINS:
            if chain in self._disabled and set(CHAINS[chain]).intersection(joint_names):
                raise RuntimeError(CHAIN_DISABLED % (method, chain))

    def _refusals(self):
        """The reasons the base refuses to move now (lock held), in order."""
        reasons = list(self._blocked)
        for chain, reason in (("Leg", LEG_DISABLED), ("Body", BODY_DISABLED)):
            if chain in self._disabled:
                reasons.append(reason)
        if any(self._stiffness[joint] <= WALK_MIN_LEG_STIFFNESS for joint in CHAINS["Leg"]):
            reasons.append(LEGS_LIMP)
        return reasons

    def _move_failure(self, reasons, status, target):
        """Record a MoveFailure for ``reasons`` (lock held); the first names the cause."""
        failure = MoveFailure(self.clock.now(), tuple(reasons),
                              MOVE_FAILED_CAUSES.get(reasons[0], "Safety"), status,
                              tuple(target))
        self.move_failures.append(failure)
        return failure

    def _stop_refused_move(self, reason):
        """Stop the running move (``stopped_by`` ``reason``) if ``reason`` now refuses it
        (lock held); its MoveFailure (status 1, ``reason`` first) or None."""
        reasons = self._refusals()
        if self._move is None or reason not in reasons:
            return None
        move = self._move[0]
        self._stop_move(self.clock.now(), reason)
        reasons.remove(reason)
        return self._move_failure([reason] + reasons, MOVE_STOPPED, move.target)

    def _resolve(self, names, method, resources=False):
        """A joint, a chain or a list of joints -> list of joint names; with
        ``resources`` also "JointActuators", "Joints" and "Actuators" (every joint)."""
        if isinstance(names, STRING_TYPES):
            names = [names]
        if not _is_sequence(names) or not names:
            raise RuntimeError("%s: names must be a joint name, a chain or a list of joint "
                               "names, got %r" % (method, names))
        resolved = []
        for name in names:
            if not isinstance(name, STRING_TYPES):
                raise RuntimeError("%s: joint names must be strings, got %r" % (method, name))
            if name in CHAINS:
                members = CHAINS[name]
            elif resources and name in ALL_RESOURCES:
                members = CHAINS["Body"]
            elif name in joints.URDF_LIMITS:
                members = (name,)
            else:
                raise RuntimeError("%s: unknown joint or chain %r (Pepper has %s)"
                                   % (method, name, ", ".join(joints.ALL_JOINTS)))
            for member in members:
                if member in resolved:
                    raise RuntimeError("%s: joint %s given twice" % (method, member))
                resolved.append(member)
        return resolved

    def _sim_elapsed(self, start, now):
        return self.clock.elapsed(start, now)

    def _current_angle(self, joint, now):
        """The commanded angle: the newest command of the joint wins (a running task's,
        or a setAngles sent after it started)."""
        task = self._bookings.get(joint)
        setting = self._setting.get(joint)
        if task is not None and (setting is None or setting.start < task.start):
            return task.angle_at(joint, self._sim_elapsed(task.start, now))
        if setting is None:
            return self._angles[joint]
        angle, arrived = setting.angle_at(self._sim_elapsed(setting.start, now))
        if arrived:  # done: the joint stays at its target
            self._angles[joint] = angle
            del self._setting[joint]
        return angle

    def _settle(self, joint, now):
        """Stop a setAngles on its way where it is (lock held): a task takes the joint."""
        if joint in self._setting:
            self._angles[joint] = self._current_angle(joint, now)
            self._setting.pop(joint, None)

    def _go_limp(self, joint, now):
        """A joint set to stiffness 0 stops where it is (lock held): its setAngles ends,
        and a running task leaves it there (recorded in its ``limp``)."""
        self._settle(joint, now)
        task = self._bookings.get(joint)
        if task is not None and joint not in task.frozen:
            task.frozen[joint] = task.angle_at(joint, min(
                self._sim_elapsed(task.start, now), task.record.duration))
            task.record.limp.append(joint)

    def _kill(self, task, now, by):
        """Freeze a running task's joints where they are and free them (lock held)."""
        sim_time = min(self._sim_elapsed(task.start, now), task.record.duration)
        for joint in task.names:
            self._angles[joint] = task.angle_at(joint, sim_time)
            if self._bookings.get(joint) is task:
                del self._bookings[joint]
        self._tasks.pop(task.task_id, None)
        task.killed = True
        task.killed_by = by
        task.record.killed = True
        task.record.killed_at = sim_time
        task.record.killed_by = by
        task.record.end = now
        task.kill_event.set()

    def _kill_matching(self, predicate, by):
        """Kill every running or waiting task ``predicate`` accepts; ``by`` names the
        killer in the records. True if any was killed."""
        found = False
        with self._cond:
            now = self.clock.now()
            for task in list(self._tasks.values()):
                if predicate(task):
                    self._kill(task, now, by)
                    found = True
            for task in self._pending:
                if not task.killed and predicate(task):
                    task.killed = True
                    task.killed_by = by
                    task.kill_event.set()
                    found = True
            self._start_waiting(now)
        return found

    def _may_start(self, task):
        """Fair postponement (lock held): none of the task's joints is booked and no
        older waiting task wants any of them."""
        if any(joint in self._bookings for joint in task.names):
            return False
        wanted = set(task.names)
        for other in self._pending:
            if other is task:
                return True
            if not other.killed and wanted.intersection(other.names):
                return False
        return True

    def _pose_at(self, move, sim_time):
        x0, y0, theta0 = move.start_pose
        x, y, theta = move.target
        turned = math.copysign(min(abs(theta), TURN_SPEED * sim_time), theta)
        distance = math.hypot(x, y)
        fraction = 1.0 if distance == 0.0 else min(1.0, WALK_SPEED * sim_time / distance)
        cos0, sin0 = math.cos(theta0), math.sin(theta0)
        return [x0 + fraction * (cos0 * x - sin0 * y),
                y0 + fraction * (sin0 * x + cos0 * y),
                wrap_angle(theta0 + turned)]

    def _current_pose(self, now):
        if self._move is None:
            return list(self._pose)
        move, _stop = self._move
        return self._pose_at(move, self._sim_elapsed(move.start, now))

    def _stop_move(self, now, by):
        """Freeze a running moveTo at its current pose (lock held); ``by`` names the
        stopper in the record."""
        if self._move is None:
            return
        move, stop = self._move
        self._pose = self._current_pose(now)
        self._move = None
        move.stopped = True
        move.stopped_by = by
        move.end = now
        move.end_pose = list(self._pose)
        self.headings.append((now, self._pose[2]))
        stop.set()

    # ----------------------------------------------------------------- joints
    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        """Move joints along timed waypoints; blocks until done or killed. Returns None."""
        self._record("angleInterpolation", (names, angleLists, timeLists, isAbsolute))
        joint_names = self._resolve(names, "angleInterpolation")
        if not isAbsolute:
            raise RuntimeError("angleInterpolation: isAbsolute=False (relative angles) is not "
                               "simulated by pepper_sim; send absolute angles")
        angles, times = _normalise(joint_names, angleLists, timeLists)
        clamped = []
        with self._cond:
            self._check_chains("angleInterpolation", joint_names)
            now = self.clock.now()
            for joint, joint_angles in zip(joint_names, angles):
                limit = joints.URDF_LIMITS[joint]
                for angle in joint_angles:
                    if not limit.minimum <= angle <= limit.maximum:
                        self.limit_violations.append(
                            LimitViolation(now, joint, angle, limit.minimum, limit.maximum))
                clamped.append([min(max(angle, limit.minimum), limit.maximum)
                                for angle in joint_angles])
            record = Trajectory(next(self._ids), now, joint_names, angles, times)
            self._local.record = record
            task = _Task(record.task_id, joint_names, clamped, times, record, self.clock.event())
            self._pending.append(task)
            self._start_waiting(now)  # at once if its joints are free
            while not task.killed and task.start is None:
                self._cond.wait()  # NAOqi postpones a task whose joints are busy
            if task.start is None:  # killed while it waited
                self._pending.remove(task)
                task.start = record.start = self.clock.now()
                self.trajectories.append(record)
                record.start_angles = [self._angles[joint] for joint in joint_names]
                record.killed, record.killed_at, record.end = True, 0.0, record.start
                record.killed_by = task.killed_by
                self._cond.notify_all()
                return None
            remaining = record.duration - self._sim_elapsed(task.start, self.clock.now())
        self._play(task.kill_event, remaining)
        with self._cond:
            now = self.clock.now()
            if not task.killed:
                for joint in joint_names:
                    if joint not in self._setting:  # else a newer setAngles has it
                        self._angles[joint] = task.final_angle(joint)
                    del self._bookings[joint]
                self._tasks.pop(task.task_id, None)
                record.finished = True
                record.end = now
                self._start_waiting(now)
            self._cond.notify_all()
        return None

    def _start_waiting(self, now):
        """Start, oldest first, the waiting tasks whose joints are free (lock held): a
        postponed task takes its joints the moment they are freed, so no newer call can
        slip in between (NAOqi: "postponed until the resource is freed")."""
        for task in list(self._pending):
            if task.killed or not self._may_start(task):
                continue
            self._pending.remove(task)
            task.start = task.record.start = now
            self.trajectories.append(task.record)
            for joint in task.names:
                self._settle(joint, now)
                task.start_angles[joint] = self._angles[joint]
                self._bookings[joint] = task
                if self._stiffness[joint] == 0.0:  # "he will not move"
                    task.frozen[joint] = self._angles[joint]
                    task.record.limp.append(joint)
            task.record.start_angles = [task.start_angles[joint] for joint in task.names]
            if task.record.limp:
                self.limp_commands.append(LimpCommand(now, "angleInterpolation",
                                                      tuple(task.record.limp)))
            self._tasks[task.task_id] = task
        self._cond.notify_all()

    def setAngles(self, names, angles, fractionMaxSpeed):
        """Send joints toward ``angles`` at ``fractionMaxSpeed`` of their maximum velocity;
        returns at once. It books no joint ("Only motion API's blocking call takes
        resources"): areResourcesAvailable still says True, and getTaskList lists it as
        "setAngles" while a joint is on its way (NAOqi's pages do not say whether it is
        listed). On a joint a running task books, the newer command wins (not documented
        either): the joint follows the setAngles, and the task's end leaves it there. The
        robot check (scripts/check_robot.py) tells what NAOqi does."""
        self._record("setAngles", (names, angles, fractionMaxSpeed))
        self._set("setAngles", names, angles, fractionMaxSpeed, relative=False)

    def changeAngles(self, names, changes, fractionMaxSpeed):
        """setAngles by ``changes`` from where the joints are commanded."""
        self._record("changeAngles", (names, changes, fractionMaxSpeed))
        self._set("changeAngles", names, changes, fractionMaxSpeed, relative=True)

    def _set(self, method, names, values, fraction, relative):
        joint_names = self._resolve(names, method)
        if _is_number(values):
            values = [values] * len(joint_names)
        if not _is_sequence(values) or len(values) != len(joint_names) or not all(
                _is_number(value) for value in values):
            raise RuntimeError("%s: give one angle per joint (%d), got %r"
                               % (method, len(joint_names), values))
        if not _is_number(fraction) or not 0.0 < fraction <= 1.0:
            raise RuntimeError("%s: fractionMaxSpeed must be in (0, 1], got %r"
                               % (method, fraction))
        with self._cond:
            self._check_chains(method, joint_names)
            now = self.clock.now()
            task_id = next(self._ids)
            limp = tuple(joint for joint in joint_names if self._stiffness[joint] == 0.0)
            if limp:
                self.limp_commands.append(LimpCommand(now, method, limp))
            for joint, value in zip(joint_names, values):
                if joint in limp:
                    continue  # "he will not move": the command is dropped
                start = self._current_angle(joint, now)
                limit = joints.URDF_LIMITS[joint]
                target = min(max(start + value if relative else value, limit.minimum),
                             limit.maximum)
                self._setting[joint] = _Setting(task_id, now, start, target,
                                                fraction * limit.max_velocity)
            self._cond.notify_all()

    def getAngles(self, names, useSensors):
        """Current angles (rad) of a joint, chain ("Body") or list, in that order."""
        self._record("getAngles", (names, useSensors))
        joint_names = self._resolve(names, "getAngles")
        with self._cond:
            now = self.clock.now()
            return [float(self._current_angle(joint, now)) for joint in joint_names]

    def getLimits(self, name):
        """[[min, max, maxVelocity, maxTorque]] per joint (URDF values)."""
        self._record("getLimits", (name,))
        result = []
        for joint in self._resolve(name, "getLimits"):
            limit = joints.URDF_LIMITS[joint]
            result.append([limit.minimum, limit.maximum, limit.max_velocity, MAX_TORQUE])
        return result

    def areResourcesAvailable(self, resourceNames):
        """True if no running task books any of these joints (a joint, a chain, a list,
        or "JointActuators" / "Joints" / "Actuators"). Tasks still waiting for their
        joints book nothing, as NAOqi books resources when a task starts."""
        self._record("areResourcesAvailable", (resourceNames,))
        wanted = self._resolve(resourceNames, "areResourcesAvailable", resources=True)
        with self._cond:
            return not any(joint in self._bookings for joint in wanted)

    def killTasksUsingResources(self, resourceNames):
        """Kill every task (running or waiting) using any of these joints. The base's
        move books no joint and keeps going."""
        self._record("killTasksUsingResources", (resourceNames,))
        wanted = set(self._resolve(resourceNames, "killTasksUsingResources", resources=True))
        self._kill_matching(lambda task: wanted.intersection(task.names),
                            "killTasksUsingResources")

    def killTask(self, motionTaskID):
        """Kill one task by the id getTaskList gives: a joint task (running or waiting)
        or the running moveTo. True if it was running or waiting."""
        self._record("killTask", (motionTaskID,))
        if not isinstance(motionTaskID, numbers.Integral) or isinstance(motionTaskID, bool):
            raise RuntimeError("killTask: motionTaskID must be an integer, got %r"
                               % (motionTaskID,))
        with self._cond:
            found = self._kill_matching(lambda task: task.task_id == motionTaskID, "killTask")
            if self._move is not None and self._move[0].task_id == motionTaskID:
                self._stop_move(self.clock.now(), "killTask")
                self._cond.notify_all()
                found = True
        return found

    def killAll(self):
        """Kill every joint task, running or waiting (as before, the base's move is not
        stopped: stopMove or killMove does that)."""
        self._record("killAll", ())
        self._kill_matching(lambda task: True, "killAll")

    def getTaskList(self):
        """[[name, motionId], ...] ("Name, MotionID" in NAOqi's docs), in request order:
        the running angleInterpolation tasks and the running moveTo, plus the tasks
        waiting for their joints when the motion was built with list_postponed=True."""
        self._record("getTaskList", ())
        with self._cond:
            tasks = [["angleInterpolation", task_id] for task_id in self._tasks]
            now = self.clock.now()
            for joint in list(self._setting):
                self._current_angle(joint, now)  # drops those that arrived
            tasks.extend(["setAngles", task_id] for task_id in
                         sorted(set(setting.task_id for setting in self._setting.values())))
            if self._list_postponed:
                tasks.extend(["angleInterpolation", task.task_id] for task in self._pending
                             if not task.killed)
            if self._move is not None:
                tasks.append(["moveTo", self._move[0].task_id])
            return sorted(tasks, key=lambda task: task[1])

    # ----------------------------------------------------------------- base
    def moveTo(self, x, y, theta, *moveConfig):
        """Move the base by (x, y) m and turn by theta rad (robot frame at the call);
        blocks; True when reached, False when stopMove or a newer moveTo interrupted,
        or at once (raising ALMotion/MoveFailed, status 0) while the base refuses to move
        (see the module). An optional moveConfig argument is accepted and ignored."""
        self._record("moveTo", (x, y, theta) + tuple(moveConfig))
        if len(moveConfig) > 1:
            raise RuntimeError("moveTo: takes x, y, theta and an optional moveConfig, got "
                               "%d extra arguments" % len(moveConfig))
        for label, value in (("x", x), ("y", y), ("theta", theta)):
            if not _is_number(value) or math.isnan(value) or math.isinf(value):
                raise RuntimeError("moveTo: %s must be a finite number, got %r" % (label, value))
        x, y, theta = float(x), float(y), float(theta)
        stop = self.clock.event()
        with self._cond:
            reasons = self._refusals()
            if reasons:
                failure = self._move_failure(reasons, MOVE_NOT_STARTED, (x, y, theta))
        if reasons:
            self.report_move_failure(failure)
            return False
        with self._cond:
            now = self.clock.now()
            self._stop_move(now, "moveTo")  # a new move replaces the running one
            move = Move(next(self._ids), now, (x, y, theta), self._pose)
            self._move = (move, stop)
            self.moves.append(move)
            self.headings.append((now, self._pose[2]))
            self._cond.notify_all()
        duration = max(abs(theta) / TURN_SPEED, math.hypot(x, y) / WALK_SPEED)
        self._travel(stop, duration)
        with self._cond:
            if move.stopped:
                self._cond.notify_all()
                return False
            now = self.clock.now()
            self._pose = self._pose_at(move, duration)
            self._move = None
            move.end = now
            move.end_pose = list(self._pose)
            self.headings.append((now, self._pose[2]))
            self._cond.notify_all()
        return True

    def _play(self, killed, duration):
        """Block while an angleInterpolation plays: until ``killed`` is set or
        ``duration`` seconds have passed on the clock (a test's subclass may hold a call
        until it is killed)."""
        self.clock.wait(killed, duration)

    def _travel(self, stop, duration):
        """Block while a moveTo travels: until ``stop`` is set or ``duration`` seconds
        have passed on the clock (a test's subclass may hold a move until an event)."""
        self.clock.wait(stop, duration)

    def stopMove(self):
        """Stop the running moveTo where the base is now; True (NAOqi: True when the stop
        completed, False if it was interrupted, which never happens here)."""
        self._record("stopMove", ())
        with self._cond:
            self._stop_move(self.clock.now(), "stopMove")
            self._cond.notify_all()
        return True

    def killMove(self):
        """NAOqi's emergency stop of the move task: here the same as stopMove (the base
        stops where it is), recorded as ``stopped_by`` "killMove"."""
        self._record("killMove", ())
        with self._cond:
            self._stop_move(self.clock.now(), "killMove")
            self._cond.notify_all()

    def moveIsActive(self):
        """True while a moveTo runs (whoever sent it)."""
        self._record("moveIsActive", ())
        with self._cond:
            return self._move is not None

    def getRobotPosition(self, useSensors):
        """[x, y, theta] world pose (odometry from the start at 0, 0, 0)."""
        self._record("getRobotPosition", (useSensors,))
        with self._cond:
            return [float(value) for value in self._current_pose(self.clock.now())]

    # ----------------------------------------------------------------- stiffness
    def wakeUp(self):
        """Every joint stiff (but a disabled chain's), awake; raises wakeUpStarted,
        robotIsWakeUp True (if it was not awake), wakeUpFinished. RuntimeError while
        fallen or with "Body" disabled."""
        self._record("wakeUp", ())
        with self._cond:
            if self._fallen:
                raise RuntimeError(FALLEN % "wakeUp")
            if "Body" in self._disabled:
                raise RuntimeError(CHAIN_DISABLED % ("wakeUp", "Body"))
            changed = self._wake()
            self._cond.notify_all()
        self._raise_stiffness_events(WAKE_UP_STARTED, True if changed else None,
                                     WAKE_UP_FINISHED)

    def rest(self):
        """Kill every task, stop the base, stiffness off (angles stay: no physics);
        raises restStarted, robotIsWakeUp False (if it was awake), restFinished.
        RuntimeError while fallen."""
        self._record("rest", ())
        with self._cond:
            if self._fallen:
                raise RuntimeError(FALLEN % "rest")
            self._kill_matching(lambda task: True, "rest")
            self._stop_move(self.clock.now(), "rest")
            changed = self._limp()
            self._cond.notify_all()
        self._raise_stiffness_events(REST_STARTED, False if changed else None, REST_FINISHED)

    def robotIsWakeUp(self):
        self._record("robotIsWakeUp", ())
        with self._cond:
            return self._awake

    def setStiffnesses(self, names, stiffnesses):
        """One value for all, or one per joint, each in [0, 1]. A joint set to 0 stops
        where it is; a leg joint at or below WALK_MIN_LEG_STIFFNESS stops the move
        (MoveFailed, status 1)."""
        self._record("setStiffnesses", (names, stiffnesses))
        joint_names = self._resolve(names, "setStiffnesses")
        if _is_number(stiffnesses):
            values = [float(stiffnesses)] * len(joint_names)
        elif _is_sequence(stiffnesses) and len(stiffnesses) == len(joint_names) and all(
                _is_number(value) for value in stiffnesses):
            values = [float(value) for value in stiffnesses]
        else:
            raise RuntimeError("setStiffnesses: give one number or one per joint (%d), got %r"
                               % (len(joint_names), stiffnesses))
        if not all(0.0 <= value <= 1.0 for value in values):
            raise RuntimeError("setStiffnesses: stiffness must be in [0, 1], got %r"
                               % (stiffnesses,))
        with self._cond:
            self._check_chains("setStiffnesses", joint_names)
            now = self.clock.now()
            self._stiffness.update(zip(joint_names, values))
            for joint, value in zip(joint_names, values):
                if value == 0.0:
                    self._go_limp(joint, now)
            failure = self._stop_refused_move(LEGS_LIMP)
            self._cond.notify_all()
        self.report_move_failure(failure)

    def getStiffnesses(self, names):
        self._record("getStiffnesses", (names,))
        joint_names = self._resolve(names, "getStiffnesses")
        with self._cond:
            return [self._stiffness[joint] for joint in joint_names]


def _not_simulated(name):
    def method(self, *args):
        self._record(name, args)
        raise RuntimeError("ALMotion.%s is not simulated by %s; simulated methods: %s"
                           % (name, type(self).__name__, ", ".join(SIMULATED)))
    method.__name__ = name
    method.__doc__ = "Not simulated: raises RuntimeError."
    return method


SIMULATED = sorted(name for name in vars(KinematicMotion)
                   if name[:1].islower() and "_" not in name)
for _name in NOT_SIMULATED:
    setattr(KinematicMotion, _name, _not_simulated(_name))
