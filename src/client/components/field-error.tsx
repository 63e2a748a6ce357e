// A form field's error: read out as it appears (role=alert) and tied to its field, so the field
// says it when focused again (give the field aria-describedby={fieldErrorId(id)} while invalid).
import type { ReactNode } from 'react';

export const fieldErrorId = (fieldId: string) => `${fieldId}-error`;

export function FieldError({ field, children }: { field: string; children: ReactNode }) {
  return (
    <p className="field-error" id={fieldErrorId(field)} role="alert">
      {children}
    </p>
  );
}
