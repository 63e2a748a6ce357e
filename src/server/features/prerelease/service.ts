// Pre-release builds and downloads (spec section 2 'Downloads and pre-releases'): each app's newest
// pre-release build for isPreRelease users, each app's newest release for everyone signed in, and
// admin uploads that stream the .ipa into storage. Installing goes through an itms-services:// link
// to a generated manifest; manifest and .ipa URLs are signed, because iOS fetches them without the
// session cookie.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import * as v from 'valibot';
import {
  PRE_RELEASE_APPS,
  appName,
  uploadBuildSchema,
  type AppBuild,
  type DownloadList,
  type PreReleaseList,
} from '../../../shared/schemas/builds.js';
import { hasRole, Role } from '../../../shared/enums.js';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { HttpError, forbidden, notFound, parse, unprocessable, unsupported } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { Storage } from '../../storage/storage.js';
import { signFileUrl } from '../../storage/signed-url.js';
import type { BuildRow, BuildsRepository } from './repository.js';
import { installManifest, itmsServicesLink } from './manifest.js';

export const BUILD_MESSAGES = {
  notTester: 'Pre-release builds are only available to testers.',
  noBuild: (app: string) => `There is no pre-release build of ${app} yet.`,
  badLink: 'This link is invalid or has expired.',
  notIpa: 'The build must be an .ipa file',
  noFile: 'Please choose the .ipa file of the build',
  buildNotFound: 'Build not found',
  deleted: 'The build was deleted.',
} as const;

/** Install links stay valid this long (an iPad may sit on the page a while). */
const LINK_SECONDS = 24 * 60 * 60;

export interface BuildsDeps {
  repo: BuildsRepository;
  storage: Storage;
  secret: string;
  publicUrl: string;
}

export const manifestFileName = (b: { app: string }) => `${b.app}.plist`;

export function presentBuild(b: BuildRow): AppBuild {
  return {
    id: b.id,
    app: b.app,
    app_name: appName(b.app),
    version: b.version,
    channel: b.channel,
    bundle_id: b.bundle_id,
    file_name: b.file_name,
    file_size: b.file_size,
    manifest_file_name: manifestFileName(b),
    created_at: b.created_at,
  };
}

/** The part's bytes, refused unless they start like a ZIP (an .ipa is one). */
async function* zipChecked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of source) {
    if (checked) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < 4) continue;
    if (head.readUInt32LE(0) !== 0x04034b50) throw unsupported(BUILD_MESSAGES.notIpa);
    checked = true;
    yield head;
  }
  if (!checked) throw unsupported(BUILD_MESSAGES.notIpa);
}

interface Part {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: Readable & { truncated?: boolean };
}

