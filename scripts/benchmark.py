"""Cost of planning one trajectory per group of the specification's style (what runs on
Pepper's CPU over ~100 s, a waypoint at a time as the calls go out).

    make benchmark      # both interpreters: Python 2.7 + numpy 1.8.0 (Pepper's), 3.9

Prints microseconds per planned trajectory (waypoints + speed-limited timing) and the
size of what one angleInterpolation call carries. Figures, not assertions.
"""
from __future__ import absolute_import, division, print_function

import os
import platform
import sys
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))

import numpy as np  # noqa: E402

from animate_behaviour import configuration as config  # noqa: E402
from animate_behaviour.expression import live_signal# noqa: E402
from animate_behaviour.planning import groups, joints, specification  # noqa: E402

SECONDS_PER_FIGURE = 1.0  # of timing per group: enough repeats, and make benchmark stays short


def main():
    settings = config.from_mapping({})
    rng = np.random.RandomState(0)
    reading = live_signal.steady(settings).now()
    built = dict((group.name, group.shape(reading))
                 for group in groups.build(settings, joints.URDF_LIMITS))

    print("Python %s, numpy %s, %s" % (platform.python_version(), np.__version__,
                                        platform.machine()))
    for row in groups.TABLE:
        group = built[row.name]

        def plan():
            return specification.trajectory_of(group, settings, rng, group.home)

        once = timeit.timeit(plan, number=1)
        number = max(1, int(SECONDS_PER_FIGURE / 3.0 / once))
        seconds = min(timeit.repeat(plan, number=number, repeat=3)) / number
        _points, times = plan()
        floats = 2 * len(group.names) * settings.num_points
        print("  %-5s %2d joints x %d waypoints: %7.1f us per trajectory, %5d floats "
              "per trajectory, lasting %.0f s" % (row.name, len(group.names), settings.num_points,
                                                 seconds * 1e6, floats, times[-1]))


if __name__ == "__main__":
    main()
