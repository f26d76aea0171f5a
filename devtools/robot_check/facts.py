"""The facts the robot check tries: one row per fact, with its docs/naoqi.md section, what
is tried and what counts as confirmed; and the findings a run collects about them.

A fact is decided by a trial (run.TRIALS) from observations that tell its alternatives
apart: **confirmed**, **contradicted**, or **not decided** when the trial ran but what it
saw could not tell them apart (the observed value says why); **not tried** when nothing was
tried (no consent, a module absent, an owner step not asked for). A fact whose ``step``
names an owner step is tried only when the owner asks for it (``--steps``) and confirms
the step at its prompt."""
from __future__ import absolute_import, division, print_function

import collections

CONFIRMED = "confirmed"
CONTRADICTED = "contradicted"
NOT_DECIDED = "not decided"
NOT_TRIED = "not tried"
RESULTS = (CONFIRMED, CONTRADICTED, NOT_DECIDED, NOT_TRIED)

# The arm joint every arm trial moves (a few degrees, slowly): a wrist turning hits
# nothing, and the head (HeadYaw, HeadPitch) is never touched.
JOINT = "LWristYaw"
# The leg joint the flap trial moves (LEG_STEP and back): the legs' way home with the
# charging flap open is a leg joint call.
LEG_JOINT = "HipPitch"

Fact = collections.namedtuple("Fact", "key name section tried confirmed_when moves step")
Fact.__new__.__defaults__ = (None,)  # step: None, tried in every run
Finding = collections.namedtuple("Finding", "fact result observed")

_TASKS = "ALMotion tasks: postponement, task lists, killing"
_DAY = "Pepper's own day"
FACTS = (
    Fact("task_list_shape", "getTaskList lists tasks as [name, motionId, ...] rows", _TASKS,
         "every getTaskList the check reads, while its own calls run",
         "every row starts with a name (text) and a whole-number id", True),
    Fact("busy_joint_postponed", "A second blocking call on busy joints is postponed, "
         "not refused", _TASKS,
         "a slow angleInterpolation of %s, then a second one on the same joint while the "
         "first runs; the second is left waiting a second, then the first is killed by its "
         "id" % JOINT,
         "the first still runs when it is killed (killTask answers True, the first returns "
         "after it), the second returns without error at its key, a full call's time after "
         "the first ended: it started when the first ended, not when it was sent. "
         "Contradicted when the first ended before the kill (preempted), the second "
         "returned before it (refused), or the second started when sent (ran alongside)",
         True),
    Fact("postponed_listed", "getTaskList lists a postponed task (not documented: the "
         "package handles both)", _TASKS,
         "the task list, read while the postponement trial's second call waits",
         "a new task id appears while the second call waits (decided only when the second "
         "call was postponed)", True),
    Fact("task_ids_increase", "Motion task ids increase (not documented)", _TASKS,
         "the ids of the check's calls, in the order they were sent",
         "each id is larger than the one before", True),
    Fact("kill_by_id", "killTask(our id) ends our call and its joint stops", _TASKS,
         "an angleInterpolation of %s, 5 degrees in 2 s, killed by its id 0.8 s in, "
         "while it turns at about 3 degrees a second; the joint watched for 1 s after" % JOINT,
         "killTask answers True, the call returns, its task leaves the list and the joint "
         "stays where it stopped, short of the call's key. Not decided when the joint "
         "turned so slowly before the kill that going on for 1 s would not show", True),
    Fact("move_to_blocks", "moveTo blocks until the pose is reached", _TASKS,
         "moveTo(0, 0, 0.05) and back, only with --move-base; moveIsActive read while it "
         "runs and at once when it returns",
         "the move was seen active while the call ran, and when it returns (not False) the "
         "base has turned at least half of 0.05 rad and no move is active", True),
    Fact("set_angles_books_nothing", "Another app's setAngles books no joint: "
         "areResourcesAvailable stays True", _TASKS,
         "setAngles of %s 5 degrees away, then areResourcesAvailable([%s]) while the "
         "joint is on its way" % (JOINT, JOINT), "areResourcesAvailable answers True", True),
    Fact("events_declared", "Every ALMemory key the package follows is declared",
         "ALMemory events",
         "getEventList() for the events; getDataList(key) for the data read, while the "
         "check has the extractors subscribed (an extractor writes its keys once it runs)",
         "every event is in getEventList and every data key in getDataList", False),
    Fact("sign_values_shaped", "The last value ALMemory keeps of each sign of Pepper's own "
         "state has the shape its page documents", _DAY,
         "getData of every key the package follows or reads for Pepper's own state "
         "(own_state_signs.SIGNS), read as the package reads it; nothing moves",
         "every value held is of its documented shape (a bool, [[name, disabled], ...], a "
         "message...); not decided when none holds a value yet", False),
    Fact("mood_updating", "ALMood is present and updates once a second while Autonomous "
         "Life runs", "ALMood",
         "the valenceLevel and attentionLevel properties followed for a few seconds",
         "ALMood is served and its properties are set at least twice", False),
    Fact("extractor_subscribers", "ALPeoplePerception and ALEngagementZones count their "
         "subscribers by name", "Extractors",
         "subscribe under a test name, getSubscribersInfo, unsubscribe",
         "the test name is added and removed, every other subscriber stays", False),
    Fact("chain_disabled_raises", "A call on a chain disabled in ALMotion/Protection "
         "raises (not documented)", _DAY,
         "only when the robot reports an arm disabled (ALMotion/Protection/"
         "DisabledDevicesChanged's last value, read with getData): an angleInterpolation "
         "of that arm's wrist by 1 degree",
         "the call raises (its message is recorded); contradicted when it returns (how far "
         "the joint turned is recorded)", True),
    Fact("flap_move_refused", "With the charging flap open, moveTo refuses: it returns "
         "False or raises, and the base stays (not documented; ALMotion/MoveFailed and its "
         "cause recorded)", _DAY,
         "owner step 'flap': once the flap reads open (BatteryTrapIsOpen, the DCM key), "
         "moveTo(0, 0, 0.05) with ALMotion/MoveFailed followed",
         "moveTo returns False or raises and the base turns less than half of 0.05 rad, "
         "while the flap reads open", True, "flap"),
    Fact("flap_arms_go_on", "With the charging flap open, a wrist angleInterpolation still "
         "runs (only locomotion is prohibited)", _DAY,
         "owner step 'flap', the flap still open: an angleInterpolation of %s by 5 degrees "
         "and back" % JOINT,
         "the call returns without error and the joint's sensor turns at least half of it, "
         "while the flap reads open", True, "flap"),
    Fact("flap_legs_go_on", "With the charging flap open, a leg joint's angleInterpolation "
         "still runs (the legs' way home before they hold still)", _DAY,
         "owner step 'flap', the flap still open: an angleInterpolation of %s by 2 degrees "
         "and back" % LEG_JOINT,
         "the call returns without error and the joint's sensor turns at least half of it, "
         "while the flap reads open", True, "flap"),
    Fact("rest_events_raised", "When another client rests and wakes Pepper, robotIsWakeUp "
         "and ALMotion/Stiffness/restStarted, restFinished, wakeUpStarted and wakeUpFinished "
         "are raised", _DAY,
         "owner step 'rest': rest(), then wakeUp(), with robotIsWakeUp and the four "
         "stiffness events followed",
         "restStarted, restFinished and robotIsWakeUp False are heard before wakeUp is "
         "sent, wakeUpStarted, wakeUpFinished and robotIsWakeUp True after, and none in "
         "the other phase", True, "rest"),
)
BY_KEY = collections.OrderedDict((fact.key, fact) for fact in FACTS)
MOVING = tuple(fact.key for fact in FACTS if fact.moves)


