// Allowed: texts through t(), names and codes that are the same in every language.
import { useTranslation } from 'react-i18next';

export function Translated({ count }: { count: number }) {
  const { t } = useTranslation('common');
  return (
    <p className="muted" data-testid="count" title={t('loading')}>
      {t('paginator.page', { page: count })}
      <span>REALITi Community</span> · <span>TMS</span> · <span>{count}</span> <span>MiB</span> <span>✕</span>
    </p>
  );
}
