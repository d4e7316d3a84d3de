import type { FlagLevel, QcBullet } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { answerLabel, bulletsWorstFirst, compareFlags, DEFAULT_SORT, nextSort } from './flags';

const bullet = (questionId: string, flagLevel: FlagLevel): QcBullet => ({
  questionId,
  presentationText: '',
  questionText: questionId,
  isTrueGood: true,
  flagLevel,
  sessionCitations: [],
  answer: 'YES',
  confidence: 1,
  needsReview: false,
  severity: 'HIGH',
  answeredBy: 'OFFLINE',
  review: {
    automatic: { answer: 'YES', flagLevel, needsReview: false },
    override: null,
    agentResponse: null,
    disputeOpen: false,
  },
});

describe('flag priority (spec 3 §3.3, §9: red 3, yellow 2, green 1, unspecified 0)', () => {
  it('orders flags worst first', () => {
    const flags: FlagLevel[] = ['GREEN', 'UNSPECIFIED', 'RED', 'YELLOW', 'GREEN'];
    expect([...flags].sort(compareFlags)).toEqual(['RED', 'YELLOW', 'GREEN', 'GREEN', 'UNSPECIFIED']);
  });

  it("lists a report's answers worst first, keeping the scorecard order among equals", () => {
    const bullets = [
      bullet('a', 'GREEN'),
      bullet('b', 'RED'),
      bullet('c', 'GREEN'),
      bullet('d', 'YELLOW'),
      bullet('e', 'RED'),
    ];
    expect(bulletsWorstFirst(bullets).map((b) => b.questionId)).toEqual(['b', 'e', 'd', 'a', 'c']);
  });

  it('names the answers', () => {
    expect(['YES', 'NO', 'NOT_APPLICABLE'].map((a) => answerLabel(a as QcBullet['answer']))).toEqual([
      'Yes',
      'No',
      'Not applicable',
    ]);
  });
});

describe('QA Alerts sorting (spec 3 §2.4)', () => {
  it('starts with alert time, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'timestamp', order: 'desc' });
  });

  it('flips the order on the same column and starts another in its natural order', () => {
    expect(nextSort(DEFAULT_SORT, 'timestamp')).toEqual({ field: 'timestamp', order: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'flagLevel')).toEqual({ field: 'flagLevel', order: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'user')).toEqual({ field: 'user', order: 'asc' });
    expect(nextSort({ field: 'user', order: 'asc' }, 'user')).toEqual({ field: 'user', order: 'desc' });
  });
});
