"""beside.gif (issue 32): the most typical genuine person's stick figure (stick.py) beside
qiBullet's Pepper posed at the angles the lifelike style commands at the neutral mood, over
the same minute, side by side (pepper_bullet.render).

Python 3.9 tooling (qiBullet). Pepper is posed, not simulated: each frame sets the joints
at the commanded angles (PepperPhysics.posed_frame), which is what the figures read, and
takes a minute of frames in seconds rather than a minute of real-time physics.
"""
import os

import numpy as np

import motion_quality
from animate_behaviour.planning import styles
from pepper_bullet import demo, physics, render
from people import data, pepper_traces, robot, stick, study

SECONDS = 60.0
SIZE = (240, 300)  # px per half
GIF = "beside.gif"


def chosen(recordings, found):
    """The genuine clip at least SECONDS long closest to the others (leave-one-out)."""
    genuine = [each for each in recordings if each.kind == data.GENUINE]
    distances = dict(zip(found.genuine, study.leave_one_out(found)))
    long_enough = [each for each in genuine if len(each.angles["KneePitch"]) / each.rate
                   >= SECONDS]
    if not long_enough:
        raise ValueError("no genuine clip lasts %.0f s" % SECONDS)
    return min(long_enough, key=lambda each: distances[each.name])


def pepper_frames(seed, times, camera):
    """``camera``'s frames of Pepper posed at the lifelike style's commanded angles at the
    neutral mood (round seed ``seed``) at each of ``times`` (s)."""
    angles = robot.run(styles.LIFELIKE, robot.NEUTRAL, SECONDS / 60.0, seed).recording.angles
    rate = motion_quality.RATE
    simulated = physics.PepperPhysics()
    try:
        return [simulated.posed_frame(
            dict((name, float(values[min(int(round(moment * rate)), len(values) - 1)]))
                 for name, values in angles.items()), camera) for moment in times]
    finally:
        simulated.close()


def write(recordings, found, out_dir, seed=pepper_traces.SEED):
    """Write beside.gif in ``out_dir``; its path."""
    person = chosen(recordings, found)
    times = np.arange(0.0, SECONDS, demo.FRAME_PERIOD)
    camera = render.Camera(SIZE[0], SIZE[1])
    people = stick.frames(person.pose, person.clip, times, SIZE, render.EYE, render.TARGET)
    frames = render.side_by_side([people, pepper_frames(seed, times, camera)],
                                 ["%s (ReActIdle)" % person.name,
                                  "Pepper, %s" % robot.label(styles.LIFELIKE, robot.NEUTRAL)],
                                 demo.FRAME_PERIOD)
    path = os.path.join(out_dir, GIF)
    render.write_gif(frames, path, demo.FRAME_PERIOD)
    return path
