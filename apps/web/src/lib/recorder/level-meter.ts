import { createAudioContext } from './recorder-support';

/**
 * Follows the input level of `stream` (peak 0–1) once per animation frame, for a meter around a
 * record button. Returns a function that stops it, or null where Web Audio is unavailable.
 */
export function startLevelMeter(stream: MediaStream, onLevel: (level: number) => void): (() => void) | null {
  const ctx = createAudioContext();
  if (!ctx || typeof ctx.createMediaStreamSource !== 'function') return null;
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 512;
  ctx.createMediaStreamSource(stream).connect(analyser);
  const data = new Uint8Array(analyser.fftSize);
  let frame = 0;
  let stopped = false;
  const tick = () => {
    analyser.getByteTimeDomainData(data);
    let peak = 0;
    for (const v of data) peak = Math.max(peak, Math.abs(v - 128) / 128);
    onLevel(peak);
    if (!stopped) frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
    void ctx.close().catch(() => undefined);
  };
}
