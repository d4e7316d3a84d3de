import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AnalysisError, AnalysisTimeoutError, PoolBusyError } from './analysis-errors.ts';
import type {
  AnalysisKind,
  AnalysisProgress,
  AnalysisReply,
  AnalysisRequest,
  WorkerChild,
  WorkerReady,
} from './analysis-types.ts';

export interface AnalysisJob {
  kind: AnalysisKind;
  audio: Uint8Array;
  referenceText?: string;
  topic?: string;
  /** Deadline from submission, queue time included. */
  timeoutMs: number;
  /** Decoding stops at this many seconds of audio (the duration the upload declared). */
  maxSec?: number;
  /** Analyse this channel alone (0 = left) instead of the mix of all. */
  channel?: number;
  /** Told as the worker moves through a long job. */
  onProgress?: (progress: AnalysisProgress['progress']) => void;
}

export interface AnalysisResult {
  response: unknown;
  durationSec: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface AnalysisPoolOptions {
  /** Worker threads; default the machine's cores. Each holds its own models (~200 MB). */
  size?: number;
  /** Jobs waiting beyond the running ones; more are refused with PoolBusyError. */
  maxQueue?: number;
  /** Duration limits per task passed to the engine, in seconds. */
  limits?: Partial<Record<AnalysisKind, { minSec: number; maxSec: number }>>;
  /** Worker entry; the real engine by default (tests may pass a stand-in). */
  workerEntry?: URL;
  /**
   * JavaScript heap of each worker in MB (SCORING_WORKER_MEMORY_MB); a worker that outgrows it is
   * stopped and replaced, and its job refused as CORRUPT. Decoded audio lives outside this heap and
   * is bounded by the engine's duration caps instead.
   */
  memoryMb?: number;
  /**
   * CPU niceness of the workers' threads and of the recognisers they start (Linux: per thread, so
   * the API's own thread keeps its priority). Pools of work nobody waits for at the screen (meetings,
   * calls) use the configured BACKGROUND_NICENESS (config/env.ts, 10 by default), so a visitor's or a candidate's scoring keeps its speed
   * while they run.
   */
  niceness?: number;
  /**
   * The recogniser's settings (`asrSettings` of the validated configuration); the workers pass them
   * to the engine instead of reading process.env. None: the offline recogniser.
   */
  asr?: Record<string, string | undefined>;
}

interface Pending {
  request: AnalysisRequest;
  resolve: (r: AnalysisResult) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  onProgress?: AnalysisJob['onProgress'];
  startedAt?: number;
  settled?: boolean;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Pending | null;
  /** Live child processes of the worker (PocketSphinx), killed with it. */
  children: Set<number>;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

function killChild(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * In-process pool of analysis workers (stack.md: "in-process worker pool"), bounded so overload turns
 * into quick 503s instead of ever-growing latency. Job state lives in memory for now.
 */
export class AnalysisPool {
  readonly size: number;
  readonly maxQueue: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly status = new Map<number, JobStatus>();
  private nextId = 1;
  private closed = false;
  private stats = { completed: 0, failed: 0, rejected: 0, totalMs: 0 };
  /** Recent run time per kind (exponential average), for admission and Retry-After. */
  private readonly typicalMs = new Map<AnalysisKind, number>();

  constructor(private readonly options: AnalysisPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.maxQueue = Math.max(0, options.maxQueue ?? this.size * 4);
  }

  /** Queues a job; rejects at once with PoolBusyError when the queue is full. */
  run(job: AnalysisJob): Promise<AnalysisResult> {
    if (this.closed) return Promise.reject(new Error('The analysis pool is closed.'));
    const inFlight = this.slots.filter((s) => s.job).length + this.queue.length;
    // Refuse at once what could not finish before its deadline: a quick 503 beats a late timeout.
    const wait = this.expectedWaitMs();
    const tooLate = wait !== null && wait + (this.typicalMs.get(job.kind) ?? 0) > job.timeoutMs;
    if (inFlight >= this.size + this.maxQueue || (tooLate && inFlight >= this.size)) {
      this.stats.rejected++;
      return Promise.reject(new PoolBusyError(this.retryAfterSec()));
    }
    this.ensureWorkers();
    const id = this.nextId++;
    const request: AnalysisRequest = {
      id,
      kind: job.kind,
      audio: job.audio,
      referenceText: job.referenceText,
      topic: job.topic,
      maxSec: job.maxSec,
      channel: job.channel,
    };
    return new Promise<AnalysisResult>((resolve, reject) => {
      const pending: Pending = {
        request,
        resolve,
        reject,
        onProgress: job.onProgress,
        timer: setTimeout(() => this.expire(pending), job.timeoutMs),
      };
      this.setStatus(id, 'queued');
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Starts every worker now and resolves once their models are loaded (so no request pays for it). */
  async warm(): Promise<void> {
    this.ensureWorkers();
    while (!this.closed && this.slots.some((s) => !s.ready)) await new Promise((r) => setTimeout(r, 50));
  }

  /** Status of a recent job (the last 500 are remembered). */
  jobStatus(id: number): JobStatus | undefined {
    return this.status.get(id);
  }

  snapshot() {
    const running = this.slots.filter((s) => s.job).length;
    const avgMs = this.stats.completed ? Math.round(this.stats.totalMs / this.stats.completed) : null;
    return {
      size: this.size,
      running,
      queued: this.queue.length,
      maxQueue: this.maxQueue,
      avgMs,
      ...this.stats,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.finish(p, new Error('The analysis pool is closed.'));
    for (const slot of this.slots)
      if (slot.job) this.finish(slot.job, new Error('The analysis pool is closed.'));
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s)));
  }

  /** Seconds until a slot is likely free: queued work over the pool's measured speed. */
  /** Time until a new job would start: queued work plus half of what is running, over the workers. */
  private expectedWaitMs(): number | null {
    if (this.typicalMs.size === 0) return null;
    const fallback = Math.max(...this.typicalMs.values());
    const ms = (kind: AnalysisKind) => this.typicalMs.get(kind) ?? fallback;
    const queued = this.queue.reduce((sum, p) => sum + ms(p.request.kind), 0);
    const running = this.slots.reduce((sum, s) => sum + (s.job ? ms(s.job.request.kind) / 2 : 0), 0);
    return (queued + running) / this.size;
  }

  private retryAfterSec(): number {
    const wait = this.expectedWaitMs() ?? 2000;
    return Math.max(1, Math.ceil(wait / 1000));
  }

  private ensureWorkers() {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const entry = this.options.workerEntry ?? new URL('./analysis-worker.ts', import.meta.url);
    const { memoryMb } = this.options;
    const worker = new Worker(BOOT, {
      workerData: {
        entry: entry.href,
        limits: this.options.limits,
        niceness: this.options.niceness,
        asr: this.options.asr,
      },
      resourceLimits: memoryMb ? { maxOldGenerationSizeMb: memoryMb } : undefined,
    });
    const slot: Slot = { worker, ready: false, job: null, children: new Set() };
    worker.on('message', (message: WorkerReady | WorkerChild | AnalysisProgress | AnalysisReply) => {
      if ('progress' in message) {
        if (slot.job?.request.id === message.id) slot.job.onProgress?.(message.progress);
        return;
      }
      if ('child' in message) {
        if (!message.alive) slot.children.delete(message.child);
        // A worker leaves `slots` when it is stopped: a child it reported just before is killed now.
        else if (!this.slots.includes(slot)) killChild(message.child);
        else slot.children.add(message.child);
        return;
      }
      if ('ready' in message) {
        if (!message.ready)
          return this.replace(slot, new Error(`Analysis worker failed to start: ${message.message}`));
        slot.ready = true;
        return this.dispatch();
      }
      const job = slot.job;
      slot.job = null;
      if (job?.startedAt) this.learn(job.request.kind, Date.now() - job.startedAt);
      if (job && job.request.id === message.id) {
        if (message.ok)
          this.finish(job, null, { response: message.response, durationSec: message.durationSec });
        else
          this.finish(job, new AnalysisError(message.error.code, message.error.message, message.error.name));
      }
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      // Out of heap: the input made the engine grow without bound, so it is refused like a broken
      // file instead of failing as a server error.
      const refused =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AnalysisError('CORRUPT', 'The analysis ran out of memory.', error.name)
          : error;
      this.replace(slot, refused);
    });
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot))
        this.replace(slot, new Error(`Analysis worker exited (${code}).`));
    });
    return slot;
  }

