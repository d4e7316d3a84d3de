import type { ChatMention } from '@agaton/contracts';
import type { AppContext } from '../../../lib/context.ts';
import {
  type LlmMessage,
  type LlmSettings,
  streamChatCompletion,
} from '../../../providers/llm/openai-chat.ts';
import type { ChatScope } from '../chat-data.ts';
import type { Answerer } from '../chat-runs.ts';
import { answerAdmin } from './admin-assistant.ts';
import type { Answer, AnswerStep } from './answer-kit.ts';
import { answerCoach } from './coach-assistant.ts';

/** Tool rounds before the model must answer. */
const MAX_ROUNDS = 4;

const LOOKUP = {
  name: 'lookup',
  description:
    "Looks up the asker's own data (sessions, scores, sounds, words, pace, fillers, goals, reports, learning articles, and for organisation admins the people, teams, candidates and QA items they manage, team comparisons of two periods included). Pass one focused question in English, with @Name or #Team mentions and a period when relevant. Returns Markdown with links to where each number comes from, or a refusal.",
  parameters: {
    type: 'object',
    properties: { question: { type: 'string', description: 'One question about the data.' } },
    required: ['question'],
  },
};

const SYSTEM = [
  'You are Agaton, a coach for spoken English in a speaking-coaching app.',
  'Answer only from what the lookup tool returns: never invent or estimate a number.',
  'Keep the Markdown links of the tool results next to every number you repeat.',
  'If the tool refuses or finds nothing, say so plainly. Be brief and practical.',
].join(' ');

/**
 * The model path (`mentions`: those the user picked, so a tool question naming them reads the same
 * person or team): an OpenAI-compatible model that reads data only by calling `lookup`, which runs
 * the offline assistant for the same asker — so the model sees exactly the asker's scope, through
 * the same data functions. Its content streams to `emit`; aborting `signal` aborts the request.
 */
export function llmAnswerer(
  ctx: AppContext,
  scope: ChatScope,
  settings: LlmSettings,
  mentions: ChatMention[] = [],
): Answerer {
  return async (text, signal, emit, history): Promise<Answer> => {
    // The thread's recent messages (bounded in chat-runs.ts) come first, so "and last month?" or
    // "what about her fluency?" can be read against the conversation.
    const messages: LlmMessage[] = [
      { role: 'system', content: SYSTEM },
      ...history.map(
        (m): LlmMessage =>
          m.role === 'user'
            ? { role: 'user', content: m.content }
            : { role: 'assistant', content: m.content },
      ),
      { role: 'user', content: text },
    ];
    const steps: AnswerStep[] = [{ kind: 'model', detail: settings.model }];
    const citations = new Map<string, { label: string; href: string }>();
    let written = '';
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await streamChatCompletion({
        settings,
        messages,
        tools: [LOOKUP],
        signal,
        onDelta: (delta) => {
          written += delta;
          emit(delta);
        },
      });
      if (!result.toolCalls.length) return { markdown: written, citations: [...citations.values()], steps };
      messages.push({
        role: 'assistant',
        content: result.content || null,
        tool_calls: result.toolCalls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      for (const call of result.toolCalls) {
        let question = text;
        try {
          question = String((JSON.parse(call.arguments || '{}') as { question?: unknown }).question ?? text);
        } catch {
          // A model that sends broken JSON gets the user's own question looked up.
        }
        const found =
          scope.kind === 'coach'
            ? await answerCoach(ctx, scope, question, new Date())
            : await answerAdmin(ctx, scope, question, new Date(), { mentions });
        steps.push({ kind: 'tool lookup', detail: question }, ...found.steps);
        for (const c of found.citations) citations.set(c.href, c);
        messages.push({ role: 'tool', tool_call_id: call.id, content: found.markdown });
      }
    }
    throw new Error('the model kept calling tools without answering');
  };
}
