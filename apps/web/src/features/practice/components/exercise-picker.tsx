import {
  type PracticeCatalog,
  type PracticeKind,
  practiceItemKey,
  TEST_LEVELS,
  type TestLevel,
} from '@agaton/contracts';
import {
  Badge,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PRACTICE_TEXTS as T } from '../texts';

export interface ExerciseChoice {
  topic: string;
  level: TestLevel;
  kind: PracticeKind;
}

/** One exercise of the chosen topic, level and kind. */
export interface PracticeItem {
  id: string;
  text: string;
}

/** The exercises a choice offers, in content order. */
export function itemsOf(catalog: PracticeCatalog, choice: ExerciseChoice): PracticeItem[] {
  const level = catalog.topics.find((t) => t.topic === choice.topic)?.levels[choice.level];
  if (!level) return [];
  return choice.kind === 'reading'
    ? level.reading.map((r) => ({ id: r.id, text: r.text }))
    : level.freeSpeech.map((q) => ({ id: q.id, text: q.question }));
}

/** Topic, level and kind, then the list of exercises with the best score reached on each. */
export function ExercisePicker(props: {
  catalog: PracticeCatalog;
  choice: ExerciseChoice;
  onChoice: (choice: ExerciseChoice) => void;
  items: PracticeItem[];
  current: number;
  onPick: (index: number) => void;
}) {
  const { catalog, choice, onChoice, items, current } = props;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={T.topic}
          data={catalog.topics.map((t) => t.topic)}
          value={choice.topic}
          onChange={(topic) => topic && onChoice({ ...choice, topic })}
          allowDeselect={false}
          w={260}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {T.level}
          </Text>
          <SegmentedControl
            aria-label={T.level}
            value={choice.level}
            onChange={(level) => onChoice({ ...choice, level: level as TestLevel })}
            data={TEST_LEVELS.map((l) => ({ value: l, label: T.levels[l] }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {T.exercise}
          </Text>
          <SegmentedControl
            aria-label={T.exercise}
            value={choice.kind}
            onChange={(kind) => onChoice({ ...choice, kind: kind as PracticeKind })}
            data={[
              { value: 'reading', label: T.kinds.reading },
              { value: 'free-speech', label: T.kinds['free-speech'] },
            ]}
          />
        </Stack>
      </Group>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
          {items.map((item, index) => {
            const best = catalog.progress.best[practiceItemKey(choice.topic, item.id)];
            return (
              <UnstyledButton
                key={item.id}
                onClick={() => props.onPick(index)}
                aria-current={index === current}
              >
                <Card
                  withBorder
                  radius="md"
                  padding="sm"
                  h="100%"
                  style={index === current ? { borderColor: 'var(--mantine-color-brand-5)' } : undefined}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Text size="sm" lineClamp={2}>
                      {item.text}
                    </Text>
                    {best !== undefined ? (
                      <Badge
                        variant="light"
                        color="teal"
                        leftSection={<IconCircleCheck size={12} />}
                        style={{ flexShrink: 0 }}
                      >
                        {Math.round(best)}
                      </Badge>
                    ) : null}
                  </Group>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </ScrollArea.Autosize>
    </Stack>
  );
}
