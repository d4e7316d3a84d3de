import { ScrollArea, Tabs, type TabsListProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * A tab bar on one line. Where the tabs do not fit (a phone, a narrow window) the bar scrolls
 * sideways under a visible scrollbar, the last tab showing cut so more are seen to follow, and the
 * chosen tab is scrolled into view. Use inside `Tabs` in place of `Tabs.List`.
 */
export function ScrollTabsList({ mb, children, ...props }: TabsListProps) {
  const viewport = useRef<HTMLDivElement>(null);

  // After every render (a tab chosen by click, by a link inside a panel or from the address).
  useEffect(() => {
    const view = viewport.current;
    const active = view?.querySelector<HTMLElement>('[role="tab"][data-active]');
    if (!view || !active) return;
    const left = active.offsetLeft;
    const right = left + active.offsetWidth;
    if (left < view.scrollLeft) view.scrollLeft = left;
    else if (right > view.scrollLeft + view.clientWidth) view.scrollLeft = right - view.clientWidth;
  });

  return (
    <ScrollArea
      type="auto"
      scrollbars="x"
      scrollbarSize={6}
      offsetScrollbars="x"
      viewportRef={viewport}
      mb={mb}
    >
      <Tabs.List {...props} style={{ flexWrap: 'nowrap' }}>
        {children}
      </Tabs.List>
    </ScrollArea>
  );
}
