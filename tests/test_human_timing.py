"""Human timing in the lifelike style (both lanes): long-tailed holds, breaths that vary,
sighs, posture shifts; statistics of seeded draws and schedules, so deterministic."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import human_timing, lean, posture_shifts, steps, trajectory
from offline_plans import Round

import checks
import timing_quality

HOURS = 2.0


def configured(**values):
    settings = {"behaviour": "body", "motionStyle": "lifelike"}
    settings.update(values)
    config = config_module.from_mapping(settings)
    return config, checks.AtMood(config).shapes()


def breath_at(rate, seed=0):
    """The breath of a round at ``rate`` breaths a minute, calls of at most 2 s."""
    return breath_module.Breath(lambda: (rate, 2.0), seed)


def test_holds_are_long_tailed_with_the_mean_of_the_uniform_they_replace():
    rng = np.random.RandomState(11)
    draws = np.array([human_timing.hold(rng) for _ in range(40000)])
    assert draws.mean() == pytest.approx(human_timing.HOLD_MEAN, rel=0.03)
    assert draws.std() / draws.mean() >= 0.8  # uniform 1-5: 0.38
    assert draws.min() >= human_timing.HOLD_FLOOR and draws.max() <= human_timing.HOLD_CAP
    # Skewed: most holds shorter than the mean, a few far longer.
    assert np.median(draws) < 0.8 * draws.mean() and (draws > 3 * draws.mean()).any()
    mean, variation = human_timing.clipped_lognormal_moments(
        human_timing.HOLD_MU, human_timing.HOLD_SIGMA, human_timing.HOLD_FLOOR,
        human_timing.HOLD_CAP)
    assert mean == pytest.approx(human_timing.HOLD_MEAN, rel=1e-6)
    assert variation == pytest.approx(draws.std() / draws.mean(), rel=0.05)


def test_planned_holds_follow_the_distribution_times_gesture_duration():
    config, _built = configured(gestureDuration="0.7")
    calls, built = timing_quality.chained(config, 3, 1800.0)
    holds = timing_quality.hold_lengths(calls, built)
    assert holds.mean() == pytest.approx(human_timing.HOLD_MEAN * 0.7, rel=0.05)
    assert holds.std() / holds.mean() >= 0.8
    assert holds.min() >= human_timing.HOLD_FLOOR * 0.7 - 1e-9


def test_breaths_vary_by_about_a_fifth_and_keep_the_rate():
    breath = breath_at(14.0)
    breaths = breath.breaths(0.0, 36000.0)
    lengths = np.array([one.length for one in breaths if not one.sigh])
    assert 0.1 <= lengths.std() / lengths.mean() <= 0.3
    assert lengths.std() / lengths.mean() == pytest.approx(human_timing.BREATH_CV, abs=0.03)
    # breathsPerMinute holds, sighs and all.
    assert len(breaths) == pytest.approx(14.0 * 600.0, rel=0.01)
    # One after the other, with no gap or overlap.
    ends = np.array([one.begin + one.length for one in breaths[:-1]])
    assert np.allclose(ends, [one.begin for one in breaths[1:]])


def test_a_breath_is_never_faster_than_the_mean_one():
    for rate in (8.0, 14.0, 20.0):
        breath = breath_at(rate)
        mean = 1.0 / min(breath_module.INHALE * 60.0 / rate, 2.0)
        for one in breath.breaths(0.0, 7200.0):
            for begin, end, low, high in one.segments:
                assert abs(high - low) / (end - begin) <= mean * (1 + 1e-9)


def test_sighs_come_about_twelve_times_an_hour_twice_as_deep_and_long():
    breath = breath_at(14.0)
    breaths = breath.breaths(0.0, 20 * 3600.0)
    sighs = [one for one in breaths if one.sigh]
    assert 9.0 <= len(sighs) / 20.0 <= 15.0
    others = np.mean([one.length for one in breaths if not one.sigh])
    assert np.mean([one.length for one in sighs]) / others == pytest.approx(
        human_timing.SIGH_LENGTH, rel=0.15)
    for one in sighs:
        depths = [high for _begin, _end, _low, high in one.segments]
        # A second inhale on top of the first, then the exhale in two calls.
        assert depths == pytest.approx([one.depth, 2 * one.depth, one.depth, 0.0])
        top = one.segments[1][1]
        assert breath.depth_at(top) == pytest.approx(2 * one.depth)
        assert 2 * one.depth > 1.0 or one.length < 60.0 / 14.0 * human_timing.SIGH_LENGTH
    assert np.mean([2 * one.depth for one in sighs]) > 1.5


def test_posture_shifts_come_every_couple_of_minutes_inside_bounds_and_checks():
    config, built = configured()
    for group in built.values():
        breathing = breath_module.Breathing(group, config)
        postures = posture_shifts.Postures(group.name, len(group.names), 0)

        def rest(moment):
            return postures.at(moment, group, breathing.lifted)
        times = postures.shifts(0.0, 20 * 3600.0)
        assert 3600.0 / human_timing.SHIFT_INTERVAL * 0.85 <= len(times) / 20.0 <= \
            3600.0 / human_timing.SHIFT_INTERVAL * 1.15
        gaps = np.diff(times)
        assert gaps.std() / gaps.mean() == pytest.approx(1.0, abs=0.15)  # exponential
        assert np.array_equal(rest(times[0] - 1e-6), group.home)
        rests = np.array([rest(moment) for moment in times])
        moved = np.abs(rests - group.home).max(axis=0)
        assert np.all(moved > 0.0), group.name  # every joint's rest moves
        bands = np.maximum(group.upper - group.home, group.home - group.lower)
        assert np.all(moved <= human_timing.SHIFT_DRIFT * bands + 1e-9)
        lifted = rests + breathing.lifted
        for points in (rests, lifted):
            assert np.all(points >= group.lower - 1e-9) and np.all(points <= group.upper + 1e-9)
            assert group.acceptable(points).all(), group.name
        if group.name == "legs":
            check = lean.LeanCheck(group.names, config.home)
            assert np.all(check.lean(rests) <= lean.MAX_LEAN + 1e-9)
        # No two minutes alike: the rest of one minute is seldom the next one's.
        minutes = [rest(60.0 * minute) for minute in range(120)]
        assert sum(not np.array_equal(a, b) for a, b in zip(minutes, minutes[1:])) >= 20


def test_the_same_seed_plans_the_same_and_another_seed_not():
    config, _shapes = configured()
    for group in Round(config, 0).groups:
        def planned(seed):
            return Round(config, 0).plan(group, np.random.RandomState(seed), 60.0,
                                         at=1234.5).steps
        first, again, other = planned(4), planned(4), planned(5)
        assert len(first) == len(again)
        for (at, one), (then, two) in zip(first, again):
            assert at == then and type(one) is type(two)
            if isinstance(one, steps.Move):
                assert np.array_equal(one.angles, two.angles)
                assert np.array_equal(one.times, two.times)
            else:
                assert one.duration == two.duration
        assert len(first) != len(other) or any(
            not np.array_equal(one.angles, two.angles) for (_at, one), (_then, two)
            in zip(first, other) if isinstance(one, steps.Move) and isinstance(two, steps.Move))


@pytest.mark.parametrize("seed", [0, 1])
def test_hours_of_calls_stay_in_bounds_at_the_allowed_speed_and_clear(seed):
    config, _built = configured()
    calls, built = timing_quality.chained(config, seed, 3600.0)
    for group in built:
        lean_check = lean.LeanCheck(group.names, config.home)
        angles = group.home.copy()
        for call in [call for call in calls if call.group == group.name]:
            end = angles.copy()
            for name, value in zip(call.names, call.angles):
                lower, upper = checks.bounds(config, name)
                assert lower - 1e-9 <= value <= upper + 1e-9, name
                end[group.names.index(name)] = value
            peak = trajectory.PEAK_TO_MEAN_SPEED * np.abs(end - angles) / call.duration
            limit = config.max_velocity_fraction * group.max_velocity
            assert np.all(peak <= limit * (1 + 1e-6)), (group.name, peak / limit)
            assert call.duration <= config.max_call_duration + 1e-9
            # Where the planner checks a path (trajectory.random_points): its ends and
            # SEGMENT_FRACTIONS of the way.
            fractions = np.concatenate([[0.0], trajectory.SEGMENT_FRACTIONS, [1.0]])
            along = angles + fractions[:, np.newaxis] * (end - angles)
            assert group.acceptable(along).all(), group.name
            if group.name == "legs":
                assert lean_check.lean(end[np.newaxis, :])[0] <= lean.MAX_LEAN + 1e-9
            angles = end


def test_the_calls_measure_the_intended_timing():
    config, _built = configured()
    figures = timing_quality.figures(config, 0, HOURS * 3600.0)
    assert figures["hold CV"] >= 0.8
    assert figures["hold mean"] == pytest.approx(3.0, rel=0.1)
    assert 0.1 <= figures["breath CV"] <= 0.3
    assert 6.0 <= figures["sighs per hour"] <= 18.0
    assert 3600.0 / human_timing.SHIFT_INTERVAL * 0.6 <= figures["shifts per hour"] <= \
        3600.0 / human_timing.SHIFT_INTERVAL * 1.4
    for name, rate in figures["shifts per hour per group"].items():
        assert rate > 0.0, name


def test_without_breathing_no_sigh_and_still_shifts():
    config, _built = configured(breathing="false")
    figures = timing_quality.figures(config, 0, 0.5 * 3600.0)
    assert figures["breaths measured"] == 0 and figures["sighs per hour"] == 0.0
    assert figures["shifts per hour"] > 0.0


def test_each_round_breathes_and_shifts_on_a_schedule_of_its_own():
    """Rounds (each enabling) draw their schedule's seed: the same seed breathes and
    shifts alike, another one not, so no two enablings look alike from their start."""
    def breaths(seed):
        return [(one.begin, one.sigh) for one in breath_at(14.0, seed).breaths(0.0, 600.0)]
    assert breaths(7) == breaths(7)
    common = set(one[0] for one in breaths(7)) & set(one[0] for one in breaths(8))
    assert common == {0.0}  # both begin with the round
    config, built = configured()
    for group in built.values():
        def shifts(seed):
            return posture_shifts.Postures(group.name, len(group.names), seed).shifts(
                0.0, 3600.0)
        assert shifts(7) == shifts(7)
        assert not set(shifts(7)) & set(shifts(8)), group.name
