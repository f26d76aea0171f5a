"""The lifelike body's spells of activity (issue 39, both lanes): one seeded gain for the
whole body at a moment, calm spells and busy ones, and the moves they give: plans of
seeded rounds, so deterministic."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.expression import mood_table
from animate_behaviour.planning import activity, posture_changes, steps, styles
import offline_plans

import checks

GAINS = styles.ROWS[styles.LIFELIKE].activity


def test_the_gain_is_the_rounds_one_for_the_body_and_spreads_as_a_log_normal():
    times = np.arange(0.0, 4.0 * 3600.0, 5.0)
    first, second = activity.Activity(13, GAINS, "legs"), activity.Activity(13, GAINS, "leftArm")
    gains = np.array([first.gain(t) for t in times])
    # Every stream reads the same gain at the same moment, with no lock: a function of
    # the round's seed and time.
    assert [second.gain(t) for t in times[::-1]] == list(gains[::-1])
    assert not np.array_equal(gains, [activity.Activity(14, GAINS, "legs").gain(t) for t in times])
    assert np.all((gains >= GAINS[0]) & (gains <= GAINS[1]))
    # Median 1, sigma the row's: calm spells and busy ones, as people's windows are.
    row = posture_changes.SPELLS[0]
    logs = np.log(gains)
    assert np.median(logs) == pytest.approx(0.0, abs=0.25)
    assert np.std(logs) == pytest.approx(row.size, rel=0.3)
    assert np.mean(gains < 0.5) > 0.1 and np.mean(gains > 2.0) > 0.05
    # Spells of tens of seconds: the gain changes about every row.interval s.
    changes = np.count_nonzero(np.diff(gains))
    assert changes == pytest.approx(times[-1] / row.interval, rel=0.2)


def test_a_calm_spell_takes_no_mood_below_the_calmest_moods_amplitude():
    # Calmed below it, the calmest arms, already the stillest person's, stood stiller
    # still (issue 39): at arousal -1 a spell only widens.
    times = np.arange(0.0, 3600.0, 5.0)
    body = activity.Activity(13, GAINS, "leftArm")
    lowest = mood_table.AMPLITUDE.at(mood_table.LOW)
    assert mood_table.spell_floor(mood_table.LOW) == 1.0
    for arousal in (-1.0, -0.5, 0.0, 0.5, 1.0):
        floor = mood_table.spell_floor(arousal)
        gains = np.array([body.gain(t, floor) for t in times])
        assert gains.min() * mood_table.AMPLITUDE.at(arousal) >= lowest - 1e-12
        assert gains.max() > 2.0
    assert np.any(np.array([body.gain(t, mood_table.spell_floor(0.0)) for t in times])
                  < 0.5)


def test_without_spells_the_gain_is_one():
    assert activity.Activity(13, None, "leftArm").gain(123.0) == 1.0


def test_an_amplitude_scales_with_the_gain_within_the_keys_range():
    config = config_module.from_mapping({"motionStyle": "lifelike"})
    assert config.active_amplitude(0.5, 0.25) == pytest.approx(0.125)
    assert config.active_amplitude(0.5, 2.5) == 1.0
    assert config.active_amplitude(0.4, 2.0) == pytest.approx(0.8)
    # The specification has no spells: the arms' clearance allows for the legs' own band.
    assert config_module.from_mapping({}).legs_widest(0.5) == 0.5
    assert config.legs_widest(0.5) == 1.0


def _move_sizes(seed, seconds=1200.0):
    """(the body's gain when each full move of the left arm began, how far it went from
    the arm's rest, as a fraction of Table 1's band at the mood) over ``seconds``."""
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": "lifelike"})
    round_ = offline_plans.Round(config, seed, stream=styles.lifelike_steps)
    plans = round_.every_group(seed, seconds)
    shape = checks.AtMood(config).shapes()["leftArm"]
    band = shape.upper - shape.lower
    body = activity.Activity(seed, config.activity_gains(), "leftArm")
    floor = mood_table.spell_floor(0.0)
    found = []
    for at, step in plans["leftArm"].steps:
        if isinstance(step, steps.Move) and step.joints is None:
            found.append((body.gain(at, floor),
                          float(np.max(np.abs(step.end - shape.home) / band))))
    return np.array(found)


def test_a_busy_spell_moves_the_arms_farther_than_a_calm_one():
    # People's 20 s windows are mostly calm and now and then hold a large excursion
    # (issue 39); Pepper's were all alike. The arms go as far as the body's gain says:
    # switched off (every gain 1), there are no calm or busy spells to tell apart.
    found = np.vstack([_move_sizes(seed) for seed in (13, 14)])
    calm, busy = found[found[:, 0] < 0.6], found[found[:, 0] > 1.6]
    assert len(calm) >= 20 and len(busy) >= 20
    assert np.median(busy[:, 1]) > 2.0 * np.median(calm[:, 1])
    # Beyond the mood's own band (half of it either side of the rest) in a busy spell.
    assert np.max(busy[:, 1]) > 0.6
