// Jest's order of test files: the longest first, so that no long file starts last beside an idle
// worker (docs/adr/0033-ci-time.md). Jest orders by the times it kept from the last run on this
// machine; a fresh clone (CI) has none and would order by file size, which for component tests
// says little. There, the times in test-jest-timings.json (seconds per file, from a run of
// `npm test`; `node scripts/test-jest-timings.mjs` rewrites them) stand in. A file in neither
// runs first, as jest does with a file it has never timed.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const timings = require('./test-jest-timings.json');

const root = path.join(__dirname, '..');

class TimedSequencer extends Sequencer {
  time(test) {
    const kept = super.time(test);
    if (kept != null) return kept;
    const seconds = timings[path.relative(root, test.path)];
    return seconds == null ? undefined : seconds * 1000;
  }
}

module.exports = TimedSequencer;
