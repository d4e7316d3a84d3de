import { setTimeout as sleep } from 'node:timers/promises';
import { CHAT_TEXTS, type ChatStreamEvent } from '@agaton/contracts';
import { chatMessages, chatRuns, chatThreads } from '@agaton/db';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import type { Answer } from './assistant/answer-kit.ts';
import { type ChatOwner, findThread, summaryOf, toMessage } from './chat.service.ts';

/** An earlier message of the thread, oldest first, as a model is shown it. */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * How much of the thread a model sees besides the question: the newest earlier messages whose text
 * adds up to at most this many characters (about 2,000 tokens), whole messages only, and never more
 * than CHAT_HISTORY_MAX_MESSAGES of them. The one place these bounds live.
 */
export const CHAT_HISTORY_MAX_CHARS = 8000;
export const CHAT_HISTORY_MAX_MESSAGES = 20;

/** The newest messages that fit the bounds, oldest first (`messages` newest first). */
export function boundedHistory(newestFirst: HistoryMessage[]): HistoryMessage[] {
  const kept: HistoryMessage[] = [];
  let chars = 0;
  for (const m of newestFirst.slice(0, CHAT_HISTORY_MAX_MESSAGES)) {
    if (!m.content.trim()) continue;
    chars += m.content.length;
    if (chars > CHAT_HISTORY_MAX_CHARS) break;
    kept.push(m);
  }
  return kept.reverse();
}

/**
 * Produces the answer to one question: the offline assistant (returns it whole) or a model (streams
 * its deltas to `emit` as they come, then returns the whole answer). `history` is the thread's recent
 * earlier messages (bounded), which the model path sends along; the offline assistant ignores it.
 */
export type Answerer = (
  text: string,
  signal: AbortSignal,
  emit: (delta: string) => void,
  history: HistoryMessage[],
) => Promise<Answer>;

type Listener = (event: ChatStreamEvent) => void;

interface LiveRun {
  runId: string;
  threadId: string;
  events: ChatStreamEvent[];
  listeners: Set<Listener>;
  abort: AbortController;
}

const stamp = (kind: string, detail: string) => ({ at: new Date().toISOString(), kind, detail });

/** Word groups of about four words, keeping the whitespace (and so the Markdown) intact. */
export function wordGroups(markdown: string, size = 4): string[] {
  const tokens = markdown.match(/\S+\s*|\s+/g) ?? [];
  const groups: string[] = [];
  for (let i = 0; i < tokens.length; i += size) groups.push(tokens.slice(i, i + size).join(''));
  return groups;
}

/**
 * Runs of this process: each answer is produced once, its events kept while it runs so a stream
 * opened late replays them, and persisted as it ends. A run the process never finished (a restart)
 * is closed as incomplete by `recover` at start-up and by any stream that finds it orphaned.
 */
export class ChatRuns {
  private readonly live = new Map<string, LiveRun>();

  constructor(
    private readonly ctx: AppContext,
    private readonly delayMs: number,
  ) {}

  /** Start-up: runs left running by a stopped process end incomplete, their threads idle. */
  async recover() {
    const orphans = await this.ctx.db
      .update(chatRuns)
      .set({ status: 'incomplete', reason: 'server_restart', endedAt: new Date() })
      .where(eq(chatRuns.status, 'running'))
      .returning({ threadId: chatRuns.threadId });
    for (const { threadId } of orphans) {
      await this.ctx.db
        .update(chatThreads)
        .set({ status: 'idle', error: CHAT_TEXTS.answerFailed })
        .where(eq(chatThreads.id, threadId));
    }
    return orphans.length;
  }

  /** Stores the question, starts the run and returns at once; the answer streams to subscribers. */
  async start(options: { owner: ChatOwner; threadId: string; text: string; answer: Answerer }) {
    const thread = await findThread(this.ctx, options.owner, options.threadId);
    const { run, message } = await this.ctx.db.transaction(async (tx) => {
      const [run] = await tx
        .insert(chatRuns)
        .values({ threadId: thread.id, steps: [stamp('question', options.text)] })
        .returning();
      const [message] = await tx
        .insert(chatMessages)
        .values({ threadId: thread.id, runId: run.id, role: 'user', content: options.text })
        .returning();
      await tx
        .update(chatThreads)
        .set({
          status: 'running',
          error: null,
          updatedAt: new Date(),
          ...(thread.summary ? {} : { summary: summaryOf(options.text) }),
        })
        .where(eq(chatThreads.id, thread.id));
      return { run, message };
    });
    const live: LiveRun = {
      runId: run.id,
      threadId: thread.id,
      events: [],
      listeners: new Set(),
      abort: new AbortController(),
    };
    this.live.set(run.id, live);
    void this.produce(live, options.text, options.answer);
    return { message: toMessage(message), runId: run.id };
  }

