"""pepper_sim robots that each contradict one fact of the check: the check's own mutation
test (tests/test_robot_check.py runs the check against each; ``make robot-check
VARIANT=<name>`` shows its report; a variant of an owner step's fact needs that step
asked for, ``steps``, which pepper_sim's owner does). Against a variant exactly its fact
reads contradicted; the facts tried only through it (``undecided``) read not decided;
every other fact keeps pepper_sim's result.

Each is a small subclass or wrapper of a pepper_sim stand-in; pepper_sim itself behaves as
docs/naoqi.md says NAOqi does, or as the package's stand-ins assume where it does not say.
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.naoqi import context_events, memory_events
from animate_behaviour.planning import joints
from pepper_sim.memory import FakeMemory
from pepper_sim.motion import CHAINS, FLAP_OPEN, KinematicMotion
from pepper_sim.perception import FakeExtractor
from pepper_sim.qi_server import served, served_motion
from robot_check import simulated

# ``robot(scale)``: simulated.Robot's keyword arguments for a robot on that time scale;
# ``steps``: the owner steps its fact needs asked for (the test asks for those only).
Variant = collections.namedtuple("Variant", "fact undecided what robot steps")
Variant.__new__.__defaults__ = ((),)


def _names(names):
    return [names] if isinstance(names, str) else list(names)


class Preempting(KinematicMotion):
    """A blocking call on busy joints ends the task holding them, then runs at once."""

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        if not self.areResourcesAvailable(names):
            self.killTasksUsingResources(names)
        return KinematicMotion.angleInterpolation(self, names, angleLists, timeLists,
                                                  isAbsolute)


class Refusing(KinematicMotion):
    """Refuses a call on a busy joint instead of postponing it."""

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        if not self.areResourcesAvailable(names):
            raise RuntimeError("ALMotion: %s busy, task refused" % (names,))
        return KinematicMotion.angleInterpolation(self, names, angleLists, timeLists,
                                                  isAbsolute)


class OtherShape(KinematicMotion):
    """Lists its tasks as [motionId, name] rows."""

    def getTaskList(self):
        return [[motion_id, name] for name, motion_id in KinematicMotion.getTaskList(self)]


class Decreasing(KinematicMotion):
    """Gives its tasks decreasing ids."""

    TOP = 10 ** 6

    def getTaskList(self):
        return [[name, self.TOP - motion_id]
                for name, motion_id in KinematicMotion.getTaskList(self)]

    def killTask(self, motionTaskID):
        return KinematicMotion.killTask(self, self.TOP - motionTaskID)


class KillLetsJointGoOn(KinematicMotion):
    """killTask answers True and ends the call (its task leaves the list), but its joints
    go on to the call's last key at the call's mean speed, unless a task waiting for them
    takes them."""

    def killTask(self, motionTaskID):
        going = [record for record in list(self.trajectories)
                 if record.task_id == motionTaskID and record.end is None]
        found = KinematicMotion.killTask(self, motionTaskID)
        for record in going:
            if not self.areResourcesAvailable(record.names):
                continue
            for name, angles, start in zip(record.names, record.angles, record.start_angles):
                speed = abs(angles[-1] - start) / record.duration
                if speed > 0.0:
                    self.setAngles(name, angles[-1],
                                   speed / joints.URDF_LIMITS[name].max_velocity)
        return found


class NonBlocking(KinematicMotion):
    """moveTo answers True as soon as the move has started; the base goes on turning. A
    move the base refuses (the charging flap open...) answers False at once, as
    pepper_sim's does: only the blocking differs."""

    def moveTo(self, x, y, theta, *moveConfig):
        if self.safety_state()["move_refusals"]:
            return KinematicMotion.moveTo(self, x, y, theta, *moveConfig)
        count = len(self.moves)
        self.clock.thread(lambda: KinematicMotion.moveTo(self, x, y, theta, *moveConfig),
                          "moveTo").start()
        self.wait_for(lambda: len(self.moves) > count, 1.0)
        return True


