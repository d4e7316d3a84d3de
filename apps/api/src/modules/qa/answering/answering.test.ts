import { describe, expect, it } from 'vitest';
import { line } from './answering.test-helper.ts';
import { DECISION_FEATURES, type DecisionFeatures, decide, installedDecisionModel } from './decision.ts';
import {
  type AnswerableQuestion,
  createCallAnswerer,
  flagFor,
  type QuestionAnswer,
  suggestEvidence,
} from './index.ts';
import { answerOffline } from './offline.ts';
import { parseQuestion } from './question-parse.ts';
import { quotedPhrasings } from './suggest.ts';

function question(overrides: Partial<AnswerableQuestion> & { questionText: string }): AnswerableQuestion {
  return {
    questionId: overrides.questionText,
    presentationText: '',
    isTrueGood: true,
    severity: 'HIGH',
    speaker: 'AGENT',
    phrases: [],
    examples: [],
    ...overrides,
  };
}

const refundCall = [
  line(0, 'AGENT', 'Thank you for calling Northwind, this is Dana. How can I help?'),
  line(1, 'CUSTOMER', 'Hi. The blender I bought arrived broken and I would like a refund.'),
  line(2, 'AGENT', "I'm so sorry about that. Let me look at the order."),
  line(3, 'AGENT', "Unfortunately I can't offer a refund after thirty days, but I can send a replacement."),
  line(4, 'CUSTOMER', 'Fine, send the replacement then.'),
];

const offerRefund = question({
  questionText: 'Did the agent offer a refund?',
  phrases: ['offer a refund', 'refund'],
});

