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

from helpers import script_modules  # noqa: E402
from helpers.manual_clock import ManualClock  # noqa: E402
from people import table as people_table  # noqa: E402

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


# -- what --write puts on docs/measurements/ ----------------------------------------------

benchmark_citizen = script_modules.load("benchmark_citizen")
benchmark_drift = script_modules.load("benchmark_drift")
benchmark_lanes = script_modules.load("benchmark_lanes")
benchmark_mood = script_modules.load("benchmark_mood")
benchmark_motion = script_modules.load("benchmark_motion")
measurement_pages = script_modules.load("measurement_pages")


def mood_grid():
    """A made-up grid: the arousal figures rise with arousal (the hold falls), the posture
    with valence; the clock line fails at one mood."""
    grid = {}
    for valence in benchmark_mood.GRID:
        for arousal in benchmark_mood.GRID:
            breaths = benchmark_mood.live_signal.steady(benchmark_mood.config_module.from_mapping(
                {"arousal": arousal})).now().breaths_per_minute  # as the engine sets them
            found = {"RMS offset (rad)": 0.08 + 0.05 * arousal,
                     "speed peaks /s": 0.4 + 0.2 * arousal, "mean hold (s)": 3.0 - arousal,
                     "breaths /min": breaths, "set breaths /min": breaths,
                     "peaks per second": 0.4 + 0.2 * arousal, "synchrony": 0.3,
                     "clock line": 2.5 if (valence, arousal) == (1.0, -1.0) else 1.0,
                     "SPARC median": -1.58}
            for index, label in enumerate(("ShoulderPitch (rad)", "ShoulderRoll (rad)",
                                           "Hand")):
                found[label] = 1.0 + index + 0.1 * valence + 0.001 * arousal
                found["home", label] = 1.0 + index + 0.1 * valence
            grid[valence, arousal] = found
    return grid


def test_the_mood_summary_means_each_figure_over_the_other_axis():
    lines = benchmark_mood.summary("lifelike", mood_grid(), 120.0)
    assert lines[2] == "| arousal figure | a -1 | a -0.5 | a 0 | a 0.5 | a 1 | rho (worst) |"
    assert "| RMS offset from home, rad | 0.030 | 0.055 | 0.080 | 0.105 | 0.130 | +1.00 |" \
        in lines
    assert "| mean hold, s | 4.00 | 3.50 | 3.00 | 2.50 | 2.00 | -1.00 |" in lines
    assert "| breaths per minute (set: 10.5, 12.25, 14, 16.1, 18.2) | 10.5 | 12.2 | 14.0 | " \
        "16.1 | 18.2 | +1.00 |" in lines
    assert "| ShoulderRoll, rad | 1.900 (1.900) | 1.950 (1.950) | 2.000 (2.000) | " \
        "2.050 (2.050) | 2.100 (2.100) | +1.00 |" in lines
    assert lines[-4:] == [
        "| peaks/s <= 1.70 | 0.20 to 0.60 | none |",
        "| synchrony <= 0.64 | 0.30 | none |",
        "| clock line <= 2 | 1.00 to 2.50 | (1, -1) 2.50 |",
        "| SPARC >= -1.8 | -1.58 | none |"]
    assert not any("goal" in line for line in benchmark_mood.summary(
        "specification", mood_grid(), 40.0)[-3:])


