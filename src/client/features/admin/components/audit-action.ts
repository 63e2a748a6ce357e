// An audit log action's words in the app's language: the admin catalogue's audit.actions holds them
// by action code (src/shared/schemas/admin.ts lists the codes with their English words); an action
// the app does not know is shown as its code.
import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS } from '../../../../shared/schemas/admin';

export function auditActionText(t: TFunction<'admin'>, action: string): string {
  if (!Object.hasOwn(AUDIT_ACTIONS, action)) return action;
  // A code's key is its dotted path in the catalogue ('post.report.ignore').
  return t(`audit.actions.${action}`, { defaultValue: AUDIT_ACTIONS[action] });
}
