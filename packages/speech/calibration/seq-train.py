#!/usr/bin/env python3
"""
Trains the product's sequence phone scorer on one training set written by
calibration/fit-phone-sequence.ts and exports its weights for the TypeScript forward pass.

The number of epochs is chosen on an inner speaker split of the training set (the recordings whose
`inner` is 0 validate, the rest train; pooled PCC on exact targets every 5 epochs); the model is
then trained on the whole set for that many epochs. Config and seed are fixed (gopt24, seed 0):
GOPT's published settings, the planned round of the experiment in packages/speech/README.md.

  /usr/bin/python3 calibration/seq-train.py --data DIR --name NAME --out FILE.json[.gz]
      [--config gopt24] [--epochs 40] [--fixture FILE.json]

--fixture writes three recordings' raw rows, phone ids and the exported weights' outputs (torch,
eval mode), which test/phone-sequence.test.ts checks the TypeScript forward pass against.
"""
import argparse
import gzip
import json
import os
import time

import numpy as np
import torch
from seq_model import CONFIGS, batch_arrays, export_weights, feature_cols, fit, load_exported, pcc

ap = argparse.ArgumentParser()
ap.add_argument('--data', required=True)
ap.add_argument('--name', required=True)
ap.add_argument('--out', required=True)
ap.add_argument('--config', default='gopt24')
ap.add_argument('--epochs', type=int, default=40)
ap.add_argument('--every', type=int, default=5)
ap.add_argument('--seed', type=int, default=0)
ap.add_argument('--fixture', default=None)
args = ap.parse_args()
torch.set_num_threads(1)
started = time.time()

meta = json.load(open(os.path.join(args.data, args.name + '.json')))
COLS = meta['columns']
UTTS = meta['utts']
N_PHONES = len(meta['phones'])
X = np.fromfile(os.path.join(args.data, args.name + '.f32'), dtype='<f4').reshape(meta['rows'], len(COLS))
bounds = []
k = 0
for u in UTTS:
    bounds.append((k, k + len(u['phones'])))
    k += len(u['phones'])
assert k == meta['rows']
MAX_LEN = max(len(u['phones']) for u in UTTS)
cfg = CONFIGS[args.config]
cols = feature_cols(COLS, cfg['feats'])
mean = X[:, cols].mean(0)
std = X[:, cols].std(0)
std[std < 1e-6] = 1


def arrays(idx, targets):
    return batch_arrays(X, bounds, UTTS, idx, cols, mean, std, targets, MAX_LEN)


def train(idx, epochs, evaluate=None):
    return fit(arrays(idx, 'yApprox' if cfg['approx'] else 'y'), cfg, N_PHONES, MAX_LEN, epochs, args.seed, args.every, evaluate)


def exact_pcc(model, idx):
    te = arrays(idx, 'y')
    with torch.no_grad():
        p = model(te[0], te[1], te[4]).numpy()
    pred, truth = [], []
    for b, i in enumerate(idx):
        for j, v in enumerate(UTTS[i]['y']):
            if v is not None:
                pred.append(p[b, j])
                truth.append(v)
    return pcc(pred, truth)


inner_train = [i for i, u in enumerate(UTTS) if u['inner'] != 0]
inner_val = [i for i, u in enumerate(UTTS) if u['inner'] == 0]
_, curve = train(inner_train, args.epochs, lambda m: exact_pcc(m, inner_val))
epochs = max(curve, key=curve.get)
print(f'{args.name}: inner curve ' + ' '.join(f'{ep}:{v:.3f}' for ep, v in curve.items()) + f' → {epochs} epochs', flush=True)
every = list(range(len(UTTS)))
model, _ = train(every, epochs)
weights = export_weights(model, cols, mean, std, cfg)
load_exported(model, weights)
weights['trainedOn'] = meta['trainedOn']
weights['fit'] = {
    'config': args.config,
    'epochs': epochs,
    'seed': args.seed,
    'innerCurve': {str(ep): round(v, 4) for ep, v in curve.items()},
    'inSamplePcc': round(exact_pcc(model, every), 4),
}
text = json.dumps(weights, separators=(',', ':')).encode()
with open(args.out, 'wb') as f:
    if args.out.endswith('.gz'):  # no name or time in the header: the same weights, the same bytes
        with gzip.GzipFile(filename='', mode='wb', fileobj=f, compresslevel=9, mtime=0) as gz:
            gz.write(text)
    else:
        f.write(text)
if args.fixture:
    picks = [0, len(UTTS) // 2, len(UTTS) - 1]
    out = []
    for i in picks:
        a, e = bounds[i]
        x = torch.from_numpy(np.clip((X[a:e][:, cols] - mean.astype(np.float32)) / std.astype(np.float32), -8, 8)[None].astype(np.float32))
        with torch.no_grad():
            p = model(x, torch.tensor([UTTS[i]['phones']]), torch.zeros((1, e - a), dtype=torch.bool))[0].numpy()
        out.append({'id': UTTS[i]['id'], 'rows': X[a:e].tolist(), 'phones': UTTS[i]['phones'], 'expected': p.tolist()})
    json.dump({'weights': os.path.basename(args.out), 'recordings': out}, open(args.fixture, 'w'))
print(f'{args.name}: {epochs} epochs, in-sample PCC {weights["fit"]["inSamplePcc"]}, {sum(p.numel() for p in model.parameters())} parameters, {(time.time() - started) / 60:.1f} min → {args.out}', flush=True)
