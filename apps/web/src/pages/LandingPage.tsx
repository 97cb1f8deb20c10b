import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BrandMark } from '../ui/BrandMark';
import { useDocumentTitle } from '../ui/useDocumentTitle';

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
      <Modal
        title={t('landing.adminAccountsTitle')}
        open={adminAccountInfoOpen}
        onCancel={() => setAdminAccountInfoOpen(false)}
        footer={
          <Button type="primary" onClick={() => setAdminAccountInfoOpen(false)}>
            {t('landing.understood')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('landing.adminAccountsText')}</Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('landing.adminAccessText')}</Typography.Paragraph>
      </Modal>
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
    <Card styles={{ body: { padding: 32 } }}>
      <Flex vertical gap={16} style={{ height: '100%' }}>
        <span
          aria-hidden="true"
          style={{
            fontSize: 28,
            color: '#1746a2',
            background: '#e8efff',
            width: 56,
            height: 56,
            borderRadius: 14,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {icon}
        </span>
        <div>
          <Typography.Title level={3} style={{ margin: '0 0 8px' }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {description}
          </Typography.Paragraph>
        </div>
        <Flex vertical gap={12} style={{ marginTop: 'auto' }}>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}
