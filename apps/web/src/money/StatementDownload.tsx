import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useDayjsLocale } from '../reports/use-dayjs-locale';
import { useDisplayCurrency, type MoneyCurrency } from './display-currency';
import { currentStatementMonth, saveFile, statementApi, statementFileName } from './statement-api';

/** Months are shown by name and may be typed as YYYY-MM too. */
const MONTH_FORMATS = ['MMMM YYYY', 'YYYY-MM'];

/**
 * Issue 28, in Transaction History: a month's statement of the available balance in a
 * currency, as a PDF. Any past month and the current one (to date) can be chosen; a later
 * month cannot. Months are calendar months in UTC, as the ledger counts them.
 */
export function StatementDownload() {
  const { t } = useTranslation('money');
  const { notification } = useFeedback();
  useDayjsLocale();
  const latest = currentStatementMonth();
  const { currency: displayCurrency, supported } = useDisplayCurrency();
  const [month, setMonth] = useState<Dayjs>(() => dayjs(`${latest}-01`));
  const [chosenCurrency, setChosenCurrency] = useState<MoneyCurrency | undefined>();
  // The display currency until the customer picks one (preferences may arrive after the first render).
  const currency = chosenCurrency && supported.includes(chosenCurrency) ? chosenCurrency : displayCurrency;

  const download = useMutation({
    mutationFn: (choice: { month: string; currency: MoneyCurrency }) => statementApi.download(choice.month, choice.currency),
    onSuccess: (blob, choice) => {
      const fileName = statementFileName(choice.month, choice.currency);
      saveFile(blob, fileName);
      notification.success({ title: t('statement.downloaded'), description: t('statement.downloadedText', { fileName }) });
    },
    onError: (error) => notification.error({ title: t('statement.failed'), description: serverMessage(error) ?? t('statement.failedText') }),
  });

  return (
    <Card size="small" title={t('statement.title')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('statement.description')}</Typography.Paragraph>
      <Form
        layout="inline"
        name="statement"
        onFinish={() => download.mutate({ month: month.format('YYYY-MM'), currency })}
        style={{ rowGap: 8 }}
      >
        <Form.Item label={t('statement.month')} htmlFor="statement-month">
          <DatePicker
            id="statement-month"
            picker="month"
            value={month}
            format={MONTH_FORMATS}
            allowClear={false}
            // Months after the current one have no statement (the ledger refuses them).
            disabledDate={(date) => date.format('YYYY-MM') > latest}
            onChange={(value) => {
              if (value) setMonth(value);
            }}
          />
        </Form.Item>
        <Form.Item label={t('common.currency')} htmlFor="statement-currency">
          <Select<MoneyCurrency>
            id="statement-currency"
            value={currency}
            onChange={setChosenCurrency}
            options={supported.map((code) => ({ value: code, label: code }))}
            style={{ minWidth: 100 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={download.isPending}>
            {t('statement.download')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
