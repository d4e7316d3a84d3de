import { QA_LIMITS, type TimedWord } from '@agaton/contracts';
import type { StoredTranscriptLine } from '@agaton/db';
import { AnalysisError } from '../../jobs/analysis-errors.ts';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import type { AppContext } from '../../lib/context.ts';
import { linesFromWords } from './transcript-formats.ts';

/**
 * A call recording to transcript lines with the speech engine (the meeting task of the analysis
 * workers, whose timed words we keep). A two-channel WAV recording is split into its channels,
 * left = agent, right = customer, each transcribed on its own and the words merged into turns by
 * time and pauses. Anything else (mono, or another container) is transcribed mixed down and gives
 * UNKNOWN-speaker lines.
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

interface WavLayout {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  dataOffset: number;
  dataBytes: number;
}

/** The layout of a PCM or float WAV file, or null when the bytes are not one we can split. */
export function wavLayout(bytes: Uint8Array): WavLayout | null {
  if (bytes.length < 44) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let at = 12;
  let fmt: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | null = null;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16) {
      let format = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the sub-format's first two bytes are the real format.
      if (format === 0xfffe && size >= 40) format = view.getUint16(body + 24, true);
      fmt = {
        format,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data' && fmt) {
      const dataBytes = Math.min(size, bytes.length - body);
      const supported =
        (fmt.format === 1 && [8, 16, 24, 32].includes(fmt.bitsPerSample)) ||
        (fmt.format === 3 && fmt.bitsPerSample === 32);
      if (!supported || fmt.blockAlign !== (fmt.bitsPerSample / 8) * fmt.channels) return null;
      return { ...fmt, dataOffset: body, dataBytes };
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** One channel of a multi-channel WAV as a mono WAV of the same sample format. */
export function wavChannel(bytes: Uint8Array, layout: WavLayout, channel: number): Uint8Array {
  const width = layout.bitsPerSample / 8;
  const frames = Math.floor(layout.dataBytes / layout.blockAlign);
  const out = new Uint8Array(44 + frames * width);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + frames * width, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, layout.format, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, layout.sampleRate, true);
  view.setUint32(28, layout.sampleRate * width, true);
  view.setUint16(32, width, true);
  view.setUint16(34, layout.bitsPerSample, true);
  ascii(36, 'data');
  view.setUint32(40, frames * width, true);
  for (let f = 0; f < frames; f++) {
    const from = layout.dataOffset + f * layout.blockAlign + channel * width;
    out.set(bytes.subarray(from, from + width), 44 + f * width);
  }
  return out;
}

/** What the meeting task returns that we use. */
interface MeetingAnalysis {
  words: TimedWord[];
  speech: { durationSeconds: number };
}

export interface CallTranscriber {
  transcribe(audio: Uint8Array): Promise<{ lines: StoredTranscriptLine[]; durationSeconds: number }>;
  close(): Promise<void>;
}

/** The transcriber of this process: its own analysis pool, whose workers start on first use. */
export function createCallTranscriber(ctx: AppContext): CallTranscriber {
  let pool: AnalysisPool | null = null;
  const maxSec = QA_LIMITS.maxCallSeconds;

  async function words(
    audio: Uint8Array,
    optional: boolean,
  ): Promise<{ words: TimedWord[]; seconds: number }> {
    pool ??= new AnalysisPool({
      size: 1,
      maxQueue: 1000,
      limits: { meeting: { minSec: 1, maxSec: maxSec + 60 } },
      memoryMb: Math.max(ctx.config.SCORING_WORKER_MEMORY_MB, 1024),
    });
    try {
      const out = await pool.run({
        kind: 'meeting',
        audio,
        maxSec: maxSec + 30,
        timeoutMs: (120 + 1.5 * maxSec) * 1000,
      });
      const analysis = out.response as MeetingAnalysis;
      return { words: analysis.words ?? [], seconds: out.durationSec };
    } catch (error) {
      if (error instanceof AnalysisError && error.code && PERMANENT.has(error.code)) {
        // A silent channel (one side never spoke) is no reason to refuse the call.
        if (optional && (error.code === 'SILENT' || error.code === 'TOO_SHORT'))
          return { words: [], seconds: 0 };
        throw new TranscriptionRefused(error.code);
      }
      throw error;
    }
  }

  return {
    async transcribe(audio) {
      const layout = wavLayout(audio);
      if (layout && layout.channels === 2) {
        const agent = await words(wavChannel(audio, layout, 0), true);
        const customer = await words(wavChannel(audio, layout, 1), true);
        const lines = linesFromWords([
          { speaker: 'AGENT', label: 'Agent (left channel)', words: agent.words },
          { speaker: 'CUSTOMER', label: 'Customer (right channel)', words: customer.words },
        ]);
        if (lines.length === 0) throw new TranscriptionRefused('SILENT');
        return { lines, durationSeconds: Math.max(agent.seconds, customer.seconds) };
      }
      const mixed = await words(audio, false);
      const lines = linesFromWords([{ speaker: 'UNKNOWN', label: 'Speaker', words: mixed.words }]);
      if (lines.length === 0) throw new TranscriptionRefused('SILENT');
      return { lines, durationSeconds: mixed.seconds };
    },
    close: async () => {
      await pool?.close();
    },
  };
}