describe('offline answerer (words only)', () => {
  it('reads a negated offer as NO and cites the sentence that refuses', async () => {
    const [a] = await answerOffline({ lines: refundCall, questions: [offerRefund], references: [] });
    expect(a.answer).toBe('NO');
    expect(a.lineIndexes).toEqual([3]);
  });

  it('answers YES with the line when the agent says the phrase in other words of the same stem', async () => {
    const lines = [
      ...refundCall.slice(0, 3),
      line(3, 'AGENT', "I've refunded the full amount to your card."),
    ];
    const [a] = await answerOffline({ lines, questions: [offerRefund], references: [] });
    expect(a.answer).toBe('YES');
    expect(a.lineIndexes).toEqual([3]);
  });

  it("reads only the question's speaker: the customer asking for a refund is no offer", async () => {
    const lines = [
      line(0, 'AGENT', 'Hello, how can I help?'),
      line(1, 'CUSTOMER', 'I want a refund, can you offer a refund?'),
    ];
    const [a] = await answerOffline({ lines, questions: [offerRefund], references: [] });
    expect(a.answer).toBe('NO');
    expect(a.lineIndexes).toEqual([]);
  });

  it('counts UNKNOWN lines for either speaker', async () => {
    const lines = [line(0, 'UNKNOWN', 'I can offer a refund today.')];
    const [a] = await answerOffline({ lines, questions: [offerRefund], references: [] });
    expect(a).toMatchObject({ answer: 'YES', lineIndexes: [0] });
  });

  it('answers NOT_APPLICABLE when a conditional question’s precondition does not occur', async () => {
    const q = question({
      questionText: 'If the customer asked for a refund, did the agent explain the refund policy?',
      phrases: ['refund policy'],
    });
    const lines = [
      line(0, 'AGENT', 'Thanks for calling, how can I help?'),
      line(1, 'CUSTOMER', 'I need to update my delivery address.'),
      line(2, 'AGENT', 'Done, the address is updated.'),
    ];
    const [a] = await answerOffline({ lines, questions: [q], references: [] });
    expect(a).toMatchObject({ answer: 'NOT_APPLICABLE', lineIndexes: [] });
    expect(a.confidence).toBeGreaterThanOrEqual(0.9);
    const [b] = await answerOffline({ lines: refundCall, questions: [q], references: [] });
    expect(b.answer).toBe('NO');
    // Written as prose (no phrases), the decision model answers: a premise not found is less certain.
    const [prose] = await answerOffline({ lines, questions: [{ ...q, phrases: [] }], references: [] });
    expect(prose).toMatchObject({ answer: 'NOT_APPLICABLE', needsReview: false, lineIndexes: [] });
    expect(prose.confidence).toBeLessThan(0.9);
  });

  it('uses script lines of the reference documents as evidence', async () => {
    const q = question({ questionText: 'Did the agent read the recording disclosure?' });
    const lines = [
      line(0, 'AGENT', 'Before we start, this call is recorded for training and quality purposes.'),
    ];
    const references = [
      {
        name: 'script.txt',
        text: 'Opening\n- Disclosure: "This call is recorded for training and quality purposes."',
      },
    ];
    const [without] = await answerOffline({ lines, questions: [q], references: [] });
    const [withScript] = await answerOffline({ lines, questions: [q], references });
    expect(without.answer).toBe('NO');
    expect(withScript).toMatchObject({ answer: 'YES', lineIndexes: [0] });
  });

  it('gives the same answers whatever order the questions come in', async () => {
    // The script line shares all the words of both behaviours: a tie, which once went to whichever
    // question came first.
    const greet = question({ questionId: 'greet', questionText: 'Did the agent greet the customer?' });
    const thank = question({ questionId: 'thank', questionText: 'Did the agent thank the customer?' });
    const lines = [line(0, 'AGENT', 'Hello there, we greet and thank every customer who calls Northwind.')];
    const references = [
      { name: 'script.txt', text: 'Opening\n- Greet and thank the customer who calls Northwind.' },
    ];
    const byId = (answers: QuestionAnswer[]) => Object.fromEntries(answers.map((a) => [a.questionId, a]));
    const forwards = byId(await answerOffline({ lines, questions: [greet, thank], references }));
    const backwards = byId(await answerOffline({ lines, questions: [thank, greet], references }));
    expect(backwards).toEqual(forwards);
  });

  it('marks an answer on thin evidence for review, with its leaning answer, and a clear one not', async () => {
    const q = question({
      questionText: 'Did the agent arrange a replacement?',
      examples: ['We will ship replacement parts by courier'],
    });
    const thin = [line(0, 'AGENT', 'We can ship the parts by courier.')];
    const clear = [line(0, 'AGENT', 'We will ship replacement parts by courier today.')];
    const [a] = await answerOffline({ lines: thin, questions: [q], references: [] });
    const [b] = await answerOffline({ lines: clear, questions: [q], references: [] });
    expect(a).toMatchObject({ answer: 'YES', needsReview: true, lineIndexes: [0] });
    expect(b).toMatchObject({ answer: 'YES', needsReview: false, lineIndexes: [0] });
    expect(a.confidence).toBeLessThan(b.confidence);
    expect(flagFor({ answer: 'NO', needsReview: true }, q)).toBe('YELLOW');
  });

  it('does not take a one-word object of a prose question as proof: "policy" is said by who cancels one', async () => {
    const q = question({ questionText: 'Did the customer buy a policy?', speaker: 'CUSTOMER' });
    const lines = [
      line(0, 'AGENT', 'Tallgrass pet team, you are talking to Amir.'),
      line(1, 'CUSTOMER', "I need to cancel my dog's policy."),
      line(2, 'AGENT', 'Of course, I will take care of that for you.'),
    ];
    const [a] = await answerOffline({ lines, questions: [q], references: [] });
    expect(a.answer).toBe('NO');
    expect(a.lineIndexes).toEqual([]);
  });

  it('reads "don\'t worry" and "no bother" as reassurance, not as a refusal', async () => {
    const q = question({ questionText: 'Did the agent take ownership?', phrases: ['do it all from here'] });
    const lines = [
      line(0, 'CUSTOMER', 'I want to switch to the cheaper plan.'),
      line(1, 'AGENT', "Don't worry I'll do it all from here."),
    ];
    const [a] = await answerOffline({ lines, questions: [q], references: [] });
    expect(a).toMatchObject({ answer: 'YES', lineIndexes: [1] });
  });

  it('cites only lines that exist in the call', async () => {
    const questions = [
      offerRefund,
      question({ questionText: 'Did the agent apologise?', examples: ["I'm sorry about that"] }),
      question({ questionText: 'Did the agent greet the customer?', phrases: ['thank you for calling'] }),
    ];
    const answers = await answerOffline({ lines: refundCall, questions, references: [] });
    const indexes = new Set(refundCall.map((l) => l.index));
    for (const a of answers) for (const i of a.lineIndexes) expect(indexes.has(i)).toBe(true);
    expect(answers.map((a) => a.answer)).toEqual(['NO', 'YES', 'YES']);
  });
});

