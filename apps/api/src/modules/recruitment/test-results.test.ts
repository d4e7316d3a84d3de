import { resultsBlobSchema, TEST_RULES } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { at, makeTest, rowsBuilder, speechAnswer } from './recruitment.test-helper.ts';
import { aggregateSpeaking } from './speaking-results.ts';
import { combineCefr, computeResults } from './test-results.ts';

const test = makeTest({ ask: 2 });

/** A whole test: Reading climbs to the end, Listening fails ADVANCED, Comprehension runs out of time. */
function fullRun(
  estimate: { grammar: 'A1' | 'B2'; vocabulary: 'A1' | 'B2' } = { grammar: 'B2', vocabulary: 'B2' },
) {
  const b = rowsBuilder();
  b.start('Reading');
  const readings: [string, number][] = [
    ['r-LOW-0', 80],
    ['r-LOW-1', 90],
    ['r-MEDIUM-0', 85],
    ['r-MEDIUM-1', 95],
    ['r-ADVANCED-0', 60],
    ['r-ADVANCED-1', 70],
  ];
  for (const [id, score] of readings) {
    b.answer(
      'Reading',
      id,
      score,
      speechAnswer({
        overall: score,
        words: [
          ['Hello', score],
          ['world', 99],
        ],
      }),
    );
  }
  b.start('Listening');
  for (const [id, score] of [
    ['l-LOW-0', 100],
    ['l-LOW-1', 100],
    ['l-MEDIUM-0', 100],
    ['l-MEDIUM-1', 0],
    ['l-ADVANCED-0', 0],
    ['l-ADVANCED-1', 0],
  ] as const) {
    b.answer('Listening', id, score, { kind: 'choice', answerIndex: score ? 1 : 0, correct: score > 0 });
  }
  b.start('ReadingComprehension');
  b.answer('ReadingComprehension', 'c-LOW-0', 100);
  b.answer('ReadingComprehension', 'c-LOW-1', 100);
  b.timeout('ReadingComprehension');
  b.start('FreeSpeech');
  const free = speechAnswer({
    kind: 'free-speech',
    overall: 70,
    words: [
      ['Hello', 40],
      ['team', 96],
    ],
    speechRate: 130,
    extra: { transcript: 'hello team', cefrEstimation: estimate },
  });
  b.answer('FreeSpeech', 'f-ADVANCED', 70, free);
  return b.rows;
}

