// A post's or reply's text with its mentions linked to the people's profiles. Only mentions the
// server confirmed (people told of it) are links; any other '@word' stays plain text.
import { Link } from 'react-router-dom';
import { mentionSegments } from '../../../../shared/mentions';
import type { MentionRef } from '../../../../shared/schemas/conversation';

export function MentionText({ text, mentions }: { text: string; mentions: MentionRef[] | undefined }) {
  if (!mentions?.length) return <>{text}</>;
  const byName = new Map(mentions.map((m) => [m.username.toLowerCase(), m]));
  return (
    <>
      {mentionSegments(text).map((s, i) => {
        const who = 'username' in s ? byName.get(s.username) : undefined;
        return who ? <Link key={i} to={`/view-user/${who.uuid_id}`} className="mention">{s.text}</Link> : <span key={i}>{s.text}</span>;
      })}
    </>
  );
}
