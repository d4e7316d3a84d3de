import { computeContours } from '../scoring/contours.ts';
import { loadCalibratedModel, scoreAlignment } from '../scoring/score.ts';
import { type AlignmentScorer, gopScorer } from './words.ts';

/**
 * The calibrated scorer of `scoring/` (fitted on expert ratings, with pitch and energy contours for
 * prosody), or the uncalibrated GOP map when no fitted parameters are installed.
 */
export function defaultScorer(): AlignmentScorer {
  try {
    loadCalibratedModel();
  } catch {
    return gopScorer;
  }
  return (alignment, pcm) => scoreAlignment(alignment, { extra: { contours: computeContours(pcm) } });
}
