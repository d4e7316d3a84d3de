import { assessmentStatusSchema, TEST_RULES } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { at, makeTest, rowsBuilder } from './recruitment.test-helper.ts';
import { computeState, freeSpeechLevel, toAssessmentStatus } from './test-engine.ts';

const test = makeTest({ ask: 2 });
const part = (state: ReturnType<typeof computeState>, name: string) =>
  state.parts.find((p) => p.part === name) ?? expect.fail(`no part ${name}`);

describe('computeState', () => {
  it('starts with every part not started and Reading to take', () => {
    const state = computeState(test, [], at(0));
    expect(state.currentPart).toBe('Reading');
    expect(state.mayContinuePart).toBe(false);
    expect(state.isFinished).toBe(false);
    expect(state.parts.map((p) => [p.part, p.state, p.total])).toEqual([
      ['Reading', 'not-started', 6],
      ['Listening', 'not-started', 6],
      ['ReadingComprehension', 'not-started', 6],
      ['FreeSpeech', 'not-started', 1],
    ]);
    expect(part(state, 'Reading').itemId).toBeNull();
  });

  it('runs the part clock from its start and asks the items in order, level by level', () => {
    const b = rowsBuilder();
    b.start('Reading', 10);
    let state = computeState(test, b.rows, at(11));
    expect(part(state, 'Reading')).toMatchObject({ state: 'in-progress', level: 'LOW', itemId: 'r-LOW-0' });
    expect(part(state, 'Reading').deadline?.toISOString()).toBe(at(10 + 600).toISOString());
    expect(state.mayContinuePart).toBe(true);
    b.answer('Reading', 'r-LOW-0', 80);
    b.answer('Reading', 'r-LOW-1', 70);
    state = computeState(test, b.rows, at(20));
    expect(part(state, 'Reading')).toMatchObject({
      level: 'MEDIUM',
      itemId: 'r-MEDIUM-0',
      answered: 2,
      completedLevels: ['LOW'],
    });
    expect(part(state, 'Reading').levelScores).toEqual({ LOW: 75, MEDIUM: 0 });
  });

  it('ends a part with LEVEL_LOW_SCORE when a level averages under the guard, and moves on', () => {
    const b = rowsBuilder();
    b.start('Reading');
    b.answer('Reading', 'r-LOW-0', 60);
    b.answer('Reading', 'r-LOW-1', TEST_RULES.levelGuard * 2 - 61); // mean just under the guard
    const state = computeState(test, b.rows, at(30));
    expect(part(state, 'Reading')).toMatchObject({
      state: 'finished',
      finishReason: 'LEVEL_LOW_SCORE',
      level: 'LOW',
      itemId: null,
    });
    expect(state.currentPart).toBe('Listening');
    expect(state.mayContinuePart).toBe(false);
  });

  it('keeps climbing at exactly the guard and ends with FULL_COMPLETE after ADVANCED', () => {
    const b = rowsBuilder();
    b.start('Listening');
    for (const id of ['l-LOW-0', 'l-LOW-1', 'l-MEDIUM-0', 'l-MEDIUM-1', 'l-ADVANCED-0', 'l-ADVANCED-1']) {
      b.answer('Listening', id, id.endsWith('1') ? 0 : 100);
    }
    const listening = part(computeState(test, b.rows, at(30)), 'Listening');
    expect(listening).toMatchObject({ state: 'finished', finishReason: 'FULL_COMPLETE', level: 'ADVANCED' });
    expect(listening.completedLevels).toEqual(['LOW', 'MEDIUM', 'ADVANCED']);
    expect(listening.levelScores).toEqual({ LOW: 50, MEDIUM: 50, ADVANCED: 50 });
  });

  it('closes a part with TIMES_UP on a timeout row; the reached level counts unanswered items as 0', () => {
    const b = rowsBuilder();
    b.start('Reading');
    b.answer('Reading', 'r-LOW-0', 90);
    b.answer('Reading', 'r-LOW-1', 90);
    b.answer('Reading', 'r-MEDIUM-0', 80);
    b.timeout('Reading');
    const reading = part(computeState(test, b.rows, at(60)), 'Reading');
    expect(reading).toMatchObject({ state: 'finished', finishReason: 'TIMES_UP', level: 'MEDIUM' });
    expect(reading.levelScores).toEqual({ LOW: 90, MEDIUM: 40 });
    expect(reading.completedLevels).toEqual(['LOW']);
  });

  it('marks an in-progress part overdue only after its deadline plus the grace', () => {
    const b = rowsBuilder();
    b.start('Reading', 0);
    const deadline = test.timeLimitsSeconds.Reading;
    expect(computeState(test, b.rows, at(deadline + 1)).overdue).toBeNull();
    expect(computeState(test, b.rows, at(deadline + TEST_RULES.deadlineGraceSeconds)).overdue).toBeNull();
    expect(computeState(test, b.rows, at(deadline + TEST_RULES.deadlineGraceSeconds + 1)).overdue).toBe(
      'Reading',
    );
  });

  it('skips a part with nothing to ask (listening without text-to-speech)', () => {
    const noListening = makeTest({ ask: 1, listening: false });
    const b = rowsBuilder();
    b.start('Reading');
    b.answer('Reading', 'r-LOW-0', 10);
    const state = computeState(noListening, b.rows, at(10));
    expect(part(state, 'Listening')).toMatchObject({ state: 'finished', finishReason: null, total: 0 });
    expect(state.currentPart).toBe('ReadingComprehension');
  });

  it('asks the free-speech topic of the highest level passed in Reading', () => {
    const one = makeTest({ ask: 1 });
    const reach = (scores: number[], timeout = false) => {
      const b = rowsBuilder();
      b.start('Reading');
      for (const [i, s] of scores.entries())
        b.answer('Reading', `r-${['LOW', 'MEDIUM', 'ADVANCED'][i]}-0`, s);
      if (timeout) b.timeout('Reading');
      return part(computeState(one, b.rows, at(99)), 'FreeSpeech');
    };
    expect(reach([40]).items).toEqual({ LOW: ['f-LOW'] });
    expect(reach([90, 85, 30]).items).toEqual({ MEDIUM: ['f-MEDIUM'] });
    expect(reach([90, 85, 70]).items).toEqual({ ADVANCED: ['f-ADVANCED'] });
    expect(reach([90, 85], true).items).toEqual({ MEDIUM: ['f-MEDIUM'] });
    expect(reach([], true).items).toEqual({ LOW: ['f-LOW'] });
    expect(freeSpeechLevel({ completedLevels: ['LOW'], levelScores: { LOW: 50 } })).toBe('LOW');
  });

  it('completes the one-level free answer whatever it scored, then the test is finished', () => {
    const one = makeTest({ ask: 1 });
    const b = rowsBuilder();
    for (const p of ['Reading', 'Listening', 'ReadingComprehension'] as const) {
      b.start(p);
      b.timeout(p);
    }
    b.start('FreeSpeech');
    let state = computeState(one, b.rows, at(50));
    expect(part(state, 'FreeSpeech')).toMatchObject({ state: 'in-progress', itemId: 'f-LOW', level: 'LOW' });
    b.answer('FreeSpeech', 'f-LOW', 12);
    state = computeState(one, b.rows, at(60));
    expect(part(state, 'FreeSpeech')).toMatchObject({ state: 'finished', finishReason: 'FULL_COMPLETE' });
    expect(state).toMatchObject({ isFinished: true, currentPart: null, mayContinuePart: false });
  });

  it('does not depend on the order the rows come in', () => {
    const b = rowsBuilder();
    b.start('Reading');
    b.answer('Reading', 'r-LOW-0', 90);
    b.answer('Reading', 'r-LOW-1', 95);
    b.answer('Reading', 'r-MEDIUM-0', 20);
    b.answer('Reading', 'r-MEDIUM-1', 20);
    b.start('Listening');
    b.answer('Listening', 'l-LOW-0', 100);
    const forward = computeState(test, b.rows, at(100));
    const backward = computeState(test, [...b.rows].reverse(), at(100));
    expect(backward).toEqual(forward);
  });
});

describe('toAssessmentStatus', () => {
  it('gives the contract shape with the deadline of the in-progress part only', () => {
    const b = rowsBuilder();
    b.start('Reading', 5);
    const status = toAssessmentStatus(computeState(test, b.rows, at(6)), { completedAt: null, now: at(6) });
    expect(assessmentStatusSchema.parse(status)).toEqual(status);
    expect(status.parts[0]).toMatchObject({ state: 'in-progress', deadline: at(605).toISOString() });
    expect(status.parts[1].deadline).toBeNull();
    expect(status).toMatchObject({ serverTime: at(6).toISOString(), assessmentResult: null });
    const done = toAssessmentStatus(computeState(test, b.rows, at(6)), { completedAt: at(7), now: at(8) });
    expect(done.assessmentResult).toEqual({ completedAt: at(7).toISOString() });
  });
});
