"""The figures of issue 25's benchmarks (scripts/benchmark_follow.py,
benchmark_set_angles.py, benchmark_context.py) computed right, on series and records made
up here: the lag, the time to 63 %, the keys' speeds, the step-aside and fight counts, the
extractors' cost line. 3.9 lane: the benchmarks run there (make benchmark)."""
import sys

import numpy as np
import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: make benchmark runs its scripts there",
                allow_module_level=True)

from animate_behaviour.planning import joints  # noqa: E402

import script_modules  # noqa: E402
from manual_clock import ManualClock  # noqa: E402

benchmark_context = script_modules.load("benchmark_context")
benchmark_follow = script_modules.load("benchmark_follow")
benchmark_set_angles = script_modules.load("benchmark_set_angles")

PERIOD = 0.25


def series(changes, seconds=60.0, lag=0.0, glide=0.0):
    """(times, values) every PERIOD s: steps to each (time, value) of ``changes``, reached
    ``lag`` s late along a straight ``glide`` of that many s."""
    times = np.arange(0.0, seconds, PERIOD)
    values = np.zeros(len(times))
    level = 0.0
    for at, value in changes:
        start = at + lag
        ramp = np.clip((times - start) / glide, 0.0, 1.0) if glide else \
            (times >= start).astype(float)
        values = np.where(times >= start, level + (value - level) * ramp, values)
        level = value
    return times, values


CHANGES = [(0.0, 0.0), (10.0, 0.6), (25.0, -0.5), (40.0, 0.3)]


def test_the_lag_is_the_shift_that_lines_the_robot_up_with_the_person():
    times, person = series(CHANGES)
    _, robot = series(CHANGES, lag=2.0)
    assert benchmark_follow.cross_correlation_lag(person, robot, PERIOD) == 2.0
    assert np.isnan(benchmark_follow.cross_correlation_lag(person, np.zeros(len(times)),
                                                           PERIOD))


def test_the_time_to_63_percent_of_each_change():
    times, robot = series(CHANGES, lag=1.0, glide=3.0)
    changes = [at for at, _ in CHANGES[1:]]
    found = benchmark_follow.times_to_step(times, robot, changes, changes[1:] + [60.0])
    # 1 s late, then 63 % of a 3 s glide: 2.89 s, read on the 0.25 s grid.
    assert found == [pytest.approx(3.0)] * 3
    flat = benchmark_follow.times_to_step(times, np.zeros(len(times)), changes,
                                          changes[1:] + [60.0])
    assert flat == [None] * 3  # the robot never moved: nothing to time


class Record(object):
    def __init__(self, names, start_angles, angles, times, requested=0.0, start=0.0,
                 end=None):
        self.names, self.start_angles, self.angles, self.times = (
            names, start_angles, angles, times)
        self.requested, self.start, self.end = requested, start, end


def test_a_key_s_speed_is_its_angle_change_over_its_time_against_the_joint_s_maximum():
    limit = joints.URDF_LIMITS["LElbowRoll"].max_velocity
    record = Record(["LElbowRoll"], [0.0], [[0.1 * limit, 0.1 * limit + 0.3 * limit]],
                    [[1.0, 2.0]])
    speeds = benchmark_follow.key_speeds([record])
    assert speeds == {"LElbowRoll": pytest.approx(0.3)}
    assert benchmark_follow.keys_above([record], 0.2) == 1  # the second key, 0.3
    assert benchmark_follow.keys_above([record], 0.2, factor=1.5) == 1
    assert benchmark_follow.keys_above([record], 0.05, factor=1.5) == 2


def test_calls_in_flight_sent_after_and_fights_around_another_app_s_commands():
    left = ["LShoulderPitch", "LElbowRoll", "LWristYaw"]
    records = [Record(left, [0.0] * 3, [[0.0]] * 3, [[2.0]] * 3, requested=9.0, start=9.0,
                      end=11.0),  # in flight when it begins at 10
               Record(left, [0.0] * 3, [[0.0]] * 3, [[2.0]] * 3, requested=11.1, start=11.1,
                      end=13.1),  # sent while it commands: a fight
               Record(["RElbowRoll"], [0.0], [[0.0]], [[2.0]], requested=12.0, start=12.0,
                      end=14.0),  # not its joints
               Record(left, [0.0] * 3, [[0.0]] * 3, [[2.0]] * 3, requested=17.5,
                      start=17.5, end=19.5)]  # 2.5 s after its last command
    episode = benchmark_set_angles.Episode(list(np.arange(10.0, 15.01, 0.2)), 13.2, 17.5)
    found = benchmark_set_angles.figures(records, episode, ManualClock())
    assert (found["in flight"], found["sent after"], found["calls"], found["fights"]) == (
        1, 1, 2, 1)
    assert found["aside"] == pytest.approx(3.1)
    assert found["yielding"] == pytest.approx(3.2)
    assert found["resumed"] == pytest.approx(2.5)


def test_the_extractors_cost_is_cited_from_docs_naoqi_or_not_published(tmp_path):
    cited = tmp_path / "cited.md"
    cited.write_text("# NAOqi\n\n## Extractors\n\n- **What it costs: not published.** "
                     "No page gives a figure.\n")
    line = benchmark_context.extractor_cost(str(cited))
    assert "not published" in line and '"Extractors"' in line
    bare = tmp_path / "bare.md"
    bare.write_text("# NAOqi\n\n## People\n\nnothing on costs\n")
    assert "not published (docs/naoqi.md gives no figure)" in \
        benchmark_context.extractor_cost(str(bare))
    assert "not published" in benchmark_context.extractor_cost()  # the page as it is
