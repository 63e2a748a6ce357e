// The over-the-air install manifest iOS reads from an itms-services:// link: a property list naming
// the .ipa's URL, the bundle id, version and title.
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function installManifest(opts: { ipaUrl: string; bundleId: string; version: string; title: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>items</key>
  <array>
    <dict>
      <key>assets</key>
      <array>
        <dict>
          <key>kind</key>
          <string>software-package</string>
          <key>url</key>
          <string>${escapeXml(opts.ipaUrl)}</string>
        </dict>
      </array>
      <key>metadata</key>
      <dict>
        <key>bundle-identifier</key>
        <string>${escapeXml(opts.bundleId)}</string>
        <key>bundle-version</key>
        <string>${escapeXml(opts.version)}</string>
        <key>kind</key>
        <string>software</string>
        <key>title</key>
        <string>${escapeXml(opts.title)}</string>
      </dict>
    </dict>
  </array>
</dict>
</plist>
`;
}

/** The link that makes iOS fetch a manifest and install its app. */
export const itmsServicesLink = (manifestUrl: string) => `itms-services://?action=download-manifest&url=${encodeURIComponent(manifestUrl)}`;
