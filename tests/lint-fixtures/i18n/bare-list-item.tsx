// Wrong on purpose: bare text in JSX written inside a list's map callback (tests/lint/i18n.test.ts).
export function BareListItem({ ids }: { ids: number[] }) {
  return <ul>{ids.map((id) => <li key={id}><button type="button">Retry sending</button></li>)}</ul>;
}
