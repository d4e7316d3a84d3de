/**
 * Word error rate and real-time factor of free-speech recognition on read speech whose text is known:
 * (a) the speechocean762 dev set (non-native learners, many children) and (b) Debian's
 * pocketsphinx-testdata LibriVox clips (native read speech).
 *
 *   npm run -w @agaton/speech bench:speech-wer [-- --limit N] [--concurrency N]
 *     [--model-dir DIR] [--adaptation DIR|none] [--flag -name=value ...]
 *
 * `--model-dir`, `--adaptation` and `--flag` measure a PocketSphinx variant (another model folder,
 * other adapted parameters or none — `none` is Debian's native model —, decoder settings) on the
 * same clips; `calibration/recogniser-adaptation/adapt.sh` builds the adapted models.
 *
 * With ASR_BASE_URL set, the OpenAI-compatible recogniser is measured instead.
 *
 * Smoke run (BENCH_SMOKE=1): 2 clips of each set (`--limit` still applies to the dev set).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { createRecogniser, PocketSphinxRecogniser } from '../src/asr/index.js';
import type { Recogniser } from '../src/types.js';
import { announceSmoke, smokeOr } from './smoke.ts';
import { devItems, librivoxItems, recogniseAll, tallyWer, type WerItem } from './wer-sets.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    concurrency: { type: 'string' },
    'model-dir': { type: 'string' },
    adaptation: { type: 'string' },
    flag: { type: 'string', multiple: true },
  },
});
const limit = values.limit ? Number(values.limit) : smokeOr(Number.POSITIVE_INFINITY, 2);
const concurrency = Number(values.concurrency ?? availableParallelism());

/**
 * CPU seconds (user + system) of this process's finished children, from /proc/self/stat (`cutime`,
 * `cstime`, in clock ticks of 1/100 s): the decoder processes' own time, which other jobs on the
 * machine do not inflate the way they inflate wall time. Null where /proc is missing.
 */
function childCpuSec(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

async function measure(name: string, items: WerItem[], recogniser: Recogniser) {
  const cpuBefore = childCpuSec();
  const started = performance.now();
  const transcripts = await recogniseAll(
    recogniser,
    items.map((i) => i.audio),
    concurrency,
  );
  const wallSec = (performance.now() - started) / 1000;
  const cpuAfter = childCpuSec();
  const cpuSec = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const texts = transcripts.map((t) => t.text);
  const { errors, words, perfect, groups } = tallyWer(items, texts);
  const audioSec = items.reduce((s, i) => s + i.audio.durationSec, 0);
  // RTF per core: the decoders' CPU time ÷ audio time (what one idle core takes per second of
  // audio, model loads included); wall time × workers is shown too but is inflated by other jobs.
  const workers = Math.min(concurrency, items.length);
  const cpu =
    cpuSec === null ? '' : `, CPU ${cpuSec.toFixed(1)} s, RTF (CPU) ${(cpuSec / audioSec).toFixed(3)}`;
  console.log(
    `${name}: ${items.length} utterances, ${words} words, ${audioSec.toFixed(1)} s audio — WER ${((100 * errors) / words).toFixed(1)}%` +
      ` (${perfect} utterances perfect); wall ${wallSec.toFixed(1)} s on ${workers} workers, RTF wall × workers ${((wallSec * workers) / audioSec).toFixed(3)}${cpu}`,
  );
  for (const [g, acc] of [...groups].sort()) {
    console.log(`  ${g}: ${acc.n} utterances, WER ${((100 * acc.errors) / acc.words).toFixed(1)}%`);
  }
}

const flags = Object.fromEntries(
  (values.flag ?? []).map((f) => {
    const at = f.indexOf('=');
    return [f.slice(0, at), f.slice(at + 1)];
  }),
);
const variant = values['model-dir'] || values.adaptation || values.flag;
const adaptation = values.adaptation === 'none' ? null : values.adaptation;
const recogniser = variant
  ? new PocketSphinxRecogniser({ modelDir: values['model-dir'], adaptation, flags })
  : createRecogniser();
if (variant)
  console.log(
    `variant: ${values['model-dir'] ?? 'default model'}, adaptation ${values.adaptation ?? 'default'} ${JSON.stringify(flags)}`,
  );
console.log(`engine: ${recogniser instanceof PocketSphinxRecogniser ? 'pocketsphinx' : 'openai-compatible'}`);
announceSmoke('2 clips of each set');
await measure(
  'pocketsphinx-testdata librivox (native read speech)',
  librivoxItems().slice(0, smokeOr(undefined, 2)),
  recogniser,
);
await measure(
  'speechocean762 dev (non-native read sentences)',
  devItems((i) => i < limit),
  recogniser,
);
