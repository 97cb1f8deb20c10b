import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadScreen } from './app/routes';
import { createAppSession } from './auth/session';
import { startI18n } from './i18n/start';
import './styles.css';

// Not awaited: the first screen suspends until its catalogues arrive, fetched alongside its code.
void startI18n();
const session = createAppSession();
// Asked now, beside the first screen's code and catalogues, not once the providers mount:
// every first screen waits to know whether someone is signed in.
void session.restore();
preloadScreen(window.location.pathname);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <AppProviders session={session} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
