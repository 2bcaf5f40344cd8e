import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Changes } from './changes.js';
import type { DiskSpaceGuard } from './disk-space.js';
import type { Mailer } from './mail.js';
import type { RateLimits } from './rate-limit.js';
import type { RootPaths } from './root-paths.js';
import type { Storage } from './storage.js';
import type { Uploads } from './uploads.js';

/** What services need from the platform; built once in buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** What the database says changed: storefront reads are kept in memory until then. */
  changes: Changes;
  mailer: Mailer;
  limits: RateLimits;
  storage: Storage;
  /** Visitors' large files (tus), kept outside the web root. */
  uploads: Uploads;
  log: FastifyBaseLogger;
  /** First path segments the server answers itself: no store may be named like one. */
  rootPaths: RootPaths;
  /** The embedded database's disk: writes wait while it is nearly full (absent on PostgreSQL). */
  disk?: DiskSpaceGuard;
}
