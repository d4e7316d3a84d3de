import '@testing-library/jest-dom/vitest';
import { GOALS, type GoalId, goalTexts } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '../../../config/constants';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { sessionKeys } from '../../../lib/session';
import { goalKeys } from '../api/goals-api';
import { GOAL_INVENTED_TEXTS as T } from '../texts';
import { GoalSelectionForm } from './goal-selection-form';

const nameOf = (id: GoalId) => GOALS.find((g) => g.goal === id)?.humanReadableGoalName ?? id;
const box = (id: GoalId) => screen.getByRole('checkbox', { name: nameOf(id) });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

const preferences = (goals: GoalId[]) => ({
  userPreferences: { goalPreferences: { goals } },
  globalGoalSpecification: {
    availableGoals: GOALS.map(({ goal, humanReadableGoalName }) => ({ goal, humanReadableGoalName })),
  },
});

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Call = { method: string; path: string; body?: unknown };

/** The network as the browser sees it: replies scripted per method and path, calls recorded. */
function stubNetwork(replies: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const scripted = replies[`${method} ${path}`];
      const reply = await (Array.isArray(scripted) ? (scripted.shift() ?? { status: 404 }) : scripted);
      const { status, body } = reply ?? { status: 404, body: {} };
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

function renderForm(props: { onSaved?: () => void; onUnauthenticated?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSaved = vi.fn(props.onSaved);
  const onUnauthenticated = vi.fn(props.onUnauthenticated);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <GoalSelectionForm submitLabel="Continue" onSaved={onSaved} onUnauthenticated={onUnauthenticated} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, onSaved, onUnauthenticated };
}

describe('goal selection form', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    tokenStorage.set('user', { accessToken: 'coach-token' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('keeps Continue disabled with none chosen and while saving, then saves and goes on', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const saving = new Promise<{ status: number; body: unknown }>((resolve) => {
      answer = resolve;
    });
    const calls = stubNetwork({
      'GET /app-user/preferences': [{ status: 200, body: preferences([]) }],
      'PUT /app-user/goals': saving,
    });
    const { client, onSaved } = renderForm();
    await screen.findByRole('checkbox', { name: nameOf('TEST_PREP') });
    expect(continueButton()).toBeDisabled();

    fireEvent.click(box('TEST_PREP'));
    fireEvent.click(box('STEADY_PACE'));
    expect(continueButton()).toBeEnabled();
    client.setQueryData(sessionKeys.user, { stale: true });
    fireEvent.click(continueButton());

    await waitFor(() => expect(continueButton()).toBeDisabled());
    expect(box('FEWER_FILLERS')).toBeDisabled();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/app-user/goals',
      body: { goals: ['TEST_PREP', 'STEADY_PACE'] },
    });
    expect(onSaved).not.toHaveBeenCalled();

    answer({ status: 200, body: preferences(['TEST_PREP', 'STEADY_PACE']) });
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // The signed-in user (its goals) and the preferences are fetched again after a save.
    expect(client.getQueryState(sessionKeys.user)?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/app-user/preferences')).toHaveLength(2),
    );
    expect(client.getQueryData(goalKeys.preferences)).toEqual(preferences(['TEST_PREP', 'STEADY_PACE']));
  });

  it('ticks the saved goals', async () => {
    stubNetwork({ 'GET /app-user/preferences': { status: 200, body: preferences(['FEWER_LONG_PAUSES']) } });
    renderForm();
    expect(await screen.findByRole('checkbox', { name: nameOf('FEWER_LONG_PAUSES') })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(continueButton()).toBeEnabled();
  });

  it("shows 'Failed to save your goals…' when saving fails, and lets the coach try again", async () => {
    stubNetwork({
      'GET /app-user/preferences': { status: 200, body: preferences(['TEST_PREP']) },
      'PUT /app-user/goals': [
        { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
        { status: 200, body: preferences(['TEST_PREP']) },
      ],
    });
    const { onSaved } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(goalTexts.saveFailed);
    expect(onSaved).not.toHaveBeenCalled();
    expect(continueButton()).toBeEnabled();
    fireEvent.click(continueButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load preferences.' with the support address, and retries", async () => {
    stubNetwork({
      'GET /app-user/preferences': [
        { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
        { status: 200, body: preferences([]) },
      ],
    });
    const { onUnauthenticated } = renderForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(goalTexts.loadFailed);
    expect(alert).toHaveTextContent(`${T.supportLead} ${SUPPORT_EMAIL}.`);
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(onUnauthenticated).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('checkbox', { name: nameOf('TEST_PREP') })).toBeInTheDocument();
  });

  it('hands a 401 on loading to the page (sign-in with a return path)', async () => {
    stubNetwork({
      'GET /app-user/preferences': { status: 401, body: { error: { code: 'UNAUTHENTICATED' } } },
    });
    const { onUnauthenticated } = renderForm();
    await waitFor(() => expect(onUnauthenticated).toHaveBeenCalledOnce());
    expect(screen.queryByText(goalTexts.loadFailed)).not.toBeInTheDocument();
  });
});
