import { type Admin, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { Badge, Button, Group, Tabs } from '@mantine/core';
import { IconSend, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LimitModal } from '../../../components/ui/limit-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { ScrollTabsList } from '../../../components/ui/scroll-tabs-list';
import { useCandidates, useTestContent } from '../api/recruitment-api';
import { RT_LABELS } from '../texts';
import { AddUserModal } from './add-user-modal';
import { CandidatesPanel } from './candidates-panel';
import { SendTestModal } from './send-test-modal';
import { TestContentPanel } from './test-content-panel';

type Dialog = { kind: 'add' } | { kind: 'send'; preselected: string[] } | { kind: 'limit' } | null;

/**
 * /dashboard/test (spec 2 §2): tests left, Add user and Send test, then the Candidates and Test
 * content tabs.
 */
export function EnglishTestPage({ admin }: { admin: Admin }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const candidates = useCandidates();
  const content = useTestContent();
  const testsLeft = admin.productAccess.recruitment.testsLeftCount ?? 0;
  const positions = content.data?.positions.map((p) => p.position) ?? admin.availablePositions;
  const close = () => setDialog(null);
  const openLimit = () => setDialog({ kind: 'limit' });

  return (
    <>
      <PageHeader
        title={RT_LABELS.pageTitle}
        description={RT_LABELS.pageDescription}
        actions={
          <Group gap="sm">
            <Badge
              size="lg"
              variant="light"
              color={testsLeft > 0 ? 'brand' : 'orange'}
              tt="none"
              data-testid="tests-left"
            >
              {RECRUITMENT_TEXTS.testsLeft(testsLeft)}
            </Badge>
            <Button
              variant="default"
              leftSection={<IconUserPlus size={18} />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              {RT_LABELS.addUser}
            </Button>
            <Button
              leftSection={<IconSend size={18} />}
              onClick={() =>
                testsLeft < 1 ? openLimit() : setDialog({ kind: 'send', preselected: [...selected] })
              }
            >
              {RT_LABELS.sendTest}
            </Button>
          </Group>
        }
      />
      <Tabs defaultValue="candidates" keepMounted={false}>
        <ScrollTabsList mb="lg">
          <Tabs.Tab value="candidates">{RT_LABELS.tabCandidates}</Tabs.Tab>
          <Tabs.Tab value="content">{RT_LABELS.tabContent}</Tabs.Tab>
        </ScrollTabsList>
        <Tabs.Panel value="candidates">
          <CandidatesPanel
            admin={admin}
            selected={selected}
            onSelectedChange={setSelected}
            onAddUser={() => setDialog({ kind: 'add' })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="content">
          <TestContentPanel canEdit={admin.role !== 'MANAGER'} />
        </Tabs.Panel>
      </Tabs>
      <AddUserModal
        opened={dialog?.kind === 'add'}
        onClose={close}
        admin={admin}
        positions={positions}
        onLimit={openLimit}
      />
      <SendTestModal
        opened={dialog?.kind === 'send'}
        onClose={close}
        candidates={candidates.data ?? []}
        preselected={dialog?.kind === 'send' ? dialog.preselected : NONE}
        positions={positions}
        testsLeft={testsLeft}
        onLimit={openLimit}
        onSent={() => setSelected(new Set())}
      />
      <LimitModal
        kind="tests"
        planName={RT_LABELS.pageTitle}
        opened={dialog?.kind === 'limit'}
        onClose={close}
        contact={{ email: admin.email, name: admin.name }}
      />
    </>
  );
}

const NONE: string[] = [];
