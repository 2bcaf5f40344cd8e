import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Mailer } from './mail.js';
import type { RateLimits } from './rate-limit.js';
import type { Storage } from './storage.js';

/** What services need from the platform; built once in buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  limits: RateLimits;
  storage: Storage;
  log: FastifyBaseLogger;
}
