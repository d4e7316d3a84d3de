import { Box, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** Brand-coloured panel beside a sign-up card: a headline, a line of copy and checkmarked points. */
export function BrandPanel({
  eyebrow,
  headline,
  copy,
  points,
}: {
  eyebrow?: string;
  headline: string;
  copy?: string;
  points: readonly string[];
}) {
  return (
    <Box
      component="section"
      p={{ base: 'lg', md: 40 }}
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        color: 'white',
        background:
          'linear-gradient(145deg, var(--mantine-color-brand-7) 0%, var(--mantine-color-brand-5) 100%)',
      }}
    >
      <Stack gap="md">
        {eyebrow ? (
          <Text tt="uppercase" fz="xs" fw={700} style={{ letterSpacing: '0.08em', opacity: 0.85 }}>
            {eyebrow}
          </Text>
        ) : null}
        <Title order={2} fz={{ base: 26, md: 34 }} lh={1.2} c="white">
          {headline}
        </Title>
        {copy ? (
          <Text fz="lg" style={{ opacity: 0.92 }}>
            {copy}
          </Text>
        ) : null}
        <List
          spacing="sm"
          mt="xs"
          center
          icon={
            <ThemeIcon size={24} radius="xl" color="white" c="brand.7">
              <IconCheck size={15} stroke={3} />
            </ThemeIcon>
          }
        >
          {points.map((point) => (
            <List.Item key={point}>
              <Text c="white" fw={500}>
                {point}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Box>
  );
}
