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
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const [fileName, file] of Object.entries(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
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
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  // Bundled into the server build instead of loaded from node_modules at start: the icon
  // package alone is thousands of modules, and tree-shaken here it is a few.
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
  server: { port: 5173 },
  build: { chunkSizeWarningLimit: 800 },
});
