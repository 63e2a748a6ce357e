// Pre-release builds, downloads and their install manifests (spec section 2 'Downloads and
// pre-releases'), and the admin upload. docs/licences.md 'Builds' describes the install flow.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { MAX_BUILD_BYTES } from '../../../shared/schemas/builds.js';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import {
  getPreReleases,
  downloadPreRelease,
  getDownloads,
  getBuildManifest,
  listBuilds,
  createBuild,
  deleteBuild,
} from '../../../shared/endpoints/prerelease.js';
import { buildsRepository } from './repository.js';
import { buildsService } from './service.js';

export default async function preReleaseRoutes(app: FastifyInstance) {
  const service = buildsService({
    repo: buildsRepository(app.db),
    storage: app.storage,
    secret: app.config.sessionSecret,
    publicUrl: app.config.publicUrl,
  });
  const tags = ['downloads'];

  route(app, getPreReleases, {
    auth: 'user',
    tags,
    summary: "Each pre-release app with its latest build or null (isPreRelease users only)",
  }, async ({ user }) => service.preReleases(user));

  route(app, downloadPreRelease, {
    auth: 'user',
    tags,
    summary:
      "Install the app's latest pre-release build (isPreRelease users only): a 302 to its itms-services:// install link, which iOS follows in Safari. With ?file=ipa the .ipa itself is sent as an attachment. A browser navigation (Accept: text/html) that cannot be served is sent back to /me/pre-release?error=<message> (303).",
    raw: true,
  }, async ({ user, params, query, request, reply }) => {
    let found: Awaited<ReturnType<typeof service.preReleaseDownload>>;
    try {
      found = await service.preReleaseDownload(user, params.app);
    } catch (err) {
      // A browser that followed a Download link lands back on the Pre-Release page with the reason,
      // not on a JSON body; API clients get the JSON error.
      if (err instanceof HttpError && String(request.headers.accept ?? '').includes('text/html')) {
        return reply.redirect(`/me/pre-release?${new URLSearchParams({ error: err.message })}`, 303);
      }
      throw err;
    }
    const { build, installUrl } = found;
    if (query.file !== 'ipa') return reply.header('Cache-Control', 'no-store').redirect(installUrl, 302);
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', build.file_size)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${build.file_name}"`)
      .send(service.readBuild(build));
  });

  route(app, getDownloads, {
    auth: 'user',
    tags,
    summary: 'Released app builds (the Downloads page), each with its itms-services:// install link',
  }, async () => service.downloads());

  route(app, getBuildManifest, {
    auth: 'public',
    tags,
    summary: 'The over-the-air install manifest of a build (application/xml), behind the signed link an install link carries',
    raw: true,
  }, async ({ params, query, reply }) => {
    const { xml, fileName } = await service.manifest(params.id, query.exp, query.sig);
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', `inline; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(xml);
  });

  // ---- admin ----
  const adminTags = ['admin', 'downloads'];

  route(app, listBuilds, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Every uploaded build, newest first',
  }, async ({ user }) => service.adminList(user));

  route(app, createBuild, {
    auth: Role.Admin,
    tags: adminTags,
    summary:
      'Upload a build: multipart fields app (one of the six pre-release apps), version, channel (prerelease or release) and file (.ipa), streamed into storage; audited',
  }, async ({ user, request }) => service.upload(user, request.parts({ limits: { fileSize: MAX_BUILD_BYTES, files: 1 } })));

  route(app, deleteBuild, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Delete a build and its file; audited',
  }, async ({ user, params }) => service.adminDelete(user, params.id));
}
