import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { tokenStorage } from '../../../lib/api-client';
import { answered, FINISHED, fakeApi, json, running, status } from '../candidate-fixtures.test-helper';
import { CANDIDATE_TEXTS } from '../texts';
import {
  ACTIVITY,
  FORM,
  LOAD,
  openRunner as open,
  record,
  recorderClock,
  setUpRunner,
} from './runner.test-helper';

// A shared, loaded machine can make Mantine renders slow: allow more than the default 5 s.
describe('the candidate test runner', { timeout: 30_000 }, () => {
  beforeEach(setUpRunner);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    tokenStorage.clear('candidate');
  });

  it('shows a part introduction, starts the part, then takes each reading in turn', async () => {
    const api = fakeApi();
    api.on(ACTIVITY, () => answered(status({ Reading: running('r-LOW') })));
    api.on(FORM, () =>
      answered(status({ Reading: running('r-MEDIUM', 290, { level: 'MEDIUM', answered: 1 }) }), 88),
    );
    open(api, status());

    expect(await screen.findByRole('heading', { name: 'Before you start Reading' })).toHaveFocus();
    expect(screen.getByText(CANDIDATE_TEXTS.partTime('6 minutes'))).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start Reading' }));

    expect(await screen.findByTestId('reading-sentence')).toHaveTextContent(
      'Please read the LOW sentence aloud.',
    );
    const start = api.callsTo(ACTIVITY)[0];
    expect(start.authorization).toBe('Bearer candidate-token');
    expect(start.body).toMatchObject({ type: 'start-part', context: { part: 'Reading' } });
    expect(screen.getByRole('heading', { name: CANDIDATE_TEXTS.readAloud })).toHaveFocus();
    expect(screen.getByTestId('question-position')).toHaveTextContent('Level 1 of 3 · Question 1 of 3');
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:0[45]:\d\d$/);

    await record(2400);
    expect(await screen.findByText('Please read the MEDIUM sentence aloud.')).toBeInTheDocument();
    const [upload] = api.callsTo(FORM);
    expect(upload.body).toMatchObject({
      type: 'read-phrase',
      context: { part: 'Reading', level: 'LOW', itemId: 'r-LOW' },
      data: { durationMs: 2400 },
    });
    expect(upload.audio?.size).toBeGreaterThan(0);
    expect(screen.getByTestId('question-position')).toHaveTextContent('Level 2 of 3 · Question 2 of 3');
    expect(screen.queryByText(/88/)).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('refuses a recording under 500 ms without sending it', async () => {
    const api = fakeApi();
    open(api, status({ Reading: running('r-LOW') }));
    await record(300);
    expect(await screen.findByRole('status')).toHaveTextContent(CANDIDATE_TEXTS.tooShort);
    expect(api.callsTo(FORM)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  });

  it('resumes a comprehension question from the server and sends the chosen answer', async () => {
    const api = fakeApi();
    const resumed = status({
      Reading: FINISHED,
      Listening: { ...FINISHED, finishReason: 'LEVEL_LOW_SCORE' },
      ReadingComprehension: running('c-MEDIUM', 400, { level: 'MEDIUM', answered: 1 }),
    });
    api.on(ACTIVITY, () =>
      answered(status({ Reading: FINISHED, Listening: FINISHED, ReadingComprehension: FINISHED })),
    );
    open(api, resumed);

    expect(await screen.findByTestId('reading-text')).toHaveTextContent('The MEDIUM parcel was late');
    expect(screen.getByTestId('question-position')).toHaveTextContent('Question 2 of 3');
    const submit = screen.getByRole('button', { name: CANDIDATE_TEXTS.submitAnswer });
    expect(submit).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'A strike' }));
    fireEvent.click(submit);

    expect(await screen.findByRole('heading', { name: 'Before you start Free speech' })).toBeInTheDocument();
    expect(api.callsTo(ACTIVITY)[0].body).toMatchObject({
      type: 'answer-comprehension-question',
      context: { part: 'ReadingComprehension', level: 'MEDIUM', itemId: 'c-MEDIUM' },
      data: { answerIndex: 1 },
    });
    expect(screen.getByText(CANDIDATE_TEXTS.partComplete('ReadingComprehension'))).toBeInTheDocument();
  });

  it('sends a timeout when the clock runs out and shows the next part', async () => {
    const api = fakeApi();
    api.on(ACTIVITY, () =>
      answered(status({ Reading: { state: 'finished', finishReason: 'TIMES_UP', answered: 1 } })),
    );
    open(api, status({ Reading: running('r-MEDIUM', 2, { level: 'MEDIUM', answered: 1 }) }));

    expect(await screen.findByRole('timer')).toHaveTextContent(/^00:00:0[12]$/);
    expect(api.callsTo(ACTIVITY)).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Before you start Listening' }, { timeout: 6000 }));
    const [timeout] = api.callsTo(ACTIVITY);
    expect(timeout.body).toMatchObject({ type: 'timeout', context: { part: 'Reading', level: 'MEDIUM' } });
    expect(screen.getByText(CANDIDATE_TEXTS.timeUp)).toBeInTheDocument();
    expect(screen.getByText(CANDIDATE_TEXTS.savedNext('Reading', 'Listening'))).toBeInTheDocument();
  });

  it('at time up, a recording in progress is stopped and sent before the timeout', async () => {
    const api = fakeApi();
    api.on(FORM, () =>
      answered(status({ Reading: running('r-MEDIUM', -1, { level: 'MEDIUM', answered: 1 }) })),
    );
    api.on(ACTIVITY, () => answered(status({ Reading: { ...FINISHED, finishReason: 'TIMES_UP' } })));
    open(api, status({ Reading: running('r-LOW', 2) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    recorderClock.now += 1500;

    expect(await screen.findByRole('heading', { name: 'Before you start Listening' }, { timeout: 6000 }));
    const order = api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { type: string }).type);
    expect(order).toEqual(['read-phrase', 'timeout']);
    expect(api.callsTo(FORM)[0].body).toMatchObject({
      context: { itemId: 'r-LOW' },
      data: { durationMs: 1500 },
    });
  });

  it('announces one minute left', async () => {
    const api = fakeApi();
    open(api, status({ Listening: running('l-LOW', 59), Reading: FINISHED }));
    expect(await screen.findByRole('button', { name: CANDIDATE_TEXTS.play })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('clock-notice')).toHaveTextContent(CANDIDATE_TEXTS.oneMinuteLeft),
    );
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:59');
  });

  it('goes to the summary when the last answer finishes the test', async () => {
    const api = fakeApi();
    api.on(FORM, () =>
      answered(
        status({
          Reading: FINISHED,
          Listening: FINISHED,
          ReadingComprehension: FINISHED,
          FreeSpeech: FINISHED,
        }),
      ),
    );
    const router = open(
      api,
      status({
        Reading: FINISHED,
        Listening: FINISHED,
        ReadingComprehension: FINISHED,
        FreeSpeech: running('f-MEDIUM', 100),
      }),
    );
    expect(await screen.findByTestId('free-speech-topic')).toHaveTextContent(
      'Describe your MEDIUM working day.',
    );
    // As the server does: a finished test is no longer resumed.
    api.on(LOAD, () => json(409, { error: { code: 'CONFLICT', message: 'finished' } }));
    await record(20_000);
    expect(
      await screen.findByRole('heading', { name: CANDIDATE_TEXTS.thankYou('Ann Lee') }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.assessmentSummary.path);
    expect(api.callsTo(FORM)[0].body).toMatchObject({
      type: 'answer-free-speech',
      context: { itemId: 'f-MEDIUM' },
    });
    expect(screen.getByText(CANDIDATE_TEXTS.willReceive('Northwind'))).toBeInTheDocument();
    expect(screen.getAllByText(/: Completed$/)).toHaveLength(4);
    expect(router.state.location.pathname).toBe(paths.assessmentSummary.path);
  });
});
