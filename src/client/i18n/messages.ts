// Messages that code shared with the server writes in English (the valibot checks of src/shared,
// shown under a form's fields): in the app's language when the common catalogue's 'messages'
// section has the same English text; any other text is shown as it is (the server's answers
// already come in the request's language).
import { i18n } from './index';
import en from './locales/en/common.json';

const keyByText = new Map(Object.entries(en.messages).map(([key, text]) => [text, key as keyof typeof en.messages]));

export function translateMessage(text: string | undefined): string {
  if (!text) return '';
  const key = keyByText.get(text);
  return key ? i18n.t(`messages.${key}`, { ns: 'common' }) : text;
}
