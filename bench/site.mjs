// Figure (issue 17) on PostgreSQL, 2 cores: the platform's public site — the landing page, the
// blog's list and its posts, the help centre — kept by the server's page cache: ≥ 2,000 req/s with
// p99 < 20 ms. A staff member (STAFF_EMAILS) writes 24 blog posts and 16 help articles in
// Azerbaijani through the API; then autocannon asks for each page as a visitor's browser would
// (cookie language=az, gzip/br accepted). Loopback only, bounded in time, stops by itself.
import os from 'node:os';
import autocannon from 'autocannon';
import { apiClient, benchServer, cpuMeter } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET = { rps: 2000, p99: 20 };
const STAFF = 'site-bench-staff@shop.az';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

console.log(
  `load average at start: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs)`,
);
const { origin, server, cleanUp } = await benchServer({
  name: 'site',
  port: 3297,
  minutes: 5,
  env: { STAFF_EMAILS: STAFF },
});

/** A post of about 900 words in four sections, as the blog's are. */
function body(n) {
  const paragraph = `<p>${'Onlayn satış üçün mağazanızı hazırlayın, məhsulları əlavə edin və ödənişləri qəbul edin. '.repeat(12)}</p>`;
  return [1, 2, 3, 4].map((s) => `<h2>Bölmə ${n}.${s}</h2>${paragraph}${paragraph}`).join('');
}

async function measure(paths, { encoding = 'br, gzip' } = {}) {
  let i = 0;
  const requests =
    paths.length === 1
      ? [{ method: 'GET', path: paths[0] }]
      : [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }];
  const meter = cpuMeter(server.child.pid);
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        duration: SECONDS,
        connections: CONNECTIONS,
        headers: { cookie: 'language=az', 'accept-encoding': encoding, accept: 'text/html' },
        requests,
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  const cpu = meter.stop();
  const total = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuMsPerRequest: Number(((cpu.serverUserMs + cpu.serverSystemMs) / total).toFixed(3)),
  };
}

let missed = false;
try {
  const api = apiClient(origin);
  const token = await api.signUp(STAFF);
  const write = (article) => api.call('/Staff/articles', { method: 'POST', token, body: article });
  const posts = [];
  for (let n = 1; n <= 24; n++) {
    posts.push(
      await write({
        kind: 'blog',
        language: 'az',
        title: `Onlayn satışa başlamaq: ${n}-ci addım`,
        summary: 'Mağazanızı açmazdan əvvəl bilməli olduğunuz hər şey.',
        body: body(n),
        published: true,
      }),
    );
  }
  const topics = ['start', 'products', 'orders', 'payments', 'shipping', 'domains', 'design', 'account'];
  for (let n = 1; n <= 16; n++) {
    await write({
      kind: 'help',
      language: 'az',
      topic: topics[n % topics.length],
      title: `Sual ${n}: çatdırılma və ödənişlər necə işləyir`,
      body: body(n),
      published: true,
    });
  }

  const scenarios = [
    ['landing /', ['/']],
    ['blog list /blogs', ['/blogs']],
    ['blog posts, 24 URLs', posts.map((p) => `/blogs/${p.id}`)],
    ['help centre /help-center', ['/help-center']],
  ];
  const results = {};
  for (const [name, paths] of scenarios) {
    if (ONLY && !ONLY.test(name)) continue;
    // The first request of each URL renders and keeps it; the measured ones are what visitors get.
    for (const path of paths) await fetch(`${origin}${path}`, { headers: { cookie: 'language=az' } });
    const result = await measure(paths);
    const met = result.rps >= TARGET.rps && result.p99 < TARGET.p99 && result.non2xx === 0 && result.errors === 0;
    missed ||= !met;
    results[name] = result;
    console.log(
      `${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${result.serverCpuMsPerRequest} ms/request` +
        `${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}` +
        ` (target ≥ ${TARGET.rps} req/s, p99 < ${TARGET.p99} ms: ${met ? 'met' : 'NOT MET'})`,
    );
  }
  console.log(JSON.stringify(results));
} finally {
  await cleanUp();
}
process.exit(missed ? 1 : 0);
