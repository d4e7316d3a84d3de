import { SEND_AGAIN_TEXTS } from '../../../components/ui/send-again';
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { installFakeMedia } from '../../../lib/recorder/fake-media.test-helper';
import { freeSpeechResponse, phraseResponse } from '../api/score-fixture.test-helper';
import { FREE_SPEECH_TOPICS, READING_SETS } from '../tasks';
import { DEMO_INVENTED_TEXTS, DEMO_TEXTS } from '../texts';
import { loadDemoScores } from '../utils/demo-scores';
import { FreeSpeechTask } from './free-speech-task';
import { ReadingTask } from './reading-task';

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);
const readingTask = READING_SETS.business[0];

/** The first business reading task, scored by `score`. */
const renderReading = (
  score: ComponentProps<typeof ReadingTask>['score'],
  onScored: ComponentProps<typeof ReadingTask>['onScored'] = vi.fn(),
) =>
  wrap(
    <ReadingTask
      task={readingTask}
      position="1"
      onScored={onScored}
      onNext={vi.fn()}
      nextLabel="Next"
      score={score}
    />,
  );

/** A free-speech topic, scored by `score`. */
const renderFreeSpeech = (score: ComponentProps<typeof FreeSpeechTask>['score'], index = 0) =>
  wrap(
    <FreeSpeechTask
      task={FREE_SPEECH_TOPICS[index]}
      position={String(index + 1)}
      onScored={vi.fn()}
      onNext={vi.fn()}
      score={score}
    />,
  );

const recordButton = () => screen.getByRole('button', { name: /record|release/i });
let clock = 0;

/** Holds the button for `ms` of (mocked) time, then releases. */
async function hold(ms: number) {
  fireEvent.pointerDown(recordButton(), { pointerType: 'mouse', button: 0 });
  await waitFor(() => expect(recordButton()).toHaveAttribute('data-status', 'recording'));
  clock += ms;
  fireEvent.pointerUp(recordButton());
}

