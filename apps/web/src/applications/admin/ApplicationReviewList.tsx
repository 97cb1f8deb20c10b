import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { StatTiles } from '../../ui/StatTiles';
import Typography from 'antd/es/typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@portal/api-client';
import { applicationsApi, type AdminApplicationFilter, type ApplicationStatus, type ApplicationType } from '../applications-api';
import { StatusTag } from '../StatusTag';
import { formatAmount, formatDate, STATUS_LABELS, TYPE_LABELS } from '../labels';
import { applicationKeys } from '../query-keys';
import { ApplicationDetailsDialog } from './ApplicationDetailsDialog';

/** Spec 02 "Application review list": search, status and type filters, counters, cards with View Details. */
export function ApplicationReviewList() {
  const { t } = useTranslation('applications');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminApplicationFilter>({});
  const [selected, setSelected] = useState<ApplicationView | null>(null);
  const query = useQuery({ queryKey: applicationKeys.admin(filter), queryFn: () => applicationsApi.adminList(filter), placeholderData: keepPreviousData });
  const counters = query.data?.counters;
  const tiles = [
    { title: t('review.total'), value: counters?.total ?? 0 },
    { title: STATUS_LABELS.pending, value: counters?.pending ?? 0 },
    { title: STATUS_LABELS.under_review, value: counters?.underReview ?? 0 },
    { title: STATUS_LABELS.approved, value: counters?.approved ?? 0 },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('review.title')}
        </Typography.Title>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common.refresh')}
        </Button>
      </Space>
      <StatTiles tiles={tiles} loading={query.isLoading} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('review.search')}
          placeholder={t('review.searchPlaceholder')}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined })}
          style={{ width: 300 }}
        />
        <Select<ApplicationStatus | 'all'>
          aria-label={t('review.statusFilter')}
          value={filter.status ?? 'all'}
          style={{ width: 170 }}
          onChange={(status) => setFilter({ ...filter, status: status === 'all' ? undefined : status })}
          options={[
            { value: 'all', label: t('review.allStatuses') },
            { value: 'pending', label: STATUS_LABELS.pending },
            { value: 'under_review', label: STATUS_LABELS.under_review },
            { value: 'approved', label: STATUS_LABELS.approved },
            { value: 'rejected', label: STATUS_LABELS.rejected },
          ]}
        />
        <Select<ApplicationType | 'all'>
          aria-label={t('review.typeFilter')}
          value={filter.type ?? 'all'}
          style={{ width: 150 }}
          onChange={(type) => setFilter({ ...filter, type: type === 'all' ? undefined : type })}
          options={[
            { value: 'all', label: t('review.allTypes') },
            { value: 'personal', label: TYPE_LABELS.personal },
            { value: 'corporate', label: TYPE_LABELS.corporate },
            { value: 'gipp', label: TYPE_LABELS.gipp },
          ]}
        />
      </Space>
      {query.isError && <Typography.Text type="danger">{t('review.loadFailed')}</Typography.Text>}
      {query.data && query.data.items.length === 0 && <Empty description={t('review.empty')} />}
      <Row gutter={[16, 16]}>
        {(query.data?.items ?? []).map((application) => (
          <Col key={application.id} xs={24} md={12} xl={8}>
            <Card
              title={application.companyName ?? application.fullName ?? t('review.application')}
              extra={<StatusTag status={application.status} />}
              actions={[
                <Button key="view" type="link" onClick={() => setSelected(application)}>
                  {t('review.viewDetails')}
                </Button>,
              ]}
            >
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                {TYPE_LABELS[application.applicationType]} · {formatAmount(application.investmentAmount, application.currency)}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {application.applicantEmail ?? application.email ?? '—'}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('review.submitted', { date: formatDate(application.submittedAt) })}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <ApplicationDetailsDialog application={selected} onClose={() => setSelected(null)} />
    </>
  );
}
