import { ARPABET_VOWELS } from '@agaton/contracts';
import type { VoicedSegment } from '../audio/vad.ts';
import type { PhoneSegment } from './phone-segments.ts';

/**
 * What unscripted speech is judged on without a transcript (issue 26): how clearly the speech
 * matches its best phones against the competing ones (the free phone decoding of the posteriors),
 * and its timing (voiced stretches and pauses). Collected over one or more recordings of one
 * speaker (`addRecording`), then read as named features (`deliveryFeatures`).
 */
export interface DeliveryStats {
  /** Speech segments: count and frames, LPP and margin sums (frame-weighted and per segment). */
  segments: number;
  frames: number;
  lppFrames: number;
  marginFrames: number;
  lppSegments: number;
  unclear: number;
  vowelFrames: number;
  vowelLpp: number;
  consonantFrames: number;
  consonantLpp: number;
  /** Voiced frames decoded as silence or noise. */
  fillerFrames: number;
  /** Every speech segment's LPP, for its quantiles. */
  lpps: number[];
  /** Voiced time; the time spoken, with closures and pauses but without breaks; the pauses; runs of speech between breaks (s). */
  voicedSec: number;
  spanSec: number;
  pauses: number;
  pauseSec: number;
  stretches: number;
}

export const emptyDeliveryStats = (): DeliveryStats => ({
  segments: 0,
  frames: 0,
  lppFrames: 0,
  marginFrames: 0,
  lppSegments: 0,
  unclear: 0,
  vowelFrames: 0,
  vowelLpp: 0,
  consonantFrames: 0,
  consonantLpp: 0,
  fillerFrames: 0,
  lpps: [],
  voicedSec: 0,
  spanSec: 0,
  pauses: 0,
  pauseSec: 0,
  stretches: 0,
});

/** A gap between voiced stretches longer than this is a pause (s). */
export const PAUSE_SEC = 0.25;
/** A longer gap is a break, not a pause (s). */
export const MAX_PAUSE_SEC = 0.8;
const FILLERS = new Set(['SIL', '+NSN+', '+SPN+']);
const VOWELS: ReadonlySet<string> = new Set(ARPABET_VOWELS);

/**
 * Adds one recording: its free phone decoding (`phoneSegments`, frames at 100 per second), the
 * model's phones and its voiced stretches. Only segments centred in a voiced stretch count.
 */
export function addRecording(
  stats: DeliveryStats,
  segments: readonly PhoneSegment[],
  phones: readonly string[],
  voiced: readonly VoicedSegment[],
): DeliveryStats {
  const inVoice = (sec: number) => voiced.some((v) => sec >= v.start && sec < v.end);
  for (const s of segments) {
    if (!inVoice((s.start + s.frames / 2) / 100)) continue;
    const phone = phones[s.phone];
    if (FILLERS.has(phone)) {
      stats.fillerFrames += s.frames;
      continue;
    }
    stats.segments += 1;
    stats.frames += s.frames;
    stats.lppFrames += s.lpp * s.frames;
    stats.marginFrames += s.margin * s.frames;
    stats.lppSegments += s.lpp;
    if (s.margin < 0) stats.unclear += 1;
    stats.lpps.push(s.lpp);
    if (VOWELS.has(phone)) {
      stats.vowelFrames += s.frames;
      stats.vowelLpp += s.lpp * s.frames;
    } else {
      stats.consonantFrames += s.frames;
      stats.consonantLpp += s.lpp * s.frames;
    }
  }
  // Between voiced stretches: a short gap is a closure inside speech, a gap of PAUSE_SEC to
  // MAX_PAUSE_SEC a pause, a longer one a break between turns or sentences that is not timed
  // (how long someone waits before going on says little about how fluently they speak, and the
  // recordings the scales were fitted on have no such breaks inside them).
  for (let i = 0; i < voiced.length; i++) {
    const v = voiced[i];
    stats.voicedSec += v.end - v.start;
    stats.spanSec += v.end - v.start;
    const gap = i > 0 ? v.start - voiced[i - 1].end : Number.POSITIVE_INFINITY;
    if (gap > MAX_PAUSE_SEC) {
      stats.stretches += 1;
      continue;
    }
    stats.spanSec += gap;
    if (gap >= PAUSE_SEC) {
      stats.pauses += 1;
      stats.pauseSec += gap;
    }
  }
  return stats;
}

/** How clearly speech matches its best phones. */
export const CLARITY_FEATURES = [
  'lpp',
  'margin',
  'lppSegment',
  'unclearShare',
  'lppQ25',
  'lppMedian',
  'vowelLpp',
  'consonantLpp',
] as const;
/** Within speech: how fast phones follow one another and how much is heard as noise. */
export const RATE_FEATURES = ['phoneRate', 'segmentSec', 'fillerShare'] as const;
/** Pauses inside speech. */
export const PAUSE_FEATURES = ['speechShare', 'pauseRate', 'pauseSec'] as const;
export const DELIVERY_FEATURES = [
  ...CLARITY_FEATURES,
  ...RATE_FEATURES,
  ...PAUSE_FEATURES,
  'stretchSec',
] as const;
export type DeliveryFeature = (typeof DELIVERY_FEATURES)[number];

const ratio = (a: number, b: number, empty = 0) => (b > 0 ? a / b : empty);

function quantile(values: readonly number[], q: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The named features of what was added (0 where nothing was heard). */
export function deliveryFeatures(s: DeliveryStats): Record<DeliveryFeature, number> {
  const speechSec = s.frames / 100;
  return {
    lpp: ratio(s.lppFrames, s.frames),
    margin: ratio(s.marginFrames, s.frames),
    lppSegment: ratio(s.lppSegments, s.segments),
    unclearShare: ratio(s.unclear, s.segments),
    lppQ25: quantile(s.lpps, 0.25),
    lppMedian: quantile(s.lpps, 0.5),
    vowelLpp: ratio(s.vowelLpp, s.vowelFrames),
    consonantLpp: ratio(s.consonantLpp, s.consonantFrames),
    phoneRate: ratio(s.segments, speechSec),
    segmentSec: ratio(speechSec, s.segments),
    fillerShare: ratio(s.fillerFrames, s.frames + s.fillerFrames),
    speechShare: ratio(s.voicedSec, s.spanSec),
    pauseRate: ratio(s.pauses, s.voicedSec),
    pauseSec: ratio(s.pauseSec, s.pauses),
    stretchSec: ratio(s.voicedSec, s.stretches),
  };
}
