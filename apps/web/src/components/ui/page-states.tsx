import { Button, Card, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconMicrophone, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { EmptyState } from './empty-state';

/**
 * The states the coach area's lists and detail pages share: a failed load with a way back and a
 * retry, an empty list with its next step, and 'Load more'. Texts come from each area's spec texts.
 */

/** A detail page that could not load: the spec's text, optional advice, a way back, and retry unless missing. */
export function PageError(props: {
  message: string;
  advice?: string;
  /** Missing for good (404): no retry, a calmer colour. */
  notFound?: boolean;
  back: { to: string; label: string };
  retry: { label: string; onRetry: () => void; retrying: boolean };
  testId?: string;
}) {
  const { message, advice, notFound = false, back, retry, testId } = props;
  return (
    <Card withBorder radius="lg" padding="xl" data-testid={testId}>
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light" color={notFound ? 'gray' : 'red'}>
          <IconAlertTriangle size={26} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg" role="alert">
          {message}
        </Title>
        {advice ? (
          <Text c="dimmed" size="sm" maw={460}>
            {advice}
          </Text>
        ) : null}
        <Group mt="sm">
          <Button
            component={Link}
            to={back.to}
            variant="default"
            size="sm"
            leftSection={<IconArrowLeft size={16} />}
          >
            {back.label}
          </Button>
          {!notFound && (
            <Button
              size="sm"
              onClick={retry.onRetry}
              loading={retry.retrying}
              leftSection={<IconRefresh size={16} />}
            >
              {retry.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A list that could not load, inside its panel, with retry. */
export function PanelError(props: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Paper withBorder radius="lg">
      <Stack align="center" py={48} gap="sm">
        <Text role="alert" fw={600}>
          {props.message}
        </Text>
        <Button variant="light" size="sm" onClick={props.onRetry} loading={props.retrying}>
          {props.retryLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

/** An empty list in its panel, with the next step under it (no dead ends). */
export function EmptyPanel(props: { text: string; hint?: string; action?: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" data-testid={props.testId}>
      <EmptyState text={props.text} hint={props.hint} />
      {props.action ? (
        <Center pb={48} mt={-24}>
          {props.action}
        </Center>
      ) : null}
    </Paper>
  );
}

/** The next step of an empty coach list: record a meeting. */
export function RecordMeetingAction({ label }: { label: string }) {
  return (
    <Button
      component={Link}
      to={paths.coachAssistant.href()}
      size="sm"
      leftSection={<IconMicrophone size={18} />}
    >
      {label}
    </Button>
  );
}

/** 'Load more' under a cursor-paged list, with the list's error text when the next page failed. */
export function LoadMore(props: {
  label: string;
  errorText: string;
  failed: boolean;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  return (
    <>
      {props.failed && (
        <Text role="alert" c="red.7" size="sm" ta="center">
          {props.errorText}
        </Text>
      )}
      {props.hasMore && (
        <Center mt="sm">
          <Button variant="default" size="sm" onClick={props.onLoad} loading={props.loading}>
            {props.label}
          </Button>
        </Center>
      )}
    </>
  );
}
