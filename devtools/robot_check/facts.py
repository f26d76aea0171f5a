"""The facts the robot check tries: one row per fact, with its docs/naoqi.md section, what
is tried and what counts as confirmed; and the findings a run collects about them."""
import collections

CONFIRMED = "confirmed"
CONTRADICTED = "contradicted"
NOT_TRIED = "not tried"

# The arm joint every arm trial moves (a few degrees, slowly): a wrist turning hits
# nothing, and the head (HeadYaw, HeadPitch) is never touched.
JOINT = "LWristYaw"

Fact = collections.namedtuple("Fact", "key name section tried confirmed_when moves")
Finding = collections.namedtuple("Finding", "fact result observed")

_TASKS = "ALMotion tasks: postponement, task lists, killing"
FACTS = (
    Fact("task_list_shape", "getTaskList lists tasks as [name, motionId, ...] rows", _TASKS,
         "every getTaskList the check reads, while its own calls run",
         "every row starts with a name (text) and a whole-number id", True),
    Fact("busy_joint_postponed", "A second blocking call on busy joints is postponed, "
         "not refused", _TASKS,
         "a slow angleInterpolation of %s, then a second one on the same joint while the "
         "first runs; the first is then killed by its id" % JOINT,
         "the second call returns without error, and only after the first has ended", True),
    Fact("postponed_listed", "getTaskList lists a postponed task (not documented: the "
         "package handles both)", _TASKS,
         "the task list read while the second call waits",
         "a new task id appears while the second call waits", True),
    Fact("task_ids_increase", "Motion task ids increase (not documented)", _TASKS,
         "the ids of the check's calls, in the order they were sent",
         "each id is larger than the one before", True),
    Fact("kill_by_id", "killTask(our id) ends our call and its joint stops", _TASKS,
         "a slow angleInterpolation of %s, killed by the id getTaskList gave it" % JOINT,
         "the call returns, its task leaves the list and the joint stays where it "
         "stopped, short of the call's key", True),
    Fact("move_to_blocks", "moveTo blocks until the pose is reached", _TASKS,
         "moveTo(0, 0, 0.05) and back, only with --move-base",
         "it returns (not False) with the base turned at least half of 0.05 rad and no "
         "move active", True),
    Fact("set_angles_books_nothing", "Another app's setAngles books no joint: "
         "areResourcesAvailable stays True", _TASKS,
         "setAngles of %s a few degrees away, then areResourcesAvailable([%s])"
         % (JOINT, JOINT), "areResourcesAvailable answers True", True),
    Fact("events_declared", "Every ALMemory key the package follows is declared",
         "ALMemory events",
         "getEventList() for the events, getDataList(key) for the data read",
         "every event is in getEventList and every data key in getDataList", False),
    Fact("mood_updating", "ALMood is present and updates once a second while Autonomous "
         "Life runs", "ALMood",
         "the valenceLevel and attentionLevel properties followed for a few seconds",
         "ALMood is served and its properties are set at least twice", False),
    Fact("extractor_subscribers", "ALPeoplePerception and ALEngagementZones count their "
         "subscribers by name", "Extractors",
         "subscribe under a test name, getSubscribersInfo, unsubscribe",
         "the test name is added and removed, every other subscriber stays", False),
)
BY_KEY = collections.OrderedDict((fact.key, fact) for fact in FACTS)
MOVING = tuple(fact.key for fact in FACTS if fact.moves)


class Findings(object):
    """What a run found, fact by fact: each fact is decided once (a later record of a
    decided fact is a bug of the check and raises ValueError)."""

    def __init__(self):
        self._found = collections.OrderedDict()

    def record(self, key, result, observed):
        if key not in BY_KEY:
            raise ValueError("unknown fact %r (facts: %s)" % (key, ", ".join(BY_KEY)))
        if result not in (CONFIRMED, CONTRADICTED, NOT_TRIED):
            raise ValueError("unknown result %r for %s" % (result, key))
        if key in self._found:
            raise ValueError("%s was already found %s" % (key, self._found[key].result))
        self._found[key] = Finding(BY_KEY[key], result, observed)

    def decided(self, key):
        return key in self._found

    def not_tried(self, keys, why):
        """Every fact of ``keys`` not decided yet: not tried, because ``why``."""
        for key in keys:
            if not self.decided(key):
                self.record(key, NOT_TRIED, why)

    def all(self):
        """One Finding per fact, in the table's order (facts never reached: not tried)."""
        return [self._found.get(key) or Finding(fact, NOT_TRIED, "not reached")
                for key, fact in BY_KEY.items()]
