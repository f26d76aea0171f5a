"""The two-sample test (issue 39) on synthetic windows, seeded: two sources drawn alike
read about 0.5, two clearly different ones near 1, whatever the classifier; the folds keep
each group whole. The 3.9 lane only (scikit-learn is in requirements-dev.txt)."""
import numpy as np
import pytest

pytest.importorskip("sklearn")

from people import two_sample  # noqa: E402

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
