#!/usr/bin/env python3
"""
Issue 25, sequence-model experiment: held-out phone PCC per outer fold and pooled, trees
(calibration/export-tree-predictions.ts) vs the GOPT-style model (calibration/seq-gopt.py) vs their
mean (weight 1/2 fixed beforehand, not fitted), on exact-target phones of the same outer speaker
folds. With several seeds per fold, the sequence model is the mean of the seeds' predictions, and
"one seed" columns give the seeds' figures alone (mean over seeds of each seed's PCC).

  /usr/bin/python3 calibration/seq-report.py [--data /tmp/agaton-seq] [--seq gopt24] [--trees trees]
"""
import argparse
import glob
import json
import math
import os

import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument('--data', default='/tmp/agaton-seq')
ap.add_argument('--seq', default='gopt24')
ap.add_argument('--trees', default='trees')
args = ap.parse_args()

UTTS = json.load(open(os.path.join(args.data, 'index.json')))['utts']
tree_file = json.load(open(os.path.join(args.data, args.trees + '.json')))
trees = tree_file['outer']
cfg = tree_file['config']
tree_name = 'with loop' + (', approx' if cfg.get('approx') else '') + f", d{cfg['fit']['depth']}"


def pcc(p, t):
    p = np.asarray(p, np.float64) - np.mean(p)
    t = np.asarray(t, np.float64) - np.mean(t)
    return float((p * t).sum() / math.sqrt((p * p).sum() * (t * t).sum()))


def rmse(p, t):
    return float(np.sqrt(np.mean((np.asarray(p) - np.asarray(t)) ** 2)))


def flat(test, preds):
    """Exact-target phones of `test`: (predictions, trees' predictions, truth)."""
    p, q, t = [], [], []
    for i, sp in zip(test, preds):
        for j, v in enumerate(UTTS[i]['y']):
            if v is not None:
                p.append(sp[j])
                q.append(trees[i][j])
                t.append(v)
    return np.array(p), np.array(q), np.array(t)


rows = []
pooled = {k: [] for k in ('trees', 'seq', 'mean', 'truth')}
for path in sorted(glob.glob(os.path.join(args.data, f'seq-{args.seq}-o*.json'))):
    r = json.load(open(path))
    p, q, t = flat(r['test'], r['pred'])
    for k, v in (('trees', q), ('seq', p), ('mean', (p + q) / 2), ('truth', t)):
        pooled[k].extend(v)
    seeds = [flat(r['test'], sp) for sp in r.get('seed_preds', [])]
    one = np.mean([pcc(sp, t) for sp, _, _ in seeds]) if len(seeds) > 1 else None
    one_ens = np.mean([pcc((sp + q) / 2, t) for sp, _, _ in seeds]) if len(seeds) > 1 else None
    rows.append((str(r['fold'] + 1), len(t), pcc(q, t), pcc(p, t), pcc((p + q) / 2, t), one, one_ens,
                 f"{r['chosen']['config']}, {r['chosen']['epochs']} ep"))
P = {k: np.array(v) for k, v in pooled.items()}
rows.append(('pooled', len(P['truth']), pcc(P['trees'], P['truth']), pcc(P['seq'], P['truth']),
             pcc(P['mean'], P['truth']), None, None, ''))
multi = any(r[5] is not None for r in rows)
print(f'| outer fold | exact phones | trees ({tree_name}) | sequence model | mean of both |'
      + (' seq, one seed | mean with one seed |' if multi else '') + ' chosen on inner folds |')
print('| --- ' * (7 if multi else 5) + '| --- |')
fmt = lambda v: '' if v is None else f'{v:.3f}'
for f, n, a, b, c, d, e, ch in rows:
    print(f'| {f} | {n} | {a:.3f} | {b:.3f} | {c:.3f} |' + (f' {fmt(d)} | {fmt(e)} |' if multi else '') + f' {ch} |')
print(f"\nRMSE pooled: trees {rmse(P['trees'], P['truth']):.3f}, seq {rmse(P['seq'], P['truth']):.3f}, mean {rmse(P['mean'], P['truth']):.3f}")
for name, k in (('seq', 3), ('mean', 4)):
    d = np.array([r[k] - r[2] for r in rows[:-1]])
    print(f'per-fold difference {name} - trees: {" ".join(f"{v:+.3f}" for v in d)} (mean {d.mean():+.3f}, sd {d.std(ddof=1):.3f})')
