// Wrong on purpose: user-visible text written straight into JSX (tests/lint/i18n.test.ts).
export function BareText() {
  return <p>Welcome to the community</p>;
}
