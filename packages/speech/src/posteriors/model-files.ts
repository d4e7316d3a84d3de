/**
 * Readers of a Sphinx acoustic model's binary files (little- or big-endian, as the files say):
 *
 * - `mdef` in PocketSphinx's binary form (`bin_mdef.c`: "BMDF", version, format text, counts,
 *   CI phone names, CD tree, phone table, senone sequences);
 * - `means` / `variances` in the Sphinx-3 "s3" format (`ms_gauden.c`, `bio.c`: text header up to
 *   `endhdr\n`, byte-order magic 0x11223344, codebook/stream/density counts, stream lengths, the
 *   float32 values codebook-major, a checksum);
 * - `sendump`, the quantised mixture weights (`ptm_mgau.c` `read_sendump`: length-prefixed header
 *   strings, then for each stream and codeword one byte per senone holding −log(weight) in units of
 *   2¹⁰ × log(1.0001), or 4-bit indices into a 16-entry table when `cluster_count` is set).
 */

/** The phone set and the context-independent senones of a model definition. */
export interface ModelDefinition {
  /** Base (CI) phones in the model's order, e.g. `+NSN+`, `AA`, …, `SIL`, …, `ZH`. */
  phones: string[];
  /** Which of them are fillers (silence and noise). */
  filler: boolean[];
  nEmitStates: number;
  /** Number of CI senones; they come first in the senone numbering. */
  nCiSenones: number;
  /** Total number of senones (CI and CD). */
  nSenones: number;
  /** Senone of each emitting state of each CI phone: `ciSenone[phone * nEmitStates + state]`. */
  ciSenone: Int32Array;
}

class Reader {
  private pos = 0;
  constructor(
    private readonly buf: Buffer,
    public little = true,
  ) {}
  get offset() {
    return this.pos;
  }
  seek(pos: number) {
    this.pos = pos;
  }
  int32() {
    const v = this.little ? this.buf.readInt32LE(this.pos) : this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  uint16At(pos: number) {
    return this.little ? this.buf.readUInt16LE(pos) : this.buf.readUInt16BE(pos);
  }
  float32At(pos: number) {
    return this.little ? this.buf.readFloatLE(pos) : this.buf.readFloatBE(pos);
  }
  cstring() {
    const end = this.buf.indexOf(0, this.pos);
    if (end < 0) throw new Error('unterminated string');
    const s = this.buf.toString('latin1', this.pos, end);
    this.pos = end + 1;
    return s;
  }
}

export function readBinaryMdef(buf: Buffer): ModelDefinition {
  const magic = buf.toString('latin1', 0, 4);
  if (magic !== 'BMDF' && magic !== 'FDMB') throw new Error('mdef: not a binary model definition (BMDF)');
  const r = new Reader(buf, magic === 'BMDF');
  r.seek(4);
  const version = r.int32();
  if (version > 1) throw new Error(`mdef: format version ${version} is newer than 1`);
  const descLength = r.int32();
  r.seek(r.offset + descLength);
  const [nCi, nPhone, nEmitStates, nCiSenones, nSenones, , nSseq, , nCdTree] = Array.from(
    { length: 10 },
    () => r.int32(),
  );
  if (nEmitStates <= 0) throw new Error('mdef: phones with varying numbers of states are not supported');
  const namesStart = r.offset;
  const phones = Array.from({ length: nCi }, () => r.cstring());
  // Phone names are padded to 4 bytes from their start; the CD tree (8 bytes a node) follows.
  const treeStart = namesStart + ((r.offset - namesStart + 3) & ~3);
  const phoneTable = treeStart + 8 * nCdTree;
  const sseqStart = phoneTable + 12 * nPhone + 4;
  const filler: boolean[] = [];
  const ciSenone = new Int32Array(nCi * nEmitStates);
  for (let p = 0; p < nCi; p++) {
    r.seek(phoneTable + 12 * p);
    const ssid = r.int32();
    if (ssid < 0 || ssid >= nSseq) throw new Error(`mdef: bad senone sequence for ${phones[p]}`);
    filler.push(buf[phoneTable + 12 * p + 8] !== 0);
    for (let s = 0; s < nEmitStates; s++) {
      ciSenone[p * nEmitStates + s] = r.uint16At(sseqStart + 2 * (ssid * nEmitStates + s));
    }
  }
  return { phones, filler, nEmitStates, nCiSenones, nSenones, ciSenone };
}

/** Gaussian parameters: `values[((cb * nStreams + f) * nDensity + g) * streamLen + d]`. */
export interface GaussianParams {
  nCodebooks: number;
  nStreams: number;
  nDensity: number;
  streamLengths: number[];
  values: Float32Array;
}

export function readS3Gaussians(buf: Buffer, what = 'means'): GaussianParams {
  const end = buf.indexOf('endhdr\n', 0, 'latin1');
  if (buf.toString('latin1', 0, 3) !== 's3\n' || end < 0) throw new Error(`${what}: not an s3 file`);
  const r = new Reader(buf);
  r.seek(end + 7);
  const magic = buf.readUInt32LE(r.offset);
  if (magic !== 0x11223344) {
    if (buf.readUInt32BE(r.offset) !== 0x11223344) throw new Error(`${what}: bad byte-order magic`);
    r.little = false;
  }
  r.seek(r.offset + 4);
  const nCodebooks = r.int32();
  const nStreams = r.int32();
  const nDensity = r.int32();
  const streamLengths = Array.from({ length: nStreams }, () => r.int32());
  const n = r.int32();
  const perDensity = streamLengths.reduce((a, b) => a + b, 0);
  if (n !== nCodebooks * nDensity * perDensity)
    throw new Error(`${what}: ${n} values, header says otherwise`);
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) values[i] = r.float32At(r.offset + 4 * i);
  return { nCodebooks, nStreams, nDensity, streamLengths, values };
}

