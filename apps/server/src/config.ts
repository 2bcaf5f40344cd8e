import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** A time limit in milliseconds: from 100 ms (tests) to an hour; never off. */
function milliseconds(fallback: number) {
  const reason = 'must be a whole number of milliseconds from 100 to 3600000';
  return z.coerce.number(reason).int(reason).min(100, reason).max(3_600_000, reason).default(fallback);
}

/**
 * Configuration from the environment. Everything has an embedded default (DESIGN §1) so that
 * `npm start` runs on a bare machine; a bad value stops the start with a one-line reason.
 */
/** A comma-separated list, its items trimmed, empty ones dropped. */
function list(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (storageOf; decision 026). */
  STORAGE_URL: z.string().min(1).optional(),
  /**
   * Free space kept on the embedded database's disk: under it, writes are refused (503) until
   * space returns, because PGlite cannot survive running out (platform/disk-space.ts). 0: off.
   */
  DISK_RESERVE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Shop Builder <no-reply@shop.local>'),
  /**
   * The dev mailbox page lists outbox mail, codes included: on by default only in embedded mode
   * without SMTP (the local quick start), never by default against PostgreSQL, never with an
   * https PUBLIC_URL; and even when on it answers only requests from this machine
   * (platform/dev-mailbox.ts).
   */
  DEV_MAILBOX: z.enum(['on', 'off']).optional(),
  /**
   * Whether X-Forwarded-For names the client (rate limits key on the client address): off when
   * clients connect directly, else the proxy hops to trust (a number) or the proxies' addresses.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(off|on|\d+|[0-9a-fA-F.:/,\s]+)$/, 'must be off, on, a hop count or proxy addresses')
    .default('off'),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Time a client has to send a whole request (headers and body: a 10 MB upload on a slow line),
   * and its headers alone. A client trickling bytes holds its connection no longer than this.
   */
  REQUEST_TIMEOUT_MS: milliseconds(120_000),
  HEADERS_TIMEOUT_MS: milliseconds(20_000),
  /**
   * How often the abandoned-checkout job runs: a reminder goes out within this of falling due.
   * The browser journeys shorten it so that one of them need not wait a minute.
   */
  ABANDONED_JOB_MS: milliseconds(60_000),
  /** Multiplies every rate limit; benchmarks raise it, nothing else should. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['on', 'off']).default('on'),
  /**
   * Custom domains (issue 15): the host merchants point their domain's CNAME at (default:
   * PUBLIC_URL's host), the IPv4 addresses a bare domain's A records may name instead, and the DNS
   * servers the checks ask ("ip" or "ip:port", comma-separated; default: the system's).
   */
  DOMAIN_TARGET: z.string().min(1).optional(),
  DOMAIN_IPS: z
    .string()
    .default('')
    .transform(list)
    .pipe(z.array(z.ipv4('DOMAIN_IPS must be IPv4 addresses separated by commas'))),
  DNS_SERVERS: z
    .string()
    .default('')
    .transform(list)
    .pipe(z.array(z.string().regex(/^[\d.]+(:\d{1,5})?$/, 'DNS_SERVERS must be ip or ip:port, comma-separated'))),
  /** The platform's staff by e-mail, comma-separated (besides those `npm run staff` named). */
  STAFF_EMAILS: z
    .string()
    .default('')
    .transform((text) => list(text).map((email) => email.toLowerCase()))
    .pipe(z.array(z.email('STAFF_EMAILS must be e-mail addresses separated by commas'))),
  MAINTENANCE: z.enum(['on', 'off']).default('off'),
  NODE_ENV: z.string().default('production'),
  /** Card payments (DESIGN §5): our hosted sandbox by default, or Epoint.az. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'epoint']).default('sandbox'),
  /** Signs the sandbox's results; set it when several processes share the work. */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  EPOINT_PUBLIC_KEY: z.string().min(1).optional(),
  EPOINT_PRIVATE_KEY: z.string().min(1).optional(),
  EPOINT_API_URL: z.url().default('https://epoint.az'),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const mailToOutbox = !env.SMTP_URL;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
      : ({
          kind: 'pglite',
          dataDir: path.join(dataDir, 'db') as string | undefined,
          /** An in-memory database may start from a dump (a tarball) instead of empty: the tests' migrated one. */
          loadDataDir: undefined as string | undefined,
        } as const),
    dataDir,
    diskReserveBytes: env.DISK_RESERVE_MB * 1024 * 1024,
    uploadsDir: path.join(dataDir, 'uploads'),
    /** Where uploads are kept: `uploadsDir` (the embedded default) or a bucket. */
    storage: env.STORAGE_URL ? storageOf(env.STORAGE_URL) : ({ kind: 'local' } as UploadStorageConfig),
    /** Visitors' files (CVs, bug reports' media): outside the web root, answered to the staff only. */
    privateDir: path.join(dataDir, 'private'),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    devMailbox:
      (env.DEV_MAILBOX ? env.DEV_MAILBOX === 'on' : mailToOutbox && !env.DATABASE_URL) &&
      !env.PUBLIC_URL?.startsWith('https://'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, headersMs: env.HEADERS_TIMEOUT_MS },
    google: {
      issuer: env.OIDC_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    },
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    abandonedJobMs: env.ABANDONED_JOB_MS,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO === 'on' && !env.DATABASE_URL,
    staffEmails: new Set(env.STAFF_EMAILS),
    domains: {
      target: (env.DOMAIN_TARGET ?? new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname).toLowerCase(),
      ips: env.DOMAIN_IPS,
      dnsServers: env.DNS_SERVERS,
    },
    maintenance: env.MAINTENANCE === 'on',
    production: env.NODE_ENV === 'production',
    /** Every answer checked against its route's schema before it is sent (tests, development; decision 015). */
    validateResponses: env.NODE_ENV !== 'production',
    payments: {
      provider: env.PAYMENT_PROVIDER,
      sandboxSecret: env.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex'),
      epoint: { publicKey: env.EPOINT_PUBLIC_KEY, privateKey: env.EPOINT_PRIVATE_KEY, apiUrl: env.EPOINT_API_URL },
    },
  };
}

