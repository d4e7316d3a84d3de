/** The face of modules/scoring (issue 29 item 2): what the rest of the API may use of it. */
export { jsonField, readAudioUpload, recordingUploadErrors, scoringUpload } from './multipart-audio.ts';
export { scoringModule } from './scoring.module.ts';
export { scoreFreeSpeech, scoreReading } from './scoring.service.ts';
export { SCORING_TEXTS } from './scoring.texts.ts';
export { createScoringRuntime, type ScoringRuntime } from './scoring-runtime.ts';
