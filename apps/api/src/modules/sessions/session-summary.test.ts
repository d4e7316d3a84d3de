import { blockSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { metricsWith, realMeeting } from '../speaking/session-metrics.test-helper.ts';
import { type SessionSummary, SUMMARY_HEADERS, summariseSession } from './session-summary.ts';

const texts = (s: SessionSummary) => [s.evaluation, ...s.highlights, ...s.blocks.flatMap((b) => b.content)];
const block = (s: SessionSummary, header: string) => s.blocks.find((b) => b.header === header)?.content ?? [];

describe('summariseSession on a real meeting analysis', () => {
  const { speech, metrics } = realMeeting();
  const summary = summariseSession({ speech, metrics, goals: [] });

  it('gives a short verdict naming the overall score and the strongest and weakest areas', () => {
    expect(summary.evaluation).toContain(`overall ${metrics.total}/100`);
    expect(summary.evaluation).toContain(`pronunciation was your strongest area (${metrics.pronunciation})`);
    expect(summary.evaluation).toContain(
      `intelligibility (${metrics.intelligibility}) is where you can gain most`,
    );
    expect(summary.evaluation.split('. ').length).toBeLessThanOrEqual(2);
  });

  it('lists 3 to 5 takeaways from the measured talk time, pace, pauses and weakest sound', () => {
    expect(summary.highlights.length).toBeGreaterThanOrEqual(3);
    expect(summary.highlights.length).toBeLessThanOrEqual(5);
    expect(summary.highlights[0]).toContain(`${metrics.speakingTimePercentage}% of the`);
    expect(summary.highlights[0]).toContain(`${metrics.wordsSaid} words`);
    expect(summary.highlights).toContain(
      `Your pace was ${metrics.wordsPerMinute} words per minute, slower than the 120–150 average.`,
    );
    // The engine heard no filler in this recording, and the summary says no more than that.
    expect(metrics.filledPauses).toBe(0);
    expect(summary.highlights).toContain('We heard no filler words such as "um" or "uh".');
    const weakest = metrics.phonemes[0];
    expect(weakest.challengingCount).toBeGreaterThan(0);
    const line = summary.highlights.find((h) => h.includes(`/${weakest.ipa}/`));
    expect(line).toContain(`unclear ${weakest.challengingCount} of ${weakest.count} times`);
    for (const w of weakest.exampleWords.slice(0, 3)) expect(line).toContain(`"${w}"`);
  });

  it('writes the overview blocks in order, with the transcript start and every score in the breakdown', () => {
    for (const b of summary.blocks) blockSchema.parse(b);
    expect(summary.blocks.map((b) => b.header)).toEqual([
      SUMMARY_HEADERS.wentWell,
      SUMMARY_HEADERS.workOn,
      SUMMARY_HEADERS.transcript,
      SUMMARY_HEADERS.breakdown,
    ]);
    const [excerpt] = block(summary, SUMMARY_HEADERS.transcript);
    expect(speech.transcript.startsWith(excerpt.replace(/…$/, ''))).toBe(true);
    expect(excerpt.split(' ').length).toBeLessThanOrEqual(40);
    const breakdown = block(summary, SUMMARY_HEADERS.breakdown).join('\n');
    for (const [name, value] of [
      ['Overall', metrics.total],
      ['Pronunciation', metrics.pronunciation],
      ['Fluency', metrics.fluency],
      ['Intelligibility', metrics.intelligibility],
    ] as const)
      expect(breakdown).toContain(`${name}: ${value}/100`);
    expect(breakdown).toContain(
      `judged from all of your speech; ${metrics.scoredWords} of ${metrics.wordsSaid} words also scored sound by sound`,
    );
    const challenging = metrics.words.filter((w) => w.challenging);
    const work = block(summary, SUMMARY_HEADERS.workOn).join('\n');
    for (const w of challenging.slice(0, 5)) expect(work).toContain(`"${w.word}" (${w.averageScore})`);
  });

  it('is deterministic', () => {
    expect(summariseSession({ speech, metrics, goals: [] })).toEqual(summary);
  });
});

describe('summariseSession: what the numbers support', () => {
  const { speech } = realMeeting();

  it('says honestly when it heard too little, without any score', () => {
    const metrics = metricsWith({ wordsSaid: 4, scoredWords: 2, wordsPerMinute: null });
    const s = summariseSession({
      speech: { ...speech, transcript: 'yes I agree thanks' },
      metrics,
      goals: [],
    });
    expect(s.evaluation).toMatch(/^We heard too little of you to judge your speaking: only 4 words/);
    expect(s.highlights.length).toBeGreaterThanOrEqual(3);
    expect(texts(s).join('\n')).not.toMatch(/\/100/);
    expect(block(s, SUMMARY_HEADERS.transcript)).toEqual(['yes I agree thanks']);
    const none = summariseSession({
      speech: { ...speech, transcript: '' },
      metrics: metricsWith({ wordsSaid: 0, scoredWords: 0 }),
      goals: [],
    });
    expect(none.evaluation).toContain('no words');
    expect(none.blocks.map((b) => b.header)).toEqual([SUMMARY_HEADERS.breakdown]);
  });

  it('counts filler words per minute of speaking and names the most frequent one', () => {
    const metrics = metricsWith({
      filledPauses: 30,
      speakingSeconds: 300,
      fillers: [
        { word: 'um', count: 20 },
        { word: 'uh', count: 10 },
      ],
    });
    const s = summariseSession({ speech, metrics, goals: [] });
    expect(s.highlights).toContain('You used 30 filler words (6 per minute of speaking), most often "um".');
    expect(block(s, SUMMARY_HEADERS.workOn).join('\n')).toContain('Filler words: 6 per minute of speaking');
    const few = summariseSession({
      speech,
      metrics: metricsWith({ filledPauses: 2, speakingSeconds: 240, fillers: [{ word: 'uh', count: 2 }] }),
      goals: [],
    });
    expect(block(few, SUMMARY_HEADERS.wentWell)).toContain('Only 2 filler words in 4 min of speaking.');
  });

  it('does not judge pronunciation when no word could be scored sound by sound', () => {
    const metrics = metricsWith({ scoredWords: 0, pronunciation: 0, words: [], phonemes: [] });
    const s = summariseSession({ speech, metrics, goals: [] });
    expect(s.evaluation).toContain(
      'could not make out your words clearly enough to score your pronunciation',
    );
    expect(s.evaluation).not.toContain('pronunciation was');
    expect(block(s, SUMMARY_HEADERS.breakdown)).toContain(
      'Pronunciation: not scored (no word could be made out clearly enough)',
    );
    expect(texts(s).join('\n')).not.toContain('Your pronunciation score was 0');
    // Nor intelligibility: with no word made out it would only say that the recogniser failed.
    expect(s.evaluation).not.toContain('intelligibility');
    expect(texts(s).join('\n')).not.toMatch(/Your intelligibility score/);
    expect(block(s, SUMMARY_HEADERS.breakdown)).toContain(
      'Intelligibility: not scored (no word could be made out clearly enough)',
    );
  });

  it('reports each chosen goal with its figure, skipping ids no longer offered', () => {
    const metrics = metricsWith({
      filledPauses: 6,
      speakingSeconds: 120,
      durationSeconds: 300,
      speakingTimePercentage: 40,
    });
    const s = summariseSession({
      speech,
      metrics,
      goals: ['FEWER_FILLERS', 'RETIRED_GOAL', 'SPEAK_UP_MORE'],
    });
    expect(block(s, SUMMARY_HEADERS.goals)).toEqual([
      'Use fewer filler words like "um" and "uh": 3 filler words per minute of speaking. This is the figure to improve on.',
      'Speak up more in meetings: you spoke 40% of the time. This is the figure to improve on.',
    ]);
  });
});
