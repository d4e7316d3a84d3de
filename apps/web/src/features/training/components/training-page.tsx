import { type Admin, type Candidate, trainingTexts } from '@agaton/contracts';
import { Badge, Button, Group, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend, IconUserPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LimitModal } from '../../../components/ui/limit-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { ScrollTabsList } from '../../../components/ui/scroll-tabs-list';
import { paths } from '../../../config/paths';
import { TR_LABELS } from '../texts';
import { inviteFits, usersLeft } from '../utils/trainees';
import { CohortInsights } from './cohort-insights';
import { InviteModal } from './invite-modal';
import { TraineesPanel } from './trainees-panel';

type Dialog = 'add' | 'invite' | 'limit' | null;

/** The Add training user modal, given by the page's route (it is the English Test's form in training mode). */
export type AddTrainingUser = (props: {
  opened: boolean;
  onClose: () => void;
  onLimit: () => void;
}) => ReactNode;

/**
 * /dashboard/training (spec 2 §2): Add training user and Invite users to training, then the Admin tab
 * (trainees and their status) and the Insights tab (the cohort's training insights). The tab is kept
 * in the address (?tab=insights) so the way back from a trainee lands on it.
 */
export function TrainingPage({
  admin,
  candidates,
  renderAddUser,
}: {
  admin: Admin;
  candidates: UseQueryResult<Candidate[]>;
  renderAddUser: AddTrainingUser;
}) {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'insights' ? 'insights' : 'admin';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const all = candidates.data ?? [];
  const users = all.filter((c) => c.isTrainee).length;
  const left = usersLeft(admin.productAccess.training, users);
  const selectedRows = useMemo(() => all.filter((c) => selected.has(c.identityId)), [all, selected]);
  const close = () => setDialog(null);
  const personHref = (id: string) => paths.dashboardTrainingUser.href(id);

  const openAdd = () => setDialog(left === 0 ? 'limit' : 'add');
  const openInvite = () => {
    if (selectedRows.length === 0) {
      notifications.show({ color: 'red', message: trainingTexts.selectUsersFirst });
      return;
    }
    setDialog(inviteFits(all, selected, left) ? 'invite' : 'limit');
  };
  const setTab = (value: string | null) =>
    setSearch(value === 'insights' ? { tab: 'insights' } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title={TR_LABELS.pageTitle}
        description={TR_LABELS.pageDescription}
        actions={
          <Group gap="sm">
            {left !== null && admin.productAccess.training.maxUserCount !== undefined ? (
              <Badge
                size="lg"
                variant="light"
                color={left > 0 ? 'brand' : 'orange'}
                tt="none"
                data-testid="users-count"
              >
                {TR_LABELS.usersCount(users, admin.productAccess.training.maxUserCount)}
              </Badge>
            ) : null}
            <Button variant="default" leftSection={<IconUserPlus size={18} />} onClick={openAdd}>
              {TR_LABELS.addUser}
            </Button>
            <Button leftSection={<IconSend size={18} />} onClick={openInvite}>
              {TR_LABELS.invite}
            </Button>
          </Group>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <ScrollTabsList mb="lg">
          <Tabs.Tab value="admin">{TR_LABELS.tabAdmin}</Tabs.Tab>
          <Tabs.Tab value="insights">{TR_LABELS.tabInsights}</Tabs.Tab>
        </ScrollTabsList>
        <Tabs.Panel value="admin">
          <TraineesPanel
            candidates={candidates}
            selected={selected}
            onSelectedChange={setSelected}
            onAddUser={openAdd}
            personHref={personHref}
          />
        </Tabs.Panel>
        <Tabs.Panel value="insights">
          <CohortInsights
            admin={admin}
            personHref={personHref}
            reportHref={paths.adminInsightsReport.href()}
            inviteAction={
              <Button size="sm" leftSection={<IconSend size={16} />} onClick={() => setTab('admin')}>
                {TR_LABELS.inviteNext}
              </Button>
            }
          />
        </Tabs.Panel>
      </Tabs>
      {renderAddUser({ opened: dialog === 'add', onClose: close, onLimit: () => setDialog('limit') })}
      <InviteModal
        opened={dialog === 'invite'}
        onClose={close}
        selected={selectedRows}
        onInvited={() => setSelected(new Set())}
        onLimit={() => setDialog('limit')}
      />
      <LimitModal
        kind="users"
        planName={TR_LABELS.pageTitle}
        opened={dialog === 'limit'}
        onClose={close}
        contact={{ email: admin.email, name: admin.name }}
      />
    </>
  );
}
