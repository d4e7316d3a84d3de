import { SEND_AGAIN_TEXTS } from '../../../components/ui/send-again';
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { tokenStorage } from '../../../lib/api-client';
import { FakeMediaRecorder } from '../../../lib/recorder/fake-media.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import {
  answered,
  candidateTest,
  FINISHED,
  fakeApi,
  json,
  running,
  status,
} from '../candidate-fixtures.test-helper';
import { CANDIDATE_TEXTS } from '../texts';
import { AssessmentPage } from './assessment-page';
import {
  ACTIVITY,
  contextOf,
  FORM,
  LOAD,
  openRunner as open,
  record,
  setUpRunner,
} from './runner.test-helper';

/** The test at its free answer, with `seconds` left on the part's clock. */
const atFreeSpeech = (seconds = 100) =>
  status({
    Reading: FINISHED,
    Listening: FINISHED,
    ReadingComprehension: FINISHED,
    FreeSpeech: running('f-MEDIUM', seconds, { level: 'MEDIUM' }),
  });
const ALL_DONE = status({
  Reading: FINISHED,
  Listening: FINISHED,
  ReadingComprehension: FINISHED,
  FreeSpeech: FINISHED,
});
const storageFull = () =>
  json(507, { error: { code: 'STORAGE_FULL', message: 'The server has no room left.' } });

