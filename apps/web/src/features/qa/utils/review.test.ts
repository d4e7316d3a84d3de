import { describe, expect, it } from 'vitest';
import { bullet, historyEvent, item, responded } from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { actorName, hasOpenDispute, historyLine, openDisputes } from './review';

describe('review helpers', () => {
  it('says what each history event did, a confirmation as such', () => {
    expect(historyLine(historyEvent())).toBe(L.history.overrode('Morgan Manager', 'Yes', 'No'));
    expect(historyLine(historyEvent({ answer: 'YES' }))).toBe(L.history.confirmed('Morgan Manager', 'Yes'));
    expect(historyLine(historyEvent({ kind: 'OVERRIDE_REMOVED' }))).toBe(
      L.history.removed('Morgan Manager', 'No', 'Yes'),
    );
    const agent = { kind: 'AGENT' as const, id: null, name: null };
    expect(historyLine(historyEvent({ kind: 'ACKNOWLEDGE', answer: 'NOT_APPLICABLE', actor: agent }))).toBe(
      L.history.acknowledged(L.review.formerAgent, 'Not applicable'),
    );
  });

  it('names a reviewer or agent whose account is gone', () => {
    expect(actorName({ kind: 'ADMIN', id: null, name: null })).toBe(L.review.formerReviewer);
    expect(actorName({ kind: 'AGENT', id: 'x', name: 'Casey Coach' })).toBe('Casey Coach');
  });

  it('counts open disputes only', () => {
    const open = responded(bullet({ questionId: 'a' }), 'DISPUTE', 'No.');
    const settled = responded(bullet({ questionId: 'b' }), 'DISPUTE', 'No.', { disputeOpen: false });
    const acknowledged = responded(bullet({ questionId: 'c' }), 'ACKNOWLEDGE', null);
    expect(openDisputes([open, settled, acknowledged])).toBe(1);
    expect(hasOpenDispute(item({ bullets: [settled, acknowledged] }))).toBe(false);
    expect(hasOpenDispute(item({ bullets: [open] }))).toBe(true);
  });
});
