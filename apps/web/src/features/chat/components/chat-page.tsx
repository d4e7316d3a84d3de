import type { ChatUserType } from '@agaton/contracts';
import { Alert, Button, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useChatFeedback, useChatMentions } from '../api/chat-api';
import { useChat } from '../hooks/use-chat';
import { adminExamples, CHAT } from '../texts';
import { Composer } from './composer';
import { DiagnosticPanel } from './diagnostic-panel';
import { HelpPopup } from './help-popup';
import { MessageList } from './message-list';
import { ThreadList } from './thread-list';

/**
 * Ask Agaton (spec 1 §2): threads, messages, composer, examples, help and feedback. `devTools` adds
 * the diagnostic panel and the assistant id field (admins with the Development feature only).
 */
export function ChatPage({ userType, devTools = false }: { userType: ChatUserType; devTools?: boolean }) {
  const admin = userType === 'ADMIN';
  const [diagnostics, setDiagnostics] = useLocalStorage({
    key: 'agaton-chat-diagnostics',
    defaultValue: false,
  });
  const [assistantId, setAssistantId] = useLocalStorage({
    key: 'agaton-chat-assistant-id',
    defaultValue: '',
  });
  const showDiagnostics = devTools && diagnostics;
  const chat = useChat(userType, {
    assistantId: devTools ? assistantId : undefined,
    pollWhileRunning: showDiagnostics,
  });
  const feedback = useChatFeedback(userType, chat.threadId);
  const mentions = useChatMentions(admin);
  const agent = mentions.data?.people[0]?.name;
  const team = mentions.data?.teams[0]?.name;
  const examples = admin ? adminExamples(agent, team) : CHAT.examplesCoach;

  if (chat.threads.isPending) return <Loader />;
  if (chat.threads.isError) {
    return (
      <Alert color="red" role="alert">
        {admin ? CHAT.loadFailedAdmin : CHAT.loadFailedCoach}
        <Button variant="subtle" size="xs" ml="sm" onClick={() => chat.threads.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <ThreadList
        threads={chat.threads.data}
        selected={chat.threadId}
        disabled={chat.running}
        onSelect={chat.select}
        onCreate={() => void chat.newThread()}
      />
      <Stack style={{ flex: 1, minWidth: 280 }} maw={850} gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {chat.thread?.summary || CHAT.title}
          </Title>
          <Group gap="xs">
            {devTools && (
              <Switch
                label={CHAT.diagnostics}
                checked={diagnostics}
                onChange={(e) => setDiagnostics(e.currentTarget.checked)}
              />
            )}
            <HelpPopup admin={admin} examples={examples} agent={agent} team={team} />
          </Group>
        </Group>
        {devTools && diagnostics && (
          <TextInput
            size="xs"
            label={CHAT.assistantId}
            value={assistantId}
            onChange={(e) => setAssistantId(e.currentTarget.value)}
          />
        )}
        {chat.shown.length === 0 && chat.status === 'idle' ? (
          <Paper withBorder p="md">
            <Text c="dimmed" mb="sm">
              {CHAT.noMessages}
            </Text>
            <Text fw={600} mb="xs">
              {CHAT.examplesTitle}
            </Text>
            <Stack gap="xs" align="flex-start">
              {examples.map((q) => (
                // A long question wraps inside its button rather than running off a phone's screen.
                <Button
                  key={q}
                  variant="light"
                  size="xs"
                  h="auto"
                  py={6}
                  maw="100%"
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  onClick={() => void chat.send(q)}
                >
                  {q}
                </Button>
              ))}
            </Stack>
          </Paper>
        ) : (
          <MessageList
            messages={chat.shown}
            status={chat.status}
            error={chat.error}
            onFeedback={(messageId, isPositive, comment) =>
              feedback.mutateAsync({ messageId, thumbScore: { isPositive }, comment })
            }
          />
        )}
        <Composer
          placeholder={admin ? CHAT.composerPlaceholderAdmin : CHAT.composerPlaceholder}
          running={chat.running}
          onSend={chat.send}
          onStop={() => void chat.stop()}
          mentions={admin ? mentions.data : undefined}
        />
      </Stack>
      {showDiagnostics && <DiagnosticPanel data={chat.messages.data} />}
    </Group>
  );
}
