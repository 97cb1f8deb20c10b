import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadScreen } from './app/routes';
import { createAppSession } from './auth/session';
import { startI18n } from './i18n/start';
import 'virtual:antd-styles.css';
import './styles.css';

// Not awaited: the first screen suspends until its catalogues arrive, fetched alongside its code.
void startI18n();
const session = createAppSession();
// Asked now, beside the first screen's code and catalogues, not once the providers mount:
// every first screen waits to know whether someone is signed in (and its data on that).
const queryClient = createQueryClient();
const user = session.restore().then(() => session.getState().user);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

// The first screen's code is asked for in the task after this one, not in it: evaluating the
// start-up code and adding the first screen's fifty-odd preload links were one long task of
// some 70 ms on a fast host (Lighthouse's blocking time counts it four times over). Then, as a
// transition, React renders the first screen in slices and lets the browser in between.
setTimeout(() => {
  preloadScreen(window.location.pathname, { user, queryClient });
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders session={session} queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}, 0);
