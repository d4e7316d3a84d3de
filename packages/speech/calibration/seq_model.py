"""
The GOPT-style phone scorer (Gong et al. 2022) shared by the sequence-model scripts: the model, its
training schedule and the export of its weights for the product's TypeScript forward pass
(src/scoring/phone-sequence.ts, which must compute exactly what `Gopt.forward` computes in eval mode
on one recording).

Per phone: the standardised feature row projected to d dims, plus an embedding of the canonical
phone and a learnt positional embedding; `layers` pre-norm transformer blocks (1 head, MLP 4d with
exact GELU, dropout); a LayerNorm + linear head per phone.
"""
import math

import numpy as np
import torch
from torch import nn

CONFIGS = {
    # GOPT as published: 24 dims, 3 layers, 1 head; all features, exact targets.
    'gopt24': dict(d=24, layers=3, feats='all', approx=False),
    # The same on GOPT's own inputs only (LPP + LPR vector): what the transformer adds to GOP alone.
    'gopt24-lpr': dict(d=24, layers=3, feats='lpr', approx=False),
    # Positional targets too (words pronounced otherwise with as many phones).
    'gopt24-approx': dict(d=24, layers=3, feats='all', approx=True),
    # More dropout (the inner curves of gopt24 peak at 10-15 epochs, then overfit).
    'gopt24-d3': dict(d=24, layers=3, feats='all', approx=False, drop=0.3),
    'w32l2': dict(d=32, layers=2, feats='all', approx=False),
    'w48l3': dict(d=48, layers=3, feats='all', approx=False),
}


def feature_cols(columns, kind):
    """Indices of the columns the model reads: all but the canonical phone's one-hot, or GOP's own."""
    if kind == 'lpr':
        return [i for i, c in enumerate(columns) if c in ('lpp', 'lppN') or c.startswith('lpr_')]
    return [i for i, c in enumerate(columns) if not c.startswith('is_')]


class Block(nn.Module):
    def __init__(self, d, drop):
        super().__init__()
        self.n1 = nn.LayerNorm(d)
        self.att = nn.MultiheadAttention(d, 1, dropout=drop, batch_first=True)
        self.n2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Dropout(drop), nn.Linear(4 * d, d), nn.Dropout(drop))
        self.drop = nn.Dropout(drop)

    def forward(self, x, pad):
        h = self.n1(x)
        x = x + self.drop(self.att(h, h, h, key_padding_mask=pad, need_weights=False)[0])
        return x + self.mlp(self.n2(x))


class Gopt(nn.Module):
    def __init__(self, n_in, d, layers, n_phones, max_len, drop=0.1):
        super().__init__()
        self.proj = nn.Linear(n_in, d)
        self.phone = nn.Embedding(n_phones, d)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d))
        nn.init.trunc_normal_(self.pos, std=0.02)
        self.blocks = nn.ModuleList([Block(d, drop) for _ in range(layers)])
        self.head = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 1))

    def forward(self, x, ph, pad):
        h = self.proj(x) + self.phone(ph) + self.pos[:, : x.shape[1]]
        for b in self.blocks:
            h = b(h, pad)
        return self.head(h).squeeze(-1)


def pcc(p, t):
    p = np.asarray(p, np.float64)
    t = np.asarray(t, np.float64)
    p = p - p.mean()
    t = t - t.mean()
    return float((p * t).sum() / math.sqrt((p * p).sum() * (t * t).sum()))


