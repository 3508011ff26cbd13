/** The sandbox "IPFS gateway": generated HIP-412 JSON and SVG artwork under the fixed fake CIDs. */
import { artworkSvg } from './artwork';
import { SANDBOX_IMAGE_CID, SANDBOX_METADATA_CID, tigerMetadata } from './metadata';
import { defaultSandboxNetwork, type SandboxNetwork } from '../ledger/sandbox-network';

export interface SandboxIpfsResponse {
  status: number;
  contentType: string;
  body: string;
}

const METADATA_PATH = new RegExp(`^/${SANDBOX_METADATA_CID}/(\\d{1,5})\\.json$`);
const IMAGE_PATH = new RegExp(`^/${SANDBOX_IMAGE_CID}/images/(\\d{1,5})\\.svg$`);

/** Answers `/<metadata CID>/<N>.json` and `/<image CID>/images/<N>.svg` for serials 1..max supply. */
export function handleSandboxIpfsRequest(path: string, network: SandboxNetwork = defaultSandboxNetwork): SandboxIpfsResponse {
  const metadata = METADATA_PATH.exec(path);
  const image = IMAGE_PATH.exec(path);
  const serial = Number((metadata ?? image)?.[1] ?? 0);
  if (serial < 1 || serial > network.nftMaxSupply) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found' };
  return metadata
    ? { status: 200, contentType: 'application/json', body: JSON.stringify(tigerMetadata(serial)) }
    : { status: 200, contentType: 'image/svg+xml', body: artworkSvg(serial) };
}
