import '@testing-library/jest-dom/vitest';
import { type TimedWord, TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { profile } from '../api/session-fixtures.test-helper';
import { createPlayback, PlaybackContext } from '../hooks/playback';
import { RecordingPlayer } from './recording-player';

function Player({
  withRecording = true,
  words = profile().words,
}: {
  withRecording?: boolean;
  words?: TimedWord[];
}) {
  const [playback] = useState(createPlayback);
  const value = withRecording ? playback : null;
  return (
    <MantineProvider>
      <PlaybackContext.Provider value={value}>
        <RecordingPlayer
          profile={profile({ recordingUrl: withRecording ? '/rec.webm' : null, words })}
          playback={value}
        />
      </PlaybackContext.Provider>
    </MantineProvider>
  );
}

const word = (text: string) =>
  screen.getByTestId('timed-transcript').querySelector(`[data-index="${index(text)}"]`)!;
const index = (text: string) => profile().words.findIndex((w) => w.word === text);
const activeWords = () =>
  [...screen.getByTestId('timed-transcript').querySelectorAll('[data-active]')].map((e) => e.textContent);

/** Moves the recording's clock as the browser would while playing. */
function playTo(audio: HTMLAudioElement, seconds: number) {
  act(() => {
    audio.currentTime = seconds;
    audio.dispatchEvent(new Event('timeupdate'));
  });
}

describe('recording player and timed transcript', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('highlights the word being played as the recording moves, and nothing before playing', () => {
    render(<Player />);
    const audio = document.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/rec.webm');
    expect(activeWords()).toEqual([]);
    playTo(audio, 0.7);
    expect(activeWords()).toEqual(['Thursday']);
    playTo(audio, 1.95);
    expect(activeWords()).toEqual(['release']);
    playTo(audio, 9);
    expect(activeWords()).toEqual([]);
  });

  it('plays from a word when it is clicked, and marks challenging words', () => {
    render(<Player />);
    const audio = document.querySelector('audio')!;
    fireEvent.click(word('release'));
    expect(audio.currentTime).toBe(1.9);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(activeWords()).toEqual(['release']);
    expect(word('Thursday')).toHaveAttribute('data-challenging');
    expect(word('release')).not.toHaveAttribute('data-challenging');
    expect(word('the')).not.toHaveAttribute('data-challenging');
  });

  it('toggles play and pause and shows the clock', () => {
    render(<Player />);
    fireEvent.click(screen.getByTestId('play-toggle'));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    Object.defineProperty(document.querySelector('audio')!, 'paused', { value: false, configurable: true });
    fireEvent.click(screen.getByTestId('play-toggle'));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByTestId('player-clock')).toHaveTextContent('0:00 / 12:34');
  });

  it('marks the words the recogniser was unsure of, and says when most of the transcript is approximate', () => {
    const words = profile().words;
    // Two of six unsure: marked, no note.
    const some = words.map((w, i) => (i === 1 || i === 3 ? { ...w, score: null, uncertain: true } : w));
    const { unmount } = render(<Player words={some} />);
    const unsure = screen.getByTestId('timed-transcript').querySelectorAll('[data-unsure]');
    expect([...unsure].map((e) => e.textContent)).toEqual(['Thursday', 'shipped']);
    expect(unsure[0]).toHaveAttribute('title', TRANSCRIPT_TEXTS.unsureWord);
    expect(unsure[0]).not.toHaveAttribute('data-challenging');
    expect(screen.queryByTestId('approximate-transcript')).not.toBeInTheDocument();
    unmount();
    // Four of six unsure: the one-line note above the transcript.
    const most = words.map((w, i) => (i < 4 ? { ...w, score: null, uncertain: true } : w));
    render(<Player words={most} />);
    expect(screen.getByTestId('approximate-transcript')).toHaveTextContent(TRANSCRIPT_TEXTS.approximate);
  });

  it('shows the transcript without playback when there is no recording', () => {
    render(<Player withRecording={false} />);
    expect(document.querySelector('audio')).toBeNull();
    expect(screen.getByTestId('timed-transcript').querySelector('button')).toBeNull();
    expect(screen.getByTestId('timed-transcript')).toHaveTextContent('On Thursday we shipped the release');
  });
});
