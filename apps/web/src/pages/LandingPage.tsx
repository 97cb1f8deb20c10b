import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Button from 'antd/es/button';
import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BrandMark } from '../ui/BrandMark';
import { useDocumentTitle } from '../ui/useDocumentTitle';

// The landing page is where most first visits start: its cards and texts are plain markup
// styled like antd's (styles.css, as AuthLayout's), and the admin-accounts dialog, which few
// open, loads when asked for. Card, Typography and Modal would add 36 kB to the first load.
const AdminAccountsDialog = lazy(() => import('./AdminAccountsDialog'));

// Where the portal cards lead.
const PATHS = { customerSignIn: '/auth/login?portal=customer', signUp: '/auth/signup', adminSignIn: '/auth/login?portal=admin' } as const;

export default function LandingPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  // Real links (open in a new tab, announced as links), navigated inside the app on click.
  const linkTo = (path: string) => ({
    href: path,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(path);
    },
  });
  const [adminAccountInfoOpen, setAdminAccountInfoOpen] = useState(false);
  useDocumentTitle('');

  return (
    <div className="public-page">
      <header className="public-topbar">
        <BrandMark onDark />
      </header>
      <main className="public-main">
        <section className="landing-hero">
          <h1>{t('landing.heroTitle')}</h1>
          <p>{t('landing.heroText')}</p>
        </section>
        <section className="landing-portals" aria-label={t('landing.portals')}>
          <PortalCard
            icon={<UserOutlined />}
            title={t('landing.customerTitle')}
            description={t('landing.customerDescription')}
          >
            <Button type="primary" size="large" block {...linkTo(PATHS.customerSignIn)}>
              {t('landing.signIn')}
            </Button>
            <Button size="large" block {...linkTo(PATHS.signUp)}>
              {t('landing.createAccount')}
            </Button>
          </PortalCard>
          <PortalCard
            icon={<SafetyCertificateOutlined />}
            title={t('landing.adminTitle')}
            description={t('landing.adminDescription')}
          >
            <Button type="primary" size="large" block {...linkTo(PATHS.adminSignIn)}>
              {t('landing.signIn')}
            </Button>
            <Button size="large" block onClick={() => setAdminAccountInfoOpen(true)}>
              {t('landing.createAdminAccount')}
            </Button>
          </PortalCard>
        </section>
      </main>
      <footer className="public-footer">{t('ui:brand')}</footer>
      {adminAccountInfoOpen && (
        <Suspense fallback={null}>
          <AdminAccountsDialog onClose={() => setAdminAccountInfoOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function PortalCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <article className="plain-card landing-portal-card">
      <span aria-hidden="true" className="landing-portal-icon">
        {icon}
      </span>
      <div>
        <h2 className="landing-portal-title">{title}</h2>
        <p className="landing-portal-description">{description}</p>
      </div>
      <div className="landing-portal-actions">{children}</div>
    </article>
  );
}