  private emit(live: LiveRun, event: ChatStreamEvent) {
    live.events.push(event);
    for (const listener of live.listeners) listener(event);
  }

  private async produce(live: LiveRun, text: string, answerer: Answerer) {
    const { db } = this.ctx;
    const signal = live.abort.signal;
    let messageId: string | null = null;
    let streamed = '';
    try {
      const [message] = await db
        .insert(chatMessages)
        .values({ threadId: live.threadId, runId: live.runId, role: 'assistant', content: '' })
        .returning();
      messageId = message.id;
      this.emit(live, { event: 'created', data: { runId: live.runId, message: toMessage(message) } });
      // A model streams its own deltas; the offline assistant's finished answer is streamed here.
      let streamedByAnswerer = false;
      const history = await this.history(live);
      const answer = await answerer(
        text,
        signal,
        (delta) => {
          if (signal.aborted) return;
          streamedByAnswerer = true;
          streamed += delta;
          this.emit(live, { event: 'delta', data: { runId: live.runId, text: delta } });
        },
        history,
      );
      if (!streamedByAnswerer) {
        for (const group of wordGroups(answer.markdown)) {
          if (signal.aborted) break;
          streamed += group;
          this.emit(live, { event: 'delta', data: { runId: live.runId, text: group } });
          if (this.delayMs) await sleep(this.delayMs, undefined, { signal }).catch(() => undefined);
        }
      }
      const steps = answer.steps.map((s) => stamp(s.kind, s.detail));
      if (signal.aborted) {
        await this.finishCancelled(live, messageId, streamed, steps);
        return;
      }
      const [done] = await db
        .update(chatMessages)
        .set({ content: answer.markdown, citations: answer.citations })
        .where(eq(chatMessages.id, messageId))
        .returning();
      await this.endRun(live, 'completed', null, steps);
      this.emit(live, { event: 'completed', data: { runId: live.runId, message: toMessage(done) } });
    } catch (error) {
      // Stop aborts a model's request mid-stream: that is a cancel, not a failure.
      if (signal.aborted && messageId) {
        await this.finishCancelled(live, messageId, streamed, []);
        return;
      }
      this.ctx.log.error({ err: error, runId: live.runId }, 'chat run failed');
      if (messageId && !streamed) await db.delete(chatMessages).where(eq(chatMessages.id, messageId));
      await this.endRun(
        live,
        'error',
        'run_failed',
        [stamp('error', (error as Error).message)],
        CHAT_TEXTS.answerFailed,
      );
      this.emit(live, { event: 'incomplete', data: { runId: live.runId, reason: 'run_failed' } });
    } finally {
      this.live.delete(live.runId);
    }
  }