describe('decide', () => {
  const features = Object.fromEntries(DECISION_FEATURES.map((f) => [f, 0])) as DecisionFeatures;
  const leaning = (answer: 'NO' | 'NOT_APPLICABLE' | 'YES') => ({
    ...installedDecisionModel(),
    weights: installedDecisionModel().weights.map((w) => w.map(() => 0)),
    intercepts: installedDecisionModel().classes.map((c) => (c === answer ? 10 : 0)),
  });

  it('states at most 0.89 for a Not applicable, however sure the model is, and keeps the other answers', () => {
    expect(installedDecisionModel().maxConfidence).toEqual({ NOT_APPLICABLE: 0.89 });
    expect(decide(leaning('NOT_APPLICABLE'), features)).toEqual({
      answer: 'NOT_APPLICABLE',
      confidence: 0.89,
      needsReview: false,
    });
    expect(decide(leaning('YES'), features)).toEqual({ answer: 'YES', confidence: 1, needsReview: false });
  });
});

describe('flagFor', () => {
  it.each([
    ['YES', false, true, 'HIGH', 'GREEN'],
    ['NO', false, false, 'HIGH', 'GREEN'],
    ['NO', false, true, 'HIGH', 'RED'],
    ['NO', false, true, 'MEDIUM', 'YELLOW'],
    ['YES', false, false, 'HIGH', 'RED'],
    ['NO', true, true, 'HIGH', 'YELLOW'],
    ['YES', true, true, 'HIGH', 'YELLOW'],
    ['NO', true, false, 'MEDIUM', 'YELLOW'],
    ['NOT_APPLICABLE', true, true, 'HIGH', 'UNSPECIFIED'],
    ['NOT_APPLICABLE', false, true, 'HIGH', 'UNSPECIFIED'],
  ] as const)(
    '%s (review %s) to a question where YES is good: %s, %s → %s',
    (answer, needsReview, isTrueGood, severity, flag) => {
      expect(flagFor({ answer, needsReview }, { isTrueGood, severity })).toBe(flag);
    },
  );
});

