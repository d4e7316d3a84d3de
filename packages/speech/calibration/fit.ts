/**
 * Fits the calibrated scoring model on the whole dev set and writes
 * calibration/params-<model>.json, the data the scorer loads at run time. Tree settings and rule
 * strengths are chosen first by speaker-disjoint cross-validation over the same speakers
 * (calibration/select.ts), as the agreement benchmark does inside each of its outer folds.
 *
 *   npm run -w @agaton/speech calibrate [-- --model en-us-8k]
 *
 * Figures for how well this generalises come from bench/agreement.ts (nested cross-validation),
 * never from this fit, which has seen every recording.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveAcousticModel } from '../src/align/model.ts';
import { predict } from '../src/scoring/model.ts';
import { loadSamples } from './cache.ts';
import { requireDataset } from './dataset.ts';
import { Agreement } from './evaluate.ts';
import { loadPhoneCorpus } from './phone-corpus.ts';
import { describeConfig, fitSelected } from './select.ts';
import { loadWrongReadings } from './text-match-fit.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { model: { type: 'string' } } });
const model = values.model ?? resolveAcousticModel().id;
requireDataset('calibrate:fit');
const samples = loadSamples(model);
// The 16 kHz model scores phones from posteriors, fitted on the whole train split, and checks that
// a reading is of the text.
const posterior =
  model === 'en-us-16k' ? { corpus: loadPhoneCorpus(), wrong: loadWrongReadings() } : undefined;
const { config, model: fitted } = fitSelected(samples, model, 5, posterior);
// In-sample figures, kept with the model so a test can check the committed weights are these.
const raw = new Agreement();
for (const s of samples)
  raw.addRaw(s.al.ok ? predict(s.al, fitted, { contours: s.contours, evidence: s.ev }) : null, s);
const figures = raw.summary();
const r3 = (v: number) => Math.round(v * 1000) / 1000;
if (fitted.fittedOn)
  fitted.fittedOn.inSample = { phone: r3(figures.phone), word: r3(figures.word), total: r3(figures.total) };
const out = join(here, `params-${model}.json`);
// The sequence phone model keeps its own file (calibration/phone-sequence/), which loading attaches.
const { sequence: _, ...phones } = fitted.posterior ?? {};
writeFileSync(out, `${JSON.stringify(fitted.posterior ? { ...fitted, posterior: phones } : fitted)}\n`);
console.log(`${describeConfig(config)}; fitted on ${samples.length} utterances → ${out}`);
console.log(`in-sample PCC (not a figure of agreement): ${JSON.stringify(fitted.fittedOn?.inSample)}`);
