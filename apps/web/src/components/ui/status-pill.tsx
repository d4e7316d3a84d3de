import { Badge } from '@mantine/core';

/**
 * A status as a light pill that never cuts its label (a squeezed table cell would show 'Invit…').
 * `status` is the machine value, kept in `data-status` for tests and styles.
 */
export function StatusPill({ status, label, color }: { status: string; label: string; color: string }) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="xl"
      tt="none"
      data-status={status}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}
