/**
 * Nested check of the wrong-text discriminant (src/scoring/text-match.ts) on the committed caches:
 * the dev recordings read correctly (calibration/cache-en-us-16k.json.gz) and aligned to other texts,
 * played backwards or replaced by noise (cache-mismatch-en-us-16k.json.gz). Per outer fold of dev
 * speakers, the discriminant and its threshold are fitted by `fitTextMatch` on the other speakers
 * (phone statistics from their recordings too), exactly as `calibrate:fit` fits the installed one,
 * and the held-out speakers' readings are judged by `matchesText`, as the product judges them.
 * Prints the share of each kind called "not the text". Seconds; no audio is decoded.
 *
 *   npx tsx calibration/text-match-check.ts
 */
import { matchesText } from '../src/scoring/text-match.ts';
import { loadSamples } from './cache.ts';
import { foldsOfSpeakers, phoneStatistics } from './fit-lib.ts';
import { fitTextMatch, loadWrongReadings } from './text-match-fit.ts';

const OUTER = 5;
const samples = loadSamples('en-us-16k');
const wrong = loadWrongReadings();
if (wrong.length === 0) throw new Error('no wrong-text cache: run calibration/extract-mismatch.ts');
const speakers = [...samples.map((s) => s.utt.speaker), ...wrong.map((w) => w.speaker)];
const folds = foldsOfSpeakers(speakers, OUTER);
const foldOf = new Map(speakers.map((sp, i) => [sp, folds[i]]));

const flagged = new Map<string, { n: number; caught: number }>();
const tally = (kind: string, caught: boolean) => {
  const t = flagged.get(kind) ?? { n: 0, caught: 0 };
  t.n += 1;
  t.caught += caught ? 1 : 0;
  flagged.set(kind, t);
};
for (let f = 0; f < OUTER; f++) {
  const train = samples.filter((s) => foldOf.get(s.utt.speaker) !== f);
  const stats = phoneStatistics(train);
  const model = fitTextMatch(
    train,
    wrong.filter((w) => foldOf.get(w.speaker) !== f),
    stats,
  );
  for (const s of samples)
    if (foldOf.get(s.utt.speaker) === f) tally('correct', !matchesText(s.al, s.ev, stats, model));
  for (const w of wrong)
    if (foldOf.get(w.speaker) === f) tally(w.kind, !matchesText(w.al, w.ev ?? undefined, stats, model));
}
console.log('held-out readings called "not the text" (outer speaker folds):');
for (const [kind, t] of flagged)
  console.log(`  ${kind.padEnd(9)} ${((100 * t.caught) / t.n).toFixed(1).padStart(5)} % of ${t.n}`);
