import { Button, Group, Popover, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { layout } from '../../../config/constants';
import { FEEDBACK_TOOLTIP_KEY, RECORDING_TEXTS } from '../texts';

function alreadyShown(): boolean {
  try {
    return localStorage.getItem(FEEDBACK_TOOLTIP_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown() {
  try {
    localStorage.setItem(FEEDBACK_TOOLTIP_KEY, '1');
  } catch {
    // Without storage the tooltip may show again; nothing else depends on it.
  }
}

/**
 * The one-time tooltip after the first successful upload (spec 1 §2): points at Sessions, where
 * feedback appears, and is flagged in localStorage as soon as it is shown so it never shows again.
 */
export function FeedbackTooltip({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(() => !alreadyShown());
  useEffect(() => {
    if (opened) markShown();
  }, [opened]);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={layout.tooltipMaxWidth}
      position="bottom"
      withArrow
      shadow="md"
      radius="md"
      // The target is a plain wrapper around a link: the roles (aria-expanded on a span) are invalid
      // ARIA there. The tip is announced as a status instead.
      withRoles={false}
    >
      <Popover.Target>
        <span>{children}</span>
      </Popover.Target>
      <Popover.Dropdown data-testid="feedback-tooltip" ta="left" role="status">
        <Text size="sm">{RECORDING_TEXTS.feedbackTooltip}</Text>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="light" onClick={() => setOpened(false)}>
            {RECORDING_TEXTS.feedbackTooltipClose}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
