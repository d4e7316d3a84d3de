import { TEST_LEVELS, type TestContent, type TestLevel, type TestPart } from '@agaton/contracts';
import type { SpeechAnswer } from './activity-answers.ts';
import type { DrawnTest } from './test-draw.ts';
import type { ActivityRow } from './test-engine.ts';

/**
 * Test content and rows for the English test's tests. Item ids say where they belong: r-LOW-0 is
 * the first reading sentence of LOW, l- listening, c- reading comprehension, f- free speech.
 */
export function makeContent(
  options: {
    ask?: number;
    pool?: number;
    position?: string;
    sentences?: Partial<Record<TestLevel, string[]>>;
  } = {},
): TestContent {
  const ask = options.ask ?? 2;
  const pool = options.pool ?? ask;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const level = (l: TestLevel) => {
    const sentences = options.sentences?.[l] ?? range(pool).map((i) => `Sentence ${i} of level ${l}.`);
    return {
      reading: {
        ask: Math.min(ask, sentences.length),
        sentences: sentences.map((text, i) => ({ id: `r-${l}-${i}`, text })),
      },
      listening: {
        ask,
        questions: range(pool).map((i) => ({
          id: `l-${l}-${i}`,
          text: `What did the speaker say (${l} ${i})?`,
          options: ['Yes', 'No', 'Maybe'],
          answerIndex: 1,
          audioText: `The answer to question ${i} is no.`,
        })),
      },
      readingComprehension: {
        ask,
        questions: range(pool).map((i) => ({
          id: `c-${l}-${i}`,
          text: `Which colour is the car (${l} ${i})?`,
          options: ['Red', 'Blue', 'Green'],
          answerIndex: 2,
          readingText: `The car in story ${i} is green.`,
        })),
      },
      freeSpeech: { topics: [{ id: `f-${l}`, text: `Talk about your work (${l}).` }] },
    };
  };
  return {
    timeLimitsSeconds: { Reading: 600, Listening: 600, ReadingComprehension: 600, FreeSpeech: 300 },
    positions: [
      {
        position: options.position ?? 'Sales representative',
        levels: { LOW: level('LOW'), MEDIUM: level('MEDIUM'), ADVANCED: level('ADVANCED') },
      },
    ],
  };
}

/** A drawn test straight from makeContent's first position, items in pool order. */
export function makeTest(options: { ask?: number; listening?: boolean } = {}): DrawnTest {
  const content = makeContent({ ask: options.ask });
  const position = content.positions[0];
  const levels = {} as DrawnTest['levels'];
  for (const l of TEST_LEVELS) {
    const c = position.levels[l];
    levels[l] = {
      reading: c.reading.sentences,
      listening: options.listening === false ? [] : c.listening.questions,
      readingComprehension: c.readingComprehension.questions,
      freeSpeech: c.freeSpeech.topics[0],
    };
  }
  return { position: position.position, timeLimitsSeconds: content.timeLimitsSeconds, levels };
}

export const T0 = new Date('2026-12-01T10:00:00Z');
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** Builds activity rows in order, a second apart unless told. */
export function rowsBuilder() {
  const rows: ActivityRow[] = [];
  let clock = 0;
  const add = (row: Omit<ActivityRow, 'createdAt'>, atSec?: number) => {
    clock = atSec ?? clock + 1;
    rows.push({ ...row, createdAt: at(clock) });
  };
  return {
    rows,
    start(part: TestPart, atSec?: number) {
      add({ type: 'start-part', part, level: null, itemId: null, score: null }, atSec);
    },
    timeout(part: TestPart, atSec?: number) {
      add({ type: 'timeout', part, level: null, itemId: null, score: null }, atSec);
    },
    answer(part: TestPart, itemId: string, score: number, answer?: Record<string, unknown>) {
      const type =
        part === 'Reading'
          ? 'read-phrase'
          : part === 'FreeSpeech'
            ? 'answer-free-speech'
            : 'answer-comprehension-question';
      const level = itemId.split('-')[1] as TestLevel;
      add({ type, part, level, itemId, score, answer: answer ?? null });
    },
  };
}

/** A stored speech answer with words at the given scores (one phoneme per word, named by the word). */
export function speechAnswer(options: {
  kind?: SpeechAnswer['kind'];
  overall: number;
  words: [string, number][];
  pronunciation?: number;
  fluency?: number;
  confidence?: number;
  speechRate?: number | null;
  pauses?: number;
  extra?: Partial<SpeechAnswer>;
}): SpeechAnswer {
  return {
    kind: options.kind ?? 'reading',
    overall: options.overall,
    pronunciation: options.pronunciation ?? options.overall,
    fluency: options.fluency ?? options.overall,
    fluencyStats: { num_pauses: options.pauses ?? 1, num_silences: 0, num_hesitations: 2 },
    transcriptConfidence: options.confidence ?? 0.9,
    scoredWords: options.words.length,
    speechRate: options.speechRate ?? null,
    words: options.words.map(([word, score], i) => ({
      word,
      word_normalised: word.toLowerCase(),
      score,
      status: 'ok' as const,
      start: i * 0.5,
      end: i * 0.5 + 0.4,
      phonemes: [{ ipa: `/${word.toLowerCase()}/`, score }],
    })),
    ...options.extra,
  };
}
