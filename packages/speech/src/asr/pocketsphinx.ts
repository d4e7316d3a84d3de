import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Pcm16k, Recogniser, Transcript } from '../types.js';
import { parseCtm } from './ctm.js';
import { toInt16Bytes } from './pcm-bytes.js';
import { toTranscript } from './transcript.js';

const run = promisify(execFile);

export interface PocketSphinxOptions {
  /** The batch decoder. Default `pocketsphinx_batch` on PATH (Debian package `pocketsphinx`). */
  binary?: string;
  /** Folder with `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. Default Debian's. */
  modelDir?: string;
  /**
   * Folder of acoustic-model parameters loaded over the model's own (`means`, `variances`, `sendump`,
   * `transition_matrices`); `null` decodes with the model as it is. Default: the learner-adapted
   * parameters when `modelDir` is Debian's model (they were estimated from it), else none.
   */
  adaptation?: string | null;
  /** Extra decoder flags, e.g. `{ '-lw': '7' }`; they override the defaults below. */
  flags?: Record<string, string>;
}

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * Debian's en-us acoustic model adapted to learner speech by MAP with a fixed prior weight τ = 300
 * on the speechocean762 train split's 74 speakers outside the dev subset, its silence and noise
 * phones kept native (`calibration/recogniser-adaptation/adapt.sh`; docs/decisions/028). Used for
 * recognition only: scoring keeps comparing with the native model.
 */
export const LEARNER_ADAPTATION_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../model/en-us-learner',
);

/**
 * The flags every decoding needs: model, the clips (`<id>.raw` 16-bit files listed in `dir/ctl`)
 * and the outputs. The WER sweep builds on these too, so it measures what the product runs.
 */
export function batchFlags(options: {
  modelDir: string;
  /** See `PocketSphinxOptions.adaptation`; `null` for none. */
  adaptation: string | null;
  dir: string;
  ctm: string;
  log: string;
}): Record<string, string> {
  const { modelDir, adaptation, dir } = options;
  return {
    '-hmm': join(modelDir, 'en-us'),
    ...(adaptation && {
      '-mean': join(adaptation, 'means'),
      '-var': join(adaptation, 'variances'),
      '-sendump': join(adaptation, 'sendump'),
      '-tmat': join(adaptation, 'transition_matrices'),
    }),
    '-lm': join(modelDir, 'en-us.lm.bin'),
    '-dict': join(modelDir, 'cmudict-en-us.dict'),
    '-ctl': join(dir, 'ctl'),
    '-cepdir': dir,
    '-cepext': '.raw',
    '-adcin': 'yes',
    // The built-in VAD drops silent frames and so shifts every word time after a pause.
    '-remove_silence': 'no',
    '-bestpath': 'yes',
    '-ctm': options.ctm,
    '-logfn': options.log,
  };
}

/**
 * Search pruning that makes the decoder about 1.6× faster at the same accuracy (measured 2026-11-22
 * with `bench/wer-sweep.ts`; CPU time of the decoder incl. its ~0.4 s model load; docs/decisions/006).
 * The defaults (`-maxhmmpf 30000`, `-maxwpf -1`) let learner speech keep very many HMMs and word
 * exits alive: RTF 0.31 on the 306 dev utterances. At most 4000 active HMMs and 10 word exits per
 * frame: RTF 0.19, dev WER 83.3% → 83.4%, LibriVox 28.2% unchanged. `-maxhmmpf 3000` (RTF 0.18) and
 * 2000 (0.16) lost 1.0 and 2.4 points; `-fwdflat no` (0.11 with these) about 4 points on learner
 * speech; `-ds 2` and `-topn 2`/`3` cost more than they saved; `-pl_window 10` saved nothing.
 * `-bestpath` stays on: without it every CTM posterior is 1.0, and the content measures filter words
 * on those confidences. The second (flat-lexicon) pass looks for successor words in a window of 10
 * frames instead of 25 (`-fwdflatsfwin`): on the whole dev set RTF 0.19 → 0.16 for WER 83.4% →
 * 83.6%, LibriVox unchanged, mean word confidence unchanged (0.40); narrower flat-pass beams moved
 * the confidences (0.48) and cost LibriVox accuracy. `flags` override these.
 */
export const SPEED_FLAGS: Readonly<Record<string, string>> = {
  '-maxhmmpf': '4000',
  '-maxwpf': '10',
  '-fwdflatsfwin': '10',
};

/** Clips shorter than this hold no word; the decoder errors on a handful of frames. */
const MIN_SAMPLES = 1600;

/**
 * Open-vocabulary recognition with Debian's PocketSphinx 5prealpha in batch mode (the guide measured
 * `pocketsphinx_continuous -infile` giving garbage on short clips). One child process decodes any
 * number of clips, so the ~1 s language-model load is paid once per call, not per clip.
 */
export class PocketSphinxRecogniser implements Recogniser {
  readonly engine = 'pocketsphinx';
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly adaptation: string | null;
  private readonly flags: Record<string, string>;

  constructor(options: PocketSphinxOptions = {}) {
    this.binary = options.binary ?? 'pocketsphinx_batch';
    this.modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
    this.adaptation =
      options.adaptation !== undefined
        ? options.adaptation
        : this.modelDir === DEFAULT_MODEL_DIR
          ? LEARNER_ADAPTATION_DIR
          : null;
    this.flags = options.flags ?? {};
  }

  async transcribe(audio: Pcm16k): Promise<Transcript> {
    const [transcript] = await this.transcribeMany([audio]);
    return transcript;
  }

  /** Decodes several clips in one decoder process; results in input order. */
  async transcribeMany(audios: Pcm16k[]): Promise<Transcript[]> {
    const ids = audios.map((_, i) => `u${String(i).padStart(5, '0')}`);
    const todo = audios
      .map((a, i) => ({ id: ids[i], audio: a }))
      .filter((u) => u.audio.samples.length >= MIN_SAMPLES);
    if (todo.length === 0) return audios.map(() => toTranscript([], this.engine));
    const dir = await mkdtemp(join(tmpdir(), 'agaton-ps-'));
    try {
      for (const u of todo) await writeFile(join(dir, `${u.id}.raw`), toInt16Bytes(u.audio));
      await writeFile(join(dir, 'ctl'), `${todo.map((u) => u.id).join('\n')}\n`);
      const flags: Record<string, string> = {
        ...batchFlags({
          modelDir: this.modelDir,
          adaptation: this.adaptation,
          dir,
          ctm: join(dir, 'out.ctm'),
          log: join(dir, 'log'),
        }),
        ...SPEED_FLAGS,
        ...this.flags,
      };
      try {
        await run(this.binary, Object.entries(flags).flat(), { maxBuffer: 64 * 1024 * 1024 });
      } catch (error) {
        const log = await readFile(join(dir, 'log'), 'utf8').catch(() => '');
        const tail = log
          .split('\n')
          .filter((l) => /ERROR|FATAL/.test(l))
          .slice(-3)
          .join('; ');
        throw new Error(
          `pocketsphinx_batch failed: ${(error as Error).message.split('\n')[0]} ${tail}`.trim(),
        );
      }
      const byUtt = parseCtm(await readFile(join(dir, 'out.ctm'), 'utf8').catch(() => ''));
      return ids.map((id) => toTranscript(byUtt.get(id) ?? [], this.engine));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
