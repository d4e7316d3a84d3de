/**
 * Decoder-settings sweep for the PocketSphinx recogniser: for each named set of `pocketsphinx_batch`
 * flags, WER and CPU real-time factor on Debian's LibriVox clips (native) and on the speechocean762
 * dev set (learners). CPU time is the decoder child's user + system time (`/usr/bin/time`), so other
 * jobs on the machine do not inflate it the way they inflate wall time; it includes the ~1 s model
 * load, paid once per set.
 *
 *   npx tsx bench/wer-sweep.ts [--every N] [--only name,name] [--parallel N]
 *
 * `--every 3` decodes every third dev utterance (102 of 306) to keep a sweep short.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { parseCtm } from '../src/asr/ctm.js';
import { toInt16Bytes } from '../src/asr/pcm-bytes.js';
import {
  batchFlags,
  DEFAULT_MODEL_DIR,
  LEARNER_ADAPTATION_DIR,
  SPEED_FLAGS,
} from '../src/asr/pocketsphinx.js';
import { toTranscript } from '../src/asr/transcript.js';
import { devItems, librivoxItems, tallyWer, type WerItem } from './wer-sets.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    every: { type: 'string' },
    only: { type: 'string' },
    parallel: { type: 'string' },
  },
});
const every = Number(values.every ?? 1);
const parallel = Number(values.parallel ?? 1);

/** Settings tried; each is applied on top of the recogniser's fixed flags (not its speed defaults). */
const CONFIGS: Record<string, Record<string, string>> = {
  baseline: {},
  'fwdflat-no': { '-fwdflat': 'no' },
  'fwdflat-no+bestpath-no': { '-fwdflat': 'no', '-bestpath': 'no' },
  ds2: { '-ds': '2' },
  topn2: { '-topn': '2' },
  maxhmmpf3000: { '-maxhmmpf': '3000' },
  maxwpf10: { '-maxwpf': '10' },
  pl_window10: { '-pl_window': '10' },
  'beam1e-40': { '-beam': '1e-40', '-pbeam': '1e-40', '-wbeam': '1e-24' },
  'A: fwdflat-no,maxhmmpf3000,maxwpf10': { '-fwdflat': 'no', '-maxhmmpf': '3000', '-maxwpf': '10' },
  'B: A+topn2': { '-fwdflat': 'no', '-maxhmmpf': '3000', '-maxwpf': '10', '-topn': '2' },
  'C: A+ds2': { '-fwdflat': 'no', '-maxhmmpf': '3000', '-maxwpf': '10', '-ds': '2' },
  'D: A+pl_window10': { '-fwdflat': 'no', '-maxhmmpf': '3000', '-maxwpf': '10', '-pl_window': '10' },
  maxhmmpf2000: { '-maxhmmpf': '2000' },
  maxhmmpf1500: { '-maxhmmpf': '1500' },
  'maxhmmpf3000+maxwpf10': { '-maxhmmpf': '3000', '-maxwpf': '10' },
  'maxhmmpf2000+maxwpf10': { '-maxhmmpf': '2000', '-maxwpf': '10' },
  'maxhmmpf2000+maxwpf5': { '-maxhmmpf': '2000', '-maxwpf': '5' },
  'maxhmmpf2000+maxwpf10+fwdflat-no': { '-maxhmmpf': '2000', '-maxwpf': '10', '-fwdflat': 'no' },
  'maxhmmpf4000+maxwpf10': { '-maxhmmpf': '4000', '-maxwpf': '10' },
  'maxhmmpf4000+maxwpf10+fwdflat-no': { '-maxhmmpf': '4000', '-maxwpf': '10', '-fwdflat': 'no' },
  'maxhmmpf4000+maxwpf10+fwdflatbeam1e-48': {
    '-maxhmmpf': '4000',
    '-maxwpf': '10',
    '-fwdflatbeam': '1e-48',
    '-fwdflatwbeam': '1e-20',
  },
  'maxhmmpf4000+maxwpf10+fwdflatsfwin10': { '-maxhmmpf': '4000', '-maxwpf': '10', '-fwdflatsfwin': '10' },
  'maxhmmpf4000+maxwpf10+fwdflatsfwin5': { '-maxhmmpf': '4000', '-maxwpf': '10', '-fwdflatsfwin': '5' },
  'maxhmmpf4000+maxwpf10+fwdflatsfwin10+fwdflatwbeam1e-20': {
    '-maxhmmpf': '4000',
    '-maxwpf': '10',
    '-fwdflatsfwin': '10',
    '-fwdflatwbeam': '1e-20',
  },
  'maxhmmpf3000+maxwpf10+topn3': { '-maxhmmpf': '3000', '-maxwpf': '10', '-topn': '3' },
};