  /** The thread's earlier messages (not this run's), bounded as the model may see them. */
  private async history(live: LiveRun): Promise<HistoryMessage[]> {
    const rows = await this.ctx.db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, live.threadId), ne(chatMessages.runId, live.runId)))
      .orderBy(desc(chatMessages.createdAt))
      .limit(CHAT_HISTORY_MAX_MESSAGES);
    return boundedHistory(rows.map((r) => ({ role: r.role as HistoryMessage['role'], content: r.content })));
  }

  private async finishCancelled(
    live: LiveRun,
    messageId: string,
    streamed: string,
    steps: ReturnType<typeof stamp>[],
  ) {
    // What was shown stays, so the conversation reads as the user saw it; an empty answer goes.
    if (streamed.trim()) {
      await this.ctx.db
        .update(chatMessages)
        .set({ content: streamed.trimEnd() })
        .where(eq(chatMessages.id, messageId));
    } else await this.ctx.db.delete(chatMessages).where(eq(chatMessages.id, messageId));
    await this.endRun(live, 'incomplete', 'run_cancelled', [
      ...steps,
      stamp('cancelled', 'stopped by the user'),
    ]);
    this.emit(live, { event: 'incomplete', data: { runId: live.runId, reason: 'run_cancelled' } });
  }

  private async endRun(
    live: LiveRun,
    status: 'completed' | 'incomplete' | 'error',
    reason: string | null,
    steps: ReturnType<typeof stamp>[],
    error: string | null = null,
  ) {
    const [run] = await this.ctx.db
      .select({ steps: chatRuns.steps })
      .from(chatRuns)
      .where(eq(chatRuns.id, live.runId));
    await this.ctx.db
      .update(chatRuns)
      .set({ status, reason, endedAt: new Date(), steps: [...(run?.steps ?? []), ...steps] })
      .where(eq(chatRuns.id, live.runId));
    await this.ctx.db
      .update(chatThreads)
      .set({ status: 'idle', error, updatedAt: new Date() })
      .where(eq(chatThreads.id, live.threadId));
  }

  /** Stops the thread's running answer; true when one was running. */
  async cancel(owner: ChatOwner, threadId: string): Promise<boolean> {
    await findThread(this.ctx, owner, threadId);
    const live = [...this.live.values()].find((r) => r.threadId === threadId);
    if (live) {
      live.abort.abort();
      return true;
    }
    // Running in the database but not here: left over from a restart.
    const orphans = await this.ctx.db
      .update(chatRuns)
      .set({ status: 'incomplete', reason: 'run_cancelled', endedAt: new Date() })
      .where(and(eq(chatRuns.threadId, threadId), eq(chatRuns.status, 'running')))
      .returning({ id: chatRuns.id });
    if (orphans.length)
      await this.ctx.db.update(chatThreads).set({ status: 'idle' }).where(eq(chatThreads.id, threadId));
    return orphans.length > 0;
  }

  /**
   * The events of a run (the thread's latest when no id is given): replayed and then followed while
   * it runs, or rebuilt from the stored run once it has ended. `onEvent` gets each; the promise
   * resolves after the last (completed or incomplete) or when `signal` aborts.
   */
  async follow(options: {
    owner: ChatOwner;
    threadId: string;
    runId?: string;
    onEvent: Listener;
    signal: AbortSignal;
  }) {
    await findThread(this.ctx, options.owner, options.threadId);
    const [run] = await this.ctx.db
      .select()
      .from(chatRuns)
      .where(
        and(
          eq(chatRuns.threadId, options.threadId),
          options.runId ? eq(chatRuns.id, options.runId) : undefined,
        ),
      )
      .orderBy(desc(chatRuns.createdAt))
      .limit(1);
    if (!run) return;
    const live = this.live.get(run.id);
    if (live) {
      await new Promise<void>((resolve) => {
        const listener: Listener = (event) => {
          options.onEvent(event);
          if (event.event === 'completed' || event.event === 'incomplete') stop();
        };
        const stop = () => {
          live.listeners.delete(listener);
          options.signal.removeEventListener('abort', stop);
          resolve();
        };
        for (const event of live.events) options.onEvent(event);
        const last = live.events.at(-1)?.event;
        if (last === 'completed' || last === 'incomplete') return resolve();
        live.listeners.add(listener);
        options.signal.addEventListener('abort', stop);
      });
      return;
    }
    if (run.status === 'running') {
      // No process is producing it any more (a restart): it ends here instead of hanging.
      await this.recover();
      options.onEvent({ event: 'incomplete', data: { runId: run.id, reason: 'server_restart' } });
      return;
    }
    const [answer] = await this.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.runId, run.id), eq(chatMessages.role, 'assistant')));
    if (run.status === 'completed' && answer) {
      options.onEvent({
        event: 'created',
        data: { runId: run.id, message: toMessage({ ...answer, content: '' }) },
      });
      options.onEvent({ event: 'delta', data: { runId: run.id, text: answer.content } });
      options.onEvent({ event: 'completed', data: { runId: run.id, message: toMessage(answer) } });
      return;
    }
    options.onEvent({ event: 'incomplete', data: { runId: run.id, reason: run.reason ?? 'run_failed' } });
  }
}