describe('parseQuestion: the premise of a question written as prose', () => {
  it.each([
    [
      'If the customer asked for a refund, did the agent explain the policy?',
      '',
      'asked for a refund',
      'explain the policy',
    ],
    [
      'Did the agent explain the early exit charge to a customer who wanted to leave?',
      '',
      'wanted to leave',
      'explain the early exit charge',
    ],
    [
      'Did the collector offer the hardship plan?',
      'Only applies when the customer says they cannot pay. The plan freezes interest.',
      'says they cannot pay',
      'offer the hardship plan',
    ],
    [
      'Did the agent confirm it in writing?',
      'Whenever a payment plan is agreed (weekly or monthly), tell the customer it will be confirmed.',
      'a payment plan is agreed',
      'confirm it in writing',
    ],
    [
      'Was the complaint escalated?',
      'If someone complains about their bill (a charge they dispute, a price rise) it has to be logged.',
      'complains about their bill',
      'escalate the complaint',
    ],
    // A clause that names no situation is not a premise; nor is an explanation without one.
    [
      'Did the agent keep the details private?',
      'If a spouse, parent or roommate picks up, say nothing.',
      null,
      'keep the details private',
    ],
    ['Did the agent greet the customer?', 'A warm opening with their name.', null, 'greet the customer'],
    // An example after "e.g." and a special case that says what counts are no premise either.
    [
      'Did the agent tell the customer what happens next?',
      'E.g. when the new card will arrive, a letter to look out for. If nothing else needs to happen, telling them so counts.',
      null,
      'tell the customer what happens next',
    ],
  ])('%s / %s → premise %s', (question, explanation, premise, action) => {
    const parsed = parseQuestion(question, explanation);
    expect(parsed.precondition).toBe(premise);
    expect(parsed.action).toBe(action);
    if (premise) expect(parsed.preconditionParty).toBe('CUSTOMER');
  });
});

describe('parseQuestion: what the behaviour must come before', () => {
  it('makes a "before …" clause with its own subject the premise', () => {
    expect(parseQuestion('Were the exclusions explained before the customer committed?')).toMatchObject({
      precondition: 'committed',
      preconditionParty: 'CUSTOMER',
    });
  });

  it('reads a "before …" of the main subject\'s own doing as when the behaviour is due, not a premise', () => {
    expect(
      parseQuestion('Did the agent take the customer through security before going into the account?'),
    ).toEqual({
      subject: 'AGENT',
      action: 'take the customer through security before going into the account',
      precondition: null,
      preconditionParty: null,
    });
    expect(
      parseQuestion('Did the agent tell the customer what happens next before ending the call?').precondition,
    ).toBeNull();
  });
});

describe('parseQuestion: a leading time phrase', () => {
  it('is no condition: the question is the rest', () => {
    expect(parseQuestion('Before the call ended, did the agent run back over what had been agreed?')).toEqual(
      {
        subject: 'AGENT',
        action: 'run back over what had been agreed',
        precondition: null,
        preconditionParty: null,
      },
    );
  });
});

describe('parseQuestion: passive questions', () => {
  it('asks what the agent did, in the active voice', () => {
    expect(parseQuestion('Was the caller welcomed properly at the start?')).toMatchObject({
      subject: null,
      action: 'welcome the caller properly at the start',
    });
    expect(parseQuestion('Was the recording notice given?').action).toBe('give the recording notice');
    expect(parseQuestion("Was the customer's complaint about billing escalated?").action).toBe(
      "escalate the customer's complaint about billing",
    );
    expect(parseQuestion('Was the issue resolved by the agent?').action).toBe('resolve the issue');
    expect(parseQuestion('Was the account verified?').action).toBe('verify the account');
    // A state is no passive: "Was the customer satisfied?" is about the customer.
    expect(parseQuestion('Was the customer satisfied?')).toMatchObject({
      subject: 'CUSTOMER',
      action: 'satisfied',
    });
  });
});

describe('suggestEvidence', () => {
  it('derives the speaker, phrases and a first-person example from the question', () => {
    const s = suggestEvidence('Did the agent verify the customer’s date of birth?');
    expect(s.speaker).toBe('AGENT');
    expect(s.phrases).toContain('date of birth');
    expect(s.examples).toEqual(['I verify your date of birth']);
    expect(suggestEvidence('Did the customer ask to cancel their subscription?').speaker).toBe('CUSTOMER');
  });

  it('splits joined behaviours, turns "ask if" into the question asked, and keeps quoted phrasings', () => {
    expect(suggestEvidence('Did the agent greet the customer and introduce themselves?')).toEqual({
      speaker: 'AGENT',
      phrases: ['greet you', 'introduce myself'],
      examples: ['I greet you and introduce myself'],
    });
    const closing = suggestEvidence(
      'Did the agent ask if there was anything else they could help with?',
      'For example "Is there anything else I can do for you today?"',
    );
    expect(closing.phrases).toEqual(['is there anything else I can help with']);
    expect(closing.examples).toEqual([
      'is there anything else I can help with',
      'Is there anything else I can do for you today?',
    ]);
  });
});

