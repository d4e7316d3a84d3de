/**
 * Agreement with the experts on speechocean762-dev, by nested speaker-disjoint cross-validation:
 * in every outer fold the hyperparameters and rule strengths are chosen on inner folds of the
 * training speakers only (calibration/select.ts), the model is fitted on those speakers, and the
 * held-out speakers are scored.
 *
 * Held-out recordings are scored through the product's own path: `engine.analyze` on the WAV file
 * (decode, voice activity, the calibrated scorer with its omission and skip rules, words, profiles)
 * and the CLI's batch line (`toBenchmarkLine`), exactly what `score --batch` prints and the API
 * runs. The alignment of each recording is replayed from calibration/cache-<model>.json.gz, which
 * calibration/extract.ts made with the product's aligner; `--realign` re-aligns every recording
 * instead (minutes) and so checks the cache too. The raw models' figures are printed beside.
 *
 *   npm run bench:speech-agreement [-- --model en-us-8k --outer 5 --inner 4 --realign]
 *
 * On a busy machine the outer folds can run in separate processes and be joined afterwards:
 *   npx tsx bench/agreement.ts --folds 1,2 --save /tmp/a.json   (and --folds 3,4,5 --save /tmp/b.json)
 *   npx tsx bench/agreement.ts --merge /tmp/a.json,/tmp/b.json
 *
 * Smoke run (BENCH_SMOKE=1): the first 6 speakers (and 100 train-split recordings for the phone
 * model), the first outer fold only, chosen on 2 inner folds, and 2 of its held-out recordings and
 * one wrong reading of each kind through the product.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHALLENGING_AT_OR_BELOW } from '@agaton/contracts';
import { loadSamples } from '../calibration/cache.ts';
import { DATASET_DIR, loadScores, readWav16k, requireDataset } from '../calibration/dataset.ts';
import { Agreement } from '../calibration/evaluate.ts';
import { loadPhoneCorpus } from '../calibration/phone-corpus.ts';
import { describeConfig, outerFolds } from '../calibration/select.ts';
import { loadWrongReadings, wrongReadingAudio } from '../calibration/text-match-fit.ts';
import { toBenchmarkLine } from '../src/adapters/benchmark.ts';
import { type Aligner, createAligner } from '../src/align/aligner.ts';
import { type AcousticModelId, resolveAcousticModel } from '../src/align/model.ts';
import { createEngine } from '../src/analyze.ts';
import { calibratedScorer } from '../src/profiles/scorer.ts';
import { predict } from '../src/scoring/model.ts';
import { mayHaveSkippedWords } from '../src/scoring/score.ts';
import { type Alignment, type SpeechAnalysis, SpeechInputError } from '../src/types.ts';
import { announceSmoke, SMOKE, smokeOr, smokeSpeakers } from './smoke.ts';

requireDataset('bench:speech-agreement');
const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    outer: { type: 'string', default: '5' },
    inner: { type: 'string', default: smokeOr('4', '2') },
    realign: { type: 'boolean', default: false },
    /** Outer folds to run, 1-based (default: all). */
    folds: { type: 'string', default: smokeOr(undefined, '1') },
    /** Write this run's pairs to a file instead of only printing the summary. */
    save: { type: 'string' },
    /** Print the summary of runs saved with --save (comma-separated files) without running anything. */
    merge: { type: 'string' },
  },
});
const model = (values.model ?? resolveAcousticModel().id) as AcousticModelId;
const outer = Number(values.outer);
const inner = Number(values.inner);
const samples = smokeSpeakers(loadSamples(model), (s) => s.utt.speaker, 6);
announceSmoke(
  `6 speakers, outer fold ${values.folds} of ${outer} on ${inner} inner folds, 2 of its recordings`,
);

/**
 * An aligner that hands back the cached alignment of the recording being scored. The skipped-word
 * pass always ran in the cache; its result is dropped when the product would not have run it.
 */
function replayAligner(): Aligner & { next(al: Alignment): void } {
  let current: Alignment | null = null;
  return {
    model,
    next: (al) => {
      current = al;
    },
    async align(_pcm, _text, opts = {}) {
      if (!current) throw new Error('no cached alignment queued');
      const al = structuredClone(current);
      current = null;
      const detect = opts.skipDetection ?? true;
      const ran =
        detect === true || (detect !== false && detect(al.words.map((w) => ({ ...w, heard: undefined }))));
      if (!ran) for (const w of al.words) delete w.heard;
      return al;
    },
    pronounce: () => [],
    dispose: () => undefined,
  };
}

