import type { CalibratedModel } from '../scoring/model.ts';
import { loadCalibratedModel, scoreReading } from '../scoring/score.ts';
import { type AlignmentScorer, gopScorer } from './words.ts';

/** The calibrated scorer with a given fitted model (the agreement benchmark passes each fold's). */
export function calibratedScorer(model?: CalibratedModel): AlignmentScorer {
  return (alignment, pcm) => scoreReading(alignment, pcm, model);
}

/**
 * The calibrated scorer of `scoring/` (fitted on expert ratings, with pitch and energy contours for
 * prosody and posteriors for phones), or the uncalibrated GOP map when no fitted parameters are
 * installed.
 */
export function defaultScorer(): AlignmentScorer {
  try {
    loadCalibratedModel();
  } catch {
    return gopScorer;
  }
  return calibratedScorer();
}
