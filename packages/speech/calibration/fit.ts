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
import { loadSamples } from './cache.ts';
import { requireDataset } from './dataset.ts';
import { loadPhoneCorpus } from './phone-corpus.ts';
import { describeConfig, fitSelected } from './select.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { model: { type: 'string' } } });
const model = values.model ?? resolveAcousticModel().id;
requireDataset('calibrate:fit');
const samples = loadSamples(model);
// The 16 kHz model scores phones from posteriors, fitted on the whole train split.
const corpus = model === 'en-us-16k' ? loadPhoneCorpus() : undefined;
const { config, model: fitted } = fitSelected(samples, model, 5, corpus);
const out = join(here, `params-${model}.json`);
writeFileSync(out, `${JSON.stringify(fitted)}\n`);
console.log(`${describeConfig(config)}; fitted on ${samples.length} utterances → ${out}`);
