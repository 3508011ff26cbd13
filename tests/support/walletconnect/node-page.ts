/**
 * The browser page the WalletConnect adapter expects, emulated in Node (test support): importing
 * this module installs `window` (with postMessage, for wallet extensions), `document`, `location`,
 * `localStorage`, a `WebSocket` (from `ws`) that sends the WalletConnect relay URLs to the local
 * relay, and a `fetch` that is offline for every host but the loopback one.
 *
 * Import it before anything that loads a WalletConnect library: the libraries pick their
 * WebSocket class when they load.
 */
import { createRequire } from 'node:module';
import { ModalCtrl, OptionsCtrl } from '@walletconnect/modal-core';

const RELAY_URLS = /^wss:\/\/relay\.walletconnect\.(?:com|org)(?=[/?]|$)/;
const PAGE_ORIGIN = 'http://127.0.0.1:4321';

let relayTarget: string | undefined;

class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** A top-level window: postMessage dispatches a 'message' event on itself, as browsers do. */
class PageWindow extends EventTarget {
  readonly location = new URL(`${PAGE_ORIGIN}/`);
  readonly localStorage = new MemoryStorage();
  get parent(): PageWindow {
    return this;
  }
  postMessage(data: unknown): void {
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data, origin: PAGE_ORIGIN })), 0);
  }
}

type WsClass = new (url: string, protocols?: string | string[], options?: object) => object;
const WsWebSocket = createRequire(import.meta.url)('ws') as WsClass;

/** ws's client, except that the WalletConnect relay URLs lead to the local relay. */
class RoutedWebSocket extends WsWebSocket {
  constructor(url: string, protocols?: string | string[], options?: object) {
    super(relayTarget ? url.replace(RELAY_URLS, relayTarget) : url, protocols, options);
  }
}

const page = new PageWindow();
const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
const onlineFetch = globalThis.fetch;

function offlineFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (loopback.has(url.hostname)) return onlineFetch(input, init);
  return Promise.reject(new TypeError(`fetch failed: ${url.host} is not reachable from tests`));
}

function define(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

define('window', page);
define('location', page.location);
define('localStorage', page.localStorage);
// Enough for the modal's UI code to load and mount its (never rendered) element.
define(
  'document',
  Object.assign(new EventTarget(), {
    visibilityState: 'visible',
    createElement: () => ({}),
    createTreeWalker: () => ({}),
    body: { insertAdjacentElement: () => null },
  }),
);
define('WebSocket', RoutedWebSocket);
define('fetch', offlineFetch);
// No UI renders here and no wallet listing is fetched, so the QR modal counts as loaded and opens at once.
OptionsCtrl.setIsUiLoaded(true);
OptionsCtrl.setIsDataLoaded(true);

/** Sends the page's WalletConnect relay connections (wss://relay.walletconnect.com|org) to `url`. */
export function routeRelay(url: string): void {
  relayTarget = url;
}

let lastScanned: string | undefined;

/** What the user scans: waits for the WalletConnect QR modal to open and returns its wc: URI. */
export async function scanQrCode(timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const uri = OptionsCtrl.state.walletConnectUri;
    if (ModalCtrl.state.open && uri && uri !== lastScanned) {
      lastScanned = uri;
      return uri;
    }
    if (Date.now() > deadline) throw new Error('The WalletConnect modal did not open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The user closes the QR modal without scanning. */
export function closeModal(): void {
  ModalCtrl.close();
}

export interface ExtensionMetadata {
  id: string;
  name: string;
  icon: string;
}

/**
 * A wallet browser extension in the page, speaking the library's extension protocol: it answers
 * the page's query with its metadata and hands the pairing URI of a connect request to `pair`.
 * Returns how often the page asked it to open (once per request on an extension session).
 */
export function addExtension(metadata: ExtensionMetadata, pair: (uri: string) => void): { opened: () => number } {
  let opened = 0;
  page.addEventListener('message', (event) => {
    const data = (event as MessageEvent).data as { type?: unknown; pairingString?: unknown } | null;
    if (data?.type === 'hedera-extension-query')
      page.postMessage({ type: 'hedera-extension-response', metadata: { ...metadata, url: 'https://wallet.test.invalid' } });
    if (data?.type === `hedera-extension-connect-${metadata.id}` && typeof data.pairingString === 'string') pair(data.pairingString);
    if (data?.type === `hedera-extension-open-${metadata.id}`) opened += 1;
  });
  return { opened: () => opened };
}
