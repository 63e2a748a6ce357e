/** Rows grouped under the key each gives, each group holding the rows' values in the rows' order. */
export function groupRows<R, K, V>(rows: readonly R[], keyOf: (row: R) => K, valueOf: (row: R) => V): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const r of rows) {
    const key = keyOf(r);
    const list = map.get(key);
    if (list) list.push(valueOf(r));
    else map.set(key, [valueOf(r)]);
  }
  return map;
}