/** Quantised mixture weights as stored: −log(w) in units of 2¹⁰ × ln(1.0001) (0 … 159). */
export interface QuantisedWeights {
  nStreams: number;
  nDensity: number;
  nSenones: number;
  /** `q(f, g, s)`: the stored value for stream f, codeword g, senone s. */
  q(f: number, g: number, s: number): number;
}

export function readSendump(buf: Buffer): QuantisedWeights {
  let little = true;
  let pos = 0;
  const int32 = () => {
    const v = little ? buf.readInt32LE(pos) : buf.readInt32BE(pos);
    pos += 4;
    return v;
  };
  let n = int32();
  if (n < 1 || n > 999) {
    little = false;
    pos = 0;
    n = int32();
  }
  const header: Record<string, number> = {};
  for (; n !== 0; n = int32()) {
    const line = buf.toString('latin1', pos, pos + n - 1);
    pos += n;
    const m = /^(\w+) (\d+)$/.exec(line);
    if (m) header[m[1]] = Number(m[2]);
  }
  const nClusters = header.cluster_count ?? 0;
  const bits = header.cluster_bits ?? 8;
  let nDensity = header.mixture_count ?? 0;
  let nSenones = header.model_count ?? 0;
  const nStreams = header.feature_count ?? 1;
  if (nClusters === 0) {
    nDensity = int32();
    nSenones = int32();
  }
  let table: Uint8Array | null = null;
  if (nClusters) {
    const size = nClusters === 15 ? 16 : nClusters;
    table = buf.subarray(pos, pos + size);
    pos += size;
  }
  const step = bits === 4 ? (nSenones + 1) >> 1 : nSenones;
  const data = buf.subarray(pos, pos + nStreams * nDensity * step);
  if (data.length !== nStreams * nDensity * step) throw new Error('sendump: truncated');
  const q = table
    ? (f: number, g: number, s: number) => {
        const byte = data[(f * nDensity + g) * step + (bits === 4 ? s >> 1 : s)];
        return table[bits === 4 ? (s & 1 ? byte >> 4 : byte & 15) : byte];
      }
    : (f: number, g: number, s: number) => data[(f * nDensity + g) * step + s];
  return { nStreams, nDensity, nSenones, q };
}
