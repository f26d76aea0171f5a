"""The lifelike breath as people breathe (issue 26, both lanes): lengths and depths that
vary and remember the breaths before, the mood's rate as their mean, sighs of 2-5 tidal
breaths coming more often with arousal and negative valence, none faster than the speed
limit; statistics of seeded draws, so deterministic."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import breath_timing, lifelike_hold

import breath_figures
from helpers import checks
import offline_plans
import timing_quality

HOURS = 20.0


def breaths_at(rate, sighs=breath_timing.SIGHS_PER_HOUR, seed=0, hours=HOURS, call=2.0):
    """The breaths of ``hours`` of a round at ``rate`` breaths and ``sighs`` sighs a
    minute and an hour, calls of at most ``call`` s."""
    breath = breath_module.Breath(lambda: breath_module.Pace(rate, sighs, call), seed)
    return breath, breath.breaths(0.0, hours * 3600.0)


def lag(values, distance):
    centred = np.asarray(values) - np.mean(values)
    return float(np.mean(centred[distance:] * centred[:-distance]) / np.mean(centred ** 2))


def test_lengths_and_depths_vary_like_peoples_and_remember_about_three_breaths():
    _breath, breaths = breaths_at(14.0)
    tidal = [one for one in breaths if not one.sigh]
    lengths = np.array([one.length for one in tidal])
    depths = np.array([one.depth for one in tidal])
    assert lengths.std() / lengths.mean() == pytest.approx(0.2, abs=0.02)
    assert depths.std() / depths.mean() == pytest.approx(0.3, abs=0.02)
    assert depths.mean() == pytest.approx(1.0, abs=0.02)  # the unit: the mean tidal depth
    for values in (lengths, depths):
        assert 0.2 <= lag(values, 1) <= 0.3
        assert lag(values, 3) > 0.08  # a memory of about three breaths
        assert lag(values, 10) < 0.05
    # Length and depth vary apart (only the speed limit gives the deepest time): many a
    # short breath is deeper than the mean.
    short = depths[lengths < 0.9 * 60.0 / 14.0]
    assert np.mean(short > 1.0) > 0.2


def neighbours_lag(values, breaths):
    """The lag-1 autocorrelation of ``values`` (one per breath of ``breaths``) as
    devtools/breath_figures.py reads it: over the tidal breaths' mean and variance, from
    pairs of neighbouring tidal breaths (a sigh ends a run)."""
    values = np.asarray(values, dtype=float)
    tidal = np.array([not one.sigh for one in breaths])
    centred = values - values[tidal].mean()
    pairs = np.flatnonzero(tidal[:-1] & tidal[1:])
    return float(np.mean(centred[pairs] * centred[pairs + 1]) / np.mean(centred[tidal] ** 2))


# (breaths, sighs) a minute and an hour: the slowest and fastest breath the mood grid
# allows, and the mood corners' (arousal -1 and 1 at valence -1 and 1) and neutral's.
PACES = [(8.0, 12.0), (10.5, 16.0), (14.0, 12.0), (18.2, 20.0), (20.0, 20.0)]


@pytest.mark.parametrize("rate,sighs", PACES)
def test_each_breaths_depth_is_like_its_neighbours_as_much_as_peoples_at_every_pace(
        rate, sighs):
    """Issue 39: breath depth's lag-1 autocorrelation over hours of seeded breaths, read
    as breath_figures reads it, is people's 0.2-0.3 at its middle (about 0.25) whatever
    the mood's rate: the depth neither follows a slow process nor the length's pace. The
    length's stays in people's range too, at the slowest pace as at the fastest."""
    _breath, breaths = breaths_at(rate, sighs=sighs, hours=10.0)
    depths = [one.depth for one in breaths]
    assert neighbours_lag(depths, breaths) == pytest.approx(0.25, abs=0.02)
    assert 0.2 <= neighbours_lag([one.length for one in breaths], breaths) <= 0.3
    tidal = np.array([one.depth for one in breaths if not one.sigh])
    assert tidal.mean() == pytest.approx(1.0, abs=0.02)  # the mood's depth, as before
    assert tidal.std() / tidal.mean() == pytest.approx(0.3, abs=0.02)


def test_a_breath_one_arm_begins_a_moment_late_is_read_once():
    """An arm holds a breath segment shorter than lifelike_hold.MIN_CALL, so it may begin
    an inhale up to that much after the other arm: breath_figures reads one breath, its
    depth the arms' mean, and every breath the neighbour of the next."""
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": "lifelike"})
    shapes = checks.AtMood(config).shapes()
    arms = [shapes[name] for name in breath_figures.ARMS]
    rng = np.random.RandomState(3)
    depths = rng.uniform(0.6, 1.4, 40)
    begins = np.concatenate([[0.0], np.cumsum(rng.uniform(3.5, 4.5, 39))])
    calls = []
    for arm, late in zip(arms, (0.0, 0.99 * lifelike_hold.MIN_CALL)):
        joint = [index for index, name in enumerate(arm.names)
                 if name.endswith("ShoulderPitch")][0]
        offset = breath_module.Breathing(arm, config).offsets[joint]
        rest = float(arm.home[joint])
        for index, (begin, depth) in enumerate(zip(begins, depths)):
            delay = late if index % 2 else 0.0
            calls.append(timing_quality.Call(arm.name, begin + delay, 1.5 - delay,
                                             [arm.names[joint]], [rest + offset * depth]))
            calls.append(timing_quality.Call(arm.name, begin + 1.5, 1.5, [arm.names[joint]],
                                             [rest]))
    calls.sort(key=lambda call: call.start)
    seen = breath_figures.seen(calls, arms, config)
    # Seen from the third breath (the first two begin after an unknown angle and after a
    # breath not seen) to the last but one (the last never ends).
    assert np.allclose([one.start for one in seen], begins[2:39])
    assert np.allclose([one.length for one in seen], np.diff(begins[2:40]))
    assert np.allclose([one.depth for one in seen], depths[2:39] / np.median(depths[2:39]))
    figures = breath_figures.figures(calls, arms, config)
    assert figures["breaths seen"] == 37
    assert figures["depth lag-1"] == pytest.approx(lag(depths[2:39], 1))
    assert figures["length lag-1"] == pytest.approx(lag(np.diff(begins[2:40]), 1))


