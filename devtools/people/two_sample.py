"""A two-sample test (issue 39): can a classifier tell one source's windows (windows.py)
from another's? Its cross-validated ROC AUC: about 0.5 when it cannot, 1 when it always
can.

Python 3 tooling (scikit-learn, dev only). Two classifiers, a linear one (a logistic
regression on standardised features) and a tree ensemble (a random forest): one sees a
feature's level and the features' sums, the other thresholds and interactions. Both
weigh the two sources equally (so a fold's balance does not move its scores), and a
feature a window lacks (NaN: no gross move to time) takes the training windows' median.

Cross-validation is grouped: all windows of one group sit in one fold, so that the test
never meets a window of a person (or of a stretch of a robot run) it was trained on;
each fold holds groups of both sources where it can (folds), and the out-of-fold scores
of every fold make one ROC AUC. The grouping is dealt at random, REPEATS times (seeded);
the AUC is their mean.
"""
import collections

import numpy as np
from sklearn.base import clone
from sklearn.ensemble import RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

REPEATS = 5
SEED = 39
TREES = 100


def classifiers(seed=SEED):
    """name -> an unfitted scikit-learn pipeline."""
    return collections.OrderedDict([
        ("linear", make_pipeline(SimpleImputer(strategy="median"), StandardScaler(),
                                 LogisticRegression(C=1.0, class_weight="balanced",
                                                    max_iter=1000))),
        ("trees", make_pipeline(SimpleImputer(strategy="median"),
                                RandomForestClassifier(n_estimators=TREES, min_samples_leaf=2,
                                                       class_weight="balanced",
                                                       random_state=seed))),
    ])


def folds(labels, groups, rng):
    """Each window's fold: every group in one fold, the groups of each source dealt in
    turn (shuffled by ``rng``) into as many folds as the smaller source has groups, so
    that every fold holds both sources where the groups allow. A group with windows of
    both sources (a person acted and genuine) is dealt once, with the first source's."""
    labels, groups = np.asarray(labels), np.asarray(groups)
    holding = [sorted(set(groups[labels == label])) for label in (1, 0)]
    count = min(len(each) for each in holding)
    if count < 2:
        raise ValueError("grouped cross-validation needs two groups of each source, got %d "
                         "of source 0 and %d of source 1" % (len(holding[1]), len(holding[0])))
    fold_of = {}
    for each in holding:
        dealt = [group for group in each if group not in fold_of]
        rng.shuffle(dealt)
        start = int(rng.randint(count))
        for number, group in enumerate(dealt):
            fold_of[group] = (start + number) % count
    return np.array([fold_of[group] for group in groups])


def out_of_fold(model, values, labels, fold):
    """Each window's score (the probability of source 1) from ``model`` trained on the
    other folds."""
    scores = np.full(len(labels), np.nan)
    for number in np.unique(fold):
        test = fold == number
        fitted = clone(model).fit(values[~test], labels[~test])
        scores[test] = fitted.predict_proba(values[test])[:, 1]
    return scores


# One test's answer: the mean AUC over the repeats, its lowest and highest, and how many
# windows of each source.
Answer = collections.namedtuple("Answer", "auc low high first second")


def auc(values, labels, groups, model, repeats=REPEATS, seed=SEED):
    """The Answer of ``model`` telling the windows ``values`` (windows, features) of
    source 1 from source 0 (``labels``), grouped by ``groups``."""
    values, labels = np.asarray(values, dtype=float), np.asarray(labels)
    rng = np.random.RandomState(seed)
    found = [roc_auc_score(labels, out_of_fold(model, values, labels,
                                               folds(labels, groups, rng)))
             for _repeat in range(repeats)]
    return Answer(float(np.mean(found)), float(np.min(found)), float(np.max(found)),
                  int(np.sum(labels == 0)), int(np.sum(labels == 1)))


def feature_auc(first, second):
    """Each feature's own AUC: the chance that a window of ``second`` reads higher than
    one of ``first`` (ties half), over the windows where both read it; NaN where a source
    has none. Below 0.5: ``second`` reads lower."""
    first, second = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    found = []
    for column in range(first.shape[1]):
        mine, theirs = first[:, column], second[:, column]
        mine, theirs = mine[np.isfinite(mine)], theirs[np.isfinite(theirs)]
        if not len(mine) or not len(theirs):
            found.append(float("nan"))
            continue
        found.append(float(roc_auc_score(np.r_[np.zeros(len(mine)), np.ones(len(theirs))],
                                         np.r_[mine, theirs])))
    return found


def blocks(count, pieces):
    """Group labels cutting ``count`` windows in time order into ``pieces`` contiguous
    blocks (a run's neighbouring windows share its slow drifts: kept together)."""
    return np.concatenate([np.full(len(each), number) for number, each in
                           enumerate(np.array_split(np.arange(count), pieces))])


def compare(first, second, first_groups, second_groups, chosen, repeats=REPEATS, seed=SEED):
    """Both classifiers on ``first`` (source 0) against ``second`` (source 1), their
    columns ``chosen`` (indices): OrderedDict name -> Answer. Groups are labels; the two
    sources' are kept apart unless the same label names the same group in both (a
    person)."""
    values = np.vstack([first, second])[:, list(chosen)]
    labels = np.r_[np.zeros(len(first), dtype=int), np.ones(len(second), dtype=int)]
    groups = np.array([str(each) for each in first_groups]
                      + [str(each) for each in second_groups])
    return collections.OrderedDict((name, auc(values, labels, groups, model, repeats, seed))
                                   for name, model in classifiers(seed).items())
