// The owner's notice on a scenario that cannot be published yet, with a link to its edit screen:
// its own chunk (with react-i18next's Trans), shown to few readers and loaded beside the scenario
// screen rather than in its code.
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotPublishableNotice({ uuidId }: { uuidId: string }) {
  const { t } = useTranslation('scenarios');
  return (
    <div className="alert info">
      <Trans t={t} i18nKey="view.notPublishable" components={{ edit: <Link to={`/scenario/${uuidId}/edit`} /> }} />
    </div>
  );
}
