import {
  type CefrLevelName,
  cefrBand,
  cefrFromNumber,
  cefrNumber,
  overallScore,
  type PartResult,
  type ResultsBlob,
  type ShownWord,
  type TestPart,
} from '@agaton/contracts';
import { parseSpeechAnswer, type SpeechAnswer } from './activity-answers.ts';
import { aggregateSpeaking } from './speaking-results.ts';
import type { DrawnTest } from './test-draw.ts';
import { type ActivityRow, computeState, type PartState } from './test-engine.ts';

/** The challenge's columns filled with the results (the candidate list and filters read them). */
export interface ChallengeResultColumns {
  resultCefr: CefrLevelName;
  /** The Reading part's overall score. */
  readingResultScore: number;
  readingComprehensionCefr: CefrLevelName;
  readingComprehensionResultScore: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const rounded = (x: number | undefined) => (x === undefined ? null : Math.round(x));

/** A part that was in the test (listening is left out when the server had no text-to-speech). */
const included = (p: PartState) => p.total > 0;

/**
 * One climbing part's result (spec 2 §3–4): level scores (null when not reached; unanswered items
 * of a reached level count 0), overall = mean of the completed levels × their share of the levels
 * (0 when none), and the part's CEFR by the demo-test banding of its level scores.
 */
export function partResult(p: PartState): PartResult {
  const numberOfLevels = included(p) ? p.levels.length : 0;
  const completed = p.completedLevels;
  const average = mean(completed.map((level) => p.levelScores[level] ?? 0));
  return {
    scoring: {
      overall: completed.length
        ? overallScore({ average, completedLevels: completed.length, totalLevels: numberOfLevels })
        : 0,
      beginner: rounded(p.levelScores.LOW),
      intermediate: rounded(p.levelScores.MEDIUM),
      advanced: rounded(p.levelScores.ADVANCED),
    },
    testMetaInfo: {
      numberOfCompletedLevels: completed.length,
      numberOfLevels,
      lastFinishLevel: completed.at(-1) ?? null,
      finishReason: p.finishReason,
    },
    cefr: cefrBand({
      low: p.levelScores.LOW,
      medium: p.levelScores.MEDIUM,
      advanced: p.levelScores.ADVANCED,
    }),
  };
}

/**
 * The test's CEFR rating (docs/decisions/015-english-test.md). Speaking = the Reading part's band.
 * The rating = speaking × ½ + listening × ¼ + reading comprehension × ¼ (a part left out of the test
 * gives its weight to the others), rounded half up, and kept within one level of speaking: this is a
 * speaking test, and a candidate who understands well but speaks poorly is not rated as a fluent
 * speaker. The free answer's grammar and vocabulary levels are reported, not counted: they are read
 * from the offline recogniser's transcript, which gets most of a learner's words wrong.
 */
export function combineCefr(options: {
  reading: CefrLevelName;
  listening: CefrLevelName | null;
  comprehension: CefrLevelName | null;
}): { speaking: CefrLevelName; rating: CefrLevelName } {
  const speaking = cefrNumber(options.reading);
  const parts: [number, number][] = [[speaking, 0.5]];
  if (options.listening) parts.push([cefrNumber(options.listening), 0.25]);
  if (options.comprehension) parts.push([cefrNumber(options.comprehension), 0.25]);
  const weight = parts.reduce((n, [, w]) => n + w, 0);
  const combined = parts.reduce((n, [level, w]) => n + level * w, 0) / weight;
  const rating = Math.min(speaking + 1, Math.max(speaking - 1, Math.floor(combined + 0.5)));
  return { speaking: cefrFromNumber(speaking), rating: cefrFromNumber(rating) };
}

/**
 * The free answer's words as the report shows them: what was heard (omitted words were not), the
 * ones the recogniser was unsure of marked — on a learner that is often most of them (issue 26).
 */
function shownWords(answer: SpeechAnswer): ShownWord[] {
  return answer.words
    .filter((w) => w.status !== 'omitted')
    .map((w) => (w.uncertain ? { word: w.word, uncertain: true } : { word: w.word }));
}

/**
 * The results of a finished test from its drawn test and activity rows (pure): the resultsBlob with
 * every field of resultsBlobSchema, and the challenge's result columns.
 */
export function computeResults(options: { test: DrawnTest; rows: ActivityRow[]; now: Date }): {
  resultsBlob: ResultsBlob;
  columns: ChallengeResultColumns;
} {
  const state = computeState(options.test, options.rows, options.now);
  const byPart = (part: TestPart) => state.parts.find((p) => p.part === part) as PartState;
  const reading = byPart('Reading');
  const listening = byPart('Listening');
  const comprehension = byPart('ReadingComprehension');
  const free = byPart('FreeSpeech');

  const answers = (part: TestPart) =>
    options.rows
      .filter((r) => r.part === part)
      .map((r) => parseSpeechAnswer(r.answer))
      .filter((a): a is SpeechAnswer => a !== null);
  const readings = answers('Reading');
  const freeAnswer = answers('FreeSpeech')[0] ?? null;
  const recordings = freeAnswer ? [...readings, freeAnswer] : readings;

  const readingTest = partResult(reading);
  const listeningTest = partResult(listening);
  const readingComprehensionTest = partResult(comprehension);
  const freeLevel = free.levels[0];
  const freeOverall = freeAnswer ? Math.round(freeAnswer.overall) : 0;

  const overalls: number[] = [readingTest.scoring.overall, freeOverall];
  if (included(listening)) overalls.push(listeningTest.scoring.overall);
  if (included(comprehension)) overalls.push(readingComprehensionTest.scoring.overall);
  const asked = state.parts.reduce((n, p) => n + p.total, 0);
  const answered = state.parts.reduce((n, p) => n + p.answered, 0);

  const cefr = combineCefr({
    reading: readingTest.cefr,
    listening: included(listening) ? listeningTest.cefr : null,
    comprehension: included(comprehension) ? readingComprehensionTest.cefr : null,
  });

  const resultsBlob: ResultsBlob = {
    ...aggregateSpeaking(recordings),
    testOverallScore: Math.round(mean(overalls)),
    testCompletionScore: asked ? Math.round((answered / asked) * 100) : 0,
    cefrRating: cefr.rating,
    missingSpeakingTest: recordings.length === 0,
    listeningTest,
    readingComprehensionTest,
    readingTest,
    freeSpeechTest: {
      topic: options.test.levels[freeLevel].freeSpeech.text,
      overallScore: freeOverall,
      transcript: freeAnswer?.transcript ?? null,
      words: freeAnswer ? shownWords(freeAnswer) : [],
      grammar: freeAnswer?.cefrEstimation?.grammar ?? null,
      vocabulary: freeAnswer?.cefrEstimation?.vocabulary ?? null,
      finishReason: free.finishReason,
    },
    cefrBySkill: {
      speaking: cefr.speaking,
      // Not measured without text-to-speech: the report reads numberOfLevels 0; the rating left it out.
      listening: included(listening) ? listeningTest.cefr : cefr.rating,
      reading: readingComprehensionTest.cefr,
    },
  };
  return {
    resultsBlob,
    columns: {
      resultCefr: cefr.rating,
      readingResultScore: readingTest.scoring.overall,
      readingComprehensionCefr: readingComprehensionTest.cefr,
      readingComprehensionResultScore: readingComprehensionTest.scoring.overall,
    },
  };
}
