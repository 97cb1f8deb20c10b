import Drawer from 'antd/es/drawer';
import Grid from 'antd/es/grid';
import Layout from 'antd/es/layout';
import Spin from 'antd/es/spin';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { useLiveUpdates } from '../realtime/use-live-updates';
import { BrandMark } from '../ui/BrandMark';
import { PortalHeader } from './PortalHeader';
import { SidebarNav } from './SidebarNav';

const SIDEBAR_WIDTH = 264;

/** Below antd's `lg` breakpoint (992 px) the sidebar is a drawer. */
const COMPACT_QUERY = '(max-width: 991.98px)';

/** The screen's width class before antd's breakpoint hook has measured it (it does so after the first render). */
function startsCompact(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_QUERY).matches;
}

/** Shell of /app and /admin: header, sidebar (fixed on large screens, a drawer otherwise), page. */
export default function PortalLayout() {
  return <PortalFrame />;
}

function PortalFrame() {
  useLiveUpdates();
  const screens = Grid.useBreakpoint();
  // Before antd's first measurement, the media query's answer: a phone then never draws (and
  // throws away) the desktop sidebar and its menu on its first screen.
  const [initiallyCompact] = useState(startsCompact);
  const compact = screens.lg === undefined ? initiallyCompact : screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setDrawerOpen(false), [pathname, compact]);

  const toggleMenu = () => (compact ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!compact && !collapsed && (
        <Layout.Sider width={SIDEBAR_WIDTH} theme="light" className="portal-sider">
          <div className="portal-sider-brand">
            <BrandMark />
          </div>
          <SidebarNav />
        </Layout.Sider>
      )}
      {compact && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH + 16}
          title={<BrandMark />}
          closable={{ placement: 'end' }}
          styles={{ body: { padding: 0 } }}
        >
          <SidebarNav onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        <PortalHeader compact={compact} sidebarCollapsed={collapsed} onToggleMenu={toggleMenu} />
        <Layout.Content>
          <main className="portal-content">
            <ErrorBoundary resetKey={pathname} fullPage={false}>
              <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '96px auto' }} />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
