import '@testing-library/jest-dom/vitest';
import type { User } from '@agaton/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item, stubApi } from '../../../features/call-reviews/api/call-review-fixtures.test-helper';
import { CALL_REVIEW_TEXTS as T } from '../../../features/call-reviews/texts';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderRoutes } from '../../../lib/render-routes.test-helper';
import { RequireCoach } from './layout';

const user: User = {
  id: 'u1',
  email: 'coach@agaton.local',
  firstName: 'Casey',
  enabledFeatures: [],
  goals: [],
  plan: {
    subscription: { trialStart: '2026-11-01T00:00:00Z', status: 'TRIALING' },
    features: { recording: { availableRecordingMinutes: 37 } },
  },
};

const openShell = () => renderRoutes('/coach/page', { '/coach/*': <RequireCoach /> });

describe('Call reviews in the coach menu', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('shows the entry to a coach with a reviewed call', async () => {
    const calls = stubApi({
      'GET /app-user/me': { status: 200, body: user },
      'GET /app-user/qa-items': { status: 200, body: { items: [item()], totalItemCount: 1 } },
    });
    openShell();
    expect(await screen.findByRole('link', { name: T.nav })).toHaveAttribute('href', '/coach/call-reviews');
    expect(calls.find((c) => c.path === '/app-user/qa-items')?.query.get('limit')).toBe('1');
  });

  it('leaves it out for a coach without one, and when the look fails', async () => {
    stubApi({
      'GET /app-user/me': { status: 200, body: user },
      'GET /app-user/qa-items': { status: 200, body: { items: [], totalItemCount: 0 } },
    });
    openShell();
    expect(await screen.findByRole('link', { name: 'Sessions' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: T.nav })).not.toBeInTheDocument();
    cleanup();

    stubApi({ 'GET /app-user/me': { status: 200, body: user }, 'GET /app-user/qa-items': { status: 500 } });
    openShell();
    expect(await screen.findByRole('link', { name: 'Sessions' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: T.nav })).not.toBeInTheDocument();
  });
});