def test_the_drift_citizen_and_lanes_tables():
    drift = benchmark_drift.markdown({"lifelike": [(100.0, 90.0), (110.0, 90.0)]}, 1)
    assert drift[-1] == "| lifelike | 105.0 | 90.0 | 0.86 | 0.86 (0.86-0.86) | 0.86-0.86 |"
    # Two walks (a drawn and a mirrored run each): each walk's ratio, and an interval
    # spanning the walks' own.
    walks = [(100.0, 100.0), (100.0, 80.0), (100.0, 60.0), (100.0, 60.0)]
    assert list(benchmark_drift.walk_ratios(walks)) == [0.9, 0.6]
    low, high = benchmark_drift.interval(walks)
    assert (low, high) == (0.6, 0.9)
    assert benchmark_drift.markdown({"lifelike": walks}, 2)[-1] == \
        "| lifelike | 100.0 | 75.0 | 0.75 | 0.75 (0.60-0.90) | 0.60-0.90 |"
    citizen = benchmark_citizen.markdown({"animate-behaviour": ([0.068] * 20, [0.012] * 19),
                                          "specification": ([100.0] * 20, [101.0] * 20)})
    assert citizen[-2:] == [
        "| 1 s arm gesture waits for the joints | 0.068 / 0.068 / 0.068 (20) | "
        "100 / 100 / 100 (20) |",
        "| ALAnimatedSpeech gesture waits | 0.012 / 0.012 / 0.012 (19) | "
        "101 / 101 / 101 (20) |"]
    lanes = benchmark_lanes.markdown([("2.7 ours", ["0.470", "0.025", "1.0 / 2.0 / 3.0 (20)",
                                                    "4.0 / 5.0 / 6.0 (20)",
                                                    "0.1 / 8.6 / 9.0 (50)", "8.32"],
                                       {"angleInterpolation": 1.4, "moveTo": 0.1,
                                        "getTaskList": 3.0, "getAngles": 1.5,
                                        "moveIsActive": 0.3, "getListData": 0.15})])
    assert lanes[2].startswith("| goal | <= 0.2 | <= 0.06 | p99 <= 10 |")
    assert lanes[2].endswith("| <= 2.2 | |")
    assert lanes[-1] == ("| 2.7 ours | 0.470 | 0.025 | 1.0 / 2.0 / 3.0 (20) | "
                         "4.0 / 5.0 / 6.0 (20) | 0.1 / 8.6 / 9.0 (50) | 8.32 | 1.50 | 2.00 | "
                         "1.00 | 0.00 | 0.20 | 3.20 | 0.10 |")
    figures = {"2.7 ours": (0.5, 0.02, [4.0] * 10, [60.0] * 10, None, 5.0, 1.5, 2.0),
               "2.7 ours at 22d3214": (0.5, 0.04, [2.0] * 10, [40.0] * 10, 8.0, 10.0, 1.5,
                                       4.0)}
    assert benchmark_lanes.ratios([("2.7 ours", [], {}), ("2.7 ours at 22d3214", [], {})],
                                  figures, "22d3214")[-1] == (
        "| 2.7 ours | x1.00 | x0.50 | x2.00 (2.00-2.00) | x1.50 (1.50-1.50) | n/a | x0.50 | "
        "x1.00 | x0.50 |")


def motion_figures(value):
    return {"peaks per second": value, "synchrony": value, "clock line": value,
            "SPARC median": -value, "RMS offset mean": value, "breathing line holding": value,
            "rest per chain": {"left arm": value / 10, "right arm": value / 5, "legs": 1.0}}


def timing_figures():
    figures = dict((row.key, 1.0) for row in benchmark_motion.human_reference.TABLE)
    figures.update({"hold CV": 2.37, "hold mean": 1.41, "sigh size range": (2.1, 4.1),
                    "pause after a breath": 0.4, "pause after a sigh": 4.9})
    return figures


def test_the_motion_tables():
    results = dict(((style, source), motion_figures(0.5 if source == "ease" else 0.4))
                   for style in ("specification", "lifelike")
                   for source in ("ease", "spline"))
    lines = benchmark_motion.markdown_table(results, ["specification", "lifelike"],
                                            ("ease", "spline"))
    assert lines[0] == ("| figure (goal for lifelike) | specification: ease / spline | "
                        "lifelike: ease / spline |")
    assert "| speed peaks per s per joint (<= 1.70) | 0.50 / 0.40 | 0.50 / 0.40 |" in lines
    assert lines[-2] == ("| share of time the arms rest (either arm, every source) | 4-10 % | "
                         "4-10 % |")
    timing = benchmark_motion.markdown_timing(timing_figures(), {"sighs per hour": 18.1})
    assert timing[2] == "| hold length CV | 1.47-2.56 (people's pauses) | 2.37 | inside |"
    assert "| pause after a sigh (s) | longer than after a breath | 4.9 (after a breath " \
        "0.4) | inside |" in timing
    assert "| weight shifts side to side an hour: their interval CV | 0.74 | 1.00 | " \
        "inside |" in timing
    assert timing[-1].startswith("| sighs an hour at valence -1, arousal 1 | ")


