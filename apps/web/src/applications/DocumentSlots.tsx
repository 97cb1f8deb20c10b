import Button from 'antd/es/button';
import Space from 'antd/es/space';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { texts } from '../i18n/texts';
import { filesApi } from './applications-api';
import { formatSize } from './labels';

/** Spec 01 §5: 10 MB, PDF, JPG or PNG (the server checks the content again). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MESSAGES = texts('applications', ['fileTooLarge', 'fileTypeInvalid']);
const ACCEPT = '.pdf,.jpg,.jpeg,.png';

export interface UploadedDocument {
  fileId: string;
  name: string;
  size: number;
}

/** Mirrors the server's rules before sending: the extension and the size. */
export function localFileProblem(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return MESSAGES.fileTypeInvalid;
  return null;
}

/** One document slot: choose (uploads at once), then name and size with Replace and Remove. */
export function DocumentSlot({
  label,
  purpose,
  value,
  onChange,
  required = false,
  missing,
}: {
  label: string;
  purpose: string;
  value: UploadedDocument | undefined;
  onChange: (document: UploadedDocument | undefined) => void;
  /** The slot must hold a file before the application is submitted (application-documents.ts). */
  required?: boolean;
  /** Why the application cannot be submitted without this slot's file, once that was tried. */
  missing?: string;
}) {
  const { t } = useTranslation('applications');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const messageId = useId();
  const { token } = theme.useToken();
  const shown = problem ?? missing ?? null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const local = localFileProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      const stored = await filesApi.upload(file, `application:${purpose}`);
      onChange({ fileId: stored.id, name: stored.name, size: stored.size });
    } catch (error) {
      setProblem(serverMessage(error) ?? t('messages.uploadFailed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  // Three slots each have a "Choose file" button: each is named after its document too, so a list of buttons tells them apart.
  const named = (action: string) => t('documents.actionFor', { action, document: label });
  const chooseText = uploading ? t('documents.uploading') : t('documents.chooseFile');

  return (
    <div style={{ border: `1px dashed ${missing ? token.colorError : token.colorBorder}`, borderRadius: 8, padding: 12 }}>
      <Typography.Text strong>{label}</Typography.Text>
      {required && <Typography.Text type="secondary"> {t('documents.required')}</Typography.Text>}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        aria-label={label}
        style={{ display: 'none' }}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div style={{ marginTop: 8 }}>
        {value ? (
          <Space wrap>
            <Typography.Text>
              {value.name} ({formatSize(value.size)})
            </Typography.Text>
            <Button size="small" loading={uploading} onClick={() => input.current?.click()} aria-label={named(t('documents.replace'))} aria-describedby={shown ? messageId : undefined}>
              {t('documents.replace')}
            </Button>
            <Button size="small" danger onClick={() => onChange(undefined)} aria-label={named(t('documents.remove'))}>
              {t('documents.remove')}
            </Button>
          </Space>
        ) : (
          <Button size="small" loading={uploading} onClick={() => input.current?.click()} aria-label={named(chooseText)} aria-describedby={shown ? messageId : undefined}>
            {chooseText}
          </Button>
        )}
      </div>
      {shown && (
        <div>
          <Typography.Text type="danger" role="alert" id={messageId}>
            {shown}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

export interface DocumentsState {
  slots: Record<string, UploadedDocument | undefined>;
  /** Additional attachments; spec 01 §2 starts with one empty entry. */
  additional: (UploadedDocument | undefined)[];
}

export const emptyDocuments = (): DocumentsState => ({ slots: {}, additional: [undefined] });

export function documentIdsOf(state: DocumentsState): string[] {
  return [...Object.values(state.slots), ...state.additional].filter((document): document is UploadedDocument => !!document).map((document) => document.fileId);
}

/** The form's named slots plus optional additional attachments that can be added and removed. */
export function DocumentSlots({
  slots,
  value,
  onChange,
  problems = {},
}: {
  slots: { key: string; label: string; required?: boolean }[];
  value: DocumentsState;
  onChange: (state: DocumentsState) => void;
  /** By slot: the message of a required document that is missing. */
  problems?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('applications');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {slots.map((slot) => (
        <DocumentSlot
          key={slot.key}
          label={slot.label}
          purpose={slot.key}
          required={slot.required}
          missing={problems[slot.key]}
          value={value.slots[slot.key]}
          onChange={(document) => onChange({ ...value, slots: { ...value.slots, [slot.key]: document } })}
        />
      ))}
      <Typography.Text strong>{t('documents.additional')}</Typography.Text>
      {value.additional.map((document, index) => (
        // A flex row, not a Space: the attachment's box takes the width left beside its remove button.
        <div key={index} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', width: '100%' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <DocumentSlot
              label={t('documents.attachment', { number: index + 1 })}
              purpose="additional"
              value={document}
              onChange={(next) => onChange({ ...value, additional: value.additional.map((item, position) => (position === index ? next : item)) })}
            />
          </div>
          <Button size="small" onClick={() => onChange({ ...value, additional: value.additional.filter((_, position) => position !== index) })}>
            {t('documents.removeAttachment')}
          </Button>
        </div>
      ))}
      <Button size="small" onClick={() => onChange({ ...value, additional: [...value.additional, undefined] })}>
        {t('documents.addAttachment')}
      </Button>
    </Space>
  );
}
