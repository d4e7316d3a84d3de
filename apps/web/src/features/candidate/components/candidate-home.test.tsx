import '@testing-library/jest-dom/vitest';
import { messages, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { installFakeMedia } from '../../../lib/recorder/fake-media.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { candidateTest, FINISHED, fakeApi, json, running, status } from '../candidate-fixtures.test-helper';
import { CANDIDATE_TEXTS } from '../texts';
import { CandidateHome } from './candidate-home';

const LOAD = 'GET /api/assessment';
const SIGN_IN = 'POST /api/challenge/auth';
const MIC = 'POST /api/score/phrase';

const open = () =>
  renderRoutes(paths.candidate.href(), {
    [paths.candidate.path]: <CandidateHome />,
    [paths.assessment.path]: LANDED,
  });

async function signIn(code: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Ann@Example.com' } });
  fireEvent.change(screen.getByLabelText('Test code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Start' }));
}

let clock = 0;
const phraseAnswer = (overall: number) => ({
  word_scores: [],
  assessment: {
    overall_score: overall,
    pronunciation: { score: overall, explanation: [] },
    fluency: { score: overall, explanation: [], speech_rate_experimental: null },
    fluency_stats: { num_pauses: 0, num_silences: 0, num_hesitations: 0 },
    transcriptConfidence: { value: 0.9, humanizedValue: 'High' },
  },
});

describe('/candidate', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    installFakeMedia();
    sessionStorage.clear();
    tokenStorage.clear('candidate');
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    tokenStorage.clear('candidate');
  });

  it('shows the spec text for a wrong code and the server text for a finished test', async () => {
    const api = fakeApi();
    api.on(
      SIGN_IN,
      () => json(401, { error: { code: 'WRONG_CREDENTIALS', message: 'x' } }),
      () => json(409, { error: { code: 'CONFLICT', message: RECRUITMENT_TEXTS.testFinished } }),
    );
    open();
    await signIn('WRONG-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signIn.wrongCredentials);
    await signIn('USED-1');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(RECRUITMENT_TEXTS.testFinished));
    expect(api.callsTo(SIGN_IN)[0].body).toEqual({ username: 'ann@example.com', password: 'WRONG-1' });
    expect(tokenStorage.has('candidate')).toBe(false);
  });

  it('welcomes a signed-in candidate with the parts, their limits and what they need, then starts', async () => {
    const api = fakeApi();
    api.on(SIGN_IN, () => json(200, { ...candidateTest(status()), token: 'fresh-token' }));
    api.on(LOAD, () => json(200, candidateTest(status())));
    const router = open();
    await signIn('ABCD-1234');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeInTheDocument();
    expect(tokenStorage.get('candidate')?.accessToken).toBe('fresh-token');
    expect(screen.getByText(CANDIDATE_TEXTS.invited('Northwind'))).toBeInTheDocument();
    expect(screen.getByTestId('limit-Reading')).toHaveTextContent('6 minutes');
    expect(screen.getByTestId('limit-Listening')).toHaveTextContent('00:04:30');
    expect(screen.getByTestId('limit-FreeSpeech')).toHaveTextContent('2 minutes');
    // 6 + 4.5 + 10 + 2 minutes = 22.5, said as about 23.
    expect(screen.getByText(CANDIDATE_TEXTS.needs(23)[1])).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: CANDIDATE_TEXTS.startTest }));
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.assessment.path);
  });

  it('checks the microphone: heard clearly, then silent', async () => {
    const api = fakeApi();
    tokenStorage.set('candidate', { accessToken: 'stored' });
    api.on(LOAD, () => json(200, candidateTest(status({ Reading: FINISHED }))));
    api.on(
      MIC,
      () => json(200, phraseAnswer(86)),
      () => json(422, { error: { code: 'UNPROCESSABLE', message: 'No speech was heard in the recording.' } }),
    );
    open();
    expect(await screen.findByRole('button', { name: CANDIDATE_TEXTS.continueTest })).toBeInTheDocument();
    const check = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
      const stop = await screen.findByRole('button', { name: 'Stop recording' });
      clock += 3000;
      fireEvent.click(stop);
    };
    await check();
    expect(await screen.findByText(CANDIDATE_TEXTS.micClear)).toBeInTheDocument();
    const [call] = api.callsTo(MIC);
    expect(call.authorization).toBe('Bearer stored');
    expect(call.fields?.target_phrase).toBe(CANDIDATE_TEXTS.micSentence);
    expect(call.audio?.size).toBeGreaterThan(0);
    await check();
    expect(await screen.findByText(CANDIDATE_TEXTS.micSilent)).toBeInTheDocument();
  });

  it('a refused stored token is cleared and the sign-in form shown', async () => {
    const api = fakeApi();
    tokenStorage.set('candidate', { accessToken: 'expired' });
    api.on(LOAD, () => json(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } }));
    open();
    expect(await screen.findByLabelText('Test code')).toBeInTheDocument();
    expect(tokenStorage.has('candidate')).toBe(false);
  });

  it('goes straight back into the test when a part is running (a reload mid-part)', async () => {
    const api = fakeApi();
    tokenStorage.set('candidate', { accessToken: 'stored' });
    api.on(LOAD, () => json(200, candidateTest(status({ Reading: running('r-LOW') }))));
    const router = open();
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.assessment.path);
  });

  it('a finished test (the server refuses it with 409) says so and offers a way out', async () => {
    const api = fakeApi();
    tokenStorage.set('candidate', { accessToken: 'stored' });
    api.on(LOAD, () => json(409, { error: { code: 'CONFLICT', message: RECRUITMENT_TEXTS.testFinished } }));
    open();
    expect(await screen.findByRole('heading', { name: CANDIDATE_TEXTS.complete })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: CANDIDATE_TEXTS.signOut }));
    expect(await screen.findByLabelText('Test code')).toBeInTheDocument();
    expect(tokenStorage.has('candidate')).toBe(false);
  });

  it('an expired code says so', async () => {
    const api = fakeApi();
    tokenStorage.set('candidate', { accessToken: 'stored' });
    api.on(LOAD, () => json(403, { error: { code: 'FORBIDDEN', message: RECRUITMENT_TEXTS.testExpired } }));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_TEXTS.testExpired);
    expect(screen.queryByRole('button', { name: CANDIDATE_TEXTS.retry })).not.toBeInTheDocument();
  });
});
