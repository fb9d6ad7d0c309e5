import type { ApiConfig } from './config';
import type { Database } from './db/database';

/** What every route module is given. */
export interface AppContext {
  db: Database;
  config: ApiConfig;
}
