import { RECORDER_TEXTS } from './recorder-texts';

type AudioWindow = Window & { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };

/**
 * Returns the spec's text for the first missing capability, or null when recording can work.
 * The Web Audio API is checked first because without it nothing else matters (spec 3 section 5).
 */
export function recorderSupportError(win: Window = window): string | null {
  const w = win as AudioWindow;
  if (!w.AudioContext && !w.webkitAudioContext) return RECORDER_TEXTS.noWebAudio;
  if (!w.navigator.mediaDevices) return RECORDER_TEXTS.noMediaDevices;
  return null;
}

/** Opus in WebM is what Chromium and Firefox record; Safari falls back to its default (mp4/aac). */
export function preferredMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

export function createAudioContext(): AudioContext | null {
  const w = window as AudioWindow;
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  try {
    return Ctor ? new Ctor() : null;
  } catch {
    return null;
  }
}
