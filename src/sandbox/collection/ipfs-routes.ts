/**
 * The sandbox "IPFS gateway": generated HIP-412 JSON, SVG artwork, and the video tigers' WebM under
 * the fixed fake CIDs. tiger-video.webm (about 3 KB, VP8, 96x96, 1.2 s) was recorded once from an
 * animated canvas with Chromium's MediaRecorder; every video tiger plays it.
 */
import { readFileSync } from 'node:fs';
import { artworkSvg } from './artwork';
import { SANDBOX_IMAGE_CID, SANDBOX_METADATA_CID, isVideoTiger, tigerMetadata } from './metadata';
import { defaultSandboxNetwork, type SandboxNetwork } from '@/sandbox/ledger/sandbox-network';

export interface SandboxIpfsResponse {
  status: number;
  contentType: string;
  body: string | Buffer;
}

const METADATA_PATH = new RegExp(`^/${SANDBOX_METADATA_CID}/(\\d{1,5})\\.json$`);
const IMAGE_PATH = new RegExp(`^/${SANDBOX_IMAGE_CID}/images/(\\d{1,5})\\.svg$`);
const VIDEO_PATH = new RegExp(`^/${SANDBOX_IMAGE_CID}/videos/(\\d{1,5})\\.webm$`);
const NOT_FOUND: SandboxIpfsResponse = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found' };

let video: Buffer | undefined;

/**
 * Answers `/<metadata CID>/<N>.json` and `/<image CID>/images/<N>.svg` for serials 1..max supply,
 * and `/<image CID>/videos/<N>.webm` for the video tigers.
 */
export function handleSandboxIpfsRequest(path: string, network: SandboxNetwork = defaultSandboxNetwork): SandboxIpfsResponse {
  const metadata = METADATA_PATH.exec(path);
  const image = IMAGE_PATH.exec(path);
  const clip = VIDEO_PATH.exec(path);
  const serial = Number((metadata ?? image ?? clip)?.[1] ?? 0);
  if (serial < 1 || serial > network.nftMaxSupply) return NOT_FOUND;
  if (clip) {
    if (!isVideoTiger(serial)) return NOT_FOUND;
    video ??= readFileSync(new URL('./tiger-video.webm', import.meta.url));
    return { status: 200, contentType: 'video/webm', body: video };
  }
  return metadata
    ? { status: 200, contentType: 'application/json', body: JSON.stringify(tigerMetadata(serial)) }
    : { status: 200, contentType: 'image/svg+xml', body: artworkSvg(serial) };
}
