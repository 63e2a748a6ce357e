// Wrong on purpose: a label people hear, written straight into JSX (tests/lint/i18n.test.ts).
export function BareAttribute() {
  return <button type="button" aria-label="Close the dialog">✕</button>;
}
