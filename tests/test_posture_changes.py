"""Three kinds of posture change as people stand (issue 26, both lanes): weight shifts of
the whole body at long-tailed intervals, the slow creep between them, and fidgets of one
arm out and back about every minute; statistics of seeded schedules and plans, so
deterministic."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import (fidgets, lean, posture_changes, posture_shifts, steps,
                                        styles)
import offline_plans

from helpers import checks
def configured(**values):
    settings = {"behaviour": "body", "motionStyle": "lifelike"}
    settings.update(values)
    config = config_module.from_mapping(settings)
    return config, checks.AtMood(config).shapes()


def test_every_kind_is_a_row_with_its_source():
    kinds = set(row.kind for row in posture_changes.TABLE)
    assert kinds == {posture_changes.SHIFT, posture_changes.FIDGET, posture_changes.TOGETHER}
    for row in posture_changes.TABLE:
        assert row.source and row.interval > 0.0
        # A moment together moves as far as a move does.
        assert 0.0 < row.size < 1.0 if row.kind != posture_changes.TOGETHER else row.size is None


@pytest.mark.parametrize("row", posture_changes.TABLE, ids=lambda row: row.name)
def test_intervals_have_each_rows_mean_and_long_tail(row):
    rate = posture_changes.ALONE_FIDGETS if row.kind == posture_changes.FIDGET else 1.0
    times = posture_changes.Schedule(row, 0).between(0.0, 3000.0 * row.interval / rate)
    gaps = np.diff(times) * rate
    assert gaps.mean() == pytest.approx(row.interval, rel=0.05)
    assert gaps.std() / gaps.mean() == pytest.approx(row.variation, abs=0.1)
    assert np.median(gaps) < 0.9 * gaps.mean() and gaps.max() > 3.0 * gaps.mean()


def test_the_body_shifts_as_one_and_each_kind_moves_its_joints():
    config, built = configured()
    names = dict((name, group.names) for name, group in built.items())
    postures = dict((name, posture_shifts.Postures(name, names[name], 3)) for name in built)
    times = postures["legs"].shifts(0.0, 4 * 3600.0)
    for name in ("leftArm", "rightArm"):
        assert postures[name].shifts(0.0, 4 * 3600.0) == times  # the same moments
    legs = built["legs"]
    breathing = breath_module.Breathing(legs, config)
    side = posture_changes.Schedule(posture_changes.SHIFTS[0], 3).between(0.0, 4 * 3600.0)
    roll = legs.names.index("HipRoll")
    pitch = [legs.names.index("HipPitch"), legs.names.index("KneePitch")]
    band = legs.upper - legs.lower
    jumps = 0
    for moment in side:
        before = postures["legs"].at(moment - 1e-6, legs, breathing.lifted)
        after = postures["legs"].at(moment, legs, breathing.lifted)
        jumps += abs(after[roll] - before[roll]) > 0.05 * band[roll]
        # The other kind's joints only creep (a step of at most DRIFT of a shift).
        assert np.all(np.abs(after[pitch] - before[pitch]) <= posture_changes.DRIFT
                      * posture_changes.SHIFTS[1].size * band[pitch] + 1e-9)
    assert jumps > 0.6 * len(side)


def test_every_rest_is_inside_its_bounds_and_checks_and_creeps_between_shifts():
    config, built = configured()
    for group in built.values():
        breathing = breath_module.Breathing(group, config)
        postures = posture_shifts.Postures(group.name, group.names, 0)

        def rest(moment):
            return postures.at(moment, group, breathing.lifted)
        times = postures.shifts(0.0, 10 * 3600.0)
        assert np.array_equal(rest(times[0] - 1e-6), group.home)
        moments = np.arange(times[0], 10 * 3600.0, posture_changes.DRIFT_STEP)
        rests = np.array([rest(moment) for moment in moments])
        bands = np.maximum(group.upper - group.home, group.home - group.lower)
        assert np.all(np.abs(rests - group.home).max(axis=0) > 0.0), group.name
        assert np.all(np.abs(rests - group.home) <= (1.0 + posture_changes.DRIFT)
                      * posture_changes.SHIFTS[0].size * bands + 1e-9)
        for points in (rests, rests + breathing.lifted):
            assert np.all(points >= group.lower - 1e-9) and np.all(points <= group.upper + 1e-9)
            assert group.acceptable(points).all(), group.name
        if group.name == "legs":
            check = lean.LeanCheck(group.names, config.home)
            assert np.all(check.lean(rests) <= lean.MAX_LEAN + 1e-9)
        # Between two shifts the rest creeps: it changes, a little, step after step.
        crept = [index for index in range(1, len(moments))
                 if not postures.shifts(moments[index - 1], moments[index])
                 and not np.array_equal(rests[index - 1], rests[index])]
        assert len(crept) > 0.3 * len(moments), group.name


class Alone(object):
    """A context stand-in: Pepper alone all along, not listening."""

    name = "context"

    @staticmethod
    def part(_now):
        return Part(arousal=0.0, alone=1.0)


def fidgets_of(config, live=None, hours=2.0, seed=2):
    """{arm: [(out call, back call, the arm's angles before)]} over ``hours``."""
    planner = offline_plans.Round(config, seed, live, styles.lifelike_steps)
    plans = planner.plans([(group, np.random.RandomState(seed + index), None)
                           for index, group in enumerate(planner.groups)
                           if group.name in posture_changes.ARMS], hours * 3600.0)
    found = {}
    for name in posture_changes.ARMS:
        plan, found[name] = plans[name], []
        angles = plan.shape.home.copy()
        breathing = set(breath_module.Breathing(plan.shape, config).joints)
        moves = [step for _at, step in plan.steps if isinstance(step, steps.Move)]
        back = None  # the fidget call the last one out comes back with
        for index, step in enumerate(moves):
            # A fidget's calls move more than one joint, not all, and not the breath's.
            if step is not back and step.joints is not None and len(step.joints) > 1 \
                    and not breathing & set(step.joints):
                back = moves[index + 1]
                found[name].append((step, back, angles.copy()))
            chosen = range(len(angles)) if step.joints is None else step.joints
            angles[list(chosen)] = step.end[list(chosen)]
    return found


def test_fidgets_come_about_every_minute_one_arm_out_and_straight_back():
    config, built = configured()
    found = fidgets_of(config)
    count = sum(len(pairs) for pairs in found.values())
    assert count / 2.0 == pytest.approx(3600.0 / posture_changes.FIDGETS[0].interval, rel=0.15)
    for name, pairs in found.items():
        assert pairs, name  # both arms fidget
        group = built[name]
        breathing = breath_module.Breathing(group, config).joints
        for out, back, before in pairs:
            assert out.joints == back.joints and not set(out.joints) & set(breathing)
            chosen = list(out.joints)
            assert np.allclose(back.end[chosen], before[chosen])  # straight back
            assert out.duration == back.duration <= config.max_call_duration
            quick = fidgets.OUT[1] * config.gesture_duration
            reach = np.abs(out.end[chosen] - before[chosen])
            assert out.duration <= quick + 1e-9 or np.any(reach > 0.0)
            assert np.all(reach <= posture_changes.FIDGETS[0].size
                          * (group.upper - group.lower)[chosen] + 1e-9)


def test_alone_pepper_fidgets_half_again_as_often_and_a_listening_one_never():
    config, _built = configured()
    around = sum(len(pairs) for pairs in fidgets_of(config).values())
    alone = sum(len(pairs) for pairs in fidgets_of(
        config, offline_plans.in_context(config, Alone())).values())
    assert alone / float(around) == pytest.approx(posture_changes.ALONE_FIDGETS, rel=0.15)
    listening = fidgets_of(config, offline_plans.listening(config), hours=1.0)
    assert not any(listening.values())
