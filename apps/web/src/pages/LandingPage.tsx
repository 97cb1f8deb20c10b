import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BrandMark } from '../ui/BrandMark';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export default function LandingPage() {
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
          <h1>Your investments, in one place</h1>
          <p>
            A centralized hub to manage your personal, corporate and partnership portfolios, monitor their performance
            and track your growth.
          </p>
        </section>
        <section className="landing-portals" aria-label="Portals">
          <PortalCard
            icon={<UserOutlined />}
            title="Customer Portal"
            description="Apply for personal, corporate or partnership investments, fund your account and follow your portfolio."
          >
            <Button type="primary" size="large" block {...linkTo('/auth/login?portal=customer')}>
              Sign In
            </Button>
            <Button size="large" block {...linkTo('/auth/signup')}>
              Create Account
            </Button>
          </PortalCard>
          <PortalCard
            icon={<SafetyCertificateOutlined />}
            title="Administrator Portal"
            description="Oversee users, applications, accounts, transactions and security across the platform."
          >
            <Button type="primary" size="large" block {...linkTo('/auth/login?portal=admin')}>
              Sign In
            </Button>
            <Button size="large" block onClick={() => setAdminAccountInfoOpen(true)}>
              Create Admin Account
            </Button>
          </PortalCard>
        </section>
      </main>
      <footer className="public-footer">Investment Portal</footer>
      <Modal
        title="Administrator accounts"
        open={adminAccountInfoOpen}
        onCancel={() => setAdminAccountInfoOpen(false)}
        footer={
          <Button type="primary" onClick={() => setAdminAccountInfoOpen(false)}>
            Understood
          </Button>
        }
      >
        <Typography.Paragraph>
          Administrator accounts cannot be created by signing up. An existing administrator creates them from User
          Management in the admin portal and chooses the new administrator&apos;s role.
        </Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          If you need administrator access, please ask an administrator of your organisation.
        </Typography.Paragraph>
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