const replay = replayAligner();
const realigner = values.realign ? await createAligner({ model }) : null;
const product = new Agreement();
const raw = new Agreement();
/**
 * The same pairs with the words the product called omitted left out (of both): their scores are 0
 * by that decision, not by a mapping, so the two columns there show what the display itself costs.
 */
const productRead = new Agreement();
const rawRead = new Agreement();
const started = Date.now();
const only = values.folds?.split(',').map((f) => Number(f) - 1);
// The 16 kHz model scores phones from posteriors, its phone model fitted on the train split's
// speakers outside each outer fold (calibration/phone-corpus.ts), and checks that a reading is of
// the text (fitted on the wrong-text readings of the fold's training speakers).
const posterior =
  model === 'en-us-16k' && !values.merge
    ? { corpus: loadPhoneCorpus().slice(0, smokeOr(undefined, 100)), wrong: loadWrongReadings() }
    : undefined;
const runs = values.merge ? [] : outerFolds(samples, model, outer, inner, only, posterior);
/**
 * Readings of the wrong text through the product, per kind (and the correct readings): how many
 * were said not to be the text, got Content (completeness) ≤ 30, and had a word listed as a
 * pronunciation problem (status ok, score ≤ 80).
 */
const wrongText: Record<
  string,
  { n: number; refused: number; flagged: number; contentLow: number; blamed: number }
> = {};
const tallyOf = (kind: string) => {
  wrongText[kind] ??= { n: 0, refused: 0, flagged: 0, contentLow: 0, blamed: 0 };
  return wrongText[kind];
};
/** Tallies one analysis; `null`: the product refused the recording (no speech heard). */
const tally = (kind: string, a: SpeechAnalysis | null) => {
  const t = tallyOf(kind);
  t.n += 1;
  if (!a) {
    t.refused += 1;
    return;
  }
  if (a.readingCheck?.matchesText === false) t.flagged += 1;
  if (a.overall.completeness <= 30) t.contentLow += 1;
  if (a.words.some((w) => w.status === 'ok' && w.score <= CHALLENGING_AT_OR_BELOW)) t.blamed += 1;
};
const devIndex = new Map(loadScores().map((u, i) => [u.id, i]));
for (const file of values.merge?.split(',') ?? []) {
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  product.merge(saved.product);
  raw.merge(saved.raw);
  if (saved.productRead) productRead.merge(saved.productRead);
  if (saved.rawRead) rawRead.merge(saved.rawRead);
  for (const [k, v] of Object.entries(saved.wrongText ?? {}) as [string, (typeof wrongText)[string]][]) {
    const t = tallyOf(k);
    t.n += v.n;
    t.refused += v.refused;
    t.flagged += v.flagged;
    t.contentLow += v.contentLow;
    t.blamed += v.blamed;
  }
}
for (const { fold, config, model: fitted, heldOut } of runs) {
  console.log(
    `fold ${fold + 1}/${outer}: ${describeConfig(config)}${fitted.posterior ? `; phones: ${fitted.posterior.sequence ? 'trees and sequence model' : "trees alone (no sequence model trained on this fold's set)"}` : ''}`,
  );
  const engine = await createEngine({
    aligner: realigner ?? replay,
    scorer: calibratedScorer(fitted),
    skipDetection: (words) => mayHaveSkippedWords(words, fitted),
  });
  for (const s of smokeOr(heldOut, heldOut.slice(0, 2))) {
    const pred = s.al.ok ? predict(s.al, fitted, { contours: s.contours, evidence: s.ev }) : null;
    raw.addRaw(pred, s);
    replay.next(s.al);
    const audio = new Uint8Array(readFileSync(join(DATASET_DIR, s.utt.wav)));
    const analysis = await engine.analyze({ audio, task: 'reading', referenceText: s.utt.text });
    const line = toBenchmarkLine(analysis);
    product.addProduct(line, s.utt);
    productRead.addProduct(line, s.utt, { omittedAside: true });
    const reference = line.words.filter((w) => w.status === 'ok' || w.status === 'omitted');
    rawRead.addRaw(pred, s, new Set(reference.flatMap((w, i) => (w.status === 'omitted' ? [i] : []))));
    tally('correct', analysis);
  }
  const held = new Set(heldOut.map((s) => s.utt.speaker));
  const wrong = posterior?.wrong.filter((x) => held.has(x.speaker)) ?? [];
  // A smoke run reads one wrong reading of each kind.
  for (const w of SMOKE ? wrong.filter((x, i) => wrong.findIndex((y) => y.kind === x.kind) === i) : wrong) {
    const own = readWav16k(join(DATASET_DIR, `wav/${w.id}.wav`));
    replay.next(w.al);
    const audio = wrongReadingAudio(w.kind, own, devIndex.get(w.id) ?? 0);
    const analysis = await engine
      .analyze({ audio, task: 'reading', referenceText: w.text })
      .catch((e: unknown) => {
        if (e instanceof SpeechInputError) return null;
        throw e;
      });
    tally(w.kind, analysis);
  }
}
realigner?.dispose();
if (values.save)
  writeFileSync(
    values.save,
    JSON.stringify({ folds: only ?? 'all', product, raw, productRead, rawRead, wrongText }),
  );

