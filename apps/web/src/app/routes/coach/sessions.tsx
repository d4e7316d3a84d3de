import { Paper, Tabs } from '@mantine/core';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';

/** /coach/sessions — the 'History' tab; sessions arrive with the recording work. */
export default function CoachSessionsRoute() {
  return (
    <>
      <PageHeader title="Sessions" />
      <Tabs defaultValue="history">
        <Tabs.List mb="md">
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <Paper withBorder radius="lg">
            <EmptyState
              text="No reports to show yet."
              hint="Record a meeting and your session feedback appears here."
            />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
