import {
  DEPARTMENTS,
  type Department,
  INDUSTRIES,
  type Industry,
  messages,
  splitFullName,
} from '@agaton/contracts';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { layout } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { createAdminWithWorkspace } from '../api/auth-api';
import type { Credentials } from './admin-signup-step-one';
import { FormError } from './form-error';

type Workspace = { name: string; company: string; industry: string | null; team: string | null };

const required = (value: string | null) => (value?.trim() ? null : messages.validation.required);

function createError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return messages.signUp.accountExists;
  if (error instanceof ApiError && error.code && error.status !== 500) return error.message;
  return messages.signUp.failedAdmin;
}

/**
 * 'Step 2 of 2' 'Create Workspace': name, company, industry and team are required and validated on
 * change; 'Complete' stays disabled until all are valid. Success signs in and opens /dashboard.
 */
export function AdminSignupStepTwo({
  credentials,
  onBack,
}: {
  credentials: Credentials;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Workspace>({
    initialValues: { name: '', company: '', industry: null, team: null },
    validateInputOnChange: true,
    validate: { name: required, company: required, industry: required, team: required },
  });

  async function submit(values: Workspace) {
    if (!credentials.email || !credentials.password) {
      setError(messages.signUp.missingCredentials);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await createAdminWithWorkspace({
        email: credentials.email,
        password: credentials.password,
        ...splitFullName(values.name),
        organization: values.company.trim(),
        industry: values.industry as Industry,
        department: values.team as Department,
      });
      navigate(paths.dashboard.href(), { replace: true });
    } catch (caught) {
      setError(createError(caught));
      setSubmitting(false);
    }
  }

  const comboboxProps = { maxDropdownHeight: layout.dropdownMaxHeight };
  return (
    <Stack gap="lg">
      <Stack gap={4} align="flex-start">
        <Button variant="subtle" px={0} leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <Text size="sm" fw={600} c="brand.6">
          Step 2 of 2
        </Text>
        <Title order={1} fz={28}>
          Create Workspace
        </Title>
        <Text c="dimmed">Tell us about you and your team.</Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Name"
            autoComplete="name"
            placeholder="Jane Doe"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Company"
            autoComplete="organization"
            placeholder="Acme Inc."
            {...form.getInputProps('company')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Industry"
              placeholder="Select industry"
              data={[...INDUSTRIES]}
              {...comboboxProps}
              {...form.getInputProps('industry')}
            />
            <Select
              label="Team"
              placeholder="Select team"
              data={[...DEPARTMENTS]}
              {...comboboxProps}
              {...form.getInputProps('team')}
            />
          </Group>
          <Button type="submit" fullWidth loading={submitting} disabled={!form.isValid()}>
            Complete
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
