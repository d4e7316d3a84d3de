import { FREE_RECORDING_MINUTES, findPlan } from '@agaton/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconMicrophone, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_SALES_LABELS, ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { paths } from '../../../config/paths';
import { DEMO_INVENTED_TEXTS as T } from '../texts';

const englishTest = findPlan('english-test');

/** The end of the demo: sign up as a coach, ask sales about the English Test, or take it again. */
export function DemoNextSteps({ onRestart }: { onRestart: () => void }) {
  const [contacting, setContacting] = useState(false);
  return (
    <Stack gap="md" data-testid="demo-next-steps">
      <Title order={2} fz="xl">
        {T.nextStepsTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="light">
                <IconMicrophone size={20} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {T.coachTitle}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {T.coachText(FREE_RECORDING_MINUTES)}
            </Text>
            <Button component={Link} to={paths.coachSignup.href()}>
              {T.coachAction}
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="light" color="teal">
                <IconBuildingSkyscraper size={20} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {T.testTitle}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {T.testText(englishTest?.priceEuros ?? null)}
            </Text>
            <Button variant="light" color="teal" onClick={() => setContacting(true)}>
              {CONTACT_SALES_LABELS.title}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      <Group justify="center">
        <Button variant="subtle" leftSection={<IconRefresh size={18} />} onClick={onRestart}>
          {T.restart}
        </Button>
      </Group>
      <ContactSalesModal
        opened={contacting}
        onClose={() => setContacting(false)}
        email=""
        name=""
        planName={englishTest?.name}
      />
    </Stack>
  );
}
