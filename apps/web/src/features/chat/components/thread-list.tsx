import type { ChatThread } from '@agaton/contracts';
import { Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CHAT } from '../texts';
import { messageTime } from '../utils/timestamps';

/** The thread history panel (350px): newest activity first; a new thread on top. */
export function ThreadList(props: {
  threads: ChatThread[];
  selected: string | null;
  disabled: boolean;
  onSelect: (threadId: string) => void;
  onCreate: () => void;
}) {
  return (
    <Stack gap="xs" w={{ base: '100%', md: 350 }} style={{ flexShrink: 0 }}>
      <Text fw={600}>{CHAT.threads}</Text>
      <Button
        leftSection={<IconPlus size={16} />}
        variant="light"
        onClick={props.onCreate}
        disabled={props.disabled}
      >
        {CHAT.newThread}
      </Button>
      <ScrollArea.Autosize mah={{ base: 200, md: 560 }}>
        {props.threads.map((t) => (
          <NavLink
            key={t.threadId}
            active={t.threadId === props.selected}
            disabled={props.disabled && t.threadId !== props.selected}
            label={t.summary || CHAT.untitled}
            description={messageTime(t.updatedAt)}
            onClick={() => props.onSelect(t.threadId)}
          />
        ))}
      </ScrollArea.Autosize>
    </Stack>
  );
}
