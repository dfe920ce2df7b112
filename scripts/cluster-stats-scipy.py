"""Reference values for the clustered paired bootstrap and permutation test (test/stats/clusters.test.ts).

Run: python3 scripts/cluster-stats-scipy.py   (NumPy 2.x, SciPy 1.17; no network)
Prints the data the test types in and SciPy's figures on them:
  A. 10 clusters of 3 cases: scipy.stats.bootstrap's paired BCa interval on the cluster means of a and b
     (equal sizes, so the mean of cluster means is the case mean);
  B. 12 clusters of 1-5 cases: its paired BCa interval on (cluster sums, cluster sizes) with the statistic
     sum(sums) / sum(sizes), the case mean of a resample of clusters (SciPy's jackknife leaves one cluster out);
  C. the exact sign-flip permutation p-value on B's cluster sums (every one of 2^12 patterns).
"""
import numpy as np
from scipy import stats

rng = np.random.default_rng(25)


def show(name, values):
    print(f"{name} = [{', '.join(f'{v:.3f}'.rstrip('0').rstrip('.') if v != 0 else '0' for v in values)}]")


# A: equal sizes. Case values in [0, 1] rounded to 3 decimals; a cluster shares a document-level shift.
sizes_a = [3] * 10
a = np.round(rng.uniform(0.3, 0.9, 30), 3)
shift = np.repeat(rng.normal(0.03, 0.08, 10), 3)
b = np.round(np.clip(a + shift + rng.normal(0, 0.03, 30), 0, 1), 3)
d = b - a
show('A_DIFFS', d)
means_a = np.add.reduceat(a, np.arange(0, 30, 3)) / 3
means_b = np.add.reduceat(b, np.arange(0, 30, 3)) / 3
r = stats.bootstrap((means_a, means_b), lambda x, y, axis: np.mean(y - x, axis=axis), paired=True, vectorized=True,
                    method='BCa', n_resamples=200000, confidence_level=0.95, random_state=np.random.default_rng(1))
print('A mean', d.mean(), 'BCa', r.confidence_interval.low, r.confidence_interval.high)

# B: unequal sizes.
sizes_b = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3]
n = sum(sizes_b)
cluster_shift = rng.normal(0.02, 0.1, len(sizes_b))
diffs_b = np.round(np.concatenate([s + rng.normal(0, 0.05, k) for s, k in zip(cluster_shift, sizes_b)]), 3)
show('B_DIFFS', diffs_b)
print('B_SIZES =', sizes_b)
starts = np.concatenate([[0], np.cumsum(sizes_b)[:-1]])
sums = np.add.reduceat(diffs_b, starts)
counts = np.array(sizes_b, dtype=float)
r = stats.bootstrap((sums, counts), lambda s, k, axis: np.sum(s, axis=axis) / np.sum(k, axis=axis), paired=True,
                    vectorized=True, method='BCa', n_resamples=200000, confidence_level=0.95,
                    random_state=np.random.default_rng(1))
print('B mean', diffs_b.mean(), 'BCa', r.confidence_interval.low, r.confidence_interval.high)

# C: exact sign flips of the cluster sums; SciPy's one-sample 'samples' permutation flips signs.
p = stats.permutation_test((sums,), lambda x, axis: np.sum(x, axis=axis), permutation_type='samples',
                           vectorized=True, n_resamples=np.inf, alternative='two-sided').pvalue
print('C clustered p', p)
p_cases = stats.permutation_test((diffs_b,), lambda x, axis: np.sum(x, axis=axis), permutation_type='samples',
                                 vectorized=True, n_resamples=200000, alternative='two-sided',
                                 random_state=np.random.default_rng(1)).pvalue
print('C unclustered p (Monte Carlo, for contrast)', p_cases)
