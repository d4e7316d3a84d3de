import { Box, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { CANDIDATE_TEXTS } from '../texts';
import type { TestItem } from '../utils/test-view';
import { ListeningPlayer } from './listening-player';

export interface ChoiceItemProps {
  item: Extract<TestItem, { kind: 'listening' | 'comprehension' }>;
  saving: boolean;
  expired: boolean;
  onAnswer: (answerIndex: number) => void;
}

/** A listening or reading-comprehension question: the recording or text, the question, one choice. */
export function ChoiceItem({ item, saving, expired, onAnswer }: ChoiceItemProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const heading = useFocusOnChange<HTMLHeadingElement>(item.id);
  const listening = item.kind === 'listening';
  return (
    <Stack gap="lg">
      <Title order={2} fz="md" fw={600} c="dimmed" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {listening ? CANDIDATE_TEXTS.listenFirst : CANDIDATE_TEXTS.readText}
      </Title>
      {listening ? (
        <ListeningPlayer src={item.audioUrl} />
      ) : (
        <Box
          component="blockquote"
          m={0}
          p="md"
          bg="gray.0"
          style={{ borderLeft: '4px solid var(--mantine-color-brand-3)', borderRadius: 8 }}
          data-testid="reading-text"
        >
          <Text fz="lg" lh={1.65} style={{ whiteSpace: 'pre-line' }}>
            {item.readingText}
          </Text>
        </Box>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (choice !== null && !saving && !expired) onAnswer(Number(choice));
        }}
      >
        <Stack gap="md">
          <Radio.Group
            value={choice}
            onChange={setChoice}
            label={
              <Text fz="lg" fw={600} component="span">
                {item.text}
              </Text>
            }
            description={CANDIDATE_TEXTS.chooseAnswer}
          >
            <Stack gap="sm" mt="sm">
              {item.options.map((option, index) => (
                <Radio
                  // Options may repeat words but not positions: the index is the answer.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's identity.
                  key={index}
                  value={String(index)}
                  label={option}
                  size="md"
                  disabled={saving || expired}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              rightSection={<IconSend size={18} />}
              disabled={choice === null || expired}
              loading={saving}
            >
              {CANDIDATE_TEXTS.submitAnswer}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
