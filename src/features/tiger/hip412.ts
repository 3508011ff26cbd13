/**
 * The media of HIP-412 metadata (hashgraph/hedera-improvement-proposal HIP/hip-412.md): `image` with
 * its MIME `type`, and `files[]` of `{uri, type, is_default_file?}` that hold the full or non-image
 * media (a video, with `image` as its thumbnail). MIME types are compared in lower case, as the HIP
 * asks apps to accept any case.
 */

export interface NftMediaFile {
  /** The media's URI (usually ipfs://…). */
  uri: string;
  /** Its MIME type in lower case (`video/webm`, `image/png`), null when the metadata does not say. */
  type: string | null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function file(uri: unknown, type: unknown): NftMediaFile | undefined {
  const location = text(uri);
  return location ? { uri: location, type: text(type)?.toLowerCase() ?? null } : undefined;
}

/**
 * What to show of an NFT: the file marked `is_default_file`, else the first video in `files`, else
 * `image` (with the top-level `type`). Undefined when the metadata names no media.
 */
export function hip412Media(metadata: unknown): NftMediaFile | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const { files, image, type } = metadata as { files?: unknown; image?: unknown; type?: unknown };
  const listed = (Array.isArray(files) ? files : [])
    .filter((entry): entry is Record<string, unknown> => Boolean(entry) && typeof entry === 'object')
    .map((entry) => ({ media: file(entry.uri, entry.type), isDefault: entry.is_default_file === true }))
    .filter((entry): entry is { media: NftMediaFile; isDefault: boolean } => entry.media !== undefined);
  const chosen = listed.find((entry) => entry.isDefault) ?? listed.find((entry) => entry.media.type?.startsWith('video/'));
  return chosen?.media ?? file(image, type);
}

/** The metadata's `name`, when it has one. */
export function hip412Name(metadata: unknown): string | undefined {
  return metadata && typeof metadata === 'object' ? text((metadata as { name?: unknown }).name) : undefined;
}
