import type { Recogniser } from '../types.js';
import { OpenAiRecogniser } from './openai.js';
import { PocketSphinxRecogniser } from './pocketsphinx.js';
import { SherpaOnnxRecogniser } from './sherpa.js';

export { isFilledPause } from './fillers.js';
export { type TranscribeLongOptions, transcribeLong } from './long.js';
export { OpenAiRecogniser, type OpenAiRecogniserOptions, wordsFromVerboseJson } from './openai.js';
export { type PocketSphinxOptions, PocketSphinxRecogniser } from './pocketsphinx.js';
export { type AudioSegment, splitAtSilences } from './segment.js';
export { SherpaOnnxRecogniser, type SherpaRecogniserOptions } from './sherpa.js';
export { detectSherpaModel, type SherpaModel, SherpaModelError } from './sherpa-model.js';
export { NO_PROBABILITY_CONFIDENCE } from './sherpa-words.js';
export { meanConfidence } from './transcript.js';
export { normaliseForWer, wordErrorRate } from './wer.js';

/**
 * The recogniser the environment asks for: an OpenAI-compatible server when `ASR_BASE_URL` is set
 * (with `ASR_API_KEY` and `ASR_MODEL`, default "whisper-1"), else a local sherpa-onnx model when
 * `ASR_MODEL_DIR` names its folder (throws SherpaModelError if the folder holds none), else local
 * PocketSphinx.
 */
export function createRecogniser(env: Record<string, string | undefined> = process.env): Recogniser {
  const baseUrl = env.ASR_BASE_URL?.trim();
  if (baseUrl) {
    return new OpenAiRecogniser({
      baseUrl,
      apiKey: env.ASR_API_KEY || undefined,
      model: env.ASR_MODEL || undefined,
    });
  }
  const modelDir = env.ASR_MODEL_DIR?.trim();
  if (modelDir) return new SherpaOnnxRecogniser({ modelDir });
  return new PocketSphinxRecogniser();
}