// A shared, loaded machine can make Mantine renders slow: allow more than the default 5 s.
describe('demo tasks', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    installFakeMedia();
    localStorage.clear();
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('rejects a reading recording under 500 ms without scoring it', async () => {
    const score = vi.fn(async () => phraseResponse());
    renderReading(score);
    await hold(300);
    expect(await screen.findByRole('status')).toHaveTextContent(DEMO_TEXTS.tooShort);
    expect(score).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('scores a reading, colours each word and shows next only after scoring', async () => {
    const onScored = vi.fn();
    const score = vi.fn(async () => phraseResponse(72));
    renderReading(score, onScored);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await hold(2000);
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('72');
    expect(score).toHaveBeenCalledWith(expect.any(Blob), readingTask.data.sentence);
    expect(screen.getByText('think')).toHaveAttribute('data-band', 'negative');
    expect(screen.getByText('We')).toHaveAttribute('data-band', 'positive');
    expect(screen.getByText('/θ/ 22')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(onScored).toHaveBeenCalledWith(72);
    expect(loadDemoScores().reading[readingTask._id].overall_score).toBe(72);
    expect(screen.getByTestId('best-score')).toHaveTextContent('Best 72');
    // A worse second take is shown but does not replace the best score.
    score.mockResolvedValueOnce(phraseResponse(55));
    await hold(2000);
    await waitFor(() => expect(screen.getByTestId('overall-score')).toHaveTextContent('55'));
    expect(screen.getByTestId('best-score')).toHaveTextContent('Best 72');
    expect(loadDemoScores().reading[readingTask._id].overall_score).toBe(72);
  });

  it('does not call the sounds clear when the sentence was not read', async () => {
    const notRead = phraseResponse(0);
    notRead.word_scores = notRead.word_scores.map((w) => ({
      ...w,
      score: 0,
      status: 'omitted',
      phonemes: [],
    }));
    renderReading(vi.fn(async () => notRead));
    await hold(2000);
    expect(await screen.findByText(DEMO_INVENTED_TEXTS.noSoundsHeard)).toBeInTheDocument();
    expect(screen.queryByText(DEMO_INVENTED_TEXTS.allSoundsClear)).not.toBeInTheDocument();
  });

  it('shows the reading failure text when scoring fails', async () => {
    const score = vi.fn(async () => Promise.reject(new Error('500')));
    renderReading(score);
    await hold(2000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEMO_TEXTS.readingFailed);
  });

  it('says why when the server heard no speech in the reading, and what to do', async () => {
    const score = vi.fn(async () =>
      Promise.reject(new ApiError(422, 'No speech was heard in the recording.', 'UNPROCESSABLE')),
    );
    renderReading(score);
    await hold(2000);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `No speech was heard in the recording. ${DEMO_INVENTED_TEXTS.recordAgain}`,
    );
    expect(alert).not.toHaveTextContent(DEMO_TEXTS.readingFailed);
    expect(screen.queryByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain })).not.toBeInTheDocument();
  });

  it('walks free speech through idle → recording → uploading → scored, and repeat clears it', async () => {
    let answer: (r: ReturnType<typeof freeSpeechResponse>) => void = () => undefined;
    const score = vi.fn(
      () => new Promise<ReturnType<typeof freeSpeechResponse>>((resolve) => (answer = resolve)),
    );
    renderFreeSpeech(score, 2);
    const state = () => screen.getByTestId('free-speech-state').getAttribute('data-state');
    expect(state()).toBe('idle');
    fireEvent.pointerDown(recordButton(), { pointerType: 'touch' });
    await waitFor(() => expect(state()).toBe('recording'));
    clock += 20_000;
    fireEvent.pointerLeave(recordButton());
    await waitFor(() => expect(state()).toBe('uploading'));
    expect(screen.getByTestId('scoring-loader')).toBeInTheDocument();
    await act(async () => answer(freeSpeechResponse(81)));
    expect(state()).toBe('scored');
    expect(screen.getByTestId('transcript')).toHaveTextContent('We think');
    expect(screen.getByTestId('intelligibility')).toHaveTextContent('High');
    expect(screen.getByText('Grammar B1 or higher', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('believability')).toHaveTextContent(/\d+ \/ 100/);
    fireEvent.click(screen.getByRole('button', { name: 'Repeat' }));
    expect(state()).toBe('idle');
    expect(screen.queryByTestId('results-panel')).not.toBeInTheDocument();
  });

  it('returns free speech to idle with the spec text when scoring fails', async () => {
    const score = vi.fn(async () => Promise.reject(new Error('timeout')));
    renderFreeSpeech(score);
    await hold(5000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEMO_TEXTS.freeSpeechFailed);
    expect(screen.getByTestId('free-speech-state')).toHaveAttribute('data-state', 'idle');
  });

  it('keeps a free answer whose scoring timed out, and Try again sends the same recording', async () => {
    const score = vi
      .fn<(audio: Blob, question: string) => Promise<ReturnType<typeof freeSpeechResponse>>>()
      .mockRejectedValueOnce(new ApiError(503, 'Scoring took too long. Please try again.'))
      .mockResolvedValueOnce(freeSpeechResponse(74));
    renderFreeSpeech(score);
    await hold(35_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEMO_TEXTS.freeSpeechFailed);
    expect(screen.getByText(SEND_AGAIN_TEXTS.recordingKept)).toBeInTheDocument();
    // Recording again stays possible beside it.
    expect(recordButton()).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain }));
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('74');
    expect(score).toHaveBeenCalledTimes(2);
    const [[first], [second]] = score.mock.calls;
    expect(second).toBe(first);
    expect(first.size).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain })).not.toBeInTheDocument();
  });

  it('keeps a reading lost to the connection for Try again; a new take replaces it', async () => {
    const score = vi
      .fn<(audio: Blob, phrase: string) => Promise<ReturnType<typeof phraseResponse>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(phraseResponse(66));
    renderReading(score);
    await hold(2000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEMO_TEXTS.readingFailed);
    fireEvent.click(screen.getByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain }));
    await waitFor(() => expect(score).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain })).toBeInTheDocument();
    expect(score.mock.calls[1][0]).toBe(score.mock.calls[0][0]);
    // Recording again instead: the new take is scored, the kept one is dropped.
    await hold(3000);
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('66');
    expect(score.mock.calls[2][0]).not.toBe(score.mock.calls[0][0]);
    expect(screen.queryByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain })).not.toBeInTheDocument();
  });

  it('offers no Try again when the recording itself was refused (422), and says why', async () => {
    const score = vi.fn(async () => Promise.reject(new ApiError(422, 'No speech was heard.')));
    renderFreeSpeech(score);
    await hold(5000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No speech was heard. ${DEMO_INVENTED_TEXTS.recordAgain}`,
    );
    expect(screen.queryByRole('button', { name: SEND_AGAIN_TEXTS.tryAgain })).not.toBeInTheDocument();
    expect(recordButton()).toBeEnabled();
  });

  it('keeps uploading while a busy server asks to wait, then shows the score', async () => {
    const score = vi
      .fn<() => Promise<ReturnType<typeof freeSpeechResponse>>>()
      .mockRejectedValueOnce(new ApiError(503, 'busy', undefined, undefined, 1000))
      .mockResolvedValueOnce(freeSpeechResponse(77));
    renderFreeSpeech(score);
    await hold(5000);
    expect(await screen.findByTestId('scoring-busy')).toHaveTextContent(DEMO_INVENTED_TEXTS.busyRetrying(1));
    expect(screen.getByTestId('free-speech-state')).toHaveAttribute('data-state', 'uploading');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('overall-score')).toHaveTextContent('77'), {
      timeout: 5000,
    });
    expect(score).toHaveBeenCalledTimes(2);
  });

  it('shows the spec text at once when the server asks to wait longer than the demo will', async () => {
    const score = vi.fn(async () =>
      Promise.reject(new ApiError(429, 'limited', undefined, undefined, 45_000)),
    );
    renderReading(score);
    await hold(2000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEMO_TEXTS.readingFailed);
    expect(score).toHaveBeenCalledTimes(1);
  });
});
