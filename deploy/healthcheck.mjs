// The images' HEALTHCHECK (Dockerfile): `node healthcheck.mjs <PORT VARIABLE>` asks the process in
// this container whether it should get traffic (GET /health/ready on the port that variable names)
// and exits 0 if it says yes, 1 if it says no, does not answer in time or is not there. Node's own
// fetch: the slim base image has no curl.
const TIMEOUT_MS = 4_000;

const variable = process.argv[2] ?? '';
const port = process.env[variable];
if (!/^\d+$/.test(port ?? '')) {
  console.error(`healthcheck: ${variable || 'the port variable'} is not a port number`);
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/health/ready`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) console.error(`healthcheck: /health/ready answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: no answer on port ${port} (${error.message})`);
  process.exit(1);
}
