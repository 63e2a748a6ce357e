// The licence screens' words in the app's language: agreement types, kit colours, owner kinds and
// the claim form's checks come from src/shared in English; the licences catalogue holds them under
// the same English text (a value it does not know is shown as it is).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { KIT_COLOUR_REQUIRED, SERIAL_REQUIRED } from '../../../../shared/schemas/licences';

export type LicencesT = TFunction<'licences'>;

export const useLicencesT = (): LicencesT => useTranslation('licences').t;

const AGREEMENT_TYPES = ['0', '1', '2'] as const;
const KIT_COLOURS = ['none', 'camo', 'black', 'grey', 'white', 'red', 'orange', 'yellow', 'lime', 'green', 'cyan', 'blue', 'navy', 'purple', 'pink'] as const;
const OWNER_TYPES = ['organisation', 'user'] as const;

const known = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export function agreementTypeLabel(t: LicencesT, type: number): string {
  const key = String(type);
  return known(AGREEMENT_TYPES, key) ? t(`agreementTypes.${key}`) : key;
}

/** A kit colour's name; an unknown colour as the device reported it, capitalised. */
export function kitColourLabel(t: LicencesT, colour: string): string {
  return known(KIT_COLOURS, colour) ? t(`kitColours.${colour}`) : colour.charAt(0).toUpperCase() + colour.slice(1);
}

export function ownerTypeLabel(t: LicencesT, type: string): string {
  return known(OWNER_TYPES, type) ? t(`ownerTypes.${type}`) : type;
}

const FIELD_MESSAGES: Record<string, 'messages.kitColourRequired' | 'messages.serialRequired' | 'messages.serialTooLong'> = {
  [KIT_COLOUR_REQUIRED]: 'messages.kitColourRequired',
  [SERIAL_REQUIRED]: 'messages.serialRequired',
  'The device serial number must be at most 100 characters': 'messages.serialTooLong',
};

/** A check of the claim form (written in English in src/shared) in the app's language. */
export function fieldMessage(t: LicencesT, text: string | undefined): string | undefined {
  if (!text) return text;
  const key = FIELD_MESSAGES[text];
  return key ? t(key) : text;
}
