import { type Block, blockSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { metricsWith, S, session, sound, TH, word } from '../speaking/session-metrics.test-helper.ts';
import { REPORT_HEADERS, writePeriodReport, writeSessionReport } from './report-writer.ts';

const content = (blocks: Block[], header: string) => blocks.find((b) => b.header === header)?.content ?? [];
const text = (blocks: Block[], header: string) => content(blocks, header).join('\n');

/** Two sessions of a learner whose pronunciation rises and filler words fall; /θ/ stays weak. */
const monday = session(
  'mon',
  '2026-03-02',
  metricsWith({
    total: 70,
    pronunciation: 71,
    fluency: 80,
    speakingSeconds: 300,
    durationSeconds: 900,
    filledPauses: 20,
    fillers: [
      { word: 'um', count: 15 },
      { word: 'uh', count: 5 },
    ],
    phonemes: [TH(60, ['three', 'think']), S(92)],
    words: [word('three', 55, 3), word('team', 90, 2)],
  }),
);
const wednesday = session(
  'wed',
  '2026-03-04',
  metricsWith({
    total: 75,
    pronunciation: 76,
    fluency: 72,
    speakingSeconds: 300,
    durationSeconds: 900,
    filledPauses: 10,
    fillers: [{ word: 'um', count: 10 }],
    phonemes: [TH(66, ['thanks', 'three']), S(93)],
    words: [word('three', 62, 2), word('thanks', 70)],
  }),
);

describe('writeSessionReport', () => {
  const blocks = writeSessionReport({ session: wednesday, previous: [monday], goals: ['FEWER_FILLERS'] });

  it('writes every block of the coaching summary', () => {
    for (const b of blocks) blockSchema.parse(b);
    expect(blocks.map((b) => b.header)).toEqual([
      REPORT_HEADERS.changes,
      REPORT_HEADERS.practise,
      REPORT_HEADERS.fluency,
      REPORT_HEADERS.goals,
      REPORT_HEADERS.exercises,
    ]);
  });

  it('says what changed since the previous session, with the numbers', () => {
    const changes = content(blocks, REPORT_HEADERS.changes);
    expect(changes[0]).toBe('Since your session on 2 March 2026:');
    expect(changes).toContain('Pronunciation: 71 → 76 (improved)');
    expect(changes).toContain('Fluency: 80 → 72 (slipped back)');
    expect(changes).toContain('Filler words per minute: 4 → 2 (improved)');
  });

  it('calls the first report a starting point and compares nothing', () => {
    const first = writeSessionReport({ session: monday, previous: [], goals: [] });
    const changes = content(first, REPORT_HEADERS.changes);
    expect(changes[0]).toContain('first coaching report');
    expect(changes.join('\n')).not.toContain('→');
    expect(changes[1]).toContain('Pronunciation: 71/100');
    expect(text(first, REPORT_HEADERS.goals)).toContain('You have not chosen goals yet');
  });

  it('names the sound that keeps coming back with the learner’s own words from both sessions', () => {
    const practise = content(blocks, REPORT_HEADERS.practise);
    expect(practise[0]).toMatch(
      /^\/θ\/ \("th" as in "think"\): average 63, unclear 16 of 40 times, challenging in 2 of 2 sessions/,
    );
    // Newest session's words first, then the earlier one's.
    expect(practise[0]).toContain('in your words "thanks", "three" and "think"');
    expect(practise[1]).toBe(
      'Words that scored 80 or below: "three" (58, in 2 sessions), "thanks" (70, in 1 session).',
    );
  });

  it('measures fluency habits per minute of speaking against the previous session and the average pace', () => {
    const fluency = text(blocks, REPORT_HEADERS.fluency);
    expect(fluency).toContain('Filler words: 2 per minute (before: 4), most often "um".');
    expect(fluency).toContain(`${wednesday.metrics.wordsPerMinute} words per minute`);
    expect(fluency).toContain('the 120–150 average');
  });

  it('tracks each goal with its measure', () => {
    expect(content(blocks, REPORT_HEADERS.goals)).toEqual([
      'Use fewer filler words like "um" and "uh": 2 filler words per minute of speaking, down from 4: improved.',
    ]);
  });

  it('chooses two or three exercises for the weakest areas, with the learner’s words', () => {
    const exercises = content(blocks, REPORT_HEADERS.exercises);
    expect(exercises.length).toBeGreaterThanOrEqual(2);
    expect(exercises.length).toBeLessThanOrEqual(3);
    const pairs = exercises.find((e) => e.startsWith('Minimal pairs for /θ/'));
    expect(pairs).toContain('"think – sink"');
    expect(pairs).toContain('"thanks", "three" and "think"');
    // The chosen goal's drill is there, at this session's rate.
    expect(exercises.find((e) => e.startsWith('Pause instead of "um"'))).toContain(
      'You are at 2 filler words per minute; aim for 1.',
    );
  });

  it('puts the weakest area first: a very slow speaker gets a paced reading above a mild sound problem', () => {
    const slow = session(
      'slow',
      '2026-03-05',
      metricsWith({
        wordsPerMinute: 80,
        filledPauses: 0,
        fillers: [],
        longPauses: 0,
        phonemes: [
          sound('R', 'ɹ', '"r" as in "red"', {
            averageScore: 78,
            count: 30,
            challengingCount: 4,
            exampleWords: ['right'],
          }),
        ],
        words: [],
      }),
    );
    const exercises = content(
      writeSessionReport({ session: slow, previous: [], goals: [] }),
      REPORT_HEADERS.exercises,
    );
    expect(exercises[0]).toBe(
      'Paced reading at 100 words per minute: take a text of 200 words and read it aloud in two minutes, checking the time at the halfway mark (100 words). You spoke at 80 words per minute; the average is 120–150.',
    );
    expect(exercises[1]).toContain('Minimal pairs for /ɹ/');
    expect(exercises[1]).toContain('"right – light"');
  });

  it('does not score or prescribe from a session with too few words', () => {
    const quiet = session('quiet', '2026-03-06', metricsWith({ wordsSaid: 3, scoredWords: 1 }));
    const report = writeSessionReport({ session: quiet, previous: [wednesday], goals: [] });
    expect(content(report, REPORT_HEADERS.changes)).toEqual([
      'Since your session on 4 March 2026:',
      'Too few of your words were heard this time to compare scores.',
    ]);
    expect(content(report, REPORT_HEADERS.exercises)).toEqual([
      'Record a session with at least a minute of your speaking so we can choose exercises for you.',
    ]);
  });

  it('is deterministic', () => {
    expect(writeSessionReport({ session: wednesday, previous: [monday], goals: ['FEWER_FILLERS'] })).toEqual(
      blocks,
    );
  });
});

describe('writePeriodReport', () => {
  const period = {
    periodStart: new Date('2026-03-09T00:00:00Z'),
    periodEnd: new Date('2026-03-16T00:00:00Z'),
  };
  const thisWeek = [
    session(
      'tue',
      '2026-03-10',
      metricsWith({ pronunciation: 80, fluency: 78, total: 79, phonemes: [TH(75, ['the'])] }),
    ),
    session(
      'thu',
      '2026-03-12',
      metricsWith({ pronunciation: 84, fluency: 80, total: 82, phonemes: [TH(79, ['they'])] }),
    ),
  ];

  it('sums up the week and compares it with the previous period', () => {
    const blocks = writePeriodReport({
      sessions: [...thisWeek].reverse(),
      previousPeriod: [monday, wednesday],
      goals: ['CLEARER_SOUNDS'],
      ...period,
    });
    for (const b of blocks) blockSchema.parse(b);
    const week = content(blocks, REPORT_HEADERS.period);
    expect(week[0]).toMatch(/^2 sessions from 9 March 2026 to 15 March 2026/);
    expect(week[1]).toBe(
      'From your first to your latest session this week: pronunciation 80 → 84, fluency 78 → 80, intelligibility 44 → 44.',
    );
    const changes = content(blocks, REPORT_HEADERS.changes);
    expect(changes[0]).toBe('Compared with your 2 sessions from 2 March 2026 to 4 March 2026:');
    // Both weeks weigh their sessions equally here: (71 + 76) / 2 → (80 + 84) / 2.
    expect(changes).toContain('Pronunciation: 74 → 82 (improved)');
    expect(content(blocks, REPORT_HEADERS.goals)).toEqual([
      'Pronounce difficult sounds clearly: pronunciation score 82/100, up from 74: improved.',
    ]);
    expect(text(blocks, REPORT_HEADERS.practise)).toContain(
      'challenging in 2 of 2 sessions; in your words "they" and "the"',
    );
  });

  it('calls the first week a starting point', () => {
    const blocks = writePeriodReport({ sessions: thisWeek, previousPeriod: [], goals: [], ...period });
    expect(content(blocks, REPORT_HEADERS.changes)[0]).toContain('first weekly report');
  });
});
