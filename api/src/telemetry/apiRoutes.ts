// The API's own routes, as the telemetry names a page's API calls (issue 35, docs/adr/0038): the
// browser replaces what looks like an id in a path it called (`/reservation/get/:id`), and the
// collector keeps only the route of this API that path is a call of, as the contract writes it
// (`/reservation/get/{id}`). A path that is no route of the API keeps no path at all: whatever a
// browser (or anyone, the collector is public) sends, what is stored is one of the API's own
// templates — never an id, a token, a name or a query.
import type { Api } from '../http/schemas';

interface Route {
  method: string;
  /** The route's segments: a literal, or null for a parameter (`:id`). */
  segments: (string | null)[];
  /** Matches any rest of the path (`*`). */
  rest: boolean;
  /** As the contract writes it: `/reservation/get/{id}`. */
  template: string;
  literals: number;
}

export interface ApiRoutes {
  /** The template of the route `method path` calls (`/reservation/get/{id}`); null: none. */
  templateOf(method: string, path: string): string | null;
}

const segmentsOf = (path: string): string[] =>
  (path.split(/[?#]/)[0] ?? '').split('/').filter((segment) => segment !== '');

/** `:id` (or `:id(^\\d+)`, `:from-:to`) → `{id}`; a literal stays. */
const templateSegment = (segment: string): string =>
  segment.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

function routeOf(method: string, url: string): Route {
  const parts = segmentsOf(url);
  const rest = parts.at(-1) === '*';
  const named = rest ? parts.slice(0, -1) : parts;
  const segments = named.map((segment) => (segment.includes(':') ? null : segment));
  return {
    method: method.toUpperCase(),
    segments,
    rest,
    template: `/${[...named.map(templateSegment), ...(rest ? ['*'] : [])].join('/')}`,
    literals: segments.filter((segment) => segment !== null).length,
  };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matches(route: Route, method: string, called: string[]): boolean {
  if (route.method !== method) return false;
  if (route.rest ? called.length < route.segments.length : called.length !== route.segments.length)
    return false;
  return route.segments.every(
    (segment, index) => segment === null || segment === decoded(called[index] ?? ''),
  );
}

/** A table of the given routes (`['GET', '/reservation/get/:id']`). */
export function apiRoutesOf(routes: Iterable<[method: string, url: string]>): ApiRoutes {
  const table = [...routes].map(([method, url]) => routeOf(method, url));
  return {
    templateOf(method, path) {
      const called = segmentsOf(path);
      const upper = method.toUpperCase();
      let best: Route | null = null;
      for (const route of table) {
        // The most literal route wins: `/listing/load` before `/listing/:id`.
        if (matches(route, upper, called) && (!best || route.literals > best.literals))
          best = route;
      }
      return best?.template ?? null;
    },
  };
}

/** Collects every route registered on `app` from now on (call it before the routes). */
export function collectApiRoutes(app: Api): ApiRoutes {
  const routes: [string, string][] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push([method, route.url]);
  });
  // Made at the first call, once every route is registered (and again if one came since).
  let table: { size: number; routes: ApiRoutes } | null = null;
  return {
    templateOf(method, path) {
      if (table?.size !== routes.length)
        table = { size: routes.length, routes: apiRoutesOf(routes) };
      return table.routes.templateOf(method, path);
    },
  };
}
