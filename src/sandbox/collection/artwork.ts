/** Small deterministic SVG artwork of a stylised tiger head that reflects the serial's traits. */
import { tigerTraits } from './metadata';

const BACKGROUNDS: Record<string, string> = {
  'Jungle Green': '#2f6b3a',
  'Savanna Gold': '#d9a441',
  'River Blue': '#2f6f9f',
  'Dusk Purple': '#5b3d7a',
  'Ember Red': '#a8402f',
  Midnight: '#141a2e',
  Snowfield: '#e8eef2',
  Aurora: '#3fb6a8',
  Cosmic: '#1b0f3b',
};
const FURS: Record<string, string> = {
  Orange: '#f28c28',
  Amber: '#e0a030',
  White: '#f4f1ea',
  Black: '#2a2a2a',
  Golden: '#f5c542',
  Silver: '#c0c6cc',
  Ghost: '#dfe7f5',
  Rainbow: 'url(#rainbow)',
};
const EYES: Record<string, [string, string]> = {
  Green: ['#3fae4f', '#3fae4f'],
  Amber: ['#f0a020', '#f0a020'],
  Blue: ['#3a7bd5', '#3a7bd5'],
  Brown: ['#7a4a22', '#7a4a22'],
  Red: ['#dd3333', '#dd3333'],
  Violet: ['#8a4fd1', '#8a4fd1'],
  Heterochromia: ['#3a7bd5', '#f0a020'],
};
const MOUTHS: Record<string, string> = {
  Smile: '<path d="M88 142 Q100 152 112 142" stroke="#3a2620" stroke-width="3" fill="none"/>',
  Roar: '<ellipse cx="100" cy="146" rx="11" ry="8" fill="#5a1e1e"/>',
  'Tongue Out': '<path d="M88 142 Q100 150 112 142" stroke="#3a2620" stroke-width="3" fill="none"/><ellipse cx="100" cy="151" rx="6" ry="7" fill="#ef7a90"/>',
  Fangs: '<path d="M86 142 H114" stroke="#3a2620" stroke-width="3"/><path d="M91 142 L94 151 L97 142Z M103 142 L106 151 L109 142Z" fill="#fff"/>',
  Grin: '<path d="M82 140 Q100 158 118 140Z" fill="#fff" stroke="#3a2620" stroke-width="2"/>',
  'Bubble Gum': '<circle cx="100" cy="150" r="11" fill="#f6a6c8" stroke="#d96a9a" stroke-width="2"/>',
  Fish: '<path d="M92 146 Q104 138 114 146 Q104 154 92 146Z M114 146 L122 140 L122 152Z" fill="#7fb8d8"/>',
};
const HEADWEAR: Record<string, string> = {
  Bandana: '<path d="M42 78 Q100 40 158 78 L158 90 Q100 58 42 90Z" fill="#c0392b"/>',
  Beanie: '<path d="M48 74 Q100 10 152 74Z" fill="#2e5fa8"/><rect x="46" y="70" width="108" height="10" rx="5" fill="#24497f"/>',
  'Safari Hat': '<ellipse cx="100" cy="66" rx="74" ry="10" fill="#b59b6b"/><path d="M64 66 Q100 20 136 66Z" fill="#c9b17f"/>',
  Headphones:
    '<path d="M40 104 Q40 28 100 28 Q160 28 160 104" stroke="#222" stroke-width="7" fill="none"/><rect x="30" y="92" width="16" height="28" rx="6" fill="#d33"/><rect x="154" y="92" width="16" height="28" rx="6" fill="#d33"/>',
  'Flower Crown':
    '<g fill="#f5a3c7"><circle cx="64" cy="62" r="7"/><circle cx="82" cy="56" r="7"/><circle cx="100" cy="54" r="7"/><circle cx="118" cy="56" r="7"/><circle cx="136" cy="62" r="7"/></g>',
  Crown: '<path d="M70 64 L70 34 L85 50 L100 30 L115 50 L130 34 L130 64Z" fill="#f2c230" stroke="#a8801a" stroke-width="2"/>',
  Halo: '<ellipse cx="100" cy="30" rx="34" ry="8" fill="none" stroke="#ffe066" stroke-width="5"/>',
};
const ACCESSORIES: Record<string, string> = {
  Earring: '<circle cx="40" cy="78" r="6" fill="none" stroke="#f2c230" stroke-width="3"/>',
  Scarf: '<path d="M52 160 Q100 182 148 160 L150 174 Q100 196 50 174Z" fill="#d35400"/>',
  'Gold Chain': '<path d="M58 166 Q100 196 142 166" stroke="#f2c230" stroke-width="5" fill="none" stroke-dasharray="6 3"/>',
  'Bow Tie': '<path d="M100 172 L80 162 L80 182Z M100 172 L120 162 L120 182Z" fill="#8e44ad"/>',
  Monocle: '<circle cx="122" cy="100" r="14" fill="none" stroke="#f2c230" stroke-width="3"/><path d="M136 102 L146 140" stroke="#f2c230" stroke-width="2"/>',
  'Diamond Collar':
    '<g fill="#9be7ff" stroke="#4aa3c7"><path d="M70 168 l6 -6 l6 6 l-6 6Z"/><path d="M94 174 l6 -6 l6 6 l-6 6Z"/><path d="M118 168 l6 -6 l6 6 l-6 6Z"/></g>',
};

