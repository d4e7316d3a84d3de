/**
 * The tone-hearing model of tiny-asr-model.ts as a sherpa-onnx offline transducer (three graphs
 * named like icefall's exports, so the recogniser finds it by file name), for the one path the CTC
 * model cannot test: a decoder that reports token probabilities (greedy search fills `ys_log_probs`
 * for transducers in sherpa-onnx 1.13.8), which become word confidences.
 *
 * Interfaces, from sherpa-onnx's offline-transducer-model.cc and offline-recognizer-impl.cc:
 * - encoder: `x` [N, T, 80], `x_lens` [N] → `encoder_out` [N, T', C], `encoder_out_lens` [N], with
 *   4× subsampling and metadata `model_type` = `zipformer2` (what selects the transducer code);
 *   here the same strided slice and linear classifier as the CTC model, so C = V and encoder_out
 *   holds the token logits (blank fixed at BLANK_LOGIT);
 * - decoder: `y` [N, context_size] of the last token ids → `decoder_out` [N, C], metadata
 *   `vocab_size` and `context_size` (2); here a row of a V×V table picked by the last token: −30 on
 *   that token's own logit, so a token is emitted once per tone instead of once per frame;
 * - joiner: `encoder_out` [N, C] + `decoder_out` [N, C] → `logit` [N, V]; sherpa's greedy search
 *   takes the argmax and reports log_softmax of the logit as the token's log-probability.
 */
import { encodeModel, FLOAT, INT64, type ModelSpec } from './onnx-writer.ts';
import { FEATURE_DIM, TOKENS, toneClassifier } from './tiny-asr-model.ts';

const V = TOKENS.length;
const CONTEXT_SIZE = 2;

function encoder(): ModelSpec {
  return {
    graphName: 'agaton_tiny_tone_transducer_encoder',
    producer: 'agaton build-tiny-asr-model.ts',
    opset: 13,
    inputs: [
      { name: 'x', elemType: FLOAT, shape: ['N', 'T', FEATURE_DIM] },
      { name: 'x_lens', elemType: INT64, shape: ['N'] },
    ],
    outputs: [
      { name: 'encoder_out', elemType: FLOAT, shape: ['N', 'T4', V] },
      { name: 'encoder_out_lens', elemType: INT64, shape: ['N'] },
    ],
    ...toneClassifier('encoder_out', 'encoder_out_lens'),
    metadata: { model_type: 'zipformer2' },
  };
}

function decoder(): ModelSpec {
  const table: number[] = [];
  for (let last = 0; last < V; last++) {
    for (let t = 0; t < V; t++) table.push(last !== 0 && last === t ? -30 : 0);
  }
  return {
    graphName: 'agaton_tiny_tone_transducer_decoder',
    producer: 'agaton build-tiny-asr-model.ts',
    opset: 13,
    inputs: [{ name: 'y', elemType: INT64, shape: ['N', CONTEXT_SIZE] }],
    outputs: [{ name: 'decoder_out', elemType: FLOAT, shape: ['N', V] }],
    initialisers: [
      { name: 'table', dataType: FLOAT, dims: [V, V], values: table },
      { name: 'last_index', dataType: INT64, dims: [], values: [BigInt(CONTEXT_SIZE - 1)] },
    ],
    nodes: [
      { op: 'Gather', inputs: ['y', 'last_index'], outputs: ['last'], ints: { axis: 1 } },
      { op: 'Gather', inputs: ['table', 'last'], outputs: ['decoder_out'], ints: { axis: 0 } },
    ],
    metadata: { vocab_size: String(V), context_size: String(CONTEXT_SIZE) },
  };
}

function joiner(): ModelSpec {
  return {
    graphName: 'agaton_tiny_tone_transducer_joiner',
    producer: 'agaton build-tiny-asr-model.ts',
    opset: 13,
    inputs: [
      { name: 'encoder_out', elemType: FLOAT, shape: ['N', V] },
      { name: 'decoder_out', elemType: FLOAT, shape: ['N', V] },
    ],
    outputs: [{ name: 'logit', elemType: FLOAT, shape: ['N', V] }],
    initialisers: [],
    nodes: [{ op: 'Add', inputs: ['encoder_out', 'decoder_out'], outputs: ['logit'] }],
  };
}

/** File name → bytes of the three graphs (deterministic). */
export function tinyTransducerFiles(): Record<string, Buffer> {
  return {
    'encoder-tiny.onnx': encodeModel(encoder()),
    'decoder-tiny.onnx': encodeModel(decoder()),
    'joiner-tiny.onnx': encodeModel(joiner()),
  };
}
