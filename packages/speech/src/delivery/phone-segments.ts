import type { PhonePosteriors } from '../posteriors/index.ts';

/**
 * One stretch of frames heard as one phone by a free phone decoding of the frame-level posteriors
 * (no words, no transcript): what unscripted speech is judged on (issue 26).
 */
export interface PhoneSegment {
  /** Index into the model's phones (`PhonePosteriors.phones`). */
  phone: number;
  /** First frame and number of frames (100 per second). */
  start: number;
  frames: number;
  /** Mean log posterior of the segment's phone over its frames (≤ 0). */
  lpp: number;
  /** Mean of the segment phone's log posterior minus the best other phone's, per frame. */
  margin: number;
}

/**
 * Cost (nats) of changing phone between two frames. With 4, the decoding hears 13–16 phones per
 * second of read learner speech, the rate of the forced alignments of the same recordings.
 */
export const SWITCH_PENALTY = 4;

/**
 * The best phone sequence through the posteriors: Viterbi over one state per phone, each frame
 * scored by its log posterior, a phone change costing `switchPenalty`. O(frames × phones).
 */
export function phoneSegments(post: PhonePosteriors, switchPenalty = SWITCH_PENALTY): PhoneSegment[] {
  const { nFrames, logPost } = post;
  const n = post.phones.length;
  if (nFrames === 0) return [];
  const back = new Int16Array(nFrames * n);
  let prev = new Float64Array(n);
  let cur = new Float64Array(n);
  for (let p = 0; p < n; p++) prev[p] = logPost[p];
  for (let t = 1; t < nFrames; t++) {
    let best = 0;
    for (let p = 1; p < n; p++) if (prev[p] > prev[best]) best = p;
    const switched = prev[best] - switchPenalty;
    for (let p = 0; p < n; p++) {
      const stay = prev[p];
      const from = stay >= switched ? p : best;
      back[t * n + p] = from;
      cur[p] = (from === p ? stay : switched) + logPost[t * n + p];
    }
    [prev, cur] = [cur, prev];
  }
  const path = new Int16Array(nFrames);
  let last = 0;
  for (let p = 1; p < n; p++) if (prev[p] > prev[last]) last = p;
  path[nFrames - 1] = last;
  for (let t = nFrames - 1; t > 0; t--) path[t - 1] = back[t * n + path[t]];

  const segments: PhoneSegment[] = [];
  let start = 0;
  for (let t = 1; t <= nFrames; t++) {
    if (t < nFrames && path[t] === path[start]) continue;
    const phone = path[start];
    let lpp = 0;
    let margin = 0;
    for (let f = start; f < t; f++) {
      const row = f * n;
      const own = logPost[row + phone];
      let other = Number.NEGATIVE_INFINITY;
      for (let q = 0; q < n; q++) if (q !== phone && logPost[row + q] > other) other = logPost[row + q];
      lpp += own;
      margin += own - other;
    }
    const frames = t - start;
    segments.push({ phone, start, frames, lpp: lpp / frames, margin: margin / frames });
    start = t;
  }
  return segments;
}
