import { afterEach, describe, expect, it, vi } from 'vitest';
import { WALLET_MESSAGES, WalletError } from '../../../src/features/wallet/wallet-errors';
import { type LeaderClient, type LinkedSession, linkTabs } from '../../../src/features/wallet/walletconnect-tabs';

/** The browser's tabs of one origin: a BroadcastChannel between them and a Web Lock manager, with tabs that close. */
function browserTabs() {
  const channels = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    constructor(readonly name: string) {
      channels.add(this);
      created.push(this);
    }
    postMessage(data: unknown): void {
      for (const other of channels) if (other !== this && other.name === this.name) setTimeout(() => other.onmessage?.({ data: structuredClone(data) }), 0);
    }
    close(): void {
      channels.delete(this);
    }
  }
  const created: FakeChannel[] = [];
  const queue: Array<{ tab: number; grant: () => void }> = [];
  let holder: number | undefined;
  const grantNext = () => {
    const next = queue.shift();
    holder = next?.tab;
    next?.grant();
  };
  const locks = {
    request(_name: string, _options: object, callback: () => Promise<unknown>) {
      const tab = created.length - 1;
      queue.push({ tab, grant: () => void callback().catch(() => undefined) });
      if (holder === undefined) grantNext();
      return new Promise(() => undefined);
    },
  };
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  vi.stubGlobal('navigator', { locks });
  return {
    /** The tab goes (closed, or navigated away): off the channel, its lock to the next tab. */
    close(tab: number) {
      created[tab]?.close();
      const queued = queue.findIndex((entry) => entry.tab === tab);
      if (queued >= 0) queue.splice(queued, 1);
      if (holder === tab) grantNext();
    },
  };
}

const SESSION: LinkedSession = { accountId: '0.0.7001001', topic: 'session-1', expiry: Date.now() + 3_600_000 };

/** A tab's client that records what it was asked, answering requests as `answer` says. */
function fakeClient(name: string, answer: (method: string) => Promise<unknown>) {
  const asked: string[] = [];
  const start = async (): Promise<LeaderClient> => ({
    ops: {
      request: async (_accountId, _topic, method) => {
        asked.push(method);
        return answer(method);
      },
      pair: async (_extension, showUri) => {
        showUri(`wc:${name}@2`);
        return SESSION;
      },
      disconnect: async () => undefined,
    },
    sessions: () => [SESSION],
    onChange: () => undefined,
  });
  return { asked, start };
}

afterEach(() => vi.unstubAllGlobals());

describe('one WalletConnect client for all the tabs', () => {
  it("the first tab leads; another tab's requests and pairing run on the leader's client, the pairing URI shown in the asking tab", async () => {
    browserTabs();
    const first = fakeClient('first', async (method) => ({ answeredBy: 'first', method }));
    const second = fakeClient('second', async () => ({ answeredBy: 'second' }));
    const leading = await linkTabs(first.start);
    const following = await linkTabs(second.start);
    expect(following.sessions()).toEqual([SESSION]);

    expect(await following.request('0.0.7001001', 'session-1', 'hedera_signMessage', { message: 'hi' })).toEqual({
      answeredBy: 'first',
      method: 'hedera_signMessage',
    });
    const shown: string[] = [];
    expect(await following.pair(undefined, (uri) => shown.push(uri))).toEqual(SESSION);
    expect(shown).toEqual(['wc:first@2']);
    expect(await leading.request('0.0.7001001', 'session-1', 'hedera_signAndExecuteTransaction', {})).toMatchObject({ answeredBy: 'first' });
    expect(second.asked).toEqual([]);
  });

  it("passes the wallet's refusal on as the wallet sent it, and a catalogue error as that error", async () => {
    browserTabs();
    const refusing = fakeClient('first', async (method) => {
      if (method === 'refuse') throw { code: 4001, message: 'User rejected the request.' };
      throw new WalletError(WALLET_MESSAGES.sessionExpired, false, true);
    });
    await linkTabs(refusing.start);
    const following = await linkTabs(fakeClient('second', async () => null).start);
    await expect(following.request('0.0.7001001', undefined, 'refuse', {})).rejects.toEqual({ code: 4001, message: 'User rejected the request.' });
    const expired = await following.request('0.0.7001001', undefined, 'other', {}).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(WalletError);
    expect(expired).toMatchObject({ message: WALLET_MESSAGES.sessionExpired, kind: 'session-lost' });
  });

  it('when the leading tab goes, the next one leads; a request that waited on the old leader fails as unanswered (the flows then look on the ledger)', async () => {
    const tabs = browserTabs();
    const first = fakeClient('first', () => new Promise(() => undefined));
    const second = fakeClient('second', async () => ({ answeredBy: 'second' }));
    const third = fakeClient('third', async () => ({ answeredBy: 'third' }));
    await linkTabs(first.start);
    const secondTab = await linkTabs(second.start);
    const thirdTab = await linkTabs(third.start);

    const waiting = thirdTab.request('0.0.7001001', undefined, 'hedera_signAndExecuteTransaction', {}).catch((error: unknown) => error);
    await vi.waitFor(() => expect(first.asked).toEqual(['hedera_signAndExecuteTransaction']));
    tabs.close(0);
    const failure = await waiting;
    expect(failure).toBeInstanceOf(WalletError);
    expect(failure).toMatchObject({ message: WALLET_MESSAGES.connectionLost, kind: 'unanswered' });

    // The second tab now leads, for both.
    expect(await thirdTab.request('0.0.7001001', undefined, 'again', {})).toEqual({ answeredBy: 'second' });
    expect(await secondTab.request('0.0.7001001', undefined, 'again', {})).toEqual({ answeredBy: 'second' });
    expect(third.asked).toEqual([]);
  });

  it('leads at once where the browser has no Web Locks (one tab, as before)', async () => {
    vi.stubGlobal('navigator', {});
    const only = fakeClient('only', async () => 'answered');
    const link = await linkTabs(only.start);
    expect(await link.request('0.0.7001001', undefined, 'm', {})).toBe('answered');
  });
});
