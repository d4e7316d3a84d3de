/**
 * Issue 25, word level: what the word model should learn from (the experiment behind
 * `fitWordModel`, 2026-11-30). The word model used to be fitted on the dev subset's 1,942 rated
 * words. The train split has no word ratings, but its experts' phone scores predict them well: on
 * the dev words, word accuracy against the mean and the minimum of the word's phone scores
 * correlates at 0.85 and 0.89. So the whole split's ~14,000 words can be rated by a regression of
 * the word ratings on those two (fitted on the training part's rated words: the "pseudo-ratings").
 *
 * Nested like `bench:speech-agreement` (its 5 outer folds of dev speakers): per outer fold, the
 * phone model never sees the held-out speakers. The training words' phone predictions are
 * out-of-fold over the training speakers (4 folds), the held-out words' come from the phone model
 * fitted on all training speakers, as in the product. Phone trees only (no sequence model: it
 * would need one trained per set). Raw word predictions, no rules and no display mapping; PCC with
 * the experts' word accuracy on the held-out dev words, pooled.
 *
 * Arms, each with the product's three word-tree candidates (every one printed, none chosen):
 * - dev words, the 11 word features (the design before 2026-11-30, minus the sequence model);
 * - the whole split, dev words rated by the experts and the rest by pseudo-ratings, same features;
 * - the same plus the mean and the minimum over the word's phones of the phone model's 116 input
 *   columns (243 features; more data supports more inputs);
 * - the same without the two phone-prediction columns (241): a word model that needs no phone
 *   model's predictions, so no out-of-fold ones either (installed: `wordInputRows`).
 *
 *   npx tsx calibration/word-training-set.ts [--outer 5] [--quick]
 */
import { parseArgs } from 'node:util';
import { phoneFeatureRows, wordFeatureRows } from '../src/gop/features.ts';
import { type FitOptions, fitBoosted, pearson, predictBoosted } from '../src/scoring/gbdt.ts';
import { DATASET_DIR, loadScores } from './dataset.ts';
import { foldsOfSpeakers } from './fit-lib.ts';
import {
  fitPhoneModel,
  loadPhoneCorpus,
  PHONE_FIT,
  type PhoneUtt,
  predictPhones,
  pseudoRating,
  wordRowsOf,
} from './phone-corpus.ts';
import { FIT_CANDIDATES } from './select.ts';

const { values } = parseArgs({
  options: { outer: { type: 'string' }, quick: { type: 'boolean' } },
});
const OUTER = Number(values.outer ?? 5);
const INNER = 4;
const phoneFit = values.quick
  ? { ...PHONE_FIT, fit: { ...PHONE_FIT.fit, rounds: 60, rate: 0.2 } }
  : PHONE_FIT;

/** One aligned word with its three feature rows and what is known of its rating. */
interface Word {
  light: number[];
  rich: number[];
  /** `rich` without the phone predictions' mean and minimum: what the product's word model reads. */
  inputs: number[];
  /** The experts' word accuracy (dev subset, same word count as the alignment), else null. */
  rated: number | null;
  phones: PhoneUtt['wordPhones'][number];
}

const dev = new Map(loadScores(DATASET_DIR).map((u) => [u.id, u]));

function wordsOf(u: PhoneUtt, fitted: ReturnType<typeof fitPhoneModel>): Word[] {
  const light = wordFeatureRows(
    u.al,
    phoneFeatureRows(u.al, fitted.stats),
    predictPhones(fitted, u.al, u.ev),
  );
  const inputs = wordRowsOf(fitted, u);
  const rated = dev.get(u.id)?.words;
  return u.al.words.map((_, i) => ({
    light: light[i],
    rich: [...light[i].slice(0, 2), ...inputs[i]],
    inputs: inputs[i],
    rated: rated?.length === u.al.words.length ? rated[i].accuracy : null,
    phones: u.wordPhones[i],
  }));
}

const corpus = loadPhoneCorpus();
const devSpeakers = corpus.filter((u) => dev.has(u.id)).map((u) => u.speaker);
const devFolds = foldsOfSpeakers(devSpeakers, OUTER);
const outerOf = new Map(devSpeakers.map((sp, i) => [sp, devFolds[i]]));
const ARMS = [
  'dev words, 11 features',
  'whole split, 11 features',
  'whole split, 243 features',
  'whole split, 241 features (no phone predictions)',
] as const;
const results = new Map<string, { pred: number[]; truth: number[] }>();
const started = Date.now();
for (let f = 0; f < OUTER; f++) {
  const train = corpus.filter((u) => outerOf.get(u.speaker) !== f);
  const test = corpus.filter((u) => outerOf.get(u.speaker) === f);
  const innerOf = foldsOfSpeakers(
    train.map((u) => u.speaker),
    INNER,
  );
  const trainWords: Word[] = [];
  for (let g = 0; g < INNER; g++) {
    const fitted = fitPhoneModel(
      train.filter((_, i) => innerOf[i] !== g),
      phoneFit,
    );
    train.forEach((u, i) => {
      if (innerOf[i] === g) trainWords.push(...wordsOf(u, fitted));
    });
  }
  const full = fitPhoneModel(train, phoneFit);
  const testWords = test.flatMap((u) => wordsOf(u, full)).filter((w) => w.rated !== null);
  const pseudo = pseudoRating(trainWords);
  const rated = trainWords.filter((w) => w.rated !== null);
  const all = trainWords.filter((w) => w.rated !== null || w.phones);
  const allY = all.map((w) => w.rated ?? pseudo(w.phones as NonNullable<Word['phones']>));
  for (const [name, fit] of Object.entries(FIT_CANDIDATES).map(
    ([n, c]) => [n, c.word] as [string, FitOptions],
  )) {
    const arms: [string, Word[], number[], 'light' | 'rich' | 'inputs'][] = [
      [ARMS[0], rated, rated.map((w) => w.rated as number), 'light'],
      [ARMS[1], all, allY, 'light'],
      [ARMS[2], all, allY, 'rich'],
      [ARMS[3], all, allY, 'inputs'],
    ];
    for (const [arm, ws, y, cols] of arms) {
      const model = fitBoosted(
        ws.map((w) => w[cols]),
        y,
        fit,
      );
      const key = `${arm}, word trees ${name}`;
      const r = results.get(key) ?? { pred: [], truth: [] };
      for (const w of testWords) {
        r.pred.push(predictBoosted(model, w[cols]));
        r.truth.push(w.rated as number);
      }
      results.set(key, r);
    }
  }
  console.log(
    `outer fold ${f + 1}/${OUTER}: ${testWords.length} held-out rated words; training words ${rated.length} rated, ${all.length} with pseudo-ratings (${((Date.now() - started) / 60000).toFixed(1)} min)`,
  );
}
console.log('\nraw word accuracy PCC on held-out dev speakers (pooled over outer folds):');
for (const [key, r] of results)
  console.log(`  ${key}: ${pearson(r.pred, r.truth).toFixed(3)} (${r.pred.length} words)`);
