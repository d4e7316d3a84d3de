import type { Plan } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { isMacUserAgent, recordingGate } from './recording-gate';
import type { StoredRecording } from './recording-store';
import {
  acceptedExtension,
  activeMs,
  fileUploadTimes,
  formatClock,
  recordingFilename,
  uploadTimesOf,
} from './recording-time';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');

const stored = (over: Partial<StoredRecording>): StoredRecording => ({
  id: 'r1',
  username: 'casey@example.com',
  startedAt: T0,
  mimeType: 'audio/webm',
  pauses: [],
  stoppedAt: null,
  lastChunkAt: null,
  chunkCount: 1,
  bytes: 10,
  ...over,
});

describe('recording times', () => {
  it('formats the timer as mm:ss without wrapping into hours', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(61_999)).toBe('01:01');
    expect(formatClock(90 * 60_000)).toBe('90:00');
  });

  it('leaves paused spans out of the recorded time, an open pause running to the end', () => {
    const pauses = [
      { from: T0 + 10_000, to: T0 + 15_000 },
      { from: T0 + 20_000, to: null },
    ];
    expect(activeMs({ startedAt: T0, pauses }, T0 + 30_000)).toBe(15_000);
    expect(activeMs({ startedAt: null, pauses }, T0 + 30_000)).toBe(0);
  });

  it('uploads startTime and startTime plus the recorded time, so the pause is not charged', () => {
    const recording = stored({ stoppedAt: T0 + 25_000, pauses: [{ from: T0 + 10_000, to: T0 + 15_000 }] });
    expect(uploadTimesOf(recording)).toEqual({
      startTime: '2026-11-20T10:00:00.000Z',
      endTime: '2026-11-20T10:00:20.000Z',
    });
  });

  it('ends a recording that never stopped (crash) at its last chunk', () => {
    const crashed = stored({ lastChunkAt: T0 + 45_000, pauses: [{ from: T0 + 50_000, to: null }] });
    expect(uploadTimesOf(crashed)?.endTime).toBe('2026-11-20T10:00:45.000Z');
    expect(uploadTimesOf(stored({ startedAt: null }))).toBeNull();
  });

  it('dates a file from its duration, ending when it was last modified (else now)', () => {
    const file = new File(['x'], 'call.mp3', { lastModified: T0 + 600_000 });
    expect(fileUploadTimes(file, 600)).toEqual({
      startTime: '2026-11-20T10:00:00.000Z',
      endTime: '2026-11-20T10:10:00.000Z',
    });
    const undated = new File(['x'], 'call.mp3', { lastModified: 0 });
    expect(fileUploadTimes(undated, 2.5, T0).startTime).toBe('2026-11-20T09:59:57.500Z');
  });

  it('names recordings by type and accepts only the listed extensions', () => {
    expect(recordingFilename('audio/webm;codecs=opus')).toBe('meeting.webm');
    expect(recordingFilename('audio/mp4')).toBe('meeting.m4a');
    expect(recordingFilename('audio/ogg;codecs=opus')).toBe('meeting.ogg');
    const exts = ['mp3', 'mp4', 'm4a', 'webm', 'ogg', 'wav'];
    expect(acceptedExtension('Team Call.M4A', exts)).toBe('m4a');
    expect(acceptedExtension('notes.txt', exts)).toBeNull();
    expect(acceptedExtension('noext', exts)).toBeNull();
  });
});

const plan = (
  status: Plan['subscription']['status'],
  minutes: number,
  trialStart: string | null,
  planId: string | null = null,
): Plan => ({
  subscription: { status, trialStart, planId },
  features: { recording: { availableRecordingMinutes: minutes } },
});

describe('recording gate', () => {
  it('lets ACTIVE plans and trials with minutes record', () => {
    expect(recordingGate(plan('ACTIVE', 1200, '2026-11-01T00:00:00Z', 'record-meeting'))).toBe('allowed');
    expect(recordingGate(plan('TRIALING', 12, '2026-11-01T00:00:00Z'))).toBe('allowed');
  });

  it('stops a plan with no minutes, a cancelled trial and a lapsed subscription', () => {
    expect(recordingGate(plan('TRIALING', 0, '2026-11-01T00:00:00Z'))).toBe('no-minutes');
    expect(recordingGate(plan('ACTIVE', 0, '2026-11-01T00:00:00Z', 'record-meeting'))).toBe('no-minutes');
    expect(recordingGate(plan('CANCELED', 40, '2026-11-01T00:00:00Z'))).toBe('trial-ended');
    expect(recordingGate(plan('CANCELED', 0, '2026-11-01T00:00:00Z', 'record-meeting'))).toBe('canceled');
    expect(recordingGate(plan('CANCELED', 0, null))).toBe('canceled');
  });

  it('recognises Mac user agents but not iPhones or iPads', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15';
    const linux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
    expect(isMacUserAgent(mac)).toBe(true);
    expect(isMacUserAgent(iphone)).toBe(false);
    expect(isMacUserAgent(linux)).toBe(false);
  });
});
