// Site settings the client reads at run time (GET /api/site): the web editor's address
// (null when none is configured, so 'Create Scenario' and 'Open in Editor' stay hidden) and the
// support offices of /me/support.
import * as v from 'valibot';

export const supportOfficeSchema = v.object({
  region: v.pipe(v.string(), v.nonEmpty('region is required')),
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  email: v.string(),
  hours: v.string(),
});
export type SupportOffice = v.InferOutput<typeof supportOfficeSchema>;

export const siteSchema = v.object({
  webEditorUrl: v.nullable(v.string()),
  supportOffices: v.array(supportOfficeSchema),
});
export type Site = v.InferOutput<typeof siteSchema>;
