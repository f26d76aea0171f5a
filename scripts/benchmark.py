"""Cost of planning one trajectory per group of the specification's style (what runs on
Pepper's CPU over ~100 s, a waypoint at a time as the calls go out).

    make benchmark      # both interpreters: Python 2.7 + numpy 1.8.0 (Pepper's), 3.9

Prints microseconds per planned trajectory (waypoints + speed-limited timing) and the
size of what one angleInterpolation call carries, as a Markdown table; ``--write`` also
writes it into docs/measurements/planning.md, the part of this Python's lane. Figures, not
assertions.
"""
from __future__ import absolute_import, division, print_function

import argparse
import os
import platform
import sys
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))

import measurement_pages  # noqa: E402  (scripts/ is on sys.path)

import numpy as np  # noqa: E402

from animate_behaviour import configuration as config  # noqa: E402
from animate_behaviour.expression import live_signal# noqa: E402
from animate_behaviour.planning import groups, joints, specification  # noqa: E402

SECONDS_PER_FIGURE = 1.0  # of timing per group: enough repeats, and make benchmark stays short


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    measurement_pages.option(parser, "planning.md")
    args = parser.parse_args()
    settings = config.from_mapping({})
    rng = np.random.RandomState(0)
    reading = live_signal.steady(settings).now()
    built = dict((group.name, group.shape(reading))
                 for group in groups.build(settings, joints.URDF_LIMITS))

    lane = "Python %d.%d" % sys.version_info[:2]
    lines = ["%s (%s), numpy %s, %s." % (lane, platform.python_version(), np.__version__,
                                        platform.machine()), "",
             "| group | joints x waypoints | us per trajectory | floats per trajectory "
             "| lasting (s) |", "| --- | --- | --- | --- | --- |"]
    for row in groups.TABLE:
        group = built[row.name]

        def plan():
            return specification.trajectory_of(group, settings, rng, group.home)

        once = timeit.timeit(plan, number=1)
        number = max(1, int(SECONDS_PER_FIGURE / 3.0 / once))
        seconds = min(timeit.repeat(plan, number=number, repeat=3)) / number
        _points, times = plan()
        floats = 2 * len(group.names) * settings.num_points
        lines.append("| %s | %d x %d | %.1f | %d | %.0f |" % (
            row.name, len(group.names), settings.num_points, seconds * 1e6, floats, times[-1]))
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("planning.md", "benchmark.py", lines, part=lane)


if __name__ == "__main__":
    main()
