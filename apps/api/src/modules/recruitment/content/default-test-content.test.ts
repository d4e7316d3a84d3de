import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type LevelContent, TEST_LEVELS, testContentSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEST_CONTENT,
  DEFAULT_TIME_LIMITS,
  POSITION_FILES,
  TEST_CONTENT_DIR,
} from './default-test-content.ts';

/** The positions and the id prefix each one's items use, in the order Send test offers them. */
const POSITIONS = [
  ['Sales representative', 'sales'],
  ['Customer support agent', 'sup'],
  ['General business', 'gen'],
] as const;
const LEVEL_TAGS = { LOW: 'low', MEDIUM: 'med', ADVANCED: 'adv' } as const;
/** Words per reading sentence, words per listening monologue, words per comprehension text. */
const READING_WORDS = { LOW: [6, 10], MEDIUM: [10, 16], ADVANCED: [15, 24] } as const;
const LISTENING_MAX_WORDS = { LOW: 45, MEDIUM: 80, ADVANCED: 120 } as const;
const COMPREHENSION_WORDS = { LOW: [40, 80], MEDIUM: [80, 150], ADVANCED: [150, 250] } as const;
/**
 * Reading words the pronouncing dictionary lacks, so the aligner falls back to letter-to-sound rules
 * (rougher phones, less fair scores). Keep empty: choose another word rather than add one here.
 */
const ALLOWED_G2P_WORDS: string[] = [];
/**
 * American spelling (the speech engine's dictionary is US English): a word is British when the
 * dictionary has its American form ("organise" → "organize", "colour" → "color", "centre" → "center",
 * "travelled" → "traveled", "licence" → "license"), or when it is one of the few British-only words.
 */
const AMERICAN_FORMS: [RegExp, string][] = [
  [/^(\w{3,})is(e|ed|es|ing|ation|ations)$/, '$1iz$2'],
  [/^(\w+)ys(e|ed|es|ing)$/, '$1yz$2'],
  [/^(\w{3,})our(s|ed|ing|able|ite|ites)?$/, '$1or$2'],
  [/^(\w+)tre(s)?$/, '$1ter$2'],
  [/^(\w+)ogue(s)?$/, '$1og$2'],
  [/^(\w+)ence$/, '$1ense'],
  [/^(\w{3,}l)l(ed|ing|er|ers)$/, '$1$2'],
];
const BRITISH_ONLY =
  /^(whilst|amongst|learnt|spelt|cheques?|tyres?|kerbs?|programmes?|practis(e|ed|es|ing)|enquir\w*|maths|holidaymakers?)$/;

const words = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
/** Items whose text has a word count outside [min, max], as "id: count". */
const outOfRange = <T extends { id: string }>(
  items: readonly T[],
  text: (item: T) => string,
  [min, max]: readonly [number, number],
) =>
  items
    .map((item) => ({ id: item.id, count: words(text(item)).length }))
    .filter(({ count }) => count < min || count > max)
    .map(({ id, count }) => `${id}: ${count} words, not ${min}–${max}`);

/** Words as the aligner looks them up (packages/speech/src/align/text.ts: lower case, inner apostrophes). */
const dictionaryWords = (sentence: string) =>
  sentence
    .split(/\s+/)
    .map((w) =>
      w
        .replace(/^[^a-z']+|[^a-z']+$/gi, '')
        .replace(/^'+|'+$/g, '')
        .toLowerCase(),
    )
    .filter(Boolean);

/**
 * The speech engine's pronouncing dictionaries: Debian's when installed (the 16 kHz model), else the
 * one bundled with soundswallower. A word must be in every one present, so either model aligns it.
 */
function loadDictionaries(): Set<string>[] {
  const paths = [
    '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
    // Where packages/speech/src/align/model.ts finds soundswallower's bundled model.
    join(dirname(createRequire(import.meta.url).resolve('soundswallower')), 'model/en-us/dict.txt'),
  ].filter((p) => existsSync(p));
  return paths.map((p) => {
    const entries = new Set<string>();
    for (const line of readFileSync(p, 'utf8').split('\n')) {
      const word = line.split(/\s/, 1)[0].replace(/\(\d+\)$/, '');
      if (word) entries.add(word);
    }
    return entries;
  });
}

