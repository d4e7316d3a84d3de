import { QA_LIMITS } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { bullet, needsBullet, promiseBullet } from '../api/call-review-fixtures.test-helper';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { answersWorstFirst, attentionOf, toResponse } from './attention';

describe('call review attention', () => {
  it('counts red and yellow answers, open disputes, and flagged answers without a response', () => {
    const settled = promiseBullet({
      review: { ...promiseBullet().review, disputeOpen: false },
    });
    expect(attentionOf([needsBullet(), bullet(), promiseBullet()])).toEqual({
      red: 1,
      yellow: 1,
      disputed: 1,
      toRespond: 1,
    });
    expect(attentionOf([settled]).disputed).toBe(0);
    expect(attentionOf([])).toEqual({ red: 0, yellow: 0, disputed: 0, toRespond: 0 });
  });

  it('orders answers worst flag first, keeping the scorecard’s order within a flag', () => {
    const na = bullet({ questionId: 'na', flagLevel: 'UNSPECIFIED', answer: 'NOT_APPLICABLE' });
    const green2 = bullet({ questionId: 'g2' });
    const order = answersWorstFirst([bullet(), na, promiseBullet(), green2, needsBullet()]);
    expect(order.map((b) => b.flagLevel)).toEqual(['RED', 'YELLOW', 'GREEN', 'GREEN', 'UNSPECIFIED']);
    expect(order[3].questionId).toBe('g2');
  });

  it('needs a comment for a dispute, trims comments and sends an empty acknowledgement comment as null', () => {
    expect(toResponse('DISPUTE', '  ')).toEqual({ error: T.response.commentNeeded });
    expect(toResponse('DISPUTE', ' Not so. ')).toEqual({ response: { kind: 'DISPUTE', comment: 'Not so.' } });
    expect(toResponse('ACKNOWLEDGE', '   ')).toEqual({ response: { kind: 'ACKNOWLEDGE', comment: null } });
    expect(toResponse('ACKNOWLEDGE', 'x'.repeat(QA_LIMITS.maxAgentCommentChars + 1))).toEqual({
      error: T.response.commentTooLong,
    });
    expect(toResponse('DISPUTE', 'x'.repeat(QA_LIMITS.maxAgentCommentChars))).toHaveProperty('response');
  });
});
