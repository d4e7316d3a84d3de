import '@testing-library/jest-dom/vitest';
import { messages, RECORDING, sessionTexts } from '@agaton/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '../../../config/constants';
import { FakeMediaRecorder } from '../../../lib/recorder/fake-media.test-helper';
import { FEEDBACK_TOOLTIP_KEY, RECORDING_TEXTS } from '../texts';
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
const timer = () => screen.getByTestId('record-timer');

let mic: ReturnType<typeof setUpRecordingTest>;
beforeEach(() => {
  mic = setUpRecordingTest();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Starts recording and returns the recorder the page made. */
async function startRecording() {
  fireEvent.click(button('Record'));
  await screen.findByText(sessionTexts.record.recording);
  return FakeMediaRecorder.instances.at(-1) as FakeMediaRecorder;
}

describe('record meeting: recorder', { timeout: 30_000 }, () => {
  it('records, pauses and continues; saves each chunk as it arrives; uploads; follows the analysis', async () => {
    const clock = installClock(T0);
    const api = fakeApi();
    renderRecordMeeting();
    expect(screen.getByText(sessionTexts.record.prompt)).toBeInTheDocument();
    expect(screen.getByText(sessionTexts.record.headphones)).toBeInTheDocument();
    expect(screen.getByText('Record up to 90 min per session.')).toBeInTheDocument();
    expect(timer()).toHaveTextContent('00:00 / 90:00');

    const rec = await startRecording();
    expect(rec.timeslice).toBe(RECORDING.chunkMs);
    clock.now += 5_000;
    act(() => rec.emit('chunk-1|'));
    await waitFor(async () =>
      expect((await storedRecordings())[0]).toMatchObject({ startedAt: T0, chunkCount: 1, stoppedAt: null }),
    );

    clock.now += 5_000;
    fireEvent.click(button('Pause'));
    await screen.findByText(sessionTexts.record.paused);
    expect(rec.state).toBe('paused');
    clock.now += 30_000;
    await waitFor(() => expect(timer()).toHaveTextContent('00:10 / 90:00'));
    await waitFor(async () => expect((await storedRecordings())[0].pauses).toHaveLength(1));

    fireEvent.click(button('Continue'));
    await screen.findByText(sessionTexts.record.recording);
    clock.now += 10_000;
    await waitFor(() => expect(timer()).toHaveTextContent('00:20 / 90:00'));
    fireEvent.click(button('Stop'));

    await screen.findByTestId('upload-success');
    expect(api.uploads).toHaveLength(1);
    const form = api.uploads[0];
    expect(form.get('username')).toBe(coach.email);
    expect(form.get('startTime')).toBe(iso(T0));
    // 50 s on the clock, 30 s of it paused: the recording is 20 s long.
    expect(form.get('endTime')).toBe(iso(T0 + 20_000));
    expect(form.get('sessionType')).toBe('default');
    const file = form.get('files') as File;
    expect(file.name).toBe('meeting.webm');
    expect(await file.text()).toBe('chunk-1|opus-bytes');

    expect(await screen.findByTestId('analysis-stage')).toHaveTextContent(
      RECORDING_TEXTS.stages.transcribing,
    );
    expect(screen.getByTestId('analysis-percent')).toHaveTextContent('40%');
    const feedback = await screen.findByRole('link', { name: RECORDING_TEXTS.viewFeedback });
    expect(feedback).toHaveAttribute('href', '/coach/sessions/m1');
    // The browser's copy goes only once the server has the recording.
    expect(await storedRecordings()).toEqual([]);
    expect(screen.getByTestId('feedback-tooltip')).toHaveTextContent(RECORDING_TEXTS.feedbackTooltip);
    expect(localStorage.getItem(FEEDBACK_TOOLTIP_KEY)).toBe('1');

    fireEvent.click(button(RECORDING_TEXTS.done));
    expect(await screen.findByText(sessionTexts.record.prompt)).toBeInTheDocument();
    expect(timer()).toHaveTextContent('00:00 / 90:00');
  });

  it('discards a recording under 2 seconds with a toast and returns to inactive', async () => {
    const clock = installClock(T0);
    const api = fakeApi();
    renderRecordMeeting();
    await startRecording();
    clock.now += 1_500;
    fireEvent.click(button('Stop'));
    expect(await screen.findByText(sessionTexts.record.tooShort)).toBeInTheDocument();
    expect(await screen.findByText(sessionTexts.record.prompt)).toBeInTheDocument();
    expect(api.uploads).toHaveLength(0);
    expect(await storedRecordings()).toEqual([]);
  });

  it('discards a recording whose start was never reported', async () => {
    installClock(T0);
    const api = fakeApi();
    vi.spyOn(FakeMediaRecorder.prototype, 'start').mockImplementation(function (this: FakeMediaRecorder) {
      this.state = 'recording';
    });
    renderRecordMeeting();
    await startRecording();
    fireEvent.click(button('Stop'));
    expect(await screen.findByText(sessionTexts.record.noStartTime)).toBeInTheDocument();
    expect(api.uploads).toHaveLength(0);
    expect(await storedRecordings()).toEqual([]);
  });

  it('shows the permission text when the microphone is refused', async () => {
    fakeApi();
    mic.getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    renderRecordMeeting();
    fireEvent.click(button('Record'));
    expect(await screen.findByText(sessionTexts.record.permission)).toBeInTheDocument();
    expect(button('Record')).toBeEnabled();
  });

  it('stops by itself at the maximum length and uploads', async () => {
    const clock = installClock(T0);
    const api = fakeApi();
    renderRecordMeeting();
    const rec = await startRecording();
    clock.now += RECORDING.maxMinutes * 60_000;
    act(() => rec.emit('long|'));
    await screen.findByTestId('upload-success');
    expect(rec.state).toBe('inactive');
    expect(api.uploads[0].get('endTime')).toBe(iso(T0 + RECORDING.maxMinutes * 60_000));
  });
});

describe('record meeting: upload failures', { timeout: 30_000 }, () => {
  it('keeps the recording when the upload fails and re-sends the saved copy on Retry', async () => {
    const clock = installClock(T0);
    const api = fakeApi();
    api.uploadAnswers.push(api.json(500, { error: { code: 'INTERNAL', message: 'boom' } }));
    renderRecordMeeting();
    await startRecording();
    clock.now += 4_000;
    fireEvent.click(button('Stop'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      sessionTexts.record.processFailed(SUPPORT_EMAIL),
    );
    expect(screen.getByText(RECORDING_TEXTS.keptSafe)).toBeInTheDocument();
    expect(await storedRecordings()).toHaveLength(1);

    let answer: (response: Response) => void = () => undefined;
    vi.mocked(globalThis.fetch).mockImplementationOnce(async (_input, init) => {
      api.uploads.push(init?.body as FormData);
      // The second attempt hangs until answered, so the uploading state can be seen.
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    fireEvent.click(button(RECORDING_TEXTS.retry));
    expect(await screen.findByTestId('upload-uploading')).toHaveTextContent(RECORDING_TEXTS.uploading);
    await waitFor(() => expect(api.uploads).toHaveLength(2));
    answer(api.json(202, { meetingId: 'm2' }));
    await screen.findByTestId('upload-success');
    expect(api.uploads).toHaveLength(2);
    expect(await (api.uploads[1].get('files') as File).text()).toBe('opus-bytes');
    expect(await storedRecordings()).toEqual([]);
  });

  it('shows the server’s text when no minutes are left, offers Upgrade, and Cancel keeps the copy', async () => {
    const clock = installClock(T0);
    const api = fakeApi();
    api.uploadAnswers.push(
      api.json(402, { error: { code: 'PAYMENT_REQUIRED', message: messages.recording.noMinutes } }),
    );
    renderRecordMeeting();
    await startRecording();
    clock.now += 4_000;
    fireEvent.click(button('Stop'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.recording.noMinutes);
    expect(screen.getByRole('link', { name: sessionTexts.record.upgrade })).toHaveAttribute(
      'href',
      '/coach/pricing',
    );
    fireEvent.click(button(RECORDING_TEXTS.cancel));
    expect(await screen.findByTestId('pending-recording')).toHaveTextContent(RECORDING_TEXTS.pendingTitle);
    expect(await storedRecordings()).toHaveLength(1);
  });
});
