import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VoicedSegment } from '../audio/vad.ts';
import type { PosteriorComputer } from '../posteriors/index.ts';
import { type LinearModel, predictLinear } from '../scoring/linear.ts';
import { type Stretch, stretch } from '../scoring/model.ts';
import type { Pcm16k } from '../types.ts';
import {
  addRecording,
  type DeliveryFeature,
  type DeliveryStats,
  deliveryFeatures,
  emptyDeliveryStats,
} from './features.ts';
import { type PhoneSegment, phoneSegments } from './phone-segments.ts';

/** One linear scale over named delivery features, fitted on the experts' 0–10 scores. */
export interface DeliveryScale {
  features: DeliveryFeature[];
  model: LinearModel;
  /** From the model's output to the experts' 0–10 scale (fitted on held-out predictions). */
  display: Stretch;
}

/** The committed fit (`calibration/delivery-en-us-16k.json`, written by calibration/delivery-fit.ts). */
export interface DeliveryModel {
  pronunciation: DeliveryScale;
  fluency: DeliveryScale;
  /** How it was chosen and what it measured, for the record. */
  fittedOn?: unknown;
}

export interface DeliveryAssessment {
  /** 0–100, from phone evidence and timing alone (no transcript). */
  pronunciation: number;
  fluency: number;
  /** Seconds of voiced speech the figures come from. */
  speechSec: number;
  features: Record<DeliveryFeature, number>;
}

/** Voiced speech is read in windows of at most this long (bounds the posteriors' memory). */
const WINDOW_SEC = 30;
/** Audio kept around each window so that its first and last phones are whole (s). */
const MARGIN_SEC = 0.1;

export const DELIVERY_MODEL_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../calibration/delivery-en-us-16k.json',
);
let installed: DeliveryModel | null | undefined;

/** The installed delivery model of the 16 kHz acoustic model (null if none is installed). */
export function loadDeliveryModel(): DeliveryModel | null {
  if (installed === undefined) {
    installed = existsSync(DELIVERY_MODEL_PATH)
      ? (JSON.parse(readFileSync(DELIVERY_MODEL_PATH, 'utf8')) as DeliveryModel)
      : null;
  }
  return installed;
}

const shown = (s: DeliveryScale, x: Record<DeliveryFeature, number>) =>
  Math.round(
    10 *
      Math.max(
        0,
        Math.min(
          10,
          stretch(
            predictLinear(
              s.model,
              s.features.map((f) => x[f]),
            ),
            s.display,
          ),
        ),
      ),
  );

/** The displayed 0–100 scores of some delivery features (what users see). */
export function deliveryScores(
  model: DeliveryModel,
  x: Record<DeliveryFeature, number>,
): { pronunciation: number; fluency: number } {
  return { pronunciation: shown(model.pronunciation, x), fluency: shown(model.fluency, x) };
}

/**
 * The delivery of unscripted speech from the frame-level phone posteriors and the voiced
 * stretches: the speech is read window by window (windows of ≤ 30 s cut between voiced stretches),
 * up to `maxSec` of voiced speech, so the work is bounded whatever the recording's length.
 */
export function assessDelivery(
  pcm: Pcm16k,
  voiced: readonly VoicedSegment[],
  posteriors: PosteriorComputer,
  model: DeliveryModel,
  maxSec = Number.POSITIVE_INFINITY,
): DeliveryAssessment {
  const stats: DeliveryStats = emptyDeliveryStats();
  const segments: PhoneSegment[] = [];
  const used: VoicedSegment[] = [];
  // A stretch longer than a window (minutes of continuous noise) is read in window-long pieces.
  const pieces = voiced.flatMap((v) =>
    Array.from({ length: Math.max(1, Math.ceil((v.end - v.start) / WINDOW_SEC)) }, (_, k) => ({
      start: v.start + k * WINDOW_SEC,
      end: Math.min(v.end, v.start + (k + 1) * WINDOW_SEC),
    })),
  );
  let speechSec = 0;
  let i = 0;
  while (i < pieces.length && speechSec < maxSec) {
    const first = i;
    while (i < pieces.length && (i === first || pieces[i].end - pieces[first].start <= WINDOW_SEC)) {
      const p = pieces[i++];
      speechSec += p.end - p.start;
      const last = used[used.length - 1];
      if (last && last.end === p.start) last.end = p.end;
      else used.push({ ...p });
    }
    const from = Math.max(0, Math.floor((pieces[first].start - MARGIN_SEC) * 16000));
    const to = Math.min(pcm.samples.length, Math.ceil((pieces[i - 1].end + MARGIN_SEC) * 16000));
    const offset = Math.round((from / 16000) * 100);
    for (const s of phoneSegments(posteriors.compute(pcm.samples.subarray(from, to)))) {
      segments.push({ ...s, start: s.start + offset });
    }
  }
  addRecording(stats, segments, posteriors.model.phones, used);
  const features = deliveryFeatures(stats);
  const scores = stats.segments ? deliveryScores(model, features) : { pronunciation: 0, fluency: 0 };
  return { ...scores, speechSec, features };
}
