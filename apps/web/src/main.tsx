// First: the schemas the other imports build must see it.
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import './app/high-contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { exposeLocalStoreForTests } from './offline/expose-for-tests';
import { registerOfflineHandlers } from './offline/handlers';
import { registerServiceWorker } from './lib/service-worker';
import { startNativeShell } from './lib/native-shell';

exposeLocalStoreForTests();
// Before the first call: after a reload while offline, the local database answers at once.
registerOfflineHandlers();
registerServiceWorker();
startNativeShell();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
