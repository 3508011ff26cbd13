import { ipfsPath } from '../../features/tiger/ipfs';
import type { MediaSource } from '../../features/tiger/thumbnail-service';
import { handleSandboxIpfsRequest } from './ipfs-routes';

/** The sandbox art's bytes, read from the sandbox IPFS gateway in process (no HTTP round trip). */
export function createSandboxMediaSource(): MediaSource {
  return async (uri) => {
    const path = ipfsPath(uri);
    if (!path) return undefined;
    const answer = handleSandboxIpfsRequest(`/${path}`);
    return answer.status === 200 ? Buffer.from(answer.body) : undefined;
  };
}
