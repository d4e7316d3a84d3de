/**
 * `npm run bench:speech-free`: agreement of the free-speech path with the experts, on held-out
 * speakers. Each speechocean762 dev speaker's recordings are joined (0.5 s apart) into one answer of
 * about 30 s, scored as the API scores a free answer (`analyze({ task: 'free-speech', topic })` →
 * `toFreeSpeechResponse`, the worker's calls), and the overall score the user sees is correlated
 * with the experts' mean total for that speaker. Also: WER of the raw transcript against the joined
 * reference texts, and how the recogniser's word confidence separates right from wrong words (what
 * the `uncertain` threshold is chosen from).
 *
 * The installed calibrated model was fitted on these same speakers, so each answer is scored instead
 * by a model fitted without its speaker: the outer folds of bench/agreement.ts (`outerFolds`, nested
 * speaker-disjoint cross-validation, inner folds choose), one engine per fold with that fold's
 * scorer and skip rule; everything else (recogniser, aligner, profiles, adapter) is the product's.
 * `--installed` also scores every answer with the installed model (the in-sample figure).
 *
 * The demo topics are answered by none of these recordings, so every answer here is off-topic; the
 * topics rotate over the speakers as the hidden checks may pass any of them.
 *
 *   npm run bench:speech-free
 *   npx tsx bench/free-speech.ts [--speakers 10 --out /tmp/free.jsonl --installed --outer 5 --inner 4]
 *     (options from packages/speech: the root script's nested `npm run` does not pass them on)
 *
 * Smoke run (BENCH_SMOKE=1): the first 6 speakers, the first outer fold only, chosen on 2 inner folds,
 * and one of its speakers scored.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_FREE_SPEECH_TOPICS, freeSpeechResponseSchema } from '@agaton/contracts';
import { loadSamples } from '../calibration/cache.ts';
import { requireDataset } from '../calibration/dataset.ts';
import { fitDelivery, loadAnswers } from '../calibration/delivery-lib.ts';
import { describeConfig, outerFolds } from '../calibration/select.ts';
import { resolveAcousticModel } from '../src/align/model.ts';
import { createRecogniser, normaliseForWer, wordErrorRate } from '../src/asr/index.ts';
import { createEngine, type SpeechEngine, toFreeSpeechResponse, UNCERTAIN_BELOW } from '../src/index.ts';
import { calibratedScorer } from '../src/profiles/scorer.ts';
import { pearson } from '../src/scoring/gbdt.ts';
import { mayHaveSkippedWords } from '../src/scoring/score.ts';
import type { Recogniser, Transcript } from '../src/types.ts';
import { devAnswerOf, devRowsBySpeaker } from './dev-audio.ts';
import { announceSmoke, SMOKE, smokeOr, smokeSpeakers } from './smoke.ts';

requireDataset('bench:speech-free');
const { values } = parseArgs({
  options: {
    speakers: { type: 'string' },
    out: { type: 'string' },
    installed: { type: 'boolean', default: false },
    outer: { type: 'string', default: '5' },
    inner: { type: 'string', default: smokeOr('4', '2') },
  },
});
announceSmoke(`6 speakers, outer fold 1 on ${values.inner} inner folds, one speaker scored`);

/** Which hypothesis words a minimum-edit alignment matches to an identical reference word. */
function correctWords(reference: string[], hypothesis: string[]): boolean[] {
  const d = Array.from({ length: reference.length + 1 }, (_, i) =>
    Array.from({ length: hypothesis.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= reference.length; i++)
    for (let j = 1; j <= hypothesis.length; j++)
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        d[i][j - 1] + 1,
        d[i - 1][j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
  const ok = hypothesis.map(() => false);
  let i = reference.length;
  let j = hypothesis.length;
  while (i > 0 && j > 0) {
    const same = reference[i - 1] === hypothesis[j - 1];
    if (d[i][j] === d[i - 1][j - 1] + (same ? 0 : 1)) {
      ok[j - 1] = same;
      i--;
      j--;
    } else if (d[i][j] === d[i][j - 1] + 1) j--;
    else i--;
  }
  return ok;
}

const bySpeaker = devRowsBySpeaker();
const speakers = [...bySpeaker.keys()]
  .sort()
  .slice(0, Number(values.speakers ?? smokeOr(Number.POSITIVE_INFINITY, 6)));

/**
 * One recogniser for every engine (as `createEngine` would make it from the environment). With
 * `--installed` each answer is analysed twice, so its transcript is kept for the second analysis.
 */
const asr = createRecogniser(process.env);
const transcripts = new Map<string, Promise<Transcript>>();
const recogniser: Recogniser = values.installed
  ? {
      transcribe(pcm) {
        const key = createHash('sha1')
          .update(new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength))
          .digest('hex');
        if (!transcripts.has(key)) transcripts.set(key, asr.transcribe(pcm));
        return transcripts.get(key) as Promise<Transcript>;
      },
    }
  : asr;
const installedEngine = values.installed ? await createEngine({ recogniser }) : null;

interface Scores {
  overall: number;
  pronunciation: number;
  fluency: number;
  content: number;
}
const started = Date.now();
const results: ({
  speaker: string;
  expert: number;
  expertAccuracy: number;
  expertFluency: number;
} & Scores)[] = [];
const installed: Scores[] = [];
const confidence: { conf: number; ok: boolean }[] = [];
const checks: { offTopic: boolean; short: boolean; share: number; intelligibility: string }[] = [];
let werErrors = 0;
let werWords = 0;
let audioSec = 0;
const dump: string[] = [];

async function scoreSpeaker(engine: SpeechEngine, speaker: string, fold: number): Promise<void> {
  const index = speakers.indexOf(speaker);
  const own = bySpeaker.get(speaker) ?? [];
  const meanOf = (k: 'total' | 'accuracy' | 'fluency') => own.reduce((s, r) => s + r[k], 0) / own.length;
  const expert = meanOf('total');
  const answer = devAnswerOf(own);
  const topics = Object.values(DEMO_FREE_SPEECH_TOPICS);
  const topic = topics[index % topics.length];
  const analysis = await engine.analyze({ audio: answer.audio, task: 'free-speech', topic });
  const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(analysis));
  const raw = analysis.rawTranscript ?? analysis.transcript;
  const wer = wordErrorRate(answer.reference, raw);
  werErrors += wer.errors;
  werWords += wer.referenceWords;
  audioSec += answer.seconds;
  const scored = analysis.words.filter((w) => normaliseForWer(w.word).length === 1);
  const ok = correctWords(
    normaliseForWer(answer.reference),
    scored.map((w) => normaliseForWer(w.word)[0]),
  );
  scored.forEach((w, k) => void confidence.push({ conf: w.confidence, ok: ok[k] }));
  const a = response.assessment;
  checks.push({
    offTopic: response.answer_check?.off_topic === true,
    short: response.answer_check?.too_short === true,
    share: a.pronunciation.scored_share ?? 1,
    intelligibility: analysis.intelligibility.transcriptConfidence.humanizedValue,
  });
  results.push({
    speaker,
    expert,
    expertAccuracy: meanOf('accuracy'),
    expertFluency: meanOf('fluency'),
    overall: a.overall_score,
    pronunciation: a.pronunciation.score,
    fluency: a.fluency.score,
    content: a.content?.score ?? 0,
  });
  let inSample: Scores | undefined;
  if (installedEngine) {
    const b = freeSpeechResponseSchema.parse(
      toFreeSpeechResponse(
        await installedEngine.analyze({ audio: answer.audio, task: 'free-speech', topic }),
      ),
    ).assessment;
    inSample = {
      overall: b.overall_score,
      pronunciation: b.pronunciation.score,
      fluency: b.fluency.score,
      content: b.content?.score ?? 0,
    };
    installed.push(inSample);
  }
  dump.push(
    JSON.stringify({
      speaker,
      fold,
      expert,
      seconds: answer.seconds,
      topic,
      reference: answer.reference,
      raw,
      wer: wer.errors / wer.referenceWords,
      overall: analysis.overall,
      content: analysis.content?.score,
      rouge1: analysis.content?.rouge1,
      intelligibility: analysis.intelligibility.transcriptConfidence,
      words: analysis.words.map((w) => ({
        w: w.word,
        c: w.confidence,
        s: w.score,
        u: w.uncertain ?? false,
        ok: scored.indexOf(w) >= 0 ? ok[scored.indexOf(w)] : null,
        n: w.phones.length,
      })),
      response: { overall: a.overall_score, pron: a.pronunciation.score, fl: a.fluency.score },
      installed: inSample,
    }),
  );
  console.log(
    `${speaker} fold ${fold + 1}  expert ${expert.toFixed(2)}  overall ${a.overall_score}  pron ${a.pronunciation.score}  fluency ${a.fluency.score}  content ${a.content?.score ?? '–'}${inSample ? `  (installed model: overall ${inSample.overall})` : ''}  WER ${((100 * wer.errors) / wer.referenceWords).toFixed(0)}%  (${answer.seconds.toFixed(1)} s)`,
  );
}

// Held out: each fold's speakers scored by a model fitted on the other folds' speakers only.
const acousticModel = resolveAcousticModel().id;
const deliveryAnswers = loadAnswers();
const samples = smokeSpeakers(loadSamples(acousticModel), (s) => s.utt.speaker, 6);
const outer = Number(values.outer);
const inner = Number(values.inner);
const inFolds = new Set(samples.map((s) => s.utt.speaker));
const unfolded = speakers.filter((sp) => !inFolds.has(sp));
if (unfolded.length) console.log(`not scored (no cached alignment, so in no fold): ${unfolded.join(', ')}`);
let fitSec = 0;
let scoreSec = 0;
let foldsRun = 0;
let mark = Date.now();
const folds = outerFolds(samples, acousticModel, outer, inner, smokeOr(undefined, [0]));
for (const { fold, config, model, heldOut } of folds) {
  const own = new Set(heldOut.map((s) => s.utt.speaker));
  const fitted = (Date.now() - mark) / 1000;
  fitSec += fitted;
  foldsRun += 1;
  mark = Date.now();
  console.log(
    `fold ${fold + 1}/${outer} (${own.size} speakers held out, chosen and fitted in ${fitted.toFixed(0)} s): ${describeConfig(config)}`,
  );
  // The transcript-free scales fitted without the fold's speakers (all their train-split answers out).
  const delivery = fitDelivery(
    deliveryAnswers.answers.filter((a) => !own.has(a.speaker)),
    deliveryAnswers.devAnswers.filter((a) => !own.has(a.speaker)),
  );
  console.log(
    `  delivery scales: pronunciation ${delivery.chosen.pronunciation}, fluency ${delivery.chosen.fluency}`,
  );
  const engine = await createEngine({
    recogniser,
    scorer: calibratedScorer(model),
    skipDetection: (words) => mayHaveSkippedWords(words, model),
    delivery: delivery.model,
  });
  const scored = speakers.filter((speaker) => own.has(speaker));
  for (const speaker of SMOKE ? scored.slice(0, 1) : scored) await scoreSpeaker(engine, speaker, fold);
  engine.dispose();
  scoreSec += (Date.now() - mark) / 1000;
  mark = Date.now();
}
installedEngine?.dispose();
if (values.out) writeFileSync(values.out, `${dump.join('\n')}\n`);

const expert = results.map((r) => r.expert);
const pcc = (from: Scores[], key: keyof Scores, against = expert) =>
  pearson(
    from.map((r) => r[key]),
    against,
  ).toFixed(3);
const accuracy = results.map((r) => r.expertAccuracy);
const fluency = results.map((r) => r.expertFluency);
const elapsed = (Date.now() - started) / 1000;
console.log(
  `\nspeechocean762-dev free speech: N = ${results.length} speakers, answers of ${(audioSec / results.length).toFixed(1)} s on average, scored through analyze → toFreeSpeechResponse`,
);
console.log(
  `held out (${outer} outer × ${inner} inner speaker-disjoint folds, acoustic model ${acousticModel}): each speaker scored by a model fitted without that speaker`,
);
console.log(`overall score vs experts' mean total          PCC ${pcc(results, 'overall')}`);
console.log(
  `pronunciation score vs experts' mean accuracy  PCC ${pcc(results, 'pronunciation', accuracy)}   target ≥ 0.60`,
);
console.log(
  `fluency score vs experts' mean fluency         PCC ${pcc(results, 'fluency', fluency)}   target ≥ 0.65`,
);
console.log(
  `  against the experts' total: pronunciation ${pcc(results, 'pronunciation')}, fluency ${pcc(results, 'fluency')}, content ${pcc(results, 'content')}`,
);
if (installed.length)
  console.log(
    `installed models (fitted on these same speakers, in-sample): overall PCC ${pcc(installed, 'overall')}; pronunciation vs accuracy ${pcc(installed, 'pronunciation', accuracy)}, fluency vs fluency ${pcc(installed, 'fluency', fluency)}, content ${pcc(installed, 'content')}`,
  );
console.log(
  `transcript WER ${((100 * werErrors) / werWords).toFixed(1)}% over ${werWords} reference words (raw transcript)`,
);
const offTopic = checks.filter((c) => c.offTopic).length;
const shares = checks.map((c) => c.share);
const level = (l: string) => checks.filter((c) => c.intelligibility === l).length;
console.log(
  `answers judged off-topic ${offTopic} of ${checks.length}, very short ${checks.filter((c) => c.short).length}; ` +
    `share of recognised words scored ${((100 * shares.reduce((a, b) => a + b, 0)) / Math.max(1, shares.length)).toFixed(0)} % on average ` +
    `(${(100 * Math.min(...shares)).toFixed(0)}–${(100 * Math.max(...shares)).toFixed(0)} %); ` +
    `intelligibility shown Low ${level('Low')}, Medium ${level('Medium')}, High ${level('High')}`,
);
console.log('\nrecognised words by confidence (right = matches the reference in a minimum-edit alignment):');
console.log('threshold  words ≥ it  right among them  right words kept  wrong words kept');
const right = confidence.filter((c) => c.ok).length;
const wrong = confidence.length - right;
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]) {
  const kept = confidence.filter((c) => c.conf >= t);
  const keptRight = kept.filter((c) => c.ok).length;
  console.log(
    `${t.toFixed(2).padStart(9)}${t === UNCERTAIN_BELOW ? '*' : ' '} ${String(kept.length).padStart(10)}  ${((100 * keptRight) / Math.max(1, kept.length)).toFixed(1).padStart(15)}%  ${((100 * keptRight) / Math.max(1, right)).toFixed(1).padStart(15)}%  ${((100 * (kept.length - keptRight)) / Math.max(1, wrong)).toFixed(1).padStart(15)}%`,
  );
}
console.log(`(${confidence.length} recognised words, ${right} right; * = UNCERTAIN_BELOW)`);
console.log(
  `took ${elapsed.toFixed(0)} s: choosing and fitting the ${foldsRun} fold models ${fitSec.toFixed(0)} s, ` +
    `scoring ${audioSec.toFixed(0)} s of audio ${scoreSec.toFixed(0)} s (RTF ${(scoreSec / audioSec).toFixed(2)}` +
    `${installedEngine ? ', each answer analysed twice' : ''})`,
);
