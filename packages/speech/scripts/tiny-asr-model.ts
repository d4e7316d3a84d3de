/**
 * A tiny CTC recogniser in the layout of a sherpa-onnx zipformer-CTC export, built by hand so the
 * tests can run the real sherpa-onnx runtime end to end on a model of a few KB. It "hears" pure
 * tones: a loud tone near 3 kHz is the word piece `▁yes`, near 300 Hz `▁no`, near 1 kHz the suffix
 * `t` (so 300 Hz then 1 kHz reads "not"); anything else, silence included, is blank.
 *
 * Graph (opset 13), with sherpa-onnx's zipformer-CTC interface (inputs `x` [N, T, 80] log-mel
 * features and `x_lens` [N]; outputs `log_probs` [N, T', V] and `log_probs_len` [N]; the vocabulary
 * size is read from the output's last dimension, the subsampling factor is fixed at 4):
 *
 *   sub = x[:, ::4, :]                          (Slice, step 4: the 4× subsampling sherpa assumes)
 *   log_probs = LogSoftmax(sub · W + b)         (a linear classifier on the 80 mel bins)
 *   log_probs_len = (x_lens + 3) / 4
 *
 * Column t of W averages the mel bins around token t's tone minus the mean of all 80 bins, so its
 * logit is "how much louder this band is than the spectrum as a whole" (≈ 0 for silence or noise,
 * ≈ +15 for a loud tone in the band, below 0 for a tone elsewhere); the blank's logit is a constant
 * BLANK_LOGIT. The mel bins are those of sherpa-onnx's default fbank (80 bins, 20–7600 Hz).
 */
import { type Dim, encodeModel, FLOAT, INT64, type ModelSpec } from './onnx-writer.ts';

export const FEATURE_DIM = 80;
/** Logit of the blank: a tone must stand this many nats above the mean log-mel energy to win. */
export const BLANK_LOGIT = 7;

/** Vocabulary in id order; sherpa's CTC decoder finds the blank by the name `<blk>`. */
export const TOKENS = ['<blk>', '▁no', '▁yes', 't'] as const;

/** The tone each non-blank token listens for, in Hz. */
export const TONES_HZ: Record<string, number> = { '▁no': 300, '▁yes': 3000, t: 1000 };

const LOW_HZ = 20;
const HIGH_HZ = 7600; // sherpa-onnx's default high_freq of -400 at 16 kHz
const mel = (hz: number) => 1127 * Math.log(1 + hz / 700);

/** Mel bins whose triangle a tone at `hz` falls in (centre within 1.5 bin spacings). */
export function binsAround(hz: number): number[] {
  const lo = mel(LOW_HZ);
  const spacing = (mel(HIGH_HZ) - lo) / (FEATURE_DIM + 1);
  const bins: number[] = [];
  for (let i = 0; i < FEATURE_DIM; i++) {
    const centre = lo + (i + 1) * spacing;
    if (Math.abs(centre - mel(hz)) <= 1.5 * spacing) bins.push(i);
  }
  return bins;
}

/** The weight matrix W [80, V] (row-major) and bias b [V]. */
export function classifierWeights(): { weights: number[]; bias: number[] } {
  const V = TOKENS.length;
  const weights = new Array<number>(FEATURE_DIM * V).fill(0);
  const bias = new Array<number>(V).fill(0);
  bias[0] = BLANK_LOGIT;
  TOKENS.forEach((token, t) => {
    if (t === 0) return;
    const band = binsAround(TONES_HZ[token]);
    for (let i = 0; i < FEATURE_DIM; i++) {
      weights[i * V + t] = (band.includes(i) ? 1 / band.length : 0) - 1 / FEATURE_DIM;
    }
  });
  return { weights, bias };
}

/**
 * The strided slice, the linear classifier (output `logitsName`) and the output lengths
 * (`lensName`) shared by the CTC model and the transducer's encoder.
 */
export function toneClassifier(
  logitsName: string,
  lensName: string,
): Pick<ModelSpec, 'initialisers' | 'nodes'> {
  const V = TOKENS.length;
  const { weights, bias } = classifierWeights();
  return {
    initialisers: [
      { name: 'W', dataType: FLOAT, dims: [FEATURE_DIM, V], values: weights },
      { name: 'b', dataType: FLOAT, dims: [V], values: bias },
      { name: 'starts', dataType: INT64, dims: [1], values: [0n] },
      { name: 'ends', dataType: INT64, dims: [1], values: [9223372036854775807n] },
      { name: 'axes', dataType: INT64, dims: [1], values: [1n] },
      { name: 'steps', dataType: INT64, dims: [1], values: [4n] },
      { name: 'three', dataType: INT64, dims: [], values: [3n] },
      { name: 'four', dataType: INT64, dims: [], values: [4n] },
    ],
    nodes: [
      { op: 'Slice', inputs: ['x', 'starts', 'ends', 'axes', 'steps'], outputs: ['sub'] },
      { op: 'MatMul', inputs: ['sub', 'W'], outputs: ['scores'] },
      { op: 'Add', inputs: ['scores', 'b'], outputs: [logitsName] },
      { op: 'Add', inputs: ['x_lens', 'three'], outputs: ['lens_plus'] },
      { op: 'Div', inputs: ['lens_plus', 'four'], outputs: [lensName] },
    ],
  };
}

const withNode = (graph: Pick<ModelSpec, 'initialisers' | 'nodes'>, node: ModelSpec['nodes'][number]) => ({
  initialisers: graph.initialisers,
  nodes: [...graph.nodes, node],
});

export function tinyModelSpec(): ModelSpec {
  const V = TOKENS.length;
  const batch: Dim = 'N';
  return {
    graphName: 'agaton_tiny_tone_ctc',
    producer: 'agaton build-tiny-asr-model.ts',
    opset: 13,
    inputs: [
      { name: 'x', elemType: FLOAT, shape: [batch, 'T', FEATURE_DIM] },
      { name: 'x_lens', elemType: INT64, shape: [batch] },
    ],
    outputs: [
      { name: 'log_probs', elemType: FLOAT, shape: [batch, 'T4', V] },
      { name: 'log_probs_len', elemType: INT64, shape: [batch] },
    ],
    ...withNode(toneClassifier('logits', 'log_probs_len'), {
      op: 'LogSoftmax',
      inputs: ['logits'],
      outputs: ['log_probs'],
      ints: { axis: -1 },
    }),
    metadata: { model_type: 'agaton-tiny-tone-ctc', vocab_size: String(V) },
  };
}

/** The model's bytes (deterministic: the same on every run). */
export function tinyModelBytes(): Buffer {
  return encodeModel(tinyModelSpec());
}

/** tokens.txt in sherpa-onnx's format: `symbol id` per line. */
export function tinyTokensTxt(): string {
  return TOKENS.map((t, i) => `${t} ${i}\n`).join('');
}
