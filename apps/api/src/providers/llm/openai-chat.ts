/**
 * A streaming client for OpenAI-compatible chat completions (`POST {base}/chat/completions` with
 * `stream: true` and function tools): OpenAI, Azure-style proxies, vLLM, llama.cpp server, Ollama.
 * Content deltas go to `onDelta` as they arrive; tool calls are assembled from their fragments.
 */

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

interface ChunkDelta {
  content?: string | null;
  tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

/** One streamed completion; aborting `signal` aborts the upstream request. */
export async function streamChatCompletion(options: {
  settings: LlmSettings;
  messages: LlmMessage[];
  tools: LlmTool[];
  signal: AbortSignal;
  onDelta: (text: string) => void;
}): Promise<{ content: string; toolCalls: LlmToolCall[] }> {
  const { settings } = options;
  const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      stream: true,
      messages: options.messages,
      // OpenAI refuses an empty tools array: a request without tools leaves the field out.
      ...(options.tools.length > 0
        ? { tools: options.tools.map((t) => ({ type: 'function', function: t })) }
        : {}),
    }),
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    throw new Error(`model answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  let content = '';
  const calls: LlmToolCall[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const data = line.startsWith('data:') ? line.slice(5).trim() : '';
      if (!data || data === '[DONE]') continue;
      const delta = (JSON.parse(data) as { choices?: { delta?: ChunkDelta }[] }).choices?.[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        content += delta.content;
        options.onDelta(delta.content);
      }
      for (const part of delta.tool_calls ?? []) {
        calls[part.index] ??= { id: '', name: '', arguments: '' };
        const call = calls[part.index];
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
      }
    }
  }
  return { content, toolCalls: calls.filter(Boolean) };
}
