import { Resolver } from 'node:dns/promises';

/** The DNS answers a domain check needs; errors other than "no such record" are the resolver's. */
export interface DnsLookup {
  txt(name: string): Promise<string[]>;
  cname(name: string): Promise<string[]>;
  a(name: string): Promise<string[]>;
}

/** Answers that mean the record is not there (yet): the check says so and looks again later. */
const NOT_THERE = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

async function orNone<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (NOT_THERE.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

/**
 * A resolver asking `servers` ("ip" or "ip:port"; none: the system's), a few seconds at most,
 * names answered without a trailing dot and in lowercase.
 */
export function dnsLookup(servers: readonly string[]): DnsLookup {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  const host = (name: string) => name.toLowerCase().replace(/\.$/, '');
  return {
    // A TXT record may come in several strings of up to 255 characters: they are one value.
    txt: async (name) => (await orNone(resolver.resolveTxt(name))).map((chunks) => chunks.join('')),
    cname: async (name) => (await orNone(resolver.resolveCname(name))).map(host),
    a: (name) => orNone(resolver.resolve4(name)),
  };
}
