import type { Admin } from '@agaton/contracts';
import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAccount } from '../api/account-api';
import { ACCOUNT_LABELS as L } from '../texts';
import { EmailForm, NameForm, NoPasswordNotice, PasswordForm } from './account-forms';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

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

/** My Account: name, sign-in e-mail and password of the signed-in admin, then their organisation. */
export function AccountPage({ admin }: { admin: Admin }) {
  const account = useAccount();
  const org = admin.organizationInfo;
  const credentials = (form: ReactNode) =>
    account.isPending ? (
      <Loader size="sm" />
    ) : account.data?.hasPassword === false ? (
      <NoPasswordNotice />
    ) : (
      form
    );
  return (
    <Stack gap="lg">
      {/* The spec's sidebar has no Help or checklist entry, so My Account leads to both. */}
      <Group gap="lg">
        <Anchor component={Link} to={paths.dashboardHelp.href()}>
          {L.helpLink}
        </Anchor>
        <Anchor component={Link} to={paths.dashboardOnboarding.href()}>
          {L.checklistLink}
        </Anchor>
      </Group>
      <Section title={L.profile}>
        <NameForm name={admin.name} />
      </Section>
      <Section title={L.signInEmail}>{credentials(<EmailForm email={admin.email} />)}</Section>
      <Section title={L.password}>{credentials(<PasswordForm />)}</Section>
      <Section title={L.organisation}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label={L.company} value={org.name} />
          <Field label={L.industry} value={org.industry} />
          <Field label={L.team} value={org.department} />
          <Field label={L.managedTeams} value={org.managedTeams.map((team) => team.name).join(', ')} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
