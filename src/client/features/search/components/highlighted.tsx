// Text with the words that matched a search marked (<mark>), from server snippets or highlighted here.
import type { HighlightPart } from '../../../../shared/search';

export function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </>
  );
}
