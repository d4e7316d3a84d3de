import { ActionIcon, List, Popover, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { CHAT } from '../texts';

/**
 * The chat's help (spec 1 §6): admins learn to tag agents with @ and teams with #, with names from
 * their own scope; coaches get personal examples. Closes on Escape, on a click outside and on the
 * button again.
 */
export function HelpPopup(props: {
  admin: boolean;
  examples: readonly string[];
  agent?: string;
  team?: string;
}) {
  const [opened, setOpened] = useState(false);
  // Mantine closes a popover on Escape only when focus is inside it; the focus stays on the button.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          aria-label={CHAT.help}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          <IconHelpCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {(props.admin
            ? [
                CHAT.helpAdmin,
                CHAT.helpAdminMentions(props.agent ?? 'Agent Name', props.team ?? 'Team'),
                CHAT.helpAdminExamples,
              ]
            : CHAT.helpCoach
          ).map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <List size="sm">
            {props.examples.map((q) => (
              <List.Item key={q}>{q}</List.Item>
            ))}
          </List>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
