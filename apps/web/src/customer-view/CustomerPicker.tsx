import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../api/api-error';
import { userKeys, usersApi, type UserPageQuery } from '../users/users-api';

/** How many matches the picker lists. */
const SHOWN = 10;

/** Picks the customer to view: a search by name or email over the admin users list (customers only). */
export function CustomerPicker() {
  const { t } = useTranslation('customer-view');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const filter: UserPageQuery = { q: q || undefined, userType: 'customer', limit: SHOWN };
  const customers = useQuery({ queryKey: userKeys.list(filter), queryFn: () => usersApi.list(filter), placeholderData: keepPreviousData });
  const items = customers.data?.items ?? [];
  return (
    <Card>
      <Input.Search
        aria-label={t('picker.searchLabel')}
        placeholder={t('picker.searchPlaceholder')}
        allowClear
        enterButton
        onSearch={(value) => setQ(value.trim())}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      {customers.isError && <Typography.Text type="danger">{serverMessage(customers.error) ?? t('picker.loadFailed')}</Typography.Text>}
      {customers.isSuccess && items.length === 0 && <Empty description={t('picker.empty')} />}
      <ul aria-label={t('picker.results')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((customer) => {
          const name = `${customer.firstName} ${customer.lastName}`;
          return (
            <li key={customer.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(128, 128, 128, 0.25)' }}>
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong>{name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {customer.email}
                  </Typography.Text>
                </Flex>
                <Button aria-label={t('picker.viewLabel', { name })} onClick={() => navigate(`/admin/customer-view/${customer.id}`)}>
                  {t('picker.view')}
                </Button>
              </Flex>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
