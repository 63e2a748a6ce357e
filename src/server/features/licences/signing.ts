// Licence strings a device can verify offline (DESIGN section 8, docs/licences.md): an Ed25519
// signature over a small JSON payload. The private key comes from LICENCE_SIGNING_KEY, else it is
// generated once into the data dir (like secret.key); the public key is served at
// GET /api/license/PublicKey and documented.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const LICENCE_FORMAT = 'CL1';
const KEY_FILE = 'licence-signing-key.pem';

export interface LicencePayload {
  /** Format version of the payload. */
  v: 1;
  /** Key id: which public key verifies it. */
  kid: string;
  /** Licence id and contract (agreement) id. */
  lid: number;
  cid: number;
  /** Device id and serial number the licence is bound to. */
  did: string;
  sn: string;
  /** The product key name (REALITi, ALSi, CTGi) and the names of the included modules. */
  product: string;
  modules: string[];
  colour: string;
  /** 'license' or 'legacyLicense' (the native handler it was sent to). */
  type: string;
  /** Issued at and expiry, ISO-8601 UTC; exp null means no expiry. */
  iat: string;
  exp: string | null;
}

export interface LicenceSigner {
  keyId: string;
  publicKeyPem: string;
  publicKeyRaw: string;
  sign(payload: Omit<LicencePayload, 'v' | 'kid'>): string;
}

/** The private key: from config, else read from (or generated into) <dataDir>/licence-signing-key.pem. */
function loadPrivateKey(dataDir: string, configured?: string): crypto.KeyObject {
  if (configured) return crypto.createPrivateKey(configured.replace(/\\n/g, '\n'));
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    try {
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return crypto.createPrivateKey(fs.readFileSync(file, 'utf8'));
}

export function createLicenceSigner(dataDir: string, configured?: string): LicenceSigner {
  const privateKey = loadPrivateKey(dataDir, configured);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENCE_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = crypto.createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  // An Ed25519 SPKI is a fixed 12-byte header and the 32-byte key.
  const raw = der.subarray(der.length - 32);
  const keyId = crypto.createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return {
    keyId,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyRaw: raw.toString('base64url'),
    sign(payload) {
      const body = Buffer.from(JSON.stringify({ v: 1, kid: keyId, ...payload })).toString('base64url');
      const signed = `${LICENCE_FORMAT}.${body}`;
      const signature = crypto.sign(null, Buffer.from(signed), privateKey).toString('base64url');
      return `${signed}.${signature}`;
    },
  };
}

/** Verify a licence string with a public key (PEM); the payload, or null when it is not genuine. */
export function verifyLicenceString(licence: string, publicKeyPem: string): LicencePayload | null {
  const parts = licence.split('.');
  if (parts.length !== 3 || parts[0] !== LICENCE_FORMAT) return null;
  const ok = crypto.verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), crypto.createPublicKey(publicKeyPem), Buffer.from(parts[2], 'base64url'));
  if (!ok) return null;
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as LicencePayload;
}
