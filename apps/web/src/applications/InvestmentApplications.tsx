import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import type { ApplicationView } from '@portal/api-client';
import { usePublicSettings } from '../settings/use-public-settings';
import { CorporateApplicationForm, GippApplicationForm, PersonalApplicationForm } from './ApplicationForms';
import { ApplicationStatusList } from './ApplicationStatusList';

/** Spec 01 §2 benefit texts and §9 approval times. */
const BENEFITS = {
  personal: {
    title: 'Personal Investment',
    points: ['Secure portfolio allocation', 'Flexible terms from 3 to 36 months', 'Real-time tracking of your investment'],
    approval: 'Applications are usually approved within 3-5 business days.',
  },
  corporate: {
    title: 'Corporate Investment',
    points: ['Institutional portfolios', 'Multi-signatory support', 'Terms from 3 to 60 months'],
    approval: 'Applications are usually approved within 5-10 business days.',
  },
  gipp: {
    title: 'Global Investment Partnership Program (GIPP)',
    points: ['Up to $500M+ project funding', 'Profit-sharing up to 80:20', 'Partnership across strategic sectors'],
    approval: 'Applications are usually approved within 10-15 business days.',
  },
} as const;

function Benefits({ kind }: { kind: keyof typeof BENEFITS }) {
  const benefit = BENEFITS[kind];
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>{benefit.title}</Typography.Title>
      <ul>
        {benefit.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <Typography.Text type="secondary">{benefit.approval}</Typography.Text>
    </div>
  );
}

/** The investment page: the three application forms and the customer's application status. */
export function InvestmentApplications() {
  const [tab, setTab] = useState('personal');
  const [draft, setDraft] = useState<ApplicationView | null>(null);
  const settings = usePublicSettings();
  const closed = settings.data?.featureToggles?.investments_enabled === false;
  const done = () => {
    setDraft(null);
  };
  const continueDraft = (application: ApplicationView) => {
    setDraft(application);
    setTab(application.applicationType);
  };
  const form = (kind: keyof typeof BENEFITS) => (
    <Card>
      <Benefits kind={kind} />
      {draft?.applicationType === kind && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="You are continuing a saved draft." />}
      {kind === 'personal' && <PersonalApplicationForm draft={draft} onDone={done} />}
      {kind === 'corporate' && <CorporateApplicationForm draft={draft} onDone={done} />}
      {kind === 'gipp' && <GippApplicationForm draft={draft} onDone={done} />}
    </Card>
  );
  return (
    <>
      {closed && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="New investments are currently disabled. Please try again later." />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'personal', label: 'Personal', children: form('personal') },
          { key: 'corporate', label: 'Corporate', children: form('corporate') },
          { key: 'gipp', label: 'GIPP', children: form('gipp') },
          { key: 'status', label: 'Status', children: <ApplicationStatusList onContinueDraft={continueDraft} /> },
        ]}
      />
    </>
  );
}
