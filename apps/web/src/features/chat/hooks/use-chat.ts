import type { ChatMention, ChatMessage, ChatUserType } from '@agaton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import {
  cancelChatRun,
  chatKeys,
  sendChatMessage,
  streamChatRun,
  useChatMessages,
  useChatThreads,
  useCreateThread,
} from '../api/chat-api';
import { CHAT } from '../texts';

/** Spec 1 §4: idle → loading (sent) → streaming (answer created) → idle (completed) or rejected. */
export type RespondStatus = 'idle' | 'loading' | 'streaming' | 'rejected';

/** The question being answered and the answer streaming in, until the stored messages replace them. */
interface Pending {
  threadId: string;
  question: ChatMessage;
  answer: string;
}

/**
 * The chat's state for one audience: threads, the selected thread's messages, sending, streaming and
 * stopping. Sending is ignored while an answer runs or when the text is empty (spec 1 §5).
 */
export function useChat(
  userType: ChatUserType,
  options: { assistantId?: string; pollWhileRunning?: boolean } = {},
) {
  const client = useQueryClient();
  const threads = useChatThreads(userType);
  const createThread = useCreateThread(userType);
  const [chosen, setChosen] = useState<string | null>(null);
  const threadId = chosen ?? threads.data?.[0]?.threadId ?? null;
  const [status, setStatus] = useState<RespondStatus>('idle');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastStop, setLastStop] = useState(0);
  const running = status === 'loading' || status === 'streaming';
  const stream = useRef<AbortController | null>(null);
  const messages = useChatMessages(
    userType,
    threadId,
    options.pollWhileRunning && running ? CHAT.diagnosticPollMs : false,
  );

  // Spec 1 §4: the diagnostic view refreshes once, one second after a run stops.
  useEffect(() => {
    if (!lastStop || !threadId) return;
    const timer = setTimeout(
      () => client.invalidateQueries({ queryKey: chatKeys.messages(userType, threadId) }),
      CHAT.diagnosticPollMs,
    );
    return () => clearTimeout(timer);
  }, [lastStop, threadId, userType, client]);

  useEffect(() => () => stream.current?.abort(), []);

  const settle = useCallback(
    async (tid: string, next: RespondStatus, message: string | null) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: chatKeys.messages(userType, tid) }),
        client.invalidateQueries({ queryKey: chatKeys.threads(userType) }),
      ]);
      setPending(null);
      setStatus(next);
      setError(message);
      setLastStop(Date.now());
    },
    [client, userType],
  );

  const send = useCallback(
    async (raw: string, mentions?: ChatMention[]) => {
      const text = raw.trim();
      if (!text || running) return false;
      setStatus('loading');
      setError(null);
      let tid = threadId;
      try {
        if (!tid) {
          tid = (await createThread.mutateAsync()).threadId;
          setChosen(tid);
        }
        const sent = await sendChatMessage(userType, tid, text, options.assistantId, mentions);
        setPending({ threadId: tid, question: sent.message, answer: '' });
        const controller = new AbortController();
        stream.current = controller;
        let ended: { status: RespondStatus; message: string | null } | null = null;
        await streamChatRun({
          userType,
          threadId: tid,
          runId: sent.runId,
          signal: controller.signal,
          onEvent: (event) => {
            if (event.event === 'created') setStatus('streaming');
            else if (event.event === 'delta')
              setPending((p) => (p ? { ...p, answer: p.answer + event.data.text } : p));
            else if (event.event === 'completed') ended = { status: 'idle', message: null };
            else
              ended =
                event.data.reason === 'run_cancelled'
                  ? { status: 'idle', message: null }
                  : { status: 'rejected', message: CHAT.answerFailed };
          },
        });
        const end = ended ?? { status: 'rejected' as const, message: CHAT.answerFailed };
        await settle(tid, end.status, end.message);
      } catch (err) {
        const message = err instanceof ApiError && err.status < 500 ? err.message : CHAT.answerFailed;
        if (tid) await settle(tid, 'rejected', message);
        else {
          setStatus('rejected');
          setError(message);
        }
      }
      return true;
    },
    [running, threadId, createThread, userType, options.assistantId, settle],
  );

  const stop = useCallback(async () => {
    if (!threadId || !running) return;
    await cancelChatRun(userType, threadId).catch(() => undefined);
  }, [threadId, running, userType]);

  const newThread = useCallback(async () => {
    if (running) return;
    const thread = await createThread.mutateAsync();
    setChosen(thread.threadId);
    setStatus('idle');
    setError(null);
  }, [running, createThread]);

  const select = useCallback(
    (id: string) => {
      if (running) return;
      setChosen(id);
      setStatus('idle');
      setError(null);
    },
    [running],
  );

  const stored = messages.data?.messages ?? [];
  const shown =
    pending && pending.threadId === threadId
      ? [
          ...stored,
          pending.question,
          ...(status === 'streaming' || pending.answer
            ? [
                {
                  messageId: 'streaming',
                  role: 'assistant' as const,
                  content: pending.answer,
                  createdAt: new Date().toISOString(),
                  citations: [],
                  userScore: null,
                },
              ]
            : []),
        ]
      : stored;
  const thread = threads.data?.find((t) => t.threadId === threadId) ?? null;
  return {
    threads,
    thread,
    threadId,
    messages,
    shown,
    status,
    running,
    error: error ?? (status === 'idle' ? null : (thread?.error ?? null)),
    send,
    stop,
    newThread,
    select,
  };
}
