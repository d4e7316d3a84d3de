#!/usr/bin/env python3
"""
Issue 25, sequence-model experiment (not in the product path): a GOPT-style phone scorer (Gong et
al. 2022) over the rows written by calibration/export-phone-sequences.ts, evaluated by the same
nested speaker-disjoint CV as calibration/select-phone-model.ts (5 outer x 3 inner speaker folds,
the fold assignment read from the export, so the folds are identical).

Model: per phone, the standardised feature row (the trees' "with loop" columns minus the canonical
phone one-hot) projected to d dims, plus an embedding of the canonical phone and a learnt
positional embedding; `layers` pre-norm transformer blocks (1 head, MLP 4d, dropout 0.1); a
LayerNorm + linear head per phone. Phone-level MSE on every phone with a target; Adam lr 1e-3,
batch 25, GOPT's schedule (lr halved every 5 epochs from epoch 20). Phone scores only: the train
split's labels carry no word or utterance scores, so GOPT's multi-task heads are left out.

Hyper-parameters (candidate config and number of epochs) are chosen per outer fold on its 3 inner
folds (pooled inner PCC on exact targets, norms and standardisation fitted on each inner training
part); the chosen config is retrained on the whole outer training part and scores the held-out
speakers. Standardisation statistics always come from the training part of the split.

  /usr/bin/python3 calibration/seq-gopt.py [--data /tmp/agaton-seq] [--folds 0,1,2,3,4]
      [--configs gopt24,...] [--epochs 60] [--seeds 1] [--threads 1] [--out NAME] [--inner-used 3]

--inner-used 1 (used for the figures reported, for want of CPU time): epochs chosen on one inner
split only (trained on 2 of the 3 inner folds, validated on the third).

Writes <data>/seq-<out>-o<f>.json per outer fold (inner curves, choice, held-out predictions).
"""
import argparse
import json
import os
import time

import numpy as np
import torch
from seq_model import CONFIGS, batch_arrays, feature_cols, fit, pcc

ap = argparse.ArgumentParser()
ap.add_argument('--data', default='/tmp/agaton-seq')
ap.add_argument('--folds', default='0,1,2,3,4')
ap.add_argument('--configs', default='gopt24')
ap.add_argument('--epochs', type=int, default=60)
ap.add_argument('--every', type=int, default=5)
ap.add_argument('--seeds', type=int, default=1)
ap.add_argument('--threads', type=int, default=1)
ap.add_argument('--out', default='run')
ap.add_argument('--inner-used', type=int, default=3, help='train only the first N inner folds (their held-out parts are the validation data)')
ap.add_argument('--reuse-inner', default=None, help='also choose among the inner curves of run NAME (its configs, epochs up to --epochs)')
ap.add_argument('--skip-inner', action='store_true', help='no inner CV: train the first config for --epochs')
args = ap.parse_args()
torch.set_num_threads(args.threads)

index = json.load(open(os.path.join(args.data, 'index.json')))
COLS = index['columns']
UTTS = index['utts']
N_PHONES = len(index['phones'])
MAX_LEN = max(len(u['phones']) for u in UTTS)


def load_split(name):
    meta = json.load(open(os.path.join(args.data, name + '.json')))
    X = np.fromfile(os.path.join(args.data, name + '.f32'), dtype='<f4').reshape(meta['rows'], len(COLS))
    rows = {}
    k = 0
    for i in meta['utts']:
        n = len(UTTS[i]['phones'])
        rows[i] = (k, k + n)
        k += n
    assert k == meta['rows']
    return X, rows, meta['train']


def train_eval(split, train_idx, test_idx, cfg, epochs, every, seed):
    """Train on train_idx; predictions on test_idx at every `every` epochs: {epoch: [per-utt preds]}."""
    X, rows, norm_train = split
    cols = feature_cols(COLS, cfg['feats'])
    tr_rows = np.concatenate([X[rows[i][0] : rows[i][1]][:, cols] for i in norm_train])
    mean = tr_rows.mean(0)
    std = tr_rows.std(0)
    std[std < 1e-6] = 1
    arrays = lambda idx, targets: batch_arrays(X, rows, UTTS, idx, cols, mean, std, targets, MAX_LEN)
    tr = arrays(train_idx, 'yApprox' if cfg['approx'] else 'y')
    te = arrays(test_idx, 'y')

    def predictions(model):
        p = model(te[0], te[1], te[4]).numpy()
        return [p[b, : len(UTTS[i]['phones'])].tolist() for b, i in enumerate(test_idx)]

    model, out = fit(tr, cfg, N_PHONES, MAX_LEN, epochs, seed, every, predictions)
    return out, model


