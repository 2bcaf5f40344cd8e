import pg from 'pg';

/** What a listener tells: a notification, and whether it is hearing every one right now. */
export interface Hearing {
  heard(channel: string, payload: string): void;
  /**
   * false as soon as a notification may have been missed (the connection is lost); true once
   * listening again. Whatever was kept on the strength of notifications is to be dropped on both.
   */
  live(on: boolean): void;
}

export interface Listening {
  stop(): Promise<void>;
}

/** Every listening connection's name: a writer counts them in pg_stat_activity (platform/changes.ts settle). */
export const LISTENER_NAME = 'shop-changes';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/**
 * LISTEN on PostgreSQL over a connection of its own (not the pool's: a pooled client goes back
 * to other work), reconnecting after any loss — PostgreSQL restarting, pg_terminate_backend,
 * the network — with a growing pause, for as long as the process runs.
 */
export async function listenOnPostgres(url: string, channels: string[], hearing: Hearing): Promise<Listening> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    hearing.live(false);
    client.end().catch(() => {});
    if (stopped) return;
    timer = setTimeout(connect, retry);
    timer.unref();
    retry = Math.min(retry * 2, LAST_RETRY_MS);
  };

  const connect = async () => {
    if (stopped) return;
    // keepAlive: a peer gone without a word (a cut cable) is noticed by the socket, not never.
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
    current = client;
    client.on('notification', (message) => hearing.heard(message.channel, message.payload ?? ''));
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (current !== client) return;
    retry = FIRST_RETRY_MS;
    hearing.live(true);
  };

  // The first attempt is waited for: a server that starts with its database answers from its
  // caches from the first request. A failed one goes on trying in the background.
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
