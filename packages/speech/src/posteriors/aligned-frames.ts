/** The frame grid of a posteriors computation. */
interface FrameGrid {
  nFrames: number;
  /** Frames per second. */
  frameRate: number;
}

/** How often a labelled phone is the best, or among the three best, posterior of its frames. */
export interface FrameAgreement {
  frames: number;
  top1: number;
  top3: number;
}

/** Frames of [start, end) seconds on the posteriors' grid (frame t starts at t / frameRate). */
export function framesOf(post: FrameGrid, start: number, end: number): [number, number] {
  const first = Math.max(0, Math.round(start * post.frameRate));
  return [first, Math.min(post.nFrames, Math.round(end * post.frameRate))];
}

/**
 * The frames a segment's evidence is read from: {@link framesOf}, or the nearest frame when that is
 * empty (a segment shorter than a frame, or past the last one). Empty only when there are no frames.
 */
export function readFrames(post: FrameGrid, start: number, end: number): [number, number] {
  const [first, last] = framesOf(post, start, end);
  if (last > first || post.nFrames === 0) return [first, last];
  const nearest = Math.max(0, Math.min(first, post.nFrames - 1));
  return [nearest, nearest + 1];
}

/**
 * Counts, over the frames of each labelled segment (e.g. a forced alignment's phones), where the
 * segment's phone ranks among all phones' posteriors. Phones the model lacks are skipped.
 */
export function frameAgreement(
  post: { phones: readonly string[]; logPost: Float32Array } & FrameGrid,
  segments: { phone: string; start: number; end: number }[],
  into: FrameAgreement = { frames: 0, top1: 0, top3: 0 },
): FrameAgreement {
  const n = post.phones.length;
  for (const seg of segments) {
    const p = post.phones.indexOf(seg.phone);
    if (p < 0) continue;
    const [first, last] = framesOf(post, seg.start, seg.end);
    for (let t = first; t < last; t++) {
      const own = post.logPost[t * n + p];
      let better = 0;
      for (let q = 0; q < n; q++) if (post.logPost[t * n + q] > own) better += 1;
      into.frames += 1;
      if (better === 0) into.top1 += 1;
      if (better < 3) into.top3 += 1;
    }
  }
  return into;
}
