"""Sendump (quantised mixture weights of a PocketSphinx PTM model) -> Sphinx-III mixture_weights."""
import struct, sys
import numpy as np

def load(path):
    f = open(path, 'rb')
    fmt = ['<I']
    def n():
        v = struct.unpack(fmt[0], f.read(4))[0]
        if v > 65536:
            fmt[0] = '>I'; v = struct.unpack(fmt[0], f.read(4))[0] if False else struct.unpack('>I', struct.pack('<I', v))[0]
        return v
    def readstr():
        k = n()
        return None if k == 0 else f.read(k)[:-1].decode()
    readstr()
    hdr = {}
    while True:
        h = readstr()
        if h is None: break
        parts = h.split()
        if len(parts) == 2 and parts[1].isdigit(): hdr[parts[0]] = int(parts[1])
    mixture_count = hdr.get('mixture_count', 0); model_count = hdr.get('model_count', 0)
    shift = hdr.get('mixw_shift', 10); feature_count = hdr.get('feature_count', 1)
    if hdr.get('cluster_count', 0): raise SystemExit('clustered sendump not supported')
    model_count = n(); mixture_count = n()
    print('senones', mixture_count, 'densities', model_count, 'streams', feature_count, file=sys.stderr)
    out = np.empty((mixture_count, feature_count, model_count), dtype=np.float32)
    for i in range(feature_count):
        for j in range(model_count):
            b = np.frombuffer(f.read(mixture_count), dtype=np.uint8).astype(np.int64) << shift
            out[:, i, j] = np.power(1.0001, -b.astype(np.float64))
    return out

def write(path, a):
    with open(path, 'wb') as fh:
        head = b's3\nversion 1.0\n'
        lsb = (len(head) + len(b'endhdr\n')) & 3
        head += (b' ' * (4 - lsb) if lsb else b'') + b'endhdr\n'
        fh.write(head)
        fh.write(struct.pack('=i', 0x11223344))
        d1, d2, d3 = a.shape
        fh.write(struct.pack('=IIII', d1, d2, d3, d1 * d2 * d3))
        fh.write(a.astype('<f4').tobytes())

a = load(sys.argv[1])
# Normalise each senone's weights per stream (quantisation leaves them slightly off 1).
a = a / a.sum(axis=2, keepdims=True)
write(sys.argv[2], a)
