import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Badge, Card, ColorSwatch, Group, SimpleGrid, Stack, Text, Title, useMatches } from '@mantine/core';
import type { ReactNode } from 'react';
import { DEMO_DASHBOARD_SAMPLE as SAMPLE, ASSISTANT_LABELS as T } from '../texts';

const L = T.demo;

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          {L.sample}
        </Badge>
      </Group>
      {children}
    </Card>
  );
}

/**
 * The Insights Dashboard (DemoDashboard, spec 3 §2.6): static charts of sample telecom sales calls for
 * allow-listed admins, labelled as sample data because they are not the organisation's calls.
 */
export function DemoDashboard() {
  // Six categories under columns do not fit a phone's width (the axis drops most of their names), so
  // there the bars lie down with every name beside its bar.
  const lying = useMatches({ base: true, md: false });
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {L.intro}
      </Text>
      <ChartCard title={L.callCategorization} testId="chart-call-categorization">
        <BarChart
          h={lying ? 300 : 260}
          data={[...SAMPLE.callCategorization]}
          dataKey="category"
          orientation={lying ? 'vertical' : 'horizontal'}
          yAxisProps={lying ? { width: 120, interval: 0 } : undefined}
          xAxisProps={lying ? undefined : { interval: 0 }}
          series={[{ name: 'calls', label: L.calls, color: 'indigo.6' }]}
          gridAxis={lying ? 'x' : 'y'}
          tickLine="none"
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title={L.commonObjections} testId="chart-common-objections">
          <BarChart
            h={280}
            data={[...SAMPLE.commonObjections]}
            dataKey="objection"
            orientation="vertical"
            yAxisProps={{ width: 170 }}
            series={[{ name: 'mentions', label: L.mentions, color: 'orange.6' }]}
            gridAxis="x"
          />
        </ChartCard>
        <ChartCard title={L.churnReasons} testId="chart-churn-reasons">
          <Text size="xs" c="dimmed" mt={-8} mb="sm">
            {L.share}
          </Text>
          <Group align="center" gap="lg" wrap="nowrap">
            <DonutChart
              data={SAMPLE.churnReasons.map((r) => ({ ...r }))}
              size={180}
              thickness={28}
              valueFormatter={(v) => `${v}%`}
              withTooltip
            />
            <Stack gap={6}>
              {SAMPLE.churnReasons.map((r) => (
                <Group key={r.name} gap={8} wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${r.color.replace('.', '-')})`} size={12} />
                  <Text size="sm">
                    {r.name} · {r.value}%
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
