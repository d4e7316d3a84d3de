/**
 * Core types of the speech engine. Every module of the package codes against these; the adapters in
 * `adapters/` turn a {@link SpeechAnalysis} into the shapes the product's screens and APIs use.
 */

/** Decoded audio: 16 kHz mono samples in [-1, 1]. */
export interface Pcm16k {
  samples: Float32Array;
  /** Always 16000. */
  sampleRate: 16000;
  durationSec: number;
}

/** Why an input was refused. The API maps each code to an HTTP status and the spec's text. */
export type SpeechInputErrorCode =
  | 'EMPTY' // zero bytes or no samples
  | 'CORRUPT' // the container or codec could not be decoded
  | 'UNSUPPORTED' // a format we do not decode
  | 'SILENT' // decoded, but no speech energy
  | 'TOO_SHORT' // shorter than the task's minimum
  | 'TOO_LONG'; // longer than the task's maximum

export class SpeechInputError extends Error {
  constructor(
    readonly code: SpeechInputErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SpeechInputError';
  }
}

export type SpeechTask = 'reading' | 'free-speech' | 'meeting';

/** HIGH above 80, MEDIUM above 60, else LOW (see `scoring/performance.ts`). */
export type Performance = 'HIGH' | 'MEDIUM' | 'LOW';

/** A score on 0–100 with the one-line reason that drove it. */
export interface Score {
  score: number;
  explanation: string;
}

export interface PhoneResult {
  /** ARPAbet without stress digits, upper case (e.g. "AE"). */
  phone: string;
  ipa: string;
  /** Learner-friendly respelling (e.g. "a" as in "cat"). */
  respelled: string;
  start: number;
  end: number;
  /** 0–100. */
  score: number;
  performance: Performance;
  /** Raw goodness of pronunciation (mean log-likelihood ratio per frame); kept for calibration. */
  gop?: number;
}

export interface WordResult {
  /** The word as written in the reference text or transcript. */
  word: string;
  /** Lower case, punctuation removed. */
  normalised: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** Recognition confidence 0–1 (1 for words aligned to a known text). */
  confidence: number;
  /** 0–100. */
  score: number;
  performance: Performance;
  phones: PhoneResult[];
  explanation: string;
  /** For reading: omitted = in the text but not said; inserted/repeated = said but not in the text. */
  status: 'ok' | 'omitted' | 'inserted' | 'repeated';
  /**
   * Recognised speech: the recogniser was not sure of this word (confidence below
   * `UNCERTAIN_BELOW`). It is not scored (its score is the confidence, LOW) and is left out of
   * pronunciation, mastered and challenging words and word feedback.
   */
  uncertain?: boolean;
  /** `word` and `normalised` are masked ("f***"): the recogniser produced a profanity or slur. */
  masked?: boolean;
}

export interface PauseEvent {
  start: number;
  end: number;
  kind: 'pause' | 'silence' | 'filled-pause' | 'repetition';
  /** The filler or repeated word for hesitations. */
  text?: string;
}

export interface PronunciationProfile extends Score {
  goodExamples: string[];
  badExamples: string[];
  challengingWords: WordResult[];
  masteredWords: WordResult[];
  mostChallengingPhoneme?: {
    phone: string;
    ipa: string;
    respelled: string;
    count: number;
    description: string;
  };
  mostImpactfulPhoneme?: { phone: string; ipa: string; respelled: string; description: string };
  challengingPhonemes: {
    phone: string;
    ipa: string;
    respelled: string;
    performance: Performance;
    score: number;
  }[];
}

export interface FluencyProfile extends Score {
  pauses: PauseEvent[];
  counts: {
    pauses: number;
    silences: number;
    hesitations: number;
    filledPauses: number;
    repetitions: number;
    /** Pauses and silences of 0.7 s or more. */
    longPauses: number;
  };
  /** Hesitations and pauses per sentence, rounded to one decimal. */
  hesitationsAndPausesPerSentence: number;
  /** Sentences and how many hold a pause, a hesitation or a silence (the insights' "share of sentences affected"). */
  sentences?: { count: number; withPauses: number; withHesitations: number; withSilences: number };
  speakingRate: {
    /** Null below 10 words (spec). */
    wordsPerMinute: number | null;
    articulationRate: number | null;
    explanation: string;
    comparedToAverage: 'slower' | 'average' | 'faster' | 'unknown';
    fastWords: string[];
    slowWords: string[];
  };
}

export interface IntelligibilityProfile extends Score {
  transcriptConfidence: { value: number; humanizedValue: 'High' | 'Medium' | 'Low' };
  causeOfLowScore: {
    wordStats: { word: string; averageScore: number }[];
    abbreviationStats: { abbreviation: string }[];
  };
}

export type CefrLevel = 'A1' | 'A2' | 'B1' | 'B2' | 'C1' | 'C2';

