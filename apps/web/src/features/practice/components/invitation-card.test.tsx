import '@testing-library/jest-dom/vitest';
import { type TrainingInvitation, trainingTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { LANDED, renderRoutes } from '../../../lib/render-routes.test-helper';
import { PRACTICE_TEXTS as T } from '../texts';
import { InvalidInvitation, InvitationCard, type InvitationCardProps } from './invitation-card';

const pending: TrainingInvitation = {
  organizationName: 'Northwind Demo',
  candidateName: 'Tina Trainee',
  email: 'tina@example.com',
  traineeStatus: 'InvitePending',
};
const RETURN = '/coach/training-invite/abc.123.sig?accept=1';

function show(props: Partial<InvitationCardProps> = {}) {
  const handlers = { onAccept: vi.fn(), onDecline: vi.fn(), onSignOut: vi.fn() };
  const router = renderRoutes('/invite', {
    '/invite': (
      <InvitationCard
        invitation={pending}
        viewer={{ kind: 'signed-out' }}
        returnPath={RETURN}
        busy={null}
        error={null}
        {...handlers}
        {...props}
      />
    ),
    '*': LANDED,
  });
  return { router, ...handlers };
}

describe('training invitation card', () => {
  beforeEach(() => installDomShims());
  afterEach(() => cleanup());

  it('offers a signed-out invitee sign-up with the e-mail and a way back, sign-in, and decline', async () => {
    const { router, onDecline } = show();
    expect(screen.getByTestId('invitation-lead')).toHaveTextContent(
      'Northwind Demo invites Tina Trainee to practise English with Agaton.',
    );
    const signUp = screen.getByRole('link', { name: T.signUpToAccept });
    const target = new URL(signUp.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/coach/signup');
    expect(target.searchParams.get('email')).toBe('tina@example.com');
    expect(target.searchParams.get('return')).toBe(RETURN);
    expect(screen.getByRole('link', { name: T.signInInstead }).getAttribute('href')).toMatch(
      /^\/coach\/auth\?/,
    );
    expect(screen.queryByRole('button', { name: T.accept })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.decline }));
    expect(onDecline).toHaveBeenCalledOnce();
    fireEvent.click(signUp);
    expect(router.state.location.pathname).toBe('/coach/signup');
  });

  it('lets the invitee accept, and tells another account whose invitation it is with a sign-out', () => {
    const invitee = show({ viewer: { kind: 'invitee', email: 'tina@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: T.accept }));
    expect(invitee.onAccept).toHaveBeenCalledOnce();
    cleanup();

    const other = show({ viewer: { kind: 'other-account', email: 'sam@example.com' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      trainingTexts.invitationOtherAccount.replace('{email}', 'tina@example.com'),
    );
    expect(screen.queryByRole('button', { name: T.accept })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.signOut }));
    expect(other.onSignOut).toHaveBeenCalledOnce();
  });

  it('says an accepted or declined invitation is so, with the next step', () => {
    show({
      invitation: { ...pending, traineeStatus: 'Training' },
      viewer: { kind: 'invitee', email: 'tina@example.com' },
    });
    expect(screen.getByText(trainingTexts.invitationAccepted)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.openPractice })).toHaveAttribute('href', '/coach/practice');
    expect(screen.queryByRole('button', { name: T.decline })).toBeNull();
    cleanup();

    show({ invitation: { ...pending, traineeStatus: 'InviteRejected' } });
    expect(screen.getByRole('status')).toHaveTextContent(trainingTexts.invitationDeclined);
    expect(screen.getByRole('link', { name: T.home })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: T.decline })).toBeNull();
  });

  it('shows an invalid link with a way out', () => {
    renderRoutes('/x', { '/x': <InvalidInvitation message={trainingTexts.invitationInvalid} /> });
    expect(screen.getByRole('alert')).toHaveTextContent(trainingTexts.invitationInvalid);
    expect(screen.getByRole('link', { name: T.home })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: T.signIn })).toHaveAttribute('href', '/coach/auth');
  });
});
