import { RECRUITMENT_TEXTS as T, TEST_RULES } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { decideActivity, type IncomingActivity } from './activity-rules.ts';
import { at, makeTest, rowsBuilder } from './recruitment.test-helper.ts';
import { computeState } from './test-engine.ts';

const test = makeTest({ ask: 2 });

/** The refusal an activity gets, as [code, message]; 'ok' when it is accepted. */
function refusal(rows: ReturnType<typeof rowsBuilder>['rows'], activity: IncomingActivity, now = at(100)) {
  try {
    decideActivity(computeState(test, rows, now), activity);
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.code, error.message];
  }
}

describe('decideActivity', () => {
  it('starts the current part once; a repeat is a no-op and a later part waits its turn', () => {
    const b = rowsBuilder();
    const state = () => computeState(test, b.rows, at(50));
    expect(decideActivity(state(), { type: 'start-part', part: 'Reading' })).toEqual({
      kind: 'record',
      row: { type: 'start-part', part: 'Reading', level: 'LOW', itemId: null },
    });
    expect(refusal(b.rows, { type: 'start-part', part: 'Listening' })).toEqual([
      'CONFLICT',
      T.partOutOfOrder,
    ]);
    b.start('Reading');
    expect(decideActivity(state(), { type: 'start-part', part: 'Reading' })).toEqual({ kind: 'noop' });
  });

  it('takes an answer only for the current item of the started part', () => {
    const b = rowsBuilder();
    const read = (itemId: string, level?: 'LOW' | 'MEDIUM') =>
      refusal(b.rows, { type: 'read-phrase', part: 'Reading', itemId, level });
    expect(read('r-LOW-0')).toEqual(['CONFLICT', T.partNotStarted]);
    b.start('Reading');
    expect(read('r-LOW-1')).toEqual(['CONFLICT', T.notCurrentItem]);
    expect(read('r-LOW-0', 'MEDIUM')).toEqual(['CONFLICT', T.notCurrentItem]);
    expect(read('nope')).toEqual(['CONFLICT', T.notCurrentItem]);
    expect(
      decideActivity(computeState(test, b.rows, at(50)), {
        type: 'read-phrase',
        part: 'Reading',
        itemId: 'r-LOW-0',
      }),
    ).toEqual({
      kind: 'record',
      row: { type: 'read-phrase', part: 'Reading', level: 'LOW', itemId: 'r-LOW-0' },
    });
    b.answer('Reading', 'r-LOW-0', 80);
    expect(read('r-LOW-0')).toEqual(['CONFLICT', T.alreadyAnswered]);
    expect(read('r-LOW-1')).toBe('ok');
  });

  it('refuses an activity type that does not answer the part (400)', () => {
    const b = rowsBuilder();
    b.start('Reading');
    expect(
      refusal(b.rows, { type: 'answer-comprehension-question', part: 'Reading', itemId: 'r-LOW-0' }),
    ).toEqual(['VALIDATION', T.wrongActivityType]);
    expect(refusal(b.rows, { type: 'answer-free-speech', part: 'Reading', itemId: 'r-LOW-0' })).toEqual([
      'VALIDATION',
      T.wrongActivityType,
    ]);
  });

  it('refuses answers to a finished part: answered items and the ones never reached', () => {
    const b = rowsBuilder();
    b.start('Reading');
    b.answer('Reading', 'r-LOW-0', 10);
    b.answer('Reading', 'r-LOW-1', 10);
    expect(refusal(b.rows, { type: 'read-phrase', part: 'Reading', itemId: 'r-LOW-1' })).toEqual([
      'CONFLICT',
      T.alreadyAnswered,
    ]);
    expect(refusal(b.rows, { type: 'read-phrase', part: 'Reading', itemId: 'r-MEDIUM-0' })).toEqual([
      'CONFLICT',
      T.notCurrentItem,
    ]);
  });

  it('closes the part with a timeout: on request, and instead of an answer that came too late', () => {
    const b = rowsBuilder();
    expect(refusal(b.rows, { type: 'timeout', part: 'Reading' })).toEqual(['CONFLICT', T.partNotStarted]);
    b.start('Reading', 0);
    const closing = { type: 'timeout', part: 'Reading', level: 'LOW', itemId: null };
    expect(decideActivity(computeState(test, b.rows, at(10)), { type: 'timeout', part: 'Reading' })).toEqual({
      kind: 'record',
      row: closing,
    });
    const late = at(test.timeLimitsSeconds.Reading + TEST_RULES.deadlineGraceSeconds + 1);
    const answer = { type: 'read-phrase', part: 'Reading', itemId: 'r-LOW-0' } as const;
    expect(decideActivity(computeState(test, b.rows, late), answer)).toEqual({ kind: 'late', row: closing });
    // Within the grace the answer still counts.
    const inGrace = at(test.timeLimitsSeconds.Reading + TEST_RULES.deadlineGraceSeconds);
    expect(decideActivity(computeState(test, b.rows, inGrace), answer).kind).toBe('record');
    b.timeout('Reading');
    expect(decideActivity(computeState(test, b.rows, late), { type: 'timeout', part: 'Reading' })).toEqual({
      kind: 'noop',
    });
  });
});
