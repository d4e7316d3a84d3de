import { ASSISTANT_TEXTS } from '@agaton/contracts';
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyPanel } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { useCoachingUser, useMemberReports, useMemberSessions } from '../api/assistant-api';
import { ASSISTANT_LABELS as L } from '../texts';
import { reportOptions, sessionOption } from '../utils/coaching';

/** Where every coaching error leads (spec 3 §4, §8): the assistant dashboard, on its Coaching tab. */
export const COACHING_TAB_HREF = `${paths.dashboardAssistant.href()}?tab=coaching`;

type Kind = 'report' | 'session';

const hrefOf = (kind: Kind, identityId: string, itemId: string) =>
  kind === 'report'
    ? paths.dashboardAssistantUserReport.href(identityId, itemId)
    : paths.dashboardAssistantUserSession.href(identityId, itemId);

/** Shows the spec's error text as a toast once, then leaves for the Coaching tab. */
function useFail() {
  const navigate = useNavigate();
  const done = useRef(false);
  return useCallback(
    (text: string) => {
      if (done.current) return;
      done.current = true;
      notifications.show({ color: 'red', message: text });
      navigate(COACHING_TAB_HREF, { replace: true });
    },
    [navigate],
  );
}

function Loading() {
  return (
    <Center py={80} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

/** One list of the member's items (reports or sessions), as History options newest first. */
function useHistory(kind: Kind, identityId: string, enabled: boolean) {
  const reports = useMemberReports(identityId, enabled && kind === 'report');
  const sessions = useMemberSessions(identityId, enabled && kind === 'session');
  const query = kind === 'report' ? reports : sessions;
  const options =
    kind === 'report'
      ? reportOptions(reports.data?.items ?? [])
      : (sessions.data?.items.map(sessionOption) ?? []);
  return { query, options };
}

/**
 * A member's coaching reports or sessions for an admin (spec 3 §2.2): the breadcrumb 'Coaching' >
 * name, a History dropdown by date, the newest selected when the URL names none, and the spec's
 * error texts with a redirect to the assistant dashboard. The item itself is the coach area's view.
 */
export function MemberCoachingPage(props: {
  kind: Kind;
  identityId: string | undefined;
  itemId: string | undefined;
  /** The coach area's report or session view for the selected item; `onError` fails the page. */
  children: (itemId: string, onError: () => void) => ReactNode;
}) {
  const { kind, itemId } = props;
  const identityId = props.identityId ?? '';
  const fail = useFail();
  const navigate = useNavigate();
  const user = useCoachingUser(identityId);
  const member = user.data;
  const hasAccount = member?.aiCoachInfo.hasCoachAccount ?? false;
  const { query: list, options } = useHistory(kind, identityId, hasAccount);
  const failItem = useCallback(
    () => fail(kind === 'report' ? ASSISTANT_TEXTS.fetchReport : ASSISTANT_TEXTS.fetchSession),
    [fail, kind],
  );

  useEffect(() => {
    if (!props.identityId) fail(ASSISTANT_TEXTS.missingUserId);
    else if (user.isError) fail(ASSISTANT_TEXTS.couldNotFindUser);
    else if (list.isError)
      fail(kind === 'report' ? ASSISTANT_TEXTS.fetchReports : ASSISTANT_TEXTS.fetchSessions);
  }, [props.identityId, user.isError, list.isError, kind, fail]);

  const name = member ? member.name || member.email : '';
  const title = kind === 'report' ? L.user.reportTitle : L.user.sessionTitle;
  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={COACHING_TAB_HREF} size="sm">
        {L.user.breadcrumb}
      </Anchor>
      {name ? (
        <Text size="sm" c="dimmed" data-testid="crumb-user">
          {name}
        </Text>
      ) : null}
    </Breadcrumbs>
  );

  if (!member || (hasAccount && !list.data)) {
    return (
      <>
        {crumbs}
        <PageHeader title={title} />
        <Loading />
      </>
    );
  }

  if (options.length === 0) {
    return (
      <>
        {crumbs}
        <PageHeader title={`${title}: ${name}`} />
        <EmptyPanel
          testId="member-coaching-empty"
          text={kind === 'report' ? L.user.noReports(name) : L.user.noSessions(name)}
          hint={
            hasAccount
              ? kind === 'report'
                ? L.user.noReportsHint
                : L.user.noSessionsHint
              : L.user.noCoachAccount
          }
          action={
            <Button
              component={Link}
              to={COACHING_TAB_HREF}
              variant="light"
              leftSection={<IconArrowLeft size={16} />}
            >
              {L.user.back}
            </Button>
          }
        />
      </>
    );
  }

  if (!itemId) return <Navigate to={hrefOf(kind, identityId, options[0].value)} replace />;

  const known = options.some((o) => o.value === itemId);
  return (
    <>
      {crumbs}
      <PageHeader
        title={`${title}: ${name}`}
        actions={
          <Group gap="xs" align="flex-end">
            <Select
              label={L.user.history}
              placeholder={L.user.historyPlaceholder}
              w={340}
              data={known ? options : [{ value: itemId, label: title }, ...options]}
              value={itemId}
              allowDeselect={false}
              onChange={(value) => {
                if (value && value !== itemId) navigate(hrefOf(kind, identityId, value));
              }}
              data-testid="history"
            />
          </Group>
        }
      />
      {props.children(itemId, failItem)}
    </>
  );
}
