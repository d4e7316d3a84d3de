import type { ChatMessagesResponse } from '@agaton/contracts';
import { Badge, Code, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { CHAT } from '../texts';

const cut = (text: string) =>
  text.length > CHAT.diagnosticTruncate ? `${text.slice(0, CHAT.diagnosticTruncate)}…` : text;

/** Dev-only (admins with Development): the thread's stored messages and each run's steps. */
export function DiagnosticPanel({ data }: { data: ChatMessagesResponse | undefined }) {
  return (
    <Paper
      withBorder
      p="sm"
      w={{ base: '100%', lg: 640 }}
      style={{ flexShrink: 0 }}
      data-testid="chat-diagnostics"
    >
      <ScrollArea.Autosize mah={640}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {CHAT.diagnosticMessages}
          </Title>
          {(data?.messages ?? []).map((m) => (
            <Text key={m.messageId} size="xs">
              <Badge size="xs" mr={4}>
                {m.role}
              </Badge>
              {cut(m.content)}
            </Text>
          ))}
          <Title order={3} size="h5">
            {CHAT.diagnosticRuns}
          </Title>
          {(data?.runs ?? []).map((r) => (
            <Stack key={r.runId} gap={2}>
              <Text size="xs" fw={600}>
                {r.createdAt} · {r.status}
                {r.reason ? ` (${r.reason})` : ''}
              </Text>
              {r.steps.map((s) => (
                <Code key={`${s.at}-${s.kind}-${s.detail}`} block fz="xs">
                  {s.kind}: {cut(s.detail)}
                </Code>
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
