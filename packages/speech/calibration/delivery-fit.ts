/**
 * Fits and reports the unscripted-speech scales (issue 26; calibration/delivery-lib.ts): per-feature
 * correlations, nested speaker-disjoint CV per feature set, and with `--write` the committed model
 * `calibration/delivery-en-us-16k.json`.
 *
 *   npx tsx calibration/delivery-fit.ts [--write]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DELIVERY_MODEL_PATH } from '../src/delivery/assess.ts';
import { DELIVERY_FEATURES } from '../src/delivery/features.ts';
import { pearson } from '../src/scoring/gbdt.ts';
import {
  candidatesOf,
  devTarget,
  FEATURE_SETS,
  fitDelivery,
  inSampleFigures,
  loadAnswers,
  nested,
  phoneTarget,
} from './delivery-lib.ts';

const { values } = parseArgs({ options: { write: { type: 'boolean' } } });
const { answers, devAnswers, recordings } = loadAnswers();
const speakers = new Set(answers.map((a) => a.speaker)).size;
console.log(
  `${recordings} recordings, ${speakers} speakers → ${answers.length} answers of ${(
    answers.reduce((s, a) => s + a.sec, 0) / answers.length
  ).toFixed(1)} s on average; ${devAnswers.length} dev answers`,
);
const r3 = (v: number) => v.toFixed(3);
console.log('\nfeature         phone acc  dev accuracy  dev fluency   (PCC, a first look, not a choice)');
for (const f of DELIVERY_FEATURES) {
  const x = answers.map((a) => a.x[f]);
  const d = devAnswers.map((a) => a.x[f]);
  console.log(
    `${f.padEnd(14)}  ${r3(pearson(x, answers.map(phoneTarget))).padStart(9)}  ${r3(pearson(d, devAnswers.map(devTarget('accuracy')))).padStart(12)}  ${r3(pearson(d, devAnswers.map(devTarget('fluency')))).padStart(11)}`,
  );
}

console.log('\nnested 5 × 4 speaker folds, per feature set (every set, not a choice):');
for (const set of Object.keys(FEATURE_SETS)) {
  const c = candidatesOf([set]);
  const pron = nested(answers, phoneTarget, c, devAnswers);
  const flu = nested(devAnswers, devTarget('fluency'), c);
  console.log(
    `${set.padEnd(20)} pronunciation vs phone accuracy ${r3(pearson(pron.pred, answers.map(phoneTarget)))}, ` +
      `the same on the dev answers vs accuracy ${r3(pearson(pron.alsoPred, devAnswers.map(devTarget('accuracy'))))} / total ${r3(pearson(pron.alsoPred, devAnswers.map(devTarget('total'))))}; ` +
      `fluency (dev) ${r3(pearson(flu.pred, devAnswers.map(devTarget('fluency'))))}`,
  );
}

const fitted = fitDelivery(answers, devAnswers);
console.log(
  `\nall sets, nested: pronunciation vs phone accuracy ${fitted.figures.pronunciationVsPhoneAccuracy}, vs dev accuracy ${fitted.figures.pronunciationVsDevAccuracy}; fluency ${fitted.figures.fluencyVsDevFluency}`,
);
console.log(
  `chosen on all answers: pronunciation ${fitted.chosen.pronunciation}, fluency ${fitted.chosen.fluency}`,
);
if (values.write) {
  const model = {
    ...fitted.model,
    fittedOn: {
      date: new Date().toISOString().slice(0, 10),
      pronunciation: `${fitted.chosen.pronunciation}: ${answers.length} answers of ${speakers} train-split speakers, target the experts' mean phone accuracy × 5`,
      fluency: `${fitted.chosen.fluency}: the ${devAnswers.length} dev speakers' rated recordings, target their mean fluency`,
      nestedCv: fitted.figures,
      inSample: inSampleFigures(fitted.model, answers, devAnswers),
    },
  };
  writeFileSync(DELIVERY_MODEL_PATH, `${JSON.stringify(model, null, 1)}\n`);
  console.log(`wrote ${DELIVERY_MODEL_PATH}`);
}
