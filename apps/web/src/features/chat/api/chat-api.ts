import {
  type ChatFeedbackRequest,
  type ChatMention,
  type ChatStreamEvent,
  type ChatUserType,
  chatMentionsResponseSchema,
  chatMessageSchema,
  chatMessagesResponseSchema,
  chatThreadListSchema,
  chatThreadSchema,
  sendChatMessageResponseSchema,
} from '@agaton/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client';
import { CHAT } from '../texts';
import { takeEvents } from '../utils/sse';

const kindOf = (userType: ChatUserType) => (userType === 'ADMIN' ? 'admin' : 'user');

/** Under 'session' so a new sign-in drops them. */
export const chatKeys = {
  all: (userType: ChatUserType) => ['session', 'chat', userType] as const,
  threads: (userType: ChatUserType) => [...chatKeys.all(userType), 'threads'] as const,
  messages: (userType: ChatUserType, threadId: string) =>
    [...chatKeys.all(userType), 'messages', threadId] as const,
  mentions: () => [...chatKeys.all('ADMIN'), 'mentions'] as const,
};

/** GET /api/chat/mentions: the agents and teams an admin may tag (only fetched for admins). */
export function useChatMentions(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.mentions(),
    queryFn: () => api.request('/chat/mentions', { auth: 'admin', schema: chatMentionsResponseSchema }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /api/chat/threads (the server creates one when none exist). */
export function useChatThreads(userType: ChatUserType) {
  return useQuery({
    queryKey: chatKeys.threads(userType),
    queryFn: async () =>
      (await api.request('/chat/threads', { auth: kindOf(userType), schema: chatThreadListSchema })).threads,
  });
}

/** Messages and runs of a thread; `pollMs` while a run is active (diagnostic panel). */
export function useChatMessages(
  userType: ChatUserType,
  threadId: string | null,
  pollMs: number | false = false,
) {
  return useQuery({
    queryKey: chatKeys.messages(userType, threadId ?? ''),
    queryFn: () =>
      api.request(`/chat/threads/${threadId}/messages`, {
        auth: kindOf(userType),
        schema: chatMessagesResponseSchema,
      }),
    enabled: Boolean(threadId),
    refetchInterval: pollMs,
  });
}

export function useCreateThread(userType: ChatUserType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request('/chat/threads', { method: 'POST', auth: kindOf(userType), schema: chatThreadSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.threads(userType) }),
  });
}

export function sendChatMessage(
  userType: ChatUserType,
  threadId: string,
  text: string,
  assistantId?: string,
  mentions?: ChatMention[],
) {
  return api.request(`/chat/threads/${threadId}/messages`, {
    auth: kindOf(userType),
    body: {
      userType,
      text,
      ...(assistantId ? { openaiAssistantId: assistantId } : {}),
      ...(mentions?.length ? { mentions } : {}),
    },
    schema: sendChatMessageResponseSchema,
  });
}

export function cancelChatRun(userType: ChatUserType, threadId: string) {
  return api.request(`/chat/threads/${threadId}/cancel`, {
    auth: kindOf(userType),
    body: { userType },
    schema: z.object({ cancelled: z.boolean() }),
  });
}

export function useChatFeedback(userType: ChatUserType, threadId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<ChatFeedbackRequest, 'userType'>) =>
      api.request('/chat/feedback', {
        auth: kindOf(userType),
        body: { ...request, userType },
        schema: chatMessageSchema,
      }),
    onSuccess: () =>
      threadId && client.invalidateQueries({ queryKey: chatKeys.messages(userType, threadId) }),
  });
}

/**
 * Reads a run's Server-Sent Events (the client's `stream`) and hands each to `onEvent`; resolves when
 * the stream ends. A failed stream throws an ApiError with the chat's failure text.
 */
export async function streamChatRun(options: {
  userType: ChatUserType;
  threadId: string;
  runId: string;
  signal: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
}) {
  const body = await api
    .stream(`/chat/threads/${options.threadId}/events`, {
      auth: kindOf(options.userType),
      query: { runId: options.runId },
      accept: 'text/event-stream',
      signal: options.signal,
    })
    .catch((error: unknown) => {
      throw error instanceof ApiError ? new ApiError(error.status, CHAT.answerFailed) : error;
    });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    for (const event of events) options.onEvent(event);
  }
}
