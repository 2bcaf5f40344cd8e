import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Brotli and gzip copies of every script and style sheet of the browser build, written once at
 * build time: the server sends the copy the browser accepts (fastify-static `preCompressed`),
 * so a phone downloads about a third of the bytes and no request pays for compressing.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    generateBundle: {
      // Last: Vite's own generateBundle still rewrites chunks (a lazy import's list of files to
      // preload replaces its __VITE_PRELOAD__ marker); copies taken before would not run.
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const [fileName, file] of Object.entries(bundle)) {
          // Vite's own manifests (.vite/) are read by the build and removed after: not served.
          if (!/\.(js|css|svg|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) continue;
          this.emitFile({
            type: 'asset',
            fileName: `${fileName}.br`,
            source: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          });
          this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(bytes, { level: 9 }) });
        }
      },
    },
  };
}

/**
 * The browser build runs on Preact's React-compatible runtime instead of React DOM: the same
 * components, a tenth of the bytes (the storefront's first-load budget; decision 008). The server
 * still renders with React; the markup is the same HTML. The dev server keeps React: its
 * dependency pre-bundling would resolve React apart from this plugin and load both runtimes.
 */
const PREACT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};
function preactInBrowser(): Plugin {
  return {
    name: 'preact-in-browser',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client') return null;
      const target = PREACT_ALIASES[source];
      if (!target) return null;
      // From this app, where Preact is installed, whoever imports React (a package hoisted to
      // the root, say); a missing Preact fails the build rather than shipping React.
      const resolved = await this.resolve(target, fileURLToPath(import.meta.url), { ...options, skipSelf: true });
      if (!resolved) this.error(`${target} is not installed (needed for ${source} from ${importer})`);
      return resolved;
    },
  };
}

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102,
 * open); its production build, beside it, differs only in leaving out the dev warnings and their
 * messages, which would otherwise ship to every browser (~2 KB of the shared chunk). The browser
 * build takes that one. The server keeps the one Node resolves: an interleaved A/B of renders with
 * the production build on the server too (a resolve hook) measured no difference (bench/README).
 */
function reactRouterProductionInBrowser(): Plugin {
  const development = '/node_modules/react-router/dist/development/';
  return {
    name: 'react-router-production-in-browser',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client' || !/^react-router(\/|$)/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(development)) return resolved;
      return { ...resolved, id: resolved.id.replace(development, '/node_modules/react-router/dist/production/') };
    },
  };
}

export default defineConfig({
  plugins: [preactInBrowser(), reactRouterProductionInBrowser(), reactRouter(), precompress()],
  // Bundled into the server build instead of loaded from node_modules at start: the icon
  // package alone is thousands of modules, and tree-shaken here it is a few.
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
  server: { port: 5173 },
  build: { chunkSizeWarningLimit: 800 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger first-load chunks (issue 16's 90 kB budget). Left to itself the
            // bundler gives each small module its own chunk whenever its set of importers is
            // unique — the root's notice, preferences, storage… eight chunks of 0.2–0.8 kB that
            // every page loads and that gzip apart, each with its own header and no shared
            // dictionary. The root's own modules are loaded by every page anyway, so one chunk
            // (with React Router, which they import) costs no page a byte; the store layout's
            // analytics and store context are loaded together by every storefront and payment
            // page. Measured on every route's first load (bench/README, "First-load chunks"):
            // 1.2–4.6 kB gzip less, none more.
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  test: /[\\/]app[\\/](ui[\\/](preferences|notice|error-fallback|not-found)|lib[\\/](api|storage|page-title))\.tsx?$/,
                },
                { name: 'store-kit', test: /[\\/]app[\\/]lib[\\/](store-context|analytics[\\/](pixels|track))\.tsx?$/ },
              ],
            },
          },
        },
      },
    },
  },
});
