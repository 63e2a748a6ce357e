// What the offline code writes in English (an unsent item's reason, kept with the item on this device,
// and the notice when a favourite could not be kept) in the app's language; a text it does not know
// (the server's answers, already in the request's language) is shown as it is.
import type { TFunction } from 'i18next';
import { NO_ROOM_MESSAGE, NOT_CONFIRMED_MESSAGE, NOT_SIGNED_IN_MESSAGE, SIGN_IN_AGAIN_MESSAGE } from './outbox-core';

type Key =
  | 'messages.notConfirmed'
  | 'messages.signInAgain'
  | 'messages.notSignedIn'
  | 'messages.noRoom'
  | 'messages.waitingForNetwork'
  | 'messages.uploadLost'
  | 'messages.invalidResponse';

const EXACT: Record<string, Key> = {
  [NOT_CONFIRMED_MESSAGE]: 'messages.notConfirmed',
  [SIGN_IN_AGAIN_MESSAGE]: 'messages.signInAgain',
  [NOT_SIGNED_IN_MESSAGE]: 'messages.notSignedIn',
  'Not signed in': 'messages.notSignedIn',
  [NO_ROOM_MESSAGE]: 'messages.noRoom',
  'Waiting for the network': 'messages.waitingForNetwork',
  'The upload was lost. Please try again.': 'messages.uploadLost',
  'Invalid response': 'messages.invalidResponse',
};

const NO_ROOM_FOR = /^Not enough storage on this device to keep "(.*)" offline$/s;
const NOT_KEPT = /^"(.*)" could not be kept offline$/s;

export function offlineMessage(t: TFunction<'offline'>, text: string): string {
  const key = EXACT[text];
  if (key) return t(key);
  const noRoom = NO_ROOM_FOR.exec(text);
  if (noRoom) return t('messages.noRoomFor', { name: noRoom[1] });
  const notKept = NOT_KEPT.exec(text);
  if (notKept) return t('messages.notKept', { name: notKept[1] });
  return text;
}
