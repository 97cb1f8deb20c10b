import InboxOutlined from '@ant-design/icons/InboxOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import type { RcFile } from 'antd/es/upload';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycDocumentView } from '@portal/api-client';
import { formatDate } from '../applications/labels';
import { kycApi, kycKeys, type KycDocumentType } from './kyc-api';
import { formatNumber } from '../ui/number-format';
import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, dropZoneProblem, KycText, MAX_FILES_PER_DROP, uploadProblem } from './labels';

interface LocalUpload {
  uid: string;
  name: string;
  type: KycDocumentType;
  status: 'uploading' | 'completed' | 'error';
  progress: number;
  problem: string | null;
}

/** Spec 02 "Document Upload Center": three tabs, drag and drop with real progress, the stored documents and their review. */
export function DocumentUploadCenter() {
  const { t } = useTranslation('kyc');
  const queryClient = useQueryClient();
  const documents = useQuery({ queryKey: kycKeys.mine(), queryFn: kycApi.mine });
  const [uploads, setUploads] = useState<LocalUpload[]>([]);
  const [dropProblem, setDropProblem] = useState<string | null>(null);
  const [details, setDetails] = useState<KycDocumentView | null>(null);

  const patch = (uid: string, change: Partial<LocalUpload>) => setUploads((current) => current.map((upload) => (upload.uid === uid ? { ...upload, ...change } : upload)));

  async function start(file: RcFile, type: KycDocumentType) {
    const upload: LocalUpload = { uid: file.uid, name: file.name, type, status: 'uploading', progress: 0, problem: null };
    setUploads((current) => [...current.filter((item) => item.uid !== file.uid), upload]);
    try {
      await kycApi.upload(file, type, (progress) => patch(file.uid, { progress }));
      patch(file.uid, { status: 'completed', progress: 100 });
      await queryClient.invalidateQueries({ queryKey: kycKeys.mine() });
    } catch (error) {
      patch(file.uid, { status: 'error', problem: uploadProblem(error) });
    }
  }

  function dropZone(type: KycDocumentType) {
    return (
      <Upload.Dragger
        multiple
        accept=".pdf,.png,.jpg,.jpeg,.doc,.docx"
        showUploadList={false}
        beforeUpload={(file, fileList) => {
          if (fileList.length > MAX_FILES_PER_DROP) {
            if (file === fileList[0]) setDropProblem(t('upload.tooManyFiles'));
            return Upload.LIST_IGNORE;
          }
          const problem = dropZoneProblem(file);
          if (problem) {
            setDropProblem(t('upload.fileProblem', { name: file.name, problem }));
            return Upload.LIST_IGNORE;
          }
          setDropProblem(null);
          void start(file, type);
          // The upload above runs on its own (with progress); antd must not send it again.
          return false;
        }}
        data-testid={`drop-${type}`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.dropText')}</p>
        <p className="ant-upload-hint">{t('upload.dropHint')}</p>
      </Upload.Dragger>
    );
  }

  const active = uploads.filter((upload) => upload.status !== 'completed');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('upload.reviewTimeTitle')} description={t('upload.reviewTime')} />
      <Card>
        <Tabs
          items={DOCUMENT_TYPES.map((type) => ({
            key: type,
            label: DOCUMENT_TYPE_LABELS[type],
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t(`documentSlots.${type}.title`)}
                </Typography.Title>
                <Typography.Text type="secondary">{t(`documentSlots.${type}.hint`)}</Typography.Text>
                {dropZone(type)}
              </Space>
            ),
          }))}
        />
        {dropProblem && <Alert type="error" showIcon title={dropProblem} style={{ marginTop: 16 }} closable onClose={() => setDropProblem(null)} />}
        {active.length > 0 && (
          <List
            style={{ marginTop: 16 }}
            dataSource={active}
            renderItem={(upload) => (
              <List.Item
                actions={
                  upload.status === 'error'
                    ? [
                        <Button key="remove" danger size="small" onClick={() => setUploads((current) => current.filter((item) => item.uid !== upload.uid))}>
                          {t('upload.removeFailed')}
                        </Button>,
                      ]
                    : []
                }
              >
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Typography.Text>
                    {upload.name} · {DOCUMENT_TYPE_LABELS[upload.type]}
                  </Typography.Text>
                  <Progress percent={upload.progress} status={upload.status === 'error' ? 'exception' : 'active'} aria-label={t('upload.progress', { name: upload.name })} />
                  {upload.status === 'error' && (
                    <Alert type="error" showIcon title={KycText.uploadFailed} description={upload.problem ?? undefined} />
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card title={t('upload.yourDocuments')}>
        {documents.isError && <Typography.Text type="danger">{t('upload.loadFailed')}</Typography.Text>}
        {documents.data && documents.data.items.length === 0 && <Empty description={t('upload.empty')} />}
        {documents.data && documents.data.items.length > 0 && (
          <List
            dataSource={documents.data.items}
            renderItem={(document) => (
              <List.Item
                actions={[
                  <Button key="details" type="link" onClick={() => setDetails(document)}>
                    {t('upload.details')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <span>{document.fileName}</span>
                      <Tag color={DOCUMENT_STATUS_COLORS[document.status]}>{DOCUMENT_STATUS_LABELS[document.status]}</Tag>
                    </Space>
                  }
                  description={`${t('upload.uploadedOn', { type: DOCUMENT_TYPE_LABELS[document.documentType], date: formatDate(document.uploadedAt) })}${document.status === 'rejected' && document.reviewNotes ? ` · ${document.reviewNotes}` : ''}`}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      <Modal open={details !== null} title={t('upload.detailsTitle')} footer={null} onCancel={() => setDetails(null)}>
        {details && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('upload.file')}>{details.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('upload.type')}>{DOCUMENT_TYPE_LABELS[details.documentType]}</Descriptions.Item>
            <Descriptions.Item label={t('upload.size')}>{t('upload.sizeValue', { value: formatNumber(details.size / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</Descriptions.Item>
            <Descriptions.Item label={t('upload.status')}>
              <Tag color={DOCUMENT_STATUS_COLORS[details.status]}>{DOCUMENT_STATUS_LABELS[details.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('upload.uploaded')}>{formatDate(details.uploadedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('upload.reviewed')}>{details.reviewedAt ? formatDate(details.reviewedAt) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('upload.reviewerNote')}>{details.reviewNotes ?? '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </Space>
  );
}
