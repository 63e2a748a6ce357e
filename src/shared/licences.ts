// The licences a scenario or media item may carry (a short list), and what each one allows.
//
// 'community' (all rights reserved, use within this community) is the only one that forbids
// adaptation: a copy of such a scenario may be kept, downloaded and run as it is, but not edited
// (description, patient, tags, privacy or licence); the server refuses it. Every CC licence on the
// list allows adaptation. A copy keeps the licence of the work it is based on: its author granted it,
// not the person who made the copy. Their schemas: schemas/exchange.ts.
export const LICENCE_IDS = ['cc-by-4.0', 'cc-by-nc-4.0', 'cc-by-nc-sa-4.0', 'community'] as const;
export type LicenceId = (typeof LICENCE_IDS)[number];

export interface LicenceInfo {
  id: LicenceId;
  /** The licence's own short name (not translated). */
  name: string;
  /** The licence text. */
  url: string;
  allowsAdaptation: boolean;
}

export const LICENCES: Record<LicenceId, LicenceInfo> = {
  'cc-by-4.0': { id: 'cc-by-4.0', name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', allowsAdaptation: true },
  'cc-by-nc-4.0': { id: 'cc-by-nc-4.0', name: 'CC BY-NC 4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/', allowsAdaptation: true },
  'cc-by-nc-sa-4.0': { id: 'cc-by-nc-sa-4.0', name: 'CC BY-NC-SA 4.0', url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/', allowsAdaptation: true },
  community: { id: 'community', name: 'All rights reserved, use within this community', url: '/licences/community', allowsAdaptation: false },
};

export const LICENCE_MESSAGE = 'The licence must be one of cc-by-4.0, cc-by-nc-4.0, cc-by-nc-sa-4.0 or community';

export const licenceOf = (id: string): LicenceInfo => LICENCES[(LICENCE_IDS as readonly string[]).includes(id) ? (id as LicenceId) : 'community'];

/** Making an item public: the owner's confirmation (one checkbox with this text). */
export const DEIDENTIFIED_TEXT = 'No real patient can be identified from this item, and I hold the rights to share it.';
export const DEIDENTIFY_REQUIRED_MESSAGE = 'Confirm that no real patient can be identified and that you hold the rights before making this public.';
export const NO_ADAPTATION_MESSAGE = "This copy's licence (All rights reserved, use within this community) does not allow changes.";
export const COPY_LICENCE_MESSAGE = 'A copy keeps the licence of the work it is based on.';
