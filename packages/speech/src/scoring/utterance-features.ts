import type { Alignment } from '../types.ts';
import type { Contours } from './contours.ts';

/** Extra measurements a caller may already have (io-profiles' fluency analysis, for example). */
export interface ExtraUtteranceFeatures {
  /** Energy and pitch contours of the same audio (computed here when only `pcm` is at hand). */
  contours?: Contours;
}

export const UTTERANCE_FEATURES = [
  'meanWordPred',
  'minWordPred',
  'fracWordsBelow7',
  'meanPhonePred',
  'fracPhonesBelow1_5',
  'meanGopN',
  'p10GopN',
  'meanLppN',
  'meanLoopAgree',
  'minDurationShare',
  'nWords',
  'phonesPerSec',
  'articulationRate',
  'pauseCount',
  'pauseShare',
  'longestPause',
  'leadSilence',
  'trailSilence',
  'logDurCv',
  'wordDurCv',
  'energyWordStd',
  'energyRange',
  'snrDb',
  'pitchStdSt',
  'pitchRangeSt',
  'voicedShare',
] as const;

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const std = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};
function quantile(xs: number[], q: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** A pause is a silence between two words at least this long (shorter gaps are articulation). */
const MIN_PAUSE = 0.2;

export interface UtteranceInputs {
  alignment: Alignment;
  phoneRows: number[][];
  phonePred: number[];
  wordPred: number[];
  /** Column indices of gopN, lppN, loopAgree, minDuration, logFrames in the phone rows. */
  cols: { gopN: number; lppN: number; loopAgree: number; minDuration: number; logFrames: number };
  extra?: ExtraUtteranceFeatures;
}

/**
 * Features of a whole utterance: pronunciation aggregates, tempo and pauses from the alignment,
 * and pitch-free and pitch prosody proxies (word energy spread, pitch movement in semitones).
 */
export function utteranceFeatureRow(input: UtteranceInputs): number[] {
  const { alignment: al, phoneRows, phonePred, wordPred, cols } = input;
  const words = al.words;
  const first = words[0]?.start ?? 0;
  const last = words[words.length - 1]?.end ?? 0;
  const span = Math.max(0.1, last - first);
  const inner = al.silences.filter((s) => s.start >= first && s.end <= last && s.end - s.start >= MIN_PAUSE);
  const pauseTime = inner.reduce((a, s) => a + s.end - s.start, 0);
  const phoneTime = phoneRows.reduce((a, r) => a + Math.exp(r[cols.logFrames]) / 100, 0);
  const wordDurs = words.map((w) => (w.end - w.start) / Math.max(1, w.phones.length));
  const gopN = phoneRows.map((r) => r[cols.gopN]);
  const duration = al.durationSec ?? last;

  let energyWordStd = 0;
  let energyRange = 0;
  let snrDb = 0;
  let pitchStdSt = 0;
  let pitchRangeSt = 0;
  let voicedShare = 0;
  const c = input.extra?.contours;
  if (c?.energyDb.length) {
    const frame = (t: number) => Math.min(c.energyDb.length - 1, Math.max(0, Math.round(t * 100)));
    const wordEnergy = words.map((w) => mean(c.energyDb.slice(frame(w.start), frame(w.end) + 1)));
    energyWordStd = std(wordEnergy);
    energyRange = quantile(wordEnergy, 0.9) - quantile(wordEnergy, 0.1);
    const silenceEnergy = al.silences.flatMap((s) => c.energyDb.slice(frame(s.start), frame(s.end) + 1));
    snrDb =
      mean(wordEnergy) - (silenceEnergy.length ? quantile(silenceEnergy, 0.5) : quantile(c.energyDb, 0.1));
    const voiced = c.f0.slice(frame(first), frame(last) + 1).filter((f) => f > 0);
    voicedShare = voiced.length / Math.max(1, frame(last) - frame(first) + 1);
    if (voiced.length > 5) {
      const median = quantile(voiced, 0.5);
      // Semitones from the speaker's median; octave jumps of the tracker are folded back.
      const st = voiced.map((f) => {
        let s = 12 * Math.log2(f / median);
        while (s > 9) s -= 12;
        while (s < -9) s += 12;
        return s;
      });
      pitchStdSt = std(st);
      pitchRangeSt = quantile(st, 0.9) - quantile(st, 0.1);
    }
  }

  return [
    mean(wordPred),
    wordPred.length ? Math.min(...wordPred) : 0,
    mean(wordPred.map((p) => (p < 7 ? 1 : 0))),
    mean(phonePred),
    mean(phonePred.map((p) => (p < 1.5 ? 1 : 0))),
    mean(gopN),
    quantile(gopN, 0.1),
    mean(phoneRows.map((r) => r[cols.lppN])),
    mean(phoneRows.map((r) => r[cols.loopAgree])),
    mean(phoneRows.map((r) => r[cols.minDuration])),
    words.length,
    phoneRows.length / span,
    phoneRows.length / Math.max(0.1, phoneTime),
    inner.length,
    pauseTime / span,
    inner.reduce((a, s) => Math.max(a, s.end - s.start), 0),
    first,
    Math.max(0, duration - last),
    std(phoneRows.map((r) => r[cols.logFrames])),
    std(wordDurs) / Math.max(0.01, mean(wordDurs)),
    energyWordStd,
    energyRange,
    snrDb,
    pitchStdSt,
    pitchRangeSt,
    voicedShare,
  ];
}
