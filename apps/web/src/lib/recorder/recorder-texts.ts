/** The spec's recorder texts (spec 3 section 8). Kept here because lib code cannot import features. */
export const RECORDER_TEXTS = {
  noMediaDevices:
    "Can't access your microphone. This might be a problem with the browser or your security settings. Recording won't work.",
  noWebAudio:
    "Web Audio API is not supported by your browser. Recording won't work. Please use another browser - we recommend using Google Chrome.",
  micProblem:
    'There was a problem with your microphone. Please make sure you have granted recording permissions.',
} as const;
