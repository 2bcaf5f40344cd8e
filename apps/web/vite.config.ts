import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Bundled into the server build instead of loaded from node_modules at start: the icon
  // package alone is thousands of modules, and tree-shaken here it is a few.
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
  server: { port: 5173 },
  build: { chunkSizeWarningLimit: 800 },
});
