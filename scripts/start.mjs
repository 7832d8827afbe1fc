// `npm start`: the compiled server (dist-server/main.js, written by `npm run build`), run by plain node.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist-server/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error(`${main} is missing: run npm run build first.`);
  process.exit(1);
}
await import(main);
