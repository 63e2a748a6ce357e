// @vitest-environment happy-dom
// The licence messages of the native bridge (docs/native-bridge.md 'Licences'): a claim goes to the
// handler its type names, with only that type's string; a relinquish goes to 'relinquish'.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifyRelinquished, sendLicenceToDevice } from '../../src/client/lib/native-bridge';

type Posted = { name: string; payload: unknown };
let posted: Posted[];

function installHandlers(names: string[]) {
  posted = [];
  const handlers = Object.fromEntries(names.map((name) => [name, { postMessage: (payload: unknown) => posted.push({ name, payload }) }]));
  (window as unknown as { webkit?: unknown }).webkit = { messageHandlers: handlers };
}

describe('licence messages to the native wrapper', () => {
  beforeEach(() => installHandlers(['license', 'legacyLicense', 'relinquish']));
  afterEach(() => {
    delete (window as unknown as { webkit?: unknown }).webkit;
  });

  it('sends a claimed licence to the handler named by its type, with only its string', () => {
    const license = { id: 7 };
    expect(sendLicenceToDevice({ type: 'license', license_string: 'CL1.a.b', license } as never)).toBe(true);
    expect(sendLicenceToDevice({ type: 'legacyLicense', legacy_license_string: 'CL1.c.d', license } as never)).toBe(true);
    expect(posted).toEqual([
      { name: 'license', payload: { type: 'license', license_string: 'CL1.a.b' } },
      { name: 'legacyLicense', payload: { type: 'legacyLicense', legacy_license_string: 'CL1.c.d' } },
    ]);
  });

  it("tells the device about a relinquish through 'relinquish'", () => {
    expect(notifyRelinquished({ license_id: 3, device_id: 'IPAD-1', message: 'ignored' } as never)).toBe(true);
    expect(posted).toEqual([{ name: 'relinquish', payload: { license_id: 3, device_id: 'IPAD-1' } }]);
  });

  it('answers false outside the wrapper or when the handler is missing', () => {
    installHandlers(['relinquish']);
    expect(sendLicenceToDevice({ type: 'legacyLicense', legacy_license_string: 'x' })).toBe(false);
    delete (window as unknown as { webkit?: unknown }).webkit;
    expect(notifyRelinquished({ license_id: 1, device_id: 'd' })).toBe(false);
    expect(posted).toEqual([]);
  });
});
