import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TranscriptLine } from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerableQuestion, createCallAnswerer } from './index.ts';

/**
 * A loopback server speaking the OpenAI chat-completions wire format (SSE chunks, [DONE]). It replies
 * with whatever `reply` holds for the next request, split across chunks, or a 500 when it is null.
 */
let reply: string | null = null;
const requests: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] =
  [];
const server: Server = createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
  if (reply === null) {
    res.writeHead(500).end('overloaded');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (let i = 0; i < reply.length; i += 17) {
    res.write(
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: reply.slice(i, i + 17) } }] })}\n\n`,
    );
  }
  res.end('data: [DONE]\n\n');
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lines: TranscriptLine[] = [
  {
    index: 0,
    speaker: 'AGENT',
    speakerLabel: 'Agent',
    start: 0,
    end: 3,
    text: 'Thank you for calling Northwind, this is Dana.',
  },
  {
    index: 1,
    speaker: 'CUSTOMER',
    speakerLabel: 'Customer',
    start: 3,
    end: 6,
    text: 'My order arrived broken, I want a refund.',
  },
  {
    index: 2,
    speaker: 'AGENT',
    speakerLabel: 'Agent',
    start: 6,
    end: 9,
    text: "I'm sorry. I can't offer a refund, but I can send a new one.",
  },
];
const q = (questionId: string, questionText: string, phrases: string[]): AnswerableQuestion => ({
  questionId,
  questionText,
  presentationText: '',
  isTrueGood: true,
  severity: 'HIGH',
  speaker: 'AGENT',
  phrases,
  examples: [],
});
const greet = q('greet', 'Did the agent greet the customer?', ['thank you for calling']);
const refund = q('refund', 'Did the agent offer a refund?', ['offer a refund']);
const answerer = () => createCallAnswerer({ llm: { baseUrl, apiKey: 'test-key', model: 'test-model' } });

describe('QA answers by a model (OpenAI-compatible)', () => {
  it('sends the numbered lines and takes valid answers from the model', async () => {
    reply = `\`\`\`json\n${JSON.stringify({
      answers: [
        { questionId: 'greet', premise: 'NONE', answer: 'YES', lineIndexes: [0], confidence: 0.95 },
        { questionId: 'refund', premise: 'OCCURRED', answer: 'NO', lineIndexes: [2], confidence: 0.5 },
      ],
    })}\n\`\`\``;
    const answers = await answerer().answerCall({ lines, questions: [greet, refund], references: [] });
    expect(answers).toEqual([
      {
        questionId: 'greet',
        answer: 'YES',
        lineIndexes: [0],
        confidence: 0.95,
        needsReview: false,
        answeredBy: 'LLM',
      },
      {
        questionId: 'refund',
        answer: 'NO',
        lineIndexes: [2],
        confidence: 0.5,
        needsReview: true,
        answeredBy: 'LLM',
      },
    ]);
    const last = requests.at(-1);
    expect(last?.auth).toBe('Bearer test-key');
    expect(last?.body.model).toBe('test-model');
    expect(last?.body.messages[1].content).toContain("2 [AGENT] I'm sorry. I can't offer a refund");
  });

  it('falls back to the offline answer for a cited line that does not exist or is the wrong speaker’s', async () => {
    reply = JSON.stringify({
      answers: [
        { questionId: 'greet', premise: 'NONE', answer: 'YES', lineIndexes: [7], confidence: 0.9 },
        { questionId: 'refund', premise: 'NONE', answer: 'YES', lineIndexes: [1], confidence: 0.9 },
      ],
    });
    const answers = await answerer().answerCall({ lines, questions: [greet, refund], references: [] });
    expect(answers).toMatchObject([
      { questionId: 'greet', answer: 'YES', lineIndexes: [0], answeredBy: 'OFFLINE' },
      { questionId: 'refund', answer: 'NO', lineIndexes: [2], answeredBy: 'OFFLINE' },
    ]);
  });

  it('falls back for a YES without a line, an unknown question and an unreadable reply', async () => {
    reply = JSON.stringify({
      answers: [
        { questionId: 'greet', premise: 'NONE', answer: 'YES', lineIndexes: [], confidence: 0.9 },
        { questionId: 'other', premise: 'NONE', answer: 'NO', lineIndexes: [], confidence: 0.9 },
        { questionId: 'refund', premise: 'NONE', answer: 'MAYBE', lineIndexes: [2], confidence: 0.9 },
      ],
    });
    const first = await answerer().answerCall({ lines, questions: [greet, refund], references: [] });
    expect(first.map((a) => a.answeredBy)).toEqual(['OFFLINE', 'OFFLINE']);
    reply = 'Sure! Here are the answers: yes and no.';
    const second = await answerer().answerCall({ lines, questions: [greet, refund], references: [] });
    expect(second.map((a) => a.answeredBy)).toEqual(['OFFLINE', 'OFFLINE']);
  });

  it('asks for the premise first and keeps an answer only when it follows from the premise', async () => {
    reply = JSON.stringify({
      answers: [
        // The premise did not occur, yet the model answered NO: contradictory, offline stands.
        { questionId: 'greet', premise: 'DID_NOT_OCCUR', answer: 'NO', lineIndexes: [], confidence: 0.9 },
        // Not applicable although the premise occurred: contradictory too.
        {
          questionId: 'refund',
          premise: 'OCCURRED',
          answer: 'NOT_APPLICABLE',
          lineIndexes: [],
          confidence: 0.9,
        },
      ],
    });
    const contradictory = await answerer().answerCall({ lines, questions: [greet, refund], references: [] });
    expect(contradictory.map((a) => a.answeredBy)).toEqual(['OFFLINE', 'OFFLINE']);
    expect(requests.at(-1)?.body.messages[0].content).toContain('First decide the premise');

    const priceObjection = q(
      'price',
      'When the customer objected to the price, did the agent offer a discount?',
      [],
    );
    reply = JSON.stringify({
      answers: [
        {
          questionId: 'price',
          premise: 'DID_NOT_OCCUR',
          answer: 'NOT_APPLICABLE',
          lineIndexes: [],
          confidence: 0.92,
        },
      ],
    });
    const [answer] = await answerer().answerCall({ lines, questions: [priceObjection], references: [] });
    expect(answer).toMatchObject({ answer: 'NOT_APPLICABLE', answeredBy: 'LLM', needsReview: false });
    // A reply without the premise is not taken.
    reply = JSON.stringify({
      answers: [{ questionId: 'price', answer: 'NOT_APPLICABLE', lineIndexes: [], confidence: 0.92 }],
    });
    const [without] = await answerer().answerCall({ lines, questions: [priceObjection], references: [] });
    expect(without.answeredBy).toBe('OFFLINE');
  });

  it('answers offline when the model fails', async () => {
    reply = null;
    const answers = await answerer().answerCall({ lines, questions: [greet, refund], references: [] });
    expect(answers).toMatchObject([
      { questionId: 'greet', answer: 'YES', answeredBy: 'OFFLINE' },
      { questionId: 'refund', answer: 'NO', answeredBy: 'OFFLINE' },
    ]);
  });
});
