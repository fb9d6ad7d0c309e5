// Spans for the embedded database's queries. A PostgreSQL server is reached through `pg`, which
// @opentelemetry/instrumentation-pg traces; PGlite runs in this process and nothing traces it, so
// this wrapper gives its queries the same kind of span (named after the command, as pg's are:
// 'pglite.query:SELECT'), only inside a traced request, as pg's instrumentation is configured.
import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { Database, Sql } from '../db/database';

const tracer = trace.getTracer('hostdash-pglite');

/** The statement's first word, upper case: a low-cardinality name (never a value). */
function command(text: string): string {
  const word = /^\s*([a-z]+)/i.exec(text)?.[1];
  return word ? word.toUpperCase() : 'UNKNOWN';
}

async function traced<T>(name: string, text: string, work: () => Promise<T>): Promise<T> {
  // Outside a request (start-up, maintenance, workers) there is no trace to add to.
  if (!trace.getSpan(context.active())?.isRecording()) return work();
  return tracer.startActiveSpan(
    name,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.system.name': 'postgresql',
        'db.operation.name': command(text),
        'db.query.text': text,
      },
    },
    async (span: Span) => {
      try {
        return await work();
      } catch (error) {
        // The SQLSTATE, not the message: a message can quote the values of the row.
        const code = (error as { code?: unknown }).code;
        span.setAttribute('error.type', typeof code === 'string' ? code : 'error');
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

function tracedSql(sql: Sql): Sql {
  return {
    query<T extends object>(text: string, params?: readonly unknown[]) {
      return traced(`pglite.query:${command(text)}`, text, () => sql.query<T>(text, params));
    },
    exec: (text) => traced('pglite.exec', text, () => sql.exec(text)),
  };
}

/** `db` with spans for its queries when it is the embedded one; a server's `pg` is instrumented. */
export function tracedDatabase(db: Database): Database {
  if (db.kind !== 'pglite') return db;
  return {
    ...tracedSql(db),
    kind: db.kind,
    transaction: (work) => db.transaction((tx) => work(tracedSql(tx))),
    close: () => db.close(),
  };
}
