import { trainingTexts } from '@agaton/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { useAnswerInvitation, useInvitation } from '../../../features/practice/api/practice-api';
import {
  InvalidInvitation,
  InvitationCard,
  type InvitationViewer,
} from '../../../features/practice/components/invitation-card';
import { PRACTICE_TEXTS } from '../../../features/practice/texts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLogout, useUser } from '../../../lib/session';

/**
 * /coach/training-invite/:token — outside the coach guard: the invitee may have no account yet. Signing
 * up or in brings them back here with `accept=1`, and the invitation is then accepted for them.
 */
export default function CoachTrainingInviteRoute() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const user = useUser();
  const logout = useLogout();
  const answer = useAnswerInvitation(token);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const autoAccepted = useRef(false);

  const data = invitation.data;
  const viewer: InvitationViewer | null =
    user.hasToken && !user.data && !user.error
      ? null
      : !user.data
        ? { kind: 'signed-out' }
        : data && user.data.email.toLowerCase() === data.email.toLowerCase()
          ? { kind: 'invitee', email: user.data.email }
          : { kind: 'other-account', email: user.data.email };

  async function respond(kind: 'accept' | 'decline') {
    setBusy(kind);
    setError(null);
    try {
      await answer.mutateAsync(kind);
      if (kind === 'accept') navigate(paths.coachPractice.href(), { replace: true });
    } catch (caught) {
      const fallback = kind === 'accept' ? PRACTICE_TEXTS.acceptFailed : PRACTICE_TEXTS.declineFailed;
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : fallback);
    } finally {
      setBusy(null);
    }
  }

  // Back from sign-up or sign-in as the invitee: accept without a second click.
  const wantsAccept = search.get('accept') === '1';
  const status = data?.traineeStatus;
  useEffect(() => {
    if (!wantsAccept || autoAccepted.current || viewer?.kind !== 'invitee' || !status) return;
    autoAccepted.current = true;
    if (status === 'Training') navigate(paths.coachPractice.href(), { replace: true });
    else void respond('accept');
  });

  const returnPath = `${paths.coachTrainingInvite.href(token)}?accept=1`;
  let body: React.ReactNode;
  if (invitation.isPending || !viewer) body = <PageLoader />;
  else if (invitation.error) {
    // A cut-off or mistyped link (400) is as invalid as an expired or withdrawn one (404).
    const gone = invitation.error instanceof ApiError && [400, 404].includes(invitation.error.status);
    body = (
      <InvalidInvitation message={gone ? trainingTexts.invitationInvalid : errorMessage(invitation.error)} />
    );
  } else if (data) {
    body = (
      <InvitationCard
        invitation={data}
        viewer={viewer}
        returnPath={returnPath}
        busy={busy}
        error={error}
        onAccept={() => void respond('accept')}
        onDecline={() => void respond('decline')}
        onSignOut={logout}
      />
    );
  }
  return <AuthLayout title={PRACTICE_TEXTS.inviteTitle}>{body}</AuthLayout>;
}
