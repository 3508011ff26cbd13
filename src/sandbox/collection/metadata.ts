/**
 * Generated HIP-412 metadata for every Wild Tiger serial. Traits come from a PRNG seeded by the
 * serial, so each serial's metadata is a pure function of its number. Some values are rarer than
 * others, and Headwear and Accessory are missing on many tigers.
 */
import { VIDEO_SERIALS } from '@/features/tiger/supply';
import { pickWeighted, seededRandom } from '@/sandbox/ledger/prng';

/** Fake but well-formed CIDv1s of the sandbox "IPFS" folders. */
export const SANDBOX_METADATA_CID = 'bafybeiwildtigerssandboxmetadataq7xk4mzr3vhl5tjd6cnwe2yfpgu';
export const SANDBOX_IMAGE_CID = 'bafybeiwildtigerssandboximagesh3kq6vz2xmr7ptl4wjdn5cyeg2fsa';

type Weighted = readonly (readonly [string, number])[];

export const TRAIT_TABLES = {
  Background: [
    ['Jungle Green', 22],
    ['Savanna Gold', 20],
    ['River Blue', 15],
    ['Dusk Purple', 15],
    ['Ember Red', 10],
    ['Midnight', 8],
    ['Snowfield', 6],
    ['Aurora', 3],
    ['Cosmic', 1],
  ],
  Fur: [
    ['Orange', 40],
    ['Amber', 20],
    ['White', 12],
    ['Black', 8],
    ['Golden', 6],
    ['Silver', 8],
    ['Ghost', 4],
    ['Rainbow', 2],
  ],
  Eye_Color: [
    ['Green', 30],
    ['Amber', 25],
    ['Blue', 20],
    ['Brown', 15],
    ['Red', 6],
    ['Violet', 3],
    ['Heterochromia', 1],
  ],
  Mouth: [
    ['Smile', 30],
    ['Roar', 20],
    ['Tongue Out', 15],
    ['Fangs', 15],
    ['Grin', 12],
    ['Bubble Gum', 5],
    ['Fish', 3],
  ],
  Headwear: [
    ['', 45],
    ['Bandana', 15],
    ['Beanie', 14],
    ['Safari Hat', 11],
    ['Headphones', 8],
    ['Flower Crown', 4],
    ['Crown', 2],
    ['Halo', 1],
  ],
  Accessory: [
    ['', 55],
    ['Earring', 12],
    ['Scarf', 10],
    ['Gold Chain', 10],
    ['Bow Tie', 8],
    ['Monocle', 4],
    ['Diamond Collar', 1],
  ],
} as const satisfies Record<string, Weighted>;

export type TraitType = keyof typeof TRAIT_TABLES;

/** A tiger's traits by type; absent types are missing on this tiger. */
export type TigerTraits = Partial<Record<TraitType, string>>;

export interface Hip412Metadata {
  name: string;
  creator: string;
  description: string;
  /** The artwork; for a video tiger, its thumbnail. */
  image: string;
  type: 'image/svg+xml';
  /** A video tiger's video (HIP-412 `files`, the default file). */
  files?: { uri: string; type: 'video/webm'; is_default_file: true }[];
  format: 'HIP412@2.0.0';
  properties: { edition: number };
  attributes: { trait_type: string; value: string }[];
}

/** Whether a serial is one of the collection's video tigers. */
export function isVideoTiger(serial: number): boolean {
  return serial >= VIDEO_SERIALS.from && serial <= VIDEO_SERIALS.to;
}

const traitCache = new Map<number, TigerTraits>();

/** The traits of a serial (deterministic). */
export function tigerTraits(serial: number): TigerTraits {
  const cached = traitCache.get(serial);
  if (cached) return cached;
  const random = seededRandom(`wild-tigers-traits:${serial}`);
  const traits: TigerTraits = {};
  for (const type of Object.keys(TRAIT_TABLES) as TraitType[]) {
    const value = pickWeighted(random, TRAIT_TABLES[type]);
    if (value) traits[type] = value;
  }
  traitCache.set(serial, traits);
  return traits;
}

/** The HIP-412 JSON document of a serial; the video tigers (3320-3326) list their video as the default file. */
export function tigerMetadata(serial: number): Hip412Metadata {
  const traits = tigerTraits(serial);
  return {
    name: `Wild Tiger #${serial}`,
    creator: 'Wild Tigers',
    description: `Wild Tiger #${serial}, one of 3,333 tigers roaming the Hedera jungle. Sandbox artwork.`,
    image: `ipfs://${SANDBOX_IMAGE_CID}/images/${serial}.svg`,
    type: 'image/svg+xml',
    ...(isVideoTiger(serial)
      ? { files: [{ uri: `ipfs://${SANDBOX_IMAGE_CID}/videos/${serial}.webm`, type: 'video/webm' as const, is_default_file: true as const }] }
      : {}),
    format: 'HIP412@2.0.0',
    properties: { edition: serial },
    attributes: (Object.keys(TRAIT_TABLES) as TraitType[]).flatMap((type) => {
      const value = traits[type];
      return value ? [{ trait_type: type, value }] : [];
    }),
  };
}

/** The URI stored on the ledger for a serial. */
export function nftMetadataUri(serial: number): string {
  return `ipfs://${SANDBOX_METADATA_CID}/${serial}.json`;
}
