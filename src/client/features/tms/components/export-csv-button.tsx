// 'Export CSV' of a scenario's or a student's debriefs, made on the device: it works offline.
import type { Debrief } from '../../../../shared/schemas/debriefs';
import { csvFileName, debriefsCsv } from '../debrief-summary';
import { useTranslation } from 'react-i18next';

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  // A byte order mark lets spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportCsvButton({ debriefs, what }: { debriefs: Debrief[]; what: string }) {
  const { t } = useTranslation('tms');
  return (
    <button type="button" className="btn small" onClick={() => downloadText(csvFileName(what), debriefsCsv(debriefs))} aria-label={t('exportCsvButton.exportCsvOf', { what })}>
      {t('exportCsvButton.exportCsv')}
    </button>
  );
}
