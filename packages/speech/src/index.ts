/**
 * @agaton/speech: pronunciation, fluency and intelligibility analysis of recorded speech, offline.
 * Start with {@link createEngine}; turn its result into the product's shapes with the adapters.
 */
export { toBenchmarkLine } from './adapters/benchmark.ts';
export {
  toDemoAssessment,
  toDemoReadingResponse,
  toFreeSpeechResponse,
  toWordScore,
} from './adapters/demo.ts';
export { toSessionAnalysis, toSessionSpeech, toSpeakingResults } from './adapters/session.ts';
export {
  type AnalysisProgress,
  type AnalyzeInput,
  type ContentAnalyser,
  createEngine,
  type EngineOptions,
  type EngineStage,
  type SpeechEngine,
} from './analyze.ts';
export type { DecodeOptions } from './audio/capped-decode.ts';
export { audioChannels } from './audio/channels.ts';
export {
  checkSpeech,
  type DurationLimits,
  decodeAudio,
  decodeAudioWithVoice,
  TASK_LIMITS,
  toPcm16k,
} from './audio/decode.ts';
export { resample } from './audio/resample.ts';
export { type AudioFormat, sniffFormat } from './audio/sniff.ts';
export { detectVoice, type VoicedSegment, voicedSeconds } from './audio/vad.ts';
export { wav16kMono } from './audio/wav.ts';
export { isProfane, maskProfanity, maskWord } from './content/profanity.ts';
export type { TimedWord } from './fluency/events.ts';
export { AVERAGE_WPM, analyseFluency, type FluencyInput, MIN_WORDS_FOR_RATE } from './fluency/fluency.ts';
export { buildIntelligibilityProfile, humanizeConfidence } from './profiles/intelligibility.ts';
export { PHONEMES, type PhonemeInfo, phonemeInfo, respell } from './profiles/phonemes.ts';
export {
  buildPronunciationProfile,
  CHALLENGING_AT_OR_BELOW,
  performanceOf,
} from './profiles/pronunciation.ts';
export { UNCERTAIN_BELOW } from './profiles/uncertain.ts';
export { type AlignmentScorer, type AlignmentScores, gopScorer } from './profiles/words.ts';
export * from './types.ts';
