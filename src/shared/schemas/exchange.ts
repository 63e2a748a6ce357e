// The schemas of a shared work's licence, attribution and de-identification (the rules: ../licences.ts).
import * as v from 'valibot';
import { LICENCE_IDS, LICENCE_MESSAGE } from '../licences.js';

export const licenceSchema = v.picklist(LICENCE_IDS, LICENCE_MESSAGE);

/** Attribution as an item shows it. */
export const attributionSchema = v.object({
  /** The original while it exists (null once deleted). */
  uuid_id: v.nullable(v.string()),
  name: v.string(),
  author: v.string(),
  licence: v.string(),
});

/** Who confirmed de-identification and when (shown to the owner only). */
export const publicConfirmationSchema = v.object({ confirmed_by: v.string(), confirmed_at: v.string() });
