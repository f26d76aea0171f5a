"""How long the check lets things take, in wall seconds (robot seconds on a Pepper)."""
import collections

Timing = collections.namedtuple("Timing", (
    # The calls the check kills (a few degrees over this long: slow if a kill fails), the
    # one it lets run, and its way back to where the joint was.
    "slow_call short_call back "
    # How long a call's task may take to be listed, a joint to arrive, a call to end
    # after a kill or a move after it was sent.
    "grace "
    # How long the task list is read for a new task, and the pause before a stopped
    # joint's angle is read again.
    "listing settle "
    # How long ALMood's properties are followed at most.
    "mood"))

ROBOT = Timing(slow_call=20.0, short_call=2.0, back=1.0, grace=5.0, listing=1.0,
               settle=0.2, mood=5.0)
