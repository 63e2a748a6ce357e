// http_ece (the encryption web-push uses) has no types of its own: the part the push test calls.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
