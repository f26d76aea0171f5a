"""Human timing in the lifelike style (both lanes): long-tailed holds, hours of calls in
bounds, and every figure inside its human range (breaths and sighs: test_breathing.py;
posture changes: test_posture_changes.py); statistics of seeded draws and schedules, so
deterministic."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import (human_timing, lean, posture_changes, steps, together,
                                        trajectory)
from offline_plans import Round

from helpers import checks
import human_reference
import timing_quality

HOURS = 4.0  # some 3000 breaths: lag-1 autocorrelations within about 0.02


def configured(**values):
    settings = {"behaviour": "body", "motionStyle": "lifelike"}
    settings.update(values)
    config = config_module.from_mapping(settings)
    return config, checks.AtMood(config).shapes()


def breath_at(rate, seed=0):
    """The breath of a round at ``rate`` breaths a minute, calls of at most 2 s."""
    return breath_module.Breath(lambda: breath_module.Pace(rate, 12.0, 2.0), seed)


def test_holds_are_long_tailed_as_people_s_pauses():
    rng = np.random.RandomState(11)
    draws = np.array([human_timing.hold(rng) for _ in range(40000)])
    assert draws.mean() == pytest.approx(human_timing.HOLD_MEAN, rel=0.03)
    assert draws.min() >= human_timing.HOLD_FLOOR and draws.max() <= human_timing.HOLD_CAP
    # Skewed: most holds shorter than the mean, a few far longer; at gestureDuration 1 s
    # (the neutral mood's) as short as people's pauses at the median and at least as
    # varied (moves that stay below people's gross speed join pauses, and make them more
    # varied still).
    assert np.median(draws) < 0.8 * draws.mean() and (draws > 3 * draws.mean()).any()
    pauses = human_reference.IDLE
    assert pauses["pause median"].low <= np.median(draws) <= pauses["pause median"].high
    assert draws.std() / draws.mean() >= pauses["pause CV"].low
    mean, variation = human_timing.clipped_lognormal_moments(
        human_timing.HOLD_MU, human_timing.HOLD_SIGMA, human_timing.HOLD_FLOOR,
        human_timing.HOLD_CAP)
    assert mean == pytest.approx(human_timing.HOLD_MEAN, rel=1e-6)
    assert variation == pytest.approx(draws.std() / draws.mean(), rel=0.05)


def test_planned_holds_follow_the_distribution_times_gesture_duration(monkeypatch):
    # Without the moments together, which cut holds short (the test below).
    monkeypatch.setattr(posture_changes, "TOGETHERS", ())
    config, _built = configured(gestureDuration="0.7")
    calls, built = timing_quality.chained(config, 3, 7200.0)  # 4000 holds: 1.5 % error
    holds = timing_quality.hold_lengths(calls, built)
    # The median, which the long tail leaves steady (the mean of 4000 holds moves by 4 %).
    assert np.median(holds) == pytest.approx(np.exp(human_timing.HOLD_MU) * 0.7, rel=0.05)
    assert holds.std() / holds.mean() >= human_reference.IDLE["pause CV"].low
    assert holds.min() >= human_timing.HOLD_FLOOR * 0.7 - 1e-9


def test_the_moments_together_count_in_gesture_durations_the_same_for_both_arms():
    # At twice the gestureDuration the same moments come twice as far apart, as the holds
    # they cut grow twice as long.
    at_one = together.Together("leftArm", 4).between(0.0, 600.0, 1.0)
    at_two = together.Together("rightArm", 4).between(0.0, 1200.0, 2.0)
    assert len(at_one) > 20
    assert at_two == pytest.approx([2.0 * moment for moment in at_one])


@pytest.mark.parametrize("gesture_duration, arousal", [(1.0, "0"), (2.0, "0"), (1.0, "1")])
def test_at_a_moment_together_both_arms_holding_set_off_then(gesture_duration, arousal):
    config, _built = configured(gestureDuration=str(gesture_duration), arousal=arousal)
    seconds, seed = 1800.0 * gesture_duration, 4
    calls, built = timing_quality.chained(config, seed, seconds)
    arms = [group for group in built if group.name in timing_quality.ARMS]
    floor = human_timing.HOLD_FLOOR * config.gesture_duration
    # Counted in gestureDurations, as the holds they cut: as many in twice the time at
    # twice the gestureDuration; at arousal 1's faster tempo, in the configured one's.
    moments = together.Together("leftArm", seed).between(floor, seconds - 5.0,
                                                         gesture_duration)
    assert len(moments) == pytest.approx(
        seconds / (posture_changes.TOGETHERS[0].interval * gesture_duration), rel=0.2)
    caught = 0
    for moment in moments:
        holding = []
        for group in arms:
            mine = [call for call in calls if call.group == group.name]
            full = [call for call in mine if len(call.names) == len(group.names)]
            before = [call for call in full if call.start + call.duration <= moment - floor]
            after = [call for call in full if call.start >= moment - 1e-9]
            if not before or not after or any(
                    call.start + call.duration > moment - floor for call in full
                    if call.start < moment):
                continue  # moving, or holding for less than the floor
            # A fidget under way (calls that leave the breathing ShoulderPitch out) lets
            # the moment pass.
            if any(call.start < moment < call.start + call.duration for call in mine
                   if not any(name.endswith("ShoulderPitch") for name in call.names)):
                continue
            holding.append(after[0].start)
        for start in holding:
            assert start == pytest.approx(moment, abs=1e-9)
        caught += len(holding) == 2
    # Both arms were holding at a good share of the moments, and set off together.
    assert caught >= 0.2 * len(moments)


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


# (settings, seed, robot s): the default for two hours; the wide amplitudes (selectedRange
# 0.85 and 1, arousal 1's about 0.85) and the mood's corners for seed 1's half hour, where
# the hands' clearance is brushed most: each key is checked there with the breath it ends
# at, which keys checked with the breath left out and at a sigh's top crossed at 0.85, 1
# and both arousal-1 corners.
AMPLITUDES = (
    ({}, 0, 3600.0),
    ({}, 1, 3600.0),
    ({"selectedRange": "0.85"}, 1, 1800.0),
    ({"selectedRange": "1.0"}, 1, 1800.0),
    ({"valence": "-1", "arousal": "-1"}, 1, 1800.0),
    ({"valence": "-1", "arousal": "1"}, 1, 1800.0),
    ({"valence": "1", "arousal": "-1"}, 1, 1800.0),
    ({"valence": "1", "arousal": "1"}, 1, 1800.0),
)


@pytest.mark.parametrize("values, seed, seconds", AMPLITUDES, ids=[
    "-".join(["%s=%s" % item for item in sorted(values.items())] or ["default"])
    + "-seed%d" % seed for values, seed, _seconds in AMPLITUDES])
def test_hours_of_calls_stay_in_bounds_at_the_allowed_speed_and_clear(values, seed,
                                                                      seconds):
    config, _built = configured(**values)
    at_mood = checks.AtMood(config)  # Table 1's bounds and the rest where the mood puts them
    calls, built = timing_quality.chained(config, seed, seconds)
    for group in built:
        lean_check = lean.LeanCheck(group.names, at_mood.home)
        angles = group.home.copy()
        for call in [call for call in calls if call.group == group.name]:
            end = angles.copy()
            for name, value in zip(call.names, call.angles):
                lower, upper = checks.bounds(at_mood, name)
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


def test_the_calls_measure_timing_inside_every_human_range():
    """What benchmark_motion prints, held to its human references (a shorter run, still
    thousands of breaths and hundreds of fidgets)."""
    config, _built = configured()
    figures = timing_quality.figures(config, 0, HOURS * 3600.0)
    # The holds, at the neutral mood, as varied and as long on average as people's pauses.
    for key, pauses in (("hold CV", "pause CV"), ("hold mean", "pause mean")):
        reference = human_reference.IDLE[pauses]
        assert reference.low <= figures[key] <= reference.high, key
    outside = [(row.label, figures[row.key]) for row in human_reference.TABLE
               if not human_reference.inside(row, figures)]
    assert not outside
    for name, rate in figures["shifts per hour per group"].items():
        assert rate > 0.0, name


def test_without_breathing_no_breath_no_sigh_and_still_shifts():
    config, _built = configured(breathing="false")
    figures = timing_quality.figures(config, 0, 0.5 * 3600.0)
    assert figures["breaths seen"] == 0 and figures["sighs per hour"] == 0.0
    assert figures["shifts per hour"] > 0.0 and figures["fidgets per hour"] > 0.0


def test_each_round_breathes_shifts_and_fidgets_on_a_schedule_of_its_own():
    """Rounds (each enabling) draw their schedule's seed: the same seed breathes and
    shifts alike, another one not, so no two enablings look alike from their start."""
    def breaths(seed):
        return [(one.begin, one.sigh) for one in breath_at(14.0, seed).breaths(0.0, 600.0)]
    assert breaths(7) == breaths(7)
    common = set(one[0] for one in breaths(7)) & set(one[0] for one in breaths(8))
    assert common == {0.0}  # both begin with the round
    for row in posture_changes.TABLE:
        def times(seed):
            return posture_changes.Schedule(row, seed).between(0.0, 3600.0)
        assert times(7) == times(7)
        assert not set(times(7)) & set(times(8)), row.name
