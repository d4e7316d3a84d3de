import '@testing-library/jest-dom/vitest';
import { trainingTexts } from '@agaton/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderRoutes } from '../../../lib/render-routes.test-helper';
import CoachTrainingInviteRoute from './training-invite';

const RAW = 'token: Too small: expected string to have >=10 characters';

/** GET /training/invitations/{token} answers `status` with the API's error shape. */
function invitationAnswers(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: status === 400 ? 'VALIDATION' : 'NOT_FOUND', message: RAW } }),
          {
            status,
          },
        ),
    ),
  );
}

const open = (token: string) =>
  renderRoutes(`/coach/training-invite/${token}`, {
    '/coach/training-invite/:token': <CoachTrainingInviteRoute />,
  });

describe('training invitation link that does not work', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['cut off or mistyped', 400],
    ['expired or withdrawn', 404],
  ])('says in words that a link %s is not valid, with a way out', async (_, status) => {
    invitationAnswers(status);
    open('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(trainingTexts.invitationInvalid);
    expect(screen.queryByText(RAW)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
