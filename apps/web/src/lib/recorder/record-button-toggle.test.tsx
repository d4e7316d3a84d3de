import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../dom-shims.test-helper';
import { FakeMediaRecorder, installFakeMedia } from './fake-media.test-helper';
import { RecordButton } from './record-button';
import { type Recording, useRecorder } from './use-recorder';

function Harness({ onRecording, maxMs }: { onRecording: (r: Recording) => void; maxMs?: number }) {
  const recorder = useRecorder({ onRecording, maxDurationMs: maxMs });
  return (
    <MantineProvider>
      <RecordButton recorder={recorder} mode="toggle" maxSeconds={30} />
    </MantineProvider>
  );
}

// A shared, loaded machine can make Mantine renders slow: allow more than the default 5 s.
describe('click-to-toggle recorder', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    installFakeMedia();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts on a click, shows the time against the limit, stops on the next click', async () => {
    const onRecording = vi.fn();
    render(<Harness onRecording={onRecording} />);
    expect(screen.getByText('Click to start recording · up to 0:30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    const stop = await screen.findByRole('button', { name: 'Stop recording' });
    expect(stop).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('record-elapsed')).toHaveTextContent('0:00 / 0:30');
    // Pointer release (the hold mode's stop) does nothing here.
    fireEvent.pointerUp(stop);
    fireEvent.pointerLeave(stop);
    expect(onRecording).not.toHaveBeenCalled();
    fireEvent.click(stop);
    await waitFor(() => expect(onRecording).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Start recording' })).toHaveAttribute('data-status', 'idle');
  });

  it('stops by itself at the limit', async () => {
    const onRecording = vi.fn();
    render(<Harness onRecording={onRecording} maxMs={50} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
    await waitFor(() => expect(onRecording).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });
});
