import { Paper } from '@mantine/core';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * A page whose content arrives with later work: its heading and an honest empty state, never sample
 * data.
 */
export function PlaceholderPage({
  title,
  emptyText = 'Nothing to show yet.',
  hint,
}: {
  title: string;
  emptyText?: string;
  hint?: string;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="lg">
        <EmptyState text={emptyText} hint={hint} />
      </Paper>
    </>
  );
}
