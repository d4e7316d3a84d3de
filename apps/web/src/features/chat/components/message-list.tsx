import type { ChatMessage } from '@agaton/contracts';
import { ActionIcon, Alert, Box, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { SafeMarkdown } from '../../../components/ui/safe-markdown';
import type { RespondStatus } from '../hooks/use-chat';
import { CHAT } from '../texts';
import { messageTime } from '../utils/timestamps';
import { FeedbackModal } from './feedback-modal';

/** The conversation: questions right, answers left with thumbs; the streaming answer grows in place. */
export function MessageList(props: {
  messages: ChatMessage[];
  status: RespondStatus;
  error: string | null;
  onFeedback: (messageId: string, isPositive: boolean, comment?: string) => Promise<unknown>;
}) {
  const [downFor, setDownFor] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const last = props.messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll as the answer grows
  useEffect(() => {
    // A block body: newer browsers return a Promise from scrollIntoView, which React would take for a cleanup.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [props.messages.length, last?.content]);
  const thumb = async (messageId: string, isPositive: boolean, comment?: string) => {
    await props.onFeedback(messageId, isPositive, comment);
    notifications.show({ message: CHAT.feedbackThanks });
  };
  return (
    <Stack gap="md" aria-live="polite">
      {props.messages.map((m) =>
        m.role === 'user' ? (
          <Group key={m.messageId} justify="flex-end">
            <Paper bg="var(--mantine-color-blue-light)" p="sm" radius="md" maw={{ base: '90%', md: 850 }}>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{m.content}</Text>
              <Text size="xs" c="dimmed" ta="right">
                {messageTime(m.createdAt)}
              </Text>
            </Paper>
          </Group>
        ) : (
          <Box key={m.messageId} maw={850} data-testid="assistant-message">
            <Paper withBorder p="sm" radius="md">
              {m.content ? (
                <SafeMarkdown appLinksOnly>{m.content}</SafeMarkdown>
              ) : (
                <Loader size="xs" type="dots" />
              )}
            </Paper>
            <Group gap={4} mt={4}>
              <Text size="xs" c="dimmed" mr="xs">
                {messageTime(m.createdAt)}
              </Text>
              {m.messageId !== 'streaming' && (
                <>
                  <Tooltip label={CHAT.thumbsUp}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={CHAT.thumbsUp}
                      onClick={() => thumb(m.messageId, true)}
                    >
                      {m.userScore?.thumbScore.isPositive === true ? (
                        <IconThumbUpFilled size={16} />
                      ) : (
                        <IconThumbUp size={16} />
                      )}
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={CHAT.thumbsDown}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={CHAT.thumbsDown}
                      onClick={() => setDownFor(m.messageId)}
                    >
                      {m.userScore?.thumbScore.isPositive === false ? (
                        <IconThumbDownFilled size={16} />
                      ) : (
                        <IconThumbDown size={16} />
                      )}
                    </ActionIcon>
                  </Tooltip>
                </>
              )}
            </Group>
          </Box>
        ),
      )}
      {props.status === 'loading' && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {CHAT.thinking}
          </Text>
        </Group>
      )}
      {props.status === 'rejected' && props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      <div ref={end} />
      <FeedbackModal
        opened={downFor !== null}
        onClose={() => setDownFor(null)}
        onSubmit={(comment) => thumb(downFor!, false, comment)}
      />
    </Stack>
  );
}
