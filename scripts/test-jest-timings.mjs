// Rewrites scripts/test-jest-timings.json, the seconds each jest file took, which the sequencer
// (test-jest-sequencer.cjs) reads on a machine without jest's own record: a fresh clone, CI.
//   npx jest --json --outputFile /tmp/jest.json; node scripts/test-jest-timings.mjs /tmp/jest.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './builds.mjs';

const [report] = process.argv.slice(2);
if (!report) {
  console.error('Usage: node scripts/test-jest-timings.mjs <the output of jest --json>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const file = path.join(root, 'scripts/test-jest-timings.json');
const timings = JSON.parse(readFileSync(file, 'utf8'));
for (const result of testResults) {
  const seconds = (result.endTime - result.startTime) / 1000;
  timings[path.relative(root, result.name)] = Math.round(seconds * 10) / 10;
}
const sorted = Object.fromEntries(Object.entries(timings).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${testResults.length} files' times written to scripts/test-jest-timings.json.`);