describe('computeResults', () => {
  it('scores each part by its levels, combines the CEFR and fills every field of the blob', () => {
    const { resultsBlob, columns } = computeResults({ test, rows: fullRun(), now: at(999) });
    const blob = resultsBlobSchema.parse(resultsBlob);
    expect(blob.readingTest).toEqual({
      scoring: { overall: 80, beginner: 85, intermediate: 90, advanced: 65 },
      testMetaInfo: {
        numberOfCompletedLevels: 3,
        numberOfLevels: 3,
        lastFinishLevel: 'ADVANCED',
        finishReason: 'FULL_COMPLETE',
      },
      cefr: 'B2',
    });
    expect(blob.listeningTest).toMatchObject({
      scoring: { overall: 50, beginner: 100, intermediate: 50, advanced: 0 },
      testMetaInfo: { numberOfCompletedLevels: 3, finishReason: 'LEVEL_LOW_SCORE' },
      cefr: 'A2',
    });
    // Time ran out at MEDIUM: the reached level counts 0, only LOW is complete (100 × 1/3).
    expect(blob.readingComprehensionTest).toMatchObject({
      scoring: { overall: 33, beginner: 100, intermediate: 0, advanced: null },
      testMetaInfo: { numberOfCompletedLevels: 1, lastFinishLevel: 'LOW', finishReason: 'TIMES_UP' },
      cefr: 'A2',
    });
    expect(blob.freeSpeechTest).toEqual({
      topic: test.levels.ADVANCED.freeSpeech.text,
      overallScore: 70,
      transcript: 'hello team',
      words: [{ word: 'Hello' }, { word: 'team' }],
      grammar: 'B2',
      vocabulary: 'B2',
      finishReason: 'FULL_COMPLETE',
    });
    // Speaking B2 (the free answer agrees); ½ × 4 + ¼ × 2 + ¼ × 2 = 3.
    expect(blob.cefrBySkill).toEqual({ speaking: 'B2', listening: 'A2', reading: 'A2' });
    expect(blob.cefrRating).toBe('B1');
    expect(blob.testOverallScore).toBe(Math.round((80 + 50 + 33 + 70) / 4));
    expect(blob.testCompletionScore).toBe(Math.round((15 / 19) * 100));
    expect(blob.missingSpeakingTest).toBe(false);
    expect(blob.speakingRate).toBe(130);
    expect(blob.challengingWords[0]).toEqual({
      word_normalised: 'hello',
      score: Math.round((80 + 90 + 85 + 95 + 60 + 70 + 40) / 7),
    });
    expect(columns).toEqual({
      resultCefr: 'B1',
      readingResultScore: 80,
      readingComprehensionCefr: 'A2',
      readingComprehensionResultScore: 33,
    });
  });

  it('says the speaking test is missing when nothing was recorded', () => {
    const b = rowsBuilder();
    for (const p of ['Reading', 'Listening', 'ReadingComprehension', 'FreeSpeech'] as const) {
      b.start(p);
      b.timeout(p);
    }
    const blob = resultsBlobSchema.parse(computeResults({ test, rows: b.rows, now: at(99) }).resultsBlob);
    expect(blob).toMatchObject({
      missingSpeakingTest: true,
      pronunciation: 0,
      fluency: 0,
      speakingRate: null,
      challengingWords: [],
      testOverallScore: 0,
      testCompletionScore: 0,
      cefrRating: 'A1',
    });
    expect(blob.readingTest.scoring).toEqual({ overall: 0, beginner: 0, intermediate: null, advanced: null });
    expect(blob.freeSpeechTest).toMatchObject({
      overallScore: 0,
      transcript: null,
      words: [],
      grammar: null,
      vocabulary: null,
      finishReason: 'TIMES_UP',
    });
  });

  it("gives the free answer's words with the unsure ones marked, and no levels from too few clear words", () => {
    const b = rowsBuilder();
    for (const p of ['Reading', 'Listening', 'ReadingComprehension'] as const) {
      b.start(p);
      b.timeout(p);
    }
    b.start('FreeSpeech');
    const free = speechAnswer({
      kind: 'free-speech',
      overall: 35,
      words: [
        ['I', 90],
        ['work', 80],
        ['in', 20],
        ['sails', 10],
        ['team', 0],
      ],
      extra: { transcript: 'I work in sails', cefrEstimation: { grammar: null, vocabulary: null } },
    });
    free.words[2].uncertain = true;
    free.words[3].uncertain = true;
    // Not heard: the recogniser's transcript has no such word.
    free.words[4].status = 'omitted';
    b.answer('FreeSpeech', 'f-LOW', 35, free);
    const blob = resultsBlobSchema.parse(computeResults({ test, rows: b.rows, now: at(99) }).resultsBlob);
    expect(blob.freeSpeechTest).toMatchObject({
      transcript: 'I work in sails',
      words: [
        { word: 'I' },
        { word: 'work' },
        { word: 'in', uncertain: true },
        { word: 'sails', uncertain: true },
      ],
      grammar: null,
      vocabulary: null,
    });
    expect(blob.freeSpeechTest.words?.[0]).toEqual({ word: 'I' });
  });

  it('leaves a listening part that was not in the test out of the scores and the rating', () => {
    const noListening = makeTest({ ask: 1, listening: false });
    const b = rowsBuilder();
    b.start('Reading');
    b.answer('Reading', 'r-LOW-0', 90, speechAnswer({ overall: 90, words: [['Hi', 90]] }));
    b.answer('Reading', 'r-MEDIUM-0', 40, speechAnswer({ overall: 40, words: [['There', 40]] }));
    b.start('ReadingComprehension');
    for (const l of ['LOW', 'MEDIUM', 'ADVANCED']) b.answer('ReadingComprehension', `c-${l}-0`, 100);
    b.start('FreeSpeech');
    b.timeout('FreeSpeech');
    const blob = resultsBlobSchema.parse(
      computeResults({ test: noListening, rows: b.rows, now: at(99) }).resultsBlob,
    );
    expect(blob.listeningTest.testMetaInfo).toEqual({
      numberOfCompletedLevels: 0,
      numberOfLevels: 0,
      lastFinishLevel: null,
      finishReason: null,
    });
    // Reading 90, 40 → (90 + 40) / 2 × 2/3 = 43; comprehension 100; free answer 0.
    expect(blob.testOverallScore).toBe(Math.round((43 + 100 + 0) / 3));
    expect(blob.testCompletionScore).toBe(Math.round((5 / 7) * 100));
    // Reading band A2 (medium under 80), comprehension C2: (2 × ½ + 6 × ¼) / ¾ = 3.33 → B1.
    expect(blob.cefrBySkill.speaking).toBe('A2');
    expect(blob.cefrRating).toBe('B1');
    expect(blob.cefrBySkill.listening).toBe('B1');
  });
});

