"""The figures read from people and Pepper alike (issue 32), both lanes: gross moves,
pauses and the arms' coupling on synthetic angles whose moves are placed by hand; the DFA
exponent of signals whose exponent is known; where a figure falls among people; Pepper's
commanded angles rebuilt from the planned calls."""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np
import pytest

import offline_plans
from animate_behaviour.planning import steps
from people import compare, dfa, figures, pepper_traces, quality, reference

RATE = 50.0
SECONDS = 120.0
STILL = {"ShoulderPitch": 1.5, "ShoulderRoll": 0.2, "ElbowRoll": -0.5}


def eased(times, onsets, size, duration):
    """An angle that eases by ``size`` rad over ``duration`` s at each of ``onsets``,
    out and back alternately."""
    values = np.zeros(len(times))
    for number, onset in enumerate(onsets):
        fraction = np.clip((times - onset) / duration, 0.0, 1.0)
        step = size * fraction * fraction * (3.0 - 2.0 * fraction)
        values += step if number % 2 == 0 else -step
    return values


def standing(left=(), right=(), size=0.3, duration=1.0, wobble=None):
    """Angles of a figure standing still but for its arms' ShoulderPitch moving at
    ``left`` and ``right`` onsets (s); ``wobble``: (amplitude rad, Hz) added to the left
    ElbowRoll."""
    times = np.arange(int(SECONDS * RATE)) / RATE
    angles = collections.OrderedDict()
    for side, onsets in (("L", left), ("R", right)):
        for suffix, rest in STILL.items():
            angles[side + suffix] = np.full(len(times), rest)
        angles[side + "ShoulderPitch"] = STILL["ShoulderPitch"] + eased(times, onsets, size,
                                                                       duration)
    if wobble is not None:
        angles["LElbowRoll"] = angles["LElbowRoll"] + wobble[0] * np.sin(
            2 * np.pi * wobble[1] * times)
    for name in ("HipPitch", "HipRoll", "KneePitch"):
        angles[name] = np.zeros(len(times))
    return angles


EVERY_TEN = np.arange(5.0, SECONDS - 5.0, 10.0)  # 11 onsets, 10 s apart


def test_moves_and_pauses_are_counted_per_arm():
    found = figures.figures(standing(left=EVERY_TEN), RATE)
    assert abs(found["moves"] - 11 / 2.0 / (SECONDS / 60.0)) < 1e-9  # the right arm is still
    # A move of 0.3 rad eased over 1 s stays above half the gross speed for 0.88 s of it.
    assert 8.9 < found["pause median"] < 9.3
    assert found["pause CV"] < 0.01
    assert np.isnan(found["coupling"])  # one arm alone has no company


def test_a_slow_drift_is_no_gross_move():
    found = figures.figures(standing(left=EVERY_TEN, duration=4.0), RATE)  # 0.11 rad/s
    assert found["moves"] == 0.0
    assert np.isnan(found["pause median"])


def test_a_wobble_in_place_is_no_gross_move_however_fast():
    # 0.046 rad peak to peak at 1.5 Hz: about 0.21 rad/s, but it goes nowhere.
    settings = figures.DEFAULT._replace(low_pass=4.0)
    wobbling = standing(wobble=(0.023, 1.5))
    assert figures.figures(wobbling, RATE, settings)["moves"] == 0.0
    assert figures.figures(wobbling, RATE, settings._replace(travel=0.03))["moves"] > 0.0


def test_arms_moving_together_are_coupled_and_arms_apart_are_not():
    together = figures.figures(standing(left=EVERY_TEN, right=EVERY_TEN + 0.1), RATE)
    apart = figures.figures(standing(left=EVERY_TEN, right=EVERY_TEN + 5.0), RATE)
    assert together["coupling"] > 0.8
    assert apart["coupling"] < 0.05


def test_issue_13s_figures_read_a_person_as_they_read_pepper():
    def read(left, right):
        return quality.of_recording(reference.Recording("made up", "genuine", RATE,
                                                        standing(left, right), None, None))
    together, apart = read(EVERY_TEN, EVERY_TEN + 0.05), read(EVERY_TEN, EVERY_TEN + 5.0)
    assert together["synchrony"] == 1.0 and apart["synchrony"] == 0.0
    # One speed peak per move of each arm's one moving joint (the still ones left out).
    assert together["peaks per second"] == pytest.approx(len(EVERY_TEN) / SECONDS)
    assert -1.7 < together["SPARC median"] < -1.4  # eased moves: -1.58 before the low-pass


