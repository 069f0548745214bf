/**
 * A person-readable name for the client behind a User-Agent header, for the sessions list:
 * "Relaydesk desktop on macOS", "Firefox 142 on Linux", "curl 8.5.0". Best effort: anything
 * unrecognised is shown by its first product token, or "Unknown client".
 */
export function summariseUserAgent(userAgent: string): string {
  const ua = userAgent.trim();
  if (ua === '') return 'Unknown client';
  const os = operatingSystem(ua);
  const on = os ? ` on ${os}` : '';
  if (/\bElectron\//.test(ua)) return `Relaydesk desktop${on}`;
  const browser = browserOf(ua);
  if (browser) return `${browser}${on}`;
  const product = /^([A-Za-z][\w.-]*)\/([\w.]+)/.exec(ua);
  return product ? `${product[1]} ${product[2]}` : ua.slice(0, 40);
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  // Headless Chrome (automation, the console's own browser tests) says HeadlessChrome.
  [/\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

function browserOf(ua: string): string | null {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return null;
}

function operatingSystem(ua: string): string | null {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return null;
}
