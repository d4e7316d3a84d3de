import type { QcItem } from '@agaton/contracts';
import { plural } from '../../speaking/index.ts';
import type { AnswerBuilder } from './answer-kit.ts';
import { during, formatDay, type Period } from './periods.ts';

/** The QA report page of an item (spec 3: /dashboard/assistant/qa-report/:reportEntityId). */
export const qaReportLink = (qcItemId: string) => `/dashboard/assistant/qa-report/${qcItemId}`;

/**
 * QA items flagged red or yellow for the people asked about, newest first, each with the questions
 * that raised its flags and a link to its QA report.
 */
export function qaFlagsAnswer(
  a: AnswerBuilder,
  flagged: { items: QcItem[]; totalItemCount: number },
  groupLabel: string,
  period: Period | undefined,
) {
  const when = period ? during(period) : 'so far';
  if (!flagged.totalItemCount) {
    a.line(`No QA item of ${groupLabel} was flagged red or yellow ${when}.`);
    return;
  }
  const red = flagged.items.filter((i) => i.flagLevel === 'RED').length;
  const yellow = flagged.items.filter((i) => i.flagLevel === 'YELLOW').length;
  const shown = flagged.items.slice(0, 10);
  a.line(
    `${plural(flagged.totalItemCount, 'QA item')} of ${groupLabel} ${flagged.totalItemCount === 1 ? 'was' : 'were'} flagged ${when}${flagged.totalItemCount <= flagged.items.length ? ` (${red} red, ${yellow} yellow)` : ''}${shown.length < flagged.totalItemCount ? `; the latest ${shown.length}` : ''}:`,
  );
  a.line();
  for (const item of shown) {
    const title = String(item.fields.callTitle ?? 'Call');
    const agent = String(item.fields.agentName ?? '');
    const reasons = item.bullets
      .filter((b) => b.flagLevel === 'RED' || b.flagLevel === 'YELLOW')
      .sort((x, y) => (x.flagLevel === 'RED' ? 0 : 1) - (y.flagLevel === 'RED' ? 0 : 1))
      .slice(0, 2)
      .map((b) => `${b.flagLevel === 'RED' ? 'red' : 'yellow'}: ${b.presentationText}`);
    const link = a.link(
      `${title}, ${formatDay(new Date(item.qcTimestamp * 1000))}`,
      qaReportLink(item.qcItemId),
    );
    a.line(
      `- **${item.flagLevel === 'RED' ? 'Red' : 'Yellow'}**, ${agent ? `${agent}, ` : ''}${link}${reasons.length ? ` (${reasons.join('; ')})` : ''}`,
    );
  }
}
