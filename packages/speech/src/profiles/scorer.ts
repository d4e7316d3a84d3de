import { phoneEvidence } from '../gop/posterior-features.ts';
import { createPosteriorComputer, loadPtmModel, type PosteriorComputer } from '../posteriors/index.ts';
import { computeContours } from '../scoring/contours.ts';
import type { CalibratedModel } from '../scoring/model.ts';
import { loadCalibratedModel, scoreAlignment } from '../scoring/score.ts';
import { type AlignmentScorer, gopScorer } from './words.ts';

let posteriors: PosteriorComputer | undefined;

/** The calibrated scorer with a given fitted model (the agreement benchmark passes each fold's). */
export function calibratedScorer(model?: CalibratedModel): AlignmentScorer {
  return (alignment, pcm) => {
    const fitted = model ?? loadCalibratedModel(alignment.model);
    const contours = computeContours(pcm);
    // Frame-level phone posteriors (≈ 0.2 s of CPU per 5 s), only for a model that reads them.
    let evidence: ReturnType<typeof phoneEvidence> | undefined;
    if (fitted.posterior && alignment.ok) {
      posteriors ??= createPosteriorComputer(loadPtmModel());
      evidence = phoneEvidence(alignment, posteriors.compute(pcm.samples), contours.energyDb);
    }
    return scoreAlignment(alignment, { model: fitted, extra: { contours, evidence } });
  };
}

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
  return calibratedScorer();
}
