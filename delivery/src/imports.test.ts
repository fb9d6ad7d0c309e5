// The package's modules form no import cycle (registryFile, frontendDiscovery and strategies once
// imported each other), type imports included, and none reaches outside the package.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
const modules = readdirSync(SRC).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

function importsOf(file: string): string[] {
  const source = readFileSync(path.join(SRC, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)';/gms)].map(
    ([, specifier]) => specifier as string,
  );
}

function cycleFrom(start: string, graph: Map<string, string[]>): string[] | null {
  const visit = (file: string, trail: string[]): string[] | null => {
    for (const next of graph.get(file) ?? []) {
      if (next === start) return [...trail, next];
      if (!trail.includes(next)) {
        const found = visit(next, [...trail, next]);
        if (found) return found;
      }
    }
    return null;
  };
  return visit(start, [start]);
}

describe('the package’s imports', () => {
  const graph = new Map(
    modules.map((file) => [
      file,
      importsOf(file)
        .filter((specifier) => specifier.startsWith('./'))
        .map((specifier) => `${specifier.slice(2).replace(/\/index$/, '')}.ts`),
    ]),
  );

  it('form no cycle', () => {
    expect(modules.map((file) => cycleFrom(file, graph)).filter(Boolean)).toEqual([]);
  });

  it('stay inside the package', () => {
    const outside = modules.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('../'))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(outside).toEqual([]);
  });
});