def lr_at(epoch):
    """GOPT's schedule: 1e-3, halved every 5 epochs from epoch 20."""
    return 1e-3 * 0.5 ** max(0, (epoch - 20) // 5 + 1) if epoch >= 20 else 1e-3


def batch_arrays(X, bounds, utts, idx, cols, mean, std, targets, max_len):
    """
    Padded tensors for recordings `idx`: standardised features (clipped to ±8), phone ids, targets
    (`utts[i][targets]`, nan = none), the exact-target mask and the padding mask. `bounds[i]` is
    recording i's first and last-but-one row in X.
    """
    n, F = len(idx), len(cols)
    xs = np.zeros((n, max_len, F), np.float32)
    ph = np.zeros((n, max_len), np.int64)
    y = np.full((n, max_len), np.nan, np.float32)
    exact = np.zeros((n, max_len), bool)
    pad = np.ones((n, max_len), bool)
    for b, i in enumerate(idx):
        a, e = bounds[i]
        L = e - a
        xs[b, :L] = np.clip((X[a:e][:, cols] - mean) / std, -8, 8)
        ph[b, :L] = utts[i]['phones']
        y[b, :L] = [np.nan if v is None else v for v in utts[i][targets]]
        exact[b, :L] = [v is not None for v in utts[i]['y']]
        pad[b, :L] = False
    return [torch.from_numpy(a) for a in (xs, ph, y, exact, pad)]


def fit(tr, cfg, n_phones, max_len, epochs, seed, every=5, evaluate=None):
    """
    Trains a model of config `cfg` on `tr` (batch_arrays) for `epochs`: phone-level MSE on every phone
    with a target, Adam, batches of 25, GOPT's schedule. With `evaluate`, `curve[epoch]` is its result
    on the model in eval mode every `every` epochs and at the last.
    """
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = Gopt(tr[0].shape[2], cfg['d'], cfg['layers'], n_phones, max_len, cfg.get('drop', 0.1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    curve = {}
    n = tr[0].shape[0]
    for ep in range(1, epochs + 1):
        for g in opt.param_groups:
            g['lr'] = lr_at(ep - 1)
        model.train()
        perm = rng.permutation(n)
        for s in range(0, n, 25):
            b = torch.from_numpy(perm[s : s + 25])
            L = int((~tr[4][b]).sum(1).max())
            x, ph, y, _, pad = (a[b][:, :L] for a in tr)
            pred = model(x, ph, pad)
            m = ~torch.isnan(y)
            loss = ((pred[m] - y[m]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        if evaluate and (ep % every == 0 or ep == epochs):
            model.eval()
            with torch.no_grad():
                curve[ep] = evaluate(model)
    model.eval()
    return model, curve


def export_weights(model, cols, mean, std, cfg):
    """The weights as the TypeScript forward pass reads them (row-major, float32 precision)."""
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in model.state_dict().items()}
    r = lambda a: [float(f'{v:.7g}') for v in np.asarray(a, np.float32).ravel().tolist()]
    shaped = lambda a: {'shape': list(a.shape), 'data': r(a)}
    blocks = []
    for b in range(cfg['layers']):
        p = f'blocks.{b}.'
        blocks.append({
            'norm1': {'weight': r(sd[p + 'n1.weight']), 'bias': r(sd[p + 'n1.bias'])},
            'inProj': shaped(sd[p + 'att.in_proj_weight']),
            'inBias': r(sd[p + 'att.in_proj_bias']),
            'outProj': shaped(sd[p + 'att.out_proj.weight']),
            'outBias': r(sd[p + 'att.out_proj.bias']),
            'norm2': {'weight': r(sd[p + 'n2.weight']), 'bias': r(sd[p + 'n2.bias'])},
            'fc1': shaped(sd[p + 'mlp.0.weight']),
            'fc1Bias': r(sd[p + 'mlp.0.bias']),
            'fc2': shaped(sd[p + 'mlp.3.weight']),
            'fc2Bias': r(sd[p + 'mlp.3.bias']),
        })
    return {
        'd': cfg['d'],
        'columns': cols,
        'mean': r(mean),
        'std': r(std),
        'clip': 8,
        'proj': shaped(sd['proj.weight']),
        'projBias': r(sd['proj.bias']),
        'phone': shaped(sd['phone.weight']),
        'pos': shaped(sd['pos'][0]),
        'blocks': blocks,
        'headNorm': {'weight': r(sd['head.0.weight']), 'bias': r(sd['head.0.bias'])},
        'head': r(sd['head.1.weight']),
        'headBias': float(sd['head.1.bias'][0]),
    }


def load_exported(model, w):
    """Puts exported (rounded) weights back into `model`, so parity outputs use exactly them."""
    t = lambda a, shape=None: torch.tensor(a, dtype=torch.float32).reshape(shape) if shape else torch.tensor(a, dtype=torch.float32)
    sd = {
        'proj.weight': t(w['proj']['data'], w['proj']['shape']),
        'proj.bias': t(w['projBias']),
        'phone.weight': t(w['phone']['data'], w['phone']['shape']),
        'pos': t(w['pos']['data'], [1] + w['pos']['shape']),
        'head.0.weight': t(w['headNorm']['weight']),
        'head.0.bias': t(w['headNorm']['bias']),
        'head.1.weight': t(w['head']).reshape(1, -1),
        'head.1.bias': t([w['headBias']]),
    }
    for b, blk in enumerate(w['blocks']):
        p = f'blocks.{b}.'
        sd[p + 'n1.weight'] = t(blk['norm1']['weight'])
        sd[p + 'n1.bias'] = t(blk['norm1']['bias'])
        sd[p + 'att.in_proj_weight'] = t(blk['inProj']['data'], blk['inProj']['shape'])
        sd[p + 'att.in_proj_bias'] = t(blk['inBias'])
        sd[p + 'att.out_proj.weight'] = t(blk['outProj']['data'], blk['outProj']['shape'])
        sd[p + 'att.out_proj.bias'] = t(blk['outBias'])
        sd[p + 'n2.weight'] = t(blk['norm2']['weight'])
        sd[p + 'n2.bias'] = t(blk['norm2']['bias'])
        sd[p + 'mlp.0.weight'] = t(blk['fc1']['data'], blk['fc1']['shape'])
        sd[p + 'mlp.0.bias'] = t(blk['fc1Bias'])
        sd[p + 'mlp.3.weight'] = t(blk['fc2']['data'], blk['fc2']['shape'])
        sd[p + 'mlp.3.bias'] = t(blk['fc2Bias'])
    model.load_state_dict(sd)