describe('quotedPhrasings', () => {
  it('sorts the quotes of an explanation by what it says of them, single quotes and apostrophes included', () => {
    expect(
      quotedPhrasings(
        "We expect a warm opening, e.g. 'Morning, Calderline, you're through to Sam'. Picking up with just 'Account number?' or 'Yeah?' is not a welcome.",
      ),
    ).toEqual({
      shown: ["Morning, Calderline, you're through to Sam"],
      good: [],
      bad: ['Account number?', 'Yeah?'],
    });
    expect(
      quotedPhrasings(
        "We want 'leave it with me, I'll sort it' rather than 'that's a different department'.",
      ),
    ).toEqual({
      shown: ["leave it with me, I'll sort it"],
      good: [],
      bad: ["that's a different department"],
    });
    expect(
      quotedPhrasings(
        "Reps must never say a claim 'is guaranteed'. 'I can't promise any one claim' is the right answer. 'No idea, sorry' doesn't.",
      ),
    ).toEqual({
      shown: [],
      good: ["I can't promise any one claim"],
      bad: ['is guaranteed', 'No idea, sorry'],
    });
    // Words that qualify the quote may stand between it and its negated predicate.
    expect(
      quotedPhrasings(
        "Say the bank's name and yours, e.g. 'Fernbrook Bank, you're speaking to Alex'. 'Fraud line' or 'Card services, go ahead' on its own is not an opening.",
      ),
    ).toEqual({
      shown: ["Fernbrook Bank, you're speaking to Alex"],
      good: [],
      bad: ['Fraud line', 'Card services, go ahead'],
    });
    expect(
      quotedPhrasings("'Loomfield billing' with no name, or a name with no company, is not enough.").bad,
    ).toEqual(['Loomfield billing']);
    // "… doesn't count" is not "counts".
    expect(
      quotedPhrasings("'Let me look into that for you' or just reading out the amount doesn't count."),
    ).toEqual({ shown: [], good: [], bad: ['Let me look into that for you'] });
    // A predicate of the quote's own ends the qualifying words: the later "is not" is said of another.
    expect(quotedPhrasings("'Sure, I can check' is fine, but 'No idea' is not.")).toEqual({
      shown: [],
      good: ['Sure, I can check'],
      bad: ['No idea'],
    });
    // A negation later in the sentence that is not said of the quote leaves it an example.
    expect(
      quotedPhrasings(
        "We want one line of understanding, e.g. 'I appreciate it's a tough time', not just numbers.",
      ).shown,
    ).toEqual(["I appreciate it's a tough time"]);
  });

  it('suggests only the quotes that show the behaviour as examples of YES', () => {
    const welcome = suggestEvidence(
      'Did the agent welcome the caller?',
      "A warm opening, e.g. 'Morning, you're through to Sam'. Just 'Yeah?' is not a welcome.",
    );
    expect(welcome.examples).toEqual(['I welcome you', "Morning, you're through to Sam"]);
  });
});

describe('createCallAnswerer (with sentence embeddings)', () => {
  it('finds a paraphrase no phrase names', async () => {
    const q = question({
      questionText: 'Did the agent show empathy?',
      examples: ['I understand how frustrating that must be'],
    });
    const lines = [
      line(0, 'CUSTOMER', 'This is the third time it broke!'),
      line(1, 'AGENT', 'Oh no, that sounds really annoying, I am sorry to hear it.'),
    ];
    const [a] = await createCallAnswerer({}).answerCall({ lines, questions: [q], references: [] });
    expect(a).toMatchObject({ answer: 'YES', lineIndexes: [1], answeredBy: 'OFFLINE' });
  });
});
