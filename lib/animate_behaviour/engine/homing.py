"""Taking every group home when the animation stops."""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import steps


def go_home(sender, tuning, speaking, own_state, log):
    """Take every group of ``tuning`` to the configured home (not the mood's rest posture:
    disabling restores what the animation changed) smoothly, as fast as the velocity limit allows,
    in calls no longer than maxCallDuration (the groups travel together), through
    ``sender`` (sender.Sender). A group whose joints another app holds, that leaves them
    to speech (``speaking()`` says whether Pepper speaks), or that Pepper's own state
    (own_state.OwnState) holds (resting, fallen, disabled...), is left where it is."""
    plans = []
    for group in (tuning.groups.values() if tuning is not None else ()):
        hold = own_state.hold(group.names)
        if hold is not None:
            log.info("group %s left where it is: %s (%s)" % (group.name, hold.state,
                                                              hold.reason))
            continue
        if group.yields_to_speech and speaking():
            log.info("group %s left where it is: Pepper is speaking" % group.name)
            continue
        if not sender.joints_free(group.names):
            log.info("group %s left where it is: another app moves it" % group.name)
            continue
        start = np.array(sender.angles(group.names, False), dtype=float)
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
