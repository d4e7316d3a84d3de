import { NOT_THE_TEXT } from '@agaton/contracts';
import { type VoicedSegment, voicedSeconds } from '../audio/vad.ts';
import { answerFactor, explainAnswer } from '../content/analyse.ts';
import type { TimedWord } from '../fluency/events.ts';
import { analyseFluency } from '../fluency/fluency.ts';
import type { ContentAnalysis, SpeechAnalysis, SpeechTask, WordResult } from '../types.ts';
import { explainCompleteness, explainOverall, explainProsody } from './explain.ts';
import { buildIntelligibilityProfile } from './intelligibility.ts';
import { buildPronunciationProfile, scorableWords } from './pronunciation.ts';

/** Utterance scores 0–100 from the scorer; the missing ones are derived here. */
export interface UtteranceScores {
  pronunciation: number;
  fluency?: number;
  prosody?: number;
  completeness?: number;
  total?: number;
}

export interface AssembleInput {
  task: SpeechTask;
  durationSec: number;
  voiced: VoicedSegment[];
  /** Scored words (reading: the reference words, omitted ones included). */
  words: WordResult[];
  /** Words with timings for the fluency analysis (free speech: the recogniser's, fillers included). */
  timedWords: TimedWord[];
  scores: UtteranceScores;
  /** Shown to users (recognised speech: profanities masked). */
  transcript: string;
  /** Recognised speech: the recogniser's own text, for analysis only. */
  rawTranscript?: string;
  referenceText?: string;
  topic?: string;
  content?: ContentAnalysis;
  /** Reading: false when the recording is not a reading of the text (see `AlignmentScores`). */
  matchesText?: boolean;
  /** Recognised speech scored by the delivery scales: the seconds of speech they heard. */
  deliverySec?: number;
}

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

/** Build the one result from the scored words, the timings and the utterance scores. */
export function assembleAnalysis(input: AssembleInput): SpeechAnalysis {
  const { task, words, scores } = input;
  const fluency = analyseFluency({
    words: input.timedWords,
    voiced: input.voiced,
    referenceText: task === 'reading' ? input.referenceText : undefined,
    score: scores.fluency === undefined ? undefined : clamp100(scores.fluency),
  });
  const recognised = task !== 'reading';
  const notTheText = task === 'reading' && input.matchesText === false;
  const profile = buildPronunciationProfile(
    words,
    clamp100(scores.pronunciation),
    recognised,
    input.deliverySec,
  );
  const pronunciation = notTheText ? { ...profile, explanation: NOT_THE_TEXT } : profile;
  const scoredWords = scorableWords(words).length;
  const coverage = recognised
    ? {
        scoredWords,
        words: words.length,
        scoredShare: words.length ? Math.round((1000 * scoredWords) / words.length) / 1000 : 0,
      }
    : undefined;
  // Free speech: an empty, very short or off-topic answer keeps only part of its score (content rules).
  const answer = input.content?.answer;
  const answerShare = answer ? answerFactor(answer) : 1;
  const read = words.filter((w) => w.status !== 'omitted' && w.status !== 'inserted').length;
  const reference = words.filter((w) => w.status !== 'inserted').length;
  const completeness = clamp100(
    scores.completeness ?? (task === 'reading' ? (reference ? (100 * read) / reference : 0) : 100),
  );
  const prosodyScore = clamp100(scores.prosody ?? 0.5 * pronunciation.score + 0.5 * fluency.score);
  const overall = {
    pronunciation: pronunciation.score,
    fluency: fluency.score,
    prosody: prosodyScore,
    completeness,
    total: clamp100(
      (scores.total ??
        (0.5 * pronunciation.score + 0.3 * fluency.score + 0.2 * prosodyScore) *
          (task === 'reading' ? completeness / 100 : 1)) * answerShare,
    ),
  };
  const answerLine = answer ? explainAnswer(answer) : '';
  const coverageLine =
    coverage && coverage.words > 0 && coverage.scoredShare < 1
      ? input.deliverySec === undefined
        ? ` We could score ${coverage.scoredWords} of ${coverage.words} words; the recogniser was not sure of the others.`
        : ` The recogniser was not sure of ${coverage.words - coverage.scoredWords} of ${coverage.words} words, so its transcript is approximate; the scores are judged from the speech itself.`
      : '';
  const explanation = notTheText
    ? NOT_THE_TEXT
    : words.length === 0
      ? 'Overall 0: no words could be recognised in the recording.'
      : answerLine
        ? `Overall ${overall.total}: ${answerLine}${coverageLine}`
        : task === 'reading' && completeness < 50
          ? `Overall ${overall.total}: ${explainCompleteness(words, completeness)}`
          : `${explainOverall(overall, task)}${coverageLine}`;

  return {
    task,
    durationSec: Math.round(input.durationSec * 1000) / 1000,
    speakingTimePercentage: clamp100((100 * voicedSeconds(input.voiced)) / Math.max(input.durationSec, 1e-3)),
    ...(input.referenceText === undefined ? {} : { referenceText: input.referenceText }),
    ...(input.topic === undefined ? {} : { topic: input.topic }),
    transcript: input.transcript,
    ...(input.rawTranscript === undefined ? {} : { rawTranscript: input.rawTranscript }),
    ...(coverage ? { coverage } : {}),
    ...(task === 'reading' ? { readingCheck: { matchesText: !notTheText } } : {}),
    words,
    overall: { ...overall, explanation },
    pronunciation,
    fluency,
    intelligibility: buildIntelligibilityProfile({
      task,
      words,
      text: input.referenceText ?? input.transcript,
      delivery:
        input.deliverySec === undefined
          ? undefined
          : { pronunciation: pronunciation.score, speechSec: input.deliverySec },
    }),
    prosody: { score: prosodyScore, explanation: explainProsody(prosodyScore, fluency) },
    ...(input.content ? { content: input.content } : {}),
  };
}
