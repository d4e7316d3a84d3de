import type { AnswerActor, AnswerEvent, QcBullet, QcItem } from '@agaton/contracts';
import { QA_LABELS as L } from '../texts';
import { answerLabel } from './flags';

/** A reviewer's or agent's name, or what to call them once their account is gone. */
export function actorName(actor: AnswerActor): string {
  if (actor.name) return actor.name;
  return actor.kind === 'ADMIN' ? L.review.formerReviewer : L.review.formerAgent;
}

/** Answers of an item the agent disputes and no reviewer has settled since. */
export function openDisputes(bullets: readonly QcBullet[]): number {
  return bullets.filter((b) => b.review.disputeOpen).length;
}

/** The QA Alerts row's badge: the item has an open dispute. */
export const hasOpenDispute = (item: QcItem) => openDisputes(item.bullets) > 0;

/** Confidence (0–1) as a whole percentage. */
export const percent = (share: number) => Math.round(share * 100);

/** One line of the history: who did what to the answer (the question is shown beside it). */
export function historyLine(event: AnswerEvent): string {
  const H = L.history;
  const who = actorName(event.actor);
  const answer = answerLabel(event.answer);
  const automatic = answerLabel(event.automaticAnswer);
  switch (event.kind) {
    case 'OVERRIDE':
      return event.answer === event.automaticAnswer
        ? H.confirmed(who, answer)
        : H.overrode(who, automatic, answer);
    case 'OVERRIDE_REMOVED':
      return H.removed(who, answer, automatic);
    case 'ACKNOWLEDGE':
      return H.acknowledged(who, answer);
    case 'DISPUTE':
      return H.disputed(who, answer);
  }
}
