"""The windows' features of the two-sample test (issue 39), both lanes: synthetic angles
whose motion is known, read as people's and Pepper's are; and a source's spread across
its windows (spread.py) on hand-made rows."""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np
import pytest

from people import spread, windows

REST = {"ShoulderPitch": 1.5, "ShoulderRoll": 0.2, "ElbowRoll": -0.5}
SECONDS = 60.0


def body(rate, left=None, right=None, torso=None, seconds=SECONDS):
    """Angles at ``rate`` Hz of a body at rest but for ``left``'s and ``right``'s
    ShoulderPitch and HipPitch: each a function of time (s) -> rad added to the rest."""
    times = np.arange(int(seconds * rate)) / float(rate)
    angles = collections.OrderedDict()
    for side, moving in (("L", left), ("R", right)):
        for suffix, rest in REST.items():
            angles[side + suffix] = np.full(len(times), rest)
        if moving is not None:
            angles[side + "ShoulderPitch"] = angles[side + "ShoulderPitch"] + moving(times)
    angles["HipPitch"] = np.zeros(len(times)) if torso is None else torso(times)
    angles["HipRoll"] = np.zeros(len(times))
    angles["KneePitch"] = np.zeros(len(times))
    return angles


def column(rows, key):
    return rows[:, list(windows.FEATURES).index(key)]


def sway(times):
    return 0.05 * np.sin(2 * np.pi * 0.2 * times)


def test_a_recording_is_cut_into_windows_side_by_side_or_overlapping():
    assert len(windows.of_recording(body(50.0), 50.0)) == 3
    assert len(windows.of_recording(body(50.0, seconds=59.0), 50.0)) == 2  # the rest dropped
    assert len(windows.of_recording(body(50.0), 50.0, hop=10.0)) == 5


def test_the_same_motion_reads_alike_at_a_persons_rate_and_at_peppers():
    slow = body(24.0, left=sway, right=sway, torso=sway)
    fast = body(50.0, left=sway, right=sway, torso=sway)
    read = [windows.of_recording(slow, 24.0), windows.of_recording(fast, 50.0)]
    assert np.array_equal(np.isnan(read[0]), np.isnan(read[1]))  # no move to time in either
    known = ~np.isnan(read[0])
    assert np.allclose(read[0][known], read[1][known], rtol=0.03, atol=2e-3)


def test_a_body_at_rest_is_still_and_shares_nothing():
    rows = windows.of_recording(body(50.0), 50.0)
    assert np.all(column(rows, "arm still") == 1.0)
    assert np.all(column(rows, "arm RMS") == 0.0) and np.all(column(rows, "moves") == 0.0)
    assert np.all(np.isnan(column(rows, "move length")))  # no move to time
    assert np.all(column(rows, "arms together") == 0.0)  # no correlation without variation
    assert np.all(np.isnan(column(rows, "torso frequency")))


def test_arms_that_follow_the_trunks_sway_move_as_one_body():
    rng = np.random.RandomState(3)
    wander = [np.cumsum(rng.normal(0.0, 0.003, int(SECONDS * 50.0))) for _arm in range(2)]
    together = windows.of_recording(body(50.0, left=sway, right=sway, torso=sway), 50.0)
    apart = windows.of_recording(body(50.0, left=lambda times: wander[0],
                                      right=lambda times: wander[1], torso=sway), 50.0)
    assert np.all(column(together, "arms together") > 0.95)
    assert np.all(column(together, "arm-torso") > 0.95)
    assert np.all(np.abs(column(apart, "arms together")) < 0.3)
    assert np.all(np.abs(column(apart, "arm-torso")) < 0.3)


def test_a_quicker_sway_reads_a_higher_mean_frequency():
    def at(hz):
        def moving(times):
            return 0.05 * np.sin(2 * np.pi * hz * times)
        return np.median(column(windows.of_recording(body(50.0, torso=moving), 50.0),
                                "torso frequency"))
    # The speed of a sine is a rectified sine: its power lies at twice the sine's frequency.
    assert at(0.1) == pytest.approx(0.2, abs=0.05)
    assert at(0.4) == pytest.approx(0.8, abs=0.1)


def test_gross_moves_are_counted_and_timed_in_each_window():
    def every_four(times):
        # Out and back by 0.3 rad every 4 s, each leg eased over 1 s.
        phase = times % 4.0
        up = np.clip(phase, 0.0, 1.0)
        down = np.clip(phase - 2.0, 0.0, 1.0)
        ease = lambda u: u * u * (3.0 - 2.0 * u)  # noqa: E731
        return 0.3 * (ease(up) - ease(down))
    rows = windows.of_recording(body(50.0, left=every_four), 50.0)
    # 10 moves a window in the left arm, none in the right: 15 a minute per arm.
    assert np.all(np.abs(column(rows, "moves") - 15.0) <= 1.5)
    # A 0.3 rad ease over 1 s stays above half the gross speed for 0.88 s of it.
    assert np.all(np.abs(column(rows, "move length") - 0.88) < 0.08)


def test_the_feature_sets_leave_out_only_the_noisy_features():
    assert windows.SETS["whole"] == tuple(windows.FEATURES)
    assert set(windows.SETS["whole"]) - set(windows.SETS["robust"]) == set(windows.NOISY)
    assert {"arm p50", "arm still", "arm frequency"} <= set(windows.NOISY)


def test_missing_joints_are_named():
    angles = body(50.0)
    del angles["HipRoll"]
    with pytest.raises(ValueError) as raised:
        windows.of_recording(angles, 50.0)
    assert "the windows need HipRoll" in str(raised.value)


def test_a_features_spread_is_its_interquartile_range_over_its_median():
    rows = np.ones((5, len(windows.FEATURES)))
    index = list(windows.FEATURES).index
    rows[:, index("arm RMS")] = [0.01, 0.02, 0.03, 0.04, 0.30]  # a rare large excursion
    rows[:, index("arm p50")] = [-5.0, -4.0, -3.0, -2.0, -1.0]  # |median|
    rows[:, index("arms together")] = [-0.2, -0.1, 0.0, 0.1, 0.2]  # a correlation: the IQR
    rows[:, index("arm still")] = [0.0, 0.0, 0.0, 0.1, 0.2]  # a median of 0
    rows[:, index("move length")] = [np.nan, np.nan, np.nan, 1.0, 2.0]  # two windows read it
    found = dict(zip(windows.FEATURES, spread.of_rows(rows)))
    assert found["arm RMS"] == pytest.approx(0.02 / 0.03)
    assert found["arm p50"] == pytest.approx(2.0 / 3.0)
    assert found["arms together"] == pytest.approx(0.2)
    assert found["arm p90"] == 0.0  # every window alike
    assert np.isnan(found["arm still"]) and np.isnan(found["move length"])
    lines = spread.lines(collections.OrderedDict([("a", rows), ("b", rows * 2.0)]))
    assert lines[0] == "| feature | a | b |"
    assert lines[2 + index("arm RMS")] == "| %s | 0.67 | 0.67 |" % (
        windows.FEATURES["arm RMS"].label)
    assert lines[2 + index("arms together")] == "| %s (IQR) | 0.20 | 0.40 |" % (
        windows.FEATURES["arms together"].label)
    assert lines[2 + index("move length")].endswith("| n/a | n/a |")


def test_a_spread_needs_rows_of_every_feature():
    with pytest.raises(ValueError) as raised:
        spread.of_rows(np.ones((4, 3)))
    assert "rows of the 16 features (windows, features), got shape (4, 3)" in str(raised.value)