/** The SVG (< 4 KB) for a serial, with a <title> naming the tiger. */
export function artworkSvg(serial: number): string {
  const traits = tigerTraits(serial);
  const background = BACKGROUNDS[traits.Background ?? ''] ?? '#2f6b3a';
  const fur = FURS[traits.Fur ?? ''] ?? '#f28c28';
  const stripe = traits.Fur === 'Black' ? '#6b6b6b' : '#1c1410';
  const [leftEye, rightEye] = EYES[traits.Eye_Color ?? ''] ?? ['#3fae4f', '#3fae4f'];
  const stars =
    traits.Background === 'Cosmic'
      ? '<g fill="#fff"><circle cx="20" cy="30" r="1.5"/><circle cx="170" cy="20" r="2"/><circle cx="180" cy="150" r="1.5"/><circle cx="25" cy="170" r="2"/></g>'
      : '';
  const rainbow =
    traits.Fur === 'Rainbow'
      ? '<defs><linearGradient id="rainbow" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset=".5" stop-color="#ffd93d"/><stop offset="1" stop-color="#6bcbef"/></linearGradient></defs>'
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-labelledby="title-${serial}">`,
    `<title id="title-${serial}">Wild Tiger #${serial}</title>`,
    rainbow,
    `<rect width="200" height="200" fill="${background}"/>`,
    stars,
    `<circle cx="52" cy="62" r="22" fill="${fur}"/><circle cx="148" cy="62" r="22" fill="${fur}"/>`,
    '<circle cx="52" cy="62" r="11" fill="#f3b4a8"/><circle cx="148" cy="62" r="11" fill="#f3b4a8"/>',
    `<ellipse cx="100" cy="110" rx="62" ry="58" fill="${fur}"${traits.Fur === 'Ghost' ? ' opacity=".75"' : ''}/>`,
    `<g fill="${stripe}"><path d="M100 54 L93 80 L107 80Z"/><path d="M84 58 L82 74 L90 72Z"/><path d="M116 58 L118 74 L110 72Z"/>`,
    '<path d="M38 96 L64 102 L38 110Z"/><path d="M40 118 L62 120 L42 128Z"/><path d="M162 96 L136 102 L162 110Z"/><path d="M160 118 L138 120 L158 128Z"/></g>',
    '<ellipse cx="100" cy="136" rx="28" ry="20" fill="#fff8ee"/>',
    `<ellipse cx="78" cy="100" rx="9" ry="7" fill="${leftEye}"/><ellipse cx="122" cy="100" rx="9" ry="7" fill="${rightEye}"/>`,
    '<ellipse cx="78" cy="100" rx="2.5" ry="6" fill="#111"/><ellipse cx="122" cy="100" rx="2.5" ry="6" fill="#111"/>',
    '<path d="M92 122 L108 122 L100 131Z" fill="#3a2620"/>',
    MOUTHS[traits.Mouth ?? ''] ?? MOUTHS.Smile,
    HEADWEAR[traits.Headwear ?? ''] ?? '',
    ACCESSORIES[traits.Accessory ?? ''] ?? '',
    '</svg>',
  ].join('');
}
