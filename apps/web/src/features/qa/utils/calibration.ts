import type { Calibration } from '@agaton/contracts';

export type CalibrationQuestion = Calibration['questions'][number];

/**
 * The calibration table's order: the questions the automation answers worst first — the lowest exact
 * agreement, then the most answers people changed, then the most open disputes; questions no person
 * reviewed come last (those with open disputes first), each group in the scorecard's order.
 */
export function calibrationWorstFirst(questions: readonly CalibrationQuestion[]): CalibrationQuestion[] {
  const changed = (q: CalibrationQuestion) => q.reviewed - q.agreed;
  return questions
    .map((question, index) => ({ question, index }))
    .sort((x, y) => {
      const a = x.question;
      const b = y.question;
      if ((a.agreementShare === null) !== (b.agreementShare === null))
        return a.agreementShare === null ? 1 : -1;
      return (
        (a.agreementShare ?? 0) - (b.agreementShare ?? 0) ||
        changed(b) - changed(a) ||
        b.openDisputes - a.openDisputes ||
        x.index - y.index
      );
    })
    .map((x) => x.question);
}

/** Spec 3 §9 score colours, for an agreement share (0–1): below 50 % red, under 90 % yellow, else green. */
export function agreementColor(share: number): 'red' | 'yellow' | 'green' {
  const value = share * 100;
  if (value < 50) return 'red';
  if (value < 90) return 'yellow';
  return 'green';
}
