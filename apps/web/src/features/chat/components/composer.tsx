import { ActionIcon, Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { CHAT } from '../texts';

/** Enter sends, Shift+Enter adds a line; empty text and sends while an answer runs are ignored. */
export function Composer(props: {
  placeholder: string;
  running: boolean;
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  const submit = async () => {
    if (!text.trim() || props.running) return;
    const sent = text;
    setText('');
    const accepted = await props.onSend(sent);
    if (!accepted) setText(sent);
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        aria-label={props.placeholder}
        placeholder={props.placeholder}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={CHAT.maxMessageChars}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {props.running ? (
        <Button color="red" variant="light" onClick={props.onStop}>
          {CHAT.stop}
        </Button>
      ) : (
        <ActionIcon size="xl" aria-label={CHAT.send} onClick={() => void submit()} disabled={!text.trim()}>
          <IconSend size={20} />
        </ActionIcon>
      )}
    </Group>
  );
}
