import { Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconMicrophone, IconSchool } from '@tabler/icons-react';

const STEPS = [
  {
    icon: IconMicrophone,
    title: 'Hold to speak',
    text: 'Press and hold the microphone while you speak, release when you are done.',
  },
  {
    icon: IconChartBar,
    title: 'Instant feedback',
    text: 'See every word scored, your weakest sounds, pauses and speaking rate.',
  },
  {
    icon: IconSchool,
    title: 'Your CEFR level',
    text: 'At the end we estimate your level from A1 to C2 from all your answers.',
  },
];

/** How the demo works, under the task card; recordings are scored and not kept. */
export function DemoSteps() {
  return (
    <Stack gap="xs" mt="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {STEPS.map((step) => (
          <Group key={step.title} align="flex-start" wrap="nowrap" gap="sm">
            <ThemeIcon size={36} radius="md" variant="light">
              <step.icon size={20} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={650} size="sm">
                {step.title}
              </Text>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
