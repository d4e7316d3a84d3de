import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { startupAction, unregisterServiceWorkers } from './app/startup';
import { env } from './config/env';

const action = startupAction(window.location, env.mainHost);
if (action.kind === 'go-to') {
  window.location.replace(action.url);
} else {
  if (action.kind === 'replace-path') window.history.replaceState(null, '', action.path);
  void unregisterServiceWorkers();
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAppRouter()} />
      </AppProvider>
    </StrictMode>,
  );
}
