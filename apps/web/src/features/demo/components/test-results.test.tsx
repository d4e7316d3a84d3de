import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SALES_LABELS } from '../../../components/ui/contact-sales-modal';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { FREE_SPEECH_TOPICS, READING_SETS } from '../tasks';
import { DEMO_INVENTED_TEXTS as T } from '../texts';
import { buildResult } from '../utils/flow';
import { TestResults } from './test-results';

const reading = READING_SETS.business;
const topics = FREE_SPEECH_TOPICS;
const result = buildResult({
  reading,
  topics,
  scores: Object.fromEntries([...reading, ...topics].map((t) => [t._id, 84])),
});

/** The API at the network boundary: records what was sent, answers 204. */
function stubApi() {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(null, { status: 204 });
    }),
  );
  return sent;
}

function open() {
  const onRestart = vi.fn();
  const router = renderRoutes('/demo', {
    '/demo': <TestResults result={result} onRestart={onRestart} />,
    '*': LANDED,
  });
  return { router, onRestart };
}

describe('demo test results', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says in words how each part finished, with no enum text', () => {
    open();
    const results = screen.getByTestId('test-results');
    expect(
      within(screen.getByTestId('result-reading')).getByText(T.finishReason.FULL_COMPLETE),
    ).toBeVisible();
    expect(results.textContent).not.toMatch(/FULL_COMPLETE|full complete/i);
  });

  it('ends with next steps: sign up as a coach, contact sales about the English Test, or start again', async () => {
    const sent = stubApi();
    const { router, onRestart } = open();
    const steps = screen.getByTestId('demo-next-steps');
    expect(within(steps).getByRole('link', { name: T.coachAction })).toHaveAttribute('href', '/coach/signup');

    fireEvent.click(within(steps).getByRole('button', { name: CONTACT_SALES_LABELS.title }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Message')).toHaveValue(
      'I would like to know more about English Test.\n',
    );
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Robin Hiring' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'robin@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CONTACT_SALES_LABELS.send }));
    await waitFor(() => expect(sent.map((c) => c.path)).toEqual(['/api/contact-sales']));
    expect(sent[0]?.body).toMatchObject({ name: 'Robin Hiring', email: 'robin@example.com' });

    fireEvent.click(within(steps).getByRole('button', { name: T.restart }));
    expect(onRestart).toHaveBeenCalledOnce();
    fireEvent.click(within(steps).getByRole('link', { name: T.coachAction }));
    expect(router.state.location.pathname).toBe('/coach/signup');
  });
});