class Findings(object):
    """What a run found, fact by fact: each fact is decided once (a later record of a
    decided fact is a bug of the check and raises ValueError). ``listener(self)``, if
    given, is called after each change (a finding, or the facts being tried now:
    ``trying``), so the report can be written as the run goes."""

    def __init__(self, listener=None):
        self._found = collections.OrderedDict()
        self._listener = listener
        self.trying = ()

    def _changed(self):
        if self._listener is not None:
            self._listener(self)

    def record(self, key, result, observed):
        if key not in BY_KEY:
            raise ValueError("unknown fact %r (facts: %s)" % (key, ", ".join(BY_KEY)))
        if result not in RESULTS:
            raise ValueError("unknown result %r for %s" % (result, key))
        if key in self._found:
            raise ValueError("%s was already found %s" % (key, self._found[key].result))
        self._found[key] = Finding(BY_KEY[key], result, observed)
        self._changed()

    def start(self, keys):
        """The facts of ``keys`` are being tried now."""
        self.trying = tuple(keys)
        self._changed()

    def decided(self, key):
        return key in self._found

    def result(self, key):
        """The result found for ``key`` (None before it is decided)."""
        finding = self._found.get(key)
        return None if finding is None else finding.result

    def not_tried(self, keys, why):
        """Every fact of ``keys`` not decided yet: not tried, because ``why``."""
        self._rest(keys, NOT_TRIED, why)

    def not_decided(self, keys, why):
        """Every fact of ``keys`` not decided yet: not decided, because ``why``."""
        self._rest(keys, NOT_DECIDED, why)

    def _rest(self, keys, result, why):
        for key in keys:
            if not self.decided(key):
                self.record(key, result, why)

    def all(self, unreached="not reached"):
        """One Finding per fact, in the table's order (facts not decided: not tried,
        observed ``unreached``)."""
        return [self._found.get(key) or Finding(fact, NOT_TRIED, unreached)
                for key, fact in BY_KEY.items()]
