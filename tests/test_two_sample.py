"""The two-sample test (issue 39) on synthetic windows, seeded: two sources drawn alike
read about 0.5, two clearly different ones near 1, whatever the classifier; the folds keep
each group whole; each genuine person held against the others alone, the most typical
reading about 0.5 and an outlier near 1. The 3.9 lane only (scikit-learn is in
requirements-dev.txt)."""
import collections

import numpy as np
import pytest

pytest.importorskip("sklearn")

from animate_behaviour.planning import styles  # noqa: E402
from people import indistinct, robot, two_sample  # noqa: E402

GROUPS = 8
WINDOWS = 10  # a group's
FEATURES = 5
REPEATS = 2
GROUP_SPREAD = 0.2  # of a window's


def source(rng, name, shift=0.0):
    """(rows, groups): GROUPS groups of WINDOWS windows, each group about its own mean (a
    person's own way of standing), the first feature shifted by ``shift`` spreads."""
    rows, groups = [], []
    for group in range(GROUPS):
        mean = rng.normal(0.0, GROUP_SPREAD, FEATURES)
        rows.append(mean + rng.normal(0.0, 1.0, (WINDOWS, FEATURES)))
        groups += ["%s %d" % (name, group)] * WINDOWS
    rows = np.vstack(rows)
    rows[:, 0] += shift
    return rows, groups