class BookingSetAngles(KinematicMotion):
    """setAngles books the joints it commands until they are at its target (within
    BOOKED): areResourcesAvailable is False on them meanwhile."""

    BOOKED = 1e-6  # rad

    def __init__(self, **kwargs):
        KinematicMotion.__init__(self, **kwargs)
        self.set_targets = {}  # joint -> the angle its last setAngles aims at

    def setAngles(self, names, angles, fractionMaxSpeed):
        KinematicMotion.setAngles(self, names, angles, fractionMaxSpeed)
        targets = angles if isinstance(angles, (list, tuple)) else [angles] * len(
            _names(names))
        for name, angle in zip(_names(names), targets):
            limit = joints.URDF_LIMITS[name]
            self.set_targets[name] = min(max(float(angle), limit.minimum), limit.maximum)

    def areResourcesAvailable(self, resourceNames):
        on_the_way = [name for name in _names(resourceNames) if name in self.set_targets
                      and abs(self.getAngles(name, False)[0] - self.set_targets[name])
                      > self.BOOKED]
        return KinematicMotion.areResourcesAvailable(self, resourceNames) and not on_the_way


class MovingWithFlapOpen(KinematicMotion):
    """The charging flap open blocks nothing: moveTo turns the base."""

    def block_moves(self, reason, blocked):
        if reason == FLAP_OPEN:
            return None
        return KinematicMotion.block_moves(self, reason, blocked)


class StillWithFlapOpen(KinematicMotion):
    """Arm joint calls raise while the charging flap is open (the walk page's "ALMotion
    API are prohibited if power hatch is open", read as every call of STILL's joints)."""

    STILL = frozenset(name for name in joints.ANIMATED_JOINTS
                      if joints.chain_of(name) in ("LArm", "RArm"))

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        if FLAP_OPEN in self.safety_state()["move_refusals"] and \
                self.STILL.intersection(_names(names)):
            raise RuntimeError("angleInterpolation: prohibited while the power hatch is open")
        return KinematicMotion.angleInterpolation(self, names, angleLists, timeLists,
                                                  isAbsolute)


class LegsStillWithFlapOpen(StillWithFlapOpen):
    """Leg joint calls raise while the charging flap is open (the wheels unlocked)."""

    STILL = frozenset(joints.LEG_JOINTS)


class ReturningOnDisabledChain(KinematicMotion):
    """A call on a joint of a disabled chain returns at once and moves nothing."""

    def angleInterpolation(self, names, angleLists, timeLists, isAbsolute):
        disabled = set()
        for chain in self.safety_state()["disabled_chains"]:
            disabled.update(CHAINS[chain])
        if disabled.intersection(_names(names)):
            return None
        return KinematicMotion.angleInterpolation(self, names, angleLists, timeLists,
                                                  isAbsolute)


class SilentRest(KinematicMotion):
    """rest and wakeUp raise none of their events (robotIsWakeUp, ALMotion/Stiffness/*)."""

    def _raise_stiffness_events(self, started, awake, finished):
        pass


class StillMood(simulated.MoodWithProperties):
    """An ALMood whose properties are never set."""

    def _tick(self):
        return simulated.PERIOD


class DeafExtractor(FakeExtractor):
    """An extractor whose subscribers never change."""

    def subscribe(self, subscribedName, period=30, precision=1.0):
        pass

    def unsubscribe(self, subscribedName):
        pass


def _forward(name):
    def forward(self, *args):
        return getattr(self.memory, name)(*args)
    forward.__name__ = name
    return forward


class MemoryView(object):
    """ALMemory as the SimulatedRobot ``robot``'s memory serves it (``memory``): every
    method of NAOqi's that pepper_sim's FakeMemory has, forwarded; a subclass changes what
    clients see of it."""

    def __init__(self, robot):
        self.robot = robot
        self.memory = robot.memory


for _name in sorted(vars(FakeMemory)):
    if _name[:1].islower() and "_" not in _name:
        setattr(MemoryView, _name, _forward(_name))

# A followed event the undeclaring robot's ALSpeechRecognition does not declare.
UNDECLARED = context_events.RECOGNITION_STATUS


class UndeclaringMemory(MemoryView):
    """getEventList leaves UNDECLARED out."""

    def getEventList(self):
        return [name for name in self.memory.getEventList() if name != UNDECLARED]


class CreatedMemory(MemoryView):
    """UNDECLARED is not declared, but the package has run since NAOqi started: its
    subscription created the event, which getEventList lists from then on, and it noted
    so (memory_events.note_created) before subscribing."""

    def __init__(self, robot):
        MemoryView.__init__(self, robot)
        memory_events.note_created(self.memory, [UNDECLARED], [])


