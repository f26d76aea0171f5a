"""Taking every group home when the animation stops."""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.engine import disruptions
from animate_behaviour.engine.disruptions import OTHER_APP, SPEECH, Disruption
from animate_behaviour.engine.group_calls import outside
from animate_behaviour.planning import steps

# Why a group is left where it is, in the log (Pepper's own state: its hold and reason).
_WORDS = {SPEECH: "Pepper is speaking", OTHER_APP: "another app moves it"}


def go_home(sender, tuning, speaking, own_state, log, left):
    """Take every group of ``tuning`` to the configured home (not the mood's rest posture:
    disabling restores what the animation changed) smoothly, as fast as the velocity limit allows,
    in calls no longer than maxCallDuration (the groups travel together), through
    ``sender`` (sender.Sender). A group whose joints another app holds, that leaves them
    to speech (``speaking()`` says whether Pepper speaks), or that Pepper's own state
    (own_state.OwnState) holds (resting, fallen, disabled...), is left where it is; so is
    one another app set (its setAngles books nothing) less than yieldQuietTime ago, or
    since its worker last looked, as ``left`` ({group name: group_calls.Left}, what the
    round's workers knew) tells."""
    plans = []
    for group in (tuning.groups.values() if tuning is not None else ()):
        # The round has stopped, and heat lets a group go home: the group's other looks.
        looks = disruptions.group_looks(group.names, group.yields_to_speech, own_state,
                                        speaking, sender)
        found = disruptions.first(looks, asking=True)
        if found is None:
            start = np.array(sender.angles(group.names, False), dtype=float)
            found = _set_by_another_app(left.get(group.name), start,
                                        tuning.config.yield_quiet_time)
        if found is not None:
            log.info("group %s left where it is: %s" % (group.name, _WORDS.get(
                found.reason, "%s (%s)" % (found.reason, found.why))))
            continue
        target = [tuning.config.home[joint] for joint in group.names]
        moves = [step for step in steps.home(group, start, tuning.config, target)
                 if isinstance(step, steps.Move)]
        plans.append((group, moves))
    for index in range(max([len(moves) for _group, moves in plans] or [0])):
        names, angles, times = [], [], []
        for group, moves in plans:
            if index < len(moves):
                move = moves[index]
                names.extend(group.names)
                angles.extend([float(a) for a in column] for column in move.angles.T)
                times.extend([[float(t) for t in move.times]] * len(group.names))
        sender.run_joints(names, angles, times)


def _set_by_another_app(left, commanded, quiet):
    """A Disruption if another app set the joints, commanded at ``commanded`` now, less
    than ``quiet`` s ago as far as ``left`` (group_calls.Left, or None for a group no
    worker knew) tells: its worker saw it, or it last looked at them less than ``quiet``
    s ago and they are no longer where our calls left them. A move found after a longer
    time unseen (a long rest of the group, ALMotion failing) may be where a task of that
    app left them long ago: they go home."""
    if left is None:
        return None
    if left.seen_ago is not None and left.seen_ago < quiet:
        return Disruption(OTHER_APP, why="its worker saw it move them %.1f s ago"
                          % left.seen_ago)
    looked_lately = left.looked_ago is not None and left.looked_ago < quiet
    if looked_lately and left.low is not None and outside(commanded, left.low, left.high):
        return Disruption(OTHER_APP, why="it moved them since the group last looked, "
                          "%.1f s ago" % left.looked_ago)
    return None
