import { type TrainingInvitation, trainingTexts } from '@agaton/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PRACTICE_TEXTS as T } from '../texts';

export type InvitationViewer =
  | { kind: 'signed-out' }
  | { kind: 'invitee'; email: string }
  | { kind: 'other-account'; email: string };

export interface InvitationCardProps {
  invitation: TrainingInvitation;
  viewer: InvitationViewer;
  /** Where signing up or in should bring the invitee back (this page, with the accept flag). */
  returnPath: string;
  busy: 'accept' | 'decline' | null;
  error: string | null;
  onAccept: () => void;
  onDecline: () => void;
  onSignOut: () => void;
}

const withReturn = (base: string, returnPath: string, email?: string) => {
  const query = new URLSearchParams({ return: returnPath });
  if (email) query.set('email', email);
  return `${base}?${query}`;
};

/**
 * The training invitation (/coach/training-invite/:token): who invites whom, then the way forward for
 * whoever opened it — sign up or in to accept, accept, switch accounts — or decline.
 */
export function InvitationCard(props: InvitationCardProps) {
  const { invitation, viewer, returnPath, busy, error } = props;
  const status = invitation.traineeStatus;
  const accepted = status === 'Training';
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <IconSchool size={28} color="var(--mantine-color-brand-6)" aria-hidden />
        <Title order={1} fz={26}>
          {T.inviteTitle}
        </Title>
      </Group>
      <Text fw={600} data-testid="invitation-lead">
        {T.inviteLead(invitation.organizationName, invitation.candidateName)}
      </Text>
      <Text c="dimmed">{T.inviteWhat}</Text>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
      {accepted ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {trainingTexts.invitationAccepted}
        </Alert>
      ) : null}
      {status === 'InviteRejected' ? (
        <Alert color="gray" variant="light" role="status">
          {trainingTexts.invitationDeclined} {T.declinedHint}
        </Alert>
      ) : null}
      {viewer.kind === 'other-account' ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {trainingTexts.invitationOtherAccount.replace('{email}', invitation.email)}{' '}
          {T.signedInAs(viewer.email)}
        </Alert>
      ) : (
        <Text size="sm">{T.inviteFor(invitation.email)}</Text>
      )}
      <Stack gap="sm">
        {accepted && viewer.kind === 'invitee' ? (
          <Button component={Link} to={paths.coachPractice.href()} size="md">
            {T.openPractice}
          </Button>
        ) : null}
        {accepted && viewer.kind !== 'invitee' ? (
          <Button
            component={Link}
            to={withReturn(paths.coachAuth.href(), paths.coachPractice.href())}
            size="md"
          >
            {T.signIn}
          </Button>
        ) : null}
        {!accepted && viewer.kind === 'invitee' ? (
          <Button size="md" onClick={props.onAccept} loading={busy === 'accept'} disabled={busy !== null}>
            {T.accept}
          </Button>
        ) : null}
        {!accepted && viewer.kind === 'signed-out' ? (
          <>
            <Button
              component={Link}
              to={withReturn(paths.coachSignup.href(), returnPath, invitation.email)}
              size="md"
            >
              {T.signUpToAccept}
            </Button>
            <Button
              component={Link}
              to={withReturn(paths.coachAuth.href(), returnPath, invitation.email)}
              variant="default"
            >
              {T.signInInstead}
            </Button>
          </>
        ) : null}
        {viewer.kind === 'other-account' ? (
          <Button variant="default" onClick={props.onSignOut}>
            {T.signOut}
          </Button>
        ) : null}
        {status === 'InvitePending' ? (
          <Button
            variant="subtle"
            color="gray"
            onClick={props.onDecline}
            loading={busy === 'decline'}
            disabled={busy !== null}
          >
            {T.decline}
          </Button>
        ) : null}
        {status === 'InviteRejected' ? (
          <Button component={Link} to={paths.home.href()} variant="subtle" color="gray">
            {T.home}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** An invitation that does not work (forged, expired, withdrawn): say so and offer a way out. */
export function InvalidInvitation({ message }: { message: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {T.inviteTitle}
      </Title>
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
      <Group>
        <Button component={Link} to={paths.home.href()} variant="default">
          {T.home}
        </Button>
        <Button component={Link} to={paths.coachAuth.href()}>
          {T.signIn}
        </Button>
      </Group>
    </Stack>
  );
}