def exact_pairs(idx, preds):
    p, t = [], []
    for i, pr in zip(idx, preds):
        for v, q in zip(UTTS[i]['y'], pr):
            if v is not None:
                p.append(q)
                t.append(v)
    return p, t


started = time.time()
configs = args.configs.split(',')
for f in [int(x) for x in args.folds.split(',')]:
    res = {'fold': f, 'configs': configs, 'inner': {}, 'seeds': args.seeds}
    outer_train = [i for i, u in enumerate(UTTS) if u['outer'] != f]
    outer_test = [i for i, u in enumerate(UTTS) if u['outer'] == f]
    if args.skip_inner:
        best = (configs[0], args.epochs)
    else:
        scores = {}
        for c in configs:
            pooled = {}
            for g in range(min(args.inner_used, index['inner'])):
                split = load_split(f'o{f}i{g}')
                tr = [i for i in outer_train if UTTS[i]['inner'][f] != g]
                te = [i for i in outer_train if UTTS[i]['inner'][f] == g]
                t0 = time.time()
                curve, _ = train_eval(split, tr, te, CONFIGS[c], args.epochs, args.every, 1000 + g)
                for ep, preds in curve.items():
                    p, t = exact_pairs(te, preds)
                    pooled.setdefault(ep, ([], []))
                    pooled[ep][0].extend(p)
                    pooled[ep][1].extend(t)
                print(f'outer {f} {c} inner {g}: {time.time() - t0:.0f} s, last-epoch PCC {pcc(*exact_pairs(te, curve[args.epochs])):.4f}', flush=True)
            scores[c] = {ep: pcc(*pt) for ep, pt in pooled.items()}
            print(f'outer {f} {c} inner curve: ' + ' '.join(f'{ep}:{v:.3f}' for ep, v in scores[c].items()), flush=True)
        if args.reuse_inner:
            old = json.load(open(os.path.join(args.data, f'seq-{args.reuse_inner}-o{f}.json')))
            for c, curve in old['inner'].items():
                scores.setdefault(c, {int(ep): v for ep, v in curve.items() if int(ep) <= args.epochs})
        res['inner'] = scores
        best = max(((c, ep) for c in configs for ep in scores[c]), key=lambda ce: scores[ce[0]][ce[1]])
    res['chosen'] = {'config': best[0], 'epochs': best[1]}
    split = load_split(f'o{f}')
    preds = []
    t0 = time.time()
    for s in range(args.seeds):
        curve, model = train_eval(split, outer_train, outer_test, CONFIGS[best[0]], best[1], best[1], s)
        preds.append(curve[best[1]])
    res['train_seconds_per_model'] = (time.time() - t0) / args.seeds
    res['parameters'] = sum(p.numel() for p in model.parameters())
    per_seed = [pcc(*exact_pairs(outer_test, pr)) for pr in preds]
    mean_pred = [np.mean([pr[k] for pr in preds], axis=0).tolist() for k in range(len(outer_test))]
    res['per_seed_pcc'] = per_seed
    res['heldout_pcc'] = pcc(*exact_pairs(outer_test, mean_pred))
    res['test'] = outer_test
    res['pred'] = mean_pred
    res['seed_preds'] = preds
    json.dump(res, open(os.path.join(args.data, f'seq-{args.out}-o{f}.json'), 'w'))
    torch.save(model.state_dict(), os.path.join(args.data, f'seq-{args.out}-o{f}.pt'))
    print(f'outer {f}: chose {best[0]} at {best[1]} epochs; held out PCC {res["heldout_pcc"]:.4f} (seeds {", ".join(f"{v:.4f}" for v in per_seed)}); {res["train_seconds_per_model"]:.0f} s per model; {res["parameters"]} parameters; {(time.time() - started) / 60:.1f} min', flush=True)
