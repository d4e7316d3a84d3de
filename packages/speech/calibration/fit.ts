/**
 * Fits the calibrated scoring model on the whole dev set and writes
 * calibration/params-<model>.json, the data the scorer loads at run time.
 *
 *   npm run -w @agaton/speech calibrate [-- --model en-us-8k]
 *
 * Figures for how well this generalises come from bench/agreement.ts (cross-validated), never from
 * this fit, which has seen every recording.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveAcousticModel } from '../src/align/model.ts';
import { loadSamples } from './cache.ts';
import { fitModel } from './fit-lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { model: { type: 'string' } } });
const model = values.model ?? resolveAcousticModel().id;
const samples = loadSamples(model);
const fitted = fitModel(samples, model);
const out = join(here, `params-${model}.json`);
writeFileSync(out, `${JSON.stringify(fitted)}\n`);
console.log(`fitted on ${samples.length} utterances → ${out}`);
