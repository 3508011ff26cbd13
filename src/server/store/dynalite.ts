import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

export interface EmbeddedStore {
  endpoint: string;
  close(): Promise<void>;
}

/** Starts an embedded DynamoDB-compatible server (dynalite) on 127.0.0.1, keeping its data in `dir`. */
export async function startEmbeddedStore(dir: string): Promise<EmbeddedStore> {
  mkdirSync(dir, { recursive: true });
  const server: Server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => listening());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