// A shared, loaded machine can make Mantine renders slow: allow more than the default 5 s.
describe('the runner never loses an answer', { timeout: 30_000 }, () => {
  beforeEach(setUpRunner);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    tokenStorage.clear('candidate');
  });

  it('retries a lost answer with the same idempotency key until the server acknowledges it', async () => {
    const api = fakeApi();
    api.on(
      ACTIVITY,
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(503, { error: { code: 'BUSY', message: 'busy' } }, { 'retry-after': '1' }),
      () =>
        answered(
          status({
            Reading: FINISHED,
            Listening: running('l-MEDIUM', 200, { level: 'MEDIUM', answered: 1 }),
          }),
        ),
    );
    open(api, status({ Reading: FINISHED, Listening: running('l-LOW') }));
    fireEvent.click(await screen.findByRole('radio', { name: 'A refund' }));
    fireEvent.click(screen.getByRole('button', { name: CANDIDATE_TEXTS.submitAnswer }));

    expect(await screen.findByText(CANDIDATE_TEXTS.retrying)).toBeInTheDocument();
    const stored = JSON.parse(sessionStorage.getItem('agaton.candidate.pending') ?? 'null');
    expect(stored?.request.context.itemId).toBe('l-LOW');
    expect(
      await screen.findByText('What did the MEDIUM speaker ask for?', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    const keys = api.callsTo(ACTIVITY).map((c) => contextOf(c.body).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(screen.queryByText(CANDIDATE_TEXTS.retrying)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('agaton.candidate.pending')).toBeNull();
  });

  it('after a reload, sends an unacknowledged recording again with its key', async () => {
    const api = fakeApi();
    const { savePending } = await import('../utils/pending-activity');
    await savePending({
      challengeId: 'ch-1',
      kind: 'form',
      audio: new Blob(['opus'], { type: 'audio/webm' }),
      meta: {
        type: 'read-phrase',
        context: { part: 'Reading', level: 'LOW', itemId: 'r-LOW', idempotencyKey: 'key-from-before-reload' },
        data: { durationMs: 2000 },
      },
    });
    api.on(FORM, () =>
      answered(status({ Reading: running('r-MEDIUM', 250, { level: 'MEDIUM', answered: 1 }) })),
    );
    open(api, status({ Reading: running('r-LOW') }));

    expect(await screen.findByText(/MEDIUM sentence/)).toBeInTheDocument();
    const [resent] = api.callsTo(FORM);
    expect(contextOf(resent.body).idempotencyKey).toBe('key-from-before-reload');
    expect(await resent.audio?.text()).toBe('opus');
  });

  it('drops a pending answer the server already moved past', async () => {
    const api = fakeApi();
    const { savePending } = await import('../utils/pending-activity');
    await savePending({
      challengeId: 'ch-1',
      kind: 'json',
      request: {
        type: 'answer-comprehension-question',
        context: { part: 'Listening', level: 'LOW', itemId: 'l-LOW', idempotencyKey: 'old-key-123' },
        data: { answerIndex: 0 },
      },
    });
    open(api, status({ Reading: FINISHED, Listening: running('l-MEDIUM', 200, { level: 'MEDIUM' }) }));
    expect(await screen.findByText('What did the MEDIUM speaker ask for?')).toBeInTheDocument();
    expect(api.callsTo(ACTIVITY)).toHaveLength(0);
    expect(sessionStorage.getItem('agaton.candidate.pending')).toBeNull();
  });

  it('reloads the state and carries on when the server says the question is not current (409)', async () => {
    const api = fakeApi();
    api.on(ACTIVITY, () => json(409, { error: { code: 'CONFLICT', message: 'not current' } }));
    open(api, status({ Reading: FINISHED, Listening: running('l-LOW') }));
    fireEvent.click(await screen.findByRole('radio', { name: 'A call back' }));
    api.on(LOAD, () =>
      json(
        200,
        candidateTest(
          status({
            Reading: FINISHED,
            Listening: running('l-ADVANCED', 100, { level: 'ADVANCED', answered: 2 }),
          }),
        ),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: CANDIDATE_TEXTS.submitAnswer }));
    expect(await screen.findByText('What did the ADVANCED speaker ask for?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(LOAD).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a free answer the server failed on, and Try again sends the same recording with its key', async () => {
    const api = fakeApi();
    api.on(FORM, storageFull, () => answered(ALL_DONE));
    const router = open(api, atFreeSpeech());
    expect(await screen.findByTestId('free-speech-topic')).toBeInTheDocument();
    api.on(LOAD, () => json(200, candidateTest(atFreeSpeech())));
    await record(35_000);

    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
    expect(screen.getByText(SEND_AGAIN_TEXTS.recordingKept)).toBeInTheDocument();
    // Recording a new answer instead stays possible.
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    api.on(LOAD, () => json(409, { error: { code: 'CONFLICT', message: 'finished' } }));
    fireEvent.click(screen.getByRole('button', { name: CANDIDATE_TEXTS.retry }));

    expect(
      await screen.findByRole('heading', { name: CANDIDATE_TEXTS.thankYou('Ann Lee') }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.assessmentSummary.path);
    const [first, second] = api.callsTo(FORM);
    expect(api.callsTo(FORM)).toHaveLength(2);
    // The same recording (one take on the microphone) with the same meta and idempotency key.
    expect(FakeMediaRecorder.instances).toHaveLength(1);
    expect(second.audio?.size).toBeGreaterThan(0);
    expect(await second.audio?.text()).toBe(await first.audio?.text());
    expect(second.body).toEqual(first.body);
    expect(contextOf(second.body)).toMatchObject({ itemId: 'f-MEDIUM', part: 'FreeSpeech' });
  });

  it('offers no Try again for a recording the server refused; a new recording is sent instead', async () => {
    const api = fakeApi();
    api.on(
      FORM,
      () => json(422, { error: { code: 'UNPROCESSABLE', message: 'No speech was heard in the recording.' } }),
      () => answered(ALL_DONE),
    );
    open(api, atFreeSpeech());
    expect(await screen.findByTestId('free-speech-topic')).toBeInTheDocument();
    api.on(LOAD, () => json(200, candidateTest(atFreeSpeech())));
    await record(20_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('No speech was heard in the recording.');
    expect(screen.queryByRole('button', { name: CANDIDATE_TEXTS.retry })).not.toBeInTheDocument();
    api.on(LOAD, () => json(409, { error: { code: 'CONFLICT', message: 'finished' } }));
    await record(21_000);
    expect(
      await screen.findByRole('heading', { name: CANDIDATE_TEXTS.thankYou('Ann Lee') }),
    ).toBeInTheDocument();
    const [first, second] = api.callsTo(FORM);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    expect(contextOf(second.body).idempotencyKey).not.toBe(contextOf(first.body).idempotencyKey);
  });

  it("withdraws Try again when the part's clock runs out, and ends the part as usual", async () => {
    const api = fakeApi();
    api.on(FORM, storageFull);
    api.on(ACTIVITY, () => answered(ALL_DONE));
    open(api, atFreeSpeech(3));
    expect(await screen.findByTestId('free-speech-topic')).toBeInTheDocument();
    await record(1500);
    expect(await screen.findByRole('button', { name: CANDIDATE_TEXTS.retry })).toBeInTheDocument();
    api.on(LOAD, () => json(409, { error: { code: 'CONFLICT', message: 'finished' } }));
    expect(
      await screen.findByRole('heading', { name: CANDIDATE_TEXTS.thankYou('Ann Lee') }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(api.callsTo(FORM)).toHaveLength(1);
    expect(api.callsTo(ACTIVITY).map((c) => (c.body as { type: string }).type)).toEqual(['timeout']);
  });

  it('returns to sign-in when the candidate token is refused', async () => {
    const api = fakeApi();
    api.on(LOAD, () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }));
    const router = renderRoutes(paths.assessment.href(), {
      [paths.assessment.path]: <AssessmentPage />,
      [paths.candidate.path]: LANDED,
    });
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.candidate.path);
    await act(async () => undefined);
    expect(tokenStorage.has('candidate')).toBe(false);
  });

  it('keeps an answer refused for an expired token, for after the next sign-in', async () => {
    const api = fakeApi();
    api.on(ACTIVITY, () => json(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } }));
    const router = open(api, status({ Reading: FINISHED, Listening: running('l-LOW') }));
    fireEvent.click(await screen.findByRole('radio', { name: 'A refund' }));
    fireEvent.click(screen.getByRole('button', { name: CANDIDATE_TEXTS.submitAnswer }));
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.candidate.path);
    const kept = JSON.parse(sessionStorage.getItem('agaton.candidate.pending') ?? 'null');
    expect(kept?.request).toMatchObject({ context: { itemId: 'l-LOW' }, data: { answerIndex: 0 } });
  });
});
