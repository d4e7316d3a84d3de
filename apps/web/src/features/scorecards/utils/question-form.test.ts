import { QA_LIMITS, QA_TEXTS, type Question } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import {
  duplicateValues,
  emptyQuestion,
  isShared,
  isUnchanged,
  isValid,
  lines,
  mergeLines,
  otherScorecards,
  toInput,
  validateQuestion,
  valuesOf,
  withoutScorecard,
} from './question-form';

const SALES = '5a1e5000-0000-4000-8000-000000000001';
const SUPPORT = '5a1e5000-0000-4000-8000-000000000002';

const question: Question = {
  questionId: '9e000000-0000-4000-8000-000000000001',
  questionText: 'Did the agent greet the customer by name?',
  presentationText: 'A greeting with the name sets the tone.',
  purposes: ['QUALITY'],
  isActive: true,
  isTrueGood: true,
  severity: 'HIGH',
  questionSetIds: [SALES, SUPPORT],
  speaker: 'AGENT',
  phrases: ['thank you for calling'],
  examples: ['Hello Maria'],
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('question form', () => {
  it('asks for every required field of a new question with Required', () => {
    const errors = validateQuestion(emptyQuestion(SALES));
    expect(errors).toEqual({
      questionText: QA_TEXTS.required,
      presentationText: QA_TEXTS.required,
      isTrueGood: QA_TEXTS.required,
      severity: QA_TEXTS.required,
    });
    expect(isValid(emptyQuestion(SALES))).toBe(false);
  });

  it('treats whitespace-only texts as blank and needs a purpose and a scorecard', () => {
    const values = {
      ...valuesOf(question),
      questionText: '  \t',
      presentationText: '\n',
      purposes: [],
      questionSetIds: [],
    };
    expect(validateQuestion(values)).toEqual({
      questionText: QA_TEXTS.required,
      presentationText: QA_TEXTS.required,
      purposes: QA_TEXTS.required,
      questionSetIds: QA_TEXTS.required,
    });
  });

  it('holds phrases to the contract limits', () => {
    const many = Array.from({ length: QA_LIMITS.maxPhrases + 1 }, (_, i) => `phrase ${i}`).join('\n');
    expect(validateQuestion({ ...valuesOf(question), phrases: many }).phrases).toBeDefined();
    expect(
      validateQuestion({ ...valuesOf(question), examples: 'x'.repeat(QA_LIMITS.maxPhraseChars + 1) })
        .examples,
    ).toBeDefined();
  });

  it('sends trimmed texts and one phrase per non-blank line, without repeats', () => {
    const input = toInput({
      ...valuesOf(question),
      questionText: '  Did the agent recap?  ',
      phrases: ' to recap \n\n to recap\nso to sum up ',
      purposes: ['QUALITY', 'COACHING'],
    });
    expect(input.questionText).toBe('Did the agent recap?');
    expect(input.phrases).toEqual(['to recap', 'so to sum up']);
    expect(input.purposes).toEqual(['COACHING', 'QUALITY']);
  });

  it('sees an edit that changed nothing (or only whitespace and order) as unchanged', () => {
    expect(isUnchanged(question, valuesOf(question))).toBe(true);
    const reordered = {
      ...valuesOf(question),
      questionSetIds: [SUPPORT, SALES],
      questionText: ` ${question.questionText} `,
    };
    expect(isUnchanged(question, reordered)).toBe(true);
    expect(isUnchanged(question, { ...valuesOf(question), severity: 'MEDIUM' })).toBe(false);
    expect(isUnchanged(question, { ...valuesOf(question), questionSetIds: [SALES] })).toBe(false);
  });

  it('duplicates an edit as an add with the scorecards cleared (then Required until one is chosen)', () => {
    const copy = duplicateValues(valuesOf(question));
    expect(copy.questionSetIds).toEqual([]);
    expect(copy.questionText).toBe(question.questionText);
    expect(validateQuestion(copy)).toEqual({ questionSetIds: QA_TEXTS.required });
  });

  it('deletes from the current scorecard only', () => {
    expect(withoutScorecard(question, SALES).questionSetIds).toEqual([SUPPORT]);
    expect(withoutScorecard({ ...question, questionSetIds: [SALES] }, SALES).questionSetIds).toEqual([]);
  });

  it('labels a question in more than one scorecard as Shared and names the others', () => {
    expect(isShared(question)).toBe(true);
    expect(isShared({ questionSetIds: [SALES] })).toBe(false);
    const sets = [
      { questionSetId: SALES, name: 'Sales' },
      { questionSetId: SUPPORT, name: 'Support' },
    ].map((s) => ({
      ...s,
      maxQuestions: 50,
      questionCount: 1,
      documentCount: 0,
      teamIds: [],
      createdAt: '',
    }));
    expect(otherScorecards(question, SALES, sets)).toEqual(['Support']);
  });

  it('adds suggested lines after the typed ones without repeats', () => {
    expect(mergeLines('hello\nthanks for calling', ['thanks for calling', 'good morning'])).toBe(
      'hello\nthanks for calling\ngood morning',
    );
    expect(lines('')).toEqual([]);
  });
});
