import { ActionIcon, List, Popover, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { CHAT } from '../texts';

/** Admins learn to tag people with @ and teams with #; coaches get personal examples (spec 1 §6). */
export function HelpPopup({ admin }: { admin: boolean }) {
  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" aria-label={CHAT.help}>
          <IconHelpCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {(admin ? CHAT.helpAdmin : CHAT.helpCoach).map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <List size="sm">
            {(admin ? CHAT.examplesAdmin : CHAT.examplesCoach).map((q) => (
              <List.Item key={q}>{q}</List.Item>
            ))}
          </List>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
