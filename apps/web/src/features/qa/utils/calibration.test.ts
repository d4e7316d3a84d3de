import { describe, expect, it } from 'vitest';
import { calibrationRow } from '../api/qa-fixtures.test-helper';
import { agreementColor, calibrationWorstFirst } from './calibration';

describe('calibration order and colours', () => {
  it('puts the lowest agreement first, then more changed answers, then open disputes; unreviewed last', () => {
    const rows = [
      calibrationRow('perfect', 'a', { answers: 9, reviewed: 3, agreed: 3 }),
      calibrationRow('unreviewed', 'b', { answers: 9, reviewed: 0, agreed: 0 }),
      calibrationRow('unreviewed-disputed', 'c', { answers: 9, reviewed: 0, agreed: 0, openDisputes: 2 }),
      calibrationRow('half-of-two', 'd', { answers: 9, reviewed: 2, agreed: 1 }),
      calibrationRow('half-of-four', 'e', { answers: 9, reviewed: 4, agreed: 2 }),
      calibrationRow('half-of-two-disputed', 'f', { answers: 9, reviewed: 2, agreed: 1, openDisputes: 1 }),
      calibrationRow('none-agreed', 'g', { answers: 9, reviewed: 1, agreed: 0 }),
    ];
    expect(calibrationWorstFirst(rows).map((q) => q.questionId)).toEqual([
      'none-agreed',
      'half-of-four',
      'half-of-two-disputed',
      'half-of-two',
      'perfect',
      'unreviewed-disputed',
      'unreviewed',
    ]);
  });

  it('colours agreement as the spec colours scores: under 50 % red, under 90 % yellow, else green', () => {
    expect([0, 0.49, 0.5, 0.89, 0.9, 1].map(agreementColor)).toEqual([
      'red',
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });
});
