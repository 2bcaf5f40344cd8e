// Figure (issue 17): a 100 MB CV upload completes with ≤ 64 MB of server memory growth. The CV
// goes as the careers page sends it — by the tus protocol to /api/Upload in 8 MB chunks
// (UPLOAD_CHUNK_BYTES) — and is then named by POST /Career, which looks at its bytes and keeps it.
// The server's resident memory (/proc/<pid>/status VmRSS) is sampled every 20 ms from before the
// upload to the application's answer. Loopback only, a fresh PostgreSQL database; three uploads.
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import { apiClient, benchServer, median } from './lib.mjs';

const MB = 1024 * 1024;
const SIZE = 100 * MB; // the largest CV the spec allows (SPEC §5)
const CHUNK = 8 * MB; // UPLOAD_CHUNK_BYTES in packages/shared/src/uploads.ts
const RUNS = 3;
const TARGET_GROWTH_MB = 64;

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

// A PDF by its bytes (%PDF … %%EOF) filled with noise: what a scanned CV of that size looks like to us.
const pdf = Buffer.alloc(SIZE);
randomFillSync(pdf);
pdf.write('%PDF-1.7\n', 0, 'latin1');
pdf.write('\n%%EOF\n', SIZE - 7, 'latin1');

const staffEmail = 'cv-bench-staff@shop.az';
const { origin, server, cleanUp } = await benchServer({
  name: 'cv_upload',
  port: 3296,
  minutes: 4,
  env: { STAFF_EMAILS: staffEmail },
});

try {
  const api = apiClient(origin);
  const staff = await api.signUp(staffEmail);
  const pid = server.child.pid;

  const meta = (fields) =>
    Object.entries(fields)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');

  async function uploadCv() {
    const created = await fetch(`${origin}/api/Upload`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': meta({ kind: 'cv', filename: 'cv.pdf' }),
      },
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const location = created.headers.get('location');
    for (let offset = 0; offset < SIZE; offset += CHUNK) {
      const response = await fetch(new URL(location, origin), {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: pdf.subarray(offset, offset + CHUNK),
      });
      if (response.status !== 204) throw new Error(`chunk at ${offset}: ${response.status} ${await response.text()}`);
    }
    return location.split('/').pop();
  }

  const results = [];
  for (let run = 1; run <= RUNS; run++) {
    const vacancy = await api.call('/Staff/vacancies', {
      method: 'POST',
      token: staff,
      body: {
        language: 'en',
        position: `Bench vacancy ${run}`,
        workHours: 'Full time',
        description: '<p>Measured.</p>',
        published: true,
      },
    });
    const applicant = await api.signUp(`cv-bench-${run}@shop.az`);
    // Let the sign-ups' garbage go before the baseline.
    await new Promise((r) => setTimeout(r, 1500));
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const started = performance.now();
    const cvUploadId = await uploadCv();
    const uploaded = performance.now();
    const receipt = await api.call('/Career', {
      method: 'POST',
      token: applicant,
      body: {
        vacancyId: vacancy.id,
        name: 'Bench',
        surname: 'Applicant',
        email: `cv-bench-${run}@shop.az`,
        phoneNumber: '+994 50 123 45 67',
        motivationLetter: 'I would like to work with you. '.repeat(20),
        cvUploadId,
      },
    });
    const applied = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const growth = peak - before;
    results.push(growth);
    console.log(
      `run ${run}: 100 MB in ${((uploaded - started) / 1000).toFixed(2)} s (${(100 / ((uploaded - started) / 1000)).toFixed(0)} MB/s), application #${receipt.number} in ${(applied - uploaded).toFixed(0)} ms; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB: growth ${growth.toFixed(1)} MB`,
    );
  }
  const worst = Math.max(...results);
  console.log(
    `memory growth per 100 MB CV: median ${median(results).toFixed(1)} MB, worst ${worst.toFixed(1)} MB (target ≤ ${TARGET_GROWTH_MB} MB) — ${worst <= TARGET_GROWTH_MB ? 'met' : 'NOT met'}`,
  );
  process.exitCode = worst <= TARGET_GROWTH_MB ? 0 : 1;
} finally {
  await cleanUp();
}
