import { INSIGHTS_MIN_SESSIONS, insightsSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import {
  metricsWith,
  realMeeting,
  S,
  session,
  sound,
  TH,
  word,
} from '../speaking/session-metrics.test-helper.ts';
import { buildInsights } from './insights-builder.ts';

const R = (averageScore: number, exampleWords: string[]) =>
  sound('R', 'ɹ', '"r" as in "red"', { averageScore, count: 10, challengingCount: 6, exampleWords });

/** Three weeks of a learner: /θ/ stays hard, /ɹ/ was hard once, "three" is hard twice, "world" gets mastered. */
const first = session(
  's1',
  '2026-03-02',
  metricsWith({
    speakingSeconds: 240,
    pauses: 12,
    filledPauses: 8,
    phonemes: [TH(58, ['three', 'think']), R(70, ['world']), S(95)],
    words: [word('three', 50, 2), word('world', 60), word('team', 95)],
  }),
);
const second = session(
  's2',
  '2026-03-09',
  metricsWith({
    speakingSeconds: 300,
    pauses: 10,
    filledPauses: 5,
    phonemes: [TH(64, ['thanks']), R(88, []), S(94)],
    words: [word('three', 62, 3), word('world', 78), word('thanks', 70)],
  }),
);
const third = session(
  's3',
  '2026-03-16',
  metricsWith({
    speakingSeconds: 360,
    pauses: 6,
    filledPauses: 3,
    phonemes: [TH(82, []), S(96)],
    words: [word('world', 90), word('team', 97)],
  }),
);
const tooShort = session('s0', '2026-03-20', metricsWith({ wordsSaid: 4, scoredWords: 2 }));

describe('buildInsights', () => {
  const insights = insightsSchema.parse(buildInsights([third, tooShort, first, second]));

  it('charts the analysed sessions oldest first with rates per minute of speaking', () => {
    expect(insights.sessions.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(insights.sessions.length).toBeGreaterThanOrEqual(INSIGHTS_MIN_SESSIONS);
    expect(insights.sessions[0]).toMatchObject({
      timestampSeconds: Date.UTC(2026, 2, 2, 12) / 1000,
      pausesPerMinute: 3,
      fillersPerMinute: 2,
      pronunciation: first.metrics.pronunciation,
      clarity: first.metrics.clarity,
      wordsPerMinute: first.metrics.wordsPerMinute,
    });
    expect(insights.sessions[2]).toMatchObject({ pausesPerMinute: 1, fillersPerMinute: 0.5 });
  });

  it('lists the sounds challenging in two or more sessions, with the learner’s words newest first', () => {
    expect(insights.recurringSounds).toEqual([
      {
        label: '"th" as in "think"',
        ipa: 'θ',
        sessions: 2,
        occurrences: 3,
        // (58 + 64 + 82) × 20 phones each ÷ 60.
        averageScore: 68,
        examples: ['thanks', 'three', 'think'],
      },
    ]);
  });

  it('lists the words challenging in two or more sessions', () => {
    expect(insights.recurringWords.map((w) => [w.label, w.sessions, w.occurrences, w.ipa])).toEqual([
      ['three', 2, 2, null],
      ['world', 2, 3, null],
    ]);
    // "three": (50 × 2 + 62 × 3) ÷ 5.
    expect(insights.recurringWords[0].averageScore).toBe(57);
  });

  it('counts a word as mastered when it was challenging before and is above 80 in its latest session', () => {
    expect(insights.masteredWords).toEqual(['world']);
  });

  it('with one session, shows its most frequent challenging sounds and words instead', () => {
    const one = insightsSchema.parse(buildInsights([first]));
    expect(one.recurringSounds.map((s) => s.ipa)).toEqual(['θ', 'ɹ']);
    expect(one.recurringWords.map((w) => w.label)).toEqual(['three', 'world']);
    expect(one.masteredWords).toEqual([]);
  });

  it('builds from a real meeting analysis and from nothing', () => {
    const real = session('real', '2026-03-01', realMeeting().metrics);
    const built = insightsSchema.parse(buildInsights([real]));
    expect(built.sessions[0].wordsSaid).toBe(real.metrics.wordsSaid);
    const weakest = real.metrics.phonemes.find((p) => p.averageScore <= 80 && p.challengingCount > 0);
    expect(built.recurringSounds[0]?.ipa).toBe(weakest?.ipa);
    expect(insightsSchema.parse(buildInsights([]))).toEqual({
      sessions: [],
      recurringSounds: [],
      recurringWords: [],
      masteredWords: [],
    });
  });
});