describe('combineCefr', () => {
  it("reports the free answer's grammar and vocabulary without counting them", () => {
    const low = computeResults({ test, rows: fullRun({ grammar: 'A1', vocabulary: 'A1' }), now: at(999) });
    expect(low.resultsBlob.freeSpeechTest).toMatchObject({ grammar: 'A1', vocabulary: 'A1' });
    expect(low.resultsBlob.cefrBySkill.speaking).toBe('B2');
    expect(low.resultsBlob.cefrRating).toBe('B1');
  });

  it('weights speaking half and keeps the rating within one level of it', () => {
    expect(combineCefr({ reading: 'B1', listening: 'B1', comprehension: 'B1' }).rating).toBe('B1');
    expect(combineCefr({ reading: 'B1', listening: 'C2', comprehension: 'B2' }).rating).toBe('B2');
    // ½ × 1 + ¼ × 6 + ¼ × 6 = 3.5 → B2, kept at A2.
    expect(combineCefr({ reading: 'A1', listening: 'C2', comprehension: 'C2' }).rating).toBe('A2');
    expect(combineCefr({ reading: 'C2', listening: 'A1', comprehension: 'A1' }).rating).toBe('C1');
  });
});

describe('aggregateSpeaking', () => {
  it('weights by scored words, sums the counts and keeps the lowest distinct words and sounds', () => {
    const short = speechAnswer({
      overall: 40,
      pronunciation: 40,
      fluency: 60,
      words: [['cat', 40]],
      pauses: 2,
    });
    const long = speechAnswer({
      overall: 90,
      pronunciation: 90,
      fluency: 80,
      pauses: 3,
      words: [
        ['cat', 60],
        ['dog', 99],
        ['a', 97],
        ['b', 96],
        ['c', 95],
        ['d', 94],
        ['e', 93],
        ['f', 92],
        ['g', 91],
      ],
    });
    long.words.push({ ...long.words[0], word: 'zzz', word_normalised: 'zzz', score: 5, uncertain: true });
    long.words.push({ ...long.words[0], word: 'yyy', word_normalised: 'yyy', score: 0, status: 'omitted' });
    const s = aggregateSpeaking([short, long]);
    // Weighted by the words each score is about: 1 and 9.
    expect(s.pronunciation).toBe(Math.round((40 * 1 + 90 * 9) / 10));
    expect(s.fluency).toBe(Math.round((60 * 1 + 80 * 9) / 10));
    expect(s.pausesCount).toBe(5);
    expect(s.hesistationsCount).toBe(4);
    expect(s.challengingWords).toEqual([
      { word_normalised: 'cat', score: 50 },
      { word_normalised: 'g', score: 91 },
      { word_normalised: 'f', score: 92 },
      { word_normalised: 'e', score: 93 },
      { word_normalised: 'd', score: 94 },
      { word_normalised: 'c', score: 95 },
    ]);
    expect(s.challengingWords).toHaveLength(TEST_RULES.challengingKept);
    expect(s.challengingSounds[0]).toEqual({ phoneme: '/cat/', score: 50 });
    // 11 spoken words (not the omitted one); understood: over 60 and certain, so not cat (40, 60) nor zzz.
    expect(s.intelligibility).toBe(Math.round(100 * (0.5 * 0.9 + 0.5 * (8 / 11))));
    expect(s.confidence).toBe(90);
    // With the engine's intelligibility kept per recording: its mean over the spoken words (1 and
    // 10), whatever the recogniser's confidence.
    const kept = aggregateSpeaking([
      { ...short, intelligibility: 50 },
      { ...long, intelligibility: 83, transcriptConfidence: 0.1 },
    ]);
    expect(kept.intelligibility).toBe(Math.round((50 * 1 + 83 * 10) / 11));
    expect(kept.confidence).toBeLessThan(20);
  });

  it('measures the rate from the readings when there is no free answer, null under 10 words', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => [`w${i}`, 90] as [string, number]);
    // Words every 0.5 s, each 0.4 s long: 12 words from 0 to 5.9 s.
    expect(aggregateSpeaking([speechAnswer({ overall: 90, words: words(12) })]).speakingRate).toBe(
      Math.round((12 / 5.9) * 60),
    );
    expect(aggregateSpeaking([speechAnswer({ overall: 90, words: words(9) })]).speakingRate).toBeNull();
  });
});