@pytest.mark.parametrize("valence,arousal", [(0.0, 0.0), (-1.0, -1.0), (1.0, 1.0)])
def test_pepper_breathes_the_same_breaths_listening_or_not(valence, arousal):
    """Listening stops the arms' moves and creep, not the breath: the breaths a watcher
    reads while Pepper listens (the benchmark's) are those it breathes otherwise."""
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": "lifelike",
                                         "valence": str(valence), "arousal": str(arousal)})
    breathed = []
    for live in (offline_plans.listening(config), None):
        round_ = offline_plans.Round(config, 5, live)
        round_.every_group(5, 200.0)
        breathed.append([(one.begin, one.length, one.depth, one.sigh)
                         for one in round_.breath.breaths(100.0, 200.0)])
    assert len(breathed[0]) > 10 and breathed[0] == breathed[1]


def test_independent_draws_would_fail_the_memory_test(monkeypatch):
    """The memory comes from the slow parts: without them the lag-1 autocorrelation is
    noise, as the breaths were before (the test above would fail)."""
    monkeypatch.setattr(breath_timing, "MEMORY", 0.0)
    draws = breath_timing.BreathDraws(np.random.RandomState(0))
    depths = [draws.next(60.0 / 14.0, 0.0).depth for _ in range(20000)]
    assert abs(lag(depths, 1)) < 0.03


@pytest.mark.parametrize("rate", [10.5, 14.0, 18.2])
def test_the_moods_rate_is_the_mean_sighs_and_all(rate):
    _breath, breaths = breaths_at(rate, sighs=20.0)
    assert len(breaths) / (HOURS * 60.0) == pytest.approx(rate, rel=0.01)
    ends = np.array([one.begin + one.length for one in breaths[:-1]])
    assert np.allclose(ends, [one.begin for one in breaths[1:]])  # no gap, no overlap


@pytest.mark.parametrize("rate,call", [(8.0, 2.0), (14.0, 2.0), (20.0, 2.0), (14.0, 0.8)])
def test_no_breath_is_faster_than_the_limit_and_each_call_fits(rate, call):
    _breath, breaths = breaths_at(rate, hours=4.0, call=call)
    limit = breath_module.FASTEST / min(breath_module.INHALE * 60.0 / rate, call)
    for one in breaths:
        for begin, end, low, high in one.segments:
            assert end - begin <= call + 1e-9
            assert abs(high - low) / (end - begin) <= limit * (1 + 1e-9)
        assert one.segments[-1][1] < one.begin + one.length  # a pause before the next


def test_sighs_rise_with_arousal_and_negative_valence():
    rate = breath_timing.sighs_per_hour
    assert rate(0.0, 0.0) == 12.0 and rate(-1.0, 1.0) == 20.0
    assert rate(0.0, 1.0) > rate(0.0, 0.0) < rate(-1.0, 0.0)
    assert rate(1.0, -1.0) == rate(0.0, 0.0)  # calm and content: no fewer than at rest
    for per_hour in (12.0, 20.0):
        # 20 rounds of 5 hours: some 2000 sighs, a counting error of about 3 %.
        counted = [sum(1 for one in breaths_at(14.0, sighs=per_hour, seed=seed, hours=5.0)[1]
                       if one.sigh) for seed in range(20)]
        assert sum(counted) / (20 * 5.0) == pytest.approx(per_hour, rel=0.1)


def test_a_sigh_is_two_to_five_tidal_breaths_on_top_of_an_inhale_then_a_pause():
    breath, breaths = breaths_at(14.0, hours=40.0)
    sighs = [one for one in breaths if one.sigh]
    sizes = np.array([one.sigh for one in sighs])
    assert sizes.min() >= 2.0 and sizes.max() <= 5.0
    assert 2.5 <= np.median(sizes) <= 3.0 and 2.7 <= sizes.mean() <= 3.3
    period = 60.0 / 14.0
    for one in sighs:
        tops = [high for _begin, _end, _low, high in one.segments]
        # A normal inhale, a second one on top to the sigh's size, the exhale in steps.
        rising = tops[:tops.index(max(tops)) + 1]
        assert max(tops) == pytest.approx(one.sigh) and tops[-1] == 0.0
        assert rising == sorted(rising) and len(rising) >= 2
        assert any(top == pytest.approx(one.depth) for top in rising[:-1])
        assert breath.depth_at(one.segments[tops.index(max(tops))][1] - 1e-6) == \
            pytest.approx(one.sigh, rel=1e-3)
        pause = one.begin + one.length - one.segments[-1][1]
        assert breath_timing.POST_SIGH[0] * period <= pause
    tidal_pause = np.mean([one.begin + one.length - one.segments[-1][1]
                           for one in breaths if not one.sigh])
    assert np.mean([one.begin + one.length - one.segments[-1][1] for one in sighs]) > \
        4 * tidal_pause


def test_the_top_of_the_largest_sigh_is_what_the_bounds_leave_room_for():
    assert breath_module.Breath.deepest == breath_timing.SIGH_SIZE[1]
    _breath, breaths = breaths_at(14.0, sighs=60.0, hours=10.0)
    assert max(high for one in breaths for _b, _e, _low, high in one.segments) <= \
        breath_module.Breath.deepest
