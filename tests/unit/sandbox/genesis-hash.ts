/** Hash of everything the sandbox generates (seed, metadata, rarity); run directly to print it from a fresh process. */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { stringifyMirrorJson } from '@/features/ledger/mirror-json';
import { tigerMetadata } from '@/sandbox/collection/metadata';
import { sandboxRarity } from '@/sandbox/collection/sandbox-rarity';
import { sandboxSeed } from '@/sandbox/ledger/seed';

export function sandboxGenesisHash(): string {
  const metadata = Array.from({ length: 3333 }, (_, i) => tigerMetadata(i + 1));
  return createHash('sha256')
    .update(stringifyMirrorJson({ seed: sandboxSeed(), metadata, rarity: sandboxRarity() }))
    .digest('hex');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(sandboxGenesisHash());