def test_frequent_independent_onsets_meet_by_chance_and_are_not_coupled():
    rng = np.random.RandomState(11)
    first, second = [np.sort(rng.uniform(0.0, 600.0, 600)) for _arm in range(2)]
    # About 45 % of them meet within 0.3 s by chance alone: none of it is coupling.
    assert abs(figures.coupling(first, second, 600.0, 0.3)) < 0.05
    assert figures.coupling(first, first + 0.1, 600.0, 0.3) > 0.5


def test_the_arms_offset_and_speeds_are_read_from_the_moves():
    still = figures.figures(standing(), RATE)
    every_two = np.arange(1.0, SECONDS - 1.0, 2.0)  # the ShoulderPitch move half the time
    moving = figures.figures(standing(left=every_two, right=every_two), RATE)
    assert still["arm RMS"] == 0.0 and still["speed p95"] == 0.0
    # ShoulderPitch (out 0.3 rad and back) alone of each arm's three joints moves: its RMS
    # about its median lies between 0.1 and 0.21.
    assert 0.1 < 3 * moving["arm RMS"] < 0.22
    assert 0.1 < moving["speed p95"] < 0.45  # 0.45 rad/s at a move's peak
    assert moving["speed median"] == 0.0  # the other joints hold still


def test_the_torso_and_knees_are_read_about_their_median():
    angles = standing()
    times = np.arange(len(angles["HipPitch"])) / RATE
    angles["HipPitch"] = 0.3 + 0.02 * np.sin(2 * np.pi * times / 10.0)
    found = figures.figures(angles, RATE)
    assert abs(found["tilt pitch"] - 0.02 / np.sqrt(2.0)) < 1e-3
    assert found["tilt roll"] == 0.0 and found["knee RMS"] == 0.0


def test_missing_joints_are_named():
    angles = standing()
    del angles["KneePitch"]
    with pytest.raises(ValueError) as raised:
        figures.figures(angles, RATE)
    assert "the figures need KneePitch" in str(raised.value)


def test_dfa_reads_white_noise_and_a_random_walk():
    noise = np.random.RandomState(5).normal(size=6000)
    assert abs(dfa.alpha(noise, 100.0) - 0.5) < 0.1
    assert abs(dfa.alpha(np.cumsum(noise), 100.0) - 1.5) < 0.1
    windows = dfa.windowed(np.tile(noise, 3), 100.0)
    assert abs(windows - dfa.alpha(noise, 100.0)) < 1e-9  # three windows of the same


def test_dfa_refuses_a_signal_too_short_for_its_scales():
    with pytest.raises(ValueError) as raised:
        dfa.alpha(np.zeros(1000), 100.0)
    assert "10.0 s of signal is too short for boxes of 10.0 s" in str(raised.value)


def test_a_figure_is_placed_among_people():
    people = [1.0, 2.0, 4.0, 8.0, float("nan")]
    assert compare.inside(3.0, people) and not compare.inside(9.0, people)
    assert compare.position(0.5, people) == "below all"
    assert compare.position(3.0, people) == "50 %"
    assert compare.third(1.5, people) == "lower" and compare.third(7.0, people) == "upper"
    # Log scale for moves: 8 is as far above the median of logs as 1 below it.
    assert abs(compare.distance("moves", 8.0, people) - compare.distance("moves", 1.0, people)) \
        < 1e-9
    assert compare.distance("moves", 2.0 ** 1.5, people) < 1e-12  # at the median of logs


def test_a_person_among_identical_others_is_at_no_distance():
    person = {"moves": 4.0, "pause CV": 1.5}
    others = [dict(person, moves=value) for value in (2.0, 4.0, 8.0)]
    assert compare.typicality(person, others, ["moves"]) == 0.0
    assert np.isnan(compare.typicality(person, others, ["pause CV"]))  # no spread to divide


def test_the_commanded_angles_hold_each_calls_key_until_the_next_call():
    config = pepper_traces.configuration("lifelike")
    plans = offline_plans.Round(config, 7).every_group(7, 60.0)
    angles = pepper_traces.commanded(config, 60.0, seed=7)
    calls = collections.defaultdict(list)  # joint -> [(start, end, key)]
    for plan in plans.values():
        for at, step in plan.steps:
            if isinstance(step, steps.Move):
                chosen = range(len(plan.shape.names)) if step.joints is None else step.joints
                for which in chosen:
                    calls[plan.shape.names[which]].append(
                        (at, at + step.duration, step.end[which]))
    checked = 0
    for joint, made in calls.items():
        for (_start, end, key), (after, _end, _key) in zip(made, made[1:]):
            sample = int(np.ceil(end * RATE - 1e-9))  # the first sample the call has ended
            if sample / RATE < after and sample < len(angles[joint]):
                assert abs(angles[joint][sample] - key) < 1e-9, joint
                checked += 1
    assert checked > 20
