import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DATASET_DIR as DEV, requireDataset } from '../calibration/dataset.js';
import { PocketSphinxRecogniser, wordErrorRate } from '../src/asr/index.js';
import type { Pcm16k, Recogniser, Transcript } from '../src/types.js';
import { readAudio } from '../test/asr-audio.js';

/** Read speech with known text for measuring recognition (bench/wer.ts, bench/wer-sweep.ts). */
export interface WerItem {
  id: string;
  reference: string;
  audio: Pcm16k;
  /** Sub-group labels the WER is also broken down by (age band, expert proficiency band). */
  groups: string[];
}

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

/**
 * speechocean762 dev recordings (learners, many of them children), those whose index `keep` accepts.
 * Without the dev set, prints why and ends the bench (status 0).
 */
export function devItems(keep: (index: number) => boolean = () => true): WerItem[] {
  requireDataset('speechocean762 dev WER');
  return readFileSync(join(DEV, 'scores.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .filter((_, i) => keep(i))
    .map((line) => JSON.parse(line) as { id: string; text: string; wav: string; age: number; total: number })
    .map((r) => ({
      id: r.id,
      reference: r.text,
      audio: readAudio(join(DEV, r.wav)),
      groups: [r.age >= 18 ? 'adults' : 'children', r.total >= 8 ? 'expert total 8-10' : 'expert total 0-7'],
    }));
}

/** Native read speech from Debian's pocketsphinx-testdata (LibriVox). */
export function librivoxItems(): WerItem[] {
  return readFileSync(join(LIBRIVOX, 'transcription'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^(.*)\((\S+)\)\s*$/.exec(line);
      if (!m) throw new Error(`bad transcription line: ${line}`);
      return { id: m[2], reference: m[1], audio: readAudio(join(LIBRIVOX, `${m[2]}.wav`)), groups: [] };
    });
}

export interface WerTally {
  errors: number;
  words: number;
  /** Utterances recognised without an error. */
  perfect: number;
  /** Per sub-group label: errors, reference words and utterances. */
  groups: Map<string, { errors: number; words: number; n: number }>;
}

/** Word errors of each item's recognised text against its reference, in all and per group. */
export function tallyWer(items: WerItem[], texts: string[]): WerTally {
  const tally: WerTally = { errors: 0, words: 0, perfect: 0, groups: new Map() };
  items.forEach((item, i) => {
    const c = wordErrorRate(item.reference, texts[i]);
    tally.errors += c.errors;
    tally.words += c.referenceWords;
    if (c.errors === 0) tally.perfect++;
    for (const g of item.groups) {
      const acc = tally.groups.get(g) ?? { errors: 0, words: 0, n: 0 };
      acc.errors += c.errors;
      acc.words += c.referenceWords;
      acc.n++;
      tally.groups.set(g, acc);
    }
  });
  return tally;
}

/** PocketSphinx: one decoder process per core, each with an interleaved share of the clips. */
export async function recogniseAll(
  recogniser: Recogniser,
  audios: Pcm16k[],
  concurrency = availableParallelism(),
): Promise<Transcript[]> {
  const out: Transcript[] = new Array(audios.length);
  const workers = Math.max(1, Math.min(concurrency, audios.length));
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const idx = audios.map((_, i) => i).filter((i) => i % workers === w);
      const res =
        recogniser instanceof PocketSphinxRecogniser
          ? await recogniser.transcribeMany(idx.map((i) => audios[i]))
          : await Promise.all(idx.map((i) => recogniser.transcribe(audios[i])));
      idx.forEach((i, k) => {
        out[i] = res[k];
      });
    }),
  );
  return out;
}