export function buildsService({ repo, storage, secret, publicUrl }: BuildsDeps) {
  const manifestSig = (id: number, exp: string) => hmac(secret, `manifest\n${id}\n${exp}`);

  /** Absolute, signed URL of a build's manifest. */
  function manifestUrl(id: number): string {
    const exp = String(Math.floor(Date.now() / 1000) + LINK_SECONDS);
    return `${publicUrl}/api/builds/${id}/manifest.plist?${new URLSearchParams({ exp, sig: manifestSig(id, exp) })}`;
  }

  const installUrl = (b: BuildRow) => itmsServicesLink(manifestUrl(b.id));

  function requireTester(user: SessionUser) {
    if (!user.is_pre_release) throw forbidden(BUILD_MESSAGES.notTester);
  }

  function requireAdmin(user: SessionUser) {
    if (!hasRole(user.role, Role.Admin)) throw forbidden('You do not have permission to do that');
  }

  return {
    async preReleases(user: SessionUser): Promise<PreReleaseList> {
      requireTester(user);
      const builds = await Promise.all(PRE_RELEASE_APPS.map((a) => repo.latest(a.key, 'prerelease')));
      return {
        apps: PRE_RELEASE_APPS.map((a, i) => ({
          key: a.key,
          name: a.name,
          build: builds[i] ? presentBuild(builds[i]) : null,
          download_url: `/api/prerelease/download/${a.key}`,
        })),
      };
    },

    /** The latest pre-release build of an app: where to install it from, or the .ipa itself. */
    async preReleaseDownload(user: SessionUser, app: string): Promise<{ build: BuildRow; installUrl: string }> {
      requireTester(user);
      const build = await repo.latest(app, 'prerelease');
      if (!build) throw notFound(BUILD_MESSAGES.noBuild(appName(app)));
      return { build, installUrl: installUrl(build) };
    },

    readBuild(build: BuildRow) {
      return storage.read(build.file_key);
    },

    async downloads(): Promise<DownloadList> {
      const builds = await Promise.all(PRE_RELEASE_APPS.map((a) => repo.latest(a.key, 'release')));
      return { downloads: builds.filter((b): b is BuildRow => Boolean(b)).map((b) => ({ build: presentBuild(b), install_url: installUrl(b) })) };
    },

    /** The manifest behind an install link; the link's signature stands in for the session. */
    async manifest(id: number, exp: string, sig: string): Promise<{ xml: string; fileName: string }> {
      if (!/^\d{1,12}$/.test(exp) || Number(exp) < Date.now() / 1000 || !safeEqual(manifestSig(id, exp), sig)) throw notFound(BUILD_MESSAGES.badLink);
      const build = await repo.byId(id);
      if (!build) throw notFound(BUILD_MESSAGES.badLink);
      const ipa = signFileUrl(secret, build.file_key, { fileName: build.file_name, expiresInSeconds: LINK_SECONDS });
      const xml = installManifest({ ipaUrl: `${publicUrl}${ipa}`, bundleId: build.bundle_id, version: build.version, title: appName(build.app) });
      return { xml, fileName: manifestFileName(build) };
    },

    async adminList(user: SessionUser) {
      requireAdmin(user);
      return { builds: (await repo.all()).map(presentBuild) };
    },

    /**
     * Admin upload: multipart fields app, version, channel and one .ipa file, streamed into storage
     * (never held in memory). Fields may come before or after the file; the row is written only when
     * both the fields and the file are good, and a refused file is removed.
     */
    async upload(user: SessionUser, parts: AsyncIterable<Part>): Promise<{ build: AppBuild }> {
      requireAdmin(user);
      const fields: Record<string, unknown> = {};
      let stored: { key: string; name: string; size: number } | null = null;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || stored) {
            // Only one build file per upload: read past anything else.
            for await (const chunk of part.file!) void chunk;
            continue;
          }
          const name = (part.filename ?? '').split(/[\\/]/).pop() ?? '';
          if (!name.toLowerCase().endsWith('.ipa')) {
            for await (const chunk of part.file!) void chunk;
            throw unsupported(BUILD_MESSAGES.notIpa);
          }
          const key = `builds/${crypto.randomUUID()}/${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
          const size = await storage.put(key, Readable.from(zipChecked(part.file!)));
          stored = { key, name, size };
        }
        if (!stored) throw unprocessable(BUILD_MESSAGES.noFile);
        const input = parse(uploadBuildSchema, fields);
        const app = PRE_RELEASE_APPS.find((a) => a.key === input.app)!;
        const id = await repo.create({
          app: input.app,
          version: input.version,
          bundle_id: app.bundle_id,
          channel: input.channel,
          file_key: stored.key,
          file_name: `${input.app}-${input.version}.ipa`,
          file_size: stored.size,
          uploaded_by: user.id,
        });
        await repo.audit(user.id, 'build.upload', id, { app: input.app, version: input.version, channel: input.channel, size: stored.size });
        return { build: presentBuild((await repo.byId(id))!) };
      } catch (err) {
        if (stored) await storage.delete(stored.key);
        if (err instanceof HttpError) throw err;
        if (v.isValiError(err)) throw unprocessable(err.message);
        throw err;
      }
    },

    async adminDelete(user: SessionUser, id: number) {
      requireAdmin(user);
      const build = await repo.byId(id);
      if (!build) throw notFound(BUILD_MESSAGES.buildNotFound);
      await repo.delete(id);
      await storage.delete(build.file_key);
      await repo.audit(user.id, 'build.delete', id, { app: build.app, version: build.version, channel: build.channel });
      return { message: BUILD_MESSAGES.deleted };
    },
  };
}
