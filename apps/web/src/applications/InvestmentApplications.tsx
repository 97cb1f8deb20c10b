import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@portal/api-client';
import { usePublicSettings } from '../settings/use-public-settings';
import { CorporateApplicationForm } from './CorporateApplicationForm';
import { GippApplicationForm } from './GippApplicationForm';
import { PersonalApplicationForm } from './PersonalApplicationForm';
import { ApplicationStatusList } from './ApplicationStatusList';

/** Spec 01 §2 benefit texts and §9 approval times (catalogue `page.benefits.<kind>`). */
type Kind = 'personal' | 'corporate' | 'gipp';
const POINTS = ['point1', 'point2', 'point3'] as const;

function Benefits({ kind }: { kind: Kind }) {
  const { t } = useTranslation('applications');
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>{t(`page.benefits.${kind}.title`)}</Typography.Title>
      <ul>
        {POINTS.map((point) => (
          <li key={point}>{t(`page.benefits.${kind}.${point}`)}</li>
        ))}
      </ul>
      <Typography.Text type="secondary">{t(`page.benefits.${kind}.approval`)}</Typography.Text>
    </div>
  );
}

/** The investment page: the three application forms and the customer's application status. */
export function InvestmentApplications() {
  const { t } = useTranslation('applications');
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
  const form = (kind: Kind) => (
    <Card>
      <Benefits kind={kind} />
      {draft?.applicationType === kind && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('page.continuingDraft')} />}
      {kind === 'personal' && <PersonalApplicationForm draft={draft} onDone={done} />}
      {kind === 'corporate' && <CorporateApplicationForm draft={draft} onDone={done} />}
      {kind === 'gipp' && <GippApplicationForm draft={draft} onDone={done} />}
    </Card>
  );
  return (
    <>
      {closed && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('page.investmentsDisabled')} />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'personal', label: t('types.personal'), children: form('personal') },
          { key: 'corporate', label: t('types.corporate'), children: form('corporate') },
          { key: 'gipp', label: t('types.gipp'), children: form('gipp') },
          { key: 'status', label: t('page.tabStatus'), children: <ApplicationStatusList onContinueDraft={continueDraft} /> },
        ]}
      />
    </>
  );
}
