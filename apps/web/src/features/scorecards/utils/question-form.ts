import {
  QA_LIMITS,
  QA_TEXTS,
  QUESTION_PURPOSES,
  type Question,
  type QuestionCreate,
  type QuestionSet,
} from '@agaton/contracts';

type Purpose = (typeof QUESTION_PURPOSES)[number];
type Severity = Question['severity'];
type Speaker = Question['speaker'];

/**
 * The question modal's values (spec 3 §3.1 plus the answerer's evidence). The expected answer and
 * the severity start unset on a new question so the admin chooses them (spec 3 §5: both required).
 */
export interface QuestionFormValues {
  questionText: string;
  presentationText: string;
  purposes: Purpose[];
  isActive: boolean;
  isTrueGood: boolean | null;
  severity: Severity | null;
  questionSetIds: string[];
  speaker: Speaker;
  /** One phrase or example per line, as typed. */
  phrases: string;
  examples: string;
}

export type QuestionField = keyof QuestionFormValues;
export type QuestionFormErrors = Partial<Record<QuestionField, string>>;

/** Add (in the current scorecard) or edit an existing question. */
export type QuestionModalMode = { kind: 'add' } | { kind: 'edit'; question: Question };

export function emptyQuestion(questionSetId: string | null): QuestionFormValues {
  return {
    questionText: '',
    presentationText: '',
    purposes: ['QUALITY'],
    isActive: true,
    isTrueGood: null,
    severity: null,
    questionSetIds: questionSetId ? [questionSetId] : [],
    speaker: 'AGENT',
    phrases: '',
    examples: '',
  };
}

export function valuesOf(question: Question): QuestionFormValues {
  return {
    questionText: question.questionText,
    presentationText: question.presentationText,
    purposes: [...question.purposes],
    isActive: question.isActive,
    isTrueGood: question.isTrueGood,
    severity: question.severity,
    questionSetIds: [...question.questionSetIds],
    speaker: question.speaker,
    phrases: question.phrases.join('\n'),
    examples: question.examples.join('\n'),
  };
}

/** Spec 3 §4: Duplicate turns the edit into an add with the scorecards cleared. */
export function duplicateValues(values: QuestionFormValues): QuestionFormValues {
  return { ...values, questionSetIds: [] };
}

/** Lines of a phrases box: trimmed, blank lines and repeats dropped. */
export function lines(text: string): string[] {
  return [
    ...new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}

/** Spec 3 §5 with the contract's limits: 'Required' for blank texts and empty choices. */
export function validateQuestion(values: QuestionFormValues): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  const required = QA_TEXTS.required;
  if (!values.questionText.trim()) errors.questionText = required;
  else if (values.questionText.trim().length > QA_LIMITS.maxQuestionTextChars)
    errors.questionText = `At most ${QA_LIMITS.maxQuestionTextChars} characters`;
  if (!values.presentationText.trim()) errors.presentationText = required;
  else if (values.presentationText.trim().length > QA_LIMITS.maxPresentationTextChars)
    errors.presentationText = `At most ${QA_LIMITS.maxPresentationTextChars} characters`;
  if (values.purposes.length === 0) errors.purposes = required;
  if (values.isTrueGood === null) errors.isTrueGood = required;
  if (values.severity === null) errors.severity = required;
  if (values.questionSetIds.length === 0) errors.questionSetIds = required;
  for (const field of ['phrases', 'examples'] as const) {
    const list = lines(values[field]);
    if (list.length > QA_LIMITS.maxPhrases) errors[field] = `At most ${QA_LIMITS.maxPhrases} lines`;
    else if (list.some((l) => l.length > QA_LIMITS.maxPhraseChars))
      errors[field] = `Each line at most ${QA_LIMITS.maxPhraseChars} characters`;
  }
  return errors;
}

export const isValid = (values: QuestionFormValues) => Object.keys(validateQuestion(values)).length === 0;

/** The request body of valid values (create and update take the same fields). */
export function toInput(values: QuestionFormValues): QuestionCreate {
  if (values.isTrueGood === null || values.severity === null) throw new Error('validate before saving');
  return {
    questionText: values.questionText.trim(),
    presentationText: values.presentationText.trim(),
    purposes: QUESTION_PURPOSES.filter((p) => values.purposes.includes(p)),
    isActive: values.isActive,
    isTrueGood: values.isTrueGood,
    severity: values.severity,
    questionSetIds: values.questionSetIds,
    speaker: values.speaker,
    phrases: lines(values.phrases),
    examples: lines(values.examples),
  };
}

/** Spec 3 §4: saving an edit that changed nothing just closes the modal (no request). */
export function isUnchanged(question: Question, values: QuestionFormValues): boolean {
  if (!isValid(values)) return false;
  const input = toInput(values);
  const original = toInput(valuesOf(question));
  const sorted = (list: string[]) => [...list].sort();
  return (
    JSON.stringify({ ...input, questionSetIds: sorted(input.questionSetIds) }) ===
    JSON.stringify({ ...original, questionSetIds: sorted(original.questionSetIds) })
  );
}

/** Spec 3 §4: deleting removes the current scorecard from the question's scorecards. */
export function withoutScorecard(question: Question, questionSetId: string): QuestionCreate {
  return {
    ...toInput(valuesOf(question)),
    questionSetIds: question.questionSetIds.filter((id) => id !== questionSetId),
  };
}

/** Spec 3 §2.7: a question in more than one scorecard is Shared. */
export const isShared = (question: Pick<Question, 'questionSetIds'>) => question.questionSetIds.length > 1;

/** Names of the question's other scorecards, for the Shared label's tooltip. */
export function otherScorecards(question: Question, current: string, sets: QuestionSet[]): string[] {
  return question.questionSetIds
    .filter((id) => id !== current)
    .map((id) => sets.find((s) => s.questionSetId === id)?.name)
    .filter((name): name is string => Boolean(name));
}

/** Adds suggested lines after the typed ones, without repeats. */
export function mergeLines(current: string, suggested: string[]): string {
  return lines([current, ...suggested].join('\n')).join('\n');
}
