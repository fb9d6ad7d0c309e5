// The bytes the shell's telemetry (issue 17) adds to a page, from the files the build wrote: its own
// modules inside the entry (shell/src/telemetry/*), found through each file's source map, and the
// web-vitals chunk it loads lazily. Gzip is counted as what the file costs with them minus what it
// would cost without them (gzip level 9, as the build's .gz copies), so the telemetry is charged
// only for what it adds to the compressed file, not for text it shares with its neighbours.
// Deterministic: the same build gives the same figures on any machine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Sources that are the telemetry: the shell's telemetry modules (not their tests) and web-vitals. */
const TELEMETRY_SOURCE =
  /(?:[\\/]src[\\/]telemetry[\\/](?![^\\/]*\.test\.)[^\\/]+$|[\\/]node_modules[\\/]web-vitals[\\/])/;

export interface TelemetryFileBytes {
  /** The file, relative to the build's folder (`assets/main.cacf10e8.js`). */
  name: string;
  /** The whole file loads only for the telemetry (the web-vitals chunk). */
  whole: boolean;
  raw: number;
  gzip: number;
}

export interface TelemetryBytes {
  files: TelemetryFileBytes[];
  /** The telemetry's own modules, in the files that carry other code too (the entry). */
  code: { raw: number; gzip: number };
  /** Files that are there only for the telemetry (web-vitals' chunk). */
  vitals: { raw: number; gzip: number };
  total: { raw: number; gzip: number };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source map segment: the generated column it starts at and the source index, if any. */
interface Segment {
  column: number;
  source: number | null;
}

/**
 * The `mappings` of a source map, line by line (source map v3: base64 VLQ, each field relative to
 * the previous segment's; the generated column restarts on every line).
 */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const text of line.split(',')) {
      if (!text) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const digit = BASE64.indexOf(char);
        if (digit < 0) throw new Error(`not a source map mapping: ${JSON.stringify(text)}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0]!;
      if (fields.length >= 4) source += fields[1]!;
      segments.push({ column, source: fields.length >= 4 ? source : null });
    }
    lines.push(segments);
  }
  return lines;
}

const gzipBytes = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

/**
 * The file's text with every stretch the source map attributes to `isTelemetry` sources taken out,
 * and how many bytes were taken. A segment runs to the next segment of its line.
 */
function withoutTelemetry(
  text: string,
  mappings: Segment[][],
  isTelemetry: (source: number) => boolean,
) {
  const lines = text.split('\n');
  let removed = 0;
  const kept = lines.map((line, index) => {
    const segments = mappings[index] ?? [];
    let out = '';
    let from = 0;
    segments.forEach((segment, at) => {
      if (segment.source === null || !isTelemetry(segment.source)) return;
      const end = segments[at + 1]?.column ?? line.length;
      out += line.slice(from, segment.column);
      removed += Buffer.byteLength(line.slice(segment.column, end));
      from = end;
    });
    return out + line.slice(from);
  });
  return { text: kept.join('\n'), removed };
}

/**
 * What the telemetry adds to the JS files `names` of the build in `dist` (the files a page loaded,
 * relative to `dist`). A file without a source map, or with no telemetry in it, adds nothing.
 */
export function telemetryBytes(dist: string, names: string[]): TelemetryBytes {
  const files: TelemetryFileBytes[] = [];
  for (const name of names) {
    const file = path.join(dist, name);
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const telemetry = new Set(
      map.sources.flatMap((source, index) => (TELEMETRY_SOURCE.test(source) ? [index] : [])),
    );
    if (telemetry.size === 0) continue;
    const text = readFileSync(file, 'utf8');
    const raw = Buffer.byteLength(text);
    // A file whose every source is the telemetry's loads only for it: all of it counts, with
    // webpack's wrapper around it.
    if (telemetry.size === map.sources.length) {
      files.push({ name, whole: true, raw, gzip: gzipBytes(text) });
      continue;
    }
    const rest = withoutTelemetry(text, decodeMappings(map.mappings), (source) =>
      telemetry.has(source),
    );
    files.push({
      name,
      whole: false,
      raw: rest.removed,
      gzip: gzipBytes(text) - gzipBytes(rest.text),
    });
  }
  const sum = (list: TelemetryFileBytes[]) =>
    list.reduce((total, file) => ({ raw: total.raw + file.raw, gzip: total.gzip + file.gzip }), {
      raw: 0,
      gzip: 0,
    });
  const code = sum(files.filter((file) => !file.whole));
  const vitals = sum(files.filter((file) => file.whole));
  return { files, code, vitals, total: sum(files) };
}
