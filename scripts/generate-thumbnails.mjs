// Generates the static scenario thumbnails: device drawings /thumbnails/devices/0-34.svg
// (patient monitors, defibrillators, ventilators, CTG monitors, each with its label) and patient
// photos /thumbnails/patients/0-106.svg by age group and sex in a few skin tones.
// Codes 0-14 are neonates, 15-49 children, 50-106 adults; even codes female, odd male.
// Run: node scripts/generate-thumbnails.mjs
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve('public/thumbnails');
fs.mkdirSync(path.join(root, 'devices'), { recursive: true });
fs.mkdirSync(path.join(root, 'patients'), { recursive: true });

const DEVICE_KINDS = [
  { kind: 'Patient monitor', body: '#2f3b4c', accent: '#36c26b' },
  { kind: 'Defibrillator', body: '#c9392f', accent: '#ffd54a' },
  { kind: 'Transport monitor', body: '#3d4a5c', accent: '#4fc3f7' },
  { kind: 'AED', body: '#2e7d32', accent: '#ffffff' },
  { kind: 'Ventilator', body: '#5c6b7a', accent: '#80deea' },
];

function deviceSvg(code) {
  const label = code === 0 ? 'Simulated device' : code >= 30 ? `CTG monitor ${code - 29}` : `${DEVICE_KINDS[code % 5].kind} ${code}`;
  const style = code >= 30 ? { body: '#6a4c93', accent: '#f48fb1' } : code === 0 ? { body: '#607d8b', accent: '#cfd8dc' } : DEVICE_KINDS[code % 5];
  const isDefib = code % 5 === 1 || code % 5 === 3;
  const trace = code >= 30
    ? 'M40 70 q10 -18 20 0 t20 0 t20 0 t20 0 t20 0 t20 0 t20 0'
    : 'M40 75 h22 l6 -22 l8 40 l6 -18 h30 l6 -22 l8 40 l6 -18 h30 l6 -22 l8 40 l6 -18 h8';
  const handles = isDefib
    ? `<rect x="190" y="40" width="26" height="60" rx="8" fill="#263238"/><rect x="190" y="108" width="26" height="60" rx="8" fill="#263238"/>`
    : `<circle cx="203" cy="60" r="9" fill="${style.accent}"/><circle cx="203" cy="90" r="9" fill="#eceff1"/><circle cx="203" cy="120" r="9" fill="#eceff1"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 200" role="img" aria-label="${label}">
<rect width="240" height="200" fill="#eef2f6"/>
<rect x="18" y="22" width="204" height="150" rx="14" fill="${style.body}"/>
<rect x="30" y="34" width="150" height="100" rx="6" fill="#0b1420"/>
<path d="${trace}" fill="none" stroke="${style.accent}" stroke-width="3" stroke-linejoin="round"/>
<text x="44" y="122" font-family="Helvetica, Arial, sans-serif" font-size="16" font-weight="bold" fill="${style.accent}">${code >= 30 ? 'FHR 140' : 'HR 72'}</text>
${handles}
<rect x="30" y="142" width="150" height="20" rx="4" fill="#ffffff" opacity="0.92"/>
<text x="105" y="157" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="12" fill="#1c2733">${label}</text>
<text x="120" y="192" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="11" fill="#546e7a">Device ${code}</text>
</svg>
`;
}

const SKIN = ['#f6d5b8', '#e0ac80', '#b57a4f', '#7a4b2a'];
const HAIR = ['#3b2a1a', '#1b1b1b', '#8d5a2b', '#d8b26a'];

function patientSvg(code) {
  const group = code < 15 ? 'neonate' : code < 50 ? 'child' : 'adult';
  const female = code % 2 === 0;
  const skin = SKIN[Math.floor(code / 2) % 4];
  const hair = HAIR[Math.floor(code / 3) % 4];
  const shirt = ['#4f86c6', '#6fb07f', '#c77d4f', '#8e6fb5', '#d36f87'][code % 5];
  const label = `${group === 'neonate' ? 'Neonate' : group === 'child' ? 'Child' : 'Adult'}, ${female ? 'female' : 'male'}`;
  let body;
  if (group === 'neonate') {
    body = `<ellipse cx="100" cy="150" rx="62" ry="44" fill="${female ? '#f8bbd0' : '#b3e5fc'}"/>
<path d="M48 140 q52 -30 104 0" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.7"/>
<circle cx="100" cy="92" r="34" fill="${skin}"/>
<path d="M72 78 q28 -26 56 0 q-28 -12 -56 0z" fill="${hair}" opacity="0.6"/>
<circle cx="89" cy="94" r="3" fill="#2b2b2b"/><circle cx="111" cy="94" r="3" fill="#2b2b2b"/>
<path d="M93 106 q7 5 14 0" fill="none" stroke="#8a4b3c" stroke-width="2"/>`;
  } else {
    const r = group === 'child' ? 30 : 34;
    const cy = group === 'child' ? 84 : 76;
    const shoulders = group === 'child' ? 'M52 200 q0 -58 48 -58 q48 0 48 58z' : 'M34 200 q0 -72 66 -72 q66 0 66 72z';
    const hairShape = female
      ? `<path d="M${100 - r - 4} ${cy + 6} q0 -${r + 18} ${r + 4} -${r + 14} q${r + 4} -4 ${r + 4} ${r + 14} v${group === 'child' ? 30 : 40} h-10 v-34 q-${r - 6} -16 -${2 * r - 12} 0 v34 h-10z" fill="${hair}"/>`
      : `<path d="M${100 - r} ${cy - 4} q4 -${r} ${r} -${r} q${r - 4} 0 ${r} ${r} q-${r} -14 -${2 * r} 0z" fill="${hair}"/>`;
    body = `<path d="${shoulders}" fill="${shirt}"/>
<rect x="${100 - 9}" y="${cy + r - 6}" width="18" height="16" fill="${skin}"/>
<circle cx="100" cy="${cy}" r="${r}" fill="${skin}"/>
${hairShape}
<circle cx="${100 - r / 3}" cy="${cy + 2}" r="3" fill="#2b2b2b"/><circle cx="${100 + r / 3}" cy="${cy + 2}" r="3" fill="#2b2b2b"/>
<path d="M${100 - 7} ${cy + r / 2} q7 5 14 0" fill="none" stroke="#8a4b3c" stroke-width="2"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${label}">
<rect width="200" height="200" fill="#e8eef4"/>
${body}
</svg>
`;
}

for (let code = 0; code <= 34; code++) fs.writeFileSync(path.join(root, 'devices', `${code}.svg`), deviceSvg(code));
for (let code = 0; code <= 106; code++) fs.writeFileSync(path.join(root, 'patients', `${code}.svg`), patientSvg(code));
console.log('Wrote 35 device and 107 patient thumbnails under public/thumbnails');
