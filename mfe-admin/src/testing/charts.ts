// What the analytics page's charts (@mui/x-charts) need from jsdom. jsdom has no layout: the charts
// measure their box with a ResizeObserver, which it lacks, so they draw at no size here; what they
// draw is their tables' figures (analyticsSeries.ts), which the tests read. jest's jsdom also leaves
// out Node's structuredClone, which the charts' store uses.
import { deserialize, serialize } from 'node:v8';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function allowCharts(): void {
  Object.assign(globalThis, {
    ResizeObserver: globalThis.ResizeObserver ?? NoResizeObserver,
    structuredClone:
      globalThis.structuredClone ?? ((value: unknown): unknown => deserialize(serialize(value))),
  });
}