/** Writes each set's clips once, as the recogniser would (same dither), with a control file. */
function prepare(root: string, name: string, items: WerItem[]): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const item of items) writeFileSync(join(dir, `${item.id}.raw`), toInt16Bytes(item.audio));
  writeFileSync(join(dir, 'ctl'), `${items.map((i) => i.id).join('\n')}\n`);
  return dir;
}

interface Result {
  wer: number;
  cpuSec: number;
  rtf: number;
  groups: Record<string, number>;
  meanConf: number;
}

async function decode(
  dir: string,
  items: WerItem[],
  flags: Record<string, string>,
  tag: string,
): Promise<Result> {
  const out = join(dir, `${tag}.ctm`);
  const timeFile = join(dir, `${tag}.time`);
  const all: Record<string, string> = {
    ...batchFlags({
      modelDir: DEFAULT_MODEL_DIR,
      adaptation: LEARNER_ADAPTATION_DIR,
      dir,
      ctm: out,
      log: join(dir, `${tag}.log`),
    }),
    ...flags,
  };
  await run(
    '/usr/bin/time',
    ['-f', '%U %S', '-o', timeFile, 'pocketsphinx_batch', ...Object.entries(all).flat()],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const [user, sys] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  const byUtt = parseCtm(readFileSync(out, 'utf8'));
  const transcripts = items.map((item) => toTranscript(byUtt.get(item.id) ?? [], 'pocketsphinx'));
  const confidences = transcripts.flatMap((t) => t.words.map((w) => w.confidence));
  const { errors, words, groups } = tallyWer(
    items,
    transcripts.map((t) => t.text),
  );
  const audioSec = items.reduce((s, i) => s + i.audio.durationSec, 0);
  const cpuSec = user + sys;
  return {
    wer: errors / words,
    cpuSec,
    rtf: cpuSec / audioSec,
    groups: Object.fromEntries([...groups].map(([g, a]) => [g, a.errors / a.words])),
    meanConf: confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 0,
  };
}

const root = join(tmpdir(), `agaton-sweep-${process.pid}`);
const sets = { librivox: librivoxItems(), dev: devItems((i) => i % every === 0) };
const dirs = {
  librivox: prepare(root, 'librivox', sets.librivox),
  dev: prepare(root, 'dev', sets.dev),
};
const audio = (items: WerItem[]) => items.reduce((s, i) => s + i.audio.durationSec, 0).toFixed(1);
console.log(
  `librivox ${sets.librivox.length} clips ${audio(sets.librivox)} s; dev ${sets.dev.length} clips ${audio(sets.dev)} s; recogniser defaults now ${JSON.stringify(SPEED_FLAGS)}`,
);
console.log(
  '| settings | LibriVox WER | LibriVox RTF (CPU) | dev WER | dev RTF (CPU) | dev adults / children | dev mean conf |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');

const only = values.only?.split(',');
const names = Object.keys(CONFIGS).filter((n) => !only || only.includes(n));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
let next = 0;
try {
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < names.length) {
        const k = next++;
        const name = names[k];
        const lib = await decode(dirs.librivox, sets.librivox, CONFIGS[name], `c${k}`);
        const dev = await decode(dirs.dev, sets.dev, CONFIGS[name], `c${k}`);
        console.log(
          `| ${name} | ${pct(lib.wer)} | ${lib.rtf.toFixed(3)} | ${pct(dev.wer)} | ${dev.rtf.toFixed(3)} (${dev.cpuSec.toFixed(0)} s) | ${pct(dev.groups.adults)} / ${pct(dev.groups.children)} | ${dev.meanConf.toFixed(2)} |`,
        );
      }
    }),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
