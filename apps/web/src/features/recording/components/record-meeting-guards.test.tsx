import '@testing-library/jest-dom/vitest';
import { messages, sessionTexts, type User } from '@agaton/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaRecorder } from '../../../lib/recorder/fake-media.test-helper';
import { FEEDBACK_TOOLTIP_KEY, RECORDING_TEXTS } from '../texts';
import { recordingStore } from '../utils/recording-store';
import {
  coach,
  fakeApi,
  installClock,
  renderRecordMeeting,
  setUpRecordingTest,
  storedRecordings,
} from './record-meeting.test-helper';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  setUpRecordingTest();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const withPlan = (subscription: User['plan']['subscription'], minutes: number): User => ({
  ...coach,
  plan: { subscription, features: { recording: { availableRecordingMinutes: minutes } } },
});

describe('record meeting: leaving', { timeout: 30_000 }, () => {
  it('asks before leaving while recording; No stays, Yes leaves and keeps the recording', async () => {
    const clock = installClock(T0);
    const api = fakeApi();
    const { router } = renderRecordMeeting();
    fireEvent.click(button('Record'));
    await screen.findByText(sessionTexts.record.recording);
    const rec = FakeMediaRecorder.instances[0];
    clock.now += 6_000;

    fireEvent.click(screen.getByRole('link', { name: 'Leave to Sessions' }));
    expect(await screen.findByText(sessionTexts.record.leaveConfirm)).toBeInTheDocument();
    fireEvent.click(button(sessionTexts.record.leaveNo));
    await waitFor(() => expect(screen.queryByText(sessionTexts.record.leaveConfirm)).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/coach/assistant');
    expect(rec.state).toBe('recording');

    fireEvent.click(screen.getByRole('link', { name: 'Leave to Sessions' }));
    fireEvent.click(await screen.findByRole('button', { name: sessionTexts.record.leaveYes }));
    expect(await screen.findByText('Sessions page')).toBeInTheDocument();
    expect(rec.state).toBe('inactive');
    await waitFor(async () => expect((await storedRecordings())[0]).toMatchObject({ stoppedAt: T0 + 6_000 }));
    expect(api.uploads).toHaveLength(0);
  });

  it('warns on unload only while a recording is in progress', async () => {
    installClock(T0);
    fakeApi();
    renderRecordMeeting();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.click(button('Record'));
    await screen.findByText(sessionTexts.record.recording);
    expect(unload()).toBe(true);
    fireEvent.click(button('Pause'));
    await screen.findByText(sessionTexts.record.paused);
    expect(unload()).toBe(true);
  });
});

describe('record meeting: recordings left behind', { timeout: 30_000 }, () => {
  async function leaveACrashedRecording() {
    const store = await recordingStore();
    await store.create({
      id: 'crashed',
      username: coach.email,
      startedAt: T0,
      mimeType: 'audio/webm;codecs=opus',
      pauses: [{ from: T0 + 10_000, to: T0 + 12_000 }],
      stoppedAt: null,
      lastChunkAt: null,
      chunkCount: 0,
      bytes: 0,
    });
    await store.appendChunk(
      'crashed',
      0,
      new TextEncoder().encode('saved-audio').buffer as ArrayBuffer,
      T0 + 32_000,
    );
  }

  it('offers an unfinished recording after a reload and uploads it with its real length', async () => {
    await leaveACrashedRecording();
    const api = fakeApi();
    renderRecordMeeting();
    const offer = await screen.findByTestId('pending-recording');
    expect(offer).toHaveTextContent('(00:30)');
    expect(offer).toHaveTextContent(RECORDING_TEXTS.pendingUnfinished);
    fireEvent.click(button(RECORDING_TEXTS.pendingUpload));
    await screen.findByTestId('upload-success');
    expect(api.uploads[0].get('startTime')).toBe(iso(T0));
    expect(api.uploads[0].get('endTime')).toBe(iso(T0 + 30_000));
    expect(await (api.uploads[0].get('files') as File).text()).toBe('saved-audio');
    expect(await storedRecordings()).toEqual([]);
  });

  it('discards a left-behind recording only after confirming', async () => {
    await leaveACrashedRecording();
    fakeApi();
    renderRecordMeeting();
    fireEvent.click(await screen.findByRole('button', { name: RECORDING_TEXTS.pendingDiscard }));
    fireEvent.click(await screen.findByRole('button', { name: RECORDING_TEXTS.discardYes }));
    await waitFor(() => expect(screen.queryByTestId('pending-recording')).not.toBeInTheDocument());
    expect(await storedRecordings()).toEqual([]);
  });
});

describe('record meeting: plan gate and extras', { timeout: 30_000 }, () => {
  it('blocks recording after a cancelled trial with the spec texts and Upgrade', () => {
    fakeApi();
    renderRecordMeeting({ user: withPlan({ trialStart: '2026-10-01T00:00:00Z', status: 'CANCELED' }, 30) });
    expect(screen.getByText(sessionTexts.record.upgradeToContinue)).toBeInTheDocument();
    expect(screen.getByText(sessionTexts.record.trialEnded)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: sessionTexts.record.upgrade })).toHaveAttribute(
      'href',
      '/coach/pricing',
    );
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('recording-dropzone')).not.toBeInTheDocument();
  });

  it('blocks a trial with no minutes left; an ACTIVE plan records while its allowance lasts', () => {
    fakeApi();
    renderRecordMeeting({ user: withPlan({ trialStart: '2026-11-01T00:00:00Z', status: 'TRIALING' }, 0) });
    expect(screen.getByText(messages.recording.noMinutes)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    cleanup();
    renderRecordMeeting({ user: withPlan({ trialStart: null, status: 'ACTIVE' }, 1200) });
    expect(button('Record')).toBeEnabled();
    cleanup();
    renderRecordMeeting({ user: withPlan({ trialStart: null, status: 'ACTIVE' }, 0) });
    expect(screen.getByText(messages.recording.noMinutes)).toBeInTheDocument();
  });

  it('prompts Mac users to download the Mac app', () => {
    fakeApi();
    renderRecordMeeting({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15' });
    expect(screen.getByRole('link', { name: RECORDING_TEXTS.macLink })).toHaveAttribute('href', '/download');
    cleanup();
    renderRecordMeeting();
    expect(screen.queryByTestId('mac-app-prompt')).not.toBeInTheDocument();
  });

  it('uploads a chosen file dated by its duration and last change; the tooltip shows only once', async () => {
    localStorage.setItem(FEEDBACK_TOOLTIP_KEY, '1');
    const api = fakeApi();
    const readDuration = vi.fn(async () => 600);
    const { container } = renderRecordMeeting({ readDuration });
    const file = new File(['mp3-bytes'], 'weekly call.mp3', {
      type: 'audio/mpeg',
      lastModified: T0 + 600_000,
    });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file);
    await screen.findByTestId('upload-success');
    expect(readDuration).toHaveBeenCalledWith(file);
    const form = api.uploads[0];
    expect((form.get('files') as File).name).toBe('weekly call.mp3');
    expect(form.get('startTime')).toBe(iso(T0));
    expect(form.get('endTime')).toBe(iso(T0 + 600_000));
    expect(screen.queryByTestId('feedback-tooltip')).not.toBeInTheDocument();
  });

  it('refuses a file whose type is not a recording', async () => {
    const api = fakeApi();
    const { container } = renderRecordMeeting();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported.');
    expect(api.uploads).toHaveLength(0);
  });
});