class OtherShapes(MemoryView):
    """getData of a sign of Pepper's own state answers another shape than its page's:
    ``SHAPES`` {key: value}."""

    SHAPES = {}

    def getData(self, key):
        if key in self.SHAPES:
            return self.SHAPES[key]
        return self.memory.getData(key)


def _other_shape(key, value):
    return lambda scale: {"memory": served(type("OtherShape", (OtherShapes,), {
        "SHAPES": {key: value}}))}


def _motion(cls, **kwargs):
    return lambda scale: {"motion": served_motion(cls)(time_scale=scale, **kwargs)}


_POSTPONED = ("postponed_listed",)  # decided only when a call was seen postponed
VARIANTS = collections.OrderedDict([
    ("preempts", Variant("busy_joint_postponed", _POSTPONED, "a second call on busy "
                         "joints ends the first", _motion(Preempting))),
    ("refuses", Variant("busy_joint_postponed", _POSTPONED, "a second call on busy joints "
                        "is refused", _motion(Refusing))),
    ("lists-no-postponed", Variant("postponed_listed", (), "getTaskList leaves postponed "
                                   "tasks out", _motion(KinematicMotion,
                                                        list_postponed=False))),
    ("ids-decrease", Variant("task_ids_increase", (), "task ids decrease",
                             _motion(Decreasing))),
    ("other-rows", Variant("task_list_shape", (), "getTaskList rows are [motionId, name]",
                           _motion(OtherShape))),
    ("kill-goes-on", Variant("kill_by_id", (), "killTask answers True and ends the call, "
                             "the joint goes on to its key", _motion(KillLetsJointGoOn))),
    ("move-to-returns", Variant("move_to_blocks", (), "moveTo returns True as soon as the "
                                "base starts turning", _motion(NonBlocking))),
    ("set-angles-books", Variant("set_angles_books_nothing", (), "setAngles books its "
                                 "joints until they reach its target",
                                 _motion(BookingSetAngles))),
    ("undeclared-event", Variant("events_declared", (), "%s is not declared" % UNDECLARED,
                                 lambda scale: {"memory": served(UndeclaringMemory)})),
    ("created-event", Variant("events_declared", (), "%s is not declared, but a subscriber "
                              "of the package's created it" % UNDECLARED,
                              lambda scale: {"memory": served(CreatedMemory)})),
    ("stand-other-shape", Variant("sign_values_shaped", (), "ALMotion/RobotIsStand holds "
                                  "the text 'standing', not a bool",
                                  _other_shape("ALMotion/RobotIsStand", "standing"))),
    ("battery-empty-other-shape", Variant("sign_values_shaped", (), "BatteryEmpty holds "
                                          "True, not a message",
                                          _other_shape("BatteryEmpty", True))),
    ("clipped-other-shape", Variant("sign_values_shaped", (), "ALMotion/Safety/"
                                    "ChainVelocityClipped holds [[\"LArm\"]], no position",
                                    _other_shape("ALMotion/Safety/ChainVelocityClipped",
                                                 [["LArm"]]))),
    ("still-mood", Variant("mood_updating", (), "ALMood's properties are never set",
                           lambda scale: {"mood": simulated.served_mood(StillMood)})),
    ("deaf-extractors", Variant("extractor_subscribers", (), "the extractors' subscribers "
                                "never change", lambda scale: {
                                    "extractor": served(DeafExtractor)})),
    ("disabled-chain-returns", Variant("chain_disabled_raises", (), "a call on a disabled "
                                       "chain returns, moving nothing",
                                       _motion(ReturningOnDisabledChain))),
    ("flap-moves", Variant("flap_move_refused", (), "moveTo turns the base with the "
                           "charging flap open", _motion(MovingWithFlapOpen), ("flap",))),
    ("flap-stops-arms", Variant("flap_arms_go_on", (), "arm joint calls raise while the "
                                "charging flap is open", _motion(StillWithFlapOpen),
                                ("flap",))),
    ("flap-stops-legs", Variant("flap_legs_go_on", (), "leg joint calls raise while the "
                                "charging flap is open", _motion(LegsStillWithFlapOpen),
                                ("flap",))),
    ("silent-rest", Variant("rest_events_raised", (), "rest and wakeUp raise none of their "
                            "events", _motion(SilentRest), ("rest",))),
])
