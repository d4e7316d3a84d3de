import '@testing-library/jest-dom/vitest';
import { type Admin, ASSISTANT_TEXTS, type TeamUser } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { ASSISTANT_LABELS as L } from '../texts';
import { AssistantTabs } from './assistant-tabs';
import { MemberCoachingPage } from './member-coaching-page';

const MEMBER_ID = '3e000000-0000-4000-8000-000000000001';

const admin = (overrides: Partial<Admin> = {}): Admin => {
  const access = { haveAccess: true, status: 'subscription-active' as const };
  return {
    id: 'ad000000-0000-4000-8000-000000000001',
    name: 'Avery Admin',
    email: 'admin@agaton.local',
    organizationInfo: { id: 'org', name: 'Demo', industry: null, department: null, managedTeams: [] },
    productAccess: { aiCoach: access, recruitment: access, onboarding: access, training: access },
    availablePositions: [],
    enabledFeatures: [],
    ...overrides,
  };
};

const teamUser = (hasCoachAccount = true): TeamUser => ({
  name: 'Casey Coach',
  email: 'coach@agaton.local',
  aiCoachInfo: {
    astridIdentityId: MEMBER_ID,
    teams: [],
    coachingStatus: { enabled: true },
    coachingMeta: { lastCoachingTimestamp: null, coachingsCount: 0, coachingType: null },
    hasCoachAccount,
  },
});

const session = (id: string, at: string) => ({
  id,
  timestampSeconds: Math.floor(Date.parse(at) / 1000),
  durationSeconds: 30,
  analysis: { status: 'done', stage: 'done', percent: 100, error: null },
  overallScore: 74,
});

/** Answers "METHOD /path" (without /api) at the fetch boundary; anything else is 404. */
function stubApi(routes: Record<string, { status: number; body?: unknown }>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const reply = routes[`${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`] ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderSessionPage(path: string) {
  return renderRoutes(path, {
    '/dashboard/assistant/user/:userId/session/:sessionId?': (
      <>
        <Notifications />
        <RouteSessionPage />
      </>
    ),
    '/dashboard/assistant': (
      <>
        <Notifications />
        {LANDED}
      </>
    ),
  });
}

function RouteSessionPage() {
  const { userId, sessionId } = useParams();
  return (
    <MemberCoachingPage kind="session" identityId={userId} itemId={sessionId}>
      {(id) => <p data-testid="item">{id}</p>}
    </MemberCoachingPage>
  );
}

describe('assistant pages', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('shows the tab of the URL when allowed and mounts only the visible panels', async () => {
    const panels = {
      chat: <p>chat panel</p>,
      coaching: <p>coaching panel</p>,
      insights: <p>insights panel</p>,
      'qa-dashboard': <p>qa dashboard panel</p>,
      'qa-alerts': <p>qa alerts panel</p>,
      admin: <p>admin panel</p>,
      users: <p>users panel</p>,
      scorecards: <p>scorecards panel</p>,
    };
    const who = admin({ enabledFeatures: ['COACHING_OVERVIEW'] });
    const router = renderRoutes('/dashboard/assistant?tab=coaching', {
      '/dashboard/assistant': <AssistantTabs admin={who} panels={panels} />,
    });
    expect(await screen.findByText('coaching panel')).toBeVisible();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([L.tabs.coaching, L.tabs.admin]);
    expect(screen.getByText(L.banner.text)).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: L.tabs.admin }));
    expect(await screen.findByText('admin panel')).toBeVisible();
    expect(router.state.location.search).toBe('');
    cleanup();
    // A tab the admin may not see falls back to Admin.
    renderRoutes('/dashboard/assistant?tab=insights', {
      '/dashboard/assistant': <AssistantTabs admin={who} panels={panels} />,
    });
    expect(await screen.findByText('admin panel')).toBeVisible();
    expect(screen.queryByText('insights panel')).toBeNull();
  });

  it('replaces a URL without a session id by the newest session', async () => {
    stubApi({
      [`GET /admin/coaching-overview/users/${MEMBER_ID}`]: { status: 200, body: teamUser() },
      'GET /sessions': {
        status: 200,
        body: {
          items: [session('newest', '2026-11-24T09:00:00Z'), session('older', '2026-11-20T09:00:00Z')],
          nextCursor: null,
        },
      },
    });
    const router = renderSessionPage(`/dashboard/assistant/user/${MEMBER_ID}/session`);
    expect(await screen.findByTestId('item')).toHaveTextContent('newest');
    expect(router.state.location.pathname).toBe(`/dashboard/assistant/user/${MEMBER_ID}/session/newest`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('crumb-user')).toHaveTextContent('Casey Coach');
  });

  it('toasts Could not find user and leaves for the Coaching tab', async () => {
    stubApi({});
    const router = renderSessionPage(`/dashboard/assistant/user/${MEMBER_ID}/session`);
    expect(await screen.findByText(ASSISTANT_TEXTS.couldNotFindUser)).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=coaching'));
    expect(await screen.findByTestId('landed')).toBeVisible();
  });

  it('toasts Failed to fetch sessions when the list fails', async () => {
    stubApi({
      [`GET /admin/coaching-overview/users/${MEMBER_ID}`]: { status: 200, body: teamUser() },
      'GET /sessions': { status: 500, body: { message: 'boom' } },
    });
    renderSessionPage(`/dashboard/assistant/user/${MEMBER_ID}/session`);
    expect(await screen.findByText(ASSISTANT_TEXTS.fetchSessions)).toBeVisible();
    expect(await screen.findByTestId('landed')).toBeVisible();
  });

  it('says a member without a coach account has no sessions yet, with the way back', async () => {
    stubApi({ [`GET /admin/coaching-overview/users/${MEMBER_ID}`]: { status: 200, body: teamUser(false) } });
    renderSessionPage(`/dashboard/assistant/user/${MEMBER_ID}/session`);
    expect(await screen.findByText(L.user.noSessions('Casey Coach'))).toBeVisible();
    expect(screen.getByText(L.user.noCoachAccount)).toBeVisible();
    expect(screen.getByRole('link', { name: L.user.back })).toHaveAttribute(
      'href',
      '/dashboard/assistant?tab=coaching',
    );
  });
});
