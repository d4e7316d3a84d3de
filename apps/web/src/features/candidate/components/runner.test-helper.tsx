import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { paths } from '../../../config/paths';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { installFakeMedia } from '../../../lib/recorder/fake-media.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { candidateTest, type fakeApi, json, type status } from '../candidate-fixtures.test-helper';
import { AssessmentPage } from './assessment-page';

export const ACTIVITY = 'POST /api/assessment/activity';
export const FORM = 'POST /api/assessment/form/activity';
export const LOAD = 'GET /api/assessment';

/** performance.now as the recorder reads it: tests move it forward while "recording". */
export const recorderClock = { now: 0 };

/** Shims, a working fake microphone, a stored candidate token and a clock the test moves. */
export function setUpRunner() {
  installDomShims();
  installFakeMedia();
  sessionStorage.clear();
  tokenStorage.set('candidate', { accessToken: 'candidate-token' });
  vi.spyOn(performance, 'now').mockImplementation(() => recorderClock.now);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

/** Opens /assessment with GET /api/assessment answering `first`. */
export function openRunner(api: ReturnType<typeof fakeApi>, first: ReturnType<typeof status>) {
  api.on(LOAD, () => json(200, candidateTest(first)));
  return renderRoutes(paths.assessment.href(), {
    [paths.assessment.path]: <AssessmentPage />,
    [paths.assessmentSummary.path]: <AssessmentPage />,
    [paths.candidate.path]: LANDED,
  });
}

/** Clicks the microphone, lets `ms` of recording pass, clicks again. */
export async function record(ms: number) {
  fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
  const stop = await screen.findByRole('button', { name: 'Stop recording' });
  recorderClock.now += ms;
  fireEvent.click(stop);
}

type Context = { part: string; itemId?: string; level?: string; idempotencyKey: string };
/** The `context` of a recorded activity body. */
export const contextOf = (body: unknown) => (body as { context: Context }).context;
