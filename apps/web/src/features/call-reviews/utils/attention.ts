import {
  type AgentResponse,
  type AgentResponseKind,
  FLAG_PRIORITY,
  QA_LIMITS,
  type QcBullet,
} from '@agaton/contracts';
import { CALL_REVIEW_TEXTS } from '../texts';

/** What in a reviewed call asks for the agent's attention. */
export interface Attention {
  /** Answers flagged red (as they count: a reviewer's override wins). */
  red: number;
  yellow: number;
  /** The agent's disputes no reviewer has settled yet. */
  disputed: number;
  /** Red or yellow answers the agent has not acknowledged or disputed. */
  toRespond: number;
}

const flagged = (b: QcBullet) => b.flagLevel === 'RED' || b.flagLevel === 'YELLOW';

export function attentionOf(bullets: readonly QcBullet[]): Attention {
  return {
    red: bullets.filter((b) => b.flagLevel === 'RED').length,
    yellow: bullets.filter((b) => b.flagLevel === 'YELLOW').length,
    disputed: bullets.filter((b) => b.review.disputeOpen).length,
    toRespond: bullets.filter((b) => flagged(b) && !b.review.agentResponse).length,
  };
}

/** Answers worst flag first (red, yellow, green, not applicable), then in the scorecard's order. */
export function answersWorstFirst(bullets: readonly QcBullet[]): QcBullet[] {
  return bullets
    .map((bullet, index) => ({ bullet, index }))
    .sort(
      (x, y) => FLAG_PRIORITY[y.bullet.flagLevel] - FLAG_PRIORITY[x.bullet.flagLevel] || x.index - y.index,
    )
    .map((x) => x.bullet);
}

/**
 * The response the form sends, or the reason it cannot: a dispute needs a comment (1–1000 characters
 * once trimmed, as the API checks); an acknowledgement's comment is optional.
 */
export function toResponse(
  kind: AgentResponseKind,
  comment: string,
): { response: AgentResponse } | { error: string } {
  const text = comment.trim();
  if (text.length > QA_LIMITS.maxAgentCommentChars)
    return { error: CALL_REVIEW_TEXTS.response.commentTooLong };
  if (kind === 'DISPUTE') {
    if (!text) return { error: CALL_REVIEW_TEXTS.response.commentNeeded };
    return { response: { kind, comment: text } };
  }
  return { response: { kind, comment: text || null } };
}
