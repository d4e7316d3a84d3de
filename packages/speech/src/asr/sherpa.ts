import { createRequire } from 'node:module';
import { detectVoice } from '../audio/vad.js';
import type { Pcm16k, Recogniser, Transcript } from '../types.js';
import { transcribeLong } from './long.js';
import { detectSherpaModel, type SherpaModel } from './sherpa-model.js';
import { type SherpaResult, wordsFromSherpaResult } from './sherpa-words.js';
import { toTranscript } from './transcript.js';

export interface SherpaRecogniserOptions {
  /** Folder holding one sherpa-onnx model (ASR_MODEL_DIR). */
  modelDir: string;
  /** ONNX Runtime threads per decode. Default 1: the API already runs one engine per core. */
  numThreads?: number;
}

/** The part of sherpa-onnx-node's OfflineRecognizer we use (the package ships no types). */
interface NativeStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}
interface NativeRecognizer {
  createStream(): NativeStream;
  decodeAsync(stream: NativeStream): Promise<SherpaResult>;
}
interface SherpaModule {
  OfflineRecognizer: { createAsync(config: unknown): Promise<NativeRecognizer> };
}

/** Clips longer than this are cut at silences first (Whisper and Moonshine are trained on ≤ 30 s). */
const MAX_CLIP_SEC = 28;
/** Shorter clips are not decoded (the encoders' convolutions need a few frames). */
const MIN_CLIP_SEC = 0.1;

/** sherpa-onnx-node's config key of each single-file CTC model family. */
const CTC_CONFIG_KEY = {
  'zipformer-ctc': 'zipformerCtc',
  'nemo-ctc': 'nemoCtc',
  'wenet-ctc': 'wenetCtc',
  tdnn: 'tdnn',
} as const;

/** sherpa-onnx-node's config for one model folder. */
export function sherpaConfig(model: SherpaModel, numThreads = 1): Record<string, unknown> {
  const f = model.files;
  const modelConfig: Record<string, unknown> = {
    tokens: model.tokens,
    numThreads,
    provider: 'cpu',
    debug: 0,
  };
  switch (model.type) {
    case 'transducer':
      modelConfig.transducer = { encoder: f.encoder, decoder: f.decoder, joiner: f.joiner };
      break;
    case 'moonshine':
      modelConfig.moonshine = {
        preprocessor: f.preprocessor,
        encoder: f.moonshineEncoder,
        uncachedDecoder: f.uncachedDecoder,
        cachedDecoder: f.cachedDecoder,
      };
      break;
    case 'whisper':
      modelConfig.whisper = { encoder: f.encoder, decoder: f.decoder, language: 'en', task: 'transcribe' };
      break;
    default:
      // The single-file CTC families differ only in the config key.
      modelConfig[CTC_CONFIG_KEY[model.type]] = { model: f.model };
  }
  return {
    featConfig: { sampleRate: 16000, featureDim: 80 },
    modelConfig,
    decodingMethod: 'greedy_search',
  };
}

/**
 * Local recogniser on sherpa-onnx (ONNX Runtime, prebuilt binaries from npm): Moonshine, Whisper,
 * zipformer transducers and CTC models exported for sherpa-onnx, read from one folder
 * (`ASR_MODEL_DIR`). The folder is checked when the recogniser is built (a bad folder throws
 * {@link SherpaModelError} at once); the model itself loads on the first clip and stays loaded.
 * Nothing is downloaded: `npm run models:download` fetches a model beforehand.
 */
export class SherpaOnnxRecogniser implements Recogniser {
  readonly engine: string;
  readonly model: SherpaModel;
  private native?: Promise<NativeRecognizer>;

  constructor(private readonly options: SherpaRecogniserOptions) {
    this.model = detectSherpaModel(options.modelDir);
    this.engine = `sherpa-onnx:${this.model.type}:${this.model.name}`;
  }

  /** Loads the model now rather than on the first clip (a server warming its workers). */
  load(): Promise<NativeRecognizer> {
    this.native ??= (async () => {
      // Loaded lazily so that the default PocketSphinx path never needs the native addon.
      const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
      return sherpa.OfflineRecognizer.createAsync(sherpaConfig(this.model, this.options.numThreads ?? 1));
    })();
    this.native.catch(() => {
      this.native = undefined;
    });
    return this.native;
  }

  async transcribe(audio: Pcm16k): Promise<Transcript> {
    if (audio.durationSec > MAX_CLIP_SEC) {
      // One segment at a time: each decode already uses the threads it was given.
      return transcribeLong(audio, {
        recogniser: { transcribe: (clip) => this.decode(clip) },
        concurrency: 1,
      });
    }
    return this.decode(audio);
  }

  private async decode(audio: Pcm16k): Promise<Transcript> {
    if (audio.durationSec < MIN_CLIP_SEC) return toTranscript([], this.engine);
    const native = await this.load();
    const stream = native.createStream();
    stream.acceptWaveform({ samples: audio.samples, sampleRate: 16000 });
    const result = await native.decodeAsync(stream);
    const words = wordsFromSherpaResult(result, detectVoice(audio), audio.durationSec);
    return toTranscript(words, this.engine);
  }
}
