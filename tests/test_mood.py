"""The mood: its configuration keys, the mapping table, the mood set and how the live
signal reads it, without a live session (both lanes)."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import numpy as np
import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.expression import live_signal, mood, mood_table
from animate_behaviour.expression import presets as presets_module
from animate_behaviour.naoqi.preferences import OwnerPreferences
from animate_behaviour.foundation.clock import ScaledClock
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.planning import clearance, joints, lean, trajectory
from pepper_sim.preferences import FakePreferenceManager

from helpers.checks import AtMood
from helpers.manual_clock import ManualClock

TIMEOUT = 10.0
# The whole square, every quarter, and the axes' ends.
GRID = [-1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0]
LIMITS = dict((joint, joints.URDF_LIMITS[joint]) for joint in joints.ANIMATED_JOINTS)


def defaults():
    return config_module.from_mapping({})


def with_preset(name, base=None):
    base = base or defaults()
    return base.with_values(dict(base.presets[name], preset=name), name)


# -- configuration ----------------------------------------------------------------------

@pytest.mark.parametrize("key, value, words", [
    ("valence", "2", "valence = 2.0 is not allowed: a number in [-1, 1]"),
    ("arousal", "-1.5", "arousal = -1.5 is not allowed: a number in [-1, 1]"),
    ("valence", "nan", "valence = nan is not allowed: a number in [-1, 1]"),
    ("arousal", "high", "arousal = high is not allowed: a number in [-1, 1]"),
    ("arousal", "0.1, 0.2", "arousal = 0.1, 0.2 is not allowed: a number in [-1, 1]"),
])
def test_bad_mood_keys_are_refused_naming_what_is_allowed(key, value, words):
    with pytest.raises(config_module.ConfigurationError) as raised:
        config_module.from_mapping({key: value})
    assert words in str(raised.value)
    assert "0 its middle" in str(raised.value)


def test_mood_keys_are_read_and_presets_may_set_them():
    loaded = config_module.from_mapping({"valence": "0.25", "arousal": "-1", "presets": {
        "happy": {"valence": "0.8", "arousal": "0.3"}}})
    assert (loaded.valence, loaded.arousal) == (0.25, -1.0)
    assert loaded.presets["happy"] == {"valence": 0.8, "arousal": 0.3}
    with pytest.raises(config_module.ConfigurationError,
                       match=r"presets\.sad\.valence = -3 is not allowed: a number in "
                             r"\[-1, 1\]"):
        config_module.from_mapping({"presets": {"sad": {"valence": "-3"}}})


def test_the_owners_mood_preferences_count_and_bad_ones_are_logged_and_ignored(caplog):
    preferences = FakePreferenceManager({(presets_module.DOMAIN, "valence"): "0.5",
                                         (presets_module.DOMAIN, "arousal"): "3"})
    with caplog.at_level(logging.ERROR):
        live = presets_module.LiveConfiguration(defaults(), OwnerPreferences(preferences),
                                                logging.getLogger("test.mood"))
    assert live.configuration().valence == 0.5
    assert live.configuration().arousal == 0.0
    assert "ALPreferenceManager animate-behaviour: arousal = 3 is not allowed: a number in " \
           "[-1, 1]" in caplog.text and "ignored, the file's value is kept" in caplog.text


# -- the mapping --------------------------------------------------------------------------

def figures(config):
    return (config.selected_range, config.gesture_duration, config.rot_maximum_range,
            config.breaths_per_minute)


def test_the_neutral_mood_changes_nothing():
    for config in (defaults(), config_module.from_mapping({"selectedRange": "0.45",
                                                            "gestureDuration": "2"})):
        neutral = AtMood(config, 0.0, 0.0)
        assert figures(neutral) == figures(config) and neutral.home is config.home


def test_one_row_per_figure_and_joint_and_each_is_one_at_neutral():
    targets = [(row.axis, row.target) for row in mood_table.TABLE]
    assert len(targets) == len(set(targets))
    for row in mood_table.TABLE:
        assert row.at(0.0) == (1.0 if row.kind == mood_table.SCALE else 0.0), row.target
        assert row.axis in mood_table.AXES and len(row.values) == len(mood_table.POINTS)
        if row.kind == mood_table.SCALE:
            assert config_module.ROWS[row.target].preset_settable


def test_arousal_raises_amplitude_tempo_turns_and_breathing_monotonically():
    base = defaults()
    for valence in (-1.0, 0.0, 1.0):
        rows = [figures(AtMood(base, valence, arousal)) for arousal in GRID]
        for earlier, later in zip(rows, rows[1:]):
            assert later[0] > earlier[0]  # selectedRange: larger moves
            assert later[1] < earlier[1]  # gestureDuration: faster, more often, shorter holds
            assert later[2] > earlier[2]  # rotMaximumRange: wider turns
            assert later[3] > earlier[3]  # breathsPerMinute
        assert all(8.0 <= row[3] <= 20.0 for row in rows)


def mean_posture(config):
    home = config.home
    return (np.mean([home["LShoulderPitch"], home["RShoulderPitch"]]),
            np.mean([home["LShoulderRoll"], -home["RShoulderRoll"]]),
            np.mean([home["LHand"], home["RHand"]]), home["HipPitch"])


def test_valence_raises_and_opens_the_arms_and_hands_and_slumps_below_zero():
    base = defaults()
    for arousal in (-1.0, 0.0, 1.0):
        rows = [mean_posture(AtMood(base, valence, arousal)) for valence in GRID]
        for earlier, later in zip(rows, rows[1:]):
            assert later[0] < earlier[0]  # ShoulderPitch: arms held higher
            assert later[1] > earlier[1]  # ShoulderRoll: more open
            assert later[2] > earlier[2]  # hands more open
            assert later[3] <= earlier[3]  # less forward slump
        stand = mean_posture(base)
        assert rows[0][3] > stand[3] and rows[-1][3] == stand[3]  # the slump: negative only
    # Valence does not change the arousal figures, nor arousal the posture.
    assert figures(AtMood(base, 1.0, 0.5)) == figures(AtMood(base, -1.0, 0.5))
    assert AtMood(base, 0.5, -1.0).home == AtMood(base, 0.5, 1.0).home


@pytest.mark.parametrize("preset", ["", "calm", "neutral", "lively"])
def test_every_mood_of_the_grid_stays_in_bounds_and_passes_clearance_and_lean(preset):
    base = with_preset(preset) if preset else defaults()
    for valence in GRID:
        for arousal in GRID:
            config = AtMood(base, valence, arousal)
            for key in ("selectedRange", "gestureDuration", "rotMaximumRange",
                        "breathsPerMinute"):
                row = config_module.ROWS[key]
                low, high = row.kind.bounds
                assert low <= getattr(config, row.attribute) <= high, (key, valence, arousal)
            for joint in joints.ANIMATED_JOINTS:
                limit = joints.URDF_LIMITS[joint]
                angle = config.home[joint]
                assert limit.minimum <= angle <= limit.maximum, joint
                # Inside Table 1's widest band around the configured home.
                band = trajectory.random_offset(limit, base.maximum_range(joint), 1.0)
                assert abs(angle - base.home[joint]) <= band + 1e-12, joint
            for group in config.shapes(LIMITS).values():
                assert group.acceptable(group.home[np.newaxis, :])[0], group.name
                for check in group.checks:
                    # The posture keeps the full margins: no check had to lower its own.
                    if isinstance(check, clearance.ClearanceCheck):
                        assert check.threshold == clearance.MARGIN, (valence, arousal)
                    else:
                        assert check.threshold == lean.MAX_LEAN, (valence, arousal)


def test_a_posture_the_checks_refuse_is_scaled_back():
    # Arms already closer in than Stand: the negative valence's closer-in shoulders
    # would press the hands against the pelvis, so the offset is scaled back (not clipped
    # joint by joint) to what keeps the hands as clear as this home does.
    base = config_module.from_mapping({"home": {"LShoulderRoll": "0.06",
                                                "RShoulderRoll": "-0.06"}})
    config = AtMood(base, -1.0, 0.0)
    offsets = mood_table.posture_offsets(base, -1.0)
    moved = dict((joint, config.home[joint] - base.home[joint]) for joint in offsets)
    fractions = set(round(moved[joint] / offsets[joint], 9) for joint in offsets
                    if offsets[joint])
    assert len(fractions) == 1 and 0.0 <= fractions.pop() < 1.0
    wanted = mood_table.checks_at(base, base.home, base.selected_range)
    found = mood_table.checks_at(base, config.home, config.selected_range)
    assert found[0] >= wanted[0] - 1e-12 and found[1] <= wanted[1] + 1e-12


def test_the_presets_are_points_of_the_mood_space_and_keep_their_figures():
    base = defaults()
    assert [(preset["valence"], preset["arousal"]) for preset in base.presets.values()] == \
        [(0.0, -0.5), (0.0, 0.0), (0.0, 0.5)]
    for name, expected in (("calm", (0.3, 1.6, 0.15)), ("neutral", (0.5, 1.0, 0.3)),
                           ("lively", (0.7, 0.7, 0.45))):
        chosen = with_preset(name)
        at_its_mood = AtMood(chosen, chosen.valence, chosen.arousal)
        assert figures(at_its_mood)[:3] == expected  # exactly today's
        assert at_its_mood.home == base.home
        # The same point reached from the file's neutral figures by setMood.
        reached = AtMood(base, chosen.valence, chosen.arousal)
        assert np.allclose(figures(reached)[:3], expected, rtol=1e-12)
    # A file with figures of its own keeps the presets' figures as today.
    other = config_module.from_mapping({"selectedRange": "0.45", "gestureDuration": "2"})
    calm = with_preset("calm", other)
    assert figures(AtMood(calm, 0.0, -0.5))[:3] == (0.3, 1.6, 0.15)
    # A preset's figures hold at its arousal: calm taken to neutral is neutral's.
    assert np.allclose(figures(AtMood(with_preset("calm"), 0.0, 0.0)),
                       figures(base), rtol=1e-12)


def test_a_preset_without_figures_moves_the_files_figures():
    base = config_module.from_mapping({"presets": {"excited": {"arousal": "1"}}})
    excited = with_preset("excited", base)
    assert mood_table.anchors(excited) == dict((row.target, 0.0) for row in mood_table.FIGURES)
    assert AtMood(excited, 0.0, 1.0).selected_range == pytest.approx(0.85)


# -- the mood set, and the mood the signal reads ----------------------------------------------

class Context(object):
    """A context stand-in adding ``offset`` to the arousal."""

    name = "context"

    def __init__(self):
        self.offset = 0.0

    def part(self, _now):
        return Part(arousal=self.offset)


def running(config=None):
    """(the mood set of ``config``, what its listeners heard, the signal it feeds, its
    context stand-in, the clock)."""
    config = config or defaults()
    clock = ManualClock()
    the_mood = mood.Mood(config.valence, config.arousal, clock, logging.getLogger("test.mood"))
    heard = []
    the_mood.add_listener(lambda valence, arousal: heard.append((valence, arousal)))
    context = Context()
    return the_mood, heard, live_signal.LiveSignal(lambda: config, [the_mood, context], clock), \
        context, clock


@pytest.mark.parametrize("valence, arousal, words", [
    (float("nan"), 0.0, "valence = nan is not allowed: a number in [-1, 1]"),
    (0.0, 1.5, "arousal = 1.5 is not allowed: a number in [-1, 1]"),
    (-2, 0.0, "valence = -2.0 is not allowed"),
    (0.0, float("inf"), "arousal = inf is not allowed"),
    ("high", 0.0, "valence must be a number in [-1, 1], got high (str)"),
    (0.0, True, "arousal must be a number in [-1, 1], got True (bool)"),
    (0.0, None, "arousal must be a number in [-1, 1], got None (NoneType)"),
    ([0.5], 0.0, "valence must be a number in [-1, 1], got 0.5 (list)"),
])
def test_bad_moods_are_refused_with_what_is_allowed_and_change_nothing(valence, arousal,
                                                                       words):
    the_mood, heard, live, _context, _clock = running()
    with pytest.raises(mood.MoodError) as raised:
        the_mood.set(valence, arousal)
    assert words in str(raised.value)
    assert the_mood.get() == [0.0, 0.0] and heard == [] and live.mood_now() == [0.0, 0.0]


def test_a_mood_glides_to_where_it_was_set_and_the_signal_reads_it_at_every_moment():
    the_mood, heard, live, _context, clock = running()
    before = live.now()
    the_mood.set(0.5, 1)
    assert the_mood.get() == [0.5, 1.0] and heard == [(0.5, 1.0)]
    assert live.now() == before  # no time has passed: no jump
    target = AtMood(defaults(), 0.5, 1.0)
    amplitudes = [before.selected_range]
    for step in range(1, 7):
        clock.time += mood.MOOD_RAMP / 6.0
        reading = live.now()
        assert [reading.valence, reading.arousal] == pytest.approx([0.5 * step / 6.0,
                                                                    step / 6.0])
        amplitudes.append(reading.selected_range)
    assert figures(reading) == figures(target) and reading.rest == target.home
    assert the_mood.remaining() == 0.0
    # Every moment a little further on the way, none a jump.
    assert all(later > earlier for earlier, later in zip(amplitudes, amplitudes[1:]))
    assert max(np.diff(amplitudes)) < 2.0 / 6.0 * (target.selected_range - 0.5)
    # Set again on the way: it glides on from where it is.
    the_mood.set(0.0, 0.0)
    clock.time += mood.MOOD_RAMP / 2.0
    assert live.mood_now() == pytest.approx([0.25, 0.5])
    the_mood.set(0.0, 0.0)  # the same mood: nothing heard
    assert heard == [(0.5, 1.0), (0.0, 0.0)]


def test_moods_set_at_once_are_heard_in_the_order_they_were_set():
    # A second client sets the mood while the listeners still hear the first change (the
    # service's moodChanged): the second is heard after the first, never before, so a
    # tablet showing the signal shows the mood set last.
    the_mood = mood.Mood(0.0, 0.0, ManualClock(), logging.getLogger("test.mood"))
    heard = []
    hearing_first, go_on = threading.Event(), threading.Event()

    def listener(valence, arousal):
        if not hearing_first.is_set():
            hearing_first.set()
            go_on.wait(TIMEOUT)
        heard.append((valence, arousal))
    the_mood.add_listener(listener)
    first = threading.Thread(target=the_mood.set, args=(0.5, 0.5))
    first.start()
    assert hearing_first.wait(TIMEOUT)
    the_mood.set(-0.5, -0.5)  # returns at once: the first's thread tells this one too
    assert the_mood.get() == [-0.5, -0.5]
    go_on.set()
    first.join(TIMEOUT)
    assert not first.is_alive()
    assert heard == [(0.5, 0.5), (-0.5, -0.5)]


def test_a_new_preset_takes_its_mood_and_a_style_keeps_the_mood_set():
    base = defaults()
    the_mood, heard, _live, _context, _clock = running(base)
    the_mood.set(-0.5, 0.25)
    calm = with_preset("calm")
    the_mood.on_configuration(calm, base)
    assert the_mood.get() == [0.0, -0.5] and heard[-1] == (0.0, -0.5)
    the_mood.set(0.75, 0.75)
    styled = calm.with_values({"motionStyle": "lifelike"}, "style")
    the_mood.on_configuration(styled, calm)
    assert the_mood.get() == [0.75, 0.75]


def test_the_context_moves_the_arousal_around_the_mood_set():
    # An empty room, an engaged person: getMood keeps the mood set, the motion follows the
    # mood plus the context's offset, within [-1, 1].
    the_mood, heard, live, context, clock = running()
    the_mood.set(0.25, -0.5)
    clock.time += mood.MOOD_RAMP
    context.offset = -0.75
    reading = live.now()
    assert (reading.valence, reading.arousal) == (0.25, -1.0)
    assert figures(reading) == figures(AtMood(defaults(), 0.25, -1.0))
    assert the_mood.get() == [0.25, -0.5] and heard == [(0.25, -0.5)]
    context.offset = 0.0
    assert live.mood_now() == [0.25, -0.5]


class Lean(object):
    """A source stand-in adding to both axes, holding the base, half alone."""

    name = "lean"

    @staticmethod
    def part(_now):
        return Part(0.5, 0.25, base_holds=True, alone=0.5)


def test_the_signal_adds_up_its_sources_one_way_each_named_once():
    config = defaults()
    the_mood, _heard, _live, context, clock = running(config)
    the_mood.set(0.75, 0.0)
    clock.time += mood.MOOD_RAMP
    context.offset = -0.5
    reading = live_signal.LiveSignal(lambda: config, [the_mood, context, Lean()], clock).now()
    assert (reading.valence, reading.arousal) == (1.0, -0.25)  # 0.75 + 0.5, kept in [-1, 1]
    assert not reading.arms_hold and reading.base_holds and reading.alone == 0.5
    with pytest.raises(ValueError) as raised:
        live_signal.LiveSignal(lambda: config, [the_mood, context, the_mood], clock)
    assert "each source once, got ['mood', 'context', 'mood']" in str(raised.value)


def test_a_steady_mood_makes_the_rest_posture_once():
    config = config_module.from_mapping({"valence": "0.5", "arousal": "-0.25"})
    steady = live_signal.steady(config)
    assert steady.mood_now() == [0.5, -0.25]
    assert steady.now().rest is steady.now().rest  # not made again while nothing changes
    assert mood.Mood(0.5, -0.25, ScaledClock(1.0), logging.getLogger("test.mood")).describe() \
        == "mood: valence 0.50, arousal -0.25"
