import { type ChatStreamEvent, chatStreamEventSchema } from '@agaton/contracts';

/** Splits a growing SSE text into complete events and the unfinished rest. */
export function takeEvents(buffer: string): { events: ChatStreamEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ChatStreamEvent[] = [];
  for (const block of blocks) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (!event || !data) continue;
    const parsed = chatStreamEventSchema.safeParse({ event, data: JSON.parse(data) });
    if (parsed.success) events.push(parsed.data);
  }
  return { events, rest };
}
