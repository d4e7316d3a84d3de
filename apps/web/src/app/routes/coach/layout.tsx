import { messages, type User } from '@agaton/contracts';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useOutletContext, useSearchParams } from 'react-router';
import { CoachShell } from '../../../components/layouts/coach-shell';
import type { ShellNavItem } from '../../../components/layouts/shell-frame';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { useHasCallReviews } from '../../../features/call-reviews/api/call-reviews-api';
import { CALL_REVIEW_TEXTS } from '../../../features/call-reviews/texts';
import { GoalsModal } from '../../../features/goals/components/goals-modal';
import { ApiError, tokenStorage } from '../../../lib/api-client';
import { useLogout, useUser } from '../../../lib/session';

const callReviewsNavItem: ShellNavItem = {
  key: 'call-reviews',
  label: CALL_REVIEW_TEXTS.nav,
  to: paths.coachCallReviews.href(),
  icon: IconClipboardCheck,
};

/** The signed-in coach, for pages inside the coach shell. */
export const useCoachUser = () => useOutletContext<User>();

/** Sign-in link that brings the user back to where they were. */
export function coachSignInFor(location: { pathname: string; search: string }) {
  return `${paths.coachAuth.href()}?${new URLSearchParams({ return: `${location.pathname}${location.search}` })}`;
}

/**
 * Guard and frame of the coach area (spec 1 section 4 "Coach shell"): a loader while the user loads;
 * no user → tokens cleared and sign-in with the current path as `return`; an `account` query value
 * that is not the signed-in e-mail logs out.
 */
export function RequireCoach({ bare = false }: { bare?: boolean }) {
  const location = useLocation();
  const [search] = useSearchParams();
  const { data: user, error, hasToken, refetch, isFetching } = useUser();
  const logout = useLogout();
  // Set together with clearing the tokens, so the guard sends a deliberate logout to sign-in
  // rather than treating it as an expired session.
  const [loggedOut, setLoggedOut] = useState(false);
  const [goalsOpen, setGoalsOpen] = useState(false);
  const unauthorised = error instanceof ApiError && (error.status === 401 || error.status === 403);
  const account = search.get('account');
  const wrongAccount = Boolean(user && account && account.toLowerCase() !== user.email.toLowerCase());
  // Call reviews is in the menu only for a coach with a reviewed call (decision 022, the agent's side).
  const hasCallReviews = useHasCallReviews(Boolean(user) && !bare);

  useEffect(() => {
    if (unauthorised) tokenStorage.clear('user');
    if (wrongAccount) logout();
  }, [unauthorised, wrongAccount, logout]);

  if (loggedOut) return <Navigate to={paths.coachAuth.href()} replace />;
  if (!hasToken || unauthorised || wrongAccount) return <Navigate to={coachSignInFor(location)} replace />;
  if (error) {
    return <LoadError message={messages.general.loadUser} onRetry={() => refetch()} retrying={isFetching} />;
  }
  if (!user) return <PageLoader />;
  if (bare) return <Outlet context={user} />;
  return (
    <CoachShell
      user={user}
      extraItems={hasCallReviews ? [callReviewsNavItem] : []}
      onLogout={() => {
        setLoggedOut(true);
        logout();
      }}
      onEditGoals={() => setGoalsOpen(true)}
    >
      <Outlet context={user} />
      <GoalsModal
        opened={goalsOpen}
        onClose={() => setGoalsOpen(false)}
        // Clearing the token sends the guard above to sign-in with this page as `return`.
        onUnauthenticated={() => tokenStorage.clear('user')}
      />
    </CoachShell>
  );
}

export default function CoachLayoutRoute() {
  return <RequireCoach />;
}
