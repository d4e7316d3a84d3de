/**
 * Agreement with the experts on speechocean762-dev, speaker-disjoint k-fold cross-validation: every
 * figure is computed on speakers the calibration of that fold never saw.
 *
 *   npm run -w @agaton/speech bench:speech-agreement [-- --model en-us-8k --folds 5]
 */
import { parseArgs } from 'node:util';
import { loadSamples } from '../calibration/cache.ts';
import { fitModel, speakerFolds, targets, utteranceTarget } from '../calibration/fit-lib.ts';
import { resolveAcousticModel } from '../src/align/model.ts';
import { pearson } from '../src/scoring/gbdt.ts';
import { predict, UTTERANCE_TARGETS } from '../src/scoring/model.ts';

const { values } = parseArgs({
  options: { model: { type: 'string' }, folds: { type: 'string', default: '5' } },
});
const model = values.model ?? resolveAcousticModel().id;
const k = Number(values.folds);
const samples = loadSamples(model);
const folds = speakerFolds(samples, k);
const phone: [number, number][] = [];
const word: [number, number][] = [];
const utt: Record<string, [number, number][]> = Object.fromEntries(UTTERANCE_TARGETS.map((t) => [t, []]));
const started = Date.now();
for (let f = 0; f < k; f++) {
  const fitted = fitModel(
    samples.filter((_, i) => folds[i] !== f),
    model,
  );
  samples.forEach((s, i) => {
    if (folds[i] !== f) return;
    const t = targets(s);
    // A failed alignment scores 0 everywhere: the product reports "the text was not read".
    const p = s.al.ok ? predict(s.al, fitted, { contours: s.contours }) : null;
    t.phone.forEach((y, j) => {
      if (y !== null) phone.push([p?.phone[j] ?? 0, y]);
    });
    if (s.al.ok) t.word.forEach((y, j) => void word.push([p?.word[j] ?? 0, y]));
    else for (const w of s.utt.words) word.push([0, w.accuracy]);
    for (const target of UTTERANCE_TARGETS)
      utt[target].push([p?.utterance[target] ?? 0, utteranceTarget(s.utt, target)]);
  });
}
const pcc = (pairs: [number, number][]) =>
  pearson(
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ).toFixed(3);
const speakers = new Set(samples.map((s) => s.utt.speaker)).size;
const failed = samples.filter((s) => !s.al.ok).length;
console.log(`speechocean762-dev, acoustic model ${model}, ${k}-fold speaker-disjoint cross-validation`);
console.log(`N = ${samples.length} utterances (${speakers} speakers, ${failed} failed alignments scored 0)`);
console.log(`phone accuracy      PCC ${pcc(phone)}  (${phone.length} phones)   target ≥ 0.40`);
console.log(`word accuracy       PCC ${pcc(word)}  (${word.length} words)    target ≥ 0.45`);
console.log(`utterance accuracy  PCC ${pcc(utt.accuracy)}`);
console.log(`utterance fluency   PCC ${pcc(utt.fluency)}   target ≥ 0.60`);
console.log(`utterance prosody   PCC ${pcc(utt.prosodic)}   target ≥ 0.60`);
console.log(`utterance total     PCC ${pcc(utt.total)}   target ≥ 0.65`);
console.log(`(fitting and scoring took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
