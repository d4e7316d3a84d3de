import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which acoustic model the aligner runs; calibrated parameters are fitted per model. */
export type AcousticModelId = 'en-us-16k' | 'en-us-8k';

export interface AcousticModel {
  id: AcousticModelId;
  /** Absolute directory soundswallower resolves its default model from (trailing slash). */
  modelBase: string;
  /** Decoder configuration (absolute paths: soundswallower resolves relative ones from the cwd). */
  config: Record<string, string | number | boolean>;
}

/** Debian package `pocketsphinx-en-us`. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGE_MODEL_DIR = resolve(here, '../../model');

function soundswallowerModelBase(): string {
  const require = createRequire(import.meta.url);
  // The package's exports map hides package.json; resolve the node entry point instead.
  const entry = require.resolve('soundswallower');
  return `${join(dirname(entry), 'model')}/`;
}

/** Wide beams: the forced alignment must not prune the right path away. */
export const WIDE_BEAMS = { beam: 1e-80, pbeam: 1e-80, wbeam: 1e-60 };
/**
 * The free phone loop: on 11 dev recordings spread over the set these gave the same phones and
 * scores as the wide beams at 75 % of the cost (1e-15 changed every result, 1e-25 one of 11).
 */
export const LOOP_BEAMS = { beam: 1e-30, pbeam: 1e-30, wbeam: 1e-20 };
/** The decoder's defaults, for the optional-words pass where pruning is harmless. */
export const DEFAULT_BEAMS = { beam: 1e-48, pbeam: 1e-48, wbeam: 7e-29 };

/** Settings shared by both models. */
const COMMON = {
  samprate: 16000,
  // Failed alignments are expected ("text not read") and handled; keep the decoder quiet about them.
  loglevel: 'FATAL',
  // Senone scores normalised against the best of *all* senones make each aligned phone's score a
  // likelihood ratio against the best-matching sound, the basis of the GOP features.
  compallsen: true,
  ...WIDE_BEAMS,
};

/**
 * Picks Debian's 16 kHz en-us model when it is installed (it caught more mispronunciations in
 * trials) and otherwise the 8 kHz model bundled with soundswallower. `prefer` forces one.
 */
export function resolveAcousticModel(prefer?: AcousticModelId): AcousticModel {
  const modelBase = soundswallowerModelBase();
  const hmm = join(DEBIAN_MODEL_DIR, 'en-us');
  const debian = existsSync(join(hmm, 'mdef')) && existsSync(join(DEBIAN_MODEL_DIR, 'cmudict-en-us.dict'));
  if (prefer !== 'en-us-8k' && debian) {
    return {
      id: 'en-us-16k',
      modelBase,
      config: {
        ...COMMON,
        hmm,
        featparams: join(PACKAGE_MODEL_DIR, 'en-us-16k', 'feat_params.json'),
        dict: join(DEBIAN_MODEL_DIR, 'cmudict-en-us.dict'),
        fdict: join(hmm, 'noisedict'),
        // Absent files; soundswallower probes them and falls back (no LDA, sendump instead of mixw).
        lda: join(hmm, 'feature_transform'),
        mixw: join(hmm, 'mixture_weights'),
      },
    };
  }
  if (prefer === 'en-us-16k')
    throw new Error(`Debian's 16 kHz en-us model is not installed (${DEBIAN_MODEL_DIR})`);
  // The bundled feat_params.json says cmn "current", which is per-utterance (batch) normalisation.
  return { id: 'en-us-8k', modelBase, config: { ...COMMON, hmm: join(modelBase, 'en-us') } };
}
