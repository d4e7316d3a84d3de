"""Puts the base model's silence and noise parameters back into an adapted PTM model.

MAP on learner recordings also re-estimates the filler phones (SIL, +NSN+, +SPN+): their Gaussians,
senone weights and transition matrices then fit the corpus's recording room, and the adapted
recogniser starts hearing words ("pick", "pillows") in the silence before someone speaks. Speech
phones keep their adaptation; the fillers get Debian's values back.

  python3 keep-fillers.py BASE_DIR ADAPTED_DIR MDEF_TXT
Both folders hold Sphinx-III float files means, variances, mixture_weights, transition_matrices; the
adapted ones are rewritten in place. The first dimension of every file is the codebook (means,
variances: one per base phone in a PTM model), the senone (mixture_weights) or the matrix
(transition_matrices); the floats follow the dimensions (and precede a checksum, when the header says so).
"""
import struct, sys
import numpy as np

base_dir, adapted_dir, mdef = sys.argv[1:4]

fillers = []  # (base phone index, transition matrix, senones)
rows = [l.split() for l in open(mdef) if not l.startswith('#')]
phones = [r for r in rows if len(r) >= 9 and r[1] == '-' and r[2] == '-']
for i, r in enumerate(phones):
    if r[4] == 'filler':
        fillers.append((i, int(r[5]), [int(s) for s in r[6:-1]]))
print('fillers', [(phones[i][0], t, s) for i, t, s in fillers], file=sys.stderr)

def layout(raw):
    """(byte order, first dimension, offset of the ints before the data, float count, data offset)."""
    at = raw.index(b'endhdr\n') + 7
    order = '<' if struct.unpack('<i', raw[at:at + 4])[0] == 0x11223344 else '>'
    first = struct.unpack(order + 'I', raw[at + 4:at + 8])[0]
    for n_ints in range(3, 12):
        start = at + 4 * (1 + n_ints)
        total = struct.unpack(order + 'I', raw[start - 4:start])[0]
        if start + 4 * total in (len(raw), len(raw) - 4):  # a trailing checksum or none
            return order, first, at, total, start
    raise SystemExit('layout not understood')


def restore(name, index_of):
    braw = open(f'{base_dir}/{name}', 'rb').read()
    araw = open(f'{adapted_dir}/{name}', 'rb').read()
    order, first, at, total, start = layout(araw)
    border, _, bat, btotal, bstart = layout(braw)
    assert (border, btotal, braw[bat:bstart]) == (order, total, araw[at:start]), name
    b = np.frombuffer(braw, dtype=order + 'f4', offset=bstart, count=total)
    a = np.frombuffer(araw, dtype=order + 'f4', offset=start, count=total).copy()
    per = total // first
    for i in index_of:
        a[i * per:(i + 1) * per] = b[i * per:(i + 1) * per]
    # Written without the checksum the header announced (it would no longer match).
    head = b's3\nversion 1.0\n'
    pad = (len(head) + len(b'endhdr\n')) & 3
    head += (b' ' * (4 - pad) if pad else b'') + b'endhdr\n'
    open(f'{adapted_dir}/{name}', 'wb').write(head + araw[at:start] + a.astype(order + 'f4').tobytes())
    print(name, 'restored', len(index_of), 'of', first, file=sys.stderr)


restore('means', [i for i, _, _ in fillers])
restore('variances', [i for i, _, _ in fillers])
restore('mixture_weights', [s for _, _, ss in fillers for s in ss])
restore('transition_matrices', [t for _, t, _ in fillers])
