// App builds (spec section 2 'Downloads and pre-releases', section 9 'Pre-release apps'): admins
// upload an .ipa per app and channel; the Pre-Release page offers each app's latest pre-release
// build, the Downloads page each app's latest release, both installed over the air through a
// generated manifest (docs/licences.md 'Builds').
import * as v from 'valibot';
import { PRODUCT_NAME } from '../enums.js';

/** The six pre-release apps (spec section 9), with the bundle id their manifests name. */
export const PRE_RELEASE_APPS = [
  { key: 'realiti-check', name: 'REALITI Check', bundle_id: 'com.isimulate.realiticheck' },
  { key: 'alsi', name: 'ALSi', bundle_id: 'com.isimulate.alsi' },
  { key: 'ctgi', name: 'CTGi', bundle_id: 'com.isimulate.ctgi' },
  { key: 'realiti-nano', name: `${PRODUCT_NAME} Nano`, bundle_id: 'com.isimulate.realitinano' },
  { key: 'demo', name: 'Demo', bundle_id: 'com.isimulate.demo' },
  { key: 'simscope-check', name: 'Simscope Check', bundle_id: 'com.isimulate.simscopecheck' },
] as const;
export type AppKey = (typeof PRE_RELEASE_APPS)[number]['key'];
export const APP_KEYS = PRE_RELEASE_APPS.map((a) => a.key) as unknown as readonly [AppKey, ...AppKey[]];
export const appName = (key: string) => PRE_RELEASE_APPS.find((a) => a.key === key)?.name ?? key;

export const BUILD_CHANNELS = ['prerelease', 'release'] as const;
export type BuildChannel = (typeof BUILD_CHANNELS)[number];

/** An .ipa is at most this large. */
export const MAX_BUILD_BYTES = 1024 * 1024 * 1024;
export const BUILD_VERSION_PATTERN = /^\d+(\.\d+){0,3}([-+][0-9A-Za-z.]+)?$/;

/** The text fields of the admin upload (the file travels beside them). */
export const uploadBuildSchema = v.object({
  app: v.pipe(
    v.optional(v.string(), ''),
    v.check((s) => (APP_KEYS as readonly string[]).includes(s), 'Please choose one of the pre-release apps'),
    v.transform((s) => s as AppKey),
  ),
  version: v.pipe(
    v.optional(v.string('Please enter the version'), ''),
    v.trim(),
    v.nonEmpty('Please enter the version'),
    v.maxLength(40, 'The version must be at most 40 characters'),
    v.regex(BUILD_VERSION_PATTERN, 'The version must look like 3.10.1'),
  ),
  channel: v.optional(v.picklist(BUILD_CHANNELS, 'The channel must be prerelease or release'), 'prerelease'),
});

export const appParams = v.object({ app: v.picklist(APP_KEYS, 'Resource not found') });
export const downloadQuery = v.object({ file: v.optional(v.picklist(['ipa'], 'file may only be ipa')) });
export const manifestQuery = v.object({ exp: v.optional(v.string(), ''), sig: v.optional(v.string(), '') });

export const buildSchema = v.object({
  id: v.number(),
  app: v.string(),
  app_name: v.string(),
  version: v.string(),
  channel: v.string(),
  bundle_id: v.string(),
  file_name: v.string(),
  file_size: v.number(),
  manifest_file_name: v.string(),
  created_at: v.string(),
});
export type AppBuild = v.InferOutput<typeof buildSchema>;

export const preReleaseListSchema = v.object({
  apps: v.array(
    v.object({
      key: v.string(),
      name: v.string(),
      build: v.nullable(buildSchema),
      /** GET /api/prerelease/download/{app}: installs the latest build (redirects to itms-services). */
      download_url: v.string(),
    }),
  ),
});
export type PreReleaseList = v.InferOutput<typeof preReleaseListSchema>;

export const downloadListSchema = v.object({
  downloads: v.array(
    v.object({
      build: buildSchema,
      /** itms-services:// link to the build's signed manifest. */
      install_url: v.string(),
    }),
  ),
});
export type DownloadList = v.InferOutput<typeof downloadListSchema>;

export const adminBuildListSchema = v.object({ builds: v.array(buildSchema) });
export const adminBuildCreatedSchema = v.object({ build: buildSchema });
