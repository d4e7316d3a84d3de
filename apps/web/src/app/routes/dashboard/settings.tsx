import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { useDashboardAdmin } from './layout';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </Stack>
  );
}

/** /dashboard/settings — My Account: the signed-in admin and their organisation. */
export default function DashboardSettingsRoute() {
  const admin = useDashboardAdmin();
  const org = admin.organizationInfo;
  return (
    <>
      <PageHeader title="My Account" />
      <Paper withBorder radius="lg" p="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label="Name" value={admin.name} />
          <Field label="Email" value={admin.email} />
          <Field label="Company" value={org.name} />
          <Field label="Industry" value={org.industry} />
          <Field label="Team" value={org.department} />
          <Field label="Managed teams" value={org.managedTeams.map((team) => team.name).join(', ')} />
        </SimpleGrid>
      </Paper>
    </>
  );
}
