// The runtime (decision 013): Node.js 24 LTS is the supported one, 22 still runs quietly, an older
// one runs with a one-line warning. scripts/start.mjs, which cannot load TypeScript on Node 20,
// says the same before it builds and starts the server with --node-warned, so it is said once.

/** The one-line warning for a Node.js version past its end of life; undefined from 22 on. */
export function nodeVersionWarning(version: string): string | undefined {
  if (Number(version.split('.')[0]) >= 22) return undefined;
  return `Warning: Node.js ${version} is past its end of life and not supported: use Node.js 24 LTS.`;
}