def test_people_s_part_is_figures_md_and_the_sensitivity_summary_a_level_down():
    figures = ["# Pepper beside people standing idle", "", "People: ...", "", "## lifelike",
               "", "| a |", ""]
    varied = ["# Each figure under other filters and thresholds", "", "One setting...", "",
              "| b |", "", "## gross arm moves", "", "| c |"]
    assert people_table.page(figures, varied) == [
        "People: ...", "", "### lifelike", "", "| a |", "",
        "### Each figure under other filters and thresholds", "", "One setting...", "",
        "| b |"]


def lanes_table(runs):
    """benchmark_lanes' table of ``runs`` on both lanes, every figure made up."""
    return benchmark_lanes.markdown([("%s %s" % (lane, heading), ["1"] * 6, {})
                                     for lane, _python in benchmark_lanes.LANES
                                     for heading, _mode, _text, _seamed in runs])


def table_shape(lines):
    """A table's headers and row labels: what a format fixes, whatever the figures."""
    rows = [line for line in lines if line.startswith("|")]
    return [row if index < 2 or row.startswith("| goal |") else row.split(" | ")[0]
            for index, row in enumerate(rows)]


@pytest.mark.parametrize("page,script,part,made", [
    ("mood.md", "benchmark_mood.py", None,
     lambda: benchmark_mood.summary("lifelike", mood_grid(), 120.0)),
    ("motion.md", "benchmark_motion.py", None, lambda: benchmark_motion.markdown_table(
        dict(((style, source), motion_figures(0.5)) for style in benchmark_motion.STYLES
             for source in benchmark_motion.SOURCES), benchmark_motion.STYLES,
        benchmark_motion.SOURCES) + benchmark_motion.markdown_timing(
            timing_figures(), {"sighs per hour": 18.1})),
    ("sharing.md", "benchmark_citizen.py", None, lambda: benchmark_citizen.markdown(
        {"animate-behaviour": ([1.0], [1.0]), "specification": ([1.0], [1.0])})),
    ("drift.md", "benchmark_drift.py", None, lambda: benchmark_drift.markdown(
        {"specification": [(1.0, 1.0)] * 2, "lifelike": [(1.0, 1.0)] * 2}, 1)),
])
def test_a_part_filled_by_hand_has_the_format_its_script_writes(page, script, part, made):
    """The slow benchmarks' parts, filled from the docs until the next make benchmark."""
    text = measurement_pages.generated_file.read_text(
        measurement_pages.os.path.join(measurement_pages.PAGES, page))
    begin, end = measurement_pages.markers(script, part)
    written = text.split(begin, 1)[1].split(end, 1)[0].split("\n")
    assert table_shape(written) == table_shape(made())


@pytest.mark.parametrize("part,runs", [("lanes", benchmark_lanes.RUNS),
                                       ("moods", benchmark_lanes.MOOD_RUNS)])
def test_the_lanes_parts_have_the_format_benchmark_lanes_writes(part, runs):
    """Its table's headers, and a row for runs it makes (some lanes, this code's and, with
    --against, another commit's), then, with --against, the ratios' table."""
    text = measurement_pages.generated_file.read_text(
        measurement_pages.os.path.join(measurement_pages.PAGES, "sharing.md"))
    begin, end = measurement_pages.markers("benchmark_lanes.py", part)
    written = text.split(begin, 1)[1].split(end, 1)[0].split("\n\n")
    tables = [[line for line in block.split("\n") if line.startswith("|")]
              for block in written]
    tables = [table for table in tables if table]
    made = lanes_table(runs)
    assert tables[0][:3] == made[:3]
    labels = [row.split(" | ")[0] for row in tables[0][3:]]
    against = set(label.split(" at ")[1] for label in labels if " at " in label)
    assert len(against) <= 1 and len(tables) == 1 + len(against)
    assert labels and set(labels) <= set(
        "| %s %s%s" % (lane, heading, suffix) for lane, _python in benchmark_lanes.LANES
        for heading, _mode, _text, _seamed in runs
        for suffix in [""] + [" at %s" % commit for commit in against])
    for commit in against:
        assert tables[1][:2] == benchmark_lanes.ratios([], {}, commit)[:2]
