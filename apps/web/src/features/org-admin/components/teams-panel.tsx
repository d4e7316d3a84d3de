import { type Admin, messages } from '@agaton/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { useTeamsWithMembers } from '../api/org-admin-api';
import { ORG_LABELS } from '../texts';
import { TeamsDialog } from './teams-dialog';

/** User Management: the teams the admin sees with their active members, and the Teams dialog. */
export function TeamsPanel({ admin }: { admin: Admin }) {
  const orgId = admin.organizationInfo.id;
  const [open, setOpen] = useState(false);
  const teams = useTeamsWithMembers(orgId);
  const manage = (
    <Button leftSection={<IconUsersGroup size={18} />} onClick={() => setOpen(true)}>
      {ORG_LABELS.manageTeams}
    </Button>
  );

  let body: React.ReactNode;
  if (teams.isPending) body = <PageLoader />;
  else if (teams.isError) {
    body = (
      <PanelError
        message={messages.org.listTeams}
        retryLabel={ORG_LABELS.retry}
        onRetry={() => teams.refetch()}
        retrying={teams.isFetching}
      />
    );
  } else if (teams.data.length === 0) body = <EmptyPanel text={ORG_LABELS.noTeamsYet} action={manage} />;
  else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {teams.data.map((team) => (
          <Card key={team.id} withBorder radius="lg" data-testid="team-card">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{team.name}</Text>
              <Badge variant="light">{team.members.length}</Badge>
            </Group>
            <Stack gap={2}>
              {team.members.map((m) => (
                <Text key={m.astridIdentityId} size="sm">
                  {m.name || m.email}
                </Text>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="flex-end">{manage}</Group>
      {body}
      <TeamsDialog
        opened={open}
        onClose={() => setOpen(false)}
        orgId={orgId}
        isOwner={admin.role !== 'MANAGER'}
      />
    </Stack>
  );
}
