// Dates as the licence screens show them: the app's one date and one date-and-time format
// (src/client/i18n/format.ts); a contract's calendar dates are shown as that day wherever the reader is.
import { formatCalendarDate, formatDateTime as appDateTime } from '../../../i18n/format';

export const formatDate = (iso: string | null) => (iso ? formatCalendarDate(iso) : '—');

export const formatDateTime = (iso: string) => appDateTime(iso);
