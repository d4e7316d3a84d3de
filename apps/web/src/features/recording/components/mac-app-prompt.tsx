import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandApple } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { RECORDING_TEXTS } from '../texts';

/** On Mac user agents: the prompt to download the Mac app (spec 1 §2). */
export function MacAppPrompt() {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="mac-app-prompt">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray">
            <IconBrandApple size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600}>{RECORDING_TEXTS.macTitle}</Text>
            <Text size="sm" c="dimmed">
              {RECORDING_TEXTS.macBody}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={paths.download.href()} variant="light" size="sm">
          {RECORDING_TEXTS.macLink}
        </Button>
      </Group>
    </Paper>
  );
}