  /**
   * A crashed, out-of-memory or late worker fails its job and is replaced at once, so the pool is
   * back to full strength after one model load (~0.5 s); the rest of the queue goes on.
   */
  private replace(slot: Slot, error: Error) {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    if (slot.job) this.finish(slot.job, error);
    slot.job = null;
    this.slots.splice(index, 1);
    void this.stop(slot);
    // A worker that never started (models missing…) is retried only when work waits, not in a loop.
    if (slot.ready || this.queue.length) this.ensureWorkers();
  }

  /** Ends a worker and the child processes it started, which would otherwise run on orphaned. */
  private stop(slot: Slot): Promise<number> {
    for (const pid of slot.children) killChild(pid);
    slot.children.clear();
    return slot.worker.terminate();
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.job = next;
      this.setStatus(next.request.id, 'running');
      next.startedAt = Date.now();
      // Transfer the bytes instead of copying them into the worker.
      const { audio } = next.request;
      const transferable = audio.byteOffset === 0 && audio.byteLength === audio.buffer.byteLength;
      slot.worker.postMessage(next.request, transferable ? [audio.buffer as ArrayBuffer] : []);
    }
  }

  private expire(pending: Pending) {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.finish(pending, new AnalysisTimeoutError());
    const slot = this.slots.find((s) => s.job === pending);
    // The caller has its answer; finishing the job would only hold the worker (a crafted upload
    // once held one for two minutes), so it is terminated with its recogniser process and
    // replaced: one model load instead of a lost worker (docs/decisions/009).
    if (slot) this.replace(slot, new AnalysisTimeoutError());
  }

  private finish(pending: Pending, error: Error | null, result?: AnalysisResult) {
    if (pending.settled) return;
    pending.settled = true;
    clearTimeout(pending.timer);
    const { startedAt } = pending;
    if (error) {
      this.stats.failed++;
      this.setStatus(pending.request.id, 'failed');
      pending.reject(error);
      return;
    }
    this.stats.completed++;
    if (startedAt) this.stats.totalMs += Date.now() - startedAt;
    this.setStatus(pending.request.id, 'done');
    pending.resolve(result as AnalysisResult);
  }

  /** Typical run time per kind, late jobs included, so admission reflects the machine's real speed. */
  private learn(kind: AnalysisKind, took: number) {
    const previous = this.typicalMs.get(kind);
    this.typicalMs.set(kind, previous === undefined ? took : 0.7 * previous + 0.3 * took);
  }

  private setStatus(id: number, status: JobStatus) {
    this.status.set(id, status);
    if (this.status.size > 500) this.status.delete(this.status.keys().next().value as number);
  }
}