/** An S3-compatible bucket the uploads live in (platform/object-storage.ts). */
export interface ObjectStorageConfig {
  kind: 's3';
  /** `http(s)://host[:port]` of the S3 API. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every key (`shop/`), so that a bucket can be shared; '' for none. */
  prefix: string;
  /** Bucket in the path (`host/bucket/key`, what S3-compatible servers take) or in the host name. */
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (AWS_ACCESS_KEY_ID …, an instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}
export type UploadStorageConfig = { kind: 'local' } | ObjectStorageConfig;

const STORAGE_URL_FORM =
  's3://key:secret@host[:port]/bucket[/prefix][?region=…&style=path|virtual] (s3+http:// without TLS)';

/**
 * STORAGE_URL → the bucket's settings. `s3://` speaks HTTPS, `s3+http://` plain HTTP (a server on
 * this machine or a private network); key and secret are URL-encoded (a secret may hold `/`).
 */
function storageOf(text: string): ObjectStorageConfig {
  const bad = (reason: string) => new ConfigError(`Bad configuration: STORAGE_URL ${reason}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad(`must be ${STORAGE_URL_FORM}`);
  }
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') throw bad(`must be ${STORAGE_URL_FORM}`);
  if (!url.hostname) throw bad(`names no host: ${STORAGE_URL_FORM}`);
  const [bucket = '', ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw bad(`names no bucket: ${STORAGE_URL_FORM}`);
  // S3's own rule for bucket names: a wrong one would only fail at the first upload.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw bad('bucket must be 3 to 63 lower-case letters, digits, dots or hyphens');
  }
  if (prefix.some((segment) => !/^[\w-]+$/.test(segment))) {
    throw bad('prefix must be path segments of letters, digits, _ and -');
  }
  if (Boolean(url.username) !== Boolean(url.password)) {
    throw bad('needs both the access key and the secret (or neither, for the SDK’s own credentials)');
  }
  for (const name of url.searchParams.keys()) {
    if (name !== 'region' && name !== 'style') throw bad(`has an unknown option "${name}" (region, style)`);
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw bad('region must be lower-case letters, digits and hyphens');
  const style = url.searchParams.get('style') ?? 'path';
  if (style !== 'path' && style !== 'virtual') throw bad('style must be path or virtual');
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw bad('has a key or secret that is not URL-encoded');
    }
  };
  return {
    kind: 's3',
    endpoint: `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`,
    region,
    bucket,
    prefix: prefix.map((segment) => `${segment}/`).join(''),
    forcePathStyle: style === 'path',
    ...(url.username
      ? { credentials: { accessKeyId: decode(url.username), secretAccessKey: decode(url.password) } }
      : {}),
  };
}

function trustProxyOf(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'off') return false;
  if (value === 'on') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return list(value);
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Bad configuration: ${issue?.path.join('.')} ${issue?.message}`);
  }
  if (parsed.data.GOOGLE_CLIENT_ID && !parsed.data.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError('Bad configuration: GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID');
  }
  if (parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    // The headers are part of the request: the request's limit would always come first.
    throw new ConfigError('Bad configuration: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  if (parsed.data.DEV_MAILBOX === 'on' && parsed.data.PUBLIC_URL?.startsWith('https://')) {
    // A public deployment must never show sign-in codes on a page.
    throw new ConfigError('Bad configuration: DEV_MAILBOX=on is refused with an https PUBLIC_URL');
  }
  if (parsed.data.PAYMENT_PROVIDER === 'epoint' && !(parsed.data.EPOINT_PUBLIC_KEY && parsed.data.EPOINT_PRIVATE_KEY)) {
    throw new ConfigError(
      'Bad configuration: EPOINT_PUBLIC_KEY and EPOINT_PRIVATE_KEY are required with PAYMENT_PROVIDER=epoint',
    );
  }
  return toConfig(parsed.data);
}

/** A configuration for tests: in-memory PGlite unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = toConfig(envSchema.parse({ LOG_LEVEL: 'silent', SEED_DEMO: 'off', NODE_ENV: 'test' }));
  return { ...base, ...overrides };
}
