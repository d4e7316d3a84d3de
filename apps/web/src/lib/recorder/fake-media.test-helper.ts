import { vi } from 'vitest';

/**
 * A MediaRecorder stand-in for jsdom: records nothing, delivers one chunk on stop like a browser.
 * `emit` plays a timeslice chunk arriving; pause and resume only change the state, as in browsers.
 */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstart: (() => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
    this.onstart?.();
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  emit(text: string) {
    this.ondataavailable?.({ data: new Blob([text], { type: this.mimeType }) });
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 512, getByteTimeDomainData: (d: Uint8Array) => d.fill(128) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

/** Installs a working microphone; returns the getUserMedia mock so a test can make it fail. */
export function installFakeMedia(
  options: { webAudio?: boolean; mediaDevices?: boolean; recorder?: boolean } = {},
) {
  const { webAudio = true, mediaDevices = true, recorder = true } = options;
  FakeMediaRecorder.instances = [];
  const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] }));
  vi.stubGlobal('AudioContext', webAudio ? FakeAudioContext : undefined);
  vi.stubGlobal('MediaRecorder', recorder ? FakeMediaRecorder : undefined);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: mediaDevices ? { getUserMedia } : undefined,
  });
  return { getUserMedia };
}
