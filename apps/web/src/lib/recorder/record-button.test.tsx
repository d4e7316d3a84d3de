import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../dom-shims.test-helper';
import { FakeMediaRecorder, installFakeMedia } from './fake-media.test-helper';
import { RecordButton } from './record-button';
import { RECORDER_TEXTS } from './recorder-texts';
import { type Recording, useRecorder } from './use-recorder';

function Harness({ onRecording }: { onRecording: (r: Recording) => void }) {
  const recorder = useRecorder({ onRecording });
  const [count, setCount] = useState(0);
  return (
    <MantineProvider>
      <RecordButton recorder={recorder} />
      <span data-testid="count">{count}</span>
      {recorder.error && <p role="alert">{recorder.error}</p>}
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        rerender
      </button>
    </MantineProvider>
  );
}

const button = () => screen.getByRole('button', { name: /record/i });

// A shared, loaded machine can make Mantine renders slow: allow more than the default 5 s.
describe('press-and-hold recorder', { timeout: 30_000 }, () => {
  beforeEach(() => installDomShims());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('records while held and delivers the recording on release', async () => {
    installFakeMedia();
    const onRecording = vi.fn();
    render(<Harness onRecording={onRecording} />);
    fireEvent.pointerDown(button(), { pointerType: 'mouse', button: 0 });
    await waitFor(() => expect(button()).toHaveAttribute('data-status', 'recording'));
    expect(screen.getByText('Recording… release to stop')).toBeInTheDocument();
    expect(onRecording).not.toHaveBeenCalled();
    fireEvent.pointerUp(button());
    await waitFor(() => expect(onRecording).toHaveBeenCalledTimes(1));
    const recording = onRecording.mock.calls[0][0] as Recording;
    expect(recording.mimeType).toBe('audio/webm;codecs=opus');
    expect(recording.blob.size).toBeGreaterThan(0);
    expect(button()).toHaveAttribute('data-status', 'idle');
  });

  it('stops when the pointer (finger) leaves the button', async () => {
    installFakeMedia();
    const onRecording = vi.fn();
    render(<Harness onRecording={onRecording} />);
    fireEvent.pointerDown(button(), { pointerType: 'touch' });
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
    fireEvent.pointerLeave(button());
    await waitFor(() => expect(onRecording).toHaveBeenCalledTimes(1));
  });

  it('records nothing when released before the microphone opened', async () => {
    const { getUserMedia } = installFakeMedia();
    let open: (v: unknown) => void = () => undefined;
    getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (open = resolve)) as never);
    const onRecording = vi.fn();
    render(<Harness onRecording={onRecording} />);
    fireEvent.pointerDown(button(), { pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(button());
    await act(async () => open({ getTracks: () => [] }));
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(onRecording).not.toHaveBeenCalled();
  });

  it.each([
    [{ webAudio: false }, RECORDER_TEXTS.noWebAudio],
    [{ mediaDevices: false }, RECORDER_TEXTS.noMediaDevices],
  ])('shows the spec text and disables the button when %o', (missing, text) => {
    installFakeMedia(missing);
    render(<Harness onRecording={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(button()).toBeDisabled();
  });

  it('explains a denied microphone permission', async () => {
    const { getUserMedia } = installFakeMedia();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness onRecording={vi.fn()} />);
    fireEvent.pointerDown(button(), { pointerType: 'mouse', button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent(RECORDER_TEXTS.micProblem);
    expect(console.error).toHaveBeenCalled();
  });
});