export interface ContentAnalysis {
  /** ROUGE-1 F-measure of the transcript against the topic, 0–1. Null without a topic. */
  rouge1: number | null;
  cefr: {
    /** Null when fewer than MIN_CLEAR_WORDS words were clearly recognised (so for grammar). */
    vocabulary: CefrLevel | null;
    grammar: CefrLevel | null;
    /** Words the recogniser was sure of: what the levels and the topic are judged from. */
    clearWords: number;
    /** Share of content words per CEFR level. */
    vocabularyDistribution: Record<CefrLevel, number>;
    grammarItems: { item: string; level: CefrLevel }[];
  };
  wordCount: number;
  narrative: string;
  score: Score;
  /**
   * What held the answer back as a whole: nothing recognised (`empty`), too little speech
   * (`tooShort`) or none of the topic's key words among the words the recogniser was sure of
   * (`offTopic`, null without a topic). Each lowers the content score and the overall score.
   */
  answer?: {
    /** Seconds from the first to the last recognised word (a plain text: words ÷ 2). */
    speechSec: number;
    empty: boolean;
    tooShort: boolean;
    offTopic: boolean | null;
    /** The topic's key words (lemmas) among the clearly recognised words (posterior ≥ 0.5). */
    topicWordsHeard?: string[];
  };
}

export interface OverallScores {
  /** All 0–100. */
  pronunciation: number;
  fluency: number;
  prosody: number;
  /** Share of reference words read (reading); 100 for free speech. */
  completeness: number;
  total: number;
}

/** The one result of analysing a recording. Same input → same output. */
export interface SpeechAnalysis {
  task: SpeechTask;
  durationSec: number;
  /** Voiced time of the recording ÷ its duration, 0–100 (meetings: "You spoke N% of the session"). */
  speakingTimePercentage: number;
  referenceText?: string;
  topic?: string;
  /** What is shown to users: recognised profanities and slurs are masked ("f***"). */
  transcript: string;
  /** Recognised speech: the recogniser's text unmasked, for analysis only (never displayed). */
  rawTranscript?: string;
  /**
   * Recognised speech: how many of the recognised words the recogniser was sure of, and so could be
   * scored (`scoredShare` = scoredWords ÷ words, 0–1; 0 when nothing was recognised).
   */
  coverage?: { scoredWords: number; words: number; scoredShare: number };
  /**
   * Reading: whether the recording is a reading of the text at all. False for another sentence,
   * another language or noise: every word is then omitted, every score 0, and the explanations say
   * NOT_THE_TEXT (`@agaton/contracts`) instead of naming sounds or words to practise.
   */
  readingCheck?: { matchesText: boolean };
  words: WordResult[];
  overall: OverallScores & { explanation: string };
  pronunciation: PronunciationProfile;
  fluency: FluencyProfile;
  intelligibility: IntelligibilityProfile;
  prosody: Score;
  /** Free speech only. */
  content?: ContentAnalysis;
}

/** Output of open-vocabulary recognition. */
export interface RecognisedWord {
  text: string;
  start: number;
  end: number;
  /** Posterior probability 0–1. */
  confidence: number;
  /** A filled pause ("uh", "um", "er", …): kept in the transcript so fluency can count hesitations. */
  filler?: boolean;
}

export interface Transcript {
  words: RecognisedWord[];
  text: string;
  engine: string;
}

/** A speech recogniser (PocketSphinx by default; an OpenAI-compatible endpoint when configured). */
export interface Recogniser {
  transcribe(audio: Pcm16k): Promise<Transcript>;
}

/** Forced alignment of a known text plus per-phone goodness of pronunciation. */
export interface AlignedPhone {
  phone: string;
  start: number;
  end: number;
  /** Mean per-frame log-likelihood ratio, forced alignment vs free phone loop (≤ 0 is typical). */
  gop: number;
  /** Any further per-phone features the calibrated model uses. */
  features: Record<string, number>;
}

export interface AlignedWord {
  /** Lower-case dictionary form. */
  word: string;
  /** The word as written in the reference text (added by the scoring core). */
  text?: string;
  /**
   * False when a second decoding, in which every word was optional, left this word out: a sign it
   * was skipped (added by the scoring core).
   */
  heard?: boolean;
  start: number;
  end: number;
  phones: AlignedPhone[];
}

export interface Alignment {
  words: AlignedWord[];
  /** Silences between words as the aligner placed them. */
  silences: { start: number; end: number }[];
  /** False when the text could not be aligned to the audio at all ("the text was not read"). */
  ok: boolean;
  /** Acoustic model that produced it (calibration is per model; added by the scoring core). */
  model?: string;
  /** Length of the aligned audio in seconds (added by the scoring core). */
  durationSec?: number;
  /**
   * Speech the free phone loop heard where the forced alignment placed silence: candidates for
   * inserted or repeated words (added by the scoring core).
   */
  insertions?: { start: number; end: number; phones: string[] }[];
}
