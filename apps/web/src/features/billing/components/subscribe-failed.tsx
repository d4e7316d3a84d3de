import { billingTexts } from '@agaton/contracts';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** 'Failed to subscribe' with 'Go to pricing' (spec 1 §2, §8); `detail` says why when it is known. */
export function SubscribeFailed({ detail }: { detail?: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" ta="center" maw={460} role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconAlertTriangle size={28} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {billingTexts.subscribeFailed}
        </Title>
        {detail ? <Text c="dimmed">{detail}</Text> : null}
        <Button component={Link} to={paths.coachPricing.href()} mt="xs">
          {billingTexts.goToPricing}
        </Button>
      </Stack>
    </Center>
  );
}
