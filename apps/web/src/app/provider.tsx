import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '../config/constants';
import { createQueryClient } from '../lib/query-client';
import { sessionEvents } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

/** Providers shared by every route: theme, toasts and the query cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    // A new sign-in must not show the previous account's cached data.
    const drop = () => queryClient.removeQueries({ queryKey: ['session'] });
    sessionEvents.addEventListener('signed-in', drop);
    return () => sessionEvents.removeEventListener('signed-in', drop);
  }, [queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
