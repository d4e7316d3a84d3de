import { describe, expect, it } from 'vitest';
import { agreementObject, replyAct } from './agreement.ts';
import { line } from './answering.test-helper.ts';
import { callSentences } from './evidence.ts';
import { answerOffline } from './offline.ts';
import type { AnswerableQuestion } from './types.ts';

function customerQuestion(questionText: string, extra: Partial<AnswerableQuestion> = {}): AnswerableQuestion {
  return {
    questionId: questionText,
    questionText,
    presentationText: '',
    isTrueGood: true,
    severity: 'MEDIUM',
    speaker: 'CUSTOMER',
    phrases: [],
    examples: [],
    ...extra,
  };
}

const act = (text: string) => replyAct(callSentences([{ index: 0, text }])[0]);

const newCard = customerQuestion('Did the customer agree to a replacement card being sent?');
const opening = [
  line(0, 'AGENT', 'Fernbrook Bank, this is Aisha.'),
  line(1, 'CUSTOMER', 'Hi, there are three payments on my card that are not mine.'),
  line(2, 'AGENT', 'I have blocked the card and raised a claim for all three.'),
  line(3, 'CUSTOMER', 'Okay, thanks.'),
];

describe('customer-side agreement (structure of the call)', () => {
  it('takes the object of an agreement question, and leaves other customer questions alone', () => {
    expect(agreementObject('agree to a replacement card being sent')).toEqual({
      objects: ['a replacement card being sent'],
      generic: false,
    });
    expect(agreementObject('agree to renew or upgrade')?.objects).toEqual(['renew', 'upgrade']);
    expect(agreementObject('buy a policy')?.objects).toEqual(['buy a policy']);
    expect(agreementObject('agree to the purchase')?.generic).toBe(true);
    expect(agreementObject('complain about the bill')).toBeNull();
  });

  it('reads what a reply does: yes, acceptance in own words, refusal, putting off', () => {
    expect(act('Yes please.')).toBe('yes');
    expect(act('Yep, that is right, go ahead and send it.')).toBe('accept');
    expect(act('Perfect, sign me up.')).toBe('accept');
    expect(act("Okay, let's do it.")).toBe('accept');
    expect(act("I'll take it.")).toBe('accept');
    expect(act('No thanks.')).toBe('refuse');
    expect(act("No, don't send one, I'll pick one up in the branch.")).toBe('refuse');
    expect(act("We won't be renewing.")).toBe('refuse');
    expect(act("Sorry, I'm not interested.")).toBe('refuse');
    expect(act("Then we'll go with the other supplier.")).toBe('refuse');
    expect(act("I'll have to think about it.")).toBe('defer');
    expect(act("I'll take it back to the team and get back to you.")).toBe('defer');
    expect(act('Do I need to cancel my card?')).toBeNull();
    expect(act("I rang them and they just said it'll sort itself out.")).toBeNull();
    expect(act("I'll tell him.")).toBe('intent');
  });

  it('answers YES citing the customer line that says yes to the proposal', async () => {
    const lines = [
      ...opening,
      line(4, 'AGENT', 'Would you like a replacement card sent out to you?'),
      line(5, 'CUSTOMER', 'Yes please, I use it for everything.'),
      line(6, 'AGENT', 'Ordered, it will be with you in five days.'),
    ];
    const [a] = await answerOffline({ lines, questions: [newCard], references: [] });
    expect(a.answer).toBe('YES');
    expect(a.lineIndexes).toEqual([5]);
  });

  it('answers NO when the customer turns the proposal down', async () => {
    const lines = [
      ...opening,
      line(4, 'AGENT', 'If you like, I can send you a replacement card?'),
      line(5, 'CUSTOMER', "No thanks, I'll keep the one I have."),
      line(6, 'AGENT', 'No problem.'),
    ];
    const [a] = await answerOffline({ lines, questions: [newCard], references: [] });
    expect(a.answer).toBe('NO');
  });

  it('does not answer YES when nothing was proposed, though the customer talks about the card', async () => {
    const lines = [
      ...opening,
      line(4, 'CUSTOMER', 'Do I need to cancel my card or get a replacement card sent?'),
      line(5, 'AGENT', 'No, your card is fine, keep using it.'),
      line(6, 'CUSTOMER', 'Great, thanks.'),
    ];
    const [a] = await answerOffline({ lines, questions: [newCard], references: [] });
    expect(a.answer).not.toBe('YES');
    expect(a.lineIndexes).not.toContain(4);
  });

  it("reads a commitment in the customer's own words, and its negation", async () => {
    const q = customerQuestion('Did the customer agree to renew or upgrade?');
    const renews = [
      line(0, 'AGENT', 'Hi, it is Leon at Loomfield, about the subscription.'),
      line(1, 'CUSTOMER', 'Yeah, just renew us same as last year, twelve seats.'),
      line(2, 'AGENT', 'Great, done.'),
    ];
    const lapses = [
      line(0, 'AGENT', 'Loomfield billing, this is Sam.'),
      line(1, 'CUSTOMER', "Hi Sam, we won't be renewing, can you switch it off at the end of the month?"),
      line(2, 'AGENT', 'No problem, it ends on the thirtieth.'),
    ];
    const [yes] = await answerOffline({ lines: renews, questions: [q], references: [] });
    const [no] = await answerOffline({ lines: lapses, questions: [q], references: [] });
    expect(yes).toMatchObject({ answer: 'YES', lineIndexes: [1] });
    expect(no.answer).toBe('NO');
  });

  it('keeps the thresholds for a question with admin evidence: a yes to the offer is a YES', async () => {
    const q = customerQuestion('Did the customer agree to the purchase?', {
      phrases: ['purchase', 'sign me up'],
    });
    const lines = [
      line(0, 'AGENT', 'The Basic plan covers that at five dollars a month.'),
      line(1, 'CUSTOMER', "Alright, let's do it."),
    ];
    const [a] = await answerOffline({ lines, questions: [q], references: [] });
    expect(a).toMatchObject({ answer: 'YES', lineIndexes: [1] });
  });
});