def compared(shift, seed):
    rng = np.random.RandomState(seed)
    (first, first_groups), (second, second_groups) = source(rng, "a"), source(rng, "b", shift)
    return two_sample.compare(first, second, first_groups, second_groups, range(FEATURES),
                              REPEATS, seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_two_sources_drawn_alike_read_about_one_half(seed):
    for name, answer in compared(0.0, seed).items():
        assert 0.35 < answer.auc < 0.65, (name, answer)
        assert answer.first == answer.second == GROUPS * WINDOWS


@pytest.mark.parametrize("seed", [1, 2])
def test_two_clearly_different_sources_read_near_one(seed):
    for name, answer in compared(5.0, seed).items():
        assert answer.auc > 0.95, (name, answer)
        assert answer.low <= answer.auc <= answer.high


def test_the_same_seed_reads_the_same():
    assert compared(1.0, 3) == compared(1.0, 3)


def test_a_fold_holds_each_group_whole_and_both_sources():
    labels = np.array([0] * 30 + [1] * 20)
    groups = np.array(["person %d" % (index // 5) for index in range(30)]
                      + ["block %d" % (index // 5) for index in range(20)])
    fold = two_sample.folds(labels, groups, np.random.RandomState(0))
    assert len(set(fold)) == 4  # as many as the smaller source's groups
    for group in set(groups):
        assert len(set(fold[groups == group])) == 1
    for number in set(fold):
        assert set(labels[fold == number]) == {0, 1}


def test_a_person_in_both_sources_sits_in_one_fold():
    """Genuine and acted clips of one person: never one in training, the other in test."""
    labels = np.array([0, 0, 0, 1, 1, 1, 1])
    groups = np.array(["002", "003", "010", "002", "003", "004", "001"])
    for seed in range(10):
        fold = two_sample.folds(labels, groups, np.random.RandomState(seed))
        assert fold[0] == fold[3] and fold[1] == fold[4]


def test_too_few_groups_are_refused():
    with pytest.raises(ValueError) as raised:
        two_sample.folds([0, 0, 1, 1], ["a", "a", "b", "c"], np.random.RandomState(0))
    assert "two groups of each source, got 1 of source 0 and 2 of source 1" in str(
        raised.value)


def test_a_features_own_auc_says_which_source_reads_higher():
    first = np.array([[1.0, 5.0, 1.0], [2.0, 6.0, np.nan], [3.0, 7.0, 2.0]])
    second = np.array([[4.0, 1.0, 1.0], [5.0, 2.0, 2.0], [6.0, 3.0, np.nan]])
    found = two_sample.feature_auc(first, second)
    assert found[0] == 1.0 and found[1] == 0.0
    assert found[2] == 0.5  # the same values, NaN left out


def test_a_run_is_cut_into_contiguous_blocks():
    assert list(two_sample.blocks(7, 3)) == [0, 0, 0, 1, 1, 2, 2]


def population(seed, people, clip_windows, outlier=None):
    """(the genuine people's indistinct.Source, every clip as (name, rows)): ``people``
    people "000", "001", ..., each a genuine and an acted clip of ``clip_windows`` windows
    of every windows.FEATURES, about the person's own mean (the first person's: the
    people's, the most typical); ``outlier``'s first feature shifted by 5 spreads."""
    rng = np.random.RandomState(seed)
    count = len(indistinct.windows.FEATURES)
    named = []
    for number in range(people):
        mean = rng.normal(0.0, GROUP_SPREAD, count) if number else np.zeros(count)
        for kind in ("genuine", "acted"):
            rows = mean + rng.normal(0.0, 1.0, (clip_windows, count))
            rows[:, 0] += 5.0 if number == outlier else 0.0
            named.append(("%03d_%s" % (number, kind), rows))
    return indistinct.of_clips([each for each in named if each[0].endswith("genuine")]), named


def test_a_person_is_held_against_the_other_genuine_people_only():
    genuine, named = population(0, 4, 5)
    named.append(("009_acted", np.ones((5, len(indistinct.windows.FEATURES)))))  # acted only
    rest, theirs = indistinct.apart(genuine, named, "001")
    assert rest.groups == ["000"] * 5 + ["002"] * 5 + ["003"] * 5
    assert np.array_equal(rest.rows, np.vstack([named[0][1], named[4][1], named[6][1]]))
    assert np.array_equal(theirs.rows, np.vstack([named[2][1], named[3][1]]))
    # As many blocks as the others are people, none spanning two clips.
    assert theirs.groups == (["001_genuine block 0"] * 4 + ["001_genuine block 1"]
                             + ["001_acted block 1"] * 2 + ["001_acted block 2"] * 3)
    with pytest.raises(ValueError) as raised:
        indistinct.apart(genuine, named, "009")
    assert "009 is not among the genuine people (000, 001, 002, 003)" in str(raised.value)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_most_typical_person_reads_about_one_half(seed):
    genuine, named = population(seed, 5, 10)
    found = indistinct.answers(*indistinct.apart(genuine, named, "000"), repeats=REPEATS)
    for chosen, answers in found.items():
        for name, answer in answers.items():
            assert 0.3 < answer.auc < 0.7, (chosen, name, answer)
            assert (answer.first, answer.second) == (40, 20)


def test_an_outlier_person_reads_near_one():
    genuine, named = population(3, 5, 8, outlier=4)
    found = indistinct.each_person(genuine, named, REPEATS)
    assert list(found) == ["000", "001", "002", "003", "004"]
    assert np.array_equal(found["004"].second.rows, np.vstack([named[8][1], named[9][1]]))
    for chosen, answers in found["004"].answers.items():
        for name, answer in answers.items():
            assert answer.auc > 0.9, (chosen, name, answer)
    assert max(indistinct.highest(found[name].answers) for name in list(found)[:4]) < 0.9


def answered(*aucs):
    """Hand-made answers: each feature set's classifiers reading ``aucs`` in turn."""
    values = iter(aucs)
    return collections.OrderedDict(
        (chosen, collections.OrderedDict((name, two_sample.Answer(next(values), 0.0, 1.0, 9, 4))
                                         for name in two_sample.classifiers()))
        for chosen in indistinct.windows.SETS)


def test_the_people_table_names_the_most_typical_person_beside_pepper():
    rows = np.arange(5 * len(indistinct.windows.FEATURES), dtype=float).reshape(5, -1)
    source = indistinct.Source(rows, ["a"] * 5)
    lifelike = robot.label(styles.LIFELIKE, robot.NEUTRAL)
    found = indistinct.Results(source, collections.OrderedDict([(lifelike, indistinct.Comparison(
        lifelike, source, answered(0.7, 0.8, 0.65, 0.75), []))]), collections.OrderedDict(
        (name, indistinct.Reference(name, source, answered(*aucs))) for name, aucs in (
            ("000", (1.0, 0.9, 1.0, 1.0)), ("007", (0.49, 0.45, 0.3, 0.4)),
            ("008", (0.37, 0.6, 0.4, 0.5)))))
    lines = indistinct.people_table(found)
    assert lines[2] == "| 000 | 1.00 (0.00-1.00) | 0.90 (0.00-1.00) | 1.00 (0.00-1.00) | " \
                       "1.00 (0.00-1.00) | 9 / 4 |"
    assert lines[-1] == ("The most typical person (007) reads 0.49 at the most; Pepper's "
                         "lifelike (0, 0) reads 0.80 (the highest of the four AUCs each).")
    assert list(indistinct.spread_sources(found)) == [lifelike, "person 000", "person 007",
                                                      "person 008"]
    assert indistinct.as_json(found)[indistinct.PEOPLE]["007"]["whole"]["linear"]["auc"] == 0.49
