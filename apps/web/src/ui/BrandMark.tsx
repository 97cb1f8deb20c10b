import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The product's mark and name; links home. */
export function BrandMark({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation('ui');
  return (
    <Link to="/" className={onDark ? 'brand brand-on-dark' : 'brand'} aria-label={t('brandHome')}>
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={onDark ? '#ffffff' : '#0b2545'} />
        <path
          d="M14 44l12-12 8 8 16-18"
          fill="none"
          stroke={onDark ? '#13315c' : '#4fd1c5'}
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('brand')}</span>
    </Link>
  );
}
