"""Issue 39's probe (devtools/people/what_if.py), both lanes: spells change the live
signal's amplitude and tempo by their own factors and reach the plans (the legs only when
they follow); without spells the plans are the style's own; an arm that hangs carries the
trunk's tilt; the mood's order reads where the arms' figures follow arousal."""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np
import pytest

from animate_behaviour.expression import live_signal
from animate_behaviour.planning import styles
from people import pepper_traces, what_if

SECONDS = 120.0
LEGS = ("HipPitch", "HipRoll", "KneePitch")


def neutral():
    return pepper_traces.configuration(styles.LIFELIKE, 0.0, 0.0)


def test_without_spells_the_plans_are_the_style_s_own():
    config = neutral()
    found = what_if.commanded(config, SECONDS, 13)
    own = pepper_traces.commanded(config, SECONDS, 13)
    assert list(found) == list(what_if.JOINTS)
    for name in what_if.JOINTS:
        assert np.array_equal(found[name], own[name]), name


def test_each_spell_scales_the_amplitude_and_the_tempo_by_factors_of_its_own():
    config = neutral()
    steady = live_signal.steady(config)
    base = steady.now()
    clock = what_if.RoundClock()
    spells = what_if.Spells(steady, clock, 13, 20.0, 0.5, 0.5)
    seen = []
    for moment in np.arange(0.0, 600.0, 0.5):
        clock.set(moment)
        reading = spells.now()
        amplitude, tempo = spells.factors(moment)
        assert reading.selected_range == pytest.approx(
            min(max(base.selected_range * amplitude, what_if.AMPLITUDE[0]),
                what_if.AMPLITUDE[1]))
        assert reading.gesture_duration == pytest.approx(base.gesture_duration * tempo)
        assert reading.rest is base.rest  # the mood's posture is left alone
        seen.append((amplitude, tempo))
    factors = sorted(set(seen))
    assert 10 <= len(factors) <= 60  # about 600 / 20 spells
    assert len(set(amplitude for amplitude, _tempo in factors)) == len(factors)
    assert len(set(tempo for _amplitude, tempo in factors)) == len(factors)
    # Held within a spell: each factor pair over one stretch of time.
    changes = sum(1 for before, after in zip(seen, seen[1:]) if before != after)
    assert changes == len(factors) - 1
    still = what_if.Spells(steady, clock, 13, 20.0, 0.0, 0.0)
    assert still.now() == base


@pytest.mark.parametrize("spells", [(0.0, 0.5, 0.5), (20.0, -0.1, 0.5), (20.0, 0.5, -1.0)])
def test_spells_refuse_a_length_or_a_spread_that_means_nothing(spells):
    with pytest.raises(ValueError, match="the length must be above 0, the sigmas at least 0"):
        what_if.Spells(live_signal.steady(neutral()), what_if.RoundClock(), 13, *spells)


def test_spells_reach_the_arms_and_the_legs_only_when_they_follow():
    config = neutral()
    own = what_if.commanded(config, SECONDS, 13)
    tempo_only = (20.0, 0.0, 0.7)
    kept = what_if.commanded(config, SECONDS, 13, tempo_only, legs_follow=False)
    followed = what_if.commanded(config, SECONDS, 13, tempo_only, legs_follow=True)
    for name in LEGS:  # the lifelike legs keep the configured tempo
        assert np.array_equal(kept[name], own[name]), name
    assert any(not np.array_equal(followed[name], own[name]) for name in LEGS)
    for found in (kept, followed):
        assert any(not np.array_equal(found[name], own[name]) for name in what_if.ARMS)


def test_an_arm_that_hangs_carries_the_trunk_s_tilt():
    times = np.arange(500) / 50.0
    angles = collections.OrderedDict((name, np.full(len(times), 0.1)) for name in what_if.JOINTS)
    angles["HipPitch"] = 0.02 * np.sin(times)
    angles["HipRoll"] = 0.01 * np.cos(times)
    hung = what_if.hanging(angles, 0.5)
    for side in "LR":
        assert np.allclose(hung[side + "ShoulderPitch"],
                           0.1 + 0.5 * (angles["HipPitch"] - np.median(angles["HipPitch"])))
        assert np.allclose(hung[side + "ShoulderRoll"],
                           0.1 + 0.5 * (angles["HipRoll"] - np.median(angles["HipRoll"])))
        assert np.array_equal(hung[side + "ElbowRoll"], angles[side + "ElbowRoll"])
    for name in LEGS:
        assert np.array_equal(hung[name], angles[name])
    assert all(np.array_equal(what_if.hanging(angles, 0.0)[name], angles[name])
               for name in angles)


def test_arms_that_hang_take_the_trunk_s_onsets_for_their_own():
    """The left arm moves at 1 and 9 s, the right at 3 and 11 s, the trunk at 5, 13 and
    17 s: alone, no chain's onset has company; hanging, the arms start with the trunk."""
    times = np.arange(1000) / 50.0

    def moves(starts, size):  # eased moves of 1 s there and back
        out = np.zeros(len(times))
        for start in starts:
            inside = (times >= start) & (times < start + 2.0)
            out[inside] = size * np.sin(np.pi * (times[inside] - start) / 2.0) ** 2
        return out
    angles = collections.OrderedDict((name, moves((1.0, 9.0) if name[0] == "L" else
                                                  (3.0, 11.0), 0.2))
                                     for name in what_if.ARMS)
    angles["HipPitch"] = moves((5.0, 13.0, 17.0), 0.03)
    angles["HipRoll"] = moves((5.0, 13.0, 17.0), 0.01)
    angles["KneePitch"] = np.zeros(len(times))
    assert what_if.synchrony(angles) == pytest.approx(0.0)
    assert what_if.synchrony(what_if.hanging(angles, 1.0)) > 0.3


def test_the_arms_order_follows_their_size_pace_and_holds_along_arousal():
    """Eased moves of 1 s there and back, each after a hold: larger, more often and with
    shorter holds as arousal rises read in order on every figure; larger but with longer
    holds, the size in order and the peaks and holds against it."""
    times = np.arange(3000) / 50.0

    def arms(size, hold):
        phase = np.mod(times, 1.0 + hold)
        values = np.where(phase < 1.0, size * np.sin(np.pi * phase) ** 2, 0.0)
        return dict((name, values) for name in what_if.ARMS)
    livelier = dict((arousal, arms(0.1 + 0.05 * index, 4.0 - 0.5 * index))
                    for index, arousal in enumerate(what_if.GRID))
    assert what_if.arms_order(livelier) == pytest.approx((1.0, 1.0, 1.0))
    slower = dict((arousal, arms(0.1 + 0.05 * index, 2.0 + 0.5 * index))
                  for index, arousal in enumerate(what_if.GRID))
    assert what_if.arms_order(slower) == pytest.approx((1.0, -1.0, -1.0))


def test_the_mood_grid_counts_the_grids_that_read_each_figure_in_order():
    """Without spells the arms' size follows arousal in every grid (their pace and holds,
    read on the arms alone over two minutes, not always: the probe's baseline row)."""
    counts, rhos = what_if.mood_order(styles.LIFELIKE, 3, SECONDS)
    assert [len(rho) for rho in rhos] == [len(what_if.ORDERS)] * 3
    assert counts[0] == 3 and 0 <= min(counts) and max(counts) <= 3, (counts, rhos)
