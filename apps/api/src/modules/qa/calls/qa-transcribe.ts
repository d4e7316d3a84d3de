import { QA_LIMITS, sessionAnalysisSchema, type TimedWord } from '@agaton/contracts';
import type { StoredTranscriptLine } from '@agaton/db';
import { audioChannels } from '@agaton/speech/channels';
import { asrSettings } from '../../../config/env.ts';
import { AnalysisError } from '../../../jobs/analysis-errors.ts';
import { AnalysisPool } from '../../../jobs/analysis-pool.ts';
import type { AppContext } from '../../../lib/context.ts';
import { linesFromWords } from './transcript-formats.ts';

/**
 * A call recording to transcript lines with the speech engine (the meeting task of the analysis
 * workers, whose timed words we keep). A two-channel recording (any format the engine reads) is
 * split into its channels, left = agent, right = customer, each decoded and transcribed on its own
 * and the words merged into turns by time and pauses. Anything else (mono, more channels, or a
 * header that does not say) is transcribed mixed down and gives UNKNOWN-speaker lines.
 */

/** The engine found nothing to transcribe, or the recording is too long: retrying cannot help. */
export class TranscriptionRefused extends Error {
  constructor(
    readonly code: string,
    readonly tooLong = code === 'TOO_LONG',
  ) {
    super(`The recording was refused (${code}).`);
    this.name = 'TranscriptionRefused';
  }
}

const PERMANENT = new Set(['EMPTY', 'CORRUPT', 'UNSUPPORTED', 'SILENT', 'TOO_SHORT', 'TOO_LONG']);

export interface CallTranscriber {
  transcribe(audio: Uint8Array): Promise<{ lines: StoredTranscriptLine[]; durationSeconds: number }>;
  close(): Promise<void>;
}

/** The transcriber of this process: its own analysis pool, whose workers start on first use. */
export function createCallTranscriber(ctx: Pick<AppContext, 'config'>): CallTranscriber {
  let pool: AnalysisPool | null = null;
  const maxSec = QA_LIMITS.maxCallSeconds;

  /** The words of the recording, or of one channel of it (`channel`: 0 left, 1 right). */
  async function words(
    audio: Uint8Array,
    channel?: number,
  ): Promise<{ words: TimedWord[]; seconds: number }> {
    pool ??= new AnalysisPool({
      size: 1,
      maxQueue: 1000,
      limits: { meeting: { minSec: 1, maxSec: maxSec + 60 } },
      memoryMb: Math.max(ctx.config.SCORING_WORKER_MEMORY_MB, 1024),
      // Nobody waits for it at the screen: scoring people are waiting for comes first.
      niceness: ctx.config.BACKGROUND_NICENESS,
      asr: asrSettings(ctx.config),
    });
    try {
      const out = await pool.run({
        kind: 'meeting',
        audio,
        channel,
        maxSec: maxSec + 30,
        timeoutMs: (120 + 1.5 * maxSec) * 1000,
      });
      // The meeting task's answer, checked where it leaves the worker as a session's is.
      const analysis = sessionAnalysisSchema.parse(out.response);
      return { words: analysis.words, seconds: out.durationSec };
    } catch (error) {
      if (error instanceof AnalysisError && error.code && PERMANENT.has(error.code)) {
        // A silent channel (one side never spoke) is no reason to refuse the call.
        if (channel !== undefined && (error.code === 'SILENT' || error.code === 'TOO_SHORT'))
          return { words: [], seconds: 0 };
        throw new TranscriptionRefused(error.code);
      }
      throw error;
    }
  }

  return {
    async transcribe(audio) {
      if (audioChannels(audio) === 2) {
        // The pool hands the bytes to its worker (transferred, not copied): the first side a copy.
        const agent = await words(audio.slice(), 0);
        const customer = await words(audio, 1);
        const lines = linesFromWords([
          { speaker: 'AGENT', label: 'Agent (left channel)', words: agent.words },
          { speaker: 'CUSTOMER', label: 'Customer (right channel)', words: customer.words },
        ]);
        if (lines.length === 0) throw new TranscriptionRefused('SILENT');
        return { lines, durationSeconds: Math.max(agent.seconds, customer.seconds) };
      }
      const mixed = await words(audio);
      const lines = linesFromWords([{ speaker: 'UNKNOWN', label: 'Speaker', words: mixed.words }]);
      if (lines.length === 0) throw new TranscriptionRefused('SILENT');
      return { lines, durationSeconds: mixed.seconds };
    },
    close: async () => {
      await pool?.close();
    },
  };
}
