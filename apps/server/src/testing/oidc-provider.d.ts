// oidc-provider ships without types; the Google sign-in test uses only this much of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?(ctx: unknown, id: string): Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    features?: Record<string, { enabled: boolean }>;
    ttl?: Record<string, number>;
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