/** Counts how often each option position holds the answer. */
const answerPositions = (questions: { answerIndex: number }[]) =>
  questions.reduce<number[]>((counts, q) => {
    counts[q.answerIndex] = (counts[q.answerIndex] ?? 0) + 1;
    return counts;
  }, []);

describe('the default test content', () => {
  it('is valid organisation content with the default time limits', () => {
    expect(testContentSchema.safeParse(DEFAULT_TEST_CONTENT).success).toBe(true);
    expect(DEFAULT_TEST_CONTENT.timeLimitsSeconds).toEqual({
      Reading: 360,
      Listening: 600,
      ReadingComprehension: 720,
      FreeSpeech: 180,
    });
    expect(DEFAULT_TIME_LIMITS).toEqual(DEFAULT_TEST_CONTENT.timeLimitsSeconds);
  });

  it('offers the positions in order, one listed file each, and no file is left out', () => {
    expect(DEFAULT_TEST_CONTENT.positions.map((p) => p.position)).toEqual(POSITIONS.map(([name]) => name));
    const onDisk = readdirSync(TEST_CONTENT_DIR).filter((f) => /\.ya?ml$/.test(f));
    expect(onDisk.sort()).toEqual([...POSITION_FILES].sort());
  });

  it('is frozen, so no caller changes what every organisation shares', () => {
    expect(Object.isFrozen(DEFAULT_TEST_CONTENT.positions[0].levels.LOW.reading.sentences)).toBe(true);
    expect(() => {
      (DEFAULT_TEST_CONTENT.positions[0].levels.LOW.reading.sentences as unknown[]).push({});
    }).toThrow();
  });

  const texts = { sentences: new Map<string, string>(), passages: new Map<string, string>() };
  const addUnique = (map: Map<string, string>, text: string, id: string) => {
    const key = text.toLowerCase().replace(/\W+/g, ' ').trim();
    expect(map.get(key), `${id} repeats ${map.get(key)}`).toBeUndefined();
    map.set(key, id);
  };
  const dictionaries = loadDictionaries();

  it('has the speech engine dictionaries to check reading words against', () => {
    expect(dictionaries.length).toBeGreaterThan(0);
    expect(dictionaries.every((d) => d.has('thorough') && !d.has('zzxqw'))).toBe(true);
  });

  describe.each(POSITIONS.map(([name, prefix]) => [name, prefix] as const))('%s', (name, prefix) => {
    const position = DEFAULT_TEST_CONTENT.positions.find((p) => p.position === name);

    describe.each(TEST_LEVELS.map((level) => [level] as const))('%s', (level) => {
      const content = position?.levels[level] as LevelContent;
      const idPattern = (kind: string) => new RegExp(`^${prefix}-${LEVEL_TAGS[level]}-${kind}\\d{2}$`);

      it('asks 2 of at least 10 reading sentences, within the level word range', () => {
        expect(content.reading.ask).toBe(2);
        expect(content.reading.sentences.length).toBeGreaterThanOrEqual(10);
        for (const s of content.reading.sentences) {
          expect(s.id).toMatch(idPattern('r'));
          addUnique(texts.sentences, s.text, s.id);
        }
        expect(outOfRange(content.reading.sentences, (s) => s.text, READING_WORDS[level])).toEqual([]);
      });

      it('writes reading sentences in plain words: letters, inner apostrophes, commas, full stops, question marks', () => {
        for (const s of content.reading.sentences) {
          expect(s.text, s.id).toMatch(/^[A-Z][A-Za-z' ,.?]*[.?]$/);
          expect(s.text, s.id).not.toMatch(/ {2}|(^|[^A-Za-z])'|'([^A-Za-z]|$)|[,.?][A-Za-z]/);
        }
      });

      it('uses only reading words the pronouncing dictionary knows', () => {
        const missing = content.reading.sentences.flatMap((s) =>
          dictionaryWords(s.text)
            .filter((w) => dictionaries.some((d) => !d.has(w)))
            .map((w) => `${s.id}: ${w}`),
        );
        expect(missing.filter((m) => !ALLOWED_G2P_WORDS.includes(m.split(': ')[1]))).toEqual([]);
      });

      it('asks 3 of at least 8 listening questions, spoken monologues within the word limit', () => {
        expect(content.listening.ask).toBe(3);
        expect(content.listening.questions.length).toBeGreaterThanOrEqual(8);
        expect(
          outOfRange(content.listening.questions, (q) => q.audioText, [1, LISTENING_MAX_WORDS[level]]),
        ).toEqual([]);
        for (const q of content.listening.questions) {
          expect(q.id).toMatch(idPattern('l'));
          // Text-to-speech reads words more naturally than digits and symbols.
          expect(q.audioText, q.id).not.toMatch(/[0-9%$€£&@/]/);
          // Flite says "IT" as "it" and "building A" as "building uh": no abbreviations or letter names.
          expect(q.audioText, q.id).not.toMatch(/\b[A-Z]{2,}\b|(?<!(?:^|[.?!]\s))\b(?!I\b)[A-Z]\b/);
          addUnique(texts.passages, q.audioText, q.id);
        }
      });

      it('asks 3 of at least 8 comprehension questions about texts within the level word range', () => {
        expect(content.readingComprehension.ask).toBe(3);
        expect(content.readingComprehension.questions.length).toBeGreaterThanOrEqual(8);
        const questions = content.readingComprehension.questions;
        expect(outOfRange(questions, (q) => q.readingText, COMPREHENSION_WORDS[level])).toEqual([]);
        for (const q of questions) {
          expect(q.id).toMatch(idPattern('c'));
          addUnique(texts.passages, q.readingText, q.id);
        }
      });

      it.each([
        ['listening', () => content.listening.questions],
        ['comprehension', () => content.readingComprehension.questions],
      ])('gives %s questions 3 or 4 distinct options, answers spread over the positions', (_kind, get) => {
        const questions = get();
        for (const q of questions) {
          expect(q.options.length, q.id).toBeGreaterThanOrEqual(3);
          expect(q.options.length, q.id).toBeLessThanOrEqual(4);
          expect(new Set(q.options.map((o) => o.toLowerCase())).size, q.id).toBe(q.options.length);
          expect(q.answerIndex, q.id).toBeLessThan(q.options.length);
          expect(q.text, q.id).toMatch(/\?$/);
        }
        const counts = answerPositions(questions);
        expect(Math.max(...counts.filter(Boolean)), `answer positions ${counts}`).toBeLessThanOrEqual(
          questions.length / 2,
        );
        expect(counts.filter(Boolean).length, `answer positions ${counts}`).toBeGreaterThanOrEqual(3);
      });

      it('has at least 4 distinct free speech topics', () => {
        expect(content.freeSpeech.topics.length).toBeGreaterThanOrEqual(4);
        for (const t of content.freeSpeech.topics) {
          expect(t.id).toMatch(idPattern('f'));
          expect(t.text, t.id).toMatch(/[?.]$/);
        }
        expect(new Set(content.freeSpeech.topics.map((t) => t.text)).size).toBe(
          content.freeSpeech.topics.length,
        );
      });

      it('uses American spelling', () => {
        const all = [
          ...content.reading.sentences.map((s) => s.text),
          ...content.listening.questions.flatMap((q) => [q.audioText, q.text, ...q.options]),
          ...content.readingComprehension.questions.flatMap((q) => [q.readingText, q.text, ...q.options]),
          ...content.freeSpeech.topics.map((t) => t.text),
        ];
        const british = all
          .flatMap((t) => dictionaryWords(t))
          .filter(
            (w) =>
              BRITISH_ONLY.test(w) ||
              AMERICAN_FORMS.some(([british, american]) => {
                const other = w.replace(british, american);
                return other !== w && dictionaries.some((d) => d.has(other));
              }),
          );
        expect(british).toEqual([]);
        // American titles take a full stop ("Mr. Green").
        expect(all.filter((t) => /\b(Mr|Mrs|Ms|Dr)\b(?!\.)/.test(t))).toEqual([]);
      });
    });
  });
});
