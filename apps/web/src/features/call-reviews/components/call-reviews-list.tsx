import type { QcItem } from '@agaton/contracts';
import { Badge, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/ui/format';
import { LinkCard } from '../../../components/ui/link-card';
import { EmptyPanel, LoadMore, PanelError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { useCallReviews } from '../api/call-reviews-api';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { attentionOf } from '../utils/attention';
import { ReviewFlag } from './review-flag';

const L = T.list;

/** The counts of a call that ask for the agent's attention, as small badges; 'Nothing flagged' without. */
function AttentionBadges({ item }: { item: QcItem }) {
  const a = attentionOf(item.bullets);
  const badges = [
    a.red > 0 && { key: 'red', color: 'red', label: L.red(a.red) },
    a.yellow > 0 && { key: 'yellow', color: 'yellow', label: L.yellow(a.yellow) },
    a.disputed > 0 && { key: 'disputed', color: 'grape', label: L.disputed(a.disputed) },
    a.toRespond > 0 && { key: 'respond', color: 'brand', label: L.toRespond(a.toRespond) },
  ].filter((b) => b !== false);
  if (badges.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {L.allClear}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      {badges.map((b) => (
        <Badge key={b.key} color={b.color} variant="light" size="sm" data-count={b.key}>
          {b.label}
        </Badge>
      ))}
    </Group>
  );
}

function CallReviewRow({ item }: { item: QcItem }) {
  const title = String(item.fields.callTitle ?? '');
  return (
    <LinkCard
      to={paths.coachCallReview.href(item.qcItemId)}
      data-testid="call-review-item"
      data-flag={item.flagLevel}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <ReviewFlag flag={item.flagLevel} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(item.qcTimestamp)}
          </Text>
          <AttentionBadges item={item} />
        </Stack>
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0 }} />
      </Group>
    </LinkCard>
  );
}

/** /coach/call-reviews: the coach's calls QA answered, newest first. */
export function CallReviewsList() {
  const query = useCallReviews();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) {
    return (
      <Center py={64} role="status" aria-label={T.loading}>
        <Loader />
      </Center>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <PanelError
        message={T.loadFailed}
        retryLabel={T.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return <EmptyPanel text={L.empty} hint={L.emptyHint} testId="call-reviews-empty" />;
  }
  const total = query.data?.pages.at(-1)?.totalItemCount ?? items.length;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="call-reviews-total">
        {L.total(total)}
      </Text>
      {items.map((item) => (
        <CallReviewRow key={item.qcItemId} item={item} />
      ))}
      <LoadMore
        label={T.loadMore}
        errorText={T.loadFailed}
        failed={query.isFetchNextPageError}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => query.fetchNextPage()}
      />
    </Stack>
  );
}
