// Pre-release builds, downloads, install manifests and the admin build upload.
import { preReleaseListSchema, appParams, downloadQuery, downloadListSchema, manifestQuery, adminBuildListSchema, adminBuildCreatedSchema } from '../schemas/builds.js';
import * as v from 'valibot';
import { idParams, messageSchema } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** Each pre-release app with its latest build or null (isPreRelease users only) */
export const getPreReleases = endpoint({
  method: 'GET',
  path: '/api/prerelease',
  errors: [403],
  response: preReleaseListSchema,
});

/** Install the app's latest pre-release build (isPreRelease users only): a 302 to its itms-services:// install link, which iOS follows in Safari. With ?file=ipa the .ipa itself is sent as an attachment. A browser navigation (Accept: text/html) that cannot be served is sent back to /me/pre-release?error=<message> (303). */
export const downloadPreRelease = endpoint({
  method: 'GET',
  path: '/api/prerelease/download/:app',
  params: appParams,
  query: downloadQuery,
  errors: [403],
  response: v.pipe(v.string(), v.description('The .ipa (with ?file=ipa); otherwise a 302 to the install link')),
});

/** Released app builds (the Downloads page), each with its itms-services:// install link */
export const getDownloads = endpoint({
  method: 'GET',
  path: '/api/downloads',
  response: downloadListSchema,
});

/** The over-the-air install manifest of a build (application/xml), behind the signed link an install link carries */
export const getBuildManifest = endpoint({
  method: 'GET',
  path: '/api/builds/:id/manifest.plist',
  params: idParams,
  query: manifestQuery,
  response: v.pipe(v.string(), v.description('The manifest property list (application/xml)')),
});

/** Every uploaded build, newest first */
export const listBuilds = endpoint({
  method: 'GET',
  path: '/api/admin/builds',
  response: adminBuildListSchema,
});

/** Upload a build: multipart fields app (one of the six pre-release apps), version, channel (prerelease or release) and file (.ipa), streamed into storage; audited */
export const createBuild = endpoint({
  method: 'POST',
  path: '/api/admin/builds',
  multipart: true,
  status: 201,
  response: adminBuildCreatedSchema,
});

/** Delete a build and its file; audited */
export const deleteBuild = endpoint({
  method: 'DELETE',
  path: '/api/admin/builds/:id',
  params: idParams,
  response: messageSchema,
});