const p = product.summary();
const r = raw.summary();
const row = (name: string, key: keyof typeof p, target: string) =>
  console.log(
    `${name.padEnd(20)} ${p[key].toFixed(3).padStart(7)}   ${r[key].toFixed(3).padStart(7)}   ${target}`,
  );
const speakers = new Set(samples.map((s) => s.utt.speaker)).size;
console.log(
  `\nspeechocean762-dev, acoustic model ${model}: ${samples.length} utterances, ${speakers} speakers, ` +
    `${outer} outer × ${inner} inner speaker-disjoint folds${values.realign ? ', re-aligned' : ''}`,
);
// Targets of issue 25 (product path); published figures are on the corpus's test split.
console.log(`${'PCC with experts'.padEnd(20)} product       raw   target (published)`);
row(`phone (${product.phone.length})`, 'phone', '≥ 0.55 (GOPT 0.61, HierTFR 0.64)');
row(`word (${product.word.length})`, 'word', '≥ 0.55 (GOPT 0.53, HierTFR 0.63)');
row('utterance accuracy', 'accuracy', '(GOPT 0.71)');
row('utterance fluency', 'fluency', '≥ 0.78 (GOPT 0.75)');
row('utterance prosody', 'prosodic', '≥ 0.76 (GOPT 0.76)');
row('utterance total', 'total', '≥ 0.76 (GOPT 0.74, HierTFR 0.76)');
if (productRead.phone.length) {
  const pr = productRead.summary();
  const rr = rawRead.summary();
  console.log(
    `omitted words aside (the display alone): phone (${productRead.phone.length}) ${pr.phone.toFixed(3)} / ${rr.phone.toFixed(3)}, ` +
      `word (${productRead.word.length}) ${pr.word.toFixed(3)} / ${rr.word.toFixed(3)}`,
  );
}
const omitted = product.omitted;
const read = omitted.filter((a) => a >= 3).length;
console.log(
  `\nproduct: ${omitted.length} of ${product.words} words marked omitted (${((100 * omitted.length) / product.words).toFixed(2)} %), ` +
    `${read} of them rated ≥ 3/10 by the experts (false omissions ${((100 * read) / product.words).toFixed(2)} %, target < 0.5 %)`,
);
console.log(
  `phones not paired (product aligned another pronunciation): ${product.unpairedPhones}; ` +
    `utterances whose words did not line up: ${product.misaligned}`,
);
// Does the displayed total use the range? Experts' total bands against the product's total.
console.log("\nproduct total (0–100) by the experts' total (0–10), held-out speakers:");
const totals = product.utterance.total;
for (const [lo, hi] of [
  [0, 4],
  [5, 6],
  [7, 8],
  [9, 10],
]) {
  const xs = totals
    .filter(([, e]) => e >= lo && e <= hi)
    .map(([p]) => p)
    .sort((a, b) => a - b);
  if (!xs.length) continue;
  const share = (f: (v: number) => boolean) => `${((100 * xs.filter(f).length) / xs.length).toFixed(0)} %`;
  console.log(
    `  experts ${lo}–${hi}: n=${String(xs.length).padStart(3)}  median ${xs[Math.floor(xs.length / 2)]}  ` +
      `range ${xs[0]}–${xs[xs.length - 1]}  below 50 ${share((v) => v < 50)}  above 90 ${share((v) => v > 90)}`,
  );
}
if (Object.keys(wrongText).length) {
  console.log('\nreadings of the text asked and of something else, through the product (held-out speakers):');
  const pct = (a: number, n: number) => `${((100 * a) / Math.max(1, n)).toFixed(1)} %`;
  for (const [kind, t] of Object.entries(wrongText))
    console.log(
      `  ${kind.padEnd(9)} n=${String(t.n).padStart(3)}  refused (no speech) ${pct(t.refused, t.n).padStart(7)}  ` +
        `said not the text ${pct(t.flagged, t.n).padStart(7)}  ` +
        `Content ≤ 30 ${pct(t.contentLow, t.n).padStart(7)}  a word listed to practise ${pct(t.blamed, t.n).padStart(7)}`,
    );
}
console.log(`(took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
